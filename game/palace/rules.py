"""Small rule functions over the rank table: what may go on the pile, and when it burns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from game.i18n import Message, message
from game.palace.cards import BURN, BURN_RUN, INVISIBLE, LOWER, RANKS, RESET, SKIP, rank_of, rank_param

Options = Mapping[str, Any]


def power(rank: str, options: Options) -> str:
    """The power `rank` has in this game ("" when none, or when its option is off)."""
    info = RANKS[rank]
    if info.option and not options.get(info.option):
        return ""
    return info.power


def effective_top(pile: Sequence[str], options: Options) -> str | None:
    """The rank the next play must meet; None when anything may be played (PA-R5, PA-R11, PA-R13).

    An invisible 3 takes the rank of the card below it, so the search looks through 3s; an empty pile,
    a pile of only invisible 3s and a 2 on top accept anything.
    """
    for card in reversed(pile):
        rank = rank_of(card)
        if power(rank, options) == INVISIBLE:
            continue
        return None if power(rank, options) == RESET else rank
    return None


def always_playable(rank: str, options: Options) -> bool:
    """2 and 10 go on anything (PA-R5); so does an invisible 3, which copies the card below it."""
    return power(rank, options) in (RESET, BURN, INVISIBLE)


def beats(rank: str, top: str | None, options: Options) -> bool:
    """May `rank` be played on a pile whose effective top rank is `top`?"""
    if top is None or always_playable(rank, options):
        return True
    if power(top, options) == LOWER:
        return RANKS[rank].height <= RANKS[top].height
    return RANKS[rank].height >= RANKS[top].height


def can_play(rank: str, pile: Sequence[str], options: Options) -> bool:
    return beats(rank, effective_top(pile, options), options)


def playable_ranks(pile: Sequence[str], options: Options) -> frozenset[str]:
    """Every rank that may go on `pile` now (the same as `can_play`, tabled once per rule set)."""
    top = effective_top(pile, options)
    return _playable(top, bool(options.get("seven_lower")), bool(options.get("three_invisible")))


@cache
def _playable(top: str | None, seven_lower: bool, three_invisible: bool) -> frozenset[str]:
    options = {"seven_lower": seven_lower, "three_invisible": three_invisible}
    return frozenset(rank for rank in RANKS if beats(rank, top, options))


def burns(pile: Sequence[str], options: Options) -> bool:
    """After a play: a 10 on top, or four of one rank on top in a row, burns the pile (PA-R9).

    Four cards played at once are four on top as well, and a run completed across players or by a
    redraw counts the same. The run compares printed ranks, so an invisible 3 breaks a run of 7s
    (and four 3s are a run of their own).
    """
    if not pile:
        return False
    top = rank_of(pile[-1])
    if power(top, options) == BURN:
        return True
    if len(pile) < BURN_RUN:
        return False
    return all(rank_of(card) == top for card in pile[-BURN_RUN:])


def skips(rank: str, count: int, options: Options) -> int:
    """How many players a play of `count` cards of `rank` skips (option eight_skip: one per 8)."""
    return count if power(rank, options) == SKIP else 0


def requirement(pile: Sequence[str], options: Options) -> Message:
    """What the next play must be, as a message: 'anything', 'a King or higher (or a 2 or a 10)'."""
    top = effective_top(pile, options)
    if top is None:
        return message("anything")
    rank = rank_param(top)
    three = bool(options.get("three_invisible"))
    if power(top, options) == LOWER:
        if three:
            return message("{rank:a_acc} or lower (or a 2, a 10 or a 3)", rank=rank)
        return message("{rank:a_acc} or lower (or a 2 or a 10)", rank=rank)
    if three:
        return message("{rank:a_acc} or higher (or a 2, a 10 or a 3)", rank=rank)
    return message("{rank:a_acc} or higher (or a 2 or a 10)", rank=rank)
