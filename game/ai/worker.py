"""Bot decisions in a separate process, so a search never competes with the render loop for the GIL.

The worker gets what an in-process bot would get: the game, the bot's name, the seat and its RNG,
and the position as `to_dict()` data from which it builds the same Decision (the bot itself still
sees only the observation, the legal actions and determinized samples). It answers with the action's
text, which the match applies as if the bot had decided in-process.

A worker can fail: its process killed or crashed, the bot raising, or no answer at all. The match
notices (an error in the answer, or none within `timeout_s`), calls `restart` for a fresh process and
asks again (see Match._step_worker).

Pondering: while a person decides, a second process of the worker's (`pondering`) works out the bot's
answers to the positions the person's likely moves lead to, one after another (`Ponder`). When the person
has moved, the match takes the answer of the position that came, found by its state hash, or none; an
answer still being worked out is waited for as any other. The question is the very one the match would ask
(the same bot, position and random stream), so a pondered answer is the answer the bot would give.
"""

from __future__ import annotations

import atexit
import multiprocessing
import threading
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.ai import HARD_TIME_MS
from game.ai.base import Decision
from game.core import Rng, bot_rng
from game.logs import logger

log = logger(__name__)

#: How long the match waits for an answer before it takes the worker for dead: several times the
#: hard level's budget, so a slow machine or a fresh process's start-up is not mistaken for a hang.
#: (The 4.5 s it was at the old 0.9 s budget: a fresh process starts no faster for a quicker search.)
ANSWER_TIMEOUT_S = 9 * HARD_TIME_MS / 1000.0

#: What runs in the worker process: (game id, bot name, state data, seat, RNG state) -> action text.
Decide = Callable[[str, str, dict[str, Any], int, int], str]


def decide(game_id: str, bot_name: str, state_data: dict[str, Any], seat: int, rng_state: int) -> str:
    """Runs in the worker process."""
    from game import load
    from game.ai import make_bot

    game = load(game_id)
    state = game.state_from_dict(state_data)
    bot = make_bot(game_id, bot_name)
    return str(bot.choose(Decision.of(state, seat), Rng.from_state(rng_state)))


def hint_answer(game_id: str, level: str, state_data: dict[str, Any], seat: int,
                rng_state: int) -> dict[str, Any]:
    """Runs in the worker process: the hint for `seat` (game.ai.hint), as data (Hint.to_dict)."""
    from game import load
    from game.ai.hint import hint

    state = load(game_id).state_from_dict(state_data)
    return hint(Decision.of(state, seat), Rng.from_state(rng_state), level).to_dict()


def ponder_questions(game_id: str, state_data: dict[str, Any], person: int, seed: int, actions: int,
                     bots: dict[int, str], people: list[int], moves: int) -> list[Question]:
    """What to think ahead for while `person` decides in this position (the match's action number
    `actions`, its seed `seed`): for each of the person's `moves` likeliest moves (the heuristic's order,
    from the person's own observation) the position it leads to, after the steps nobody is asked
    (`State.automatic_action`, taken for `people` as the match takes them), when one of `bots` (seat: bot
    name) decides there. Runs in the pondering process; quick, no search."""
    from game import load
    from game.ai import heuristic_bot

    state = load(game_id).state_from_dict(state_data)
    legal = state.legal_actions()
    order = list(legal)
    if len(legal) > 1:
        bot = heuristic_bot(game_id)
        decision = Decision.of(state, person)
        rng = bot_rng(seed, person, actions)
        try:  # the policy's own choice first (improve.py relies on that too), then the rest by value
            order = [action for _, action in bot.ranked(decision, rng)] + order
        except NotImplementedError:  # a heuristic that does not value its moves: its choice first
            order = [bot.choose(decision, rng)] + order
    questions: list[Question] = []
    for move in list(dict.fromkeys(order))[:moves]:
        after = state.clone()
        after.apply(move)
        count = actions + 1
        while True:  # the steps nobody is asked, as Match._record takes them
            seat = after.current_player
            automatic = after.automatic_action() if seat is not None and seat in people else None
            if automatic is None:
                break
            after.apply(automatic)
            count += 1
        seat = after.current_player
        if seat is None or seat not in bots:
            continue
        questions.append(Question(position_key(count, seat, after.state_hash()), game_id, bots[seat],
                                  after.to_dict(), seat, bot_rng(seed, seat, count).state, str(move)))
    return questions


def position_key(actions: int, seat: int, state_hash: str) -> str:
    """What a pondered answer is filed under: the position by its hash, the decision's number and seat
    (the bot's random stream comes from those two)."""
    return f"{actions}/{seat}/{state_hash}"


class BotWorker:
    """One worker process, started on first use (spawned, so it shares no SDL or thread state).

    `timeout_s`: how long an answer may take before the match gives up on it. `decide`: the function the
    process runs (a module-level function, so the spawned process can import it; tests pass faulty ones).
    """

    _shared: BotWorker | None = None

    def __init__(self, *, timeout_s: float = ANSWER_TIMEOUT_S, decide: Decide = decide,
                 ponder: bool | None = None) -> None:
        self.timeout_s = timeout_s
        self.restarts = 0
        self._decide = decide
        #: whether it thinks ahead while a person decides (default: a worker with the real `decide`; the
        #: tests' faulty stand-ins would count the ponders among the questions they fail)
        self.ponders = decide is _real_decide if ponder is None else ponder
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._pondering: BotWorker | None = None

    @classmethod
    def shared(cls) -> BotWorker:
        """The app's worker: one per process, shut down at exit."""
        if cls._shared is None:
            cls._shared = cls()
            atexit.register(cls._shared.close)
        return cls._shared

    def _ready_pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1,
                                                 mp_context=multiprocessing.get_context("spawn"))
            return self._pool

    @property
    def started(self) -> bool:
        return self._pool is not None

    @property
    def pid(self) -> int | None:
        """The worker process's id, once it runs."""
        pool = self._pool
        return next(iter(_processes(pool)), None) if pool is not None else None

    def warm(self) -> None:
        """Start the worker process now, from a background thread: spawning it costs the caller a frame."""
        if self._pool is None:
            threading.Thread(target=self._start, name="bot-worker-start", daemon=True).start()

    def _start(self) -> None:
        try:
            self._ready_pool().submit(int).result()
        except Exception as exc:  # the first question meets the same fault, and the match handles it there
            log.warning("the AI worker process did not start: %r", exc)

    def submit(self, game_id: str, bot_name: str, state_data: dict[str, Any], seat: int,
               rng: Rng) -> Future[str]:
        """The answer to come; a worker that cannot take the question gives a future holding the error."""
        try:
            return self._ready_pool().submit(self._decide, game_id, bot_name, state_data, seat, rng.state)
        except Exception as exc:  # a broken pool, a process that cannot start: handled as any fault
            failed: Future[str] = Future()
            failed.set_exception(exc)
            return failed

    def submit_hint(self, game_id: str, level: str, state_data: dict[str, Any], seat: int,
                    rng: Rng) -> Future[dict[str, Any]]:
        """A hint to come (see `hint_answer`); a worker that cannot take the question gives the error."""
        try:
            return self._ready_pool().submit(hint_answer, game_id, level, state_data, seat, rng.state)
        except Exception as exc:  # as in submit: the caller handles it as any fault
            failed: Future[dict[str, Any]] = Future()
            failed.set_exception(exc)
            return failed

    @property
    def pondering(self) -> BotWorker:
        """The process that thinks ahead (a worker of its own, so a ponder never delays an answer)."""
        with self._lock:
            if self._pondering is None:
                self._pondering = BotWorker(timeout_s=self.timeout_s, decide=self._decide, ponder=False)
            return self._pondering

    def ponder(self, questions: Iterable[Question]) -> Ponder:
        """Work out these questions ahead, one after another, on the pondering process."""
        return Ponder(self.pondering, questions)

    def ponder_ahead(self, game_id: str, state_data: dict[str, Any], person: int, seed: int, actions: int,
                     bots: dict[int, str], people: list[int], moves: int) -> Ponder:
        """Think ahead while `person` decides: the pondering process first works out which positions to
        think about (`ponder_questions`), then the bots' answers there, one after another. The caller
        only hands over the position."""
        pondering = self.pondering
        ponder = Ponder(pondering)
        try:
            planned = pondering._ready_pool().submit(ponder_questions, game_id, state_data, person, seed,
                                                     actions, bots, people, moves)
        except Exception as exc:  # as in submit: the pondering fails, the game goes on
            planned = Future()
            planned.set_exception(exc)
        ponder.plan(planned)
        return ponder

    def restart(self) -> None:
        """End the process whatever it is doing (a hung search never ends by itself); the next question
        starts a fresh one."""
        with self._lock:
            pool, self._pool = self._pool, None
            self.restarts += 1
        if pool is not None:
            log.warning("restarting the AI worker process")
            _stop(pool)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
            pondering, self._pondering = self._pondering, None
        if pool is not None:
            _stop(pool)
        if pondering is not None:
            pondering.close()


_real_decide = decide


@dataclass(frozen=True)
class Question:
    """A decision to work out ahead: the position it is asked in (`key`: the match's action count, the
    seat and the state hash) and what the worker is asked (see `decide`)."""

    key: str
    game_id: str
    bot_name: str
    state_data: dict[str, Any]
    seat: int
    rng_state: int
    after: str = ""  # the person's move that leads there (for tools and tests)


class Ponder:
    """Answers worked out ahead, one question at a time, in the order given; `take` ends it.

    A question is put to the worker only once the one before it is answered, so at most one is under way
    and a position that does not come costs at most that one decision's time. A worker that fails a
    question ends the pondering (`failed`); the match then asks as if nothing had been pondered."""

    def __init__(self, worker: BotWorker, questions: Iterable[Question] = ()) -> None:
        self.worker = worker
        self.failed = False
        self._questions = deque(questions)
        self._answers: dict[str, Future[str]] = {}
        self._put: dict[str, Question] = {}
        self._lock = threading.Lock()
        self._closed = False
        self._ask_next()

    def question(self, key: str) -> Question:
        """The question put to the worker under `key`."""
        with self._lock:
            return self._put[key]

    @property
    def asked(self) -> list[str]:
        """The keys of the questions put to the worker so far, in order."""
        with self._lock:
            return list(self._answers)

    def plan(self, planned: Future[list[Question]]) -> None:
        """Ask the questions `planned` gives, once it gives them."""
        planned.add_done_callback(self._planned)

    def _planned(self, planned: Future[list[Question]]) -> None:
        if planned.cancelled():
            return
        if planned.exception() is not None:
            with self._lock:
                self.failed = True
            return
        with self._lock:
            self._questions.extend(planned.result())
        self._ask_next()

    def ready(self) -> list[str]:
        """The keys of the questions answered so far."""
        with self._lock:
            answers = list(self._answers.items())
        return [key for key, answer in answers
                if answer.done() and not answer.cancelled() and answer.exception() is None]

    def _ask_next(self) -> None:
        with self._lock:
            if self._closed or self.failed or not self._questions:
                return
            question = self._questions.popleft()
            answer = self.worker.submit(question.game_id, question.bot_name, question.state_data,
                                        question.seat, Rng.from_state(question.rng_state))
            self._answers[question.key] = answer
            self._put[question.key] = question
        answer.add_done_callback(self._answered)

    def _answered(self, answer: Future[str]) -> None:
        if answer.cancelled():
            return
        if answer.exception() is not None:
            with self._lock:
                self.failed = True  # the match restarts the process (never from the pool's own thread)
            return
        self._ask_next()

    def take(self, key: str) -> Future[str] | None:
        """The answer for the position `key`, done or under way, if it was asked and has not failed; the
        pondering ends here (the questions not yet asked never are)."""
        with self._lock:
            self._closed = True
            self._questions.clear()
            answer = self._answers.get(key)
        if answer is None or (answer.done() and (answer.cancelled() or answer.exception() is not None)):
            return None
        return answer

    def close(self) -> None:
        """Ask nothing more (an answer under way is left to finish: its process stays usable)."""
        with self._lock:
            self._closed = True
            self._questions.clear()


def _processes(pool: ProcessPoolExecutor) -> dict[int, multiprocessing.process.BaseProcess]:
    """The pool's processes by pid. The executor does not offer them before Python 3.14
    (`terminate_workers`), and only killing the process stops a decision that never ends."""
    return dict(getattr(pool, "_processes", None) or {})


def _stop(pool: ProcessPoolExecutor) -> None:
    for process in _processes(pool).values():
        if process.is_alive():
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
