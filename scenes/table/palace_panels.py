"""What the Palace table says in words: the rank to beat and why, a seat's state, seat names.

Pure functions over an observation, so the table's words can be checked without a window.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.palace.cards import rank_of, rank_word

from .paint import GOLD, INK, INK_DIM

if TYPE_CHECKING:
    from game.match import Match

Line = tuple[str, tuple[int, int, int], int]  # text, colour, font size at 1920x1080
PILE_FAN = 4  # the pile's top cards shown side by side at least (more when a run or a 3 hides the top)
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_PLAYER = re.compile(r"\bPlayer (\d+)\b")


def card_text(card: str | None) -> str:
    """'7♥' for '7H'; 'a card' for one this seat does not know."""
    if not card:
        return "a card"
    return card[:-1] + SUIT_SIGNS.get(card[-1], card[-1])


def with_names(match: Match, text: str) -> str:
    """The engine names seats 'Player 1', 'Player 2', …; the table says who sits there."""
    names = [seat.name for seat in match.seats]

    def name(found: re.Match[str]) -> str:
        index = int(found.group(1)) - 1
        return names[index] if 0 <= index < len(names) else found.group(0)

    return _PLAYER.sub(name, text)


def ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def need_lines(obs: dict[str, Any]) -> list[Line]:
    """What must be beaten, in words, for the box beside the pile: the rank, and why."""
    if obs.get("phase") == "swap":
        return [
            ("Swap phase", GOLD, 30),
            ("swap hand and face-up cards,", INK_DIM, 18),
            ("then say ready", INK_DIM, 18),
        ]
    options = obs.get("options") or {}
    pile = obs["pile"]
    top = obs.get("top")
    invisible = bool(options.get("three_invisible"))
    counts = next((c for c in reversed(pile) if not (invisible and rank_of(c) == "3")), None)
    lines: list[Line] = []
    if top is None:
        lines.append(("Anything goes", GOLD, 34))
        if counts is not None:
            lines.append(("a 2 reset the pile", INK, 20))
        elif pile:
            lines.append(("only invisible 3s lie there", INK, 20))
        else:
            lines.append(("the pile is empty", INK_DIM, 20))
    else:
        lower = options.get("seven_lower") and top == "7"
        lines.append((f"Beat: {top} {'or lower' if lower else 'or higher'}", GOLD, 34))
        if lower:
            lines.append(("a 7 lies there: 7 or lower", INK, 20))
    if counts is not None and pile[-1] != counts:
        lines.append((f"the 3 on top is invisible: the {rank_of(counts)} below counts", INK, 20))
    run = 0
    for card in reversed(pile):
        if rank_of(card) != rank_of(pile[-1]):
            break
        run += 1
    if run >= 2:
        lines.append((f"{rank_word(rank_of(pile[-1]), run)} in a row (4 burn)", INK, 20))
    if top is not None:
        lines.append(("2, 10" + (" or 3" if invisible else "") + " always go", INK_DIM, 18))
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
    bits = [f"{info['hand']} in hand"]
    if obs.get("phase") == "swap":
        bits.append("ready" if info.get("ready") and not deciding else "swapping" if deciding else "waits")
    elif info.get("place") is None and info.get("source"):
        bits.append(
            {"hand": "plays from the hand", "up": "plays face-up cards", "down": "plays blind"}[
                info["source"]
            ]
        )
    if deciding:
        bits.append("finishing the turn" if obs.get("phase") == "redraw" else "decides now")
    return " · ".join(bits)
