"""A study's figures from its summed tallies, each with a 95% interval.

Win and loser rates use Wilson score intervals and mean places the normal approximation
(`tools.simulate.wilson`, `mean_interval`); a difference of two rates (a card's improvement when held)
uses Newcombe's hybrid score interval, built from the two Wilson intervals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from game.balance.cards import table_for
from game.intervals import mean_interval, percentile, wilson

DIGITS = 4


def _r(value: float) -> float:
    return round(value, DIGITS)


def rate(successes: float, trials: int) -> dict[str, Any]:
    """A rate with its Wilson interval: {"n", "rate", "ci95"}."""
    low, high = wilson(successes, trials)
    return {"n": trials, "rate": _r(successes / trials) if trials else 0.0, "ci95": [_r(low), _r(high)]}


def difference(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """`first` rate minus `second` with Newcombe's hybrid score interval (both from `rate`); None where
    either rate has no games (a card every seat held: nothing to compare with)."""
    if not first["n"] or not second["n"]:
        return {"difference": None, "ci95": None}
    p1, (l1, u1) = first["rate"], first["ci95"]
    p2, (l2, u2) = second["rate"], second["ci95"]
    d = p1 - p2
    return {"difference": _r(d), "ci95": [_r(d - math.hypot(p1 - l1, u2 - p2)),
                                           _r(d + math.hypot(u1 - p1, p2 - l2))]}


def histogram(counts: Mapping[str, int]) -> dict[str, Any]:
    """A histogram (value -> games) with its mean, 95% interval of the mean, median, p95 and maximum."""
    pairs = sorted((int(value), n) for value, n in counts.items())
    total = sum(n for _, n in pairs)
    out: dict[str, Any] = {"counts": {str(value): n for value, n in pairs}, "games": total}
    if not total:
        return {**out, "mean": 0.0, "ci95": [0.0, 0.0], "median": 0, "p95": 0, "max": 0}
    mean = sum(value * n for value, n in pairs) / total
    variance = sum(n * (value - mean) ** 2 for value, n in pairs) / (total - 1) if total > 1 else 0.0
    half = 1.96 * math.sqrt(variance / total)
    values = [float(value) for value, n in pairs for _ in range(n)]
    return {**out, "mean": _r(mean), "ci95": [_r(mean - half), _r(mean + half)],
            "median": int(percentile(values, 0.5)), "p95": int(percentile(values, 0.95)),
            "max": int(values[-1])}


def place_figures(place_counts: list[int]) -> dict[str, Any]:
    mean, low, high = mean_interval(place_counts)
    return {"counts": place_counts, "mean": _r(mean), "ci95": [_r(low), _r(high)]}


def seat_figures(tally: dict[str, Any]) -> list[dict[str, Any]]:
    finished = tally["finished"]
    return [{"seat": seat, "win": rate(tally["wins"][seat], finished),
             "loser": rate(tally["losses"][seat], finished),
             "place": place_figures(tally["place_counts"][seat])} for seat in range(len(tally["wins"]))]


def card_figures(game_id: str, tally: dict[str, Any]) -> list[dict[str, Any]]:
    """Per card: a seat's win rate when it held the card, played it and never held it, beside the
    baseline (every seat-game), with 'improvement when held' (held minus never held: 17lands' IWD)."""
    table = table_for(game_id)
    seat_games = tally["finished"] * len(tally["wins"])
    all_wins = sum(tally["wins"])
    base = rate(all_wins, seat_games)
    order = {card: n for n, card in enumerate(table.cards())}
    out = []
    for kind in sorted(tally["cards"], key=lambda k: (order.get(k, len(order)), k)):
        held_n, held_wins, played_n, played_wins = tally["cards"][kind]
        held = rate(held_wins, held_n)
        never = rate(all_wins - held_wins, seat_games - held_n)
        out.append({"card": kind, "label": table.label(kind), "held": held,
                    "played": rate(played_wins, played_n), "never": never, "baseline": base["rate"],
                    "improvement_held": difference(held, never)})
    return out


def study_figures(game_id: str, main: dict[str, Any], skill: dict[str, Any] | None,
                  skill_levels: tuple[str, str] | None = None, seated: str | None = None) -> dict[str, Any]:
    """Every figure of a study (what report.json holds); `seated` is the bot the stronger skill level
    was played as (`hard` as its search with the iteration cap alone)."""
    table = table_for(game_id)
    figures: dict[str, Any] = {
        "games": main["games"], "finished": main["finished"], "cut_off": main["cut_off"],
        "timed_out": main["timed_out"], "errors": main["errors"], "error_texts": main["error_texts"][:20],
        "seats": seat_figures(main),
        "length": {"actions": histogram(main["actions"]),
                   **{name: histogram(counts) for name, counts in sorted(main["lengths"].items())}},
        "cards": card_figures(game_id, main),
        "drama": {**rate(main["drama"][1], main["drama"][0]), "standing": table.standing_text},
    }
    if skill is not None and skill_levels is not None:
        figures["skill"] = skill_figures(skill, skill_levels, seated)
    figures["biases"] = biases(game_id)
    return figures


def skill_figures(tally: dict[str, Any], levels: tuple[str, str],
                  seated: str | None = None) -> dict[str, Any]:
    """The stronger level's record against the weaker on the same deals (one seat of it, rotated);
    `seated` is the bot name it played as, where that differs from the level's."""
    strong, weak = levels
    players = len(tally["wins"])
    games, wins, losses, counts = tally["bots"].get(seated or strong, [0, 0.0, 0.0, [0] * players])
    return {"level": strong, "seated_as": seated or strong, "against": weak, "games": tally["games"],
            "errors": tally["errors"],
            "cut_off": tally["cut_off"] + tally["timed_out"], "win": rate(wins, games),
            "loser": rate(losses, games), "place": place_figures(counts), "fair_share": _r(1 / players)}


def biases(game_id: str) -> str:
    table = table_for(game_id)
    general = (
        "These figures are observational and lean in known ways. A card's win rates compare seats that "
        "held or played it with seats that did not, and holding is not chance: a seat that drafts, draws "
        "or keeps a card, or lives long enough to play it, is often already winning (survivorship), so "
        "'played' flatters cards that come late and 'never held' mixes short games with weak positions; "
        f"the lab counts each {table.counted} once per seat and game however many copies it held. Wins "
        "shared by several seats count as a fraction for each, so the baseline is one over the number of "
        "seats. Every figure is for the bots seated, not for people: a card the bots misplay looks weak. "
        "Seat figures come from duplicate deals, each deal played once per distinct rotation of the bots, "
        "so a seat's luck of the deal cancels only across rotations of different bots. Drama reads "
        f"the standing ({table.standing_text}) after half of the game's actions: a game whose score moves "
        "only at the end of a round or chapter shows many ties there, and a tie for the lead is not "
        "behind. Games cut off by the action limit, timed out or failed are left out of every rate and "
        "counted apart; intervals are 95% and assume independent games."
    )
    return f"{general} {table.bias}" if table.bias else general
