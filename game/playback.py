"""A record played back: the match controller's face of a finished (or unfinished) game at any of its
moves, for the replay viewer, which shows it on the game's own table.

A Playback is a Match whose moves come from the record instead of from people and bots: the table
asks it what it asks a match (the seat on screen, its observation, its events, its history) and gets
exactly what that seat saw when the move was played. Nobody acts in a playback: there is nothing to
click, no bot thinks, nothing is undone or saved. `forward` plays the next recorded move with its
events (the table animates them); `seek` jumps to any move without them (the table redraws, as after
an undo). States along the way are kept every few moves, so a jump replays only a few.
"""

from __future__ import annotations

from typing import Any

from game.ai import RandomBot
from game.core import Event, KartentischError, RecordError, State
from game.core.records import Record, reason_of, replay
from game.i18n import Message, message
from game.match import Match, MatchError, Seat, Undone

#: a state is kept every this many moves, so a jump replays at most this many
SNAPSHOT_EVERY = 24


class Playback(Match):
    def __init__(self, record: Record, *, seat: int | None = None, path: str | None = None) -> None:
        """Play `record` back as `seat` sees it (None: a spectator). RecordError when the record does not
        replay to its footer (a changed or foreign file)."""
        self.source = record
        # A record read from a file is checked against its footer; one a match made in memory (its footer
        # has no header hash yet: that is added when it is written) is the game itself.
        read = record.footer is not None and "header_hash" in record.footer
        final = replay(record, verify=read, path=path)
        try:
            seats = [Seat.from_dict(s) for s in record.seats]
            # No bot ever thinks here: each AI seat gets one that is never asked (and a level this build
            # does not know, from a record made elsewhere, is only a name on the table).
            quiet = {i: RandomBot() for i, s in enumerate(seats) if not s.is_human}
            super().__init__(record.game, seats, record.seed, record.options, autosave=None, bots=quiet)
        except KartentischError as exc:
            raise RecordError(message("a seat in the header cannot be shown: {problem}",
                                      problem=reason_of(exc)), path=path, line=1) from None
        self.continues = dict(record.continues) if record.continues is not None else None
        self.total = len(record.actions)
        self.finished = final.is_terminal()
        self._snapshots: dict[int, State] = {0: self.state.clone()}
        self.watch(seat)

    # -- whose eyes ------------------------------------------------------------------------------
    def watch(self, seat: int | None) -> None:
        """Show the game as `seat` saw it from now on (None: a spectator)."""
        if seat is not None and not 0 <= seat < len(self.seats):
            raise MatchError(f"there is no seat {seat} in a {len(self.seats)}-player game")
        self._shown = seat

    def open_hands(self) -> dict[int, list[Any]]:
        """Every seat's hand at this move, as each seat saw its own: only for a finished game, where
        nothing is secret any more; MatchError for one that is still going on."""
        if not self.finished:
            raise MatchError("the hands of a game still going on stay hidden")
        hands: dict[int, list[Any]] = {}
        for seat in range(len(self.seats)):
            hand = self.state.observation(seat).get("hand")
            hands[seat] = list(hand) if isinstance(hand, list) else []
        return hands

    # -- where in the game -----------------------------------------------------------------------
    @property
    def position(self) -> int:
        """The moves played so far."""
        return len(self.actions)

    def forward(self) -> list[Event]:
        """Play the next recorded move; its events wait for the table (see drain_events). [] at the end."""
        if self.position >= self.total:
            return []
        seat, text = self.source.actions[self.position]
        events = self.state.apply(self.game.parse_action(self.state, text))
        self.actions.append((seat, text))
        self._events.extend(events)
        if self.position % SNAPSHOT_EVERY == 0:
            self._snapshots.setdefault(self.position, self.state.clone())
        return events

    def back(self) -> None:
        """One move back (the table redraws without animation)."""
        self.seek(self.position - 1)

    def seek(self, move: int) -> None:
        """Jump to the position after `move` moves (clamped to the record); the table redraws it at once."""
        move = max(0, min(int(move), self.total))
        start = max(k for k in self._snapshots if k <= move)
        state = self._snapshots[start].clone()
        for index in range(start, move):
            state.apply(self.game.parse_action(state, self.source.actions[index][1]))
            if (index + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots.setdefault(index + 1, state.clone())
        self.state = state
        self.actions = list(self.source.actions[:move])
        self._events.clear()
        self._events.append(Undone(actions=move))

    # -- nobody acts in a playback ---------------------------------------------------------------
    def human_to_act(self) -> int | None:
        return None

    def bot_to_act(self) -> int | None:
        return None

    def handoff_seat(self) -> int | None:
        return None

    def legal_actions(self, seat: int | None = None) -> list:
        return []

    def play(self, action: Any, seat: int | None = None) -> list[Event]:
        raise MatchError("a replay is watched, not played: play on from here starts a game")

    def step_bot(self, budget_ms: float | None = None) -> list[Event] | None:
        return None

    def use_worker(self, worker: Any) -> None:
        """No bot thinks in a playback, so it needs no worker."""

    def undo_refusal(self, seat: int | None = None) -> Message | None:
        return message("A replay is watched: step back instead")

    def undo(self, seat: int | None = None) -> None:
        raise MatchError(str(self.undo_refusal(seat) or ""))

    def retry_autosave(self) -> bool:
        return True
