"""`determinize`: a full state that agrees with everything one seat knows, unknown cards drawn anew.

What a seat knows: its own picks, hand and ghost cards (not the ghost pile's order once shuffled), every
packet it held as it was handed to it (the draft memory), and everything public (displays, trick, ghost
cards set aside, tokens). So each packet's history splits into groups of cards the seat can place only
roughly:

- cards taken from a packet between two moments the seat held it: known as a set, but not who took which;
- cards taken after the seat last held it, and what is left of it: drawn from the set it last saw;
- cards taken before the seat first held it, packets it never held, and the undealt deck: the pool of cards
  it has never seen.

Within each group the cards are shuffled over the group's slots; a card known to be played by a seat (or by
its ghost) is first placed in one of that seat's own slots, so the result stays consistent with chapter II.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core import Rng
from game.three_chapters.cards import NUM_CARDS
from game.three_chapters.draft import DraftLog, holder

if TYPE_CHECKING:
    from game.three_chapters.state import ThreeChaptersState

# A slot is where one card goes: ("pick", deal, round, seat, k), ("rest", deal, packet, i), ("deck", i).
Slot = tuple[int | str, ...]


@dataclass
class _Group:
    cards: list[int] = field(default_factory=list)
    slots: list[Slot] = field(default_factory=list)


def _owner(slot: Slot) -> tuple[int, int] | None:
    """The seat and kind (0 own pick, 1 ghost pick) a slot belongs to; None for rest and deck."""
    if slot[0] == "pick":
        return int(slot[3]), int(slot[4])
    return None


def determinize(state: ThreeChaptersState, seat: int, rng: Rng) -> ThreeChaptersState:
    new = state.clone()
    new.rng = rng.spawn()  # what chance decides later is unknown too
    if state.draft_log is None:
        _redraw_without_memory(new, seat, rng)
    else:
        _redraw_from_log(new, seat, rng)
    new._legal = None
    return new


def _redraw_without_memory(state: ThreeChaptersState, seat: int, rng: Rng) -> None:
    """A position without a draft log: every card the seat cannot see may be anywhere hidden."""
    n = state.num_players
    zones: list[list[int]] = [state.deck, state.out]
    for other in range(n):
        if other != seat:
            zones += [state.packets[other], state.picks[other], state.hands[other], state.ghosts[other]]
    pool = sorted(v for zone in zones for v in zone)  # sorted: the true order must not show through
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = [pool.pop() for _ in range(size)]
    for hand in state.hands:
        hand.sort()
    if state.phase != "draft":
        state.ghosts[seat].sort()
        rng.shuffle(state.ghosts[seat])


def _redraw_from_log(state: ThreeChaptersState, seat: int, rng: Rng) -> None:
    n = state.num_players
    log = state.draft_log
    assert log is not None
    pool = _Group()
    groups: list[_Group] = [pool]
    known: set[int] = set()
    fixed: dict[Slot, int] = {}

    for deal, rounds in enumerate(log.picks):
        for packet in range(n):
            held = [t for t in range(len(rounds)) if holder(packet, t, n) == seat]
            slots_by_round = [
                [("pick", deal, t, holder(packet, t, n), k)
                 for k in range(len(rounds[t][holder(packet, t, n)]))]
                for t in range(len(rounds))
            ]
            rest = log.content(deal, packet, len(rounds))
            rest_slots: list[Slot] = [("rest", deal, packet, i) for i in range(len(rest))]
            if not held:
                pool.slots += [s for slots in slots_by_round for s in slots] + rest_slots
                continue
            for t in held:
                known.update(log.content(deal, packet, t))
                for k, v in enumerate(rounds[t][seat]):
                    fixed[("pick", deal, t, seat, k)] = v
            pool.slots += [s for slots in slots_by_round[:held[0]] for s in slots]
            for a, b in zip(held, held[1:], strict=False):
                between = set(log.content(deal, packet, a + 1)) - set(log.content(deal, packet, b))
                taken: list[Slot] = [s for slots in slots_by_round[a + 1:b] for s in slots]
                groups.append(_Group(sorted(between), taken))
            after = log.content(deal, packet, held[-1] + 1)
            groups.append(_Group(sorted(after),
                                 [s for slots in slots_by_round[held[-1] + 1:] for s in slots] + rest_slots))
    pool.slots += [("deck", i) for i in range(len(state.deck))]
    pool.cards = [v for v in range(1, NUM_CARDS + 1) if v not in known]

    forced: dict[int, tuple[int, int]] = {}
    if state.phase != "draft":
        for s in range(n):
            for v in [*state.displays[s], *(c for p, c in state.trick if p == s)]:
                forced[v] = (s, 0)
            for v in [*state.aside[s], *(c for p, c in state.trick if p == n + s)]:
                forced[v] = (s, 1)

    placed = dict(fixed)
    for group in groups:
        placed.update(_fill(group, forced, rng))
    _rebuild(state, seat, placed, rng)


def _fill(group: _Group, forced: dict[int, tuple[int, int]], rng: Rng) -> dict[Slot, int]:
    assert len(group.cards) == len(group.slots), "a determinize group must fill exactly its slots"
    free = list(group.slots)
    rng.shuffle(free)
    out: dict[Slot, int] = {}
    loose = []
    for v in group.cards:
        want = forced.get(v)
        if want is None:
            loose.append(v)
            continue
        index = next(i for i, slot in enumerate(free) if _owner(slot) == want)
        out[free.pop(index)] = v
    rng.shuffle(loose)
    for slot, v in zip(free, loose, strict=True):
        out[slot] = v
    return out


def _rebuild(state: ThreeChaptersState, seat: int, placed: dict[Slot, int], rng: Rng) -> None:
    n = state.num_players
    old = state.draft_log
    assert old is not None
    log = DraftLog([], [])
    for deal, rounds in enumerate(old.picks):
        picks = [[[placed[("pick", deal, t, h, k)] for k in range(len(rounds[t][h]))] for h in range(n)]
                 for t in range(len(rounds))]
        rests = [[placed[("rest", deal, p, i)] for i in range(len(old.content(deal, p, len(rounds))))]
                 for p in range(n)]
        packets = []
        for p in range(n):
            cards = list(rests[p])
            for t in range(len(rounds)):
                cards += picks[t][holder(p, t, n)]
            packets.append(sorted(cards))
        log.packets.append(packets)
        log.picks.append(picks)
    state.draft_log = log
    state.deck = [placed[("deck", i)] for i in range(len(state.deck))]

    kept: list[list[int]] = [[] for _ in range(n)]
    ghost: list[list[int]] = [[] for _ in range(n)]
    for rounds in log.picks:
        for by_seat in rounds:
            for s in range(n):
                kept[s] += by_seat[s][:1]
                ghost[s] += by_seat[s][1:]
    last = len(log.picks) - 1
    state.out = []
    for deal, rounds in enumerate(log.picks):
        for p in range(n):
            rest = log.content(deal, p, len(rounds))
            if deal == last and state.phase == "draft":
                state.packets[holder(p, len(rounds) - 1, n)] = rest
            else:
                state.out += rest
    if state.phase == "draft":
        state.picks = kept
        state.ghosts = ghost
        return
    for s in range(n):
        played = set(state.displays[s]) | {v for p, v in state.trick if p == s}
        state.hands[s] = sorted(v for v in kept[s] if v not in played)
        ghost_played = set(state.aside[s]) | {v for p, v in state.trick if p == n + s}
        pile = [v for v in ghost[s] if v not in ghost_played]
        rng.shuffle(pile)
        state.ghosts[s] = pile
