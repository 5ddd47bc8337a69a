"""A paired comparison of two set-ups (A and B) of one game on the same deals, stopped by an SPRT.

Deal `seed` is played once under A and once under B with the same bots. The measure of a game is seat
0's win share (a shared win a fraction), or with a card, that card's excess wins: summed over the
seats that played it, each one's win share minus its fair share 1/N (0 in a game where nobody played
it). The differences A - B go to the sequential test (sprt.py) in the order of the deals, so where it
stops does not depend on which process finished first; a pair whose game failed or was cut off on
either side is dropped and counted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.balance import lab, study
from game.balance.cards import table_for
from game.balance.sprt import Sprt
from game.balance.study import GameFacts, Spec

CHUNK = 4


@dataclass(frozen=True)
class PairChunk:
    a: Spec
    b: Spec
    seed: int
    deals: int
    card: str | None = None


def measure(facts: GameFacts, card: str | None) -> float | None:
    """The game's measure (None for a game that did not finish)."""
    if facts.outcome != "finished":
        return None
    if card is None:
        return facts.wins[0]
    players = len(facts.wins)
    return sum(facts.wins[seat] - 1.0 / players for seat in range(players) if card in facts.played[seat])


def play_pair_chunk(chunk: PairChunk, on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Each deal of the chunk under A and B: [seed, measure A, measure B] (None where a game failed)."""
    table = table_for(chunk.a.game)
    pairs = []
    for seed in range(chunk.seed, chunk.seed + chunk.deals):
        values = []
        for spec in (chunk.a, chunk.b):
            values.append(measure(study.play_game(spec, seed, spec.bots, table), chunk.card))
            if on_game is not None:
                on_game()
        pairs.append([seed, *values])
    return {"seed": chunk.seed, "pairs": pairs}


def run_compare(a: Spec, b: Spec, *, seed: int = 1, max_deals: int = 1000, card: str | None = None,
                test: Sprt | None = None, jobs: int = 1, ray: str | None = None, chunk: int = CHUNK,
                progress: lab.ProgressCallback | None = None, cancel: lab.CancelFlag | None = None,
                labels: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Play pairs until the test decides or `max_deals` deals were played; the comparison's data."""
    test = test or Sprt()
    chunks = [PairChunk(a, b, start, min(chunk, seed + max_deals - start), card)
              for start in range(seed, seed + max_deals, chunk)]
    waiting: dict[int, list[list[Any]]] = {}
    next_seed = seed
    deals = dropped = 0
    sums = [0.0, 0.0]
    counter = lab.GameCounter(2 * max_deals, progress)
    rows = lab.run_chunks(play_pair_chunk, chunks, jobs=jobs, ray=ray, cancel=cancel,
                          on_game=counter.game if jobs == 1 else None)
    decided = False
    try:
        for finished, row in rows:
            counter.chunk(2 * finished.deals)
            waiting[row["seed"]] = row["pairs"]
            while next_seed in waiting and not decided:  # the deals in order, whoever played them
                for _, value_a, value_b in waiting.pop(next_seed):
                    next_seed += 1
                    deals += 1
                    if value_a is None or value_b is None:
                        dropped += 1
                        continue
                    sums[0] += value_a
                    sums[1] += value_b
                    test.add(value_a - value_b)
                    if test.decision() is not None:
                        decided = True
                        break
            if decided:
                break
    finally:
        close = getattr(rows, "close", None)
        if close is not None:
            close()
    low, high = test.interval()
    pairs = test.n
    what = f"excess wins of the card {table_for(a.game).label(card)}" if card else "seat 0's win share"
    return {
        "game": a.game, "players": a.players, "bots": list(a.bots), **dict(labels or {}), "measure": what,
        "card": card, "deals": deals, "pairs": pairs, "dropped": dropped, "max_deals": max_deals,
        "mean_a": round(sums[0] / pairs, 4) if pairs else 0.0,
        "mean_b": round(sums[1] / pairs, 4) if pairs else 0.0,
        "difference": round(test.mean, 4), "ci95": [round(low, 4), round(high, 4)],
        "stopped_early": decided, "stronger": test.decision(), "sprt": test.summary(),
    }
