"""A guided first game: a short scripted deal against bots that explains each rule the first time it matters.

Each game has a Course (`course(game_id)`, from `game.guide.<game_id>`): the set-up (players, seed and
options chosen so that the rules come up early), the bots' level, when the lesson ends, and its Lessons.
A Lesson is a rule in plain words and its trigger: a function of the learner's last and present
observation and legal actions (never anything the learner may not see) that says whether the rule matters
now and which cards it concerns (card ids for the table to point at). Where a deck holds several copies of
a card, a lesson names the one it means by where it lies (`at`): the card just played, not its twin in the
learner's hand.

`GuidedGame` runs the course's Match, with the learner at seat 0 making the real moves. After every change
the view calls `check()`: it answers the lessons that have just come due, each once, in the course's
order. When the course's end comes (or the game ends), `summary()` says what was learnt.

A lesson left midway is kept (`keep(folder)`): its moves as a record and the lessons already taught, so
`resume(folder, game_id)` goes on at the same step next time. A first game never takes the saved game's
place: it is kept in a folder of its own, one file pair per game.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import ENTRIES, REGISTRY
from game.core import Action, KartentischError
from game.core.records import write_atomic
from game.i18n import Text
from game.logs import logger
from game.match import Match, Seat

log = logger(__name__)

LEARNER = 0
#: The learner's seat name when none is given ("You" would make the table say "You chooses").
LEARNER_NAME = "Player"

#: Between a zone and a card id in a card that a lesson names by where it lies (`at`).
ZONE_MARK = "|"

#: What a trigger is given: the learner's observation before the last change (None at the start), the
#: observation now, and the learner's legal actions now (empty when it is not their decision).
Trigger = Callable[[Mapping[str, Any] | None, Mapping[str, Any], list[Action]], Sequence[str] | None]


def at(zone: str, card: str) -> str:
    """The copy of `card` that lies in `zone`, named as the game's table names its zones ("hand:0",
    "display:1", "offer:2"; scenes/table/<game>.py): the table points at that copy only."""
    return f"{zone}{ZONE_MARK}{card}"


def placed(named: str) -> tuple[str, str | None]:
    """A card a lesson names, as (card id, zone); the zone is None for a card named by its id alone (the
    table points at every copy it shows)."""
    zone, mark, card = named.rpartition(ZONE_MARK)
    return (card, zone) if mark else (named, None)


@dataclass(frozen=True)
class Lesson:
    """One rule: its title and words, and when it matters (`trigger` returns the cards it concerns, or
    None while it does not matter yet; an empty list when it concerns no particular card)."""

    id: str
    title: str
    text: str
    trigger: Trigger


@dataclass(frozen=True)
class Course:
    game_id: str
    players: int
    seed: int
    options: dict[str, Any]
    intro: str
    lessons: tuple[Lesson, ...]
    #: the lesson is over (and the summary shows) once this holds for the learner's observation
    done: Callable[[Mapping[str, Any]], bool]
    #: how the summary says the lesson ended, from the last observation
    outcome: Callable[[Mapping[str, Any]], Text]
    bot_level: str = "normal"
    bot_names: tuple[str, ...] = ("Ada", "Bruno", "Carla", "Dario")


@dataclass(frozen=True)
class Shown:
    """A lesson that has come due, with the cards it concerns now."""

    lesson: Lesson
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Summary:
    title: str
    outcome: Text  # a message (game.i18n): the view puts it into words
    learnt: tuple[str, ...]  # the titles of the lessons met, in the order met
    missed: tuple[str, ...]  # the lessons the deal did not bring up
    moves: int  # the learner's moves
    hints: int  # the moves made after a hint


@dataclass
class GuidedGame:
    course: Course
    learner_name: str = LEARNER_NAME
    match: Match = field(init=False)
    taught: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        course = self.course
        bots = [Seat.ai(name, course.bot_level) for name in course.bot_names[:course.players - 1]]
        seats = [Seat(self.learner_name.strip() or LEARNER_NAME), *bots]
        # No autosave: a first game must not replace the player's saved game.
        self.match = Match(course.game_id, seats, course.seed, course.options)
        self._last_obs: Mapping[str, Any] | None = None
        self._checked: tuple[int, bool] | None = None

    def check(self) -> list[Shown]:
        """The lessons that matter now and were not taught yet (each is taught once). Cheap to call every
        frame: the observation is read only after something changed."""
        legal = self.match.legal_actions(LEARNER)
        key = (len(self.match.actions), bool(legal))
        if key == self._checked:
            return []
        self._checked = key
        obs = self.match.observation(LEARNER)
        before, self._last_obs = self._last_obs, obs
        due: list[Shown] = []
        for lesson in self.course.lessons:
            if lesson.id in self.taught:
                continue
            cards = lesson.trigger(before, obs, legal)
            if cards is not None:
                self.taught.append(lesson.id)
                due.append(Shown(lesson, tuple(cards)))
        return due

    def finished(self) -> bool:
        return self.match.is_over() or self.course.done(self.match.observation(LEARNER))

    # -- keeping a lesson left midway ----------------------------------------------------------------
    def keep(self, folder: str | Path) -> None:
        """Keep this lesson's step in `folder` (its moves and what was taught), written whole or not at
        all; OSError when the folder cannot be written."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        record, taught = kept_paths(folder, self.course.game_id)
        self.match.save(record)
        data = {"format": "kartentisch-lesson", "game": self.course.game_id, "taught": list(self.taught)}
        write_atomic(taught, json.dumps(data, ensure_ascii=False).encode("utf-8"))

    @classmethod
    def resume(cls, folder: str | Path, game_id: str) -> GuidedGame | None:
        """The lesson of `game_id` kept in `folder`, at the step it was left; None when there is none, it
        was finished, or what is kept cannot be read (it is then started afresh: nothing is lost that a
        learner would miss)."""
        record, taught = kept_paths(Path(folder), game_id)
        if not record.is_file():
            return None
        try:
            match = Match.resume(record)
            data = json.loads(taught.read_text(encoding="utf-8")) if taught.is_file() else {}
            names = data.get("taught", []) if isinstance(data, dict) else []
            course_ = course(game_id)
            known = {lesson.id for lesson in course_.lessons}
            if match.game.id != game_id or not isinstance(names, list):
                return None
            guided = cls(course_, match.seats[LEARNER].name)
            guided.match = match
            guided.taught = [name for name in names if isinstance(name, str) and name in known]
            guided._last_obs = match.observation(LEARNER)
        except (KartentischError, OSError, ValueError, IndexError) as exc:
            log.warning("the lesson kept in %s cannot be read (%s): it starts afresh", record, exc)
            return None
        return None if guided.finished() else guided

    @staticmethod
    def forget(folder: str | Path, game_id: str) -> None:
        """Drop what is kept of `game_id`'s lesson (it was finished, or is started again)."""
        for path in kept_paths(Path(folder), game_id):
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("could not remove %s: %s", path, exc)

    def summary(self) -> Summary:
        by_id = {lesson.id: lesson for lesson in self.course.lessons}
        obs = self.match.observation(LEARNER)
        return Summary(
            title=f"Your first game of {self.match.game.title}",
            outcome=self.course.outcome(obs),
            learnt=tuple(by_id[i].title for i in self.taught),
            missed=tuple(lesson.title for lesson in self.course.lessons if lesson.id not in self.taught),
            moves=sum(1 for seat, _ in self.match.actions if seat == LEARNER),
            hints=len(self.match.hinted),
        )


#: the games with a guided first game (the registry's `guide`), in menu order
GAMES: tuple[str, ...] = tuple(entry.id for entry in REGISTRY if entry.guide is not None)


def course(game_id: str) -> Course:
    """The guided first game of `game_id` (UnknownGame-like KartentischError for a game without one)."""
    if game_id not in GAMES:
        raise KartentischError(f"there is no guided first game for {game_id!r}")
    module = importlib.import_module(ENTRIES[game_id].guide or "")
    made: Course = module.COURSE
    return made


def has_course(game_id: str) -> bool:
    return game_id in GAMES


def kept_paths(folder: Path, game_id: str) -> tuple[Path, Path]:
    """Where a lesson of `game_id` left midway is kept: its record, and the lessons it taught."""
    return folder / f"{game_id}.jsonl", folder / f"{game_id}.json"
