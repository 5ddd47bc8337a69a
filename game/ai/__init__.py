"""Bots that see only an observation. `make_bot(game_id, name)` builds one by name.

Names: `random`, `heuristic` (the game's own rule-of-thumb player), and the levels a player picks:
`easy` (the heuristic with frequent mistakes), `normal` (the heuristic) and `hard` (a search over the
game's own determinizations with its `SEARCH` plan, at most 0.5 s and the plan's `hard_iterations` a
decision, stepped by the match controller: Information Set MCTS, or where the plan names `candidates`,
the improvement of the heuristic's best moves). For tuning and tournaments, `ismcts:N` is ISMCTS with N
iterations a decision and `ismcts:Nms` with N milliseconds, and `improve:N` / `improve:Nms` the same for
the improving search, all with the game's plan. `hint` is a seat that always follows the Hint
(`game.ai.hint.HintFollower`): what a player who takes every hint would play.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from game.ai.base import Bot, Decision, ErringBot, RandomBot
from game.core import UnknownGame

if TYPE_CHECKING:
    from game.ai.plan import SearchPlan

#: The levels the setup screen offers, weakest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
BOT_NAMES: tuple[str, ...] = ("random", "heuristic", *LEVELS, "hint")

EASY_MISTAKE_RATE = 0.35
#: The hard level's cap on one decision, all of it: its searches begin no step the pace says would end later.
HARD_TIME_MS = 500.0


SEARCHES: tuple[str, ...] = ("ismcts", "improve")


def is_bot_name(name: str) -> bool:
    return name in BOT_NAMES or _search_budget(name) is not None


def _search_budget(name: str) -> tuple[str, int | None, float | None] | None:
    """`ismcts:500` -> ("ismcts", 500, None); `improve:250ms` -> ("improve", None, 250.0); else None."""
    kind, _, budget = name.partition(":")
    if kind not in SEARCHES:
        return None
    if budget.endswith("ms") and _positive(budget[:-2]):
        return (kind, None, float(budget[:-2]))
    if _positive(budget):
        return (kind, int(budget), None)
    return None


def _positive(text: str) -> bool:
    """A whole number above 0 in ASCII digits: isdigit() passes "²" (which int() refuses) and "٣", and
    a bot name from a file may have more digits than int() converts."""
    return text.isascii() and text.isdigit() and len(text) <= 9 and int(text) > 0


def game_module(game_id: str, part: str) -> ModuleType | None:
    """`game.<id>.<part>` (its bot, its hints), or None when the game or that module does not exist (other
    import errors raise)."""
    try:
        return importlib.import_module(f"game.{game_id}.{part}")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"game.{game_id}", f"game.{game_id}.{part}"):
            raise
        return None


def _bot_module(game_id: str) -> ModuleType | None:
    return game_module(game_id, "bot")


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
    if name == "hint":
        from game.ai.hint import HintFollower

        return HintFollower()
    plan = search_plan(game_id)
    budget: tuple[str, int | None, float | None] | None
    if name == "hard":
        kind = "improve" if plan is not None and plan.candidates is not None else "ismcts"
        budget = (kind, plan.hard_iterations if plan is not None else None, HARD_TIME_MS)
    else:
        budget = _search_budget(name)
    if budget is None:
        raise UnknownGame(f"there is no bot {name!r}; the bots are: {', '.join(BOT_NAMES)}, "
                          "ismcts:N, ismcts:Nms, improve:N, improve:Nms")
    kind, iterations, time_ms = budget
    if kind == "improve":
        if plan is None or plan.candidates is None:
            raise UnknownGame(f"the game {game_id!r} names no candidates for the improving search")
        from game.ai.improve import ImprovingBot

        return ImprovingBot(plan=plan, iterations=iterations, time_ms=time_ms)
    from game.ai.ismcts import ISMCTSBot

    return ISMCTSBot(iterations=iterations, time_ms=time_ms, plan=plan)


__all__ = ["BOT_NAMES", "LEVELS", "Bot", "Decision", "ErringBot", "RandomBot", "heuristic_bot", "is_bot_name",
           "make_bot", "search_plan"]
