"""Gloria Picktoria in German and English: what the engine says (messages with seats, cards and counts)
put into words in either language, the cards' names with their German articles, the table's own lines,
and a whole game of bots on the table where no drawn word belongs to the other language."""

from __future__ import annotations

import pytest
from language import TextSpy, foreign_words, give_aways, in_both, said, texts_of_a_bot_game
from test_gloria_picktoria_rules import position, trigger_scoring
from test_table_support import click_on, close_app, frames_until, make_app

from game.core import CardMoved, GameEnded, IllegalAction, RoundEnded, act
from game.gloria_picktoria.cards import DH, DOUBLER, FOX, JOKER, MOTIF_IDS, card_label, card_rule, face_text
from game.gloria_picktoria.hints import action_words
from game.gloria_picktoria.scoring import penalty_text
from game.i18n import set_language
from game.match import Match, Seat
from scenes.table import open_table

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]






def test_the_prompt_names_the_choices_in_both_languages():
    state = position(3, hands=[["corn", "nest", "joker"], [], []],
                     collections=[[("corn", ["corn"])], ["plum"], []], fox=(0, 0))
    assert said(state.observation(0)["prompt"]) == {
        "en": "Spend 3 action points: lay a treasure, open a card, take a card or move the fox",
        "de": "Noch 3 Aktionspunkte: Schatz ablegen, Karte offen anlegen, Karte nehmen oder Fuchs versetzen"}
    assert said(state.observation(1)["prompt"]) == {"en": "Anna is playing", "de": "Anna ist am Zug"}


def test_the_prompt_counts_a_single_action_point_in_the_singular():
    state = position(3, hands=[["corn"], [], []], ap=1)
    assert said(state.observation(0)["prompt"]) == {
        "en": "Spend 1 action point: lay a treasure or take a card",
        "de": "Noch 1 Aktionspunkt: Schatz ablegen oder Karte nehmen"}


def test_a_refused_move_says_why_with_the_card_in_its_german_case():
    state = position(3, hands=[["corn", "nest", "joker"], [], []],
                     collections=[[("corn", ["corn"])], ["plum"], []], fox=(0, 0))
    assert said(state.explain_illegal(act("open", "nest", 0))) == {
        "en": "your collection 1 is a row of Corn Cob: Straw Nest does not fit",
        "de": "deine Sammlung 1 ist eine Reihe „Maiskolben“: das Strohnest passt nicht dazu"}
    assert said(state.explain_illegal(act("fox", 2, 0))) == {
        "en": "the fox goes to one of your own collections or to one of Ben's (your left neighbour), "
              "not to Cleo's",
        "de": "der Fuchs geht auf eine deiner Sammlungen oder auf eine von Ben (deinem linken Nachbarn), "
              "nicht auf eine von Cleo"}
    with pytest.raises(IllegalAction, match="Straw Nest does not fit"):
        state.apply("open nest 0")


def test_a_scoring_and_the_game_end_in_both_languages():
    state = position(2, hands=[["bell"], ["worm"]], collections=[[("nest", ["nest"])], []], middle=3,
                     pile_top=["dh"])
    ended = next(e for e in trigger_scoring(state) if isinstance(e, RoundEnded))
    assert said(ended.text) == {"en": "Scoring 1 (4th Genghis Rooster): Anna +4 and Ben +0",
                                "de": "Wertung 1 (4. Dschingis Hahn): Anna +4 und Ben +0"}
    state = position(3, middle=9, pile_top=["dh"], points=[11, 8, 10])
    over = next(e for e in state.apply("take 0") if isinstance(e, GameEnded))
    assert said(over.text) == {
        "en": "The 10th Genghis Rooster ended the game: Anna and Cleo share the win with 10 points.",
        "de": "Der 10. Dschingis Hahn hat das Spiel beendet: Anna und Cleo teilen sich den Sieg mit 10 "
              "Punkten."}


def test_counts_take_the_plural_their_number_needs():
    one = {"seat": 0, "lone_treasures": 1, "lone_under_fox": 0, "hand_cards": 1, "points": -3}
    more = {"seat": 1, "lone_treasures": 2, "lone_under_fox": 0, "hand_cards": 3, "points": -7}
    assert said(penalty_text(one)) == {
        "en": "Anna: 1 lone treasure -2 each and 1 hand card -1 each = -3",
        "de": "Anna: 1 einzelne Schatzkarte je -2 und 1 Handkarte je -1 = -3"}
    assert said(penalty_text(more)) == {
        "en": "Ben: 2 lone treasures -2 each and 3 hand cards -1 each = -7",
        "de": "Ben: 2 einzelne Schatzkarten je -2 und 3 Handkarten je -1 = -7"}
    state = position(3, middle=9, pile_top=["dh"], points=[0, 1, 0])
    state.apply("take 0")
    assert said(state.result_text())["de"].endswith("Ben gewinnt mit 1 Punkt.")


def test_the_cards_have_german_names_with_their_cases_and_english_ones():
    cards = [*MOTIF_IDS, JOKER, DH, DOUBLER, FOX]
    german = in_both(lambda: [card_label(c) for c in cards])
    assert german["de"] == ["Goldenes Ei", "Hahnenfeder", "Maiskolben", "Regenwurm", "Strohnest",
                            "Glücksklee", "Stallglocke", "Siegerschleife", "Pflaume", "Wetterhahn", "Joker",
                            "Dschingis Hahn", "Verdoppler", "Fuchs"]
    assert german["en"][:3] == ["Golden Egg", "Rooster Feather", "Corn Cob"]
    assert german["en"][-3:] == ["Genghis Rooster", "Doubler", "Fox"]
    assert set(german["en"]) & set(german["de"]) == {"Joker"}, "only the joker is called so in both"
    assert in_both(lambda: [card_label("egg", case) for case in ("nom", "acc", "dat", "a")]) == {
        "en": ["the Golden Egg", "the Golden Egg", "the Golden Egg", "a Golden Egg"],
        "de": ["das Goldene Ei", "das Goldene Ei", "dem Goldenen Ei", "ein Goldenes Ei"]}
    assert in_both(lambda: [card_label("corn", "acc"), card_label("bell", "dat"), card_label(DH, "a")]) == {
        "en": ["the Corn Cob", "the Barn Bell", "a Genghis Rooster"],
        "de": ["den Maiskolben", "der Stallglocke", "einen Dschingis Hahn"]}


def test_rule_texts_faces_and_hint_words_follow_the_language():
    assert in_both(lambda: card_rule("nest")) == {
        "en": "A collection card. Lay it face down as a treasure card to start a collection, or face up on "
              "your Straw Nest collection.",
        "de": "Eine Sammelkarte. Lege sie verdeckt als Schatzkarte aus, um eine Sammlung zu beginnen, oder "
              "offen an deine Sammlung „Strohnest“."}
    assert in_both(lambda: face_text(DOUBLER)) == {"en": "Closes the row · doubles its points",
                                                   "de": "Schließt die Reihe · verdoppelt ihre Punkte"}
    assert in_both(lambda: action_words("treasure corn")) == {
        "en": "lay a Corn Cob as a new treasure card", "de": "einen Maiskolben als neue Schatzkarte ablegen"}


# -- the table ---------------------------------------------------------------------------------------------
@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def test_the_log_tells_a_treasure_with_the_card_in_the_accusative(app):
    match = Match("gloria_picktoria", [Seat(name) for name in NAMES[:3]], seed=2)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    laid = CardMoved(card="corn", src="hand:1", dst="collection:1:0", face_up=False)
    taken = CardMoved(card="egg", src="offer:2", dst="hand:2")
    assert in_both(lambda: [table.describe(laid), table.describe(taken)]) == {
        "en": ["Ben lays the Corn Cob as a treasure (collection 1)",
               "Cleo takes a Golden Egg from the display"],
        "de": ["Ben legt den Maiskolben als Schatz aus (Sammlung 1)",
               "Cleo nimmt ein Goldenes Ei aus der Auslage"]}


@pytest.mark.parametrize(("language", "players"), [("de", 3), ("en", 2)])
def test_a_whole_game_of_bots_on_the_table_speaks_one_language(app, monkeypatch, language, players):
    set_language(language)
    spy = TextSpy().install(monkeypatch)
    monkeypatch.setattr("language.frames_until", click_on)  # the scorings and the end are clicked away
    seats = [Seat.ai(name, "random") for name in NAMES[:players]]
    match = Match("gloria_picktoria", seats, seed=players + 5)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    app.push(table)
    shown = texts_of_a_bot_game(app, table, match, spy, steps=3000, sprites=8, notes_every=10,
                                end_frames=3000)
    assert match.is_over() and shown
    wrong = give_aways(shown, language, [seat.name for seat in match.seats])
    assert not wrong, f"words of the other language while {language} is chosen: {wrong}"


def test_switching_the_language_mid_game_writes_the_table_again(app):
    match = Match("gloria_picktoria", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 2)
    table = open_table(app, match, seat=0, follow=False, to_results=False)
    app.push(table)
    frames_until(app, lambda: table.settled and bool(table.legal), limit=3000)
    assert table.prompt_text()[0].startswith("Spend 3 action points: ")
    app.set_language("de")
    frames_until(app, lambda: table.settled and bool(table.legal), limit=600)
    assert table.prompt_text()[0].startswith("Noch 3 Aktionspunkte: ")
    assert table.log_lines and not any(foreign_words(line, "de", NAMES) for line in table.log_lines)


@pytest.mark.parametrize("dh,english,german", [(1, "1st", "1."), (2, "2nd", "2."), (3, "3rd", "3."),
                                               (4, "4th", "4."), (11, "11th", "11."), (13, "13th", "13."),
                                               (22, "22nd", "22.")])
def test_a_scoring_line_names_its_card_with_the_right_ordinal_in_each_language(dh, english, german):
    from game.gloria_picktoria.scoring import describe

    line = describe({"final": dh == 13, "number": 2, "dh": dh, "points": [5, 0]})
    try:
        assert f"({english} Genghis Rooster)" in line.text(["Anna", "Ben"])
        set_language("de")
        assert f"({german} Dschingis Hahn)" in line.text(["Anna", "Ben"])
    finally:
        set_language("en")
