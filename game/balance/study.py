"""Playing a study's deals: one game's facts, and a chunk of deals summed into a tally.

A study plays deals `seed .. seed + deals - 1` with the bots of its spec, each deal once per distinct
rotation of the bots around the table (duplicate deals: with the same bot in every seat a rotation
would replay the very same game, so that deal is played once). A chunk is a run of deals; what it
played is a `tally`, plain JSON of counts that add up (wins per seat, places, lengths as histograms,
per card how often a seat held and played it and what it won then, drama): chunks are summed in the
order of their keys, so the figures are the same whichever process played which chunk, and no game's
record is kept.

The skill study is the same with one seat of the stronger level against the weaker one in the
others, rotated, on its own (smaller) run of deals.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from game.ai import search_plan
from game.balance.cards import CardTable, table_for
from game.core.events import CardMoved, Event
from game.core.standings import places
from game.match import MAX_ACTIONS, Match, Seat

MAIN = "main"
SKILL = "skill"


@dataclass(frozen=True)
class Spec:
    """What a study plays: the game and its options (a variant travels as the option `variant`), the
    bots per seat, and the limits on one game. `game_seconds` cuts a game off by the clock (None: never):
    it makes the figures depend on the machine, so it is off unless asked."""

    game: str
    players: int
    bots: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    max_actions: int = MAX_ACTIONS
    game_seconds: float | None = None

    def digest(self) -> str:
        """A short hash of everything that changes the games: a chunk file's rows are matched by it."""
        data = json.dumps([self.game, self.players, list(self.bots), dict(self.options), self.max_actions,
                           self.game_seconds], sort_keys=True, default=str)
        return hashlib.sha256(data.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Chunk:
    """A run of deals of one spec: `kind` is MAIN or SKILL."""

    kind: str
    spec: Spec
    seed: int
    deals: int

    @property
    def key(self) -> str:
        return f"{self.kind}/{self.spec.digest()}/{self.seed:012d}+{self.deals}"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["spec"]["options"] = dict(self.spec.options)
        return data


def plan_chunks(kind: str, spec: Spec, first_seed: int, deals: int, size: int) -> list[Chunk]:
    return [Chunk(kind, spec, start, min(size, first_seed + deals - start))
            for start in range(first_seed, first_seed + deals, size)]


def rotations(bots: Sequence[str]) -> list[list[str]]:
    """The distinct rotations of the bots around the table, the given order first."""
    seen: list[list[str]] = []
    for shift in range(len(bots)):
        turned = [bots[(seat + shift) % len(bots)] for seat in range(len(bots))]
        if turned not in seen:
            seen.append(turned)
    return seen


def reproducible(game_id: str, level: str) -> str:
    """The bot a study seats for `level`: `hard` searches with its iteration cap alone (its time cap would
    make a study's figures depend on the machine's speed); any other level as named."""
    if level != "hard":
        return level
    plan = search_plan(game_id)
    if plan is None or plan.hard_iterations is None:
        return level
    kind = "improve" if plan.candidates is not None else "ismcts"
    return f"{kind}:{plan.hard_iterations}"


# -- one game ----------------------------------------------------------------------------------------
@dataclass
class GameFacts:
    """What the figures need of one game (nothing of it is kept beyond its chunk's tally)."""

    bots: list[str]
    outcome: str = "finished"  # "finished", "cut_off" (action limit), "timed_out" or "error"
    error: str = ""
    actions: int = 0
    lengths: dict[str, int] = field(default_factory=dict)
    wins: list[float] = field(default_factory=list)  # a shared win a fraction for each winner
    places: list[int] = field(default_factory=list)
    held: list[set[str]] = field(default_factory=list)
    played: list[set[str]] = field(default_factory=list)
    #: the share of the eventual winners (first place) that stood behind another seat half-way
    behind_at_half: float = 0.0


def play_game(spec: Spec, seed: int, bots: Sequence[str], table: CardTable | None = None) -> GameFacts:
    """Play one game and read its facts; a fault of the engine or a bot is an `error` game."""
    table = table or table_for(spec.game)
    facts = GameFacts(list(bots), lengths=dict.fromkeys(table.lengths, 0))
    try:
        seats = [Seat.ai(f"{bot}-{n}", bot) for n, bot in enumerate(bots)]
        match = Match(spec.game, seats, seed, dict(spec.options), keep_events=False)
        facts.held = [_start_cards(table, match, seat) for seat in range(spec.players)]
        facts.played = [set() for _ in range(spec.players)]
        standings = [table.standing(match.state)]
        start = time.perf_counter()
        while (actor := match.bot_to_act()) is not None:
            if len(match.actions) >= spec.max_actions:
                facts.outcome = "cut_off"
                break
            if spec.game_seconds is not None and time.perf_counter() - start > spec.game_seconds:
                facts.outcome = "timed_out"
                break
            events = match.step_bot() or []
            _read_events(table, facts, actor, events)
            standings.append(table.standing(match.state))
        facts.actions = len(match.actions)
        if facts.outcome != "finished":
            return facts
        winners = match.state.winners()
        facts.wins = [(1.0 / len(winners) if seat in winners else 0.0) for seat in range(spec.players)]
        facts.places = places(match.state)
        facts.behind_at_half = _behind(facts.places, standings[len(standings) // 2])
    except Exception as exc:  # a fault of the engine or a bot is counted and the study goes on
        facts.outcome = "error"
        facts.error = f"seed={seed} bots={','.join(bots)}: {type(exc).__name__}: {exc}"
    return facts


def _start_cards(table: CardTable, match: Match, seat: int) -> set[str]:
    observation: dict[str, Any] = dict(match.state.observation(seat))
    return {kind for card in table.held_at_start(observation, seat)
            if (kind := table.kind_of(str(card))) is not None}


def _read_events(table: CardTable, facts: GameFacts, actor: int, events: Sequence[Event]) -> None:
    for event in events:
        if isinstance(event, CardMoved):
            kind = table.kind_of(event.card) if event.card is not None else None
            if kind is None:
                continue
            holder = table.held_by(event)
            if holder is not None and holder < len(facts.held):
                facts.held[holder].add(kind)
            if table.is_play(event, actor):
                facts.played[actor].add(kind)
                facts.held[actor].add(kind)  # a card played from one's own zone was held
        counted = [name for name, kind in table.lengths.items() if kind == event.kind]
        for name in counted:
            facts.lengths[name] = facts.lengths.get(name, 0) + 1


def _behind(final_places: Sequence[int], standing: Sequence[float]) -> float:
    """The share of first-placed seats whose standing half-way was below another seat's."""
    first = [seat for seat, place in enumerate(final_places) if place == 1]
    if not first:
        return 0.0
    best = max(standing)
    return sum(1 for seat in first if standing[seat] < best) / len(first)


# -- a chunk -----------------------------------------------------------------------------------------
def empty_tally(players: int) -> dict[str, Any]:
    return {"games": 0, "finished": 0, "cut_off": 0, "timed_out": 0, "errors": 0, "error_texts": [],
            "wins": [0.0] * players, "losses": [0.0] * players,
            "place_counts": [[0] * players for _ in range(players)],
            "actions": {}, "lengths": {}, "cards": {}, "drama": [0, 0.0],
            # per bot name: [games, wins, losses, place counts]
            "bots": {}}


def add_game(tally: dict[str, Any], facts: GameFacts) -> None:
    """Count one game into a tally (histogram keys are text: the tally is JSON)."""
    tally["games"] += 1
    _count(tally["actions"], facts.actions)
    if facts.outcome == "error":
        tally["errors"] += 1
        tally["error_texts"].append(facts.error)
        return
    if facts.outcome != "finished":
        tally[facts.outcome] += 1
        return
    tally["finished"] += 1
    players = len(facts.wins)
    for name, value in facts.lengths.items():
        _count(tally["lengths"].setdefault(name, {}), value)
    last = max(facts.places)
    losers = [seat for seat, place in enumerate(facts.places) if place == last]
    for seat in range(players):
        lost = 1.0 / len(losers) if seat in losers else 0.0
        tally["wins"][seat] += facts.wins[seat]
        tally["losses"][seat] += lost
        tally["place_counts"][seat][facts.places[seat] - 1] += 1
        bot = tally["bots"].setdefault(facts.bots[seat], [0, 0.0, 0.0, [0] * players])
        bot[0] += 1
        bot[1] += facts.wins[seat]
        bot[2] += lost
        bot[3][facts.places[seat] - 1] += 1
        for kind in facts.held[seat] | facts.played[seat]:
            # [seat-games held, wins when held, seat-games played, wins when played]
            card = tally["cards"].setdefault(kind, [0, 0.0, 0, 0.0])
            if kind in facts.held[seat]:
                card[0] += 1
                card[1] += facts.wins[seat]
            if kind in facts.played[seat]:
                card[2] += 1
                card[3] += facts.wins[seat]
    tally["drama"][0] += 1
    tally["drama"][1] += facts.behind_at_half


def _count(histogram: dict[str, int], value: int) -> None:
    histogram[str(value)] = histogram.get(str(value), 0) + 1


def chunk_games(chunk: Chunk) -> int:
    return chunk.deals * len(rotations(chunk.spec.bots))


def play_chunk(chunk: Chunk, on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play a chunk's deals, each once per distinct rotation; its row for the chunk file."""
    spec = chunk.spec
    table = table_for(spec.game)
    tally = empty_tally(spec.players)
    started = time.perf_counter()
    for seed in range(chunk.seed, chunk.seed + chunk.deals):
        for bots in rotations(spec.bots):
            add_game(tally, play_game(spec, seed, bots, table))
            if on_game is not None:
                on_game()
    return {"key": chunk.key, "chunk": chunk.to_dict(), "tally": tally,
            "seconds": round(time.perf_counter() - started, 3)}


def merge(rows: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """The tallies of `rows` summed, in the order of their keys (the same sums whoever played them)."""
    total = empty_tally(players)
    for row in sorted(rows, key=lambda r: r["key"]):
        _add(total, row["tally"])
    return total


def _add(into: dict[str, Any], part: dict[str, Any]) -> None:
    for name in ("games", "finished", "cut_off", "timed_out", "errors"):
        into[name] += part[name]
    into["error_texts"].extend(part["error_texts"])
    for seat, won in enumerate(part["wins"]):
        into["wins"][seat] += won
        into["losses"][seat] += part["losses"][seat]
        for place, n in enumerate(part["place_counts"][seat]):
            into["place_counts"][seat][place] += n
    for value, n in part["actions"].items():
        into["actions"][value] = into["actions"].get(value, 0) + n
    for name, histogram in part["lengths"].items():
        mine = into["lengths"].setdefault(name, {})
        for value, n in histogram.items():
            mine[value] = mine.get(value, 0) + n
    for kind, counts in part["cards"].items():
        mine = into["cards"].setdefault(kind, [0, 0.0, 0, 0.0])
        for i, n in enumerate(counts):
            mine[i] += n
    into["drama"][0] += part["drama"][0]
    into["drama"][1] += part["drama"][1]
    for name, (games, wins, losses, counts) in part["bots"].items():
        mine = into["bots"].setdefault(name, [0, 0.0, 0.0, [0] * len(counts)])
        mine[0] += games
        mine[1] += wins
        mine[2] += losses
        for place, n in enumerate(counts):
            mine[3][place] += n
