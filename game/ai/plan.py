"""How the searches play a game out: each game's `SearchPlan`, and the playout they share.

A plan is data in the game's bot module (`SEARCH`): which policy plays the moves after the search,
whether a playout stops early and lets an evaluation guess each seat's chance, and which search the
"hard" level runs (ISMCTS over every move, `ismcts.py`, or the improvement of the policy's own few best
moves, `improve.py`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.base import Bot, Decision
from game.core import Rng, State

#: Each seat's result, guessed for a position a playout stopped in, on the scale of the plan's `result`
#: (by default a share of the win: the guesses sum to about 1).
Evaluation = Callable[[State], list[float]]

#: The share of a search's time cap it keeps in reserve: it begins no step that the pace so far says would
#: end later than the rest, so that a step slower than the pace (a longer playout, a busy machine) still
#: ends within the cap.
TIME_RESERVE = 0.05

#: A playout longer than this stops whatever the plan says: deterministic policies can cycle forever
#: (two Palace players passing one pile back and forth), and a search must always answer.
MAX_ROLLOUT = 2_000


@dataclass(frozen=True)
class SearchPlan:
    """How the searches play out one game.

    `rollout`: the policy for the moves after the search tree (None: uniformly random). `cutoff`: after
    this many playout moves, `evaluate` guesses the result instead of playing on (None: play to the end).
    `turns`: the same once the player to move has changed this many times, so that every playout stops
    at the same point of the game however many moves each turn took (Gloria Picktoria's action points).
    `result`: each seat's result of a finished game, from 0 to 1 (None: `outcome`, its share of the win;
    Palace counts not being the loser, PA-R12). `decided`: the result once it is certain before the
    game is over, else None; a playout stops there.
    `exploration` is ISMCTS's UCT constant: lower where evaluations differ little between moves.
    `candidates`: when set, "hard" does not run ISMCTS over every move but compares the rollout policy's
    this many best moves on shared deals and keeps the policy's own choice unless another one is better
    by more than `margin` standard errors (`improve.py`); the policy must rank its moves (`Bot.ranked`).
    `hard_iterations` caps the "hard" level's search besides its time budget, per game, from the
    tournaments in docs/ai-strength.md (quick answers, and a level table that can be measured).
    `quick`: decisions the rollout policy makes alone, at once, without a search: where how long a bot
    thinks would tell the other seats what only it may know (Palace's finishing step, PA-R14).
    """

    rollout: Callable[[], Bot] | None = None
    cutoff: int | None = None
    turns: int | None = None
    evaluate: Evaluation | None = None
    result: Callable[[State], list[float]] | None = None
    decided: Callable[[State], list[float] | None] | None = None
    exploration: float = 0.7
    candidates: int | None = None
    margin: float = 1.0
    hard_iterations: int | None = None
    quick: Callable[[Decision], bool] | None = None

    def answers_at_once(self, decision: Decision) -> bool:
        """Whether the search leaves this decision to its rollout policy (see `quick`)."""
        return self.quick is not None and self.rollout is not None and self.quick(decision)

    def __post_init__(self) -> None:
        if (self.cutoff is not None or self.turns is not None) and self.evaluate is None:
            raise ValueError("a rollout cut-off needs an evaluation")
        if self.candidates is not None and (self.rollout is None or self.candidates < 2):
            raise ValueError("comparing candidates needs a rollout policy and at least two of its moves")


def outcome(state: State) -> list[float]:
    """1 for a sole winner, shared equally on a shared win, 0 for the rest."""
    winners = state.winners()
    result = [0.0] * state.num_players
    for seat in winners:
        result[seat] = 1.0 / len(winners)
    return result


def even_shares(state: State) -> list[float]:
    """No guess available: every seat an equal share, as if the game were drawn."""
    return [1.0 / state.num_players] * state.num_players


def softmax_shares(values: list[float], scale: float) -> list[float]:
    """Win shares from per-seat values: a lead of `scale` makes a seat e (2.7) times as likely to win."""
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def playout(state: State, plan: SearchPlan, policy: Bot | None, rng: Rng,
            mover: int | None = None) -> list[float]:
    """Play `state` on (changing it) with `policy` (None: random) and each seat's share of the result.

    The plan's `turns` count from the turn of `mover` (None: the player to move now); a search that
    compares its own moves passes its seat, so a move that ends its turn is not played a turn further."""
    limit = MAX_ROLLOUT if plan.cutoff is None else min(plan.cutoff, MAX_ROLLOUT)
    moves = 0
    turns = plan.turns
    player = state.current_player if mover is None else mover
    if turns is not None and state.current_player != player:
        turns -= 1
        player = state.current_player
    while not state.is_terminal():
        if plan.decided is not None:
            result = plan.decided(state)
            if result is not None:
                return result
        if moves >= limit or turns == 0:
            return plan.evaluate(state) if plan.evaluate is not None else even_shares(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif policy is None:
            action = legal[rng.randbelow(len(legal))]
        else:
            mover = state.current_player
            assert mover is not None  # the state is not over: a seat decides
            action = policy.choose(Decision.of(state, mover), rng)
        state.apply(action)
        moves += 1
        if turns is not None and state.current_player != player:
            turns -= 1
            player = state.current_player
    return plan.result(state) if plan.result is not None else outcome(state)
