"""Gloria Picktoria's table panels: the Dschingis-Hahn counter (GP-R13), the scoring breakdown and the
words the table uses for cards, places and seats, in the chosen language. Pure drawing and text: no input,
no match state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.gloria_picktoria.cards import DH, DH_CARDS, MOTIF_BY_ID, SCORING_AT, card_label, card_name
from game.gloria_picktoria.scoring import penalty_text  # the engine's words for the minus points
from game.i18n import N_, ntr, seat_label, tr, words
from scenes.fonts import font
from scenes.table.kit.layout import Scale
from scenes.table.kit.paint import GOLD, INK, INK_DIM, PanelCache, TextCache

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


def entry_text(entry: dict[str, Any], who: str) -> str:
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


def scoring_title(breakdown: dict[str, Any]) -> str:
    """'Scoring 1 of 3: the 4th Genghis Rooster', in the chosen language."""
    if breakdown["final"]:
        return tr("Final scoring: the {number}th {card}").format(number=breakdown["dh"], card=card_label(DH))
    return tr("Scoring {scoring} of 3: the {number}th {card}").format(
        scoring=breakdown["number"], number=breakdown["dh"], card=card_label(DH))


def draw_scoring(
    surface: pygame.Surface,
    breakdown: dict[str, Any],
    names: list[str],
    scale: Scale,
    texts: TextCache,
    panels: PanelCache,
    card_art: CardArt,
    hint: str,
) -> pygame.Rect:
    """The scoring motif by motif: who got what and why, fox rows struck out, doublers x2, the last
    scoring's minus points and this scoring's sum per seat. Returns the panel's rect."""
    w, h = surface.get_size()
    pad = scale.px(18, 4)
    line_h = max(10, scale.font(25) + scale.px(8, 2))
    motifs = breakdown["motifs"]
    penalties = breakdown["penalties"]
    count = len(motifs) + (len(penalties) + 1 if penalties else 0) + 1
    title_size = scale.font(40)
    box_w = min(w - 8, max(scale.px(1100, 200), int(w * 0.7)))
    box_h = min(h - 8, pad * 3 + title_size + 6 + count * line_h + scale.font(20))
    box = pygame.Rect(0, 0, box_w, box_h)
    box.center = (w // 2, h // 2)
    surface.blit(panels.get(box.size, (12, 16, 22, 248), scale.px(16, 4)), box.topleft)
    pygame.draw.rect(surface, GOLD, box, scale.px(3), border_radius=scale.px(16, 4))
    title = texts.fitted(scoring_title(breakdown), title_size, box_w - 2 * pad, GOLD, True)
    surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
    y = box.y + pad + title.get_height() + 6
    size = scale.font(23)
    icon = (max(6, round((line_h - 4) * 0.72)), max(8, line_h - 4))
    name_w = scale.px(230, 40)
    for motif in motifs:
        if y + line_h > box.bottom - pad:
            break
        x = box.x + pad
        surface.blit(card_art(motif["motif"], icon), (x, y + 2))
        x += icon[0] + scale.px(8, 2)
        label = texts.fitted(card_label(motif["motif"]), size, name_w, motif_colour(motif["motif"]), True)
        surface.blit(label, (x, y + (line_h - label.get_height()) // 2))
        x += name_w + scale.px(8, 2)
        for entry in motif["entries"]:
            who = seat_label(entry["seat"], names)
            fox = entry["place"] == "fox"
            colour = STRUCK if fox else GAIN if entry["points"] > 0 else INK_DIM
            room = box.right - pad - x
            if room < scale.px(40, 10):
                break
            part = texts.fitted(entry_text(entry, who), size, room, colour, entry["points"] > 0)
            at = (x, y + (line_h - part.get_height()) // 2)
            surface.blit(part, at)
            if fox:
                mid = at[1] + part.get_height() // 2
                pygame.draw.line(surface, STRUCK, (x, mid), (x + part.get_width(), mid), max(1, size // 12))
            x += part.get_width() + scale.px(26, 6)
        y += line_h
    if not motifs and y + line_h <= box.bottom - pad:
        none = texts.fitted(tr("No motif lies on the table yet: nobody scores"), size, box_w - 2 * pad,
                            INK_DIM)
        surface.blit(none, (box.x + pad, y))
        y += line_h
    if penalties and y + line_h <= box.bottom - pad:
        head = texts.fitted(tr("Minus points of the last scoring"), size, box_w - 2 * pad, LOSS, True)
        surface.blit(head, (box.x + pad, y))
        y += line_h
        for row in penalties:
            if y + line_h > box.bottom - pad:
                break
            colour = LOSS if row["points"] else GAIN if row.get("lone_under_fox") else INK_DIM
            line = texts.fitted(words(penalty_text(row), names), size, box_w - 2 * pad, colour)
            surface.blit(line, (box.x + pad * 2, y))
            y += line_h
    sums = ", ".join(f"{seat_label(s, names)} {p:+d}" for s, p in enumerate(breakdown["points"]))
    if y + line_h <= box.bottom:
        sum_line = tr("This scoring: {points}").format(points=sums)
        total = texts.fitted(sum_line, scale.font(26), box_w - 2 * pad, INK, True)
        surface.blit(total, (box.x + pad, y + 2))
    tail = texts.render(tr(hint), scale.font(18), INK_DIM)
    surface.blit(tail, tail.get_rect(midbottom=(box.centerx, box.bottom - 4)))
    return box


@dataclass(frozen=True)
class CounterGeometry:
    """Where the parts of the Dschingis-Hahn counter lie inside its box."""

    pad: int
    head_y: int
    cards: pygame.Rect  # where the DH cards of the middle lie
    track_y: int
    pip_r: int
    step: float
    sub_y: int


def counter_geometry(box: pygame.Rect, scale: Scale, total: int = DH_CARDS) -> CounterGeometry:
    pad = scale.px(10, 2)
    head_h = font(scale.font(22), True).get_linesize()
    sub_h = font(scale.font(19)).get_linesize()
    track_h = max(8, scale.px(26, 6))
    sub_y = box.bottom - pad // 2 - sub_h
    track_y = sub_y - pad // 2 - track_h // 2
    step = (box.width - 2 * pad) / total
    r = max(3, min(track_h // 2, int(step * 0.36)))
    top = box.y + pad // 2 + head_h + 2
    cards = pygame.Rect(box.x + pad, top, box.width - 2 * pad, max(4, track_y - r - pad // 2 - top))
    return CounterGeometry(pad, box.y + pad // 2, cards, track_y, r, step, sub_y)


def draw_counter(
    surface: pygame.Surface,
    box: pygame.Rect,
    dh: dict[str, Any],
    scale: Scale,
    texts: TextCache,
    panels: PanelCache,
) -> None:
    """The Dschingis-Hahn track below the middle cards: 10 pips, marks at 4 / 7 / 10, the next scoring."""
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
            line = ntr("Scoring at the {number}th: {n} more to come",
                       "Scoring at the {number}th: {n} more to come", more).format(number=nxt, n=more)
        else:
            line = tr("Scoring at the {number}th: the next one!").format(number=nxt)
    else:
        line = tr("All 3 scorings done")
    sub = texts.fitted(line, scale.font(19), box.width - 2 * g.pad, INK if nxt else INK_DIM)
    surface.blit(sub, (box.x + g.pad, g.sub_y))
    r = g.pip_r
    for i in range(1, total + 1):
        cx = round(box.x + g.pad + g.step * (i - 0.5))
        scoring = i in SCORING_AT
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


__all__ = [
    "PLACE_WORDS",
    "ap_pips",
    "card_name",
    "CounterGeometry",
    "counter_geometry",
    "draw_counter",
    "draw_scoring",
    "entry_text",
    "motif_colour",
    "penalty_text",
    "scoring_title",
]
