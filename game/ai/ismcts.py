"""Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012).

One tree over the bot's information set: every iteration draws a determinization from the bot's own
knowledge (`Decision.sample`, i.e. `State.determinize`, never the true state), walks the tree with UCT
restricted to the actions legal in that determinization (counting how often each child was
available), expands one untried action, plays the rest out with the rollout policy, and backs up each
seat's result to the nodes where that seat chose. The bot is anytime: `think` yields between slices
of iterations so the match controller can step it inside the frame budget.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..core import Action, Rng, State
from .base import Bot, Decision


@dataclass(eq=False)
class _Node:
    player: int | None  # the seat whose choice led here (whose result this node accumulates)
    children: dict[Action, _Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    available: int = 0


def outcome(state: State) -> list[float]:
    """1 for a sole winner, shared equally on a shared win, 0 for the rest."""
    winners = state.winners()
    result = [0.0] * state.num_players
    for seat in winners:
        result[seat] = 1.0 / len(winners)
    return result


class ISMCTSBot(Bot):
    """`iterations` or `time_ms` (or both: whichever ends first) bound one decision."""

    name = "ismcts"
    slow = True  # the match controller may move it to a worker process

    def __init__(self, *, iterations: int | None = None, time_ms: float | None = None,
                 exploration: float = 0.7, slice_iterations: int = 8) -> None:
        if iterations is None and time_ms is None:
            raise ValueError("ISMCTS needs a budget: iterations or time_ms")
        self.iterations = iterations
        self.time_ms = time_ms
        self.exploration = exploration
        self.slice_iterations = max(1, slice_iterations)
        self.last_iterations = 0  # how many the last decision used (for benchmarks)

    def choose(self, decision: Decision, rng: Rng) -> Action:
        for action in self.think(decision, rng):
            if action is not None:
                return action
        raise RuntimeError("ISMCTS ended without a decision")  # think always ends with an action

    def think(self, decision: Decision, rng: Rng) -> Iterator[Action | None]:
        if len(decision.legal) == 1:
            self.last_iterations = 0
            yield decision.legal[0]
            return
        root = _Node(player=None)
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000.0
        done = 0
        while True:
            self._iterate(root, decision.sample(rng), rng)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if done % self.slice_iterations == 0:
                yield None
        self.last_iterations = done
        yield self._best(root, decision.legal)

    def _iterate(self, root: _Node, state: State, rng: Rng) -> None:
        node = root
        path = [root]
        # Selection: descend while every action legal in this determinization has a child.
        while not state.is_terminal():
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.randbelow(len(untried))]
                mover = state.current_player
                child = _Node(player=mover)
                node.children[action] = child
                child.available += 1
                state.apply(action)
                path.append(child)
                break
            action, node = self._select(node, legal)
            state.apply(action)
            path.append(node)
        # Rollout: uniformly random to the end.
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        result = outcome(state)
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
    def _best(root: _Node, legal: list[Action]) -> Action:
        """The most visited legal root action (ties: the better mean, then the action order)."""
        def key(action: Action) -> tuple[int, float]:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                return (0, 0.0)
            return (child.visits, child.reward / child.visits)

        return max(legal, key=key)
