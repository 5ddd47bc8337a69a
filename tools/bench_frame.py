"""Frame benchmark: a full table drawn frame after frame, against the floor of the same run.

    python -m tools.bench frame [--game ID] [--players N] [--size WxH] [--frames F] [--hinting [--hints H]]
                                [--moment NAME|all] [--analysing] [--json]

Every seat is a bot (by default "hard" searches, thinking in a worker process as they do at the
table, between "normal" bots that act at once); the table is drawn as seat 0 sees it, at the given size
(default 1920x1080, five seats), with animations running (speed "fast") and bots acting between
frames. Each frame (events, update, draw, flip) is timed. Then, in the same run, the floor: clearing
the screen and blitting the same number of cached card surfaces, and a flip. The target is a median
frame of at most twice the floor and no frame over 33 ms.

--hinting: seat 0 is a person who asks for a hint at every decision of theirs, by the key H as a player
does (the hard level thinks it in the worker process), and plays the hinted move once it is shown. The
same figures, and those of the frames drawn while a hint was being worked out. A frame takes far less
time than a hint, so the run goes on past F frames until H hints (default 10) were answered.

--moment NAME: the frames of one of a game's celebration moments while it plays (MOMENTS: e.g. `scoring`,
the third scoring of Gloria Picktoria, every collection flying; a name several games use, such as
`finale`, needs --game). Bots (by default "normal") play a seeded game until the action whose events
start the moment; the table opens just before it, settled, at animation speed "normal"; that action is
applied, and every frame is timed from there until the table has settled again, a banner that waits for
a click being clicked once the moment's effects have played. F, when given, caps the frames timed (a
short run). The same figures and target, with `moment` and `game` in the JSON object. `--moment all`
measures every moment of every game (of --game only, when given), one report and JSON line each.

--analysing: the results screen's "How the game went" while it analyses the finished game (see
tools/bench_analysing.py).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game import GAME_IDS, REGISTRY, load
from game.ai.base import Bot, Decision
from game.core import Action, Event, Rng
from game.match import Match, Seat
from tools import cli
from tools.screenshot import SEAT_NAMES

TARGET_RATIO = 2.0
TARGET_MAX_MS = 33.0
WARM_UP_FRAMES = 30
FRAME_DT = 1 / 60
DEFAULT_FRAMES = 600
DEFAULT_BOTS = ["hard", "normal"]
#: the moments' games are played by bots that answer at once: finding the moment takes a blink, and the
#: frames measured are the table's alone either way (nobody thinks while a moment plays)
MOMENT_BOTS = ["normal"]
#: How long a --hinting run waits for the next hint before it gives up (a worker that fails a hint is
#: restarted by the match within seconds, and the hint asked again).
HINT_WAIT_S = 60.0
ALL_MOMENTS = "all"
#: seeds tried, from --seed on, for a game in which the moment happens (a pile need not burn in every deal)
MOMENT_SEEDS = 50
#: frames a freshly opened table may take to settle, and a moment to play out, before the run gives up
#: (a moment that never settles is a fault, not a slow frame)
SETTLE_FRAME_LIMIT = 600
MOMENT_FRAME_LIMIT = 180 * 60
#: the floor is timed over at least this many frames, so a short moment still gets a steady floor
FLOOR_MIN_FRAMES = 60


@dataclass(frozen=True)
class Moment:
    """A celebration to measure: the game's registry entry names it (game.Moment) by the event that
    starts it and which occurrence (the third ScoringDone is the third scoring)."""

    game: str
    name: str
    event: str
    occurrence: int = 1
    what: str = ""

    def starts(self, event: Event) -> bool:
        return event.kind == self.event


#: (game, name) -> the moment: what each game's table celebrates (its `moment_for` hook)
MOMENTS: dict[tuple[str, str], Moment] = {
    (entry.id, m.name): Moment(entry.id, m.name, m.event, m.occurrence, m.what)
    for entry in REGISTRY for m in entry.moments
}


def known_moments() -> str:
    """Every moment name, game by game: what an unknown name's error lists."""
    games = dict.fromkeys(m.game for m in MOMENTS.values())
    per_game = "; ".join(f"{game}: {', '.join(m.name for m in MOMENTS.values() if m.game == game)}"
                         for game in games)
    return f"the moments are {per_game} (or {ALL_MOMENTS}: every one)"


def moment_name(text: str) -> str:
    """A type for --moment: a name some game's table celebrates, or `all`."""
    name = text.strip()
    if name == ALL_MOMENTS or any(m.name == name for m in MOMENTS.values()):
        return name
    raise argparse.ArgumentTypeError(f"unknown moment {text!r}: {known_moments()}")


def chosen_moments(parser: argparse.ArgumentParser, name: str, game: str | None) -> list[Moment]:
    """The moments `--moment name` (with `--game`, if given) asks for; a usage error if none or several."""
    if name == ALL_MOMENTS:
        return [m for m in MOMENTS.values() if game in (None, m.game)]
    named = [m for m in MOMENTS.values() if m.name == name]
    if game is not None:
        found = [m for m in named if m.game == game]
        if not found:
            own = ", ".join(m.name for m in MOMENTS.values() if m.game == game) or "none"
            parser.error(f"{game} has no moment {name!r}: its moments are {own}")
        return found
    if len(named) > 1:
        parser.error(f"{name!r} is a moment of {', '.join(m.game for m in named)}: choose one with --game")
    return named


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tools.bench frame", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", type=cli.game_id, help=f"the game (default {GAME_IDS[0]})")
    parser.add_argument("--players", type=cli.count(1), default=5)
    parser.add_argument(
        "--size", type=cli.window_size, default=(1920, 1080), help="WIDTHxHEIGHT (default 1920x1080)"
    )
    parser.add_argument("--frames", type=cli.count(1),
                        help=f"frames timed (default {DEFAULT_FRAMES}; with --moment: the most timed, "
                             "default until the table has settled)")
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--bots", type=cli.bot_list,
                        help="bot levels, comma-separated, repeated round the table (default hard,normal; "
                             "with --moment: normal)")
    parser.add_argument("--hinting", action="store_true",
                        help="seat 0 is a person who asks for a hint (key H) at each decision and follows it")
    parser.add_argument("--hints", type=cli.count(1), default=10,
                        help="with --hinting: go on until this many hints were answered (default 10)")
    parser.add_argument("--moment", type=moment_name, metavar="NAME",
                        help=f"the frames of one celebration moment while it plays, or {ALL_MOMENTS}; "
                             + known_moments())
    parser.add_argument("--analysing", action="store_true",
                        help="the results screen while it analyses a finished game (bench_analysing.py)")
    parser.add_argument("--json", action="store_true", help="one JSON object on the last line")
    return parser


@dataclass
class HintingPerson:
    """Seat 0 at the table, asking for a hint at each of its decisions as the key H does, and playing the
    hinted move once the table shows it; it counts what it asked and got, and the frames drawn meanwhile."""

    asked: int = 0
    answered: int = 0
    pending_frames: int = 0
    pending_ms: list[float] = field(default_factory=list)
    pending_cpu_ms: list[float] = field(default_factory=list)
    #: frames drawn while each hint was worked out: a frame that waited for a hint would make it 1
    frames_per_hint: list[int] = field(default_factory=list)
    _pending_now: int = 0

    def before_frame(self, table: Any) -> None:
        from scenes.table.kit.hint import HINT_KEY  # pygame is loaded only once the run sets SDL up

        shown = table.hint.shown
        if shown is not None and table.settled and str(shown.hint.action) in table.legal:
            self.answered += 1
            table.act(str(shown.hint.action))
        elif table.hint.enabled and table.settled and table.hint.asked_at is None:
            self.asked += 1
            post_key(HINT_KEY)

    def after_frame(self, table: Any, elapsed_ms: float, cpu_ms: float, timed: bool) -> None:
        if table.hint.thinking:  # this frame was drawn while the worker worked the hint out
            self.pending_frames += 1
            self._pending_now += 1
            if timed:
                self.pending_ms.append(elapsed_ms)
                self.pending_cpu_ms.append(cpu_ms)
        elif self._pending_now:
            self.frames_per_hint.append(self._pending_now)
            self._pending_now = 0


def post_key(key: int) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def start_sdl() -> None:
    """Headless unless told otherwise, before pygame is loaded."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def bot_seats(players: int, levels: list[str]) -> list[Seat]:
    return [Seat.ai(SEAT_NAMES[i % len(SEAT_NAMES)], levels[i % len(levels)]) for i in range(players)]


def floor_ms(app: Any, table: Any, game_id: str, count: int, frames: int) -> list[float]:
    """The floor: clearing the screen, blitting `count` cached card surfaces of the table's cards, and a
    flip, timed over `frames` frames after a warm-up."""
    import pygame

    sprites = [s for s in table.layer.ordered() if s.shown][:count]
    blits = [(table.layer.surface_for(s, app.art), s.rect.topleft) for s in sprites]
    while len(blits) < count:  # the last frame showed fewer cards than the median frame
        blits.append(
            blits[len(blits) % max(1, len(sprites))]
            if blits
            else (app.art.back(game_id, (120, 168)), (0, 0))
        )
    timed: list[float] = []
    screen = app.screen
    for index in range(WARM_UP_FRAMES + frames):
        start = time.perf_counter()
        screen.fill((0, 0, 0))
        screen.blits(blits, doreturn=False)
        pygame.display.flip()
        elapsed = (time.perf_counter() - start) * 1000.0
        if index >= WARM_UP_FRAMES:
            timed.append(elapsed)
    return timed


def figures(frame_ms: list[float], floor: list[float]) -> dict[str, Any]:
    median = statistics.median(frame_ms)
    floor_median = statistics.median(floor)
    return {
        "frames": len(frame_ms),
        "median_ms": round(median, 3),
        "p95_ms": round(percentile(frame_ms, 0.95), 3),
        "max_ms": round(max(frame_ms), 3),
        "floor_ms": round(floor_median, 3),
        "ratio": round(median / floor_median, 2) if floor_median > 0 else None,
    }


def print_figures(result: dict[str, Any], frame_cpu_ms: list[float], count: int,
                  floor: str | None = None) -> None:
    """The figures of a run; `floor` says what the floor was (by default: `count` cached cards)."""
    print(f"  frame  median {result['median_ms']} ms  p95 {result['p95_ms']} ms  max {result['max_ms']} ms")
    floor = floor or f"clear + {count} cached card blits + flip"
    print(f"  floor  median {result['floor_ms']} ms ({floor})")
    print(
        f"  cpu    median {statistics.median(frame_cpu_ms):.3f} ms  max {max(frame_cpu_ms):.3f} ms "
        "(this thread's own time per frame; wall-clock spikes above it are other processes)"
    )


def print_target(result: dict[str, Any]) -> None:
    ratio = result["ratio"]
    ok = ratio is not None and ratio <= TARGET_RATIO and result["max_ms"] <= TARGET_MAX_MS
    print(
        f"  ratio  {ratio} (target <= {TARGET_RATIO:g}, no frame over {TARGET_MAX_MS:g} ms): "
        + ("met" if ok else "NOT met")
    )


def run(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.analysing:
        if args.moment is not None or args.hinting:
            parser.error("--analysing times the results screen, --moment and --hinting the table: give one")
        from tools import bench_analysing

        return bench_analysing.run(parser, args)
    if args.moment is not None:
        if args.hinting:
            parser.error("--hinting measures a game in play, --moment one celebration: give one of them")
        return run_moments(parser, args)
    return run_table(parser, args)


def run_table(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The full table in play, bots acting between frames (with --hinting, a person asking for hints)."""
    game_id = args.game or GAME_IDS[0]
    frames = args.frames or DEFAULT_FRAMES
    levels = args.bots or DEFAULT_BOTS
    cli.check_setup(parser, game_id, args.players)
    cli.check_bots(parser, game_id, levels)
    start_sdl()
    import pygame

    from game.ai.worker import BotWorker
    from kartentisch.launcher import make_app
    from scenes import sound
    from scenes.settings import Settings
    from scenes.table import open_table

    settings = Settings()
    settings.animation_speed = "fast"
    seats = bot_seats(args.players, levels)
    person = HintingPerson() if args.hinting else None
    if person is not None:
        seats[0] = Seat(SEAT_NAMES[0])
    app = make_app(settings, size=args.size)
    sound.available()  # the mixer starts once, at the title; not the table's work
    seed = args.seed

    def new_table():
        nonlocal seed
        match = Match(game_id, seats, seed)
        seed += 1
        table = open_table(app, match, seat=0, follow=False, to_results=False)
        if app.stack.top is None:
            app.push(table)
        else:
            app.replace(table)
        return table

    table = new_table()
    frame_ms: list[float] = []
    frame_cpu_ms: list[float] = []  # the frame's own CPU time: tells a slow frame from a busy machine
    cards_drawn: list[int] = []
    bot_moves = 0
    index = 0
    last_answer = (0, time.perf_counter())  # hints answered by then, and when that count was reached
    try:
        while index < WARM_UP_FRAMES + frames or (person is not None and person.answered < args.hints):
            if person is not None and person.answered != last_answer[0]:
                last_answer = (person.answered, time.perf_counter())
            elif person is not None and time.perf_counter() - last_answer[1] > HINT_WAIT_S:
                break  # no hint comes any more: report what was measured, and fail below
            if table.match.is_over() and table.settled:
                table = new_table()
            if person is not None:
                person.before_frame(table)
            actions = len(table.match.actions)
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.step(FRAME_DT)
            elapsed = (time.perf_counter() - start) * 1000.0
            cpu = (time.thread_time() - start_cpu) * 1000.0
            timed = index >= WARM_UP_FRAMES
            if timed:
                frame_ms.append(elapsed)
                frame_cpu_ms.append(cpu)
                cards_drawn.append(table.layer.drawn_last_frame)
                moves = table.match.actions[actions:]
                bot_moves += sum(1 for seat, _ in moves if person is None or seat != 0)
            if person is not None:
                person.after_frame(table, elapsed, cpu, timed)
            index += 1
        count = round(statistics.median(cards_drawn))
        floor = floor_ms(app, table, game_id, count, frames)
    finally:
        app.stack.clear()
        pygame.display.quit()
        BotWorker.shared().close()  # its process would outlive the run

    result = figures(frame_ms, floor)
    if person is not None:
        result.update(hints_asked=person.asked, hints_answered=person.answered,
                      frames_while_hinting=person.pending_frames,
                      hinting_median_ms=round(statistics.median(person.pending_ms), 3) if person.pending_ms
                      else None,
                      hinting_max_ms=round(max(person.pending_ms), 3) if person.pending_ms else None,
                      hinting_cpu_max_ms=round(max(person.pending_cpu_ms), 3) if person.pending_ms else None,
                      frames_per_hint_min=min(person.frames_per_hint, default=None),
                      frames_per_hint_median=round(statistics.median(person.frames_per_hint))
                      if person.frames_per_hint else None)
    w, h = args.size
    print(
        f"frame benchmark: {game_id}, {args.players} seats, {w}x{h}, {len(frame_ms)} frames, "
        f"{count} cards drawn per frame (median), {bot_moves} bot actions"
    )
    print_figures(result, frame_cpu_ms, count)
    if person is not None:
        hinting = (f"median {result['hinting_median_ms']} ms  max {result['hinting_max_ms']} ms, "
                   f"cpu max {result['hinting_cpu_max_ms']} ms" if person.pending_ms else "none timed")
        print(f"  hints  {person.asked} asked, {person.answered} answered and followed; "
              f"{person.pending_frames} frames drawn while a hint was worked out ({hinting})")
        print(f"         frames drawn while one hint was worked out: fewest {result['frames_per_hint_min']}, "
              f"median {result['frames_per_hint_median']} (a frame that waited for a hint would make it 1)")
    print_target(result)
    if args.json:
        print(json.dumps(result))
    if person is not None and person.answered < args.hints:
        print(f"frame benchmark: {person.answered} of {args.hints} hints answered; no hint came for "
              f"{HINT_WAIT_S:g} s", file=sys.stderr)
        return 1
    return 0


# -- moments -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Found:
    """Where a moment happens: in the game of `seed`, the action after the first `index` actions (each
    action up to and including it in `actions`, as (seat, text))."""

    seed: int
    index: int
    actions: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Replayed(Bot):
    """A seat that plays its moves of a game found before, in order: the table's game is that game, move
    for move, whichever bots found it."""

    name: str = "replayed"
    moves: deque[str] = field(default_factory=deque)

    def choose(self, decision: Decision, rng: Rng) -> Action:
        text = self.moves.popleft()
        for action in decision.legal:
            if str(action) == text:
                return action
        raise RuntimeError(f"{text!r} is not a legal move of seat {decision.seat} in the game replayed")


def find_moment(moment: Moment, players: int, levels: list[str], first_seed: int) -> Found | None:
    """The first game, from `first_seed` on, in which `moment` happens, played headless by bots."""
    for seed in range(first_seed, first_seed + MOMENT_SEEDS):
        match = Match(moment.game, bot_seats(players, levels), seed, keep_events=False)
        seen = 0
        while not match.is_over():
            index = len(match.actions)
            seen += sum(1 for event in match.step_bot() or [] if moment.starts(event))
            if seen >= moment.occurrence:
                return Found(seed, index, tuple(match.actions))
    return None


def replayed_match(moment: Moment, found: Found, players: int, levels: list[str]) -> Match:
    """The game found, again, up to just before the moment's action (which is left to be applied)."""
    moves: dict[int, deque[str]] = {seat: deque() for seat in range(players)}
    for seat, text in found.actions:
        moves[seat].append(text)
    bots: dict[int, Bot] = {seat: Replayed(moves=queue) for seat, queue in moves.items()}
    match = Match(moment.game, bot_seats(players, levels), found.seed, bots=bots)
    while len(match.actions) < found.index:
        match.step_bot()
    return match


@dataclass
class MomentFrames:
    """The frames timed while one moment played."""

    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    cards_drawn: list[int] = field(default_factory=list)
    settled: bool = False  # the table settled again within the frames timed
    clicks: int = 0  # banners clicked through


def play_moment(app: Any, table: Any, moment: Moment, limit: int) -> MomentFrames:
    """Apply the moment's action and time every frame until the table has settled again (or `limit`
    frames): a banner that waits for a click is clicked once no effect plays, as a player would, so the
    moment's own effects are never cut short."""
    import pygame

    events = table.match.step_bot() or []
    if not any(moment.starts(event) for event in events):
        raise RuntimeError(f"the replayed action did not start the moment {moment.name!r}")
    frames = MomentFrames()
    while len(frames.ms) < limit:
        banner = table.banner
        if banner is not None and banner.waits and not table.moments.busy:
            post_key(pygame.K_RETURN)
            frames.clicks += 1
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.step(FRAME_DT)
        frames.ms.append((time.perf_counter() - start) * 1000.0)
        frames.cpu_ms.append((time.thread_time() - start_cpu) * 1000.0)
        frames.cards_drawn.append(table.layer.drawn_last_frame)
        if table.caught_up:
            frames.settled = True
            break
    return frames


def measure_moment(app: Any, moment: Moment, players: int, levels: list[str], args: argparse.Namespace,
                   ) -> dict[str, Any] | None:
    """One moment's report (None when no game of the seeds tried has it)."""
    from scenes.table import open_table

    found = find_moment(moment, players, levels, args.seed)
    if found is None:
        return None
    match = replayed_match(moment, found, players, levels)
    table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
    if app.stack.top is None:
        app.push(table)
    else:
        app.replace(table)
    for _ in range(SETTLE_FRAME_LIMIT):  # opened mid-game: it shows the position at once
        if table.caught_up:
            break
        app.step(FRAME_DT)
    for _ in range(WARM_UP_FRAMES):  # untimed, as the table in play is warmed up
        app.step(FRAME_DT)
    frames = play_moment(app, table, moment, args.frames or MOMENT_FRAME_LIMIT)
    count = round(statistics.median(frames.cards_drawn))
    floor = floor_ms(app, table, moment.game, count, max(len(frames.ms), FLOOR_MIN_FRAMES))
    result = {"game": moment.game, "moment": moment.name, "players": players, "seed": found.seed,
              "action": found.index, **figures(frames.ms, floor), "settled": frames.settled}
    w, h = args.size
    until = "until settled" if frames.settled else "(not settled yet)"
    print(f"frame benchmark: {moment.game}, moment {moment.name} ({moment.what}), {players} seats, {w}x{h}: "
          f"action {found.index} of seed {found.seed}, {len(frames.ms)} frames {until}, "
          f"{count} cards drawn per frame (median), banners clicked through: {frames.clicks}")
    print_figures(result, frames.cpu_ms, count)
    print_target(result)
    return result


def players_for(game_id: str, wanted: int) -> int:
    """The seats a game is measured with under `--moment all`: the count asked for, within the game's."""
    game = load(game_id)
    return max(game.min_players, min(game.max_players, wanted))


def run_moments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Every moment asked for, one report each (and a JSON line each, with --json)."""
    moments = chosen_moments(parser, args.moment, args.game)
    levels = args.bots or MOMENT_BOTS
    for game_id in dict.fromkeys(m.game for m in moments):
        if args.moment != ALL_MOMENTS:
            cli.check_setup(parser, game_id, args.players)
        cli.check_bots(parser, game_id, levels)
    start_sdl()
    import pygame

    from kartentisch.launcher import make_app
    from scenes import sound
    from scenes.settings import Settings

    settings = Settings()
    settings.animation_speed = "normal"
    app = make_app(settings, size=args.size)
    sound.available()  # the mixer starts once, at the title; not the table's work
    failed: list[str] = []
    try:
        for moment in moments:
            players = players_for(moment.game, args.players) if args.moment == ALL_MOMENTS else args.players
            result = measure_moment(app, moment, players, levels, args)
            if result is None:
                failed.append(f"{moment.game} {moment.name}: no game of seeds {args.seed} to "
                              f"{args.seed + MOMENT_SEEDS - 1} has it")
                continue
            if args.frames is None and not result["settled"]:
                failed.append(f"{moment.game} {moment.name}: the table did not settle within "
                              f"{MOMENT_FRAME_LIMIT} frames")
            if args.json:
                print(json.dumps(result))
    finally:
        app.stack.clear()
        pygame.display.quit()
    for line in failed:
        print(f"frame benchmark: {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run())
