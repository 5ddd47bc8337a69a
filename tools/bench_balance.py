"""The balance lab's benchmark: games per second of a study on one process, on two local processes and on
a local Ray with 2 CPUs, Ray's overhead per chunk, and the memory of a long study.

    python -m tools.bench balance [--game ID] [--players N] [--deals K] [--chunk C] [--memory-games G]
                                  [--no-ray] [--json]

The speeds are ratios within one run (two processes against one: the goal is at least 1.7x on a machine
with two free cores). Ray's overhead per chunk is the wall time of empty chunks sent through it, each
one task. The memory is the resident set size after a tenth of a study of `--memory-games` games on one
process and at its end: flat (no game's record is kept).
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from pathlib import Path
from typing import Any

from game import GAME_IDS
from game.balance import lab
from game.balance.study import MAIN, Chunk, Spec, play_chunk
from tools import cli

#: the goal for two local processes against one
TWO_PROCESS_GOAL = 1.7


def rss_mb() -> float:
    """This process's resident set size now (Linux; 0 where /proc is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    import os

    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def cpu_seconds() -> float:
    """CPU time of this process and of its children that ended (the pool's processes, once gone)."""
    import multiprocessing
    import resource

    deadline = time.perf_counter() + 5.0
    while multiprocessing.active_children() and time.perf_counter() < deadline:
        time.sleep(0.05)  # the pool's processes end just after the study: their time counts once they did
    mine, theirs = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + theirs.ru_utime + theirs.ru_stime


def games_per_s(plan: lab.StudyPlan, **how: Any) -> tuple[float, float]:
    """Games per second of wall time, and CPU milliseconds per game (which a busy machine leaves alone)."""
    cpu = cpu_seconds()
    start = time.perf_counter()
    data = lab.run_study(plan, **how)
    wall = time.perf_counter() - start
    games = data["figures"]["games"]
    return games / wall, (cpu_seconds() - cpu) * 1000.0 / games


def ray_overhead_ms(chunks: int) -> float:
    """The wall time per empty chunk (no deals) sent to Ray as tasks, gathered with ray.wait."""
    from game.balance import cluster

    empty = [Chunk(MAIN, Spec(GAME_IDS[0], 2, ("random",)), seed, 0) for seed in range(chunks)]
    list(cluster.run_on_ray(play_chunk, empty[:4], "auto"))  # the workers started and the function sent
    start = time.perf_counter()
    list(cluster.run_on_ray(play_chunk, empty, "auto"))
    return (time.perf_counter() - start) * 1000.0 / chunks


def memory(spec: Spec, games: int, chunk: int) -> dict[str, float]:
    samples: dict[str, float] = {}

    def sample(progress: lab.Progress) -> None:
        if "tenth" not in samples and progress.done >= progress.total // 10:
            samples["tenth"] = rss_mb()

    plan = lab.StudyPlan(spec, seed=100_000, deals=games, chunk=chunk, skill_levels=None, skill_deals=0)
    lab.run_study(plan, progress=sample)
    end = rss_mb()
    tenth = samples.get("tenth", end)
    return {"games": games, "rss_mb_at_tenth": round(tenth, 1), "rss_mb_at_end": round(end, 1),
            "growth_mb": round(end - tenth, 1)}


def bench(args: argparse.Namespace) -> dict[str, Any]:
    spec = Spec(args.game, args.players, ("heuristic",) * args.players)
    plan = lab.StudyPlan(spec, seed=1, deals=args.deals, chunk=args.chunk, skill_levels=None, skill_deals=0)
    lab.run_study(lab.StudyPlan(spec, deals=2, skill_levels=None, skill_deals=0))  # modules loaded, warm
    out: dict[str, Any] = {"game": args.game, "players": args.players, "deals": args.deals,
                           "chunk": args.chunk}
    one, one_cpu = games_per_s(plan)
    two, two_cpu = games_per_s(plan, jobs=2)
    out["one_process_games_per_s"], out["two_processes_games_per_s"] = round(one, 1), round(two, 1)
    out["two_processes_ratio"] = round(two / one, 2)
    # the CPU a game costs on two processes against one: what two free cores would make of it
    out["cpu_ms_per_game"] = {"one_process": round(one_cpu, 2), "two_processes": round(two_cpu, 2)}
    out["two_free_cores_ratio_estimate"] = round(2 * one_cpu / two_cpu, 2)
    print(f"{args.game} {args.players}p, {args.deals} games in chunks of {args.chunk}: one process "
          f"{out['one_process_games_per_s']} games/s, "
          f"two processes {out['two_processes_games_per_s']} games/s "
          f"({out['two_processes_ratio']} x, goal >= {TWO_PROCESS_GOAL}); "
          f"CPU a game {one_cpu:.2f} ms against "
          f"{two_cpu:.2f} ms: {out['two_free_cores_ratio_estimate']} x on two free cores")
    if not args.no_ray:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
        try:
            games_per_s(lab.StudyPlan(spec, deals=4, chunk=1, skill_levels=None, skill_deals=0), ray="auto")
            out["ray_games_per_s"] = round(games_per_s(plan, ray="auto")[0], 1)
            out["ray_ratio"] = round(out["ray_games_per_s"] / out["one_process_games_per_s"], 2)
            out["ray_overhead_ms_per_chunk"] = round(ray_overhead_ms(100), 2)
        finally:
            ray.shutdown()
        print(f"Ray with 2 CPUs {out['ray_games_per_s']} games/s ({out['ray_ratio']} x one process), "
              f"overhead {out['ray_overhead_ms_per_chunk']} ms a chunk")
    out["memory"] = memory(spec, args.memory_games, max(args.chunk, 20))
    m = out["memory"]
    print(f"memory of a study of {m['games']} games: {m['rss_mb_at_tenth']} MB after a tenth, "
          f"{m['rss_mb_at_end']} MB at the end ({m['growth_mb']:+} MB)")
    return out


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench balance", description=__doc__.split("\n")[0])
    parser.add_argument("--game", type=cli.game_id, default=GAME_IDS[1],
                        help=f"the game (default {GAME_IDS[1]})")
    parser.add_argument("--players", type=cli.count(1), default=4)
    parser.add_argument("--deals", type=cli.count(1), default=600, help="games of each speed run")
    parser.add_argument("--chunk", type=cli.count(1), default=10, help="deals per chunk")
    parser.add_argument("--memory-games", type=cli.count(10), default=10_000)
    parser.add_argument("--no-ray", action="store_true", help="leave Ray out")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    cli.check_setup(parser, args.game, args.players)
    result = bench(args)
    if args.json:
        print(json.dumps(result))
    return 0
