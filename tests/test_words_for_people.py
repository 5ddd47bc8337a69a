"""Words as a player reads them: counts in the form their number asks for ("1 pt", never "1 pts"), in
English and German; rules pages without ruling ids and without a line repeated; a game's line in the
menu that does not repeat the player range shown above it; the replay tool naming the winner; the setup
screen's headings over what they hold; one name for an art pack in every menu."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

import game
from cards import rules_text
from cards.rules_pages import pages
from cards.words import words_of
from game.i18n import catalogue, speaking, tr
from game.match import Match, Seat
from scenes.table.three_chapters.panels import points_label
from tools.catalogue import Text, found_texts

LANGUAGES = ("en", "de")
RULING_ID = re.compile(r"\b[A-Z]{2}-R\d+\b")


# -- counts ----------------------------------------------------------------------------------------
class _Filled(string.Formatter):
    """Fills a template's count with 1 and every other field with 2 (format specs ignored)."""

    def __init__(self, count: str) -> None:
        self.count = count

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        return 1 if key == self.count else 2

    def format_field(self, value: Any, format_spec: str) -> str:
        return str(value)


def _fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def _count_field(text: Text) -> str | None:
    """The field that chooses a plural's form: `n` (plural_message), else the one count it holds."""
    fields = _fields(text.msgid)
    return next((f for f in ("n", "points") if f in fields), None)


def _plural_texts() -> list[Text]:
    return [t for t in found_texts().values() if t.plural and _count_field(t)]


#: English words after "1 " that are fine (verbs agreeing with one, words that are not plurals)
ENGLISH_SINGULAR_S = {"is", "has", "was", "wins", "goes", "comes", "plays", "takes", "gets", "less", "pass"}
#: German plural nouns a count may come before
GERMAN_PLURALS = {"Punkte", "Karten", "Aktionspunkte", "Spiele", "Züge", "Sekunden", "Sterne", "Herzen",
                  "Kristalle", "Stiche", "Warnungen", "Bilder", "Probleme", "Wertungen", "Zeilen", "Runden",
                  "Tipps", "Sammlungen", "Schatzkarten", "Handkarten", "Spielen", "Partien", "Bild-IDs"}


def _one_reads_plural(text: str, lang: str) -> list[str]:
    """The words right after a count of 1 in `text` that are plurals."""
    after = re.findall(r"(?<![\d.,])1 ([\w-]+)", text)
    if lang == "en":
        return [w for w in after if w.endswith("s") and w not in ENGLISH_SINGULAR_S]
    return [w for w in after if w in GERMAN_PLURALS]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_text_reads_right_for_one(lang):
    wrong = []
    with speaking(lang):
        words = catalogue(lang)
        for text in _plural_texts():
            if text.context:
                form = words.npgettext(text.context, text.msgid, text.plural, 1)
            else:
                form = words.ngettext(text.msgid, text.plural, 1)
            shown = _Filled(_count_field(text) or "n").format(form)
            if _one_reads_plural(shown, lang):
                wrong.append(shown)
    assert wrong == []


#: plural nouns that may follow a count in a text without a plural form
COUNT_NOUNS = ("pts|points|cards|games|players|stars|hearts|crystals|tricks|rounds|moves|actions|seconds|"
               "hints|collections|deals|rows|digits|pixels|megapixels|seats|sizes|problems|errors|warnings|"
               "images|turns")
COUNT_BEFORE_NOUN = re.compile(r"\{(\w+)(?::[^}]*)?\}(?: [\w-]+)? (" + COUNT_NOUNS + r")\b")
#: a field and the plural noun after it, in texts without a plural form, where the field is never 1 (or is
#: no count at all): why each is so
NEVER_ONE = {
    ("digits", "digits"): "SEED_DIGITS, and the digits of a number too long for a record: many",
    ("megapixels", "megapixels"): "the image limit, 16",
    ("high", "pixels"): "the largest side a card may have, 4096",
    ("height", "pixels"): "a card template's height, 16 pixels at least",
    ("high", "players"): "the most players of a game, at least 2",
    ("target", "points"): "Palastgeflüster's goal, 4 to 6 points",
    ("count", "cards"): "a Palace burn is told only of a pile of BIG_PILE cards or more",
    ("count", "rows"): "the log says its rows only when there are more than it shows",
    ("limit", "actions"): "the most actions a replay takes",
    ("actions", "actions"): "only a record over that limit of actions is told so",
    ("seats", "seats"): "a game has at least two seats",
    ("players", "players"): "a game has at least two players",
    ("points", "points"): "a hint's lead in points, a decimal (1.5 points, 1.0 points)",
    ("attribute", "cards"): "'per n attribute cards': written only for groups of 2 or more",
    ("n", "cards"): "all the cards of a game that show stand-ins",
    ("n", "stars"): "'per n stars': written only for groups of 2 or more",
    ("n", "hearts"): "'per n hearts': written only for groups of 2 or more",
    ("n", "crystals"): "'per n crystals': written only for groups of 2 or more",
    ("n", "sizes"): "face sizes that differ: 2 or more",
    ("card", "cards"): "a card's name", ("card", "moves"): "a card's name, then a verb",
    ("seat", "cards"): "a name", ("seat", "collections"): "a name", ("name", "turns"): "a name, then a verb",
    ("other", "cards"): "a name", ("keys", "cards"): "a list of keys",
    ("screen_height", "cards"): "a screen size, then 'table cards'",
}
#: the hint search's simulated games and deals (game/ai/hint.py, each game's hints.py): never 1, since a
#: search that tried fewer than two gives no figures at all. Listed so that no other text joins them unseen.
ELSEWHERE_PAIRS = {("games", "games"), ("games", "deals")}
ELSEWHERE: set[str] = set()


def test_a_count_before_a_plural_noun_has_a_plural_form():
    """A text that writes "{x} points" without a plural form would read "1 points" when x is 1."""
    unchecked = []
    for text in found_texts().values():
        if text.plural or text.msgid in ELSEWHERE:
            continue
        for found in COUNT_BEFORE_NOUN.finditer(text.msgid):
            pair = (found.group(1), found.group(2))
            if pair not in NEVER_ONE and pair not in ELSEWHERE_PAIRS:
                unchecked.append((text.msgid, found.group(1), text.places[:1]))
    assert unchecked == []


@pytest.mark.parametrize(("lang", "one", "two"), [("en", "1 pt", "2 pts"), ("de", "1 Pkt.", "2 Pkt.")])
def test_three_chapters_plates_write_one_point_as_one(lang, one, two):
    with speaking(lang):
        assert points_label(1) == one and points_label(2) == two


# -- rules pages and the game menu ----------------------------------------------------------------
def _rules_words(game_id: str) -> list[str]:
    found = [rules_text.summary(game_id), tr(rules_text.GAME_INFO[game_id].blurb),
             tr(game.load(game_id).description)]
    for page in pages(game_id):
        found += [page.title, *page.paragraphs]
        found += [f"{note.name}: {note.text}" for note in page.cards]
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_no_rules_page_shows_a_ruling_id(game_id, lang):
    with speaking(lang):
        shown = [text for text in _rules_words(game_id) if RULING_ID.search(text)]
    assert shown == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_no_rules_page_says_the_same_line_twice(game_id, lang):
    with speaking(lang):
        for page in pages(game_id):
            lines = [*page.paragraphs, *(note.text for note in page.cards)]
            assert len(lines) == len(set(lines)), (page.title, lines)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_a_games_line_in_the_menu_leaves_the_player_range_to_the_line_above_it(game_id, lang):
    range_words = re.compile(r"\d\s*[-–]\s*\d\s*(players|Spieler)", re.IGNORECASE)
    with speaking(lang):
        lines = [tr(game.load(game_id).description), tr(rules_text.GAME_INFO[game_id].blurb)]
    assert not any(range_words.search(line) for line in lines), lines
    assert words_of(game_id) is not None


# -- the replay tool -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_replay_verify_names_the_winner_by_the_players_names(game_id, tmp_path, capsys):
    from tools import replay as replay_tool

    names = ["Anna", "Ben", "Clara"]
    match = Match(game_id, [Seat.ai(name, "random") for name in names], 3)
    match.run_bots()
    assert match.is_over()
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(match.record().lines()) + "\n", encoding="utf-8")
    assert replay_tool.main([str(path), "--verify"]) == 0
    result_line = next(line for line in capsys.readouterr().out.splitlines() if "actions replayed" in line)
    winners = [names[seat] for seat in match.state.winners()]
    assert winners and all(name in result_line for name in winners), result_line
    assert "Seat " not in result_line
