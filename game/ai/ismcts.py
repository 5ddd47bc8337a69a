"""Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012).

One tree over the bot's information set: every iteration draws a determinization from the bot's own
knowledge (`Decision.sample`, i.e. `State.determinize`, never the true state), walks the tree with UCT
restricted to the actions legal in that determinization (counting how often each child was
available), expands one untried action, plays on with the game's rollout policy, and backs up each
seat's result to the nodes where that seat chose.

How a game is played out is data in its bot module (`SEARCH`, a `SearchPlan`, see `plan.py`). The bot
is anytime: `think` yields between slices of iterations so the match controller can step it inside the
frame budget, and it stops before its budget once the most visited move can no longer be overtaken. Its
time is a cap: it begins no iteration that the pace so far says would end past it (less `TIME_RESERVE`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from game.ai.base import AnytimeBot, Decision, Figure
from game.ai.plan import TIME_RESERVE, SearchPlan, playout
from game.core import Action, Rng, State


@dataclass(eq=False)
class _Node:
    player: int | None  # the seat whose choice led here (whose result this node accumulates)
    children: dict[Action, _Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    available: int = 0


class ISMCTSBot(AnytimeBot):
    """`iterations` or `time_ms` (or both: whichever ends first) bound one decision."""

    name = "ismcts"
    slow = True  # the match controller may move it to a worker process

    def __init__(self, *, iterations: int | None = None, time_ms: float | None = None,
                 plan: SearchPlan | None = None, exploration: float | None = None,
                 slice_iterations: int = 8, stop_early: bool = True, reuse: bool = False,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if iterations is None and time_ms is None:
            raise ValueError("ISMCTS needs a budget: iterations or time_ms")
        self.iterations = iterations
        self.time_ms = time_ms
        self.plan = plan or SearchPlan()
        self.exploration = self.plan.exploration if exploration is None else exploration
        self.rollout_bot = self.plan.rollout() if self.plan.rollout is not None else None
        self.slice_iterations = max(1, slice_iterations)
        self.stop_early = stop_early
        #: keep the tree of the chosen move for the seat's next decision when that follows it directly
        #: (`Decision.since`). Off by default and for hard: its statistics come from the information set
        #: before the move, and a move can show cards (Palastgeflüster's multi-step cards); in 100 duplicate
        #: games hard won 41.0% with it and 47.7% without (docs/ai-strength.md)
        self.reuse = reuse
        self.clock = clock  # the search's clock (tests give a fake one)
        self._kept: tuple[int, _Node] | None = None  # (seat, the root of its last decision)
        self.last_iterations = 0  # how many the last decision used (for benchmarks)
        self.last_reused = 0  # how many visits of the tree kept from the decision before it brought along
        #: the root's moves with their visits and summed results, the chosen move first (for a hint)
        self.last_figures: list[Figure] = []

    def think(self, decision: Decision, rng: Rng) -> Iterator[Action | None]:
        self.last_figures = []
        kept, self._kept = self._kept, None  # a decision not searched leaves nothing to go on with
        self.last_reused = 0
        if len(decision.legal) == 1:
            self.last_iterations = 0
            yield decision.legal[0]
            return
        if self.plan.answers_at_once(decision) and self.rollout_bot is not None:
            self.last_iterations = 0
            yield self.rollout_bot.choose(decision, rng)
            return
        if self.plan.decided is not None and self.plan.decided(decision.sample(rng)) is not None:
            # Nothing left to win (the plan says the result is settled): every move would search as
            # equally good and the game could go round in circles, so play on with the rollout policy,
            # as people do.
            self.last_iterations = 0
            yield self.rollout_bot.choose(decision, rng) if self.rollout_bot else rng.choice(decision.legal)
            return
        root = self._reused(kept, decision) or _Node(player=None)
        clock = self.clock
        started = clock()
        deadline = None if self.time_ms is None else started + self.time_ms * (1 - TIME_RESERVE) / 1000.0
        # Visits the kept tree brings count against the iteration budget: that is the time reuse saves.
        carried = self.last_reused = sum(child.visits for child in root.children.values())
        done = 0
        while True:
            self._iterate(root, decision.sample(rng), rng)
            done += 1
            if self.iterations is not None and carried + done >= self.iterations:
                break
            now = clock()
            # The pace so far says whether one more iteration still ends within the cap.
            if deadline is not None and now + (now - started) / done > deadline:
                break
            if done % self.slice_iterations == 0:
                left = self._left(carried + done, done, started, now, deadline)
                if self.stop_early and self._settled(root, decision.legal, left):
                    break
                yield None
        self.last_iterations = done
        best = self._best(root, decision.legal)
        self.last_figures = self._figures(root, decision.legal, best)
        if self.reuse:
            self._kept = (decision.seat, root)
        yield best

    def _reused(self, kept: tuple[int, _Node] | None, decision: Decision) -> _Node | None:
        """The kept tree's node for this decision, as a new root, when the seat's last decision leads here
        by actions it saw (`Decision.since`); only the children where this seat chose are kept."""
        if not self.reuse or kept is None or decision.since is None or kept[0] != decision.seat:
            return None
        node = kept[1]
        for action in decision.since:
            child = node.children.get(action)
            if child is None:
                return None
            node = child
        children = {action: child for action, child in node.children.items()
                    if child.player == decision.seat and child.visits > 0 and action in decision.legal}
        if not children:
            return None
        return _Node(player=None, children=children, visits=sum(c.visits for c in children.values()))

    def _left(self, total: int, done: int, started: float, now: float, deadline: float | None) -> float:
        """How many more iterations the budget allows (`total` of it used, `done` of them in this call),
        at the pace so far."""
        left = math.inf
        if self.iterations is not None:
            left = self.iterations - total
        if deadline is not None:
            pace = done / max(now - started, 1e-9)
            left = min(left, (deadline - now) * pace)
        return left

    @staticmethod
    def _settled(root: _Node, legal: list[Action], left: float) -> bool:
        """True when the most visited move stays the most visited whatever the remaining iterations do."""
        visits = sorted((root.children[a].visits for a in legal if a in root.children), reverse=True)
        if len(visits) < len(legal):
            return False
        return visits[0] - visits[1] > left

    def _iterate(self, root: _Node, state: State, rng: Rng) -> None:
        node = root
        path = [root]
        # Selection: descend while every action legal in this determinization has a child.
        while not state.is_terminal():
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                for action in legal:
                    if action in node.children:
                        node.children[action].available += 1
                action = untried[rng.randbelow(len(untried))]
                child = _Node(player=state.current_player, available=1)
                node.children[action] = child
                state.apply(action)
                path.append(child)
                break
            action, node = self._select(node, legal)
            state.apply(action)
            path.append(node)
        result = playout(state, self.plan, self.rollout_bot, rng)
        for visited in path:
            visited.visits += 1
            if visited.player is not None:
                visited.reward += result[visited.player]

    def _select(self, node: _Node, legal: list[Action]) -> tuple[Action, _Node]:
        """UCT over the children legal here; each of them was available once more."""
        best_value = -math.inf
        best_action = legal[0]
        best_child = node.children[best_action]
        for action in legal:
            child = node.children[action]
            child.available += 1
            value = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits)
            if value > best_value:
                best_value, best_action, best_child = value, action, child
        return best_action, best_child

    @staticmethod
    def _figures(root: _Node, legal: list[Action], best: Action) -> list[Figure]:
        """The visited legal moves, the chosen one first, then by visits."""
        visited = [(a, root.children[a]) for a in legal if a in root.children and root.children[a].visits]
        visited.sort(key=lambda pair: (pair[0] != best, -pair[1].visits))
        return [Figure(action, child.visits, child.reward) for action, child in visited]

    @staticmethod
    def _best(root: _Node, legal: list[Action]) -> Action:
        """The most visited legal root action (ties: the better mean, then the action order)."""
        def key(action: Action) -> tuple[int, float]:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                return (0, 0.0)
            return (child.visits, child.reward / child.visits)

        return max(legal, key=key)
