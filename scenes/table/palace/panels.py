"""The Palace table's panels: the felt under the seats and the pile, each seat's name plate with its
status, the others' hand counts, the pile's labels, the box saying what beats the pile, the prompt and the
log (`PalacePanels`, drawn under the cards).

What they say are pure functions over an observation (`need_lines`, `seat_status`, `card_text`
and the shared `game.i18n.ordinal`), so the table's words can be checked without a window. A seat's place
once out, and the loser, are the table's memory of the events (`places`, `loser`, kept by story.py), so a
plate shows them once their moment has played, not before.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, listing, message, ntr, ordinal, plural_message, tr
from game.palace.cards import INVISIBLE, LOWER, card_label, rank_of, rank_param, rank_word
from game.palace.data import DEFAULT, PalaceData
from game.palace.rules import always_playable, power
from game.palace.view import PalaceObservation
from scenes.table.kit.moments import token
from scenes.table.kit.paint import GOLD, INK, INK_DIM, triangle_marker
from scenes.table.palace.layout import PalaceLayout, SeatArea

Line = tuple[str, tuple[int, int, int], int]  # text, colour, font size at 1920x1080
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
LOSER_RED = (226, 96, 84)
TAG_FONT = 20  # the place or "loser" on a plate, at 1920x1080
_SOURCES = {"hand": N_("plays from the hand"), "up": N_("plays face-up cards"), "down": N_("plays blind")}


def card_text(card: str | None) -> str:
    """'7♥' for '7H'; 'a card' for one this seat does not know."""
    if not card:
        return tr("a card")
    return card[:-1] + SUIT_SIGNS.get(card[-1], card[-1])


def need_lines(obs: PalaceObservation, data: PalaceData = DEFAULT) -> list[Line]:
    """What must be beaten, in words, for the box beside the pile: the rank, and why. The ranks' powers
    and the burn run are the game's card data's (`data`: a variant's, else the shipped)."""
    if obs.get("phase") == "swap":
        return [
            (tr("Swap phase"), GOLD, 30),
            (tr("swap hand and face-up cards,"), INK_DIM, 18),
            (tr("then say ready"), INK_DIM, 18),
        ]
    options = obs.get("options") or {}
    pile = obs["pile"]
    top = obs.get("top")
    invisible = {rank for rank in data.rank if power(rank, options, data) == INVISIBLE}
    counts = next((c for c in reversed(pile) if rank_of(c) not in invisible), None)
    lines: list[Line] = []
    if top is None:
        lines.append((tr("Anything goes"), GOLD, 34))
        if counts is not None:
            lines.append((_reset_words(rank_of(counts)), INK, 20))
        elif pile:
            lines.append((_only_invisible_words(invisible), INK, 20))
        else:
            lines.append((tr("the pile is empty"), INK_DIM, 20))
    else:
        lower = power(top, options, data) == LOWER
        beat = tr("Beat: {rank} or lower") if lower else tr("Beat: {rank} or higher")
        lines.append((beat.format(rank=card_label(top)), GOLD, 34))
        if lower:
            lines.append((_lower_words(top), INK, 20))
    if counts is not None and pile[-1] != counts:
        lines.append((_invisible_words(rank_of(pile[-1]), rank_of(counts)), INK, 20))
    run = 0
    for card in reversed(pile):
        if rank_of(card) != rank_of(pile[-1]):
            break
        run += 1
    if run >= 2:
        what = rank_word(rank_of(pile[-1]), run)
        lines.append((tr("{what} in a row ({n} burn)").format(what=what, n=data.burn_run), INK, 20))
    if top is not None:
        free = tuple(rank for rank in data.rank
                     if data.copies_of(rank) and always_playable(rank, options, data))
        if free:
            lines.append((_free_words(free), INK_DIM, 18))
    return lines


def _reset_words(rank: str) -> str:
    """The rank on top that reset the pile ('a 2 reset the pile')."""
    if rank == "2":
        return tr("a 2 reset the pile")
    return message("{rank:a_nom} reset the pile", rank=rank_param(rank)).text()


def _only_invisible_words(invisible: set[str]) -> str:
    if invisible == {"3"}:
        return tr("only invisible 3s lie there")
    return tr("only invisible cards lie there")


def _lower_words(rank: str) -> str:
    """Why the next play must be lower ('a 7 lies there: 7 or lower')."""
    if rank == "7":
        return tr("a 7 lies there: 7 or lower")
    return message("{rank:a_nom} lies there: {name} or lower", rank=rank_param(rank),
                   name=card_label(rank)).text()


def _invisible_words(on_top: str, counting: str) -> str:
    """The invisible card on top and the rank below that counts."""
    if on_top == "3":
        return message("the 3 on top is invisible: {rank:nom} below counts", rank=rank_param(counting)).text()
    return message("{top:nom} on top is invisible: {rank:nom} below counts", top=rank_param(on_top),
                   rank=rank_param(counting)).text()


def _free_words(free: tuple[str, ...]) -> str:
    """The ranks that go on anything ('2 and 10 always go')."""
    if free == ("2", "10"):
        return tr("2 and 10 always go")
    if free == ("2", "3", "10"):
        return tr("2, 10 or 3 always go")
    return plural_message("{ranks} always goes", "{ranks} always go", n=len(free),
                          ranks=listing(rank_param(rank) for rank in free)).text()


def seat_status(obs: PalaceObservation, seat: int, done: bool = False) -> str:
    """A seat's second plate line: cards in hand, where it plays from (or its swap), deciding (`done`:
    the seat is out or the game over, as the table was just told, while the observation still shows the
    decision before)."""
    info = obs["seats"][seat]
    deciding = obs.get("current_player") == seat and not obs.get("terminal") and not done
    bits = [tr("{count} in hand").format(count=info["hand"])]
    if obs.get("phase") == "swap":
        bits.append(tr("ready") if info.get("ready") and not deciding else tr("swapping") if deciding
                    else tr("waits"))
    elif info.get("place") is None and (source := info.get("source")):
        bits.append(tr(_SOURCES[source]))
    if deciding:
        bits.append(tr("finishing the turn") if obs.get("phase") == "redraw" else tr("decides now"))
    return " · ".join(bits)


class PalacePanels(PalaceLayout):
    """The plates, boxes and labels under the cards."""

    places: dict[int, int]  # the place of each seat out, as the events told it (PlayerOut)
    loser: int | None  # the last player left, once the game's end was told
    _tags: dict[tuple[str, tuple[int, int, int], int], pygame.Surface]  # pills by (text, colour, size)

    # -- a plate's tag: the place of a seat out, or the loser --------------------------------------
    @staticmethod
    def place_tag(place: int) -> str:
        return tr("{place} place").format(place=ordinal(place))

    @staticmethod
    def loser_tag() -> str:
        return tr("loser")

    def plate_tag(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        """What the seat's plate says of its end, in which colour (None: it still plays)."""
        place = self.places.get(seat)
        if place is not None:
            return self.place_tag(place), GOLD
        if self.loser == seat:
            return self.loser_tag(), LOSER_RED
        return None

    def tag_picture(self, text: str, colour: tuple[int, int, int], size: int) -> pygame.Surface:
        """A pill with `text` (made once per text, colour and size)."""
        key = (text, colour, size)
        if key not in self._tags:
            if len(self._tags) > 32:  # another language or window size: the old pills go
                self._tags.clear()
            self._tags[key] = token(text, size, colour)
        return self._tags[key]

    def _name_line(self, plate: pygame.Rect) -> int:
        """The height of a plate's name line: as tall as its text needs, the rest holds the status."""
        if plate.height < self.scale.font(40):
            return plate.height
        return min(plate.height // 2, self.scale.lines_height(24) + self.scale.px(10, 2))

    def tag_center(self, seat: int, text: str, colour: tuple[int, int, int]) -> tuple[float, float]:
        """Where the seat's plate shows its tag: at the right of the name line."""
        plate = self.areas[seat].plate
        pill = self.tag_picture(text, colour, self.scale.font(TAG_FONT))
        pad = self.scale.px(10, 2)
        return plate.right - pad - pill.get_width() / 2, plate.y + self._name_line(plate) / 2

    # -- drawing -----------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        for seat, area in self.areas.items():
            box = area.slots.inflate(self.margin * 2, self.margin)
            surface.blit(self.panels.get(box.size, (0, 0, 0, 55), self.scale.px(10, 2)), box.topleft)
            if not area.bottom:
                surface.blit(
                    self.panels.get(area.hand.size, (0, 0, 0, 35), self.scale.px(8, 2)), area.hand.topleft
                )
            del seat
        log = self.log_box
        if log is not None:
            surface.blit(self.panels.get(log.size, (0, 0, 0, 110), self.scale.px(8, 2)), log.topleft)
        pile = self.pile_rect
        surface.blit(self.panels.get(pile.size, (0, 0, 0, 45), self.scale.px(12, 2)), pile.topleft)

    def draw_under(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        for seat, area in self.areas.items():
            self._draw_plate(surface, seat, area)
        self._draw_hand_counts(surface)
        self._draw_pile_labels(surface)
        self._draw_need(surface)
        self._draw_prompt(surface)
        if self.log_box is not None:
            self.draw_log(surface, self.log_box)

    def _draw_hand_counts(self, surface: pygame.Surface) -> None:
        """The others' hand sizes, below their backs (in the underlay: it is composed again whenever a
        card moves, so the count follows the cards)."""
        for seat, area in self.areas.items():
            if not area.bottom and area.count is not None:
                badge = self.count_badge(len(self.model.zones.get(f"hand:{seat}", ())))
                surface.blit(badge, badge.get_rect(bottomleft=area.count.bottomleft))

    def _draw_plate(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        obs = self.obs
        plate = area.plate
        done = seat in self.places or self.loser is not None  # told, before the observation catches up
        deciding = obs.get("current_player") == seat and not obs.get("terminal") and not done
        surface.blit(self.panels.get(plate.size, (14, 18, 24, 215), self.scale.px(8, 2)), plate.topleft)
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=self.scale.px(8, 2))
            if plate.x > plate.height // 2:
                triangle_marker(surface, (plate.x - 2, plate.centery), plate.height * 0.35)
        pad = self.scale.px(10, 2)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = tr("{name} (you)").format(name=name)
        two_lines = plate.height >= self.scale.font(40)
        line_h = self._name_line(plate)
        tag = self.plate_tag(seat)
        room = plate.width - 2 * pad
        if tag is not None:
            pill = self.tag_picture(*tag, self.scale.font(TAG_FONT))
            surface.blit(pill, pill.get_rect(center=self.tag_center(seat, *tag)))
            room -= pill.get_width() + pad
        title = self.texts.fitted(name, self.scale.font(24), max(10, room), INK, True)
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        status = seat_status(self.obs, seat, done)
        if two_lines:
            room = max(1, plate.bottom - plate.y - line_h - 2)
            sub = self.texts.block(status, self.scale.font(18), max(10, plate.width - 2 * pad), room,
                                   GOLD if deciding else INK_DIM, separator=" · ")
            surface.blit(sub, (plate.x + pad, plate.y + line_h + max(0, (room - sub.get_height()) // 2)))

    def _draw_pile_labels(self, surface: pygame.Surface) -> None:
        # the counts of the cards shown (the underlay is composed again whenever a card moves): the
        # observation is of the state before the events still playing back
        shown = {zone: len(self.model.zones.get(zone, ())) for zone in ("draw", "burned", "pile")}
        pw, ph = self.pile_card
        font = self.scale.font(20)
        below = self.mid_y + ph / 2 + self.scale.px(6, 1)
        for text, (x, _) in (
            (tr("Draw pile: {count}").format(count=shown["draw"]), self.draw_at),
            (tr("Burned: {count}").format(count=shown["burned"]), self.burned_at),
        ):
            label = self.texts.fitted(text, font, round(pw * 1.8), INK_DIM)
            surface.blit(label, label.get_rect(midtop=(x, below)))
        pile = self.pile_rect
        count = shown["pile"]
        text = ntr("Pile: {n} card", "Pile: {n} cards", count).format(n=count)
        if not count:
            text = tr("The pile is empty")
        label = self.texts.fitted(text, font, pile.width, INK_DIM)
        surface.blit(label, label.get_rect(midtop=(pile.centerx, pile.bottom + 2)))

    def _draw_need(self, surface: pygame.Surface) -> None:
        box = self.need_box
        surface.blit(self.panels.get(box.size, (0, 0, 0, 70), self.scale.px(10, 2)), box.topleft)
        wanted = need_lines(self.obs, self.card_data())
        share = box.height // max(1, len(wanted))  # each line whole: wrapped in a narrow box, not cut
        lines = [
            self.texts.block(text, self.scale.font(size), box.width, share, colour, size >= 30)
            for text, colour, size in wanted
        ]
        total = sum(s.get_height() for s in lines)
        y = box.centery - total // 2
        for label in lines:
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height()

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        prompt, mine = self.prompt_text()
        self.draw_prompt(surface, prompt, mine, self.prompt_y)
