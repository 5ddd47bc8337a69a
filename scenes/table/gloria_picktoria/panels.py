"""Gloria Picktoria's panels: the drawing of plates, boxes and sheets, in the chosen language.

The pure parts draw from data alone (the game's card data, a variant's or the shipped, passed in): the
Dschingis-Hahn counter (GP-R13), the scoring breakdown motif by motif (a picture of its own, made once and
then only blitted), the action point pips, and the words the table uses for places and scores.
`GloriaPanels` draws the table's own parts under the cards (the seats'
plates, noting where each one's points stand for the points that fly there, the rows' labels, the
display's and the pile's labels, the prompt line with the action points, what to do with the thing picked
up, the log) and over them (the pile's cost).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game.gloria_picktoria.cards import DH, DH_CARDS, DOUBLER, MOTIF_BY_ID, card_label, card_name
from game.gloria_picktoria.data import DEFAULT, GloriaData
from game.gloria_picktoria.scoring import (
    Breakdown,
    ScoreEntry,
    penalty_text,  # the engine's words for the minus points
)
from game.i18n import N_, Text, ntr, ordinal, ptr, seat_label, tr, words
from scenes.fonts import font, wrap
from scenes.table.gloria_picktoria.layout import GloriaLayout, SeatArea, counter_geometry, row_words
from scenes.table.kit.layout import Scale
from scenes.table.kit.paint import GOLD, INK, INK_DIM, MIN_FONT_PX, PanelCache, TextCache, triangle_marker

Colour = tuple[int, int, int]
CardArt = Callable[[str, tuple[int, int]], pygame.Surface]

STRUCK = (236, 120, 70)
LOSS = (240, 120, 110)
GAIN = (150, 226, 140)

#: what each place of a motif scoring means, in the words of the rules (GP-R9)
PLACE_WORDS: dict[str, str] = {
    "sole": N_("only collector"),
    "first": N_("longest"),
    "tied_first": N_("tied longest"),
    "second": N_("second longest"),
    "tied_second": N_("tied second: nobody"),
    "none": N_("too short"),
    "fox": N_("fox on it: out"),
}


def motif_colour(card: str | None) -> Colour:
    motif = MOTIF_BY_ID.get(card or "")
    if motif is None:
        return (200, 190, 170)
    hexa = motif.colour.lstrip("#")
    return (int(hexa[0:2], 16), int(hexa[2:4], 16), int(hexa[4:6], 16))


def item_card(item: str) -> str:
    """The card a thing picked up is ("card:<card>": that card; "doubler": the doubler)."""
    return DOUBLER if item == "doubler" else item.partition(":")[2]


def entry_text(entry: ScoreEntry, who: str) -> str:
    """One row's part of a motif scoring: 'Anna 5 · longest +3 x2 = +6'."""
    place = entry["place"]
    said = tr(PLACE_WORDS[place]) if place in PLACE_WORDS else place
    if place == "fox":
        return f"{who} {entry['length']} · {said}"
    points = entry["points"]
    base = points // 2 if entry["doubler"] else points
    text = f"{who} {entry['length']} · {said} +{base}"
    if entry["doubler"]:
        text += f" x2 = +{points}"
    return text


def scoring_title(breakdown: Breakdown, data: GloriaData = DEFAULT) -> str:
    """'Scoring 1 of 3: the 4th Genghis Rooster', in the chosen language (as many scorings as the card
    data has)."""
    place = ordinal(breakdown["dh"])  # "4th" / "4.": a variant's scorings may come at the 3rd
    if breakdown["final"]:
        return tr("Final scoring: the {place} {card}").format(place=place, card=card_label(DH))
    return tr("Scoring {scoring} of {count}: the {place} {card}").format(
        scoring=breakdown["number"], count=len(data.scoring_at), place=place, card=card_label(DH))


#: what the scoring panel says at its foot (translated where it is drawn)
SCORING_HINT = N_("click to continue")
PANEL_FILL = (12, 16, 22, 248)


def scoring_box(size: tuple[int, int], breakdown: Breakdown, scale: Scale) -> pygame.Rect:
    """Where the scoring panel lies in a window of `size`: as tall as its lines, in the middle."""
    w, h = size
    pad = scale.px(18, 4)
    line_h = max(10, scale.font(25) + scale.px(8, 2))
    penalties = breakdown["penalties"]
    count = len(breakdown["motifs"]) + (len(penalties) + 1 if penalties else 0) + 1
    box_w = min(w - 8, max(scale.px(1100, 200), int(w * 0.7)))
    box_h = min(h - 8, pad * 3 + scale.font(40) + 6 + count * line_h + scale.font(20))
    box = pygame.Rect(0, 0, max(1, box_w), max(1, box_h))
    box.center = (w // 2, h // 2)
    return box


def scoring_panel(box: pygame.Rect, scale: Scale, panels: PanelCache) -> pygame.Surface:
    """The scoring panel's empty board (kept by the panel cache: made once per size)."""
    return panels.get(box.size, PANEL_FILL, scale.px(16, 4))


def scoring_sheet(
    window: tuple[int, int],
    breakdown: Breakdown,
    names: list[str],
    scale: Scale,
    texts: TextCache,
    panels: PanelCache,
    card_art: CardArt,
    hint: str = SCORING_HINT,
    blank: pygame.Surface | None = None,
    data: GloriaData = DEFAULT,
) -> tuple[pygame.Surface, pygame.Rect]:
    """The scoring motif by motif, drawn once on a picture of its own (`blank`, a copy of the panel's
    board, when one was made ahead): who got what and why, fox rows struck out, doublers x2, the last
    scoring's minus points (at the card data's penalties) and this scoring's sum per seat. Returns the
    picture and where it lies in a window of size `window`."""
    at = scoring_box(window, breakdown, scale)
    fits = blank is not None and blank.get_size() == at.size
    sheet = blank if blank is not None and fits else scoring_panel(at, scale, panels).copy()
    box = sheet.get_rect()
    box_w = box.width
    pad = scale.px(18, 4)
    line_h = max(10, scale.font(25) + scale.px(8, 2))
    motifs = breakdown["motifs"]
    penalties = breakdown["penalties"]
    pygame.draw.rect(sheet, GOLD, box, scale.px(3), border_radius=scale.px(16, 4))
    title = texts.fitted(scoring_title(breakdown, data), scale.font(40), box_w - 2 * pad, GOLD, True)
    sheet.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
    y = box.y + pad + title.get_height() + 6
    size = scale.font(23)
    icon = (max(6, round((line_h - 4) * 0.72)), max(8, line_h - 4))
    name_w = scale.px(230, 40)
    for motif in motifs:
        if y + line_h > box.bottom - pad:
            break
        x = box.x + pad
        sheet.blit(card_art(motif["motif"], icon), (x, y + 2))
        x += icon[0] + scale.px(8, 2)
        label = texts.fitted(card_label(motif["motif"]), size, name_w, motif_colour(motif["motif"]), True)
        sheet.blit(label, (x, y + (line_h - label.get_height()) // 2))
        x += name_w + scale.px(8, 2)
        for entry in motif["entries"]:
            who = seat_label(entry["seat"], names)
            fox = entry["place"] == "fox"
            colour = STRUCK if fox else GAIN if entry["points"] > 0 else INK_DIM
            room = box.right - pad - x
            if room < scale.px(40, 10):
                break
            part = texts.fitted(entry_text(entry, who), size, room, colour, entry["points"] > 0)
            spot = (x, y + (line_h - part.get_height()) // 2)
            sheet.blit(part, spot)
            if fox:
                mid = spot[1] + part.get_height() // 2
                pygame.draw.line(sheet, STRUCK, (x, mid), (x + part.get_width(), mid), max(1, size // 12))
            x += part.get_width() + scale.px(26, 6)
        y += line_h
    if not motifs and y + line_h <= box.bottom - pad:
        none = texts.fitted(tr("No motif lies on the table yet: nobody scores"), size, box_w - 2 * pad,
                            INK_DIM)
        sheet.blit(none, (box.x + pad, y))
        y += line_h
    if penalties and y + line_h <= box.bottom - pad:
        head = texts.fitted(tr("Minus points of the last scoring"), size, box_w - 2 * pad, LOSS, True)
        sheet.blit(head, (box.x + pad, y))
        y += line_h
        for row in penalties:
            if y + line_h > box.bottom - pad:
                break
            colour = LOSS if row["points"] else GAIN if row.get("lone_under_fox") else INK_DIM
            line = texts.fitted(words(penalty_text(row, data), names), size, box_w - 2 * pad, colour)
            sheet.blit(line, (box.x + pad * 2, y))
            y += line_h
    sums = ", ".join(f"{seat_label(s, names)} {p:+d}" for s, p in enumerate(breakdown["points"]))
    if y + line_h <= box.bottom:
        sum_line = tr("This scoring: {points}").format(points=sums)
        total = texts.fitted(sum_line, scale.font(26), box_w - 2 * pad, INK, True)
        sheet.blit(total, (box.x + pad, y + 2))
    tail = texts.render(tr(hint), scale.font(18), INK_DIM)
    sheet.blit(tail, tail.get_rect(midbottom=(box.centerx, box.bottom - 4)))
    return sheet, at


def draw_counter(
    surface: pygame.Surface,
    box: pygame.Rect,
    dh: Mapping[str, Any],
    scale: Scale,
    texts: TextCache,
    panels: PanelCache,
    scoring_at: tuple[int, ...] = DEFAULT.scoring_at,
) -> None:
    """The Dschingis-Hahn track below the middle cards: a pip per card (10 shipped), marks at the cards
    that start a scoring (`scoring_at`: 4 / 7 / 10 shipped), the next scoring."""
    surface.blit(panels.get(box.size, (0, 0, 0, 120), scale.px(10, 3)), box.topleft)
    middle = int(dh.get("middle", 0))
    total = int(dh.get("total", DH_CARDS))
    nxt = dh.get("next_scoring")
    g = counter_geometry(box, scale, total)
    # the full wording where it fits, measured: the text shrinks more slowly than the box
    dh_name = card_label(DH)
    heads = [tr("{card} in the middle: {n} of {total}").format(card=dh_name, n=middle, total=total),
             f"{dh_name} {middle}/{total}"]
    label = texts.fitted_first(heads, scale.font(22), box.width - 2 * g.pad, GOLD, True)
    surface.blit(label, (box.x + g.pad, g.head_y))
    if nxt is not None:
        more = nxt - middle
        if more > 1:
            line = ntr("Scoring at the {place}: {n} more to come",
                       "Scoring at the {place}: {n} more to come", more).format(place=ordinal(nxt), n=more)
        else:
            line = tr("Scoring at the {place}: the next one!").format(place=ordinal(nxt))
    else:
        done = len(scoring_at)
        line = ntr("{n} scoring done", "All {n} scorings done", done).format(n=done)
    sub = texts.fitted(line, scale.font(19), box.width - 2 * g.pad, INK if nxt else INK_DIM)
    surface.blit(sub, (box.x + g.pad, g.sub_y))
    r = g.pip_r
    for i in range(1, total + 1):
        cx = round(box.x + g.pad + g.step * (i - 0.5))
        scoring = i in scoring_at
        filled = i <= middle
        colour = GOLD if filled else (70, 70, 64)
        if scoring:
            pygame.draw.circle(
                surface, GOLD if filled else (200, 60, 40), (cx, g.track_y), r + max(2, r // 3)
            )
            pygame.draw.circle(surface, (20, 20, 20), (cx, g.track_y), r + max(1, r // 6))
        pygame.draw.circle(surface, colour, (cx, g.track_y), r)
        if scoring:
            num = texts.render(str(i), max(9, round(r * 1.2)), (20, 20, 20) if filled else INK, True)
            surface.blit(num, num.get_rect(center=(cx, g.track_y)))
        if nxt == i:
            pygame.draw.circle(surface, INK, (cx, g.track_y), r + max(3, r // 2), max(1, r // 5))


def ap_pips(surface: pygame.Surface, left: int, cy: int, ap: int, r: int, total: int = 3) -> int:
    """Action points left as filled pips; returns the right edge."""
    x = left + r
    for i in range(total):
        pygame.draw.circle(surface, GOLD if i < ap else (60, 60, 56), (x, cy), r)
        pygame.draw.circle(surface, (20, 20, 20), (x, cy), r, max(1, r // 4))
        x += r * 2 + max(2, r // 2)
    return x - r


class GloriaPanels(GloriaLayout):
    """The table's plates, labels and lines, drawn under the cards and over them."""

    # what the table keeps (set up in GloriaPicktoriaTable.__init__)
    picked: str | None  # "card:<card>", "doubler" or "fox": in the player's hand now (table.py)
    turn_reason: tuple[int, Text] | None  # the last turn change: (seat, why it has the turn), story.py
    live_scores: list[int]  # the points as the events played back so far show them (story.py)
    drawn_lines: dict[str, pygame.Rect]  # the prompt's pill and the AP line, as last drawn
    score_spots: dict[int, pygame.Rect]  # where each plate's points were last drawn (points fly there)
    _cost_badges: dict[int, pygame.Surface]

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(
            self.panels.get(self.log_rect.size, (0, 0, 0, 110), self.scale.px(8, 2)), self.log_rect.topleft
        )
        for area in self.areas.values():
            surface.blit(
                self.panels.get(area.rows.size, (0, 0, 0, 50), self.scale.px(8, 2)), area.rows.topleft
            )

    def draw_under(self, surface: pygame.Surface) -> None:
        obs = self.obs
        if not obs:
            return
        draw_counter(surface, self.counter_box, self.live_dh(), self.scale, self.texts, self.panels,
                     self.card_data().scoring_at)
        self.score_spots = {}
        for seat, area in self.areas.items():
            self._draw_plate(surface, seat, area)
            self._draw_row_labels(surface, seat)
        self._draw_centre_labels(surface)
        self._draw_prompt(surface)
        self._draw_hint(surface)
        self.draw_log(surface, self.log_rect)

    def live_dh(self) -> dict[str, Any]:
        """The counter as the cards played back so far show it (the observation is a step ahead while
        they fly)."""
        middle = len(self.model.zones.get("middle", ()))
        return {
            "middle": middle,
            "total": self.obs["dh"]["total"],
            "next_scoring": next((t for t in self.card_data().scoring_at if t > middle), None),
        }

    def _draw_plate(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        obs = self.obs
        plate = area.plate
        deciding = obs.get("current_player") == seat and not obs.get("terminal")
        surface.blit(self.panels.get(plate.size, (14, 18, 24, 215), self.scale.px(8, 2)), plate.topleft)
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=self.scale.px(8, 2))
            if plate.x > plate.height // 3:
                triangle_marker(surface, (plate.x - 1, plate.centery), min(plate.height * 0.35, plate.x))
        pad = self.scale.px(10, 2)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = ptr("seat plate", "{name} (you)").format(name=name)
        points = self.live_scores[seat] if seat < len(self.live_scores) else int(obs["scores"][seat])
        score = self.texts.render(ntr("{n} pt", "{n} pts", points).format(n=points), self.scale.font(24),
                                  GOLD, True)
        right = (
            round(area.doubler_at[0] - area.hand_card[0] * 0.6) if not area.bottom else plate.right
        ) - pad
        score_at = (right - score.get_width(), plate.y + pad // 2)
        if area.bottom:
            line_h = plate.height // 2
            title = self.texts.fitted(
                name, self.scale.font(24), max(10, plate.width - score.get_width() - pad * 3), INK, True
            )
            surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
            self._blit_score(surface, seat, score, (right - score.get_width(),
                                                    plate.y + (line_h - score.get_height()) // 2))
            bits = [tr("{n} in hand").format(n=obs["hand_sizes"][seat])]
            bits.append(tr("doubler ready") if obs["doubler_in_hand"][seat] else tr("doubler laid"))
            if deciding:
                bits.insert(0, tr("your turn") if seat == self.viewer else tr("decides now"))
            room = max(1, plate.bottom - plate.y - line_h - 2)
            sub = self.texts.block(" · ".join(bits), self.scale.font(18), plate.width - 2 * pad, room,
                                   GOLD if deciding else INK_DIM, separator=" · ")
            surface.blit(sub, (plate.x + pad, plate.y + line_h + max(0, (room - sub.get_height()) // 2)))
            return
        room = max(10, right - score.get_width() - pad - plate.x - pad)
        colour = GOLD if deciding else INK
        stacked = area.hand.y > plate.y or not self.texts.fits(name, self.scale.font(22), room, True) and (
            plate.height >= font(self.scale.font(22), True).get_linesize() + score.get_height())
        if stacked:  # a narrow plate: the name above, the points below it, both at the left
            width = max(10, (plate.right if area.hand.y > plate.y else right) - plate.x - 2 * pad)
            title = self.texts.fitted(name, self.scale.font(22), width, colour, True)
            top = plate.y + (plate.height - title.get_height() - score.get_height()) // 2
            surface.blit(title, (plate.x + pad, top))
            self._blit_score(surface, seat, score, (plate.x + pad, top + title.get_height()))
        else:
            title = self.texts.fitted(name, self.scale.font(22), room, colour, True)
            surface.blit(title, (plate.x + pad, plate.centery - title.get_height() // 2))
            if score_at[0] > plate.x + pad + title.get_width():
                self._blit_score(surface, seat, score, (score_at[0], plate.centery - score.get_height() // 2))
        count = self.texts.render(str(obs["hand_sizes"][seat]), self.scale.font(18), INK, True)
        box = count.get_rect(bottomright=(plate.right - 2, plate.bottom - 1)).inflate(6, 0)
        surface.blit(self.panels.get(box.size, (0, 0, 0, 200), box.height // 2), box.topleft)
        surface.blit(count, count.get_rect(center=box.center))

    def _blit_score(self, surface: pygame.Surface, seat: int, score: pygame.Surface,
                    at: tuple[int, int]) -> None:
        surface.blit(score, at)
        self.score_spots[seat] = score.get_rect(topleft=at)

    def score_spot(self, seat: int) -> tuple[float, float]:
        """Where a seat's points stand on its plate: its points fly there and count up there."""
        spot = self.score_spots.get(seat)
        if spot is not None:
            return float(spot.centerx), float(spot.centery)
        plate = self.areas[seat].plate if seat in self.areas else pygame.Rect(0, 0, 0, 0)
        return float(plate.centerx), float(plate.centery)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        """What to do with the item in the hand, under the own plate (the prompt line keeps the rules'
        instruction): always whole, wrapped, in smaller letters where it must."""
        if self.picked is None or not self.legal:
            return
        lines, size = self.note_lines(self._picked_prompt())
        if not lines:
            return
        pad = 4
        line_h = font(size, True).get_linesize()
        rect = self.note_rect
        box = pygame.Rect(rect.x, rect.y, rect.width, len(lines) * line_h + 2 * pad)
        surface.blit(self.panels.get(box.size, (10, 14, 20, 200), self.scale.px(8, 2)), box.topleft)
        for k, line in enumerate(lines):
            surface.blit(self.texts.render(line, size, GOLD, True), (box.x + pad, box.y + pad + k * line_h))

    def note_lines(self, text: str) -> tuple[list[str], int]:
        """`text` wrapped to `note_rect`'s width at the largest size (21 at 1920x1080, down to the
        smallest the tables write) at which all of it fits the rect's height; at the smallest it runs on
        below rather than lose its end."""
        pad = 4
        rect = self.note_rect
        size = self.scale.font(21)
        while True:
            face = font(size, True)
            lines = wrap(text, face, max(1, rect.width - 2 * pad))
            if len(lines) * face.get_linesize() + 2 * pad <= rect.height or size <= MIN_FONT_PX:
                return lines, size
            size -= 1

    def _draw_row_labels(self, surface: pygame.Surface, seat: int) -> None:
        grid = self.row_grid(seat)
        by_index = {c["index"]: c for c in self.obs["collections"] if c["owner"] == seat}
        size = self.scale.font(17)
        for index, cell in enumerate(grid.cells):
            coll = by_index.get(index)
            if coll is None:
                free_spot = index == len(grid.cells) - 1 and seat == self.bottom_seat
                if free_spot and self.picked and self.picked != "fox":
                    text = tr("drop here: a new treasure (1 AP)")
                    label = self.texts.fitted(text, size, cell.width - 4, GOLD)
                    surface.blit(label, label.get_rect(center=cell.center))
                continue
            variants = row_words(index, coll)
            colour = INK_DIM if coll["lone"] else motif_colour(coll["motif"])
            label = self.texts.fitted_first(variants, size, cell.width - 4, colour, True)
            surface.blit(label, (cell.x + 2, cell.y))

    def _draw_centre_labels(self, surface: pygame.Surface) -> None:
        dw, dh = self.display_card
        size = self.scale.font(17)
        below = self.offer_at[0][1] + dh / 2 + 2
        across = self.offer_at[-1][0] - self.offer_at[0][0]  # from the display's first card to its last
        take = self.texts.fitted(tr("Display: take a card · 1 AP"), size, round(across + dw * 1.06), INK_DIM)
        surface.blit(take, take.get_rect(midtop=((self.offer_at[0][0] + self.offer_at[-1][0]) / 2, below)))
        # the cards shown, not the observation: that is of the state after the events still playing back
        shown = len(self.model.zones.get("draw", ()))
        pile = self.texts.fitted(tr("Pile {n}").format(n=shown), size, round(dw * 1.2), INK_DIM)
        surface.blit(pile, pile.get_rect(midtop=(self.pile_at[0], below)))
        if self.obs.get("fox") is None:
            fox = self.texts.fitted(tr("Fox waits"), size, round(dw * 1.2), INK_DIM)
            surface.blit(fox, fox.get_rect(midtop=(self.supply_at[0], below)))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        obs = self.obs
        decider = obs.get("current_player")
        mine = decider is not None and decider == self.viewer and bool(self.legal)
        prompt = self.in_words(obs.get("prompt") or "")
        if obs.get("terminal"):
            prompt = self.in_words(obs.get("result") or tr("The game is over"))
        elif not mine and decider is not None:
            prompt = self._waiting_prompt(decider)
        if self.playing_back or not prompt:  # it would describe a state the cards do not show yet
            self.drawn_lines = {}
            return
        label = None
        r = max(3, self.scale.px(11, 3))
        pips_w = self.scale.px(150, 40)
        ap_total = self.card_data().ap_per_turn
        if decider is not None and not obs.get("terminal"):
            ap_label = tr("{name}: AP").format(name=self.seat_name(decider))
            label = self.texts.render(ap_label, self.scale.font(22), INK, True)
            pips_w = label.get_width() + r + ap_total * (2 * r + max(2, r // 2)) + self.margin  # the AP line
        pad = self.scale.px(30, 6)
        # the pill, centred, clears the AP line on the left (and as much right); a line too long for that
        # takes the whole room right of the AP line instead of being cut
        room, centre_x = w - 2 * self.margin - pips_w * 2 - pad, w // 2
        if not self.texts.fits(prompt, self.scale.font(30), room, True):
            room, centre_x = w - 2 * self.margin - pips_w - pad, (w + pips_w) // 2
        line = self.texts.fitted(prompt, self.scale.font(30), room, GOLD if mine else INK, True)
        box = line.get_rect(center=(centre_x, self.prompt_y)).inflate(pad, self.scale.px(10, 2))
        surface.blit(self.panels.get(box.size, (10, 14, 20, 210), self.scale.px(10, 2)), box.topleft)
        surface.blit(line, line.get_rect(center=box.center))
        self.drawn_lines = {"prompt": box}
        if label is not None:
            left = self.margin
            surface.blit(label, (left, self.prompt_y - label.get_height() // 2))
            ap = obs["ap"] if obs.get("phase") == "turn" else 0
            right = ap_pips(surface, left + label.get_width() + r, self.prompt_y, ap, r, ap_total)
            self.drawn_lines["action points"] = pygame.Rect(left, self.prompt_y - label.get_height() // 2,
                                                            right + r - left, label.get_height())

    def _waiting_prompt(self, decider: int) -> str:
        """Whose turn it is and why, while someone else decides."""
        name = self.seat_name(decider)
        if self.obs.get("phase") == "fox_pass":
            left = self.seat_name(self.obs["left_neighbour"])
            return tr("{name} has spent the action points and may pass the fox to {left}").format(
                name=name, left=left)
        told = self.turn_reason
        # (a FoxPassDue leaves no reason to tell: remember keeps "" for it)
        why = told[1] if told is not None and told[0] == decider else ""
        if why:
            return tr("{name}'s turn ({why}): {n} AP left").format(name=name, why=self.in_words(why),
                                                                   n=self.obs["ap"])
        return tr("{name}'s turn: {n} AP left").format(name=name, n=self.obs["ap"])

    def _picked_prompt(self) -> str:
        item = self.picked or ""
        if item == "fox":
            left = self.seat_name(self.obs["left_neighbour"])
            if self.obs.get("phase") == "fox_pass":
                return tr("Put the fox on a row of {name}").format(name=left)
            return tr("Put the fox on another own row (1 AP) or on a row of {name} (2 AP)").format(name=left)
        card = card_label(item_card(item), "acc")
        return tr("Put {card} on a lit row, or on the free spot for a new treasure").format(card=card)

    def draw_over(self, surface: pygame.Surface) -> None:
        if not self.obs:
            return
        for button in self.buttons:
            if button.key == "scorings":
                button.visible = bool(self.obs.get("scorings"))
        self._draw_pile_cost(surface)

    def _draw_pile_cost(self, surface: pygame.Surface) -> None:
        if not self.obs.get("pile"):
            return
        size = self.scale.font(24)
        badge = self._cost_badges.get(size)
        if badge is None:
            label = self.texts.render(tr("{n} AP").format(n=2), size, (30, 24, 10), True)
            box = label.get_rect().inflate(self.scale.px(14, 4), self.scale.px(6, 2))
            badge = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(badge, GOLD, badge.get_rect(), border_radius=box.height // 2)
            badge.blit(label, label.get_rect(center=badge.get_rect().center))
            self._cost_badges[size] = badge
        centre = (round(self.pile_at[0]), round(self.pile_at[1] + self.display_card[1] * 0.22))
        surface.blit(badge, badge.get_rect(center=centre))


__all__ = [
    "PLACE_WORDS",
    "SCORING_HINT",
    "GloriaPanels",
    "ap_pips",
    "card_name",
    "draw_counter",
    "entry_text",
    "item_card",
    "motif_colour",
    "penalty_text",
    "scoring_box",
    "scoring_panel",
    "scoring_sheet",
    "scoring_title",
]
