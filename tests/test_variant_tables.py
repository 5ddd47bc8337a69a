"""The game tables show a variant's card data: a game played with a variant file (game/variants/*.toml,
docs/variants.md) has the variant's numbers, words and card texts on its table, in its moments and in
the inspect view, not the shipped ones."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from language import TextSpy
from test_table_support import close_app, frames_until, make_app

import game.variants
from game import load
from game.core import CardMoved, Shuffled
from game.core.variant import Variant, parse_variant, read_variant
from game.match import Match, Seat
from scenes.inspect import Inspectable, texts_of
from scenes.table import open_table
from scenes.table.kit.paint import TextCache

VARIANTS = Path(game.variants.__file__).parent


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def shipped_variant(file: str, game_id: str) -> Variant:
    return read_variant(VARIANTS / file, load(game_id))


def variant_table(app, game_id: str, variant: Variant, players: int = 3, seed: int = 2):
    """A table of `game_id` played with `variant`, Anna (seat 0) against random bots, caught up."""
    names = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
    seats = [Seat("Anna")] + [Seat.ai(names[i], "random") for i in range(1, players)]
    match = Match(game_id, seats, seed=seed, options={"variant": variant.option()})
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.caught_up, limit=2400)
    return table


def inspected_rules(table, card: str) -> list[str]:
    """The rule text the table's inspect view shows for `card` (the kit opens what the pointer rests on)."""
    table.inspector.open(Inspectable(("card", card), table.game_id, card, pygame.Rect(0, 0, 40, 60)))
    _name, rules, _notes = texts_of(table.inspector.shown)
    return rules


# -- Gloria Picktoria ---------------------------------------------------------------------------------
def test_gloria_counter_warnings_and_minus_points_follow_the_variant(app, monkeypatch):
    short = shipped_variant("gloria-short-game.toml", "gloria_picktoria")  # scorings at 3, 5, 7
    table = variant_table(app, "gloria_picktoria", short)
    assert table.obs["data"]["scoring_at"] == [3, 5, 7]
    assert table.live_dh()["next_scoring"] == 3, "the counter's next scoring is the variant's first"
    spy = TextSpy().install(monkeypatch)
    table.draw_under(pygame.Surface((1280, 720)))
    drawn = spy.take()
    assert "Scoring at the 3rd: 3 more to come" in drawn
    warned = [getattr(e, "words", "") for e in table.rooster_moment(2)]
    assert "the next one scores!" in warned, "the 2nd card warns: the 3rd scores"
    assert "the next one scores!" not in [getattr(e, "words", "") for e in table.rooster_moment(3)]
    minus = {"seat": 0, "lone_treasures": 1, "lone_under_fox": 0, "hand_cards": 2, "points": -7}
    final = {"number": 3, "dh": 7, "final": True, "motifs": [], "points": [-7, 0, 0], "penalties": [minus]}
    table.scoring_picture(final, (1280, 720))
    penalty = [text for text in spy.take() if text.startswith("Anna:")]
    assert penalty == ["Anna: 1 lone treasure -3 each and 2 hand cards -2 each = -7"]
    assert inspected_rules(table, "dh")[0].endswith("the 3rd, 5th and 7th start a scoring.")


def test_gloria_lays_out_a_display_of_the_variants_size(app):
    wider = parse_variant("display_size = 4\n", load("gloria_picktoria"), "wider display")
    table = variant_table(app, "gloria_picktoria", wider)
    assert len(table.offer_at) == 4
    shown = [table.model.zones.get(f"offer:{slot}") for slot in range(4)]
    assert [len(cards or ()) for cards in shown] == [1, 1, 1, 1], "every open card lies on the table"
    assert all(table.place_zone(f"offer:{slot}", table.model.zones[f"offer:{slot}"])[0].shown
               for slot in range(4))


# -- 3 Chapters ---------------------------------------------------------------------------------------
def test_three_chapters_inspect_view_describes_the_variants_card(app):
    double = shipped_variant("three-chapters-double-crystals.toml", "three_chapters")
    table = variant_table(app, "three_chapters", double)
    rules = inspected_rules(table, "6")
    assert any("8" in line for line in rules), rules  # the variant's 8 crystals, not the shipped 4
    assert not any("4" in line for line in rules), rules
    assert rules[0] != inspected_rules(variant_table(app, "three_chapters", parse_variant("", load(
        "three_chapters"))), "6")[0], "the first ability pays 2 crystals, not the shipped 1"


def test_three_chapters_sheet_counts_the_variants_points(app, monkeypatch):
    from scenes.table.three_chapters.sheet import SheetPicture, score_sheet

    rich = parse_variant("star_points = 3\ncrystals_per_point = 1\n", load("three_chapters"), "rich")
    match = Match("three_chapters", [Seat.ai(name, "random") for name in ("Anna", "Ben", "Cleo")], seed=4,
                  options={"variant": rich.option()})
    match.run_bots()
    obs = match.observation(0)
    assert (obs["data"]["star_points"], obs["data"]["crystals_per_point"]) == (3, 1)
    sheet = score_sheet(obs, ["Anna", "Ben", "Cleo"])  # the observation's own card data
    for column, entry in enumerate(obs["breakdown"]):
        two = [sum(c["chapter2"][i] for c in entry["cards"]) for i in range(3)]
        two[0] += entry["trick_stars"]
        assert sheet.counts[column][0] == 3 * two[0] + two[1] + two[2], "the chapter-II row, counted"
        assert sheet.final_points(column) == int(obs["scores"][column])
    spy = TextSpy().install(monkeypatch)
    SheetPicture(TextCache(), sheet, (1000, 700), 1.0)
    assert "★ 3 points · ♥ 1 point · ◆ 1 point each · click to go on" in spy.take()
    table = open_table(app, match)  # the table's sheet, as its moment counts it
    app.push(table)
    frames_until(app, lambda: table.caught_up, limit=2400)
    assert table.final_sheet().counts == sheet.counts


# -- Palace -------------------------------------------------------------------------------------------
def test_palace_pile_words_follow_a_deck_without_tens(app, monkeypatch):
    no_tens = shipped_variant("palace-no-tens.toml", "palace")
    table = variant_table(app, "palace", no_tens)
    table.obs = {**table.obs, "phase": "play", "pile": ["5H", "KH"], "top": "K"}  # a King to beat
    spy = TextSpy().install(monkeypatch)
    table._draw_need(pygame.Surface((1280, 720)))
    shown = " ".join(spy.take())  # (a line too long for the box wraps)
    assert shown.startswith("Beat: King or") and shown.endswith("2 always goes"), "no 10 lies in this deck"
    assert "10" not in shown
    assert "10H" not in {card for card, _kind, _size in table.art_sizes()}


def test_palace_burns_follow_quick_burns(app, monkeypatch):
    quick = shipped_variant("palace-quick-burns.toml", "palace")  # three in a row burn; the 9 burns
    table = variant_table(app, "palace", quick)
    table.timeline.clear()
    table.model.resync({"pile": ["5H", "7H", "7D", "7C"], "hand:1": []})
    table._play_event(CardMoved(card="5H", src="pile", dst="burned"))
    assert table.flash is not None and table.flash.line == "Burned by three 7s"
    table.timeline.clear()
    table.model.resync({"pile": ["5H", "9C"], "burned": [], "hand:1": []})
    table._play_event(CardMoved(card="5H", src="pile", dst="burned"))
    assert table.flash.line == "Burned by a 9"
    table.obs = {**table.obs, "phase": "play", "pile": ["5H", "7H", "7D"], "top": "7"}
    spy = TextSpy().install(monkeypatch)
    table._draw_need(pygame.Surface((1280, 720)))
    shown = " ".join(spy.take())
    assert "two 7s in a row (3 burn)" in shown and "2, 9 and 10 always go" in shown
    assert inspected_rules(table, "9S") == ["It plays on anything and burns the pile.",
                                            "3 is the lowest rank, then 4 … 10, Jack, Queen, King, Ace, "
                                            "and 2 the highest."]
    assert inspected_rules(table, "5S")[0].endswith("3 of a rank in a row burn the pile.")


# -- Palastgeflüster ----------------------------------------------------------------------------------
def test_palastgefluester_hand_and_target_follow_the_quick_court(app, monkeypatch):
    quick = shipped_variant("palastgefluester-quick-court.toml", "palastgefluester")  # hand 5, target 4
    table = variant_table(app, "palastgefluester", quick)
    assert len(table.obs["hand"]) == 5
    table._collect_next_shuffle = True
    assert table.describe(Shuffled(zone="draw")) == \
        "New round: every card is shuffled and 5 are dealt to each player"
    spy = TextSpy().install(monkeypatch)
    table.draw_under(pygame.Surface((1280, 720)))
    drawn = spy.take()
    assert "0/4" in drawn, "a plate's points out of the variant's target"
    from scenes.table.palastgefluester.moments import different_persons

    assert different_persons(table.card_data().hand_size) == "5 different persons!"


# -- the screenshot tool ------------------------------------------------------------------------------
def test_the_screenshot_tool_draws_a_table_with_a_variant(tmp_path):
    from tools.screenshot import parse_args

    file = VARIANTS / "palace-no-tens.toml"
    args = parse_args(["--game", "palace", "--players", "3", "--variant", str(file), "--out", "x.png"])
    assert dict(args.option)["variant"] == shipped_variant("palace-no-tens.toml", "palace").option()
    broken = tmp_path / "broken.toml"
    broken.write_text("[ranks.10]\ncopies = 9\n", encoding="utf-8")
    with pytest.raises(SystemExit):  # refused with the file's line, before any table is drawn
        parse_args(["--game", "palace", "--players", "3", "--variant", str(broken), "--out", "x.png"])
