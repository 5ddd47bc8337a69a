"""The match controller: seats, bot turns, human decisions, undo, autosave and events for the view.

The view talks only to a Match: it asks which seat the screen shows (`view_seat`), whether the
screen must first be handed to another person (`handoff_seat`), what that seat sees
(`observation`), what it may do (`legal_actions`), and it takes events redacted for that seat
(`drain_events`). It never touches the State.

Nothing outside the game stops it: an autosave that cannot be written leaves the game going on in
memory (retried after every action; `save_error` says why it fails), and a worker process that dies or
never answers is restarted, or else the seat plays that decision at the normal level. The view shows
the player what they should know of either (`drain_notices`).

With a worker, the bots think on the people's time: while a person decides and a searching bot is to
decide after them, the worker's pondering process works out that bot's answer to the positions the
person's likeliest moves lead to (`_start_ponder`). Once the person has moved, the answer for the position
that came (the same action count, seat and state hash) is taken as the worker's answer; the others are
thrown away. The question is the one the match would have asked, so the move is the same.

Why one long module: every job here (seats and handoff, bot turns and their worker, undo points, the
autosave, the retelling, pondering) reads and moves the same few things, the state, the actions played
and who decides now, in a fixed order after each action; the parts that need none of them live apart
(game.retelling, game.core.records, game.ai.worker).
"""

from __future__ import annotations

import re
import stat
import time
import weakref
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Future
from concurrent.futures import wait as wait_for
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import load
from game.ai import Bot, Decision, make_bot
from game.ai.hint import DEFAULT_LEVEL as HINT_LEVEL
from game.ai.hint import Hint, hint
from game.ai.worker import BotWorker, Ponder, position_key
from game.core import (
    Action,
    Event,
    IllegalAction,
    KartentischError,
    Observation,
    RecordError,
    Rng,
    State,
    bot_rng,
)
from game.core.records import Record, footer_for, read_record, reason_of, write_record
from game.history import LONGEST_ACTIONS, LONGEST_BYTES, claim_path, record_name, too_long
from game.i18n import Message, Text, is_unicode, message
from game.locks import LockTimeout, acquire, folder_lock, locked, release
from game.logs import logger
from game.retelling import Retelling, Step

log = logger(__name__)

HUMAN = "human"
BOT = "bot"
#: a game of bots alone is cut off after this many actions: bots can cycle (Palace's pick-ups), and a study
#: or a simulation must not hang on one game
MAX_ACTIONS = 20_000
#: How often one decision is asked of the worker (a fresh process each time) before the seat's
#: normal level decides it instead.
WORKER_ATTEMPTS = 2
#: The level that decides when the worker fails: the heuristic, quick and in-process.
STAND_IN_LEVEL = "normal"
#: How many of a person's likeliest moves (the heuristic's order) the worker thinks ahead for.
PONDER_MOVES = 4
#: The temp files of write_record (tempfile.mkstemp(prefix=".<name>.", suffix=".tmp")): what an
#: interrupted save leaves behind.
INTERRUPTED_SAVE = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
#: how long a game waits to be claimed (another copy only looking whether it is claimed holds the claim
#: for a moment; one playing it holds it for good)
CLAIM_WAIT_SECONDS = 0.5


class MatchError(KartentischError):
    """A request the match cannot take now (not this seat's decision, nothing to undo, …)."""


class OpenElsewhere(MatchError):
    """Another copy of the app plays this game now: it is not played a second time beside it."""


@dataclass(frozen=True)
class SaveFolder:
    """Autosave into `folder`, each game in a file of its own named after it (game.history.record_name:
    the folder is the history's, so a game in play is listed there), claimed by this copy of the app
    for as long as it plays the game: another copy that would resume it is told it is open elsewhere."""

    folder: Path


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # HUMAN or BOT
    bot: str | None = None  # the bot name or level for a BOT seat

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not is_unicode(self.name):
            raise MatchError(f"a seat's name is Unicode text (it goes into the save), not {self.name!r}")
        if self.kind not in (HUMAN, BOT):
            raise MatchError(f"a seat is '{HUMAN}' or '{BOT}', not {self.kind!r}")
        if self.kind == BOT and not self.bot:
            raise MatchError(f"the AI seat {self.name!r} needs a level")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "bot": self.bot}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        return cls(str(data["name"]), str(data.get("kind", HUMAN)), data.get("bot"))

    @classmethod
    def ai(cls, name: str, level: str) -> Seat:
        return cls(name, BOT, level)


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    """The match went back to an earlier human decision: the view redraws without animation."""

    actions: int


@dataclass
class _UndoPoint:
    """The state before a person's decision, how many actions came before it, and whose it was."""

    state: State
    actions: int
    seat: int


@dataclass
class _HintAsked:
    """A hint asked for a person's decision: whose, at which action, and the answer (to come)."""

    seat: int
    actions: int
    answer: Future[dict[str, Any]] | None
    started: float
    found: Hint | None = None


@dataclass
class _Asked:
    """A decision asked of the worker: whose, at which action, the answer to come, when, which try."""

    seat: int
    actions: int
    answer: Future[str]
    started: float
    attempt: int
    pondered: bool = False  # the answer was worked out ahead, on the pondering process


class Match:
    def __init__(
        self,
        game_id: str,
        seats: Sequence[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        autosave: str | Path | SaveFolder | None = None,
        keep_events: bool = True,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        """`bots` gives ready-made Bot objects for some AI seats instead of building them from the seat's
        level (tools and tests use it to play with tuned bots). `autosave`: a file, or a SaveFolder
        (OpenElsewhere when another copy of the app plays this very game)."""
        self.game = load(game_id)
        self.seats = list(seats)
        self.state: State = self.game.new_state(len(self.seats), seed, options)
        self.seed = seed
        self.options = dict(self.state.options)
        self.autosave: Path | None = None
        self._claim: tuple[Path, weakref.finalize] | None = None  # the game's claim in its SaveFolder
        self.keep_events = keep_events
        self.actions: list[tuple[int, str]] = []
        self.bot_decision_ms: list[float] = []
        self.bot_decision_seats: list[int] = []  # whose decision each of bot_decision_ms was
        given = dict(bots or {})
        # Seats whose bot is built from its level can think in a worker process (see use_worker).
        self._named_bots = {i for i, s in enumerate(self.seats) if not s.is_human and i not in given}
        self._worker: BotWorker | None = None
        self._pending: _Asked | None = None
        self._stand_in: tuple[int, int] | None = None  # (seat, actions): this decision is the normal level's
        self._stand_in_bots: dict[int, Bot] = {}
        self._ponder: Ponder | None = None  # answers worked out while a person decides
        #: per bot seat, the action count right after its last answer (to tell a search, through
        #: `Decision.since`, that its next decision follows that answer directly)
        self._answered: dict[int, int] = {}
        self.save_error: OSError | None = None  # why the autosave fails now (None: it works)
        self._notices: deque[Text] = deque(maxlen=20)
        self._bots: dict[int, Bot] = {
            i: given.get(i) or make_bot(game_id, s.bot or "")
            for i, s in enumerate(self.seats) if not s.is_human
        }
        self._events: deque[Event] = deque()
        self._undo: list[_UndoPoint] = []
        self._retelling = Retelling(self.game, len(self.seats), seed, self.options)
        self._thinking: tuple[int, Iterator[Action | None], float] | None = None
        self._hint: _HintAsked | None = None
        #: the indexes of the actions a person made after asking for a hint at that decision (the record
        #: marks them; the statistics count them)
        self.hinted: set[int] = set()
        #: a game played on from another record's position: that record's header hash and the move
        #: (`play_on`); its first actions are that record's, and nobody here takes them back
        self.continues: dict[str, Any] | None = None
        #: a resumed save's names as its file holds them, where the reader cleaned them (Record)
        self.original_names: dict[int, str] = {}
        humans = self.human_seats
        self._shown: int | None = humans[0] if len(humans) == 1 else None
        self.autosave_in(autosave)

    # -- who is who ------------------------------------------------------------------------------
    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def current_seat(self) -> int | None:
        return self.state.current_player

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def human_to_act(self) -> int | None:
        """The human seat that must decide now, if any."""
        seat = self.state.current_player
        return seat if seat is not None and self.seats[seat].is_human else None

    def bot_to_act(self) -> int | None:
        seat = self.state.current_player
        return seat if seat is not None and not self.seats[seat].is_human else None

    @property
    def view_seat(self) -> int | None:
        """Whose observation the screen shows: the one human; with several, the last one handed the
        screen; with none (or before the first handoff), a spectator (None)."""
        return self._shown

    def handoff_seat(self) -> int | None:
        """A human other than the one on screen must decide: the screen must be passed to them first."""
        seat = self.human_to_act()
        if seat is not None and seat != self._shown and len(self.human_seats) > 1:
            return seat
        return None

    def confirm_handoff(self) -> None:
        seat = self.handoff_seat()
        if seat is None:
            raise MatchError("no one is waiting for the screen")
        self._shown = seat

    # -- what the view may see -------------------------------------------------------------------
    def observation(self, seat: int | None = None) -> Observation:
        """The observation of `seat` (default: the seat on screen)."""
        return self.state.observation(self._shown if seat is None else seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What `seat` (default: the seat on screen) may do now: empty unless it is that human's decision
        and the screen has been handed to them."""
        seat = self._shown if seat is None else seat
        if seat is None or seat != self.human_to_act() or self.handoff_seat() is not None:
            return []
        return self.state.legal_actions()

    def refusal(self, action: Action | str, seat: int | None = None) -> Text | None:
        """Why `seat` (default: the seat on screen) may not do `action` now, in one line, as the engine
        explains it (State.explain_illegal: a message, game.i18n); None when it may."""
        seat = self._shown if seat is None else seat
        if seat is None or seat != self.human_to_act() or self.handoff_seat() is not None:
            who = self.state.current_player
            if who is None:
                return message("the game is over")
            return message("it is {name}'s decision now", name=self.seats[who].name)
        try:
            parsed = self.game.parse_action(self.state, action) if isinstance(action, str) else action
        except IllegalAction as exc:  # the engine's reason as it said it (a message, in any language)
            said = exc.args[0] if len(exc.args) == 1 else None
            return said if isinstance(said, Message) else str(exc)
        return None if self.state.is_legal(parsed) else self.state.explain_illegal(parsed)

    def history(self, seat: int | None = None) -> list[Step]:
        """The game so far as `seat` (default: the seat on screen) knows it: every recorded action
        replayed from the deal, each with its events redacted for that seat. A table tells the past
        from this alone, so a person handed the screen learns nothing another may not tell them."""
        return self._retelling.steps(self.actions, self._shown if seat is None else seat)

    def drain_events(self, seat: int | None = None) -> list[Event]:
        """Take the queued events, each redacted for `seat` (default: the seat on screen)."""
        seat = self._shown if seat is None else seat
        out = [e.seen_by(seat) for e in self._events]
        self._events.clear()
        return out

    def drain_notices(self) -> list[Text]:
        """Take what the player should be told of things outside the game (the autosave, the AI worker):
        messages, put into words by the view in the chosen language."""
        out = list(self._notices)
        self._notices.clear()
        return out

    # -- acting ----------------------------------------------------------------------------------
    def play(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """A human decision (an Action or its text). Raises IllegalAction (nothing changes) or MatchError."""
        seat = self.human_to_act() if seat is None else seat
        if seat is None or seat != self.human_to_act():
            who = self.state.current_player
            raise MatchError("it is not a human's decision now" if who is None or seat is None
                             else f"it is {self.seats[who].name}'s decision, not {self.seats[seat].name}'s")
        if isinstance(action, str):
            action = self.game.parse_action(self.state, action)
        before = self.state.clone()
        events = self.state.apply(action)  # raises before anything is recorded
        self._undo.append(_UndoPoint(before, len(self.actions), seat))
        asked = self._hint
        if asked is not None and (asked.seat, asked.actions) == (seat, len(self.actions)):
            self.hinted.add(len(self.actions))
        self._hint = None
        return self._record(seat, action, events)

    # -- hints -----------------------------------------------------------------------------------
    def ask_hint(self, level: str = HINT_LEVEL) -> None:
        """Ask what `level` would play in the decision of the person on screen, from their observation
        alone. With a worker (`use_worker`) it thinks there and `hint()` answers once it is done; without
        one it is worked out now. The move the person then makes is marked as hinted in the record."""
        seat = self._shown
        if seat is None or not self.legal_actions(seat):
            raise MatchError("a hint is for the person whose decision it is")
        asked = self._hint
        if asked is not None and (asked.seat, asked.actions) == (seat, len(self.actions)):
            return  # asked already: the answer comes once
        rng = bot_rng(self.seed, seat, len(self.actions))
        worker = self._worker
        if worker is None:
            found = hint(Decision.of(self.state, seat), rng, level)
            self._hint = _HintAsked(seat, len(self.actions), None, time.perf_counter(), found)
            return
        answer = worker.submit_hint(self.game.id, level, self.state.to_dict(), seat, rng)
        self._hint = _HintAsked(seat, len(self.actions), answer, time.perf_counter())

    def hint_pending(self) -> bool:
        """A hint was asked for this decision and is still being worked out."""
        self.hint()
        return self._hint is not None and self._hint.found is None

    def hint(self) -> Hint | None:
        """The hint for the decision now, once worked out (None before, or if none was asked). A worker
        that fails or takes too long costs the hint, never the game: the player is told."""
        asked = self._hint
        if asked is None or (asked.seat, asked.actions) != (self.human_to_act(), len(self.actions)):
            return None
        if asked.found is not None or asked.answer is None:
            return asked.found
        worker = self._worker
        waited = time.perf_counter() - asked.started
        if not asked.answer.done():
            if worker is not None and waited > worker.timeout_s:
                log.warning("the AI worker gave no hint within %g s", worker.timeout_s)
                worker.restart()
                self._hint_failed()
            return None
        try:
            found = Hint.from_dict(asked.answer.result())
            if found.action not in self.state.legal_actions():
                raise ValueError(f"the hint {found.action} is not a legal move")
        except Exception as exc:  # whatever went wrong over there, the game goes on here
            log.warning("the AI worker failed a hint: %r", exc)
            if worker is not None:
                worker.restart()
            self._hint_failed()
            return None
        asked.found = found
        return found

    def _hint_failed(self) -> None:
        self._hint = None
        self._notices.append(message("The hint could not be worked out this time; ask again."))

    def bot_thinking(self) -> bool:
        return self._thinking is not None or self._pending is not None

    def use_worker(self, worker: BotWorker | None) -> None:
        """Let slow bots (searches) think in `worker`'s process instead of in `step_bot`'s time slices,
        so the render loop never shares the interpreter with them (None: think in-process again)."""
        self._worker = worker
        self._pending = None
        self._stand_in = None
        self._drop_ponder()
        if worker is not None and any(getattr(self._bots[s], "slow", False) for s in self._named_bots):
            worker.warm()  # its process starts now, in the background, not at the first decision
            if worker.ponders and self.human_seats:
                worker.pondering.warm()
            self._start_ponder()

    def step_bot(self, budget_ms: float | None = None) -> list[Event] | None:
        """Let the bot that must decide think for about `budget_ms` (None: until it decides).
        Returns the events of its action once it decided, else None (call again next frame)."""
        seat = self.bot_to_act()
        if seat is None:
            self._thinking = None
            return None
        rng = bot_rng(self.seed, seat, len(self.actions))  # one-way (ALL-R1); the same on resume and undo
        bot = self._bots[seat]
        if self._worker is not None and seat in self._named_bots and getattr(bot, "slow", False):
            if self._stand_in != (seat, len(self.actions)):
                return self._step_worker(seat, rng, budget_ms)
            bot = self._stand_in_bot(seat)
        if self._thinking is None or self._thinking[0] != seat:
            decision = Decision.of(self.state, seat, self._since(seat))
            self._thinking = (seat, bot.think(decision, rng), 0.0)
        _, thoughts, spent = self._thinking
        start = time.perf_counter()
        deadline = None if budget_ms is None else start + budget_ms / 1000.0
        action: Action | None = None
        while action is None:
            action = next(thoughts)
            if action is None and deadline is not None and time.perf_counter() >= deadline:
                break
        spent += (time.perf_counter() - start) * 1000.0
        if action is None:
            self._thinking = (seat, thoughts, spent)
            return None
        self._thinking = None
        self.bot_decision_ms.append(spent)
        self.bot_decision_seats.append(seat)
        return self._record(seat, action, self.state.apply(action))

    def _since(self, seat: int) -> tuple[Action, ...] | None:
        """The actions since `seat`'s last answer when that answer is all there was (its next decision
        follows its own move directly), else None: what a search may go on from (`Decision.since`)."""
        if self._answered.get(seat) != len(self.actions) or not self.actions:
            return None
        who, text = self.actions[-1]
        return (Action.parse(text),) if who == seat else None

    def _step_worker(self, seat: int, rng: Rng, budget_ms: float | None) -> list[Event] | None:
        """Ask the worker, or see whether it answered. A fault (an error, a dead process, a wrong answer,
        none within the worker's timeout) restarts the worker and asks again; after WORKER_ATTEMPTS the
        seat's normal level takes this decision, and the player is told."""
        worker = self._worker
        assert worker is not None
        asked = self._pending
        if asked is None or (asked.seat, asked.actions) != (seat, len(self.actions)):
            asked = self._pending = self._pondered(seat) or self._ask(worker, seat, rng, attempt=1)
        while True:
            left = asked.started + worker.timeout_s - time.perf_counter()
            if budget_ms is None:  # headless: wait for the answer, never past the timeout
                wait_for([asked.answer], timeout=max(0.0, left))
            elif not asked.answer.done() and left > 0:
                return None  # still thinking: look again next frame
            try:
                if not asked.answer.done():
                    raise TimeoutError(f"no answer within {worker.timeout_s:g} s")
                action = self.game.parse_action(self.state, asked.answer.result())
            except Exception as exc:  # whatever went wrong over there, the game goes on here
                if asked.pondered:  # the pondering process failed: ask the worker as if nothing was
                    log.warning("the AI worker failed to think ahead for %s: %r", self.seats[seat].name, exc)
                    worker.pondering.restart()
                    asked = self._pending = self._ask(worker, seat, rng, attempt=1)
                    continue
                log.warning("the AI worker failed %s's decision (try %d): %r", self.seats[seat].name,
                            asked.attempt, exc)
                worker.restart()
                if asked.attempt < WORKER_ATTEMPTS:
                    asked = self._pending = self._ask(worker, seat, rng, attempt=asked.attempt + 1)
                    continue
                return self._stand_in_for(seat, budget_ms)
            self._pending = None
            self.bot_decision_ms.append((time.perf_counter() - asked.started) * 1000.0)
            self.bot_decision_seats.append(seat)
            return self._record(seat, action, self.state.apply(action))

    # -- thinking on the people's time ------------------------------------------------------------
    def _start_ponder(self) -> None:
        """A person decides now: let the worker think ahead for the bot that decides after them, in the
        positions the person's likeliest moves lead to (PONDER_MOVES of them, `ponder_questions`). All the
        work is the pondering process's: here the position is only handed over."""
        worker = self._worker
        human = self.human_to_act()
        if worker is None or not worker.ponders or human is None:
            return
        self._drop_ponder()
        position = self._ponder_position(human)
        if position is not None:
            self._ponder = worker.ponder_ahead(*position)

    def _ponder_position(self, human: int) -> tuple[Any, ...] | None:
        """What `ponder_questions` is given for this decision of `human`; None: no search decides next."""
        bots = {s: self.seats[s].bot or "" for s in self._named_bots if getattr(self._bots[s], "slow", False)}
        if not bots:
            return None
        return (self.game.id, self.state.to_dict(), human, self.seed, len(self.actions), bots,
                self.human_seats, PONDER_MOVES)

    def _pondered(self, seat: int) -> _Asked | None:
        """The worker's answer for this decision if it was worked out ahead for this very position."""
        ponder, self._ponder = self._ponder, None
        worker = self._worker
        if ponder is None or worker is None:
            return None
        answer = ponder.take(position_key(len(self.actions), seat, self.state.state_hash()))
        if ponder.failed:
            worker.pondering.restart()
        if answer is None:
            return None
        return _Asked(seat, len(self.actions), answer, time.perf_counter(), 1, pondered=True)

    def _drop_ponder(self) -> None:
        ponder, self._ponder = self._ponder, None
        if ponder is not None:
            ponder.close()
            if ponder.failed and self._worker is not None:
                self._worker.pondering.restart()

    def _ask(self, worker: BotWorker, seat: int, rng: Rng, *, attempt: int) -> _Asked:
        answer = worker.submit(self.game.id, self.seats[seat].bot or "", self.state.to_dict(), seat, rng)
        return _Asked(seat, len(self.actions), answer, time.perf_counter(), attempt)

    def _stand_in_for(self, seat: int, budget_ms: float | None) -> list[Event] | None:
        """The worker failed this decision every time: the seat's normal level decides it here."""
        self._pending = None
        self._thinking = None
        self._stand_in = (seat, len(self.actions))
        name = self.seats[seat].name
        self._notices.append(message("{name}'s AI did not answer, so {name} played this move at the normal "
                                     "level", name=name))
        return self.step_bot(budget_ms)

    def _stand_in_bot(self, seat: int) -> Bot:
        if seat not in self._stand_in_bots:
            self._stand_in_bots[seat] = make_bot(self.game.id, STAND_IN_LEVEL)
        return self._stand_in_bots[seat]

    def run_bots(self) -> None:
        """Let bots decide until a human must, or the game ends (headless use)."""
        while self.bot_to_act() is not None:
            self.step_bot()

    def _record(self, seat: int, action: Action, events: list[Event]) -> list[Event]:
        """Keep an action that was just applied. A person is never asked a step whose only choice the
        game marks automatic (State.automatic_action): it is taken for them here, as part of the action
        before it, so one undo takes both back."""
        taken = list(events)
        if not self.seats[seat].is_human:
            self._answered[seat] = len(self.actions) + 1
        while True:
            self.actions.append((seat, str(action)))
            if self.keep_events:
                self._events.extend(events)
            human = self.human_to_act()
            automatic = self.state.automatic_action() if human is not None else None
            if human is None or automatic is None:
                break
            seat, action, events = human, automatic, self.state.apply(automatic)
            taken.extend(events)
        self._save()
        if self.human_to_act() is not None:
            self._start_ponder()
        return taken

    # -- undo ------------------------------------------------------------------------------------
    def undo_refusal(self, seat: int | None = None) -> Message | None:
        """Why `seat` (default: the person on screen) may not undo now, in one line; None: they may.
        A person takes back only their own last decision, and only while no other person has decided
        since (the bot moves after it go with it): in hot-seat nobody takes back another's move, and
        an undo never hands the screen to someone else. With one person at the table, every
        decision is theirs."""
        if not self.human_seats:
            return message("Only a person's decisions can be taken back")
        if not self._undo:
            return message("There is nothing to take back yet")
        last = self._undo[-1].seat
        seat = self._shown if seat is None else seat
        if len(self.human_seats) == 1 or seat == last:
            return None
        return message("{name} decided last, so only {name} can take that back", name=self.seats[last].name)

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_refusal(seat) is None

    def undo(self, seat: int | None = None) -> None:
        """Go back to before the last decision of `seat` (default: the person on screen), with the bot
        moves after it. MatchError (with `undo_refusal`'s reason) when that is not theirs to take back."""
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise MatchError(str(refusal))
        point = self._undo.pop()
        self.state = point.state
        del self.actions[point.actions:]
        self.hinted = {i for i in self.hinted if i < point.actions}
        self._hint = None
        self._thinking = None
        self._pending = None
        self._stand_in = None
        self._answered.clear()
        self._events.clear()
        self._events.append(Undone(actions=len(self.actions)))
        self._save()
        self._start_ponder()

    # -- records ---------------------------------------------------------------------------------
    def record(self) -> Record:
        return Record(
            game=self.game.id,
            version=str(self.game.version),
            players=len(self.seats),
            seed=self.seed,
            options=self.options,
            seats=[s.to_dict() for s in self.seats],
            actions=list(self.actions),
            footer=footer_for(self.state, len(self.actions)),
            hinted=set(self.hinted),
            continues=dict(self.continues) if self.continues is not None else None,
            original_names=dict(self.original_names),
        )

    def save(self, path: str | Path) -> None:
        write_record(path, self.record())

    def autosave_in(self, target: str | Path | SaveFolder | None) -> None:
        """Autosave at `target` from now on (a file; a SaveFolder: this game's file there, claimed for this
        copy of the app; None: nowhere), and save now. OpenElsewhere, with nothing changed, when another
        copy plays this game."""
        if isinstance(target, SaveFolder):
            name = record_name(self.record())
            claim = claim_path(target.folder, name)
            if self._claim is None or self._claim[0] != claim:
                claimed: bool | None
                try:
                    claimed = acquire(claim, timeout=CLAIM_WAIT_SECONDS)
                except OSError as exc:  # the folder cannot be written: the autosave will say so
                    log.warning("the game %s could not be claimed: %s", name, exc)
                    claimed = None
                if claimed is False:
                    raise OpenElsewhere(message("This game is open in another Kartentisch window: go on "
                                                "with it there, or close it there first."))
                self.release_claim()
                if claimed:
                    self._claim = (claim, weakref.finalize(self, release, claim, remove=True))
            path: Path | None = target.folder / name
        else:
            self.release_claim()
            path = Path(target) if target is not None else None
        self.autosave = path
        self._save()

    def release_claim(self) -> None:
        """This copy of the app plays the game no more (it was left, or it ended): another may resume it.
        The claim goes by itself too when the match is collected or the app ends, even by a crash."""
        claim, self._claim = self._claim, None
        if claim is not None:
            claim[1]()  # the finalizer releases it, once

    def retry_autosave(self) -> bool:
        """Autosave now (before leaving a game whose autosave failed): True once it is written."""
        self._save()
        return self.save_error is None

    def _save(self) -> None:
        """Autosave. A save that cannot be written never stops the game: the player is told once, the
        game goes on in memory, the next action tries again, and the player is told when it works again.
        The save is written holding its folder's lock, so another copy cleaning up what interrupted saves
        left never takes this one's temp file."""
        if self.autosave is None:
            return
        try:
            with locked(folder_lock(self.autosave.parent)):
                write_record(self.autosave, self.record())
        except OSError as exc:
            if self.save_error is None:
                log.warning("the autosave %s cannot be written: %s", self.autosave, exc)
                self._notices.append(message("The game cannot be saved ({reason}). Play goes on; each move "
                                             "tries again.", reason=describe_os_error(exc)))
            self.save_error = exc
            return
        if self.save_error is not None:
            self.save_error = None
            self._notices.append(message("The game is saved again."))

    @classmethod
    def resume(cls, path: str | Path, *, autosave: str | Path | SaveFolder | None = None) -> Match:
        """Continue a saved game: the record is read, checked and replayed (RecordError says why not, and
        refuses a record longer than game.history.LONGEST_ACTIONS: resuming it would hold the screen for
        seconds); OpenElsewhere when another copy of the app plays it (with a SaveFolder)."""
        from game.core.records import replay

        try:
            size = Path(path).stat().st_size
        except (OSError, ValueError):
            size = 0  # read_record says what is wrong
        if size > LONGEST_BYTES:
            raise RecordError(too_long(), path=str(path))
        record = read_record(path)
        if len(record.actions) > LONGEST_ACTIONS:
            raise RecordError(too_long(len(record.actions)), path=str(path))
        final = replay(record, verify=True, path=str(path))
        try:  # the reader checked each seat's shape; an unknown bot level shows only here
            seats = [Seat.from_dict(s) for s in record.seats]
            match = cls(record.game, seats, record.seed, record.options, autosave=None)
        except KartentischError as exc:
            raise RecordError(message("a seat in the header cannot play: {problem}", problem=reason_of(exc)),
                              path=str(path), line=1) from None
        played_on = record.continues["move"] if record.continues is not None else 0
        for seat, text in record.actions:  # rebuild the undo points along the way
            if (len(match.actions) >= played_on and match.seats[seat].is_human
                    and match.state.automatic_action() is None):
                match._undo.append(_UndoPoint(match.state.clone(), len(match.actions), seat))
            match.state.apply(match.game.parse_action(match.state, text))
            match.actions.append((seat, text))
        assert match.state.state_hash() == final.state_hash()
        match.hinted = set(record.hinted)
        match.continues = dict(record.continues) if record.continues is not None else None
        match.original_names = dict(record.original_names)
        match.autosave_in(autosave)
        return match

    @classmethod
    def play_on(cls, record: Record, move: int, seats: Sequence[Seat], *,
                autosave: str | Path | SaveFolder | None = None) -> Match:
        """A new game from the position after the first `move` actions of `record`, with the seats chosen
        anew (people and AI levels): its record begins with those actions, so it replays on its own, and
        its header names the record and the move it goes on from. MatchError when there is no game to
        play on there; RecordError when the record does not lead to that position."""
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= len(record.actions):
            raise MatchError(message("the record has moves 0 to {last}, not {move}",
                                     last=len(record.actions), move=repr(move)))
        if len(seats) != record.players:
            raise MatchError(message("the game goes on with its {seats} seats, not {given}",
                                     seats=record.players, given=len(seats)))
        match = cls(record.game, seats, record.seed, record.options, autosave=None)
        for index, (seat, text) in enumerate(record.actions[:move]):
            if seat != match.state.current_player:
                raise RecordError(message("seat {seat} acts, but it is seat {current}'s decision", seat=seat,
                                          current=match.state.current_player), line=index + 2)
            try:
                match.state.apply(match.game.parse_action(match.state, text))
            except IllegalAction as exc:
                raise RecordError(message("{action} cannot be played here: {problem}", action=repr(text),
                                          problem=reason_of(exc)), line=index + 2) from None
            match.actions.append((seat, text))
        if match.is_over():
            raise MatchError(message("the game is over at that move: there is nothing to play on"))
        match.continues = {"record": record.header_hash(), "move": move}
        human = match.human_to_act()
        automatic = match.state.automatic_action() if human is not None else None
        if human is not None and automatic is not None:  # a step nobody is asked (see _record)
            match._record(human, automatic, match.state.apply(automatic))
        match.autosave_in(autosave)
        return match


def describe_os_error(exc: OSError, *, path: bool = False) -> str:
    """An OS error in a person's words: its reason without the errno, and with `path` the file or folder
    it concerns (for a save's temp file, its folder: the made-up name means nothing to anyone)."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    name = exc.filename if isinstance(exc.filename, str) else None
    if not path or not name:
        return reason
    if INTERRUPTED_SAVE.fullmatch(Path(name).name):
        name = str(Path(name).parent)
    return f"{reason}: {name}"


def remove_interrupted_saves(folder: str | Path, *, before: float) -> list[Path]:
    """Delete the temp files that saves interrupted mid-write (a crash, a power cut) left in `folder`:
    only files named like write_record's temp files, never a save itself, and only those last written
    before `before` (the app's start, a time.time()), and holding the folder's lock, so a save under
    way now, in this copy or another, is never touched. Returns what was removed."""
    removed: list[Path] = []
    if not Path(folder).is_dir():  # no folder yet, or no folder at all: nothing to clean (and no lock)
        return removed
    try:
        with locked(folder_lock(folder)):
            _remove_interrupted(Path(folder), before, removed)
    except LockTimeout as exc:
        log.warning("what interrupted saves left in %s is not removed now: %s", folder, exc)
    except OSError as exc:  # the lock cannot be made there: nothing there can be removed either
        log.warning("could not clean up %s: %s", folder, exc)
    return removed


def _remove_interrupted(folder: Path, before: float, removed: list[Path]) -> None:
    try:
        entries = list(folder.iterdir())
    except OSError:  # a folder that cannot be read: nothing to clean
        return
    for path in entries:
        if not INTERRUPTED_SAVE.fullmatch(path.name) or path.is_symlink():
            continue
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode) or info.st_mtime >= before:
                continue
            path.unlink()
        except OSError as exc:
            log.warning("could not remove the interrupted save %s: %s", path, exc)
            continue
        removed.append(path)
