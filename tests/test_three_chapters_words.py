"""3 Chapters in German and English: what the engine says (messages with seats, cards and counts) put
into words in either language, the cards' names with their German articles, and whole games on the table
where no drawn word belongs to the other language."""

from __future__ import annotations

import random

import pytest
from language import TextSpy, foreign_words, give_aways, said, widget_texts
from test_table_support import click_on, close_app, frames_until, make_app
from test_table_three_chapters import play_by_clicks, seats

import game
from game.core import IllegalAction, RoundEnded, act
from game.i18n import set_language
from game.match import Match
from game.three_chapters.cards import card_label, card_text, default_cards, token_message
from scenes.table import open_table

GAME = "three_chapters"
NAMES = ["Anna", "Ben", "Cleo", "Dora"]




def play_until(state, stop):
    """Play the first legal move until `stop(events)` holds; the events that made it hold."""
    while not state.is_terminal():
        events = state.apply(state.legal_actions()[0])
        if stop(events):
            return events
    raise AssertionError("the game ended first")


def test_the_prompt_in_both_languages():
    state = game.load(GAME).new_state(4, 3)
    prompt = state.observation(0)["prompt"]
    assert said(prompt) == {"en": "Choose a card to keep (8 in the packet)",
                            "de": "Wähle eine Karte zum Behalten (8 im Päckchen)"}
    assert said(state.observation(1)["prompt"]) == {"en": "Waiting for Anna", "de": "Anna ist am Zug"}


def test_a_refused_move_says_why_with_the_card_in_its_german_case():
    state = game.load(GAME).new_state(4, 3)
    play_until(state, lambda events: state.phase == "play")
    seat = state.current_player
    missing = next(v for v in range(1, 51) if v not in state.hands[seat])
    reason = state.explain_illegal(act("play", missing))
    card = default_cards().cards[missing]
    texts = said(reason)
    set_language("de")
    german_acc = card_label(str(missing), "acc")
    set_language("en")
    assert texts["en"] == f"{NAMES[seat]} has no {card.english_name} ({missing}) in hand"
    assert texts["de"] == f"{NAMES[seat]} hat {german_acc} ({missing}) nicht auf der Hand"
    with pytest.raises(IllegalAction, match="in hand"):
        state.apply(f"play {missing}")


def test_a_chapter_ends_in_both_languages():
    state = game.load(GAME).new_state(4, 5)
    events = play_until(state, lambda evs: any(isinstance(e, RoundEnded) for e in evs))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert said(ended.text) == {"en": "Chapter I is over: Chapter II begins",
                                "de": "Kapitel I ist vorbei: Kapitel II beginnt"}


def test_counts_take_the_plural_their_number_needs():
    assert said(token_message("hearts", 1)) == {"en": "+1 heart", "de": "+1 Herz"}
    assert said(token_message("hearts", 3)) == {"en": "+3 hearts", "de": "+3 Herzen"}
    assert said(token_message("crystals", 2, signed=False)) == {"en": "2 crystals", "de": "2 Kristalle"}
    state = game.load(GAME).new_state(3, 2)
    play_until(state, lambda events: state.is_terminal())
    result = said(state.result_text())
    best = int(max(state.scores()))
    assert f"{best} points" in result["en"] and f"{best} Punkten" in result["de"]
    assert any(name in result["de"] for name in NAMES[:3])


def test_a_card_name_in_its_german_cases_and_with_the_english_article():
    set_language("de")
    assert card_label("4") == "Weißer Hase"
    assert [card_label("4", case) for case in ("nom", "acc", "dat")] == [
        "der Weiße Hase", "den Weißen Hasen", "dem Weißen Hasen"]
    assert card_label("43", "dat") == "der Bösen Königin"
    assert card_label("36", "acc") == "das Einhorn"
    assert card_label("2", "acc") == "Hänsel", "a proper name takes no article"
    assert card_label("Troll", "dat") == "dem Troll", "a card may be named by its German name"
    set_language("en")
    assert card_label("4") == "White Rabbit" and card_label("4", "acc") == "the White Rabbit"
    assert card_label("2", "acc") == "Hansel"


def test_the_abilities_are_written_in_the_chosen_language():
    cards = default_cards()
    gretel = cards.cards[3]
    assert card_text(gretel, cards.attribute_names) == ["Chapter III: +3 hearts if you have Hansel."]
    set_language("de")
    assert card_text(gretel, cards.attribute_names) == ["Kapitel III: +3 Herzen, wenn du Hänsel hast."]
    assert card_text(cards.cards[13], cards.attribute_names)[1] == (
        "Kapitel III: +3 Herzen, wenn du den Märchenprinzen hast.")
    assert cards.attribute_label("boesewicht") == "Bösewicht"


def test_every_card_has_a_german_name_from_the_card_file_and_an_english_one():
    cards = default_cards()
    set_language("de")
    german = {v: cards.name_of(v) for v in cards.cards}
    set_language("en")
    english = {v: cards.name_of(v) for v in cards.cards}
    assert german == {v: c.name for v, c in cards.cards.items()}, "the catalogue gives the printed names"
    assert len(set(english.values())) == 50
    for value, name in english.items():
        if name != "Troll" and name != "Jabberwocky" and name != "Gretel":  # the same word in English
            assert name != german[value], f"card {value} has no English name"


# -- whole games on the table ---------------------------------------------------------------------------
@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


@pytest.mark.parametrize(("language", "players"), [("de", 2), ("de", 4), ("en", 2), ("en", 4)])
def test_a_whole_game_on_the_table_speaks_one_language(app, monkeypatch, language, players):
    set_language(language)
    spy = TextSpy().install(monkeypatch)
    match = Match(GAME, seats(1, players), seed=players + 10)
    table = open_table(app, match, to_results=False)
    app.push(table)
    shown: list[str] = []
    rng = random.Random(players)
    for _ in range(200):  # a game by clicks, gathering the texts every few moves
        play_by_clicks(app, table, match, rng, limit=40)
        for sprite in list(table.layer)[:6]:  # hovering cards: their abilities and icons in words
            table.card_notes(sprite)
        shown += spy.take() + widget_texts(table)
        if match.is_over():
            break
    frames_until(app, lambda: table.sheet is not None, limit=900)
    for _ in range(120):  # the sheet drawn, row by row, and the table after it
        app.step(1 / 60)
    shown += spy.take() + widget_texts(table)
    assert match.is_over() and shown
    wrong = give_aways(shown, language, [seat.name for seat in match.seats])
    assert not wrong, f"words of the other language while {language} is chosen: {wrong}"


def test_switching_the_language_mid_game_writes_the_table_again(app):
    match = Match(GAME, seats(1, 2), seed=21)
    table = open_table(app, match, to_results=False)
    app.push(table)
    rng = random.Random(21)
    while match.state.phase != "play":
        play_by_clicks(app, table, match, rng, limit=40)
    click_on(app, lambda: table.settled and bool(table.targets), limit=900)
    assert table.prompt_text()[0] in ("Lead a card to the trick", "Choose a card to play to the trick")
    english_status = table._status_line()
    app.set_language("de")
    frames_until(app, lambda: table.settled and bool(table.targets), limit=900)
    assert table.prompt_text()[0] in ("Eröffne den Stich mit einer Karte", "Wähle eine Karte für den Stich")
    assert table._status_line().startswith("Kapitel II · Stich") and english_status.startswith("Chapter II")
    told = [title for title, _ in table.logbook.by_round()] + table.logbook.lines
    assert told and not [line for line in told if foreign_words(line, "de", NAMES)], "the log is told again"
    assert "Kapitel I: die Kartenwahl" in told
