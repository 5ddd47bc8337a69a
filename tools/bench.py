"""Benchmarks, measured as ratios within one run (never as timed tests).

    python -m tools.bench engine [--game ID] [--players N] [--seconds S] [--json]
    python -m tools.bench frame  [--game ID] [--players N] [--size WxH] [--hinting] [--moment NAME|all]
                                 [--analysing] [--json] (see tools/bench_frame.py; --hinting: a person
                                 asks for hints meanwhile; --moment: the frames of a celebration, e.g.
                                 `scoring`; --analysing: the results screen while it analyses the game)
    python -m tools.bench ai     [--game ID] [--players N] [--games K] [--levels L1,L2] [--json]
    python -m tools.bench startup [--runs N] [--json]
    python -m tools.bench memory [--frames N] [--size WxH] [--seed S] [--json]  (see tools/bench_memory.py)
    python -m tools.bench balance [--game ID] [--deals K] [--no-ray] [--json]  (see tools/bench_balance.py)
    python -m tools.bench analyse [--game ID] [--players N] [--people H] [--games K] [--level L]
                                  [--playouts P] [--jobs J] [--json]

engine: random-playout moves per second per game, beside a peer measured in the same run (a plain
Python deal-and-play loop with no contract around it), so the ratio says how heavy the engine is on
any machine. ai: decisions per second, search iterations per second and median/p95/max decision ms per
game and bot level, seat 0 against random opponents. startup: from a fresh interpreter to the first
drawn frame of the interactive title menu, as the launcher starts it (its command line read, settings
loaded, the window opened), beside a bare `import pygame; pygame.init()` in the same
run (medians of fresh processes, with bytecode cached as an installed copy has it). analyse: the seconds
`game.analysis.analyse` takes for a finished game at a level (default hard), the median and the worst of
K seeded games per game (seeds 2000 on), each H persons (default 1; seats 0 on, played by the easy bot,
so they make mistakes) against normal bots, worked out by J processes (default: as many as the app's
results screen takes, `game.analysis.background_jobs`), with the CPU seconds it used and the machine's
load average beside them (the target: 30 s; on a machine others share, the CPU seconds over the jobs say
what an idle one takes).
With --json the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from game import available, load
from game.ai import LEVELS, Decision, make_bot
from game.core import Rng, bot_rng
from tools import cli


def peer_moves_per_s(seconds: float) -> float:
    """A reference workload: deal 52 cards to four hands and play them out, one list operation per move."""
    rng = Rng(0)
    moves = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[i::4] for i in range(4)]
        seat = 0
        while hands[seat]:
            legal = list(hands[seat])
            card = rng.choice(legal)
            hands[seat].remove(card)
            seat = (seat + 1) % 4
            moves += 1
    return moves / seconds


def engine_moves_per_s(game_id: str, players: int, seconds: float) -> dict[str, float]:
    game = load(game_id)
    rng = Rng(1)
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        state = game.new_state(players, seed)
        seed += 1
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"moves_per_s": round(moves / elapsed), "games_per_s": round(games / elapsed, 2),
            "moves_per_game": round(moves / max(1, games), 1)}


def bench_engine(args: argparse.Namespace) -> dict[str, Any]:
    games = [args.game] if args.game else available()
    peer = peer_moves_per_s(args.seconds)
    out: dict[str, Any] = {"peer_moves_per_s": round(peer), "games": {}}
    for game_id in games:
        game = load(game_id)
        players = args.players or min(4, game.max_players)
        result = engine_moves_per_s(game_id, players, args.seconds)
        result["players"] = players
        result["ratio_to_peer"] = round(result["moves_per_s"] / peer, 4)
        out["games"][game_id] = result
        print(f"{game_id:<18} {players}p  {result['moves_per_s']:>9} moves/s  "
              f"{result['games_per_s']:>8} games/s  ({result['ratio_to_peer']:.3f} x peer)")
    print(f"{'peer':<18}     {out['peer_moves_per_s']:>9} moves/s")
    return out


def bench_ai(args: argparse.Namespace) -> dict[str, Any]:
    games = [args.game] if args.game else available()
    out: dict[str, Any] = {"games": {}}
    for game_id in games:
        game = load(game_id)
        players = args.players or min(4, game.max_players)
        per_level: dict[str, Any] = {}
        for level in args.levels:
            bot = make_bot(game_id, level)
            opponent = make_bot(game_id, "random")
            times: list[float] = []
            iterations = 0
            for g in range(args.games):
                seed = 1000 + g
                state = game.new_state(players, seed)
                moves = 0
                while not state.is_terminal():
                    seat = state.current_player
                    assert seat is not None
                    decision = Decision.of(state, seat)
                    rng = bot_rng(seed, seat, moves)  # as a match gives it: nothing in it tells the deal
                    if seat == 0:
                        t0 = time.perf_counter()
                        action = bot.choose(decision, rng)
                        times.append((time.perf_counter() - t0) * 1000.0)
                        iterations += getattr(bot, "last_iterations", 0)
                    else:
                        action = opponent.choose(decision, rng)
                    state.apply(action)
                    moves += 1
            times.sort()
            total = sum(times) / 1000.0
            per_level[level] = {
                "decisions": len(times),
                "decisions_per_s": round(len(times) / total, 1) if total else 0.0,
                "median_ms": round(times[len(times) // 2], 4) if times else 0.0,
                "p95_ms": round(times[int(0.95 * (len(times) - 1))], 4) if times else 0.0,
                "max_ms": round(times[-1], 4) if times else 0.0,
                "iterations_per_s": round(iterations / total, 1) if total and iterations else None,
            }
            its = per_level[level]["iterations_per_s"]
            print(f"{game_id:<18} {level:<9} {per_level[level]['decisions_per_s']:>10} decisions/s  "
                  f"median {per_level[level]['median_ms']} ms  p95 {per_level[level]['p95_ms']} ms  "
                  f"max {per_level[level]['max_ms']} ms"
                  + (f"  {its} iterations/s" if its else ""))
        out["games"][game_id] = {"players": players, "levels": per_level}
    return out


def bench_analyse(args: argparse.Namespace) -> dict[str, Any]:
    from game.analysis import analyse
    from tools.analyse import played_record

    games = [args.game] if args.game else available()
    out: dict[str, Any] = {"level": args.level, "playouts": args.playouts, "jobs": args.jobs,
                           "people": args.people, "games": {},
                           "load_before": [round(x, 2) for x in os.getloadavg()]}
    for game_id in games:
        game = load(game_id)
        players = args.players or min(4, game.max_players)
        moves: list[int] = []
        times: list[float] = []
        cpu: list[float] = []  # this process's and its workers': what a machine shared with others still says
        for g in range(args.games):
            people = min(args.people, players)
            bots = ["easy"] * people + ["normal"] * (players - people)
            record = played_record(game_id, players, 2000 + g, bots, people=range(people))
            cpu_before = _cpu_seconds()
            started = time.perf_counter()
            analyse(record, args.level, playouts=args.playouts, jobs=args.jobs)
            times.append(time.perf_counter() - started)
            cpu.append(_cpu_seconds() - cpu_before)
            moves.append(len(record.actions))
        result = {"players": players, "moves": moves, "seconds": [round(t, 2) for t in times],
                  "median_s": round(statistics.median(times), 2), "worst_s": round(max(times), 2),
                  "cpu_s": [round(t, 2) for t in cpu]}
        out["games"][game_id] = result
        print(f"{game_id:<18} {players}p  {args.level} x{args.jobs} jobs: median {result['median_s']} s, "
              f"worst {result['worst_s']} s  (moves {moves}; CPU seconds {result['cpu_s']})")
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(f"load average before {out['load_before']}, after {out['load_after']} (target: 30 s a game)")
    return out


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its ended children (an analysis's worker processes); where the
    system has no `resource` (Windows), this process's alone."""
    try:
        import resource
    except ImportError:
        return time.process_time()

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


_BARE = "import pygame; pygame.init()"
#: the launcher's own start, as `kartentisch` runs it the first time (a 1280x720 window), to its first frame
_TITLE = (
    "from kartentisch.launcher import start\n"
    "app = start([])\n"
    "app.step(1 / 60)\n"
)
_TIMED = "import time\n_t = time.perf_counter()\n{body}\nprint((time.perf_counter() - _t) * 1000.0)\n"


def _fresh_process_ms(body: str, env: dict[str, str]) -> float:
    done = subprocess.run([sys.executable, "-c", _TIMED.format(body=body)], capture_output=True, text=True,
                          env=env, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def bench_startup(args: argparse.Namespace) -> dict[str, Any]:
    home = tempfile.mkdtemp(prefix="kartentisch-bench-")
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), PYGAME_HIDE_SUPPORT_PROMPT="1",
               KARTENTISCH_CONFIG_DIR=os.path.join(home, "config"),
               KARTENTISCH_DATA_DIR=os.path.join(home, "data"),
               # as an installed copy starts: with its modules' bytecode cached (warmed by one run)
               PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _fresh_process_ms(_BARE, env)
    _fresh_process_ms(_TITLE, env)
    bare, title = [], []
    for _ in range(args.runs):  # interleaved, so both see the same machine load
        bare.append(_fresh_process_ms(_BARE, env))
        title.append(_fresh_process_ms(_TITLE, env))
    out = {"runs": args.runs, "bare_ms": round(statistics.median(bare), 1),
           "title_ms": round(statistics.median(title), 1)}
    out["ratio"] = round(out["title_ms"] / out["bare_ms"], 2)
    print(f"bare pygame init {out['bare_ms']} ms, title menu drawn {out['title_ms']} ms: "
          f"{out['ratio']} x (target <= 1.5)")
    return out


def seconds(text: str) -> float:
    """How long to measure: a number of seconds above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:  # NaN fails too
        raise argparse.ArgumentTypeError(f"{text} is out of range: give more than 0 and at most 3600 seconds")
    return value


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "frame":
        from tools import bench_frame  # pygame is loaded only for the frame benchmark

        return bench_frame.run(argv[1:])
    if argv and argv[0] == "memory":
        from tools import bench_memory  # the app and its monkey, in this process

        return bench_memory.run(argv[1:])
    if argv and argv[0] == "balance":
        from tools import bench_balance  # the balance lab's studies, with Ray where installed

        return bench_balance.run(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    engine = sub.add_parser("engine", help="random-playout moves per second")
    engine.add_argument("--seconds", type=seconds, default=2.0)
    ai = sub.add_parser("ai", help="bot decision speed per level")
    ai.add_argument("--games", type=cli.count(1), default=5)
    ai.add_argument("--levels", type=cli.bot_list, default=["random", *LEVELS],
                    help="bots to time, comma-separated (default: random and every level)")
    sub.add_parser("frame", help="frame times of a full table, or of one celebration moment with --moment "
                                 "NAME|all (see tools/bench_frame.py)")
    sub.add_parser("memory", help="peak and flat RSS of the app under the monkey (see tools/bench_memory.py)")
    sub.add_parser("balance", help="balance studies on one process, two and Ray (see tools/bench_balance.py)")
    analysis = sub.add_parser("analyse", help="seconds to analyse a finished game (game.analysis)")
    analysis.add_argument("--games", type=cli.count(1), default=3)
    analysis.add_argument("--level", type=cli.bot_name, default="hard")
    analysis.add_argument("--playouts", type=cli.count(1), default=None,
                          help="playouts per estimate (default: the analysis's own)")
    analysis.add_argument("--jobs", type=cli.count(1, 64), default=None,
                          help="processes (default: as many as the app takes, game.analysis.background_jobs)")
    analysis.add_argument("--people", type=cli.count(1), default=1,
                          help="seats played by persons (seats 0 on), each judged at every decision")
    startup = sub.add_parser("startup", help="time to the interactive title menu")
    startup.add_argument("--runs", type=cli.count(1), default=7)
    startup.add_argument("--json", action="store_true")
    for p in (engine, ai, analysis):
        p.add_argument("--game", type=cli.game_id)
        p.add_argument("--players", type=cli.count(1))
        p.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.what == "analyse":
        from game.analysis import PLAYOUTS, background_jobs

        args.playouts = args.playouts or PLAYOUTS
        args.jobs = args.jobs or background_jobs()
    if args.what in ("engine", "ai", "analyse") and args.players is not None:
        for game_id in [args.game] if args.game else available():
            cli.check_setup(parser, game_id, args.players)
    if args.what in ("ai", "analyse"):
        for game_id in [args.game] if args.game else available():
            cli.check_bots(parser, game_id, args.levels if args.what == "ai" else [args.level])
    run = {"engine": bench_engine, "ai": bench_ai, "analyse": bench_analyse,
           "startup": bench_startup}[args.what]
    result = run(args)
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
