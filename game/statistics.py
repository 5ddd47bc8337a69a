"""Statistics per player and game, from the kept games (game.history), and their CSV export.

A player is a seat's name and who played it: "Anna" at the screen and an AI named "Anna" at the
"hard" level are two players. Only finished games count for places, points and streaks; unfinished
ones are counted apart. In a game that ranks by a finishing order (Palace) the scores are places, so
there are no points to average: its points figures are None.
"""

from __future__ import annotations

import csv
import io
import os
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from game.ai import BOT_NAMES
from game.core.records import write_atomic
from game.history import Entry
from game.i18n import tr
from game.sharing import make_shareable

HUMAN = "human"


@dataclass
class PlayerStats:
    """One player's figures in one game."""

    name: str
    game: str
    level: str = HUMAN  # HUMAN, or the AI level that played under this name
    games: int = 0  # finished games
    unfinished: int = 0
    wins: int = 0
    place_counts: dict[int, int] = field(default_factory=dict)  # place -> games
    points: list[float] = field(default_factory=list)  # per finished game, oldest first (not in Palace)
    results: list[bool] = field(default_factory=list)  # won or not, per finished game, oldest first
    places_in_order: list[int] = field(default_factory=list)  # the place in each finished game, oldest first
    beaten: dict[str, int] = field(default_factory=dict)  # AI level -> how often it finished below
    hints: int = 0  # moves made after asking for a hint, in every game (finished or not)

    @property
    def is_human(self) -> bool:
        return self.level == HUMAN

    @property
    def label(self) -> str:
        # an AI level reads as the setup screen writes it ("easy": the catalogue's entry of that word)
        return self.name if self.is_human else tr("{name} (AI · {level})").format(name=self.name,
                                                                                  level=tr(self.level))

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_place(self) -> float | None:
        counted = sum(self.place_counts.values())
        if not counted:
            return None
        return sum(place * n for place, n in self.place_counts.items()) / counted

    @property
    def mean_points(self) -> float | None:
        return sum(self.points) / len(self.points) if self.points else None

    @property
    def best(self) -> float | None:
        return max(self.points) if self.points else None

    @property
    def worst(self) -> float | None:
        return min(self.points) if self.points else None

    @property
    def longest_win_streak(self) -> int:
        return _longest(self.results, True)

    @property
    def longest_losing_streak(self) -> int:
        return _longest(self.results, False)

    @property
    def current_streak(self) -> int:
        """Games won in a row up to the last one (positive), or not won in a row (negative); 0 for none."""
        if not self.results:
            return 0
        last = self.results[-1]
        run = 0
        for won in reversed(self.results):
            if won != last:
                break
            run += 1
        return run if last else -run


def _longest(results: list[bool], value: bool) -> int:
    best = run = 0
    for won in results:
        run = run + 1 if won == value else 0
        best = max(best, run)
    return best


def statistics(entries: Iterable[Entry]) -> list[PlayerStats]:
    """The figures of every player in every game among `entries` (unreadable ones are left out), humans
    first, then by game and name."""
    table: dict[tuple[str, str, str], PlayerStats] = {}
    # in the order the games were kept (the history's sequence), not by a clock that may have been wrong
    readable = sorted((e for e in entries if e.readable), key=lambda e: (e.seq, e.played, e.name))
    for entry in readable:
        for seat_no, seat in enumerate(entry.seats):
            level = HUMAN if seat.is_human else (seat.bot or "?")
            key = (entry.game, seat.name, level)
            stats = table.get(key)
            if stats is None:
                stats = table[key] = PlayerStats(seat.name, entry.game, level)
            stats.hints += entry.hints[seat_no] if seat_no < len(entry.hints) else 0
            if not entry.finished or len(entry.places) != len(entry.seats):
                stats.unfinished += 1
                continue
            stats.games += 1
            won = seat_no in entry.winners
            stats.wins += won
            stats.results.append(won)
            place = entry.places[seat_no]
            stats.places_in_order.append(place)
            stats.place_counts[place] = stats.place_counts.get(place, 0) + 1
            if not entry.ordered and seat_no < len(entry.scores):
                stats.points.append(entry.scores[seat_no])
            for other_no, other in enumerate(entry.seats):
                if other_no != seat_no and not other.is_human and entry.places[other_no] > place:
                    level_beaten = other.bot or "?"
                    stats.beaten[level_beaten] = stats.beaten.get(level_beaten, 0) + 1
    return sorted(table.values(), key=lambda s: (not s.is_human, s.game, s.name.casefold(), s.level))


def levels_in(stats: Iterable[PlayerStats]) -> list[str]:
    """Every AI level beaten by anyone in `stats`, weakest first (as game.ai names them), others after."""
    seen = {level for s in stats for level in s.beaten}
    known = [level for level in BOT_NAMES if level in seen]
    return known + sorted(seen - set(known))


def _figure(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def csv_text(stats: list[PlayerStats]) -> str:
    """The figures as CSV: one row per player and game."""
    levels = levels_in(stats)
    most_places = max((max(s.place_counts, default=0) for s in stats), default=0)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "player", "played by", "games", "unfinished", "wins", "win rate",
                     *(f"place {p}" for p in range(1, most_places + 1)), "mean place", "mean points",
                     "best points", "worst points", "longest win streak", "longest losing streak",
                     "current streak", "hints", *(f"beat AI {level}" for level in levels)])
    for s in stats:
        writer.writerow([_safe_cell(s.game), _safe_cell(s.name),
                         "human" if s.is_human else _safe_cell(f"AI {s.level}"), s.games,
                         s.unfinished, s.wins, f"{s.win_rate:.3f}",
                         *(s.place_counts.get(p, 0) for p in range(1, most_places + 1)),
                         _figure(s.mean_place), _figure(s.mean_points), _figure(s.best), _figure(s.worst),
                         s.longest_win_streak, s.longest_losing_streak, s.current_streak, s.hints,
                         *(s.beaten.get(level, 0) for level in levels)])
    return out.getvalue()


#: what a spreadsheet or a terminal must not get raw from a name: control characters (NUL, escape,
#: line breaks...), line and paragraph separators, and lone surrogates (no UTF-8 holds them)
_NOT_IN_CELLS = frozenset({"Cc", "Cs", "Zl", "Zp"})


def _safe_cell(text: str) -> str:
    """A name as a spreadsheet shows it: each control character replaced by U+FFFD (seen, never obeyed),
    and never as a formula it runs (=, +, -, @ at the start)."""
    text = "".join("\ufffd" if unicodedata.category(ch) in _NOT_IN_CELLS else ch for ch in text)
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text


def write_csv(stats: list[PlayerStats], path: str | os.PathLike[str]) -> None:
    """Export the figures to `path`, atomically, with the mode of any new file of its owner: a table
    exported is meant to be handed on (OSError when it cannot be written)."""
    write_atomic(path, csv_text(stats).encode("utf-8"))
    make_shareable(path)
