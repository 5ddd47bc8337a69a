"""How a game went, as numbers: the marks of a record (round ends, scorings, chapters, who went out when)
and, per game, the figures its charts show. Everything comes from replaying the record and reading
what a spectator may know (`observation(None)` and events as a spectator sees them), so a chart shows
nothing a player at the table could not have known.

The words belong to the view: a Mark says what kind of moment it is and its number, not a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from game import ENTRIES, load
from game.core import Event, GameEnded, RoundEnded
from game.core.records import Record

ROUND, SCORING, CHAPTER, OUT, END = "round", "scoring", "chapter", "out", "end"
LINES, BARS = "lines", "bars"


@dataclass(frozen=True)
class Mark:
    """A moment worth marking: after `move` actions; `number` counts it among its kind (round 2, the
    3rd scoring, chapter II), or for OUT the place of `seat`."""

    move: int
    kind: str
    number: int
    seat: int | None = None


@dataclass
class Series:
    """One line or one set of bars: a seat's values (None where it has none)."""

    seat: int
    values: list[float | None]


@dataclass
class Panel:
    """One chart: `kind` LINES or BARS, a value per x label and series. `quantity` names what is counted
    (points, stars, cards) and `x_kind` what the x labels are (ROUND, SCORING, CHAPTER, or "move")."""

    kind: str
    quantity: str
    x_kind: str
    x_values: list[int]  # the round, scoring or chapter numbers, or the move numbers
    series: list[Series]
    marks: list[Mark] = field(default_factory=list)  # moments drawn on a line chart over moves


@dataclass
class Progress:
    game: str
    moves: int
    marks: list[Mark]
    panels: list[Panel]


def _walk(record: Record) -> Iterator[tuple[int, list[Event], Mapping[str, Any]]]:
    """Replay `record`: after each action, its number, its events as a spectator sees them, and the
    spectator's observation."""
    game = load(record.game)
    state = game.new_state(record.players, record.seed, record.options)
    yield 0, [], state.observation(None)
    for move, (_, text) in enumerate(record.actions, start=1):
        events = [e.seen_by(None) for e in state.apply(game.parse_action(state, text))]
        yield move, events, state.observation(None)


def _kind_of(event: RoundEnded) -> str:
    if event.reason == CHAPTER:
        return CHAPTER
    return SCORING if "scoring" in event.reason else ROUND


def progress(record: Record, upto: int | None = None) -> Progress:
    """The marks and the charts of `record` (its first `upto` actions, or all). RecordError or
    IllegalAction when it does not replay: callers show a record that was read and checked."""
    marks: list[Mark] = []
    counts: dict[str, int] = {}
    scores_at: list[tuple[Mark | None, list[float]]] = []  # the scores at the start and at each mark
    cards_left: list[list[int]] = []
    seen_out: list[int] = []
    last_obs: Mapping[str, Any] = {}
    limit = len(record.actions) if upto is None else max(0, min(upto, len(record.actions)))
    for move, events, obs in _walk(Record(record.game, record.version, record.players, record.seed,
                                          record.options, record.seats, record.actions[:limit])):
        last_obs = obs
        if move == 0:
            scores_at.append((None, _scores(obs, record.players)))
        for event in events:
            if isinstance(event, RoundEnded):
                kind = _kind_of(event)
                counts[kind] = counts.get(kind, 0) + 1
                mark = Mark(move, kind, counts[kind])
                marks.append(mark)
                scores_at.append((mark, _scores(obs, record.players)))
            elif isinstance(event, GameEnded):
                marks.append(Mark(move, END, 1))
        out = obs.get("out")
        if isinstance(out, list):  # a finishing order (Palace): each seat out is a moment of its own
            for seat in out[len(seen_out):]:
                seen_out.append(seat)
                marks.append(Mark(move, OUT, len(seen_out), seat))
            cards_left.append(_cards_left(obs, record.players))
    entry = ENTRIES.get(record.game)
    maker = _PANELS.get(entry.progress if entry is not None else "scores", _score_lines)
    panels = maker(record, scores_at, cards_left, marks, last_obs)
    return Progress(record.game, limit, marks, panels)


def _scores(obs: Mapping[str, Any], players: int) -> list[float]:
    scores = obs.get("scores") or []
    return [float(scores[s]) if s < len(scores) else 0.0 for s in range(players)]


def _cards_left(obs: Mapping[str, Any], players: int) -> list[int]:
    """Palace: every seat's cards in hand, face up and face down (public counts)."""
    seats = obs.get("seats") or []
    left = []
    for s in range(players):
        seat = seats[s] if s < len(seats) and isinstance(seats[s], dict) else {}
        hand = seat.get("hand")
        hand_count = len(hand) if isinstance(hand, list) else int(hand or 0)
        left.append(hand_count + sum(1 for c in seat.get("up") or [] if c is not None)
                    + sum(1 for c in seat.get("down") or [] if c))
    return left


PanelMaker = Callable[[Record, list[tuple[Mark | None, list[float]]], list[list[int]], list[Mark],
                       Mapping[str, Any]], list[Panel]]


def _score_lines(record: Record, scores_at: list[tuple[Mark | None, list[float]]],
                 cards_left: list[list[int]], marks: list[Mark], obs: Mapping[str, Any]) -> list[Panel]:
    """The points at the start and after each round or scoring, one line per seat."""
    kind = next((m.kind for m, _ in scores_at if m is not None), ROUND)
    series = [Series(seat, [scores[seat] for _, scores in scores_at]) for seat in range(record.players)]
    return [Panel(LINES, "points", kind, [0 if m is None else m.number for m, _ in scores_at], series)]


def _chapter_tokens(record: Record, scores_at: list[tuple[Mark | None, list[float]]],
                    cards_left: list[list[int]], marks: list[Mark], obs: Mapping[str, Any]) -> list[Panel]:
    """3 Chapters: the stars, hearts and crystals each seat won in chapters II and III (chapter I is the
    draft: nobody wins tokens there), from the public ledger of every gain (TC-R9)."""
    chapters = (2, 3)
    won = {(token, chapter, seat): 0.0 for token in ("stars", "hearts", "crystals") for chapter in chapters
           for seat in range(record.players)}
    for gain in obs.get("ledger") or []:
        if not isinstance(gain, dict) or gain.get("blocked"):
            continue
        key = (gain.get("token"), gain.get("chapter"), gain.get("seat"))
        if key in won and isinstance(gain.get("amount"), (int, float)):
            won[key] += gain["amount"]
    return [Panel(BARS, token, CHAPTER, list(chapters),
                  [Series(seat, [won[(token, c, seat)] for c in chapters]) for seat in range(record.players)])
            for token in ("stars", "hearts", "crystals")]


def _cards_over_time(record: Record, scores_at: list[tuple[Mark | None, list[float]]],
                     cards_left: list[list[int]], marks: list[Mark], obs: Mapping[str, Any]) -> list[Panel]:
    """Palace: every seat's cards left after each move, and where each went out."""
    series = [Series(seat, [float(left[seat]) for left in cards_left]) for seat in range(record.players)]
    return [Panel(LINES, "cards", "move", list(range(len(cards_left))), series,
                  [m for m in marks if m.kind == OUT])]


#: the registry's `progress` -> how that kind of game is charted
_PANELS: dict[str, PanelMaker] = {
    "scores": _score_lines,
    "chapters": _chapter_tokens,
    "cards_left": _cards_over_time,
}
