"""Small rule functions over the rank table: what may go on the pile, and when it burns.

Each reads the ranks' powers and the burn run from the game's card data (`data`, game.palace.data:
the state's, shipped or a variant's; the shipped data when none is given) and the options that switch
powers on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import Card, Message, listing, message, plural_message
from game.palace.cards import BURN, INVISIBLE, LOWER, RESET, SKIP, rank_of, rank_param
from game.palace.data import DEFAULT, PalaceData

Options = Mapping[str, Any]


def power(rank: str, options: Options, data: PalaceData = DEFAULT) -> str:
    """The power `rank` has in this game ("" when none, or when its option is off)."""
    info = data.rank[rank]
    if info.option and not options.get(info.option):
        return ""
    return info.power


def effective_top(pile: Sequence[str], options: Options, data: PalaceData = DEFAULT) -> str | None:
    """The rank the next play must meet; None when anything may be played (PA-R5, PA-R11, PA-R13).

    An invisible 3 takes the rank of the card below it, so the search looks through 3s; an empty pile,
    a pile of only invisible 3s and a 2 on top accept anything.
    """
    for card in reversed(pile):
        rank = rank_of(card)
        if power(rank, options, data) == INVISIBLE:
            continue
        return None if power(rank, options, data) == RESET else rank
    return None


def always_playable(rank: str, options: Options, data: PalaceData = DEFAULT) -> bool:
    """2 and 10 go on anything (PA-R5); so does an invisible 3, which copies the card below it."""
    return power(rank, options, data) in (RESET, BURN, INVISIBLE)


def beats(rank: str, top: str | None, options: Options, data: PalaceData = DEFAULT) -> bool:
    """May `rank` be played on a pile whose effective top rank is `top`?"""
    if top is None or always_playable(rank, options, data):
        return True
    if power(top, options, data) == LOWER:
        return data.rank[rank].height <= data.rank[top].height
    return data.rank[rank].height >= data.rank[top].height


def can_play(rank: str, pile: Sequence[str], options: Options, data: PalaceData = DEFAULT) -> bool:
    return beats(rank, effective_top(pile, options, data), options, data)


def playable_ranks(pile: Sequence[str], options: Options, data: PalaceData = DEFAULT) -> frozenset[str]:
    """Every rank that may go on `pile` now (the same as `can_play`, tabled once per rule set)."""
    top = effective_top(pile, options, data)
    key = (top, bool(options.get("seven_lower")), bool(options.get("three_invisible")))
    found = data.playable.get(key)
    if found is None:
        switches = {"seven_lower": key[1], "three_invisible": key[2]}
        found = data.playable[key] = frozenset(rank for rank in data.rank if beats(rank, top, switches, data))
    return found


def burns(pile: Sequence[str], options: Options, data: PalaceData = DEFAULT) -> bool:
    """After a play: a 10 on top, or four of one rank on top in a row, burns the pile (PA-R9).

    Four cards played at once are four on top as well, and a run completed across players or by a
    redraw counts the same. The run compares printed ranks, so an invisible 3 breaks a run of 7s
    (and four 3s are a run of their own). A variant may make the run shorter (`data.burn_run`).
    """
    if not pile:
        return False
    top = rank_of(pile[-1])
    if power(top, options, data) == BURN:
        return True
    if len(pile) < data.burn_run:
        return False
    return all(rank_of(card) == top for card in pile[-data.burn_run:])


def skips(rank: str, count: int, options: Options, data: PalaceData = DEFAULT) -> int:
    """How many players a play of `count` cards of `rank` skips (option eight_skip: one per 8)."""
    return count if power(rank, options, data) == SKIP else 0


def requirement(pile: Sequence[str], options: Options, data: PalaceData = DEFAULT) -> Message:
    """What the next play must be, as a message: 'anything', 'a King or higher (or a 2 or a 10)'. A
    variant whose ranks that go on anything are not the seed's names its own ('(2, 9 and 10 go on
    anything)')."""
    top = effective_top(pile, options, data)
    if top is None:
        return message("anything")
    rank = rank_param(top)
    three = bool(options.get("three_invisible"))
    free = data.always_free.get(three)
    if free is None:
        switches = {"three_invisible": three}
        free = data.always_free[three] = tuple(name for name in data.rank if data.copies_of(name)
                                               and always_playable(name, switches, data))
    if free != (("2", "3", "10") if three else ("2", "10")):
        return _variant_requirement(rank, power(top, options, data) == LOWER, free)
    if power(top, options, data) == LOWER:
        if three:
            return message("{rank:a_acc} or lower (or a 2, a 10 or a 3)", rank=rank)
        return message("{rank:a_acc} or lower (or a 2 or a 10)", rank=rank)
    if three:
        return message("{rank:a_acc} or higher (or a 2, a 10 or a 3)", rank=rank)
    return message("{rank:a_acc} or higher (or a 2 or a 10)", rank=rank)


def _variant_requirement(rank: Card, lower: bool, free: tuple[str, ...]) -> Message:
    """`requirement` under a variant's powers or deck: the ranks that go on anything named as they are."""
    if not free:
        if lower:
            return message("{rank:a_acc} or lower", rank=rank)
        return message("{rank:a_acc} or higher", rank=rank)
    ranks = listing(rank_param(name) for name in free)
    if lower:
        return plural_message("{rank:a_acc} or lower ({ranks} goes on anything)",
                              "{rank:a_acc} or lower ({ranks} go on anything)", n=len(free), rank=rank,
                              ranks=ranks)
    return plural_message("{rank:a_acc} or higher ({ranks} goes on anything)",
                          "{rank:a_acc} or higher ({ranks} go on anything)", n=len(free), rank=rank,
                          ranks=ranks)
