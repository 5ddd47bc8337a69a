"""The app's side of the history: where games are kept, and keeping each game before it could be lost.

Each game in play autosaves into a file of its own in the history folder (scenes.settings.game_saves),
so a game the app was closed on, or that a crash cut short, is there to resume, whichever copy of the
app played it. A game is kept (its summary put in the history's index, the oldest games trimmed) when
it ends and when the player leaves it; then this copy lets go of it (another may resume it). Nothing here
raises: a game that cannot be kept is described in words for the screen that asked (and logged), and
play goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import KartentischError, error_text
from game.core.datafile import shown
from game.history import History
from game.logs import logger
from scenes.settings import data_dir, history_dir, legacy_autosave_path

if TYPE_CHECKING:
    from game.match import Match
    from scenes.scene import Host

log = logger(__name__)


def history(app: Host) -> History:
    """The history in the user data folder, bound as the player set it (in this copy of the app or, since,
    in another)."""
    app.settings.take_changes()
    return History(history_dir(), app.settings.history_limit)


def exports_dir() -> str:
    """Where exported records and statistics go when no other place is given."""
    return str(data_dir() / "exports")


def adopt_legacy_autosave(limit: int) -> None:
    """Take the one autosave of an earlier version (data dir/autosave.jsonl) into the history, where each
    game now has its own save; a file that cannot be read or replayed is left where it is. Never raises."""
    path = legacy_autosave_path()
    try:
        kept = History(history_dir(), limit).keep_file(path)
        if kept is not None:
            path.unlink()
            log.info("the autosave %s is kept in the history as %s", path, kept.name)
    except KartentischError as exc:
        log.info("the autosave %s is not kept in the history: %s", path, exc)
    except Exception:  # an engine that trips on the record must not stop the app
        log.exception("keeping %s in the history failed", path)


def keep_match(app: Host, match: Match) -> str | None:
    """Keep a game the app holds (it ended, or the player leaves it), and let go of it: another copy of
    the app may resume it now. None when kept, else why not."""
    try:
        history(app).keep(match.record())  # replayed there: the screens never hold a State
    except (KartentischError, OSError) as exc:
        log.warning("the game could not be kept in the history: %s", exc)
        return shown(error_text(exc))
    except Exception as exc:
        log.exception("keeping the game in the history failed")
        return f"{type(exc).__name__}: {shown(exc)[:200]}"
    finally:
        match.release_claim()
    return None
