"""The registry of games: `REGISTRY` lists every game the table knows, with where each part of it lives.

An entry per game declares what the game provides beyond its engine (`game.<id>`), each named by where it
lives (a name, not an import: the engine stays headless): its table for the view, its art layout for the art
tools, its guided first game, its words (rules pages, summary, what each card does) and how its progress is
charted. Adding a game touches only its own modules and one line here. `game.load(game_id)` gives a Game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the contract loads with the first game: the title screen starts without it
    from game.core import Game


@dataclass(frozen=True)
class Moment:
    """A celebration the game's table plays (its `moment_for` hook): it starts with the `occurrence`-th
    event of kind `event` in a game (the third ScoringDone is the third scoring). What `tools.bench frame
    --moment` measures."""

    name: str
    event: str
    occurrence: int = 1
    what: str = ""


@dataclass(frozen=True)
class GameEntry:
    """What one game provides, each named as "module" or "module:attribute" (None: it has none)."""

    id: str
    #: the table scene the view opens for it
    table: str
    #: its default card layout for the art templates (tools/arttool)
    art_layout: str | None
    #: its guided first game (game.guide)
    guide: str | None
    #: its words: rules pages, rules summary, menu blurb and what each card does (cards/)
    words: str
    #: how its progress is charted after a game (game.progress): "scores", "chapters" or "cards_left"
    progress: str = "scores"
    #: how the balance lab reads its cards and standings (a module with a `CARD_TABLE`, game.balance.cards)
    balance: str | None = None
    #: the celebrations its table plays, by the events that start them
    moments: tuple[Moment, ...] = ()


def _entry(game_id: str, table_class: str, progress: str = "scores", moments: tuple[Moment, ...] = ()
           ) -> GameEntry:
    """An entry with each part where the project keeps a game's parts."""
    return GameEntry(game_id, table=f"scenes.table.{game_id}.table:{table_class}",
                     art_layout=f"tools.arttool.layouts.{game_id}", guide=f"game.guide.{game_id}",
                     words=f"cards.words.{game_id}", progress=progress, moments=moments,
                     balance=f"game.{game_id}.balance")


_FINALE = Moment("finale", "GameEnded", what="the game ends")

#: Every game the table knows, in menu order.
REGISTRY: tuple[GameEntry, ...] = (
    _entry("palastgefluester", "PalastgefluesterTable", moments=(
        Moment("round_end", "RoundEnded", what="a round ends: points fly to the plates"), _FINALE)),
    _entry("palace", "PalaceTable", progress="cards_left", moments=(
        Moment("burn", "PileBurned", what="the pile burns"),
        Moment("out", "PlayerOut", what="a player goes out"),
        Moment("loser", "GameEnded", what="the game ends: the loser"))),
    _entry("gloria_picktoria", "GloriaPicktoriaTable", moments=(
        Moment("hahn", "DHToMiddle", what="a Dschingis Hahn card lands on the counter"),
        Moment("scoring", "ScoringDone", 3, what="the third scoring: every collection flying"), _FINALE)),
    _entry("three_chapters", "ThreeChaptersTable", progress="chapters", moments=(
        Moment("trick", "TrickWon", what="a trick is won"),
        Moment("chapter", "ChapterEnded", 2, what="chapter II ends: the chapter III sheet"), _FINALE)),
)
GAME_IDS: tuple[str, ...] = tuple(entry.id for entry in REGISTRY)
ENTRIES: dict[str, GameEntry] = {entry.id: entry for entry in REGISTRY}

_loaded: dict[str, Game] = {}


def load(game_id: str) -> Game:
    """The Game for `game_id`; UnknownGame (with the known ids) for anything else."""
    from game.core import UnknownGame

    if game_id in _loaded:
        return _loaded[game_id]
    if game_id not in GAME_IDS or not game_id.isidentifier():
        raise UnknownGame(f"there is no game {game_id!r}; the games are: {', '.join(GAME_IDS)}")
    try:
        module = importlib.import_module(f"game.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"game.{game_id}":
            raise
        raise UnknownGame(f"the game {game_id!r} is not built yet") from None
    game = getattr(module, "GAME", None)
    if game is None:
        raise UnknownGame(f"the game {game_id!r} is not built yet")
    _loaded[game_id] = game
    return game


def register(game: Game) -> None:
    """Make a Game loadable by its id (the built-in games register themselves on first load)."""
    _loaded[game.id] = game


def available() -> list[str]:
    """The game ids whose rules are built, in menu order."""
    from game.core import UnknownGame

    found = []
    for game_id in GAME_IDS:
        try:
            load(game_id)
        except UnknownGame:
            continue
        found.append(game_id)
    return found

