"""Elo ratings of the AI levels from duplicate games, and the file that keeps them for the setup screen.

The model is Bradley-Terry on the Elo scale: a player rated d points above another wins with probability
1 / (1 + 10 ** (-d / 400)), so 76% is about +200. A game of several players counts as one pairwise
result between the rated seat and each opponent, by finishing place (`game.core.standings.places`): the
better place wins, a shared place is half a win to each. The ratings are the maximum likelihood fit
(Newton's method), anchored so that the `random` bot is 1000; a player the results do not connect to it
gets no rating. Every pairing also counts one drawn game (a weak prior), so a level that won every game
still gets a finite rating; any other record of a few hundred results it moves by a few points at most.

The 95% interval of a rating is a seeded bootstrap over deals: a deal, played once per seat rotation, is
the unit (its games share the cards, and one game's pairwise results share the game, so neither is
independent). The deals are drawn with replacement within each cell (a level against one kind of
opponent), so every cell keeps its size, and the interval runs from the 2.5th to the 97.5th percentile of
the refitted ratings. It is never narrower than the interval from the Fisher information (±1.96 standard
errors): a level that won every game wins every game of every resample, which no bootstrap can widen.
"""

from __future__ import annotations

import json
import logging
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from game.core.datafile import DataFileError, read_toml
from game.intervals import percentile

log = logging.getLogger(__name__)

ANCHOR = "random"
ANCHOR_RATING = 1000.0
#: drawn games added to every pairing: keeps a perfect record finite
PRIOR_DRAWS = 1.0
RESAMPLES = 200
#: the measured ratings, written by `python -m tools.tournament --report --write-ratings`
RATINGS_FILE = Path(__file__).parent / "ai" / "ratings.toml"
#: the file holds a few lines a game: anything much larger is not it
MAX_FILE_BYTES = 64 * 1024
#: a rating outside this range is a damaged file, not a measurement
PLAUSIBLE = (0.0, 5000.0)
_ELO = 400.0 / math.log(10.0)  # Elo points per unit of natural log-strength

#: (player, opponent, the player's score: 1 a win, 0.5 a shared place, 0 a loss)
Result = tuple[str, str, float]
#: per pair of players (in name order): [the first one's score, games]
Tally = dict[tuple[str, str], list[float]]


@dataclass(frozen=True)
class Rating:
    elo: float
    low: float
    high: float
    #: the pairwise results the player took part in
    results: int


def pairwise(bots: Sequence[str], places: Sequence[int], seat: int = 0) -> list[Result]:
    """One game as results between `seat` and each other seat, by place (1 the best, ties shared)."""
    mine = places[seat]
    return [(bots[seat], bots[other], 1.0 if mine < place else 0.5 if mine == place else 0.0)
            for other, place in enumerate(places) if other != seat and bots[other] != bots[seat]]


def tally(results: Iterable[Result], into: Tally | None = None) -> Tally:
    counts: Tally = {} if into is None else into
    for a, b, score in results:
        if a > b:
            a, b, score = b, a, 1.0 - score
        entry = counts.setdefault((a, b), [0.0, 0.0])
        entry[0] += score
        entry[1] += 1.0
    return counts


def _merge(into: Tally, counts: Tally) -> None:
    for pair, (score, games) in counts.items():
        entry = into.setdefault(pair, [0.0, 0.0])
        entry[0] += score
        entry[1] += games


def _connected(counts: Tally, start: str) -> list[str]:
    reached, todo = {start}, [start]
    while todo:
        player = todo.pop()
        for a, b in counts:
            for one, other in ((a, b), (b, a)):
                if one == player and other not in reached:
                    reached.add(other)
                    todo.append(other)
    return sorted(reached)


def fit(counts: Tally, anchor: str = ANCHOR) -> dict[str, float]:
    """The maximum likelihood ratings of the players connected to `anchor` ({} without it)."""
    return _fit(counts, anchor)[0]


def _fit(counts: Tally, anchor: str) -> tuple[dict[str, float], dict[str, float]]:
    """The ratings and their standard errors from the Fisher information, both in Elo points."""
    if not any(anchor in pair for pair in counts):
        return {}, {}
    free = [p for p in _connected(counts, anchor) if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    pairs = [(a, b, score + PRIOR_DRAWS / 2, games + PRIOR_DRAWS) for (a, b), (score, games) in counts.items()
             if a in index or b in index]
    theta = dict.fromkeys(free, 0.0)
    theta[anchor] = 0.0

    def likelihood(values: Mapping[str, float]) -> float:
        return sum(s * (values[a] - values[b]) - n * _softplus(values[a] - values[b]) for a, b, s, n in pairs)

    information: list[list[float]] = []
    for _ in range(100):  # Newton's method on the natural log-strengths, the anchor's held at 0
        gradient = [0.0] * len(free)
        information = [[0.0] * len(free) for _ in free]
        for a, b, s, n in pairs:
            p = math.exp(-_softplus(theta[b] - theta[a]))  # the chance that a beats b
            g, w = s - n * p, n * p * (1.0 - p)
            for one, sign in ((a, 1.0), (b, -1.0)):
                if one in index:
                    gradient[index[one]] += sign * g
                    information[index[one]][index[one]] += w
            if a in index and b in index:
                information[index[a]][index[b]] -= w
                information[index[b]][index[a]] -= w
        step = _solve(information, gradient)
        before, scale = likelihood(theta), 1.0
        while True:  # the likelihood is concave: halve a step that overshoots
            trial = {p: theta[p] + scale * step[index[p]] if p in index else 0.0 for p in theta}
            if likelihood(trial) >= before - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta = trial
        if max((abs(x) * scale for x in step), default=0.0) < 1e-9:
            break
    errors = {p: _ELO * math.sqrt(max(0.0, _solve(information, [float(i == j) for j in range(len(free))])[i]))
              for p, i in index.items()}
    errors[anchor] = 0.0
    return {p: ANCHOR_RATING + _ELO * value for p, value in theta.items()}, errors


def _softplus(x: float) -> float:
    """log(1 + e**x) without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and positive definite)."""
    n = len(vector)
    rows = [row[:] + [value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    out = [0.0] * n
    for r in reversed(range(n)):
        out[r] = (rows[r][n] - sum(rows[r][c] * out[c] for c in range(r + 1, n))) / rows[r][r]
    return out


def rate(cells: Sequence[Sequence[Sequence[Result]]], resamples: int = RESAMPLES, seed: int = 1,
         anchor: str = ANCHOR) -> dict[str, Rating]:
    """Ratings with 95% intervals; `cells` holds each cell's deals, a deal all its games' results."""
    deal_counts = [[tally(deal) for deal in cell] for cell in cells]
    whole: Tally = {}
    for cell in deal_counts:
        for counts in cell:
            _merge(whole, counts)
    point, errors = _fit(whole, anchor)
    samples: dict[str, list[float]] = {p: [] for p in point}
    rng = random.Random(seed)
    for _ in range(resamples):
        drawn: Tally = {}
        for cell in deal_counts:
            for _ in cell:
                _merge(drawn, rng.choice(cell))
        for player, elo in fit(drawn, anchor).items():
            if player in samples:
                samples[player].append(elo)
    games = {p: round(sum(n for pair, (_, n) in whole.items() if p in pair)) for p in point}
    out = {}
    for p, elo in point.items():
        # never narrower than the Fisher interval: a perfect record stays perfect in every resample
        low, high = elo - 1.96 * errors[p], elo + 1.96 * errors[p]
        if samples[p]:
            low, high = min(low, percentile(samples[p], 0.025)), max(high, percentile(samples[p], 0.975))
        out[p] = Rating(elo, low, high, games[p])
    return out


def ratings_toml(ratings: Mapping[str, Mapping[str, Rating]], source: Mapping[str, str]) -> str:
    """The ratings file: where they come from, then per game and player the rating and its interval."""
    lines = ["# Elo ratings of the AI levels (the random bot is 1000) with 95% intervals, read by the",
             "# setup screen. Written by `python -m tools.tournament --report --write-ratings`;",
             "# how they were measured: docs/ai-strength.md",
             "", "[tournament]"]
    lines += [f"{key} = {_quoted(value)}" for key, value in source.items()]
    for game_id, players in ratings.items():
        lines += ["", f"[games.{_quoted(game_id)}]"]
        lines += [f"{_quoted(player)} = {{ rating = {r.elo:.0f}, low = {r.low:.0f}, high = {r.high:.0f}, "
                  f"results = {r.results} }}" for player, r in players.items()]
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, for every character)."""
    return json.dumps(text, ensure_ascii=True)


def level_ratings(game_id: str, path: Path | None = None) -> dict[str, int]:
    """Each player's measured rating in the game, rounded. {} when the file is missing, damaged or says
    nothing of the game: the setup screen then shows no rating rather than a wrong one."""
    path = path or RATINGS_FILE
    if not path.exists():  # not measured yet: nothing to say
        return {}
    try:
        table, _ = read_toml(path, MAX_FILE_BYTES)
    except DataFileError as exc:
        log.warning("no AI ratings: %s: %s", path, exc)
        return {}
    games = table.get("games")
    entry = games.get(game_id) if isinstance(games, dict) else None
    if not isinstance(entry, dict):
        return {}
    ratings = {}
    for player, value in entry.items():
        found = [value.get(key) for key in ("low", "rating", "high")] if isinstance(value, dict) else []
        numbers = [float(x) for x in found if _plausible(x)]
        if len(numbers) != 3 or sorted(numbers) != numbers:
            log.warning("no AI ratings: %s: the entry of %r in %r is damaged", path, player, game_id)
            return {}
        ratings[player] = round(numbers[1])
    return ratings


def _plausible(value: object) -> TypeGuard[float]:
    return (isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
            and PLAUSIBLE[0] <= value <= PLAUSIBLE[1])
