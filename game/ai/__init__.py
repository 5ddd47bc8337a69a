"""Bots that see only an observation. `make_bot(game_id, name)` builds one by name.

Names: `random`, `heuristic` (the game's own rule-of-thumb player), and the levels a player picks:
`easy` (the heuristic with frequent mistakes), `normal` (the heuristic) and `hard` (Information Set
MCTS over the game's own determinizations and its `SEARCH` plan, at most 0.9 s and the plan's
`hard_iterations` a decision, stepped by the match controller). For tuning and tournaments, `ismcts:N`
is ISMCTS with N iterations a decision and `ismcts:Nms` with N milliseconds, both with the game's plan.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from ..core import UnknownGame
from .base import Bot, Decision, ErringBot, RandomBot

if TYPE_CHECKING:
    from .ismcts import SearchPlan

#: The levels the setup screen offers, weakest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
BOT_NAMES: tuple[str, ...] = ("random", "heuristic", *LEVELS)

EASY_MISTAKE_RATE = 0.35
HARD_TIME_MS = 900.0


def is_bot_name(name: str) -> bool:
    return name in BOT_NAMES or _ismcts_budget(name) is not None


def _ismcts_budget(name: str) -> tuple[int | None, float | None] | None:
    """`ismcts:500` -> (500, None); `ismcts:250ms` -> (None, 250.0); anything else None."""
    kind, _, budget = name.partition(":")
    if kind != "ismcts":
        return None
    if budget.endswith("ms") and budget[:-2].isdigit() and int(budget[:-2]) > 0:
        return (None, float(budget[:-2]))
    if budget.isdigit() and int(budget) > 0:
        return (int(budget), None)
    return None


def _bot_module(game_id: str) -> ModuleType | None:
    """`game.<id>.bot`, or None when the game or its bot module does not exist (other import errors raise)."""
    try:
        return importlib.import_module(f"game.{game_id}.bot")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"game.{game_id}", f"game.{game_id}.bot"):
            raise
        return None


def heuristic_bot(game_id: str) -> Bot:
    """The game's heuristic bot (`game.<id>.bot.HeuristicBot`)."""
    module = _bot_module(game_id)
    if module is None:
        raise UnknownGame(f"the game {game_id!r} has no heuristic bot")
    return module.HeuristicBot()


def search_plan(game_id: str) -> SearchPlan | None:
    """How ISMCTS plays out this game: the `SEARCH` plan in its bot module, if it has one."""
    return getattr(_bot_module(game_id), "SEARCH", None)


def make_bot(game_id: str, name: str) -> Bot:
    if name == "random":
        return RandomBot()
    if name in ("heuristic", "normal"):
        return heuristic_bot(game_id)
    if name == "easy":
        return ErringBot(heuristic_bot(game_id), EASY_MISTAKE_RATE)
    plan = search_plan(game_id)
    budget = (plan and plan.hard_iterations, HARD_TIME_MS) if name == "hard" else _ismcts_budget(name)
    if budget is not None:
        from .ismcts import ISMCTSBot

        return ISMCTSBot(iterations=budget[0], time_ms=budget[1], plan=plan)
    raise UnknownGame(f"there is no bot {name!r}; the bots are: {', '.join(BOT_NAMES)}, ismcts:N, ismcts:Nms")


__all__ = ["BOT_NAMES", "LEVELS", "Bot", "Decision", "ErringBot", "RandomBot", "heuristic_bot", "is_bot_name",
           "make_bot", "search_plan"]
