"""Where each seat finished: the one ranking the simulator, the tournament and the history share."""

from __future__ import annotations

from game.core.state import State


def places(state: State) -> list[int]:
    """Each seat's finishing place, 1 the best, tied seats sharing the better place.

    A game that keeps its finishing order (`finishing_order()`: Palace, the loser last) ranks by it;
    any other by its winners first and then by score."""
    order = getattr(state, "finishing_order", None)
    if order is not None:
        ranking = order()
        if sorted(ranking) == list(range(state.num_players)):
            result = [0] * state.num_players
            for place, seat in enumerate(ranking, 1):
                result[seat] = place
            return result
    winners = set(state.winners())
    scores = state.scores()
    keys = [(seat in winners, scores[seat]) for seat in range(state.num_players)]
    return [1 + sum(other > key for other in keys) for key in keys]
