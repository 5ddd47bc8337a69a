"""Hints: the move a level would choose for a seat, and why, as data.

`hint(decision, rng, level)` runs the level's bot on the Decision (so it sees only the seat's observation,
its legal actions and determinized samples, never the true position) and returns a Hint: the action, its
reasons and the search's figures. A reason is a message id with parameters, never a sentence: the words
live in one place per game (`game.<id>.hints.MESSAGES`, next to the game's `reasons` function that reads
the heuristic's own terms), and the search's words here in `MESSAGES`. The templates are English texts
marked for the catalogues (game.i18n `N_`); `render` turns a reason into words in the chosen language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from game.ai import heuristic_bot, make_bot, search_plan
from game.ai.base import Bot, Decision, Figure
from game.core import Action, Rng
from game.i18n import N_, seat_label, tr

#: The level a hint asks by default: the strongest one a player can pick.
DEFAULT_LEVEL = "hard"
#: How many reasons a one-line explanation shows (the rest stay in the data, for tools).
LINE_REASONS = 2


@dataclass(frozen=True)
class Reason:
    """One reason: a message id and its parameters (numbers, seats, card ids: data, not words)."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reason:
        return cls(str(data["id"]), dict(data.get("params") or {}))


@dataclass(frozen=True)
class Hint:
    """The action `level` would choose, the reasons for it (the game's first, then the search's) and
    what the search found for each move it compared, the chosen one first (empty for the heuristic)."""

    action: Action
    reasons: tuple[Reason, ...]
    figures: tuple[Figure, ...] = ()
    level: str = DEFAULT_LEVEL

    def to_dict(self) -> dict[str, Any]:
        """JSON data (for the worker process and for tools)."""
        return {"action": str(self.action), "level": self.level,
                "reasons": [r.to_dict() for r in self.reasons],
                "figures": [[str(f.action), f.games, f.result] for f in self.figures]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hint:
        return cls(Action.parse(data["action"]), tuple(Reason.from_dict(r) for r in data["reasons"]),
                   tuple(Figure(Action.parse(a), int(g), float(r)) for a, g, r in data["figures"]),
                   str(data["level"]))


#: The search's words (the games' own are in their hints modules).
MESSAGES: dict[str, str] = {
    "only_move": N_("it is the only move you have"),
    "rule_of_thumb": N_("it is what a good player's rule of thumb picks here"),
    "search_won": N_("{won} of {games} simulated games won with this, {next_won} of {next_games} with "
                     "{next}"),
    "search_alone": N_("{won} of {games} simulated games won with this"),
    "search_chance": N_("simulated play gives this a {chance}% chance to win, {next_chance}% for {next}"),
    "search_chance_alone": N_("simulated play gives this a {chance}% chance to win"),
    "search_overrules": N_("the simulated games found it better than the rule of thumb's choice ({other})"),
    # A move the search kept although another's figure looks as good or better: said so, and why.
    "search_tie": N_("simulated play rates this and {next} the same ({chance}%)"),
    "search_tie_plain": N_("simulated play rates this and {next} the same ({chance}%), so the rule of "
                           "thumb's choice stands"),
    # (a figure that looks better is within the noise: no number, as the hinted move's is never shown lower)
    "search_noise": N_("simulated play finds no difference between this and {next} beyond the simulations' "
                       "noise: the move the search tried most stands"),
    "search_noise_plain": N_("simulated play finds no difference between this and {next} beyond the "
                             "simulations' noise, so the plainer move (the rule of thumb's) stands"),
}


def hint(decision: Decision, rng: Rng, level: str = DEFAULT_LEVEL) -> Hint:
    """What `level` would play in `decision` and why. `rng` is the hint's own random source."""
    bot = make_bot(decision.game_id, level)
    action = bot.choose(decision, rng.clone())
    if len(decision.legal) == 1:
        return Hint(action, (Reason("only_move"),), (), level)
    figures = tuple(getattr(bot, "last_figures", ()) or ())
    reasons = list(game_reasons(decision, action, rng.clone()))
    reasons.extend(_search_reasons(decision, action, figures, rng.clone()))
    if not reasons:
        reasons.append(Reason("rule_of_thumb"))
    return Hint(action, tuple(reasons), figures, level)


class HintFollower(Bot):
    """A seat that plays what the Hint says, every time: `hint()` on the same Decision and random stream
    the table's Hint is given (Match.ask_hint), so tools can measure how far following the hints gets a
    player (`python -m tools.tournament --levels hint`)."""

    name = "hint"
    slow = True  # it searches as the hard level does: the match controller may move it to a worker process

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = level

    def choose(self, decision: Decision, rng: Rng) -> Action:
        return hint(decision, rng, self.level).action


def game_reasons(decision: Decision, action: Action, rng: Rng) -> list[Reason]:
    """The game's reasons for `action`, in its heuristic's terms (none for a game without a hints module)."""
    module = _hints_module(decision.game_id)
    if module is None:
        return []
    reasons: Callable[[Decision, Action, Rng], list[Reason]] = module.reasons
    return reasons(decision, action, rng)


#: a move the search tried fewer times than this has no figure worth saying (one playout is a coin toss),
#: so the words "{games} simulated games" always count two or more
MIN_GAMES_SAID = 2


def _search_reasons(decision: Decision, action: Action, figures: Sequence[Figure], rng: Rng) -> list[Reason]:
    """The search's figures as reasons that agree with the move: every figure is said at one rounding
    (`shown_percent`), the next best move's beside the chosen one's, and the chosen one's is never shown
    lower. A move kept against a figure that looks as good or better is said to be kept, and why (the
    difference is within the search's noise), never presented as the better one."""
    if not figures or figures[0].games < MIN_GAMES_SAID:
        return []
    chosen = figures[0]
    figures = [chosen, *(figure for figure in figures[1:] if figure.games >= MIN_GAMES_SAID)]
    # Playouts that stop early end in a guessed chance, not a won or lost game: say it as a chance.
    plan = search_plan(decision.game_id)
    guessed = plan is not None and (plan.cutoff is not None or plan.turns is not None)
    params: dict[str, Any] = {"won": round(chosen.result), "games": chosen.games,
                              "chance": shown_percent(chosen)}
    if len(figures) == 1:
        return [Reason("search_chance_alone" if guessed else "search_alone", params)]
    other = figures[1]
    params.update(next_won=round(other.result), next_games=other.games, next_chance=shown_percent(other),
                  next=str(other.action))
    policy = _rule_of_thumb(decision, rng)
    plain = policy is None or policy == action  # the search kept the rule of thumb's move
    if params["chance"] > params["next_chance"]:
        out = [Reason("search_chance", params)]
        if not plain:
            out.append(Reason("search_overrules", {"other": str(policy)}))
        return out
    if params["chance"] == params["next_chance"]:
        return [Reason("search_tie_plain" if plain else "search_tie", params)]
    return [Reason("search_noise_plain" if plain else "search_noise", params)]


def shown_percent(figure: Figure) -> int:
    """A figure's chance to win in whole percent: the one rounding every figure is shown at."""
    return round(100 * figure.result / figure.games) if figure.games else 0


def _rule_of_thumb(decision: Decision, rng: Rng) -> Action | None:
    """The heuristic's own choice here (None for a game without one)."""
    try:
        bot: Bot = heuristic_bot(decision.game_id)
    except Exception:  # a game without a heuristic (the test games): nothing to compare with
        return None
    return bot.choose(decision, rng)


def _hints_module(game_id: str) -> ModuleType | None:
    from game.ai import game_module

    return game_module(game_id, "hints")


# -- words -------------------------------------------------------------------------------------------
def render(game_id: str, reason: Reason, names: Sequence[str] | None = None) -> str:
    """A reason in the chosen language (its template translated: the games mark theirs with N_). Seats
    become `names` (default "Seat N"), actions and cards the game's words."""
    module = _hints_module(game_id)
    messages: Mapping[str, str] = getattr(module, "MESSAGES", {})
    template = messages.get(reason.id) or MESSAGES.get(reason.id)
    if template is None:
        return reason.id
    template = tr(template)
    params = {key: _word(module, key, value, names) for key, value in reason.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):  # a template and its parameters out of step: say the id
        return reason.id


def _word(module: ModuleType | None, key: str, value: Any, names: Sequence[str] | None) -> Any:
    if key in ("seat", "receiver", "leader") and isinstance(value, int):
        return seat_label(value, names)
    if key in ("next", "other") and isinstance(value, str):
        words: Callable[[str], str] | None = getattr(module, "action_words", None)
        return words(value) if words is not None else value
    if key == "card" and isinstance(value, str):
        card_words: Callable[[str], str] | None = getattr(module, "card_words", None)
        return card_words(value) if card_words is not None else value
    return value


def explain(game_id: str, found: Hint, names: Sequence[str] | None = None, *,
            limit: int = LINE_REASONS) -> str:
    """The hint's first reasons in one line, as the table shows it."""
    text = "; ".join(render(game_id, r, names) for r in found.reasons[:limit])
    return text[:1].upper() + text[1:] + "." if text else ""


def action_words(game_id: str, action: Action | str) -> str:
    """An action as the game says it to a player (its text when the game has no words for it)."""
    module = _hints_module(game_id)
    words: Callable[[str], str] | None = getattr(module, "action_words", None)
    return words(str(action)) if words is not None else str(action)
