"""Monte Carlo policy improvement (Tesauro & Galperin 1996) over determinizations, on paired deals.

The game's rollout policy (its heuristic) names its few best moves. Every iteration draws one
determinization from the bot's own knowledge (`Decision.sample`, never the true state) and plays each
candidate out on that same deal with the same random stream, so the candidates meet equal luck (common
random numbers) and the luck of the deal cancels out of their difference. The bot keeps the policy's own
choice unless another candidate is better by more than the plan's `margin` standard errors: the search
corrects the heuristic where the playouts show it wrong, instead of trading its judgement for the noise
of a few dozen playouts. Where one playout costs milliseconds (3 Chapters, Gloria Picktoria), this beats
ISMCTS over every move, which spreads the same playouts thinly over moves the heuristic never considers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator

from game.ai.base import AnytimeBot, Decision, Figure
from game.ai.plan import TIME_RESERVE, SearchPlan, playout
from game.core import Action, Rng

#: Deals every candidate is played on before the search may drop one or stop early.
MIN_DEALS = 8
#: A candidate whose mean gain over the policy's choice is this many standard errors below zero is dropped
#: (it would need a long run of luck to end up clearly better, and its playouts go to the others).
DROP_Z = 2.0


class ImprovingBot(AnytimeBot):
    """`iterations` (deals) or `time_ms` (or both: whichever ends first) bound one decision.

    The time is a cap on the whole decision: a deal that the pace so far says would end after it (less its
    reserve, `TIME_RESERVE`) is not begun, and one that runs past that is left unfinished (its playouts are
    not counted). With `stop_early`, after `MIN_DEALS` deals the search drops a candidate that can no longer
    end up chosen (not even by gaining the most on every deal left) or that is `DROP_Z` standard errors
    worse than the policy's choice, and it stops once only the policy's choice is left: confirmed. A
    candidate that looks better goes on being compared to the end of the budget: stopping at the first
    look that favours it would let luck overrule the policy more often."""

    name = "improve"
    slow = True  # the match controller may move it to a worker process

    def __init__(self, *, plan: SearchPlan, iterations: int | None = None,
                 time_ms: float | None = None, stop_early: bool = True,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if iterations is None and time_ms is None:
            raise ValueError("the search needs a budget: iterations or time_ms")
        if plan.candidates is None or plan.rollout is None:
            raise ValueError("policy improvement needs a plan with a rollout policy and its candidates")
        self.plan = plan
        self.iterations = iterations
        self.time_ms = time_ms
        self.stop_early = stop_early
        self.clock = clock  # the search's clock (tests give a fake one)
        self.policy = plan.rollout()
        self.last_iterations = 0  # how many deals the last decision played (for benchmarks)
        #: each compared move with the deals it was played on and its summed result there, the chosen
        #: move first (a hint shows them as "won 3 of 4 simulated games"); empty when nothing was searched
        self.last_figures: list[Figure] = []

    def think(self, decision: Decision, rng: Rng) -> Iterator[Action | None]:
        self.last_iterations = 0
        self.last_figures = []
        if len(decision.legal) == 1:
            yield decision.legal[0]
            return
        if self.plan.answers_at_once(decision) or (
                self.plan.decided is not None and self.plan.decided(decision.sample(rng)) is not None):
            yield self.policy.choose(decision, rng)  # nothing to search for, or nothing left to win
            return
        clock = self.clock
        started = clock()
        moves = [action for _, action in self.policy.ranked(decision, rng)[:self.plan.candidates]]
        seat = decision.seat
        deadline = None if self.time_ms is None else started + self.time_ms * (1 - TIME_RESERVE) / 1000.0
        # Per candidate: its result minus the policy's choice's result, deal by deal.
        gains: list[list[float]] = [[] for _ in moves]
        totals = [0.0] * len(moves)
        live = list(range(len(moves)))  # the candidates still played out; the policy's own always
        playouts = 0
        playout_time = 0.0
        done = 0
        while True:
            deal = decision.sample(rng)
            stream = rng.next64()
            results: dict[int, float] = {}
            for j in live:
                began = clock()
                state = deal.clone()
                state.apply(moves[j])
                results[j] = playout(state, self.plan, self.policy, Rng.from_state(stream), seat)[seat]
                now = clock()
                playout_time += now - began
                playouts += 1
                if deadline is not None and now >= deadline and len(results) < len(live):
                    break  # out of time within a deal: it counts for none of them
                yield None  # one playout a slice: a frame never waits for a whole deal
            if len(results) < len(live):
                break
            for j in live:
                gains[j].append(results[j] - results[0])
                totals[j] += results[j]
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            now = clock()
            if deadline is not None and now + playout_time / playouts * len(live) > deadline:
                break  # the next deal would end after the cap
            if self.stop_early:
                live = self._still_open(gains, live, self._left(done, now, deadline, len(live),
                                                                playout_time / playouts))
                if len(live) == 1:
                    break  # the policy's choice is confirmed
        self.last_iterations = done
        chosen = self._pick(gains)
        order = [chosen] + sorted((j for j in range(len(moves)) if j != chosen),
                                  key=lambda j: -totals[j] / max(1, len(gains[j])))
        self.last_figures = [Figure(moves[j], len(gains[j]), totals[j]) for j in order]
        yield moves[chosen]

    def _left(self, done: int, now: float, deadline: float | None, live: int, per_playout: float) -> float:
        """How many more deals the budget allows, at the pace so far."""
        left = math.inf
        if self.iterations is not None:
            left = self.iterations - done
        if deadline is not None:
            left = min(left, (deadline - now) / max(per_playout * live, 1e-9))
        return left

    @staticmethod
    def _still_open(gains: list[list[float]], live: list[int], left: float) -> list[int]:
        """The candidates that may still end up chosen: the policy's own, and every other one that could
        still gain over it (a deal gains at most 1) and is not clearly worse."""
        kept = [0]
        for j in live[1:]:
            values = gains[j]
            if len(values) >= MIN_DEALS:
                if sum(values) + left <= 0:
                    continue  # even winning every deal left by the most it could would not make it better
                mean, error = _mean_error(values)
                if mean + DROP_Z * error < 0:
                    continue
            kept.append(j)
        return kept

    def _pick(self, gains: list[list[float]]) -> int:
        """The candidate with the best mean gain over the policy's choice, if that gain is clear."""
        best, best_gain = 0, 0.0
        for j, values in enumerate(gains[1:], start=1):
            if len(values) < 2:
                continue
            mean, error = _mean_error(values)
            if mean > best_gain and mean > self.plan.margin * error:
                best, best_gain = j, mean
        return best


def _mean_error(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error (at least two values)."""
    n = len(values)
    mean = sum(values) / n
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
