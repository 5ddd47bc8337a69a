"""Drawing of the 3 Chapters table: the plates (a seat's tokens, points and status, a ghost's pile), the
trick's slots with their names and the card winning, the draft's help, the status line, the piles, the
info box with the last trick's rewards, the rewards panel beside a trick just won and the chapter-III
sheet; and a card's hover help lines.

Everything here is drawn from the observation (and what the story room remembers of the events), never from
the engine state, in the chosen language.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core import Action
from game.i18n import Text, language, ntr, tr
from game.three_chapters.cards import ATTRIBUTES, ability_text
from game.three_chapters.data import ThreeChaptersData, shipped_data
from game.three_chapters.game import PLAY
from game.three_chapters.view import GainView
from scenes.table.kit.paint import GOLD, INK, INK_DIM, triangle_marker
from scenes.table.three_chapters.layout import LOG_FONT, Place, TableLayout
from scenes.table.three_chapters.pieces import (
    TOKENS,
    card_label,
    card_value,
    gain_pieces,
    ghost_name,
    position_name,
    render_pieces,
    token_pieces,
)
from scenes.table.three_chapters.sheet import ScoreSheet, SheetBanner, SheetPicture, score_sheet, sheet_size


@dataclass
class TrickResult:
    """A trick just won, as the rewards panel beside it shows it."""

    number: int
    winner: int  # a position
    title: Text  # who won it with which card, put into words when drawn
    gains: list[GainView]


def points_label(points: int) -> str:
    """A plate's points in the form the count asks for ("1 pt", "12 pts")."""
    return ntr("{n} pt", "{n} pts", points).format(n=points)


# -- the hover help of a card -----------------------------------------------------------------------
def card_help_lines(value: int, data: ThreeChaptersData | None = None) -> list[tuple[str, str | None]]:
    """(text, seal or None) lines: value and name, attributes, then every ability with its seal, as the
    game's card data (`data`: a variant's, else the shipped) has the card."""
    cards = (data or shipped_data()).cards
    card = cards.cards[value]
    names = cards.attribute_names
    attrs = [cards.attribute_label(a) for a in ATTRIBUTES if a in card.attributes]
    lines: list[tuple[str, str | None]] = [
        (f"{value}  {cards.name_of(value)}", None),
        (" · ".join(attrs), None),
    ]
    for ability in card.abilities:
        lines.append((ability_text(ability, names), ability.seal))
    if card.evaluate_last:
        lines.append((tr("Checked after every other player's abilities."), None))
    if not card.abilities:
        lines.append((tr("No ability: it only counts by its value."), None))
    return lines


class TablePanels(TableLayout):
    """The drawing room of the 3 Chapters table (a mixin: `ThreeChaptersTable` puts the rooms together)."""

    # what the table keeps (set up in ThreeChaptersTable.__init__)
    live_points: list[int]  # the points as the events told them so far
    #: per seat [stars, hearts, crystals, tricks won] as the plates show them: the observation's, and
    #: each reward added as it lands on the plate (moments.py)
    live_tokens: list[list[int]]
    counting: set[int]  # seats whose plate counts up now: the counter stands where the points are
    trick_result: TrickResult | None  # the trick just won (the story keeps it)
    sheet: ScoreSheet | None  # the final count, once the observation has it
    sheet_counted: bool  # the chapter-III count has been shown: the table shows its sheet from then on
    _result_cache: tuple[tuple[object, ...], pygame.Surface] | None

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        for place in self.places.values():
            surface.blit(
                self.panels.get(place.row.size, (0, 0, 0, 60), self.scale.px(8, 2)), place.row.topleft
            )
        box = self.trick_box
        surface.blit(self.panels.get(box.size, (0, 0, 0, 45), self.scale.px(14, 3)), box.topleft)
        for rect in (self.info_box, self.log_box):
            if rect is not None:
                surface.blit(self.panels.get(rect.size, (0, 0, 0, 110), self.scale.px(8, 2)), rect.topleft)

    def draw_under(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        for place in self.places.values():
            self._draw_plate(surface, place)
        self._draw_trick(surface)
        self._draw_drop_zone(surface)
        self._draw_piles(surface)
        self._draw_rows_labels(surface)
        self._draw_prompt(surface)
        self._draw_info(surface)
        if self.log_box is not None:
            self.draw_log(surface, self.log_box, LOG_FONT)

    def _draw_drop_zone(self, surface: pygame.Surface) -> None:
        """Where the card chosen now goes (a card may also be dragged there): the own row for a pick, the
        own ghost's place for a ghost pick. In chapter II the next free trick slot is lit instead."""
        if not self.legal or Action.parse(self.legal[0]).kind == PLAY:
            return
        zone = self.drop_rect()
        if zone is not None:
            width = self.scale.px(3, 1)
            pygame.draw.rect(
                surface, GOLD, zone.inflate(width * 2, width * 2), width, border_radius=self.scale.px(10, 3)
            )

    def _deciding(self, place: Place) -> bool:
        obs = self.obs
        if obs["terminal"]:
            return False
        if place.seat is None:
            return False
        return obs["current_player"] == place.seat

    def _draw_plate(self, surface: pygame.Surface, place: Place) -> None:
        plate = place.plate
        radius = self.scale.px(8, 2)
        deciding = self._deciding(place)
        surface.blit(self.panels.get(plate.size, (14, 12, 26, 215), radius), plate.topleft)
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=radius)
            if plate.x > plate.height // 2:
                triangle_marker(surface, (plate.x - 2, plate.centery), plate.height * 0.35)
        line_h, pad, two_lines = self._plate_lines(place)
        if place.seat is None:
            self._draw_ghost_plate(surface, place, line_h, pad)
            return
        seat = place.seat
        stars, hearts, crystals, tricks = self._tokens_shown(seat)
        score = self._score_label(seat)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = tr("{name} (you)").format(name=name)
        title = self.texts.fitted(
            name, self.scale.font(24), max(10, plate.width - 2 * pad - score.get_width() - 8), INK, True
        )
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        if seat not in self.counting:  # while it counts up, its counter stands here (moments.py)
            surface.blit(
                score, (plate.right - score.get_width() - pad, plate.y + (line_h - score.get_height()) // 2)
            )
        pieces = token_pieces(stars, hearts, crystals)
        pieces.append(("   " + tr("tricks {count}").format(count=tricks), INK_DIM))
        status = self._seat_status(seat)
        if status:
            pieces.append((f"  · {status}", GOLD if deciding else INK_DIM))
        line = render_pieces(self.texts, pieces, self._token_font(place))
        if line.get_width() > plate.width - 2 * pad:
            scale = (plate.width - 2 * pad) / line.get_width()
            line = pygame.transform.smoothscale(
                line, (max(1, plate.width - 2 * pad), max(1, round(line.get_height() * scale)))
            )
        y = plate.y + line_h + (line_h - line.get_height()) // 2 if two_lines else plate.bottom + 1
        if two_lines:
            surface.blit(line, (plate.x + pad, y))

    def _tokens_shown(self, seat: int) -> tuple[int, int, int, int]:
        """Stars, hearts, crystals and tricks won as the plate of `seat` shows them now."""
        if 0 <= seat < len(self.live_tokens):
            stars, hearts, crystals, tricks = self.live_tokens[seat]
            return stars, hearts, crystals, tricks
        tokens = self.obs["tokens"][seat]
        return tokens["stars"], tokens["hearts"], tokens["crystals"], tokens["tricks_won"]

    def _score_label(self, seat: int) -> pygame.Surface:
        told = seat < len(self.live_points)
        points = self.live_points[seat] if told else self.obs["tokens"][seat]["points"]
        return self.texts.render(points_label(points), self.scale.font(24), GOLD, True)

    def _token_font(self, place: Place) -> int:
        return self.scale.font(20 if place.bottom else 18)

    def _plate_lines(self, place: Place) -> tuple[int, int, bool]:
        """The plate's name line height, its padding, and whether the tokens have a line of their own."""
        pad = self.scale.px(10, 2)
        plate = place.plate
        two_lines = plate.height >= self.scale.font(40)
        # the name line as tall as its text needs: the rest of the plate holds the status
        line_h = min(plate.height // 2, self.scale.lines_height(24) + pad) if two_lines else plate.height
        return line_h, pad, two_lines

    def score_spot(self, seat: int) -> tuple[float, float] | None:
        """Where the points of `seat` stand on its plate (None: it has no plate)."""
        place = self.places.get(seat)
        if place is None or place.seat is None:
            return None
        line_h, pad, _ = self._plate_lines(place)
        score = self._score_label(seat)
        return place.plate.right - pad - score.get_width() / 2, place.plate.y + line_h / 2

    def token_spots(self, seat: int) -> dict[str, tuple[float, float]]:
        """Where each kind of token of `seat` is counted on its plate (its glyph on the tokens' line), or
        the plate's middle when the plate has no room for that line."""
        place = self.places.get(seat)
        if place is None or place.seat is None:
            return {}
        plate = place.plate
        line_h, pad, two_lines = self._plate_lines(place)
        if not two_lines:
            return dict.fromkeys(TOKENS, (float(plate.centerx), float(plate.centery)))
        stars, hearts, crystals, _ = self._tokens_shown(seat)
        size = self._token_font(place)
        spots: dict[str, tuple[float, float]] = {}
        x = float(plate.x + pad)
        y = plate.y + line_h * 1.5
        for i, (text, _colour) in enumerate(token_pieces(stars, hearts, crystals)):
            width = self.texts.render(text, size).get_width() if text else 0
            if i % 3 == 0:  # a glyph: ★, then its count and a gap, then ♥, …
                spots[TOKENS[i // 3]] = (x + width / 2, y)
            x += width
        return spots

    def _seat_status(self, seat: int) -> str:
        obs = self.obs
        if obs["terminal"]:
            return tr("wins") if seat in obs["winners"] else ""
        draft = obs["draft"]
        if obs["phase"] == "draft":
            done = draft["picked_now"][seat]
            need = draft["picks_per_round"]
            if obs["current_player"] == seat:
                return tr("choosing") if done == 0 else tr("choosing for the ghost")
            return tr("picked ✓") if done >= need else tr("waits to pick")
        if obs["current_player"] == seat:
            return tr("leads") if not obs["trick"]["plays"] else tr("plays")
        return ""

    def _draw_ghost_plate(self, surface: pygame.Surface, place: Place, line_h: int, pad: int) -> None:
        owner = place.position - self.players
        plate = place.plate
        title = self.texts.fitted(
            ghost_name(owner, self.names), self.scale.font(22), plate.width - 2 * pad, (200, 210, 240), True
        )
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        if line_h >= plate.height:
            return
        ghost = next((g for g in self.obs["ghosts"] if g["owner"] == owner), None)
        pile = ghost["pile"] if ghost else 0
        sub = tr("{count} in the pile · plays its top card · scores nothing").format(count=pile)
        room = max(1, plate.bottom - plate.y - line_h - 2)
        width = plate.width - 2 * pad
        label = self.texts.block(sub, self.scale.font(16), width, room, INK_DIM, separator=" · ")
        surface.blit(label, (plate.x + pad, plate.y + line_h + max(0, (room - label.get_height()) // 2)))
        known = self.obs["draft"]["ghost_pile"]
        if owner == self.obs["seat"] and known:
            lead = (
                tr("you gave it: {cards}") if self.obs["phase"] == "draft" else tr("still in it: {cards}")
            )
            text = lead.format(cards=" ".join(str(v) for v in known))
            label = self.texts.fitted(text, self.scale.font(15), plate.width, INK_DIM)
            surface.blit(label, (plate.x, place.hand.bottom + 2))

    def _draw_trick(self, surface: pygame.Surface) -> None:
        obs = self.obs
        box = self.trick_box
        chapter = obs["chapter"]
        status = self._status_line()
        label = self.texts.fitted(status, self.scale.font(24), box.width - 2 * self.margin, INK, True)
        at = label.get_rect(midtop=(box.centerx, box.y + self.margin // 2))
        surface.blit(label, at)
        self.keep_readable(at)  # a packet passed on flies beneath the header
        if chapter == 1:
            self._draw_draft_help(surface)
            return
        slots = self.trick_slots()
        centres = self.slot_centres()
        played = dict(enumerate(self.trick_plays))
        winning = None
        if self.trick_plays:
            winning = max(range(len(self.trick_plays)), key=lambda i: card_value(self.trick_plays[i][1]))
        result = self.trick_result
        cw, ch = self.trick_card
        font = self.scale.font(18)
        # a slot's label may take the slot's whole step, and two lines down to the trick box's bottom
        step = centres[1][0] - centres[0][0] if len(centres) > 1 else cw * 1.25
        tag_h = self.scale.lines_height(18)
        for i, centre in enumerate(centres):
            rect = pygame.Rect(0, 0, cw, ch)
            rect.center = (round(centre[0]), round(centre[1]))
            position = played[i][0] if i in played else (slots[i] if i < len(slots) else None)
            if i == winning:
                glow = rect.inflate(self.scale.px(16, 4), self.scale.px(16, 4))
                surface.blit(
                    self.panels.get(glow.size, (255, 214, 90, 150), self.scale.px(14, 3)), glow.topleft
                )
            elif i not in played:
                next_up = i == len(self.trick_plays) and not obs["terminal"]
                pygame.draw.rect(
                    surface,
                    GOLD if next_up else INK_DIM,
                    rect,
                    max(1, self.scale.px(2)),
                    border_radius=self.scale.px(10, 2),
                )
            name = position_name(position, self.players, self.names) if position is not None else ""
            colour = GOLD if i == winning else INK if i in played else INK_DIM
            room = box.bottom - rect.bottom - 3 - (tag_h if i == winning else 0)
            text = self.texts.block(
                f"{i + 1}. {name}", font, round(max(cw * 1.25, step - 4)), room, colour, i == winning
            )
            surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + 3)))
            if i == winning:  # on a line of its own: the name stays whole
                tag = self.texts.render(tr("wins") if result is not None else tr("winning"), font, GOLD, True)
                surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + 3 + text.get_height())))

    def _draw_draft_help(self, surface: pygame.Surface) -> None:
        obs = self.obs
        draft = obs["draft"]
        box = self.trick_box
        lines = [
            tr("Keep 1 card of the packet you hold, face down; the rest goes to your left."),
            tr("Then 1 more for your ghost's pile.") if self.ghosts else self._packet_words(),
            tr("Your picks become your hand in Chapter II. Hover a card to read its abilities."),
        ]
        y = box.y + self.status_h + self.margin * 2
        for line in lines:
            label = self.texts.fitted(line, self.scale.font(20), box.width - 4 * self.margin, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height() + self.margin // 2
        ring = [self.seat_name((self.bottom_seat + i) % self.players) for i in range(self.players + 1)]
        label = self.texts.fitted(
            tr("Packets go to the left: {ring}").format(ring=" → ".join(ring)),
            self.scale.font(20),
            box.width - 4 * self.margin,
            INK,
        )
        surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
        y += label.get_height() + self.margin // 2
        picked = draft["pick_counts"]
        counts = " · ".join(f"{self.seat_name(s)} {picked[s]}" for s in range(len(picked)))
        label = self.texts.fitted(
            tr("Cards kept: {counts}").format(counts=counts),
            self.scale.font(20),
            box.width - 4 * self.margin,
            INK,
        )
        surface.blit(label, label.get_rect(midtop=(box.centerx, y + self.margin)))

    def _packet_words(self) -> str:
        """What becomes of a packet in chapter I (TC-R3..TC-R5), by the card data's draft for the players
        here: how many of its cards are kept, how many leave, and whether new packets follow."""
        data = self.card_data()
        shape = data.shape(self.players)
        kept = shape.rounds * shape.picks_per_round
        left = data.packet_size - kept
        if shape.deals > 1:
            words = tr("Keep {kept} of {packet}; the other {left} leave the game. Then a new packet of "
                       "{packet}.")
            return words.format(kept=kept, packet=data.packet_size, left=left)
        if left == 1:
            return tr("The last card of each packet leaves the game.")
        if left == 0:
            return tr("Every card of each packet is kept.")
        return tr("The last {n} cards of each packet leave the game.").format(n=left)

    def _status_line(self) -> str:
        obs = self.obs
        if obs["terminal"]:
            return tr("Chapter III: the count")
        chapter = obs["chapter"]
        decider = obs["current_player"]
        who = self.seat_name(decider) if decider is not None else ""
        if chapter == 1:
            d = obs["draft"]
            head = tr("Chapter I · the draft · deal {deal} of {deals} · round {round} of {rounds}").format(
                deal=d["deal"] + 1,
                deals=d["deals"],
                round=d["round"] + 1,
                rounds=d["rounds"],
            )
            return tr("{head} · {name} chooses").format(head=head, name=who) if who else head
        trick = obs["trick"]
        total = 8 if self.players <= 3 else 7
        result = self.trick_result
        if result is not None and len(self.trick_plays) == len(self.order()):
            winner = position_name(result.winner, self.players, self.names)
            return tr("Chapter II · trick {number} of {total} · {name} wins it").format(
                number=result.number, total=total, name=winner
            )
        head = tr("Chapter II · trick {number} of {total}").format(number=trick["number"], total=total)
        if not who:
            return head
        if not trick["plays"]:
            leads = trick["leader"]
            if leads is not None and leads != decider:
                return tr("{head} · {name} plays").format(head=head, name=who)
            if obs["last_trick"]:
                return tr("{head} · {name} leads (won the last trick)").format(head=head, name=who)
            return tr("{head} · {name} leads (is the start player)").format(head=head, name=who)
        return tr("{head} · {name} plays next").format(head=head, name=who)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        font = self.scale.font(16)
        below = self.deck_at[1] + self.pile_card[1] / 2 + 2
        zones = self.model.zones  # the cards shown: the observation is of the state after the playback
        for text, at in (
            (tr("Deck {count}").format(count=len(zones.get("deck", ()))), self.deck_at),
            (tr("Out {count}").format(count=len(zones.get("out", ()))), self.out_at),
        ):
            label = self.texts.fitted(text, font, self.pile_card[0] * 2, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(at[0], below)))

    def _draw_rows_labels(self, surface: pygame.Surface) -> None:
        place = self.places.get(self.bottom_seat)
        if place is None:
            return
        chapter = self.obs["chapter"]
        text = (
            tr("Your picks (face down to the others)") if chapter == 1 else tr("Your cards in front of you")
        )
        short = tr("Picks") if chapter == 1 else tr("Cards in front")
        if not place.bottom or self.viewer is None:
            text = short
        # left of the cards, which lie centred in the row: the shorter wording, or none, as they spread
        zones = (f"picks:{self.bottom_seat}", f"display:{self.bottom_seat}")
        lefts = [pygame.Rect(s.rect).left for s in self.layer if s.shown and s.zone in zones]
        room = min(lefts, default=place.row.right) - place.row.x - self.margin * 2
        if not self.texts.fits(short, self.scale.font(15), room):
            return
        label = self.texts.fitted_first([text, short], self.scale.font(15), room, INK_DIM)
        surface.blit(label, (place.row.x + self.margin, place.row.y + 2))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        prompt, mine = self.prompt_text()
        self.draw_prompt(surface, prompt, mine, self.prompt_y, fill=(10, 10, 22, 210))

    def _draw_info(self, surface: pygame.Surface) -> None:
        box = self.info_box
        pad = self.scale.px(6, 2)
        size = self.scale.font(17)
        last = self.obs["last_trick"]
        y = box.y + pad
        if not last:
            text = (
                tr("Rewards of each trick show here") if self.obs["chapter"] == 1 else tr("No trick yet")
            )
            label = self.texts.block(text, size, box.width - 2 * pad, box.height - 2 * pad, INK_DIM)
            surface.blit(label, (box.x + pad, y))
            return
        winner = position_name(last["winner"], self.players, self.names)
        card = next((p["card"] for p in last["plays"] if p["position"] == last["winner"]), None)
        head = self.texts.block(  # whole, on two lines in a narrow box
            tr("Trick {number}: {name} won with {card}").format(
                number=last["trick"], name=winner, card=card_label(card)
            ),
            size,
            box.width - 2 * pad,
            box.height // 3,
            GOLD,
            True,
        )
        surface.blit(head, (box.x + pad, y))
        y += head.get_height() + 2
        for gain in last["gains"]:
            if y + size > box.bottom:
                break
            room = box.width - 2 * pad
            line = render_pieces(self.texts, gain_pieces(gain, self.names), size, max_width=room)
            if line.get_width() > room:  # even the smallest size is too wide: cut at the box's edge
                line = line.subsurface((0, 0, room, line.get_height()))
            surface.blit(line, (box.x + pad, y))
            y += line.get_height() + 1

    def draw_over(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        if self.trick_result is not None and self.obs["chapter"] == 2:
            self._draw_trick_result(surface, self.trick_result)
        if self.sheet is None and self.obs["terminal"] and self.obs["breakdown"]:
            self.sheet = score_sheet(self.obs, self.names, self.card_data())
        shown = self.obs["terminal"] or self.sheet_counted
        if self.sheet is not None and shown and not isinstance(self.banner, SheetBanner):
            self.draw_sheet(surface, self.sheet, self.sheet.stages)
            return

    def _draw_trick_result(self, surface: pygame.Surface, result: TrickResult) -> None:
        """The rewards of the trick just won, beside its cards (and after they went, until the next
        trick begins)."""
        box = self.result_box
        key = (result.number, language(), box.size)
        if self._result_cache is None or self._result_cache[0] != key:
            self._result_cache = (key, self._trick_result_panel(result))
        panel = self._result_cache[1]
        surface.blit(panel, panel.get_rect(midleft=(box.x, round(self.trick_y))))

    def _trick_result_panel(self, result: TrickResult) -> pygame.Surface:
        box = self.result_box
        pad = self.scale.px(10, 3)
        room = max(20, box.width - 2 * pad)
        size = self.scale.font(18)
        lines = [self.texts.fitted(tr("Trick {number}").format(number=result.number), size, room, INK_DIM)]
        lines.append(self.texts.fitted(self.in_words(result.title), size, room, GOLD, True))
        for gain in result.gains[:7]:
            line = render_pieces(self.texts, gain_pieces(gain, self.names), size, max_width=room)
            if line.get_width() > room:
                scale = room / line.get_width()
                line = pygame.transform.smoothscale(line, (room, max(1, round(line.get_height() * scale))))
            lines.append(line)
        if not result.gains:
            lines.append(self.texts.fitted(tr("no other rewards"), size, room, INK_DIM))
        width = max(s.get_width() for s in lines) + 2 * pad
        height = min(box.height, sum(s.get_height() + 2 for s in lines) + 2 * pad)
        panel = self.panels.get((width, height), (12, 10, 24, 225), self.scale.px(10, 3)).copy()
        pygame.draw.rect(
            panel, GOLD, panel.get_rect(), max(1, self.scale.px(2)), border_radius=self.scale.px(10, 3)
        )
        y = pad
        for line in lines:
            if y + line.get_height() > height - pad // 2:
                break
            panel.blit(line, (pad, y))
            y += line.get_height() + 2
        return panel

    def sheet_picture(self, sheet: ScoreSheet) -> tuple[SheetPicture, pygame.Rect]:
        """The picture of `sheet` for this window (made once per sheet, size and language) and where it
        lies."""
        w, h = self.scale.width, self.scale.height
        size = sheet_size(sheet, (w, h), self.scale.unit)
        key = (id(sheet), size, language())
        if self._sheet_cache is None or self._sheet_cache[0] != key:
            self._sheet_cache = (key, SheetPicture(self.texts, sheet, size, self.scale.unit))
        rect = pygame.Rect((0, 0), size)
        rect.center = (w // 2, round(h * 0.43))
        return self._sheet_cache[1], rect

    def draw_sheet(self, surface: pygame.Surface, sheet: ScoreSheet, stage: int) -> None:
        """The sheet with the rows of the stages up to `stage` (all of them from `sheet.stages` on)."""
        picture, rect = self.sheet_picture(sheet)
        picture.draw(surface, rect.topleft, stage)


__all__ = ["TablePanels", "TrickResult", "card_help_lines", "card_label"]
