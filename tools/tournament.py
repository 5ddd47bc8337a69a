"""Play the level table: every game x level x opponents, duplicate games, in parallel processes.

Each cell seats one bot of a level against bots of one kind (`random` or `heuristic`) and plays
`--seeds` deals once per seat rotation (duplicate games), so a 4-player cell of 50 seeds is 200 games.
The work is cut into chunks of a few seeds, played by `--jobs` processes; every finished chunk is
appended to `--out` (JSON Lines) at once, so a long run that is stopped keeps what it played, and a
run started again with the same `--out` plays only the chunks still missing. The table is printed
from that file: win rate with a 95% interval, and the level's median / p95 / slowest decision (the
JSON adds `searched_ms_median`, the median of the decisions that took a millisecond or more, i.e.
were not forced). Beside the wins, each cell gives how often the level came last (loser rate, Wilson
95% interval) and its mean finishing place with a 95% interval (`game.core.standings.places`): in Palace every
seat but the loser wins (PA-R12), so those two are the figures that tell its levels apart. A game that
fails is counted as an error and named with its seed and rotation.

The report also rates every bot in each game by Elo (`game.ratings`: Bradley-Terry on the pairwise
results of the level's seat against each opponent by finishing place, the `random` bot at 1000, a 95%
interval from a seeded bootstrap over the deals), from the places of each game the chunks keep
(`game_places`). `--write-ratings` keeps them in `game/ai/ratings.toml`, where the setup screen reads them.

    python -m tools.tournament --out tournament.jsonl --jobs 2
    python -m tools.tournament --out tournament.jsonl --report [--write-ratings]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from game import GAME_IDS, chunk_file
from game import ratings as elo
from game.ai import LEVELS
from tools import cli
from tools.simulate import mean_interval, percentile, simulate, time_summary, wilson

OPPONENTS = ("random", "heuristic")
#: more processes than this only queue for the same cores
MAX_JOBS = 64


@dataclass(frozen=True)
class Chunk:
    game: str
    level: str
    opponents: str
    players: int
    seed: int
    seeds: int

    @property
    def key(self) -> str:
        return f"{self.game}/{self.level}/{self.opponents}/{self.players}p/{self.seed}+{self.seeds}"


def plan_chunks(games: list[str], levels: list[str], opponents: list[str], players: int, first_seed: int,
                seeds: int, chunk: int) -> list[Chunk]:
    """The cells in the order given (opponents outermost, so the harder opponents can be played first)."""
    chunks = []
    for opponent in opponents:
        for game in games:
            for level in levels:
                for start in range(first_seed, first_seed + seeds, chunk):
                    size = min(chunk, first_seed + seeds - start)
                    chunks.append(Chunk(game, level, opponent, players, start, size))
    return chunks


def play_chunk(chunk: Chunk) -> dict[str, Any]:
    bots = [chunk.level] + [chunk.opponents] * (chunk.players - 1)
    report = io.StringIO()
    result = simulate(chunk.game, chunk.players, chunk.seeds, chunk.seed, bots, out=report, duplicate=True,
                      keep_times=True, keep_places=True)
    return {"chunk": asdict(chunk), "key": chunk.key, "games": result["games"], "errors": result["errors"],
            "error_texts": error_texts(report.getvalue()), "wins": result["bot_wins"][0],
            "losses": result["bot_losses"][0], "place_counts": result["bot_place_counts"][0],
            "level_ms": result["bot_decision_ms_all"][0], "game_places": result["game_places"]}


def error_texts(report: str) -> list[str]:
    """'seed=… rotation=…: the exception' for each game simulate reported as an error."""
    texts = []
    for block in report.split("error in game ")[1:]:
        lines = [line for line in block.splitlines() if line.strip()]
        texts.append(f"{lines[0].rstrip(':')}: {lines[-1].strip()}")
    return texts


def play_all(chunks: list[Chunk], jobs: int) -> Iterator[dict[str, Any]]:
    """Each chunk's result as soon as it is played (one job: in this process, in order)."""
    if jobs == 1:
        yield from map(play_chunk, chunks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_chunk, c) for c in chunks]
        for future in as_completed(futures):
            yield future.result()


def load_done(path: Path) -> dict[str, dict[str, Any]]:
    return chunk_file.load_done(path, "tournament")


def table(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per cell, summed over its chunks, in the order the cells first appear."""
    cells: dict[tuple[str, str, str, int], dict[str, Any]] = {}
    for row in rows:
        c = row["chunk"]
        cell = cells.setdefault((c["game"], c["level"], c["opponents"], c["players"]),
                                {"games": 0, "errors": 0, "wins": 0.0, "losses": 0.0,
                                 "places": [0] * c["players"], "ms": []})
        cell["games"] += row["games"]
        cell["errors"] += row["errors"]
        cell["wins"] += row["wins"]
        cell["losses"] += row.get("losses", 0.0)
        # A chunk kept before places were counted adds none: the place figures cover the games counted.
        for place, count in enumerate(row.get("place_counts", [])):
            cell["places"][place] += count
        cell["ms"].extend(row["level_ms"])
    out = []
    for (game, level, opponents, players), cell in cells.items():
        finished = cell["games"] - cell["errors"]
        ranked = sum(cell["places"])
        low, high = wilson(cell["wins"], finished)
        mean, first, last = mean_interval(cell["places"])
        out.append({"game": game, "level": level, "opponents": opponents, "players": players,
                    "games": cell["games"], "errors": cell["errors"], "wins": cell["wins"],
                    "win_rate": cell["wins"] / finished if finished else 0.0, "ci95": [low, high],
                    "losses": cell["losses"], "ranked_games": ranked,
                    "loser_rate": cell["losses"] / ranked if ranked else 0.0,
                    "loser_ci95": list(wilson(cell["losses"], ranked)),
                    "place_counts": cell["places"], "mean_place": mean, "mean_place_ci95": [first, last],
                    "decision_ms": time_summary(cell["ms"]),
                    "searched_ms_median": percentile([m for m in cell["ms"] if m >= 1.0], 0.5)})
    return out


def print_table(cells: list[dict[str, Any]], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    print("| game | level | opponents | games | wins | 95% CI | last | 95% CI | mean place (95% CI) "
          "| decision ms median / p95 / max | errors |", file=out)
    print("|---|---|---|---|---|---|---|---|---|---|---|", file=out)
    for c in cells:
        ms = c["decision_ms"]
        times = f"{ms['median']:.1f} / {ms['p95']:.1f} / {ms['max']:.0f}"
        seats = f"{c['players'] - 1} {c['opponents']}"
        place = f"{c['mean_place']:.2f} ({c['mean_place_ci95'][0]:.2f}–{c['mean_place_ci95'][1]:.2f})"
        print(f"| {c['game']} | {c['level']} | {seats} | {c['games']} | {c['win_rate']:.1%} | "
              f"{c['ci95'][0]:.1%}–{c['ci95'][1]:.1%} | {c['loser_rate']:.1%} | "
              f"{c['loser_ci95'][0]:.1%}–{c['loser_ci95'][1]:.1%} | {place} | {times} | {c['errors']} |",
              file=out)


def deals_of(row: dict[str, Any]) -> list[list[elo.Result]]:
    """A chunk's games as deals of pairwise results (the level's seat against each opponent). The places
    come in the order played, each deal once per rotation; when a game failed the deals cannot be told
    apart, so the chunk is one deal. A chunk kept before places were recorded gives none."""
    c = row["chunk"]
    bots = [c["level"]] + [c["opponents"]] * (c["players"] - 1)
    games = [elo.pairwise(bots, places) for places in row.get("game_places", [])]
    rotations = c["players"]
    if len(games) != c["seeds"] * rotations:
        return [[result for game in games for result in game]] if games else []
    return [[result for game in games[i:i + rotations] for result in game]
            for i in range(0, len(games), rotations)]


def ratings(rows: list[dict[str, Any]]) -> dict[str, dict[str, elo.Rating]]:
    """Each game's Elo ratings from its cells' deals, strongest first."""
    cells: dict[str, dict[tuple[str, str, int], list[list[elo.Result]]]] = {}
    for row in rows:
        c = row["chunk"]
        cell = cells.setdefault(c["game"], {}).setdefault((c["level"], c["opponents"], c["players"]), [])
        cell.extend(deals_of(row))
    out = {}
    for game_id, game_cells in cells.items():
        rated = elo.rate([deals for deals in game_cells.values() if deals])
        out[game_id] = dict(sorted(rated.items(), key=lambda item: -item[1].elo))
    return out


def print_ratings(rated: dict[str, dict[str, elo.Rating]], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    anchor = f"{elo.ANCHOR} = {elo.ANCHOR_RATING:.0f}"
    print(f"\n| game | bot | Elo ({anchor}) | 95% interval | pairwise results |", file=out)
    print("|---|---|---|---|---|", file=out)
    for game_id, players in rated.items():
        for player, r in players.items():
            interval = f"{r.low:.0f}–{r.high:.0f}"
            print(f"| {game_id} | {player} | {r.elo:.0f} | {interval} | {r.results} |", file=out)
    unrated = [game_id for game_id, players in rated.items() if not players]
    if unrated:
        print(f"no ratings for {', '.join(unrated)}: no games against {elo.ANCHOR} bots with their places "
              "kept (chunks played before `game_places` have none)", file=out)


def ratings_json(rated: dict[str, dict[str, elo.Rating]]) -> dict[str, dict[str, dict[str, Any]]]:
    return {game_id: {player: {"elo": round(r.elo, 1), "ci95": [round(r.low, 1), round(r.high, 1)],
                               "results": r.results} for player, r in players.items()}
            for game_id, players in rated.items()}


def write_ratings(path: Path, rated: dict[str, dict[str, elo.Rating]], rows: list[dict[str, Any]],
                  args: argparse.Namespace) -> None:
    """Replace the ratings file (games without ratings are left out), naming the tournament and the
    deals each kind of cell played (the fewest over the games)."""
    deals: dict[tuple[str, str], dict[str, int]] = {}
    for row in rows:
        c = row["chunk"]
        per_game = deals.setdefault((c["level"], c["opponents"]), {})
        per_game[c["game"]] = per_game.get(c["game"], 0) + len(deals_of(row))
    source = {"file": str(args.out), "written": datetime.now(UTC).strftime("%Y-%m-%d"),
              "players": str(args.players), "seeds": f"{args.seed}-{args.seed + args.seeds - 1}",
              "deals": ", ".join(f"{level} against {opponents}: {min(n.values())}"
                                 for (level, opponents), n in deals.items()),
              "interval": f"bootstrap over deals, {elo.RESAMPLES} resamples, seed 1"}
    path.write_text(elo.ratings_toml({g: players for g, players in rated.items() if players}, source),
                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.tournament", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="JSON Lines file of finished chunks")
    parser.add_argument("--games", type=cli.name_list, default=list(GAME_IDS),
                        help="comma-separated game ids")
    parser.add_argument("--levels", type=cli.bot_list, default=list(LEVELS),
                        help="comma-separated bots, each seated once per game (default: easy,normal,hard);"
                             " `hint` always follows the Hint, as a player who takes every hint")
    parser.add_argument("--opponents", type=cli.bot_list, default=["heuristic", "random"])
    parser.add_argument("--players", type=cli.count(1), default=4)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--seeds", type=cli.count(1), default=50,
                        help="deals per cell; each is played once per rotation")
    parser.add_argument("--chunk", type=cli.count(1), default=5, help="seeds per job")
    parser.add_argument("--jobs", type=cli.count(1, MAX_JOBS), default=2)
    parser.add_argument("--report", action="store_true", help="only print the table from --out")
    parser.add_argument("--json", action="store_true",
                        help="print the table as one JSON object on the last line")
    parser.add_argument("--write-ratings", type=Path, nargs="?", const=elo.RATINGS_FILE, metavar="FILE",
                        help=f"keep the Elo ratings for the setup screen (default: {elo.RATINGS_FILE.name})")
    args = parser.parse_args(argv)

    games, levels, opponents = args.games, args.levels, args.opponents
    for game_id in games:
        cli.check_setup(parser, game_id, args.players)
        cli.check_bots(parser, game_id, levels + opponents)

    done = load_done(args.out)
    chunks = plan_chunks(games, levels, opponents, args.players, args.seed, args.seeds, args.chunk)
    todo = [] if args.report else [c for c in chunks if c.key not in done]
    try:
        if todo:
            cli.output_file(args.out)  # before the first chunk is played, not after it
            jobs = min(args.jobs, len(todo))
            print(f"{len(todo)} of {len(chunks)} chunks to play with {jobs} processes", file=sys.stderr)
            with args.out.open("a", encoding="utf-8") as sink:
                for n, row in enumerate(play_all(todo, jobs), 1):
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                    done[row["key"]] = row
                    won = f"{row['wins']:g} of {row['games']} won, {row['losses']:g} last"
                    print(f"[{n}/{len(todo)}] {row['key']}: {won}", file=sys.stderr)
    except (cli.OutputError, OSError) as exc:  # the chunks written so far are kept
        return cli.cannot_write("tournament", exc)
    wanted = {c.key for c in chunks}
    rows = [done[key] for key in (c.key for c in chunks) if key in done and key in wanted]
    cells = table(rows)
    print_table(cells)
    rated = ratings(rows)
    print_ratings(rated)
    for row in (done[c.key] for c in chunks if c.key in done):
        c = row["chunk"]
        for text in row.get("error_texts", []):
            print(f"error in {c['game']} {c['level']} against {c['opponents']}, {text}")
    if args.write_ratings is not None:
        try:
            write_ratings(args.write_ratings, rated, rows, args)
        except OSError as exc:
            return cli.cannot_write("tournament", exc)
    if args.json:
        print(json.dumps({"cells": cells, "ratings": ratings_json(rated)}))
    return 1 if any(c["errors"] for c in cells) else 0


if __name__ == "__main__":
    raise SystemExit(main())
