"""The catalogues hold every text for people in both languages, and messages turn into words in the
chosen language."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import Card, Seat, listing, message, plural_message
from tools import catalogue


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def test_every_text_has_a_german_and_an_english_entry_with_the_same_fields():
    found = catalogue.problems()
    assert not found, "\n".join(found[:40]) + (f"\n… and {len(found) - 40} more" if len(found) > 40 else "")


def test_a_translation_that_drops_or_adds_a_field_is_a_problem(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogue, "PO_DIR", tmp_path)
    monkeypatch.setattr(catalogue, "MO_DIR", tmp_path / "locale")
    text = catalogue.Text("{seat} draws {card}", places=[("scenes/x.py", 1)])
    texts = {text.key: text}
    monkeypatch.setattr(catalogue, "found_texts", lambda: texts)
    catalogue.update(["app"])
    assert any("not translated" in p for p in catalogue.problems(texts))
    catalogue.fill("app", "de", {"{seat} draws {card}": "{seat} zieht {karte}"})
    catalogue.compile_all()
    found = catalogue.problems(texts)
    assert any("fields the id lacks: ['karte']" in p for p in found)
    assert any("lacks the fields ['card']" in p for p in found)
    catalogue.fill("app", "de", {"{seat} draws {card}": "{seat} zieht {card:acc}"})
    catalogue.compile_all()
    assert catalogue.problems(texts) == []


def test_a_text_gone_from_the_source_is_reported_and_dropped_by_update(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogue, "PO_DIR", tmp_path)
    monkeypatch.setattr(catalogue, "MO_DIR", tmp_path / "locale")
    old = catalogue.Text("Old words", places=[("scenes/x.py", 1)])
    monkeypatch.setattr(catalogue, "found_texts", lambda: {old.key: old})
    catalogue.update(["app"])
    catalogue.fill("app", "de", {"Old words": "Alte Worte"})
    catalogue.compile_all()
    assert catalogue.problems({}) and "no longer in the source" in catalogue.problems({})[0]
    monkeypatch.setattr(catalogue, "found_texts", lambda: {})
    catalogue.update(["app"])
    catalogue.compile_all()
    assert catalogue.problems({}) == []


def test_messages_are_words_in_the_chosen_language_with_names_and_plurals(german):
    names = ["Anna", "Ben", "Cleo"]
    assert message("{items} and {last}", items="a, b", last="c").text() == "a, b und c"
    assert message("{who}", who=listing([Seat(0), Seat(1), Seat(2)])).text(names) == "Anna, Ben und Cleo"
    assert message("{who}", who=Seat(1)).text() == "Platz 2"
    i18n.set_language("en")
    assert message("{who}", who=listing([Seat(0), Seat(2)])).text(names) == "Anna and Cleo"
    assert plural_message("{n} card", "{n} cards", n=1).text() == "1 card"
    assert plural_message("{n} card", "{n} cards", n=3).text() == "3 cards"


def test_a_message_is_data_that_round_trips_to_json():
    m = message("{seat} plays {card}", seat=Seat(2), card=Card("palace", "10H"))
    assert m.to_dict() == {"msgid": "{seat} plays {card}",
                           "params": {"seat": {"seat": 2}, "card": {"game": "palace", "card": "10H"}}}
    assert message("{a}", a=m) != m and message("{seat} plays {card}", **m.args) == m


def test_a_catalogue_entry_asking_for_a_missing_field_shows_the_english_text():
    assert message("{seat} wins").text() == "{seat} wins"


def test_the_system_language_is_german_for_de_locales_and_english_else():
    assert i18n.system_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.system_language({"LANGUAGE": "de:en", "LANG": "en_GB.UTF-8"}) == "de"
    assert i18n.system_language({"LC_ALL": "fr_FR.UTF-8"}) == "en"
    assert i18n.system_language({}) == "en"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.set_language("fr")


def test_listeners_hear_a_change_and_go_when_their_owner_goes():
    heard = []

    class Screen:
        def changed(self, code):
            heard.append(code)

    screen = Screen()
    i18n.add_listener(screen.changed)
    i18n.set_language("de")
    i18n.set_language("de")  # no change, nothing heard
    del screen
    i18n.set_language("en")
    assert heard == ["de"]


def test_a_fraction_is_written_with_the_languages_decimal_mark(german):
    assert message("{points:.1f}", points=2.5).text() == "2,5"
    i18n.set_language("en")
    assert message("{points:.1f}", points=2.5).text() == "2.5"


def test_a_template_from_a_file_reaches_no_attribute_of_a_parameter():
    crafted = i18n.text_from_data({"msgid": "{seat.__class__} {card[0]} {seat}",
                                   "params": {"seat": {"seat": 1}}})
    assert crafted.text(["Anna", "Ben"]) == "{seat.__class__} {card[0]} Ben"
