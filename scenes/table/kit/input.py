"""What the person at the table does: clicks, drags, keys and a controller become actions only by matching
the legal targets (`find_targets`); a drop or a click on the table is answered by the table's hooks and
done here; a face-up card can be inspected; the keyboard reaches every target through `focus_items`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, final

import pygame

from game.core import KartentischError
from game.i18n import Text, tr
from scenes.focus import Focusable
from scenes.inspect import Inspectable
from scenes.table.kit.hint import HINT_KEY
from scenes.table.kit.hooks import ObsT
from scenes.table.kit.packs import PACK_SWITCH_KEY, show_chosen_pack, switch_packs
from scenes.table.kit.paint import Button
from scenes.table.kit.sprite import CardSprite
from scenes.table.kit.story import TableStory
from scenes.table.kit.targets import Answer, Play, Say, Target

TOAST_SECONDS = 1.6
DRAG_THRESHOLD = 6
LOG_WHEEL_ROWS = 2  # rows of the log one notch of the mouse wheel scrolls


class TableInput(TableStory[ObsT]):
    """Clicks, drags, keys and the inspect view."""

    @final
    def table_input(self, event: pygame.event.Event) -> bool:
        """The table layer's input: the cards, the buttons, the log and the table's keys (Esc is the
        layer's `close`, `open_menu`)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.mouse = event.pos
            self.inspect_at(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.request_undo()
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN):
                self.skip_moment()
            elif event.key == pygame.K_l:
                self.open_log()
            elif event.key == HINT_KEY:
                self.hint.ask()
            elif event.key == PACK_SWITCH_KEY and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.switch_packs()
            else:
                return False
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._on_release(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self._log_body.collidepoint(self.mouse):
            self.scroll_log(-event.y * LOG_WHEEL_ROWS)
        else:
            return False
        return True

    @final
    def announcing(self) -> bool:
        """Whether the banners layer shows something: a banner, a shown hand or a note."""
        return self.banner is not None or self.reveal is not None or self.toast is not None

    @final
    def holding(self) -> bool:
        """Whether an announcement holds the table (a banner or a shown hand: a click moves it on)."""
        return self.banner is not None or self.reveal is not None

    @final
    def banner_input(self, event: pygame.event.Event) -> bool:
        """The banners layer's input: while an announcement holds the table, a click or Enter moves it on
        and nothing under it is taken; other keys (History, Hint, Undo) still reach the table."""
        if not self.holding():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press = None
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._press = None
            self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.dismiss()
            return True
        return False

    @final
    def skip_moment(self) -> None:
        """A click or a key during a moment: its effects and the cards in flight to their end at once
        (the same end state they reach by themselves), and the playback on to its next step."""
        busy = self.moments.busy
        self.moments.finish()
        if busy:
            self.layer.finish()
        self.timeline.skip()

    @final
    def close_announcement(self) -> bool:
        """Esc over an announcement moves it on (True); a note alone lets Esc through to the table."""
        if not self.holding():
            return False
        self.dismiss()
        return True

    @final
    def open_menu(self) -> bool:
        """Esc at the bare table, the Menu button, a controller's Start: the table's own menu (`on_menu`)
        or else the pause menu."""
        self._drag = self._press = None
        if not self.on_menu():
            self.open_pause()
        return True

    @final
    def open_pause(self) -> None:
        self._drag = None
        pause = self.app.exits.pause
        if pause is not None:
            self.app.push(pause(self.app, self.match))

    @final
    def open_log(self) -> None:
        """The whole game by round, full height over the table."""
        from scenes.table.kit.log_panel import LogPanel

        self._drag = self._press = None
        self.app.push(LogPanel(self.app, self))

    @final
    def request_undo(self) -> None:
        """Take back the last decision of the person at the screen, or say in one line why not."""
        refusal = self.match.undo_refusal(self._seat_arg)
        if refusal is not None:
            self.say(self.in_words(refusal))
            return
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
            return
        self.match.undo(self._seat_arg)
        self._targets_key = None

    @final
    def switch_packs(self) -> None:
        """The B key: the table in the other art pack of the pair chosen on the setup screen, at once,
        with a note saying which (packs.py); the game is untouched."""
        self.say(switch_packs(self.app.art, self.game_id))

    @final
    def on_exit(self) -> None:
        """Off the stack: the game's chosen pack again, if the B key showed the other one."""
        super().on_exit()
        show_chosen_pack(self.app.art, self.game_id)

    @final
    def say(self, text: Text) -> None:
        """A short note over the table (a message is put into words here)."""
        self.toast = (self.in_words(text), TOAST_SECONDS)

    @final
    def _button_at(self, pos: tuple[int, int]) -> Button | None:
        for button in self.all_buttons():
            if button.rect.collidepoint(pos):
                return button
        return None

    @final
    def all_buttons(self) -> list[Button]:
        """The table's own buttons plus one per labelled target."""
        return [b for b in self.buttons if b.visible] + [
            Button(t.rect, t.label, t.action, hot=True)
            for t in self.targets
            if t.label is not None and t.rect is not None
        ]

    @final
    def target_at(self, pos: tuple[float, float]) -> Target | None:
        """The legal target under `pos`: a button first, then the topmost card, then a plate or row."""
        for target in self.targets:
            if target.label is not None and target.rect is not None and target.rect.collidepoint(pos):
                return target
        by_uid = {t.uid: t for t in self.targets if t.uid is not None}
        sprite = self.layer.hit(pos, by_uid)
        if sprite is not None:
            return by_uid[sprite.uid]
        for target in self.targets:
            if target.label is None and target.rect is not None and target.rect.collidepoint(pos):
                return target
        return None

    @final
    def click_points(self) -> list[tuple[tuple[int, int], str]]:
        """Where each legal target can be clicked, with its action (what a test clicks on)."""
        points = []
        for target in self.targets:
            if target.uid is not None:
                sprite = self.layer.sprites.get(target.uid)
                if sprite is None:
                    continue
                rect = sprite.rect
                spot = self._visible_spot(sprite)
                points.append(
                    ((round(spot[0]), round(spot[1])), target.key)
                    if spot
                    else ((round(rect.centerx), round(rect.centery)), target.key)
                )
            elif target.rect is not None:
                points.append((target.rect.center, target.key))
        return points

    @final
    def _visible_spot(self, sprite: CardSprite) -> tuple[float, float] | None:
        """A point of `sprite` that no card above it covers."""
        rect = sprite.rect
        for fx in (0.5, 0.2, 0.1, 0.8, 0.9):
            for fy in (0.5, 0.2, 0.8):
                point = (rect.x + rect.w * fx, rect.y + rect.h * fy)
                top = self.layer.hit(point)
                if top is sprite:
                    return point
        return None

    @final
    def _on_motion(self, pos: tuple[int, int]) -> None:
        self.layer.point_at(pos, self.hand_zone())  # the own hand opens under the pointer (cards.py)
        if self._drag is not None:
            sprite, offset, _ = self._drag
            sprite.center = (pos[0] + offset[0], pos[1] + offset[1])

    @final
    def _on_press(self, pos: tuple[int, int]) -> None:
        button = self._button_at(pos)
        target = None if button is not None else self.target_at(pos)
        self._press = (pos, target, button)
        if target is not None and target.draggable and target.uid in self.layer.sprites:
            sprite = self.layer.sprites[target.uid]
            sprite.flying = sprite.held = True
            self._drag = (sprite, (sprite.center[0] - pos[0], sprite.center[1] - pos[1]), target)

    @final
    def _on_release(self, pos: tuple[int, int]) -> None:
        press, self._press = self._press, None
        drag, self._drag = self._drag, None
        if drag is not None:
            sprite, _, target = drag
            sprite.flying = sprite.held = False
            moved = abs(pos[0] - press[0][0]) + abs(pos[1] - press[0][1]) if press else 0
            before = len(self.match.actions)
            if moved <= DRAG_THRESHOLD:
                self.activate(target)  # hardly moved: a click
            else:
                self.answer(self.drop(target, pos))
            if len(self.match.actions) == before:
                self.relayout(self.move_seconds)  # nothing played: back to its place
            return
        if press is None:
            return
        _, pressed, button = press
        if button is not None:
            if button.rect.collidepoint(pos) and (button.enabled or button.key == "undo"):
                self.press_button(button)  # a refused undo says why
            return
        if pressed is not None:
            if self.target_at(pos) is pressed:
                self.activate(pressed)
            return
        if self.moments.busy:
            self.skip_moment()  # a click skips a celebration to its end; it never waits for one
            return
        if self.answer(self.click_on_table(pos)):
            return
        dimmed = self.layer.hit(pos)
        if dimmed is not None and dimmed.dim and self.settled:
            reason = self.refusal(dimmed)
            if reason:
                self.say(reason)
                return
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
        elif self.legal:
            self.say(self.prompt_text()[0] or tr("That is not one of your choices now"))

    @final
    def dismiss(self) -> None:
        """A click while an announcement is up moves it on; a banner outside the playback (a panel a
        button opened) closes."""
        banner = self.banner
        if banner is not None:
            if not banner.clicked():
                return
            if banner.hold is not self.timeline.current:
                self.banner = None
                self.refresh_underlay()
                return
        self.timeline.skip()

    @final
    def press_button(self, button: Button) -> None:
        if button.key == "undo":
            self.request_undo()
        elif button.key == "menu":
            self.open_menu()
        elif button.key == "history":
            self.open_log()
        elif button.key == "hint":
            self.hint.ask()
        elif not self.on_button(button.key):
            self.act(button.key)

    @final
    def activate(self, target: Target) -> None:
        """What a click on `target` (or Enter on it) does: its action, or its selection."""
        if target.select is not None:
            self.select(target.select)
        else:
            self.act(target.action)

    @final
    def activate_by_key(self, target: Target) -> None:
        """Enter (or its number key) on a card: what a click does, except on a card picked already,
        which the key plays as a drag onto the table's drop place would (Palace: the number key picks
        the card, Enter plays it). Where that plays nothing legal (a thing with several places to go),
        the key puts it back as a click would."""
        sprite = self.layer.sprites.get(target.uid) if target.uid is not None else None
        rect = self.drop_rect()
        if target.select is not None and sprite is not None and sprite.selected and rect is not None \
                and self.settled:
            answer = self.drop(target, rect.center)
            if isinstance(answer, Play) and answer.action in self.legal:
                self.act(answer.action)
                return
        self.activate(target)

    @final
    def select(self, item: str) -> None:
        """Pick `item` up or put it back (the table's `on_select`), once the cards have settled."""
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
            return
        self.on_select(item)

    @final
    def answer(self, answer: Answer) -> bool:
        """Do what a table answered to a drop or a click (targets.py); False: it made nothing of it."""
        if not answer:
            return False
        if isinstance(answer, Play):
            self.try_action(answer.action)
        elif isinstance(answer, Say):
            self.say(answer.text)
        return True

    @final
    def try_action(self, action: str) -> None:
        """Play `action` when it is legal; otherwise say the engine's reason and change nothing."""
        if action in self.legal or not self.settled or not self.legal:
            self.act(action)
            return
        reason = self.match.refusal(action, self._seat_arg)
        self.say(reason if reason is not None else tr("That is not one of your choices now"))

    @final
    def act(self, action: str) -> None:
        """Play one of the legal actions (refused politely while anything still moves)."""
        if not self.settled:
            self.say(tr("One moment: the cards are still moving"))
            return
        if action not in self.legal:
            self.say(tr("That is not one of your choices now"))
            return
        try:
            self.match.play(action)
        except KartentischError as exc:
            self.say(str(exc))
            return
        self.set_targets([])

    @final
    def refusal(self, sprite: CardSprite) -> str | None:
        """Why the card of `sprite` cannot be played now, in one line (None: it can, or the table has
        nothing to say of it)."""
        if not self.legal or any(t.uid == sprite.uid for t in self.targets):
            return None
        action = self.card_action(sprite)
        reason = self.match.refusal(action, self._seat_arg) if action is not None else None
        if reason is None:
            prompt = self.prompt_text()[0]
            return tr("Not now: {reason}").format(reason=_lower_first(prompt)) if prompt else None
        reason = self.name_text(self.match, self.in_words(reason))
        return tr("Not now: {reason}").format(reason=reason)

    @final
    def inspectable(self, sprite: CardSprite) -> Inspectable | None:
        """`sprite` for the inspect view (None: a card face down or unknown to the person here)."""
        if sprite.card is None or sprite.art_id is None or not sprite.shown_face or not sprite.shown:
            return None
        notes = list(self.card_notes(sprite))
        why = self.refusal(sprite) if sprite.dim else None
        if why:
            notes.append(why)
        return Inspectable(("card", sprite.uid), self.game_id, sprite.art_id, pygame.Rect(sprite.rect),
                           tuple(notes))

    @final
    def inspectable_at(self, pos: tuple[int, int]) -> tuple[Any, Callable[[], Inspectable | None]] | None:
        """The inspectable card under `pos` (a shown hand's card first), as the key the view knows it by
        and how to describe it; None: no face-up card there."""
        if self.reveal is not None:
            for rect, art_id in self._reveal_spots:
                if rect.collidepoint(pos):
                    key = ("shown", art_id)
                    return key, lambda r=rect, k=key, a=art_id: Inspectable(k, self.game_id, a, r)
        sprite = self.layer.hit(pos)
        if sprite is None or sprite.flying or sprite.card is None or not sprite.shown_face:
            return None
        return ("card", sprite.uid, len(self.match.actions)), lambda: self.inspectable(sprite)

    @final
    def inspect_at(self, pos: tuple[int, int]) -> bool:
        """Show the card under `pos` large until the next key or click (a right click)."""
        found = self.inspectable_at(pos)
        item = found[1]() if found is not None else None
        if item is None:
            return False
        self.inspector.open(item, pinned=True)
        return True

    @final
    def inspect(self, sprite: CardSprite) -> None:
        """Show the card of `sprite` large until the next key or click (the focused card's I key)."""
        item = self.inspectable(sprite)
        if item is not None:
            self.inspector.open(item, pinned=True)

    @final
    def _point_at_card(self, dt: float) -> None:
        found = None
        on_screen = pygame.Rect(0, 0, *self.view_size()).collidepoint(self.mouse)
        if not self.dragging and self.in_front() and on_screen:
            found = self.inspectable_at(self.mouse)
        if found is None:
            self.inspector.point_at(None, dt, lambda: None)
            return
        describe = found[1]

        def beside_the_pointer() -> Inspectable | None:
            item = describe()
            if item is None:
                return None
            return replace(item, pointer=self.mouse, keep_clear=tuple(self.next_click_rects()),
                           rather_clear=tuple(self.rather_clear_rects(item.rect)))

        self.inspector.point_at(found[0], dt, beside_the_pointer)

    @final
    def rather_clear_rects(self, card: pygame.Rect) -> list[pygame.Rect]:
        """What a card the pointer opens large covers only where it must: the other cards (the piles),
        the plates, the log and the prompt."""
        rects = [pygame.Rect(s.rect) for s in self.layer if s.shown and not s.rect.colliderect(card)]
        rects += [r.copy() for name, r in self.panel_rects().items() if name.startswith(("plate", "log"))]
        if self.prompt_box is not None:
            rects.append(self.prompt_box.copy())
        return rects

    @final
    def next_click_rects(self) -> list[pygame.Rect]:
        """Where the next click is likely to go: the legal cards and targets, the buttons and the place a
        dragged card is dropped (a card the pointer opens large keeps clear of them)."""
        rects = [pygame.Rect(self.layer.sprites[t.uid].rect) for t in self.targets
                 if t.uid is not None and t.uid in self.layer.sprites]
        rects += [t.rect.copy() for t in self.targets if t.uid is None and t.rect is not None]
        rects += [b.rect.copy() for b in self.all_buttons()]
        drop = self.drop_rect()
        if drop is not None:
            rects.append(drop.copy())
        return rects

    @final
    def focus_items(self) -> list[Focusable]:
        """What the keyboard and a controller can reach now, in Tab order: the legal cards left to right
        (the number keys count these), the other targets, the table's buttons, then every other face-up
        card (to inspect it, or to hear why it cannot be played). Nothing while cards move or an
        announcement is up: Enter and Space then move the playback on."""
        if self.inspector.pinned or self.banner is not None or self.reveal is not None or not self.settled:
            return []
        items: list[Focusable] = []
        seen: set[Any] = set()
        cards = [(t, self.layer.sprites[t.uid]) for t in self.targets
                 if t.uid is not None and t.uid in self.layer.sprites]
        for target, sprite in sorted(cards, key=lambda ts: (ts[1].rect.y // 40, ts[1].rect.x)):
            if sprite.uid in seen:
                continue
            seen.add(sprite.uid)
            items.append(Focusable(("card", sprite.uid), pygame.Rect(sprite.rect),
                                   partial(self.activate_by_key, target), partial(self.inspect, sprite),
                                   card=True, legal=True))
        for target in self.targets:
            if target.uid is None and target.rect is not None and target.key not in seen:
                seen.add(target.key)
                items.append(Focusable(("target", target.key), target.rect.copy(),
                                       partial(self.activate, target)))
        for button in self.buttons:
            if button.visible:
                items.append(Focusable(("button", button.key), button.rect.copy(),
                                       partial(self.press_button, button)))
        others = [s for s in self.layer if s.uid not in seen and s.shown and s.shown_face and s.card]
        for sprite in sorted(others, key=lambda s: (s.rect.y // 40, s.rect.x)):
            items.append(Focusable(("card", sprite.uid), pygame.Rect(sprite.rect),
                                   partial(self._explain, sprite), partial(self.inspect, sprite),
                                   card=True))
        return items

    @final
    def _explain(self, sprite: CardSprite) -> None:
        """Enter on a card that is not offered: why not (for a dimmed one), else show it large."""
        reason = self.refusal(sprite) if sprite.dim else None
        if reason:
            self.say(reason)
        else:
            self.inspect(sprite)

    @final
    def latest_observation(self) -> ObsT:
        """The observation of the seat on screen as the match has it now (`obs`, the one drawn, waits
        until the events have played back)."""
        return self.match.observation(self._seat_arg)  # type: ignore[return-value]  # this table's game


def _lower_first(text: str) -> str:
    """A sentence that goes on after a colon: its first letter small, unless the language writes nouns
    large (German: "Nicht jetzt: Wähle eine Karte" stays as it is)."""
    from game.i18n import language

    return text if language() == "de" else text[:1].lower() + text[1:]


__all__ = ["DRAG_THRESHOLD", "LOG_WHEEL_ROWS", "TOAST_SECONDS", "TableInput"]
