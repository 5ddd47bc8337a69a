"""Palastgeflüster (Michael Rieneck, Adlung-Spiele 2007) for 3 to 5 players: rulings PG-R1..PG-R12."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import BadSetup, Game, Option, Rng
from game.i18n import N_
from game.palastgefluester.serialize import state_from_dict
from game.palastgefluester.state import GAME_ID, PalastState

#: the words the setup screen shows for the options' text values (a value itself stays as it is)
VALUE_WORDS = (N_("Base"), N_("Noted"))


class Palastgefluester(Game):
    id = GAME_ID
    title = "Palastgeflüster"
    description = N_("Lay six different persons at court before anyone lays one twice.")
    version = "1"
    min_players = 3
    max_players = 5
    options = {
        "scoring": Option(
            "scoring",
            "base",
            ("base", "noted"),
            label=N_("Scoring"),
            help=N_("Base: when several players reach the winning points at once, more cards in the display "
                    "wins. Noted: after every round each display's card count is noted (whoever caused a "
                    "Palastgeflüster notes 0), and such a tie goes to the higher noted total."),
        ),
    }

    def _new_state(self, players: int, rng: Rng, options: dict[str, Any]) -> PalastState:
        return PalastState.fresh(players, rng, options)

    def state_from_dict(self, data: Mapping[str, Any]) -> PalastState:
        if not isinstance(data, Mapping):
            raise BadSetup(f"a position is a mapping of fields, not {type(data).__name__}")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise BadSetup("the position has no 'options' mapping")
        players = data.get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadSetup(f"the position's 'players' must be a whole number, not {players!r}")
        return state_from_dict(data, players, self.check_setup(players, options))


GAME = Palastgefluester()

__all__ = ["GAME", "PalastState", "Palastgefluester"]
