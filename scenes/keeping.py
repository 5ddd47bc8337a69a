"""The app's side of the history: where games are kept, and keeping each game before it could be lost.

The autosave is the current game (Resume last game continues it). A game is kept in the history
(game.history) when it ends, when the player leaves it, and before another game takes the autosave's
place, so a game the app was closed on is kept too. Nothing here raises: a game that cannot be kept is
described in words for the screen that asked (and logged), and play goes on.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.core import KartentischError, error_text
from game.core.datafile import shown
from game.history import History
from scenes.settings import autosave_path, data_dir, history_dir

if TYPE_CHECKING:
    from game.match import Match
    from scenes.scene import Host

log = logging.getLogger(__name__)


def history(app: Host) -> History:
    """The history in the user data folder, bound as the player set it."""
    return History(history_dir(), app.settings.history_limit)


def exports_dir() -> str:
    """Where exported records and statistics go when no other place is given."""
    return str(data_dir() / "exports")


def keep_current(app: Host) -> str | None:
    """Keep the autosave's game in the history before another game replaces it. None when it is kept
    (or there is none, or it cannot be read: the title and the setup screen deal with such a file);
    otherwise why it could not be kept."""
    path = autosave_path()
    try:
        history(app).keep_file(path)
    except KartentischError as exc:
        log.info("the autosave %s is not kept in the history: %s", path, exc)
        return None
    except OSError as exc:
        from game.match import describe_os_error

        log.warning("the current game could not be kept in the history: %s", exc)
        return describe_os_error(exc, path=True)
    except Exception as exc:  # an engine that trips on the record must not stop a new game
        log.exception("keeping %s in the history failed", path)
        return f"{type(exc).__name__}: {shown(exc)[:200]}"
    return None


def keep_match(app: Host, match: Match) -> str | None:
    """Keep a game the app holds (it ended, or the player leaves it); None when kept, else why not."""
    try:
        history(app).keep(match.record())  # replayed there: the screens never hold a State
    except (KartentischError, OSError) as exc:
        log.warning("the game could not be kept in the history: %s", exc)
        return shown(error_text(exc))
    except Exception as exc:
        log.exception("keeping the game in the history failed")
        return f"{type(exc).__name__}: {shown(exc)[:200]}"
    return None
