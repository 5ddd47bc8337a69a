"""Palace in German and English: what the engine says (messages with seats, ranks, cards and counts) put
into words in either language, the ranks' and cards' names with their German articles, and whole games of
bots on the table where no drawn word belongs to the other language."""

from __future__ import annotations

import pytest
from language import TextSpy, foreign_words, give_aways, in_both, said, texts_of_a_bot_game
from test_palace_rules import PA12_ACTIONS, finishing_pair, four_player_finish, position, swap_position
from test_table_support import click_on, close_app, frames_until, make_app

from cards.card_text import card_text
from game.core import GameEnded, IllegalAction, Note, ScoreChanged, TurnChanged
from game.i18n import set_language, text_from_data
from game.match import Match, Seat
from game.palace.cards import DECK, FACE_RANK_NAMES, card_label, rank_word
from game.palace.hints import action_words
from scenes.table import open_table
from scenes.table.palace.panels import need_lines, seat_status

NAMES = ["Anna", "Ben", "Cleo", "Dora"]






def test_the_prompt_in_both_languages():
    state = position(hands=[["4C", "9C"], ["4D"], ["6H"]], pile=["KH"], draw=["QS"])
    assert said(state.observation(1)["prompt"]) == {
        "en": "Anna to play (a King or higher (or a 2 or a 10))",
        "de": "Anna ist am Zug (einen König oder höher (oder eine 2 oder 10))"}
    assert said(state.observation(0)["prompt"]) == {
        "en": "Nothing in your hand goes on the pile (a King or higher (or a 2 or a 10)): pick it up",
        "de": "Nichts auf deiner Hand passt auf den Stapel (einen König oder höher (oder eine 2 oder 10)): "
              "Nimm ihn auf"}


def test_the_finishing_step_counts_the_drawn_cards_with_their_plural():
    chance, none = finishing_pair()
    assert said(chance.observation(0)["prompt"]) == {
        "en": "You drew a 7 again: add it or keep it",
        "de": "Du hast eine 7 nachgezogen: dazulegen oder behalten?"}
    nothing = said(none.observation(0)["prompt"])["de"]
    assert nothing == "Beim Nachziehen kam keine Karte vom Rang 7: Dein Zug endet"
    assert in_both(lambda: rank_word("7", 2)) == {"en": "two 7s", "de": "zwei Siebenen"}
    assert in_both(lambda: rank_word("K", 3)) == {"en": "three Kings", "de": "drei Könige"}


def test_a_refused_move_says_why_in_both_languages():
    state = position(hands=[["4C", "9C"], ["4D"], ["6H"]], pile=["5H"], draw=["QS"])
    for text, expected in [
        ("play 1xK", {"en": "there is no King in the hand of Anna",
                      "de": "Anna hat keine Karte vom Rang König auf der Hand"}),
        ("play 3x9", {"en": "there is only 1 of rank 9 in the hand of Anna",
                      "de": "Anna hat nur 1 Karte vom Rang 9 auf der Hand"}),
        ("play 1x4", {"en": "a 4 cannot go on the pile now: it needs a 5 or higher (or a 2 or a 10)",
                      "de": "eine 4 passt jetzt nicht auf den Stapel: Er verlangt eine 5 oder höher "
                            "(oder eine 2 oder 10)"}),
    ]:
        with pytest.raises(IllegalAction) as refused:
            state.apply(text)
        assert said(refused.value.args[0]) == expected


def test_a_turned_blind_card_names_the_rank_in_the_german_accusative():
    state = position(hands=[[], ["4D"], ["6H"]], up=[[None] * 3, ["5D", "6D", "8D"], ["5S", "6S", "8S"]],
                     down=[["JC", None, None], ["9D", "9H", "9S"], ["10C", "10D", "10H"]], pile=["QH"])
    events = state.apply("flip 0")
    note = next(e for e in events if isinstance(e, Note))
    assert said(note.text) == {"en": "Anna turned a Jack, which does not go on the pile",
                               "de": "Anna deckt einen Buben auf – passt nicht auf den Stapel"}
    turn = next(e for e in events if isinstance(e, TurnChanged))
    assert said(turn.reason) == {"en": "picked up the pile", "de": "hat den Stapel aufgenommen"}


def test_the_end_of_the_game_in_both_languages():
    state = four_player_finish()
    events = [e for action in PA12_ACTIONS for e in state.apply(action)]
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert said(ended.text) == {
        "en": "Out first to last, all winners: Anna, Cleo and Ben. Dora is left with cards: the Palace "
              "loser.",
        "de": "Alle Gewinner, in der Reihenfolge, in der sie fertig wurden: Anna, Cleo und Ben. Dora bleibt "
              "auf Karten sitzen und verliert Palace."}
    out = [e for e in events if isinstance(e, ScoreChanged)]
    assert said(out[0].reason) == {"en": "out in place 1", "de": "fertig auf Platz 1"}
    start = swap_position([["2C", "10C", "2D"], ["AD", "KD", "QD"]], dealer=1).apply("ready")
    reason = next(e.reason for e in start if isinstance(e, TurnChanged))
    assert said(reason) == {"en": "starts with the lowest face-up card, a 10",
                            "de": "beginnt mit der niedrigsten offenen Karte, einer 10"}


def test_the_ranks_and_cards_have_german_and_english_names_with_the_cases():
    german = in_both(lambda: [card_label(r) for r in FACE_RANK_NAMES])
    assert german == {"en": ["Jack", "Queen", "King", "Ace"], "de": ["Bube", "Königin", "König", "Ass"]}
    assert in_both(lambda: card_label("QS")) == {"en": "Queen of Spades", "de": "Pik Königin"}
    assert in_both(lambda: card_label("JH", "dat")) == {"en": "the Jack of Hearts", "de": "dem Herz Buben"}
    assert in_both(lambda: card_label("A", "a_acc")) == {"en": "an Ace", "de": "ein Ass"}
    assert in_both(lambda: card_label("8", "a_dat")) == {"en": "an 8", "de": "einer 8"}
    assert in_both(lambda: card_label("K", "pl")) == {"en": "Kings", "de": "Könige"}
    assert in_both(lambda: card_label("K", "pl_dat")) == {"en": "Kings", "de": "Königen"}  # mit vier Königen
    names = in_both(lambda: {card_label(c) for c in DECK})
    assert len(names["de"]) == len(names["en"]) == 52 and not names["de"] & names["en"]
    ten = in_both(lambda: card_text("palace", "10D"))
    assert ten["en"].startswith("10 of Diamonds: It plays on anything and burns the pile.")
    assert ten["de"].startswith("Karo 10: Sie passt auf alles und verbrennt den Stapel.")
    seven = in_both(lambda: card_text("palace", "7S"))["de"]
    assert seven.startswith("Pik 7: Mit der Option „Sieben oder niedriger“: Die nächste Karte darauf")


def test_hints_and_the_tables_panels_in_both_languages():
    assert in_both(lambda: action_words("play 2x4")) == {"en": "play two 4s", "de": "zwei Vieren spielen"}
    obs = {"phase": "play", "pile": ["7H", "7D"], "top": "7", "options": {"seven_lower": True},
           "seats": [{"hand": 3, "source": "hand", "place": None}], "current_player": 0}
    lines = in_both(lambda: [text for text, _colour, _size in need_lines(obs)])
    assert lines["en"][0] == "Beat: 7 or lower" and lines["de"][0] == "Höchstens: 7"
    assert "zwei Siebenen in Folge (4 verbrennen)" in lines["de"]
    assert in_both(lambda: seat_status(obs, 0)) == {
        "en": "3 in hand · plays from the hand · decides now",
        "de": "3 auf der Hand · spielt von der Hand · entscheidet gerade"}


def test_a_saved_position_keeps_the_words_as_data_and_tells_them_in_either_language():
    state = position(hands=[["4C", "9C"], ["4D"], ["6H"]], pile=["KH"], draw=["QS"])
    data = state.observation(1)["prompt"].to_dict()
    assert said(text_from_data(data))["de"].startswith("Anna ist am Zug (einen König")


# -- a whole game on the table -----------------------------------------------------------------------
@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


@pytest.mark.parametrize(("language", "players"), [("de", 3), ("de", 5), ("en", 4)])
def test_a_whole_game_of_bots_on_the_table_speaks_one_language(app, monkeypatch, language, players):
    set_language(language)
    spy = TextSpy().install(monkeypatch)
    monkeypatch.setattr("language.frames_until", click_on)  # the game's end banner is clicked away
    seats = [Seat.ai(name, "heuristic") for name in (*NAMES, "Emil")[:players]]  # games of a sensible length
    match = Match("palace", seats, seed=players + 3, options={"seven_lower": True, "eight_skip": True,
                                                                "three_invisible": True})
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    app.push(table)
    shown = texts_of_a_bot_game(app, table, match, spy, steps=3000, sprites=6)
    assert match.is_over() and shown
    wrong = give_aways(shown, language, [seat.name for seat in match.seats])
    assert not wrong, f"words of the other language while {language} is chosen: {wrong}"


def test_switching_the_language_mid_game_writes_the_table_again(app):
    match = Match("palace", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 2)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    app.push(table)
    frames_until(app, lambda: table.settled and bool(table.legal), limit=3000)
    assert table.prompt_text()[0].startswith("Swap hand cards")
    app.set_language("de")
    frames_until(app, lambda: table.settled and bool(table.legal), limit=600)
    assert table.prompt_text()[0].startswith("Tausche Handkarten")
    assert not any(foreign_words(line, "de", NAMES) for line in table.log_lines)
