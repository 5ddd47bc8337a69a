"""The log and the prompts (issue 26): one event, one line, with the bookkeeping (who decides next and
why, the draw after a play, the second card of a play or a swap) folded into the line of the play that
caused it; a prompt describes the state the player sees, never one the cards do not show yet; and the
hot-seat handoff names the decision the next person is handed the screen for."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app

from game.core import CardMoved, TurnChanged
from game.match import Match, Seat
from scenes.table import open_table
from scenes.table.kit.handoff import HandoffScene
from scenes.table.kit.logbook import Fold, Logbook

GAMES = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")


def played_table(game_id: str, seed: int, speed: str = "off", decisions: int = 300):
    """A table where Anna (a person choosing at random) played a game against two normal bots."""
    app = make_app(speed=speed)
    match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "normal"), Seat.ai("Cleo", "normal")], seed)
    table = open_table(app, match)
    app.push(table)
    rng = random.Random(seed)
    for _ in range(decisions):
        click_on(app, lambda: (table.caught_up and bool(table.legal)) or match.is_over(), limit=20000)
        if match.is_over():
            break
        table.act(rng.choice(table.legal))
    return app, table


def prompt_drawn(table) -> bool:
    """The table drew its prompt in the last frame (Gloria Picktoria draws its own pill beside the action
    points, and keeps it among its drawn lines)."""
    return table.prompt_box is not None or "prompt" in getattr(table, "drawn_lines", {})


def _move_kind(event: CardMoved) -> tuple[str, str]:
    return event.src.partition(":")[0], event.dst.partition(":")[0]


# -- one event, one line -----------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_event_is_logged_twice_and_no_line_is_bookkeeping_alone(game_id, seed):
    """The game told again step by step (as the log is built after an undo or a handoff): the card moves
    of one kind in one action (the cards of a play, of a swap, of a pick-up, the draws after a play)
    make one line; who decides next never makes a line of its own but joins the play's line; no line
    repeats the one before it."""
    app, table = played_table(game_id, seed)
    try:
        book: Logbook = table.logbook
        table.retell()
        told = list(book.lines)
        assert told and all(a != b for a, b in zip(told, told[1:], strict=False))
        book.clear()
        table.reset_memory()
        folded = 0
        for step in table.match.history(table.viewer):
            kinds: Counter[tuple[str, str]] = Counter()
            for event in step.events:
                before, last = len(book.lines), (book.lines[-1] if book.lines else None)
                table._tell(event)
                added = len(book.lines) > before
                folded += not added and bool(book.lines) and book.lines[-1] != last
                if not added:
                    continue
                assert not isinstance(event, TurnChanged), (
                    f"{step.action}: who decides next stands alone: {book.lines[-1]!r}")
                if isinstance(event, CardMoved):
                    kinds[_move_kind(event)] += 1
                    assert kinds[_move_kind(event)] == 1, (
                        f"{step.action}: one move logged twice: {book.lines[-2:]!r}")
        assert book.lines == told  # told again, the log is the same
        assert folded, "nothing was folded into the line of the play that caused it"
    finally:
        close_app(app)


def test_a_fold_joins_the_open_line_and_never_stands_alone_as_bookkeeping():
    book = Logbook()
    book.add(Fold("Ben's turn"))  # no play told: bookkeeping alone is not logged
    assert book.lines == []
    book.add("Anna plays 8♦")
    book.add(Fold("and draws", " "))
    book.add(Fold("Ben's turn"))
    assert book.lines == ["Anna plays 8♦ and draws · Ben's turn"]
    book.close()
    book.add(Fold("Cleo's turn"))
    book.add(Fold("red card: Cleo plays again", " — ", alone="Cleo decides (red card: Cleo plays again)"))
    assert book.lines[-1] == "Cleo decides (red card: Cleo plays again)"
    book.close()
    book.add(Fold("Ben decides", " — ", late=True))  # finishing the line before: a tie's chooser's choice
    assert book.lines[-1] == "Cleo decides (red card: Cleo plays again) — Ben decides"
    book.add("The round is over.")
    book.add(Fold("Ben now has 1 point", "; "))
    assert book.lines[-1] == "The round is over; Ben now has 1 point"


def test_a_palastgefluester_wizard_swap_is_one_line():
    """Two hands swapping cards (the Zauberer) is one line, whichever way each card goes."""
    app = make_app()
    try:
        seats = [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")]
        match = Match("palastgefluester", seats, 1)
        table = open_table(app, match)
        app.push(table)
        frames_until(app, lambda: table.caught_up)
        table.logbook.clear()
        table.reset_memory()
        for event in (CardMoved(card=None, src="hand:0", dst="hand:1"),
                      CardMoved(card=None, src="hand:0", dst="hand:1"),
                      CardMoved(card=None, src="hand:1", dst="hand:0"),
                      CardMoved(card=None, src="hand:1", dst="hand:0"),
                      TurnChanged(seat=1, reason="Ben's colour")):
            table._tell(event)
        assert table.logbook.lines == ["Anna and Ben swap cards — Ben's colour"]
    finally:
        close_app(app)


# -- prompts describe the state shown ------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_no_prompt_or_decider_is_shown_while_events_play_back(game_id):
    """At normal speed, frame by frame: while the table plays events back, its observation is of the
    state before them, so no prompt is drawn and no seat is said to decide; once they have played, the
    prompt is the observation's of what the cards show."""
    app = make_app(speed="normal")
    try:
        match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "normal"), Seat.ai("Cleo", "normal")], 4)
        table = open_table(app, match)
        app.push(table)
        rng = random.Random(4)
        played_back = shown = 0
        for _ in range(2500):
            app.step(1 / 30)
            if match.is_over():
                break
            if table.playing_back:
                played_back += 1
                assert not prompt_drawn(table), "a prompt over events still playing back"
                assert table.obs.get("current_player") is None, "a decider named before its events showed"
            elif prompt_drawn(table) and table.caught_up:
                shown += 1
                assert table.obs == match.observation(table.viewer)
            if table.caught_up and table.legal and rng.random() < 0.2:
                table.act(rng.choice(table.legal))
            elif table.banner is not None and table.banner.waits:
                click(app, (10, 10))
        assert played_back and shown
    finally:
        close_app(app)


#: the counts a table writes beside its piles, and the zone each counts
PILE_COUNTS = {
    "palace": ((r"Draw pile: (\d+)", "draw"), (r"Burned: (\d+)", "burned")),
    "gloria_picktoria": ((r"Pile (\d+)", "draw"),),
    "three_chapters": ((r"Deck (\d+)", "deck"), (r"Out (\d+)", "out")),
}


@pytest.mark.parametrize("game_id", sorted(PILE_COUNTS))
def test_a_pile_count_is_of_the_cards_shown_while_events_play_back(game_id, monkeypatch):
    """Palace said "The pile is empty" under a card: every count beside a pile is written for the cards
    the table shows at that moment, not for the observation of the state after them."""
    import re

    from scenes import fonts

    app = make_app(speed="normal")
    checked = []
    table = None
    render = fonts.Font.render

    def spy(face, text, *args, **kwargs):
        if table is not None and isinstance(text, str):
            for pattern, zone in PILE_COUNTS[game_id]:
                found = re.fullmatch(pattern, text)
                if found:
                    checked.append((text, int(found.group(1)), len(table.model.zones.get(zone, ())),
                                    table.playing_back))
        return render(face, text, *args, **kwargs)

    monkeypatch.setattr(fonts.Font, "render", spy)
    try:
        match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "normal"), Seat.ai("Cleo", "normal")], 4)
        table = open_table(app, match)
        app.push(table)
        rng = random.Random(4)
        for _ in range(1500):
            app.step(1 / 30)
            if match.is_over():
                break
            if table.caught_up and table.legal and rng.random() < 0.2:
                table.act(rng.choice(table.legal))
            elif table.banner is not None and table.banner.waits:
                click(app, (10, 10))
        assert any(during for *_, during in checked), "no count was written while events played back"
        assert [(text, shown) for text, said, shown, _ in checked if said != shown] == []
    finally:
        close_app(app)


# -- the handoff names the decision ----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_handoff_names_the_decision_to_be_made(game_id):
    app = make_app()
    try:
        others = [Seat.ai("Cleo", "random")] if game_id != "three_chapters" else []
        seats = [Seat("Anna"), Seat("Ben"), *others]
        match = Match(game_id, seats, 6)
        table = open_table(app, match)
        app.push(table)
        rng = random.Random(6)
        handoffs = 0
        for _ in range(40):
            click_on(app, lambda: isinstance(app.stack.top, HandoffScene)
                     or (table.caught_up and bool(table.legal)) or match.is_over(), limit=6000)
            if match.is_over():
                break
            top = app.stack.top
            if isinstance(top, HandoffScene):
                name = top.name
                decision = top.decision
                assert decision and name in decision, f"the handoff to {name} says no decision: {decision!r}"
                assert not decision.startswith(("Waiting for", f"{name} is playing")), decision
                handoffs += 1
                top.confirm()
                continue
            table.act(rng.choice(table.legal))
        assert handoffs
    finally:
        close_app(app)
