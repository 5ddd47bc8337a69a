"""The Palastgeflüster engine names seats by `Seat` in its messages; the table and the results name the
players."""

from __future__ import annotations

from game.i18n import Card, message
from game.i18n import Seat as SeatWord
from game.match import Match, Seat
from scenes.table import name_text


def test_seats_in_messages_become_player_names_but_card_colours_stay():
    match = Match("palastgefluester", [Seat("Anna"), Seat("Ben"), Seat("Cleo")], 1)
    said = match.state.decider_reason()
    assert match.seats[match.state.current_player].name in name_text(match, said)
    reached = message("{seat} reached {target} points and wins.", seat=SeatWord(1), target=6)
    assert name_text(match, reached) == "Ben reached 6 points and wins."
    assert name_text(match, "red card") == "red card"


def test_a_game_without_its_own_naming_keeps_the_text():
    match = Match("palastgefluester", [Seat("Anna"), Seat("Ben"), Seat("Cleo")], 1)
    match.game = type("G", (), {"id": "no_such_table"})()  # type: ignore[assignment]
    assert name_text(match, "Blue wins") == "Blue wins"


def test_a_prompt_that_names_its_player_is_not_prefixed_twice():
    from test_table_support import close_app, make_app

    from scenes.table import open_table

    app = make_app()
    try:
        seats = [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")]
        match = Match("palastgefluester", seats, 1)
        table = open_table(app, match, seat=0, follow=False, to_results=False)
        app.push(table)
        app.step(1 / 60)
        others = message("{seat} plays a card", seat=SeatWord(1))
        table.obs = dict(table.obs, seat=0, current_player=1, prompt=others)
        assert table.prompt_text()[0] == "Ben plays a card"
        # the deciding seat's own words, shown to someone who may not take the decision: whose they are
        own = message("{card}: choose card {number} of {count} to give {other}", number=1, count=2,
                      card=Card("palastgefluester", "Zauberer"), other=SeatWord(0))
        table.obs = dict(table.obs, seat=1, current_player=1, prompt=own)
        assert table.prompt_text()[0] == "Ben: Wizard: choose card 1 of 2 to give Anna"
    finally:
        close_app(app)
