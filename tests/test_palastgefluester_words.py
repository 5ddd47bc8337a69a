"""Palastgeflüster in German and English: what the engine says (messages with seats, persons and counts)
put into words in either language, the persons' names with their German articles, and a whole game of
bots on the table where no drawn word belongs to the other language."""

from __future__ import annotations

import language as language_helpers
import pytest
from language import TextSpy, foreign_words, give_aways, said, texts_of_a_bot_game
from test_table_support import click_on, close_app, frames_until, make_app

from cards.card_text import card_text
from game.core import GameEnded, IllegalAction, RoundEnded, act
from game.i18n import set_language
from game.match import Match, Seat
from game.palastgefluester import GAME
from game.palastgefluester.cards import PERSONS, card_label, person_label
from game.palastgefluester.position import position
from scenes.table import open_table

NAMES = ["Anna", "Ben", "Cleo", "Dora"]




def test_the_prompt_in_both_languages():
    state = position([["Zofe/red", "Hofnarr/blue"], ["Zauberer/yellow"], ["Waechter/red"]], fill=True)
    assert said(state.observation(0)["prompt"]) == {"en": "Play a card from your hand",
                                                    "de": "Spiele eine Karte aus deiner Hand"}
    assert said(state.observation(1)["prompt"]) == {"en": "Anna plays a card", "de": "Anna spielt eine Karte"}


def test_a_prompt_names_the_person_in_its_german_case():
    state = position([["Zofe/red", "Hofnarr/blue"], ["Zauberer/yellow"], ["Mundschenk/yellow"]],
                     [["Zauberer/red"], ["Hofmarschall/blue"], ["Schatzmeister/brown"]], fill=True)
    state.apply("play Zofe/red")
    assert said(state.observation(0)["prompt"]) == {
        "en": "Maid: discard a hand card face down, then draw one",
        "de": "Zofe: Wirf eine Handkarte verdeckt ab und ziehe eine nach"}
    assert said(state.observation(1)["prompt"]) == {"en": "Anna discards a card with the Maid",
                                                    "de": "Anna wirft mit der Zofe eine Karte ab"}


def test_a_refused_move_says_why_in_both_languages():
    state = position([["Zofe/red", "Hofnarr/blue"], ["Zauberer/yellow"], ["Mundschenk/yellow"]], fill=True)
    reason = state.explain_illegal(act("play", "Mundschenk/red"))
    assert said(reason) == {"en": "Anna has no Cupbearer (red) in hand",
                            "de": "Anna hat Mundschenk (Rot) nicht auf der Hand"}
    wrong_kind = state.explain_illegal(act("target", 1))
    assert said(wrong_kind) == {
        "en": "now Anna must play a card, not choose who swaps cards with the Wizard",
        "de": "jetzt muss Anna eine Karte spielen, nicht wählen, wer mit dem Zauberer Karten tauscht"}
    with pytest.raises(IllegalAction, match="Cupbearer"):
        state.apply("play Mundschenk/red")


def test_a_round_end_in_both_languages_with_the_jester_in_the_accusative():
    state = position([["Hofnarr/blue"], ["Zofe/yellow"], ["Zofe/brown"]], king_revealed=["Hofnarr"],
                     fill=True)
    events = state.apply("play Hofnarr/blue")
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert said(ended.text) == {
        "en": "Palastgeflüster! Anna played the Jester while the King card shows the Jester: every other "
              "player scores 1.",
        "de": "Palastgeflüster! Anna hat den Hofnarren gespielt, während die Königskarte den Hofnarren "
              "zeigt: Alle anderen Spieler erhalten 1 Punkt."}


def test_counts_take_the_plural_their_number_needs():
    for count, english, german in ((1, "card", "Karte"), (2, "cards", "Karten")):
        state = position([["Zauberer/red", "Zofe/red"], ["Zofe/blue"], ["Mundschenk/yellow"]], fill=True)
        state.apply("play Zauberer/red")
        state.apply("target 1")
        note = state.apply(f"count {count}")[0]
        assert said(note.text) == {"en": f"Anna and Ben swap {count} {english}.",
                                   "de": f"Anna und Ben tauschen {count} {german}."}


def test_a_game_end_in_both_languages():
    hands = [["Waechter/red"], [], []]
    displays = [["Hofmarschall/red", "Schatzmeister/red", "Zauberer/red", "Zofe/red", "Mundschenk/red"],
                [], []]
    state = position(hands, displays, points=[5, 0, 0], fill=True)
    events = state.apply("play Waechter/red")
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert said(ended.text) == {"en": "Anna reached 6 points and wins.",
                                "de": "Anna hat 6 Punkte erreicht und gewinnt."}


def test_the_persons_have_the_german_editions_names_and_english_ones():
    set_language("de")
    german = [person_label(p.id) for p in PERSONS]
    assert german == ["Hofmarschall", "Schatzmeister", "Zauberer", "Zofe", "Mundschenk", "Wächter", "Hofnarr"]
    assert [card_label("Hofnarr/red", case) for case in ("nom", "acc", "dat")] == [
        "der Hofnarr", "den Hofnarren", "dem Hofnarren"]
    assert card_label("king/Zofe", "dat") == "der Zofe"
    assert card_label("Waechter/brown", "acc") == "den Wächter"
    assert card_text("palastgefluester", "Zofe/red").startswith(
        "Zofe: 1 beliebige Handkarte verdeckt abwerfen und 1 Karte vom Stapel nachziehen.")
    set_language("en")
    english = [person_label(p.id) for p in PERSONS]
    assert english == ["Chamberlain", "Treasurer", "Wizard", "Maid", "Cupbearer", "Guard", "Jester"]
    assert card_label("Hofnarr/red", "acc") == "the Jester" and card_label("Zofe/red") == "Maid"
    assert not set(english) & set(german), "no English name is the German one"


def test_a_saved_position_keeps_the_words_as_data_and_tells_them_in_either_language():
    state = GAME.new_state(3, 4)
    data = state.to_dict()
    assert isinstance(data["next_reason"], dict) and "msgid" in data["next_reason"]
    again = GAME.state_from_dict(data)
    assert again.state_hash() == state.state_hash()
    assert said(again.next_reason)["de"].endswith("beginnt das Spiel")


# -- a whole game on the table -----------------------------------------------------------------------
@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


@pytest.mark.parametrize(("language", "players"), [("de", 3), ("de", 5), ("en", 4)])
def test_a_whole_game_of_bots_on_the_table_speaks_one_language(app, monkeypatch, language, players):
    set_language(language)
    # the round's and the game's banners wait for a click: the bot game is clicked on through them, as a
    # person watching would (and every word on them is read)
    monkeypatch.setattr(language_helpers, "frames_until", click_on)
    spy = TextSpy().install(monkeypatch)
    seats = [Seat.ai(name, "random") for name in (*NAMES, "Emil")[:players]]
    match = Match("palastgefluester", seats, seed=players + 3)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    app.push(table)
    shown = texts_of_a_bot_game(app, table, match, spy, steps=400, sprites=8)
    assert match.is_over() and shown
    wrong = give_aways(shown, language, [seat.name for seat in match.seats])
    assert not wrong, f"words of the other language while {language} is chosen: {wrong}"


def test_switching_the_language_mid_game_writes_the_table_again(app):
    match = Match("palastgefluester", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 2)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    app.push(table)
    frames_until(app, lambda: table.settled and bool(table.legal), limit=3000)
    assert table.prompt_text()[0] == "Play a card from your hand"
    app.set_language("de")
    frames_until(app, lambda: table.settled and bool(table.legal), limit=600)
    assert table.prompt_text()[0] == "Spiele eine Karte aus deiner Hand"
    assert not any(foreign_words(line, "de", NAMES) for line in table.log_lines)
