"""The guided first game at the table: the game's own table, a lesson card over it whenever a rule first
matters (the table points at the cards concerned), and a summary at the end.

`start_guided_game(app, game_id)` opens it over the screen it was started from (the setup screen's "Learn
this game"); a lesson left midway goes on from the same step the next time. The lessons and their
triggers are headless (game/guide); here they are shown. The learner makes the real moves on the real
table.

The guided table speaks to the table kit through its hooks only (`on_caught_up` shows the next lesson,
`on_menu` opens the lesson's menu instead of the pause menu, `draw_marks` draws the pointers). A lesson card
is an overlay on the table: Esc closes it, and only it; a card under it can still be shown large (a right
click), over the lesson card. Leaving asks first, and keeps the lesson's step.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from game.guide import LEARNER, LEARNER_NAME, GuidedGame, Shown, course, placed
from game.i18n import N_, ntr, tr
from game.logs import logger
from scenes.fonts import wrap
from scenes.inspect import Inspector
from scenes.layers import Layer, LayerStack, Place
from scenes.look import CREAM, GOLD, Message, body_font, draw_panel, draw_text, px, text_scale
from scenes.scene import Host, Scene
from scenes.settings import lessons_dir
from scenes.table.kit.hint import point_at
from scenes.widgets import MenuScene

if TYPE_CHECKING:
    from scenes.table.kit.scene import TableScene

log = logger(__name__)

PAUSED = N_("Your first game waits here. Leave it, and Learn this game goes on from this step next time.")
LEAVE_TITLE = N_("Leave the lesson?")
LEAVE_TEXT = N_("Your progress is kept: Learn this game goes on from this step next time.")
WELCOME_BACK = N_("Welcome back")
GOES_ON = N_("Your first game goes on where you left it.")


class GuidedTableMixin:
    """Mixed into a game's table class (see `guided_table`): shows the guide's lessons as they come due,
    points at their cards until the learner's next move, and ends in the summary. It overrides only the
    kit's declared hooks (on_caught_up, on_menu, draw_marks)."""

    guide: GuidedGame
    home: Scene | None
    pointing: tuple[str, ...]

    def setup_guide(self, guide: GuidedGame, home: Scene | None, *, resumed: bool = False) -> None:
        self.guide = guide
        self.home = home
        self.pointing = ()
        self._pointing_at = -1
        self._due: deque[Shown] = deque()
        self._intro_shown = False
        self._resumed = resumed
        self._summary_shown = False

    # -- the kit's hooks -------------------------------------------------------------------------
    def on_caught_up(self) -> None:
        """The table is settled and in front: the next lesson that has come due, or the summary."""
        table: Any = self
        app = table.app
        if self._pointing_at != len(table.match.actions) and self.pointing and self._learner_moved():
            self.pointing = ()
        if not self._intro_shown:
            self._intro_shown = True
            if self._resumed:
                app.push(LessonScene(app, self, WELCOME_BACK, GOES_ON, ()))
            else:
                app.push(LessonScene(app, self, N_("Learn {game}"), self.guide.course.intro, (),
                                     game=table.match.game.title))
            return
        self._due.extend(self.guide.check())
        if self._due:
            shown = self._due.popleft()
            self.pointing = shown.cards
            self._pointing_at = len(table.match.actions)
            app.push(LessonScene(app, self, shown.lesson.title, shown.lesson.text, shown.cards))
            return
        if self.guide.finished() and not self._summary_shown:
            self._summary_shown = True
            GuidedGame.forget(lessons_dir(), self.guide.course.game_id)
            self.leave(then=GuideSummaryScene(app, self.guide, self.home))

    def on_menu(self) -> bool:
        """The table's Menu (and Esc at the bare table): a first game never takes the saved game's place,
        so instead of the pause menu with its Save and leave, the lesson's menu: go on, the rules, or
        leave (which asks first, and keeps the step)."""
        table: Any = self
        table.app.push(LessonScene(table.app, self, N_("Paused"), PAUSED, ()))
        return True

    def draw_marks(self, surface: pygame.Surface) -> None:
        if self.pointing:
            self.draw_pointers(surface)

    # -- pointing --------------------------------------------------------------------------------
    def _learner_moved(self) -> bool:
        table: Any = self
        return any(seat == LEARNER for seat, _ in table.match.actions[max(0, self._pointing_at):])

    def pointed_rects(self) -> list[pygame.FRect]:
        """Where the cards of the lesson now lie on the table (those the learner can see); a card the
        lesson names by where it lies only there (game.guide.at)."""
        table: Any = self
        wanted = [placed(named) for named in self.pointing]

        def meant(sprite: Any) -> bool:
            return any(card in (sprite.card, sprite.art_id) and zone in (None, sprite.zone)
                       for card, zone in wanted)

        return [sprite.rect for sprite in table.layer if sprite.shown and meant(sprite)]

    def clickable_rects(self) -> list[pygame.Rect]:
        """What the learner may click now on the table (cards, plates, names, buttons): a lesson card
        keeps clear of these as well as of the cards it points at."""
        table: Any = self
        rects: list[pygame.Rect] = []
        for target in table.targets:
            if target.uid is not None and target.uid in table.layer.sprites:
                rects.append(pygame.Rect(table.layer.sprites[target.uid].rect))
            elif target.rect is not None:
                rects.append(pygame.Rect(target.rect))
        return rects

    def draw_pointers(self, surface: pygame.Surface) -> None:
        table: Any = self
        for rect in self.pointed_rects():
            point_at(surface, pygame.Rect(rect), table.scale, table.app.time, steady=table.reduced_motion)

    # -- leaving ---------------------------------------------------------------------------------
    def keep_step(self) -> None:
        """Keep the lesson where it is, for the next "Learn this game" (a failure is logged only: the
        lesson then starts afresh next time)."""
        if self.guide.finished():
            return
        try:
            self.guide.keep(lessons_dir())
        except OSError as exc:
            log.warning("the lesson cannot be kept: %s", exc)

    def leave(self, then: Scene | None = None) -> None:
        """Back to the screen the guided game was started from (and `then` over it, e.g. the summary)."""
        table: Any = self
        app = table.app
        self.keep_step()
        while app.stack.top is not None and app.stack.top is not self.home and len(app.stack) > 1:
            app.pop()
        if then is not None:
            app.push(then)


def guided_table(game_id: str) -> type[TableScene]:
    """The game's table class with the guide mixed in."""
    from scenes.table import table_class

    base = table_class(game_id)
    return type(f"Guided{base.__name__}", (GuidedTableMixin, base), {})


def start_guided_game(app: Host, game_id: str, name: str = "", *, afresh: bool = False) -> TableScene:
    """Open the guided first game of `game_id` over the current screen, the learner seated as `name`: the
    lesson left midway, at its step, unless `afresh` (or there is none)."""
    guide = None if afresh else GuidedGame.resume(lessons_dir(), game_id)
    if afresh:
        GuidedGame.forget(lessons_dir(), game_id)
    resumed = guide is not None
    if guide is None:
        guide = GuidedGame(course(game_id), name or LEARNER_NAME)
    home = app.stack.top
    table = guided_table(game_id)(app, guide.match, to_results=False)
    table.setup_guide(guide, home, resumed=resumed)  # type: ignore[attr-defined]
    app.push(table)
    return table


class LessonScene(MenuScene):
    """A rule in plain words over the table, which stays in view and points at the cards concerned.
    `title` and `text` are the catalogue's ids (a lesson's, marked with N_), written in the chosen
    language as they are drawn; `game` fills a title's {game}."""

    opaque = False

    def __init__(self, app: Host, table: GuidedTableMixin, title: str, text: str, cards: tuple[str, ...],
                 game: str = "") -> None:
        super().__init__(app)
        self.table = table
        self.lesson_title = title
        self.text = text
        self.cards = cards
        self.game = game
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.inspector = Inspector()  # a card of the table under the lesson, shown large over it
        self.layers = LayerStack()
        self.layers.add(Layer(Place.INSPECT, self.draw_inspected, shown=self.inspector.showing,
                              modal=self.inspector.modal, handle=self.inspector.handle_event,
                              close=self.inspector.close, above_widgets=True, name="inspect"))

    def words(self) -> tuple[str, str]:
        """The title and the text in the chosen language."""
        title = tr(self.lesson_title)
        return (title.format(game=self.game) if self.game else title), tr(self.text)

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = min(w - 2 * px(16, size), px(760, size))
        font = body_font(round(20 * text_scale(size)))
        lines = wrap(self.words()[1], font, panel_w - 2 * px(24, size))
        button_h = px(44, size)
        panel_h = px(70, size) + len(lines) * font.get_linesize() + button_h + px(30, size)
        self.panel = self._place(pygame.Rect(0, 0, panel_w, min(panel_h, h - px(32, size))), size)
        gap = px(14, size)
        button_w = max(1, min(px(190, size), (panel_w - 4 * gap) // 3))
        y = self.panel.bottom - button_h - px(16, size)
        right = self.panel.right - px(20, size)
        rects = [pygame.Rect(right - (3 - i) * button_w - (2 - i) * gap, y, button_w, button_h)
                 for i in range(3)]
        self.add_button(rects[0], tr("Leave lesson"), self.leave,
                        tooltip=tr("Back to the setup screen (Esc)"))
        self.add_button(rects[1], tr("Rules"), self.rules, tooltip=tr("The rules, page by page"))
        self.add_button(rects[2], tr("Got it"), self.back, primary=True)

    def _place(self, panel: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """The panel at the top of the window, else in the middle or at the bottom: wherever it hides the
        least of the cards the lesson points at (the learner should see what it speaks of)."""
        w, h = size
        margin = px(16, size)
        pointed = self._table_rects("pointed_rects") if self.cards else []
        clickable = self._table_rects("clickable_rects")

        def hidden(top: int) -> tuple[int, int]:
            """How much of the cards pointed at, then of what may be clicked, the panel would cover."""
            spot = panel.move_to(centerx=w // 2, top=top)
            return (sum(spot.clip(r).width * spot.clip(r).height for r in pointed),
                    sum(spot.clip(r).width * spot.clip(r).height for r in clickable))

        tops = (margin, (h - panel.height) // 2, h - panel.height - margin)
        best = min(tops, key=lambda top: (*hidden(top), tops.index(top)))
        return panel.move_to(centerx=w // 2, top=max(0, best))

    def _table_rects(self, which: str) -> list[pygame.Rect]:
        """The rects the table under the lesson names (`pointed_rects`, `clickable_rects`); none from a
        table that does not say (a lesson shown over a stand-in)."""
        found = getattr(self.table, which, None)
        return [pygame.Rect(rect) for rect in found()] if callable(found) else []

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.back()

    def leave(self) -> None:
        """Leave lesson: asks first; the lesson's step is kept for next time."""
        answers = (("leave", N_("Leave")), ("stay", N_("Stay")))
        self.show_message(Message(tr(LEAVE_TITLE), tr(LEAVE_TEXT), answers), self._leave_answered)

    def _leave_answered(self, answer: str) -> None:
        if answer == "leave":
            self.table.leave()

    def back(self) -> None:
        """Esc and "Got it": this lesson card closes, and only it (the game goes on under it)."""
        if self.app.stack.top is self:
            self.app.pop()

    # -- a card of the table shown large over the lesson --------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        """A right click on a card of the table shows it large over the lesson; a card shown so takes the
        next key or click (Esc included) before the lesson's buttons do."""
        if self.layers.handle_event(event, modal_only=True):
            return True
        right_click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 3
        if right_click and not self.panel.collidepoint(event.pos):
            inspectable_at = getattr(self.table, "inspectable_at", None)
            found = inspectable_at(event.pos) if callable(inspectable_at) else None
            item = found[1]() if found is not None else None
            if item is not None:
                self.inspector.open(item, pinned=True)
                return True
        return False

    def draw_inspected(self, surface: pygame.Surface) -> None:
        self.inspector.draw(surface, self.app.art)

    def draw_above_widgets(self, surface: pygame.Surface) -> None:
        self.layers.draw(surface, above_widgets=True)

    def rules(self) -> None:
        from scenes.menus.rules import open_rules

        open_rules(self.app, self.table.guide.course.game_id)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        draw_panel(surface, self.panel, size)
        inner = self.panel.inflate(-2 * px(24, size), -2 * px(14, size))
        head = body_font(round(26 * text_scale(size)), bold=True)
        title, text = self.words()
        draw_text(surface, title, head, GOLD, topleft=inner.topleft)
        font = body_font(round(20 * text_scale(size)))
        y = inner.top + head.get_linesize() + px(8, size)
        for line in wrap(text, font, inner.width):
            draw_text(surface, line, font, CREAM, topleft=(inner.left, y), shadow=1)
            y += font.get_linesize()


class GuideSummaryScene(MenuScene):
    """What the first game taught, and where to go from here."""

    def __init__(self, app: Host, guide: GuidedGame, home: Scene | None) -> None:
        super().__init__(app)
        self.guide = guide
        self.home = home
        self.summary = guide.summary()
        self.title = self._title()
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _title(self) -> str:
        return tr("Your first game of {game}").format(game=self.guide.match.game.title)

    def on_language_changed(self) -> None:
        """The summary's words (the outcome among them) again in the new language."""
        self.summary = self.guide.summary()
        self.title = self._title()
        super().on_language_changed()

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        margin = px(20, size)
        top = px(100, size)
        button_h = px(48, size)
        self.panel = pygame.Rect(0, top, max(1, min(w - 2 * margin, px(900, size))),
                                 max(1, h - top - button_h - px(44, size)))
        self.panel.centerx = w // 2
        button_w = max(1, min(px(240, size), (w - 4 * margin) // 3))
        y = self.panel.bottom + px(18, size)
        left = w // 2 - button_w * 3 // 2 - margin
        rects = [pygame.Rect(left + i * (button_w + margin), y, button_w, button_h) for i in range(3)]
        self.add_button(rects[0], tr("Learn again"), self.again,
                        tooltip=tr("The same first game from the start"))
        self.add_button(rects[1], tr("Rules"), self.rules)
        self.add_button(rects[2], tr("Play a real game"), self.back, primary=True,
                        tooltip=tr("Back to the setup screen: choose your opponents and start"))

    def rules(self) -> None:
        from scenes.menus.rules import open_rules

        open_rules(self.app, self.guide.course.game_id)

    def again(self) -> None:
        self.app.pop()
        start_guided_game(self.app, self.guide.course.game_id, self.guide.learner_name, afresh=True)

    def lines(self) -> list[tuple[str, bool]]:
        """The summary's lines, each with whether it is a heading."""
        from scenes.table import name_text

        summary = self.summary
        outcome = name_text(self.guide.match, summary.outcome)  # the seats named as the table names them
        out = [(outcome, False), ("", False), (tr("What came up"), True)]
        out += [(f"• {tr(title)}", False) for title in summary.learnt]
        if summary.missed:
            out += [("", False), (tr("Not met this time (see the rules)"), True)]
            out += [(f"• {tr(title)}", False) for title in summary.missed]
        moves = ntr("You made {n} move.", "You made {n} moves.", summary.moves).format(n=summary.moves)
        if summary.hints:
            moves = ntr("You made {n} move, {hints} of them after a hint.",
                        "You made {n} moves, {hints} of them after a hint.", summary.moves).format(
                n=summary.moves, hints=summary.hints)
        out += [("", False), (moves, False)]
        return out

    def draw_decor(self, surface: pygame.Surface) -> None:
        super().draw_decor(surface)
        size = surface.get_size()
        draw_panel(surface, self.panel, size)
        inner = self.panel.inflate(-2 * px(24, size), -2 * px(16, size))
        text_size = round(20 * text_scale(size))
        while True:  # the whole summary in the panel: smaller text on a small window
            font, bold = body_font(text_size), body_font(text_size, bold=True)
            wrapped = [(part, heading) for text, heading in self.lines()
                       for part in (wrap(text, bold if heading else font, inner.width) if text else [""])]
            if len(wrapped) * font.get_linesize() <= inner.height or text_size <= 11:
                break
            text_size -= 1
        y = inner.top
        for text, heading in wrapped:
            if y + font.get_linesize() > inner.bottom:
                break
            draw_text(surface, text, bold if heading else font, GOLD if heading else CREAM,
                      topleft=(inner.left, y), shadow=1)
            y += font.get_linesize()
