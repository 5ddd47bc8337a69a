"""The Palastgeflüster engine names seats by colour; the table and the results name the players."""

from __future__ import annotations

from game.match import Match, Seat
from scenes.table import name_text
from scenes.table.palastgefluester import with_names


def test_colour_seat_words_become_player_names_but_card_colours_stay():
    match = Match("palastgefluester", [Seat("Anna"), Seat("Ben"), Seat("Cleo")], 1)
    text = "red card: Red's colour. Yellow plays again; Purple is not seated; Reddish stays"
    assert with_names(match, text) == (
        "red card: Anna's colour. Cleo plays again; Purple is not seated; Reddish stays")
    assert name_text(match, "Blue reached 6 points and wins.") == "Ben reached 6 points and wins."


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
        table.obs = dict(table.obs, current_player=1, prompt="Blue plays a card")
        assert table.prompt_text()[0] == "Ben plays a card"
        table.obs = dict(table.obs, current_player=1, prompt="Zauberer: choose cards to give Red")
        assert table.prompt_text()[0] == "Ben: Zauberer: choose cards to give Anna"
    finally:
        close_app(app)
