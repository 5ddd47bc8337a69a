"""Play many games headless between bots and report wins, lengths, decision times and errors.

    python -m tools.simulate --game palastgefluester --players 4 --games 1000 --seed 1 \
        --bots random,random,heuristic,heuristic [--option scoring=noted] [--variant FILE.toml] \
        [--record DIR] [--json]

--players defaults to the most the game seats. --variant plays the games with a variant of the game's
card data (docs/variants.md): a file with a fault is refused, naming its line, before any game.

Game i is played with seed S + i. A shared win counts as a fraction for each winner, so the wins add up
to the number of games finished. A game that raises, or is not over after --max-actions actions, is
an error: its seed and traceback are printed and the run goes on. With --json the last line is one
JSON object.

--duplicate plays every seed once per rotation of the bots around the table (the same deals with the
seats rotated), so luck of the deal and of the seat cancels out; wins are then also counted per bot
(`bot_wins`, in the order of --bots). Win rates come with 95% Wilson confidence intervals.

Beside the wins, every game ranks the seats (`places`): where a game keeps a finishing order, that order
(Palace, PA-R12: the players in the order they went out, the loser last; every seat but the loser wins,
so the loser rate and the mean place are what tell Palace's bots apart); elsewhere the winners first and
the rest by score. Per bot the run counts how often it came last (`bot_losses`, a shared last place
counted as a fraction, with Wilson intervals) and how often it finished in each place
(`bot_place_counts`), and gives the mean place with a 95% interval.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from game import load
from game.ai import BOT_NAMES
from game.core.datafile import DataFileError
from game.core.standings import places
from game.core.variant import OPTION as VARIANT
from game.core.variant import read_variant
from game.intervals import mean_interval, percentile, time_summary, wilson
from game.match import MAX_ACTIONS, Match, Seat
from tools import cli


def losers(places_of_seats: list[int]) -> list[int]:
    """The seats in the last place of a game."""
    last = max(places_of_seats)
    return [seat for seat, place in enumerate(places_of_seats) if place == last]



class EndlessGame(RuntimeError):
    """A game that passed the action limit: bots can cycle (Palace pick-ups), so a run must not hang."""


def play_out(match: Match, max_actions: int) -> None:
    while match.bot_to_act() is not None:
        if len(match.actions) >= max_actions:
            raise EndlessGame(f"the game did not end within {max_actions} actions")
        match.step_bot()


def simulate(game_id: str, players: int, games: int, seed: int, bots: list[str],
             options: dict[str, Any] | None = None, record_dir: Path | None = None,
             out=sys.stdout, duplicate: bool = False, max_actions: int = MAX_ACTIONS,
             keep_times: bool = False, keep_places: bool = False) -> dict[str, Any]:
    game = load(game_id)
    game.check_setup(players, options)  # a bad set-up fails once, before any game
    wins = [0.0] * players
    bot_wins = [0.0] * players
    losses = [0.0] * players
    bot_losses = [0.0] * players
    bot_place_counts = [[0] * players for _ in range(players)]
    game_places: list[list[int]] = []  # each finished game's places in the order of `bots`
    errors = 0
    actions: list[int] = []
    decision_ms: list[float] = []
    bot_decision_ms: list[list[float]] = [[] for _ in range(players)]
    rotations = players if duplicate else 1
    start = time.perf_counter()
    for i in range(games * rotations):
        game_seed = seed + i // rotations
        shift = i % rotations
        slot_of_seat = [(n + shift) % players for n in range(players)]
        seats = [Seat.ai(f"{bots[slot]}-{slot}", bots[slot]) for slot in slot_of_seat]
        try:
            match = Match(game_id, seats, game_seed, options, keep_events=False)
            play_out(match, max_actions)
        except Exception:  # an engine or bot fault: report it and go on
            errors += 1
            rotation = f" rotation={shift}" if duplicate else ""
            print(f"error in game seed={game_seed}{rotation}:", file=out)
            print(traceback.format_exc(), file=out)
            continue
        winners = match.state.winners()
        for w in winners:
            wins[w] += 1.0 / len(winners)
            bot_wins[slot_of_seat[w]] += 1.0 / len(winners)
        ranked = places(match.state)
        last = losers(ranked)
        for seat in last:
            losses[seat] += 1.0 / len(last)
            bot_losses[slot_of_seat[seat]] += 1.0 / len(last)
        for seat, place in enumerate(ranked):
            bot_place_counts[slot_of_seat[seat]][place - 1] += 1
        game_places.append([ranked[slot_of_seat.index(slot)] for slot in range(players)])
        actions.append(len(match.actions))
        decision_ms.extend(match.bot_decision_ms)
        for spent, seat in zip(match.bot_decision_ms, match.bot_decision_seats, strict=True):
            bot_decision_ms[slot_of_seat[seat]].append(spent)
        if record_dir is not None:
            suffix = f"-rot{shift}" if duplicate else ""
            match.save(record_dir / f"{game_id}-{players}p-seed{game_seed}{suffix}.jsonl")
    elapsed = time.perf_counter() - start
    played = games * rotations
    finished = played - errors
    return {
        "game": game_id,
        "players": players,
        "games": played,
        "errors": errors,
        "bots": bots,
        "duplicate": duplicate,
        "wins": [round(w, 3) for w in wins],
        "bot_wins": [round(w, 3) for w in bot_wins],
        "win_rate_ci95": [[round(x, 4) for x in wilson(w, finished)] for w in bot_wins],
        "losses": [round(x, 3) for x in losses],
        "bot_losses": [round(x, 3) for x in bot_losses],
        "loser_rate_ci95": [[round(x, 4) for x in wilson(lost, finished)] for lost in bot_losses],
        "bot_place_counts": bot_place_counts,
        "bot_mean_place": [round(mean_interval(c)[0], 4) for c in bot_place_counts],
        "mean_place_ci95": [[round(x, 4) for x in mean_interval(c)[1:]] for c in bot_place_counts],
        "mean_actions": round(statistics.fmean(actions), 2) if actions else 0.0,
        "games_per_s": round(played / elapsed, 2) if elapsed > 0 else 0.0,
        "decision_ms": {
            "median": round(percentile(decision_ms, 0.5), 4),
            "p95": round(percentile(decision_ms, 0.95), 4),
        },
        "bot_decision_ms": [time_summary(times) for times in bot_decision_ms],
        **({"bot_decision_ms_all": bot_decision_ms} if keep_times else {}),
        **({"game_places": game_places} if keep_places else {}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.simulate", description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, type=cli.game_id)
    parser.add_argument("--players", type=cli.count(1), help="default: the most the game seats")
    parser.add_argument("--games", type=cli.count(1), default=100)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--bots", type=cli.bot_list, default=["heuristic"],
                        help=f"comma-separated, one per seat (or one for all): {', '.join(BOT_NAMES)}, "
                             "ismcts:N, ismcts:Nms, improve:N, improve:Nms (hint: a seat that always "
                             "follows the Hint)")
    parser.add_argument("--option", action="append", type=cli.option, default=[], metavar="NAME=VALUE")
    parser.add_argument("--variant", type=Path, metavar="FILE", help="a variant of the card data (TOML)")
    parser.add_argument("--record", type=Path, metavar="DIR", help="write one record per game into DIR")
    parser.add_argument("--max-actions", type=cli.count(1), default=MAX_ACTIONS,
                        help="a game not over after this many actions counts as an error")
    parser.add_argument("--duplicate", action="store_true",
                        help="play every seed once per rotation of the bots around the table")
    parser.add_argument("--json", action="store_true", help="print one JSON object on the last line")
    args = parser.parse_args(argv)

    if args.players is None:
        args.players = load(args.game).max_players
    if args.variant is not None:
        try:
            args.option.append((VARIANT, read_variant(args.variant, load(args.game)).option()))
        except DataFileError as exc:
            parser.error(f"--variant: {exc}")
    cli.check_setup(parser, args.game, args.players, dict(args.option))
    bots = args.bots * args.players if len(args.bots) == 1 else args.bots
    if len(bots) != args.players:
        parser.error(f"--bots names {len(bots)} bots for {args.players} players")
    cli.check_bots(parser, args.game, bots)
    try:
        if args.record is not None:
            cli.output_folder(args.record)  # before the first game, not after it
        result = simulate(args.game, args.players, args.games, args.seed, bots, dict(args.option),
                          args.record, duplicate=args.duplicate, max_actions=args.max_actions)
    except (cli.OutputError, OSError) as exc:  # games catch their own faults: this is a record's write
        return cli.cannot_write("simulate", exc)
    rotated = " (duplicate: every seed once per seat rotation)" if args.duplicate else ""
    print(f"{result['game']}, {result['players']} players, {result['games']} games "
          f"(seeds {args.seed}..{args.seed + args.games - 1}){rotated}: {result['errors']} errors")
    finished = max(1, result["games"] - result["errors"])
    label = "bot" if args.duplicate else "seat"
    counts = result["bot_wins"] if args.duplicate else result["wins"]
    lost = result["bot_losses"] if args.duplicate else result["losses"]
    for n, (bot, won) in enumerate(zip(bots, counts, strict=True)):
        low, high = wilson(won, finished)
        print(f"  {label} {n} {bot:<10} wins {won:8.1f}  ({won / finished:6.1%}, "
              f"95% CI {low:.1%}-{high:.1%})")
        low, high = wilson(lost[n], finished)
        mean, first, last = mean_interval(result["bot_place_counts"][n])  # slots are seats unless rotated
        print(f"  {'':{len(label) + len(str(n)) + 12}} last {lost[n]:8.1f}  ({lost[n] / finished:6.1%}, "
              f"95% CI {low:.1%}-{high:.1%}), mean place {mean:.2f} (95% CI {first:.2f}-{last:.2f})")
    print(f"  mean actions {result['mean_actions']}, {result['games_per_s']} games/s, decision ms "
          f"median {result['decision_ms']['median']} p95 {result['decision_ms']['p95']}")
    if args.json:
        print(json.dumps(result))
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
