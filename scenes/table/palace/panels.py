"""What the Palace table says in words: the rank to beat and why, a seat's state, places.

Pure functions over an observation, so the table's words can be checked without a window.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import N_, message, tr
from game.palace.cards import card_label, rank_of, rank_param, rank_word
from scenes.table.kit.paint import GOLD, INK, INK_DIM

Line = tuple[str, tuple[int, int, int], int]  # text, colour, font size at 1920x1080
PILE_FAN = 4  # the pile's top cards shown side by side at least (more when a run or a 3 hides the top)
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th"), 5: N_("5th")}
_SOURCES = {"hand": N_("plays from the hand"), "up": N_("plays face-up cards"), "down": N_("plays blind")}


def card_text(card: str | None) -> str:
    """'7♥' for '7H'; 'a card' for one this seat does not know."""
    if not card:
        return tr("a card")
    return card[:-1] + SUIT_SIGNS.get(card[-1], card[-1])


def ordinal(place: int) -> str:
    """'1st', '2nd' … in the chosen language ("1.", "2." in German)."""
    return tr(_ORDINALS[place]) if place in _ORDINALS else tr("{n}th").format(n=place)


def need_lines(obs: dict[str, Any]) -> list[Line]:
    """What must be beaten, in words, for the box beside the pile: the rank, and why."""
    if obs.get("phase") == "swap":
        return [
            (tr("Swap phase"), GOLD, 30),
            (tr("swap hand and face-up cards,"), INK_DIM, 18),
            (tr("then say ready"), INK_DIM, 18),
        ]
    options = obs.get("options") or {}
    pile = obs["pile"]
    top = obs.get("top")
    invisible = bool(options.get("three_invisible"))
    counts = next((c for c in reversed(pile) if not (invisible and rank_of(c) == "3")), None)
    lines: list[Line] = []
    if top is None:
        lines.append((tr("Anything goes"), GOLD, 34))
        if counts is not None:
            lines.append((tr("a 2 reset the pile"), INK, 20))
        elif pile:
            lines.append((tr("only invisible 3s lie there"), INK, 20))
        else:
            lines.append((tr("the pile is empty"), INK_DIM, 20))
    else:
        lower = options.get("seven_lower") and top == "7"
        beat = tr("Beat: {rank} or lower") if lower else tr("Beat: {rank} or higher")
        lines.append((beat.format(rank=card_label(top)), GOLD, 34))
        if lower:
            lines.append((tr("a 7 lies there: 7 or lower"), INK, 20))
    if counts is not None and pile[-1] != counts:
        rank = rank_param(rank_of(counts))
        below = message("the 3 on top is invisible: {rank:nom} below counts", rank=rank)
        lines.append((below.text(), INK, 20))
    run = 0
    for card in reversed(pile):
        if rank_of(card) != rank_of(pile[-1]):
            break
        run += 1
    if run >= 2:
        lines.append((tr("{what} in a row (4 burn)").format(what=rank_word(rank_of(pile[-1]), run)), INK, 20))
    if top is not None:
        lines.append((tr("2, 10 or 3 always go") if invisible else tr("2 and 10 always go"), INK_DIM, 18))
    return lines


def pile_fan(cards: Sequence[str | None], options: Mapping[str, Any]) -> int:
    """How many of the pile's top cards lie side by side: at least PILE_FAN, and always down to the
    card that sets the rank to beat and its whole run of equal ranks."""
    depth = 0
    ranks = [rank_of(c) if c else "" for c in cards]
    for i in range(len(ranks) - 1, -1, -1):  # the invisible 3s on top, then the card they copy
        depth += 1
        if not (ranks[i] == "3" and options.get("three_invisible")):
            break
    if depth:
        rank = ranks[len(ranks) - depth]
        while depth < len(ranks) and ranks[len(ranks) - depth - 1] == rank:
            depth += 1
    return max(PILE_FAN, depth)


def seat_status(obs: dict[str, Any], seat: int) -> str:
    """A seat's second plate line: cards in hand, where it plays from (or its swap), deciding."""
    info = obs["seats"][seat]
    deciding = obs.get("current_player") == seat and not obs.get("terminal")
    bits = [tr("{count} in hand").format(count=info["hand"])]
    if obs.get("phase") == "swap":
        bits.append(tr("ready") if info.get("ready") and not deciding else tr("swapping") if deciding
                    else tr("waits"))
    elif info.get("place") is None and info.get("source"):
        source = _SOURCES[info["source"]]
        bits.append(tr(source))
    if deciding:
        bits.append(tr("finishing the turn") if obs.get("phase") == "redraw" else tr("decides now"))
    return " · ".join(bits)
