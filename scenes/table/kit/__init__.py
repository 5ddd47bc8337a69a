"""The table kit: what every game's table is built on (the framework), split by idea.

- `hooks`: every hook a game's table may override (`HOOKS`), with the kit's default; then the rooms of
  machinery on top of it: `motion`, `story`, `input`, `canvas`, and `scene`, TableScene, the life of a
  table (enter, frame, resync, hot-seat, bots) and its layers;
- `targets`: what may be clicked (Target) and what a click or drop means (Play, Say, HANDLED);
- `animation`: holds, the timeline and tweens; `cards`: card sprites; `zones`: the zone model;
- `layout`: sizes and scales; `paint`: buttons, text and panel caches, colours;
- `story` and `logbook`: the log; `log_panel`: the whole log over the table (its button reads "History",
  as players call it; "history" in the code is the games kept, game/history.py); `hint`: the Hint button;
  `handoff`: hot-seat.

A table speaks to the kit through its declared hooks only (`HOOKS`): the kit's machinery is final.
"""

from scenes.table.kit.animation import Banner, Reveal
from scenes.table.kit.hooks import BANNER_SECONDS, HOOKS
from scenes.table.kit.scene import TableScene
from scenes.table.kit.targets import HANDLED, Answer, Handled, Play, Say, Target

__all__ = ["BANNER_SECONDS", "HANDLED", "HOOKS", "Answer", "Banner", "Handled", "Play", "Reveal", "Say",
           "TableScene", "Target"]
