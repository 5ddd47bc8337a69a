"""3 Chapters on the table: whole games driven only by clicks on highlighted cards, the hot-seat table
showing each person only their own view, resizing mid-animation, the trick pile and the final sheet."""

from __future__ import annotations

import random

import pygame
import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app, waiting_banner

from game.core import Action
from game.match import Match, Seat
from game.three_chapters.game import PLAY
from scenes.art import ArtLibrary
from scenes.table import open_table
from scenes.table.kit.handoff import HandoffScene
from scenes.table.three_chapters.panels import card_help_lines
from scenes.table.three_chapters.sheet import score_sheet
from scenes.table.three_chapters.table import ThreeChaptersTable
from tools.artgen.three_chapters import card_ids

GAME = "three_chapters"


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def seats(humans: int, players: int) -> list[Seat]:
    names = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
    return [Seat(names[i]) if i < humans else Seat.ai(names[i], "random") for i in range(players)]


def go_on(app) -> None:
    """A click in the middle of the window, as a player moves a banner that waits for one on."""
    w, h = app.screen.get_size()
    click(app, (w // 2, h // 2))
    app.step(1 / 60)


def play_by_clicks(app, table, match: Match, rng: random.Random, limit: int = 40000) -> set[str]:
    """Answer every decision of seat 0 with a click on one of the highlighted cards, and click each
    banner that waits for a click (a chapter's end) on; returns the kinds of action clicked."""
    kinds: set[str] = set()
    for _ in range(limit):
        if match.is_over():
            break
        if waiting_banner(app):
            go_on(app)
            continue
        if app.stack.top is table and table.settled and table.targets and match.human_to_act() == 0:
            points = table.click_points()
            offered = {action for _, action in points}
            assert offered == {str(a) for a in match.legal_actions()}, "every legal choice, and only those"
            for target in table.targets:
                assert table.layer.sprites[target.uid].highlight, "what may be clicked is highlighted"
            dimmed = [s for s in table.layer if s.zone == "hand:0" and s.dim]
            assert all(not any(t.uid == s.uid for t in table.targets) for s in dimmed)
            pos, action = rng.choice(points)
            before = len(match.actions)
            click(app, pos)
            app.step(1 / 60)
            assert match.actions[before] == (0, action), "the click played exactly the clicked card"
            kinds.add(Action.parse(action).kind)
            continue
        app.step(1 / 60)
    return kinds


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_played_by_clicks_on_highlighted_cards(app, players):
    match = Match(GAME, seats(1, players), seed=players)
    table = open_table(app, match)
    assert isinstance(table, ThreeChaptersTable)
    app.push(table)
    kinds = play_by_clicks(app, table, match, random.Random(players))
    assert match.is_over()
    expected = {"pick", "play"} | ({"ghost"} if players == 2 else set())
    assert kinds == expected
    frames_until(app, lambda: table.sheet is not None, limit=600)
    assert len(table.sheet.columns) == players, "chapter III is counted on the table, seat by seat"
    click_on(app, lambda: app.stack.top is not table, limit=600)
    from scenes.menus.results import ResultsScene

    assert isinstance(app.stack.top, ResultsScene)


def test_three_players_get_a_second_deal_on_the_table(app):
    match = Match(GAME, seats(1, 3), seed=7)
    table = open_table(app, match)
    app.push(table)
    rng = random.Random(7)
    deals_seen = set()
    for _ in range(20000):
        if match.observation(0)["phase"] != "draft":
            break
        deals_seen.add(table.obs.get("draft", {}).get("deal"))
        if table.settled and table.targets and match.human_to_act() == 0:
            click(app, rng.choice(table.click_points())[0])
        app.step(1 / 60)
    click_on(app, lambda: table.caught_up)
    assert deals_seen >= {0, 1}
    assert len([s for s in table.layer if s.zone == "hand:0"]) == 8, "8 picks become the hand"
    assert len(table.model.zones["out"]) == 2 * 3 * 4, "the rest of both deals left the game"


def test_a_card_dragged_onto_the_trick_is_played(app):
    match = Match(GAME, seats(1, 3), seed=9)
    table = open_table(app, match)
    app.push(table)
    rng = random.Random(9)
    for _ in range(20000):  # through the draft, and the banner that ends it
        if table.settled and table.targets and Action.parse(table.legal[0]).kind == PLAY:
            break
        if waiting_banner(app):
            go_on(app)
            continue
        if table.settled and table.targets:
            click(app, rng.choice(table.click_points())[0])
        app.step(1 / 60)
    target = table.targets[0]
    start = (
        round(table.layer.sprites[target.uid].rect.centerx),
        round(table.layer.sprites[target.uid].rect.y + 8),
    )
    drop = table.drop_rect().center
    assert drop == table.trick_box.center
    before = len(match.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(0, 0), buttons=(1, 0, 0)))
    app.step(1 / 60)
    assert len(match.actions) == before, "nothing is played before the card is let go"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1))
    app.step(1 / 60)
    assert match.actions[before][0] == 0 and Action.parse(match.actions[before][1]).kind == PLAY


@pytest.mark.slow
def test_hot_seat_shows_each_person_only_their_own_observation(app):
    match = Match(GAME, seats(2, 2), seed=11)
    table = open_table(app, match)
    seen: list[tuple[int | None, int | None, int | None]] = []
    table.observed = lambda viewer, obs: seen.append((viewer, obs["seat"], match.view_seat))
    app.push(table)
    rng = random.Random(11)
    handoffs = decisions = 0
    for _ in range(40000):
        if match.is_over():
            break
        top = app.stack.top
        if waiting_banner(app):
            go_on(app)
            continue
        if isinstance(top, HandoffScene):
            assert app.stack.visible() == [top], "nothing of the table shows behind the handoff screen"
            handoffs += 1
            click(app, (10, 10))
            app.step(1 / 60)
            continue
        decider = match.human_to_act()
        if top is table and table.settled and table.targets and decider is not None:
            assert match.view_seat == decider and table.obs["seat"] == decider
            assert table.bottom_seat == decider, "the deciding person sits at the bottom"
            other = 1 - decider
            for sprite in table.layer:
                if sprite.zone in (f"hand:{other}", f"picks:{other}", f"ghost:{other}", f"ghost:{decider}"):
                    assert sprite.card is None, "no hidden card of the other person is on the screen"
                if sprite.zone == f"hand:{decider}":
                    assert sprite.card is not None and sprite.face_up
            decisions += 1
            click(app, rng.choice(table.click_points())[0])
        app.step(1 / 60)
    assert match.is_over()
    assert handoffs >= 2 and decisions >= 40
    assert seen and all(viewer == seat == shown for viewer, seat, shown in seen if viewer is not None)
    assert {seat for _, seat, _ in seen} <= {0, 1, None}


def test_resize_while_cards_fly_and_every_size_stays_on_screen():
    app = make_app((1280, 720), "slow")
    try:
        match = Match(GAME, seats(0, 5), seed=5)
        table = open_table(app, match)
        app.push(table)
        frames_until(app, lambda: table.layer.busy, 3000)
        for size in ((800, 600), (320, 240), (3840, 2160)):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            app.step(1 / 60)
            assert (table.scale.width, table.scale.height) == size
            actions = len(match.actions)
            frames_until(app, lambda a=actions: len(match.actions) > a + 2 and table.settled, 8000)
            window = pygame.Rect(0, 0, *size)
            assert all(window.contains(s.rect) for s in table.layer if s.shown)
    finally:
        close_app(app)


def test_the_trick_names_who_played_and_lights_the_winning_card(app):
    match = Match(GAME, seats(0, 4), seed=21)
    table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
    app.push(table)
    while match.observation(0)["phase"] == "draft" or len(match.observation(0)["trick"]["plays"]) < 3:
        match.step_bot()
    click_on(app, lambda: table.caught_up)
    plays = match.observation(0)["trick"]["plays"]
    assert [int(c) for _, c in table.trick_plays] == [p["card"] for p in plays]
    assert [p for p, _ in table.trick_plays] == [p["position"] for p in plays]
    assert table.trick_slots()[: len(plays)] == [p["position"] for p in plays]
    trick_sprites = [s for s in table.layer if s.zone == "trick"]
    assert sorted(int(s.card) for s in trick_sprites) == sorted(p["card"] for p in plays)
    assert table.obs["trick"]["winning"] == max(plays, key=lambda p: p["card"])["position"]
    assert "Waiting for" in table.prompt_text()[0]


def test_the_final_sheet_adds_up_to_the_scores():
    match = Match(GAME, seats(0, 3), seed=4)
    match.run_bots()
    obs = match.observation(0)
    sheet = score_sheet(obs, ["Anna", "Ben", "Cleo"])
    for seat, column in enumerate(sheet.columns):
        total = column[-1].pieces[0][0]
        assert total.endswith(f"= {int(obs['scores'][seat])} points")
    assert sheet.winners == obs["winners"]


def test_hovering_a_card_names_its_abilities_and_the_attribute_icon(app):
    lines = card_help_lines(13)
    assert lines[0][0] == "13  Cinderella"
    assert [seal for _, seal in lines[2:]] == ["II", "III"], "both abilities, each with its seal"
    match = Match(GAME, seats(1, 3), seed=2)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.settled and bool(table.targets))
    sprite = next(s for s in table.layer if s.zone == "hand:0")
    value = int(sprite.card)
    from game.three_chapters.cards import ATTRIBUTES, default_cards

    first = next(a for a in ATTRIBUTES if a in default_cards().cards[value].attributes)
    count = len(default_cards().cards[value].attributes)
    rect = sprite.rect
    step = (40 if count <= 4 else 35 if count <= 6 else 32) * rect.w / 400
    icon = (round(rect.centerx - step * (count - 1) / 2), round(rect.y + rect.h * 326 / 560))
    table.mouse = icon
    assert table._attribute_at(sprite, value) == first
    table.mouse = (round(rect.centerx), round(rect.y + rect.h * 0.2))
    assert table._attribute_at(sprite, value) is None


def test_the_engines_seats_are_named_as_the_players_are():
    from game.i18n import Card, Seat, message
    from game.three_chapters.state import position_words
    from scenes.table import name_text

    match = Match(GAME, seats(2, 2), seed=1)
    final = match.state
    assert name_text(match, message("{seat} is the start player", seat=Seat(1))) == "Ben is the start player"
    said = message("Trick {number}: {winner} wins with {card:dat} ({value})", number=2,
                   winner=position_words(1, 2), card=Card("three_chapters", "44"), value=44)
    assert name_text(match, said) == "Trick 2: Ben wins with the Troll (44)"
    assert final.position_name(2).text(["Anna", "Ben"]) == "Ghost of Anna"


def test_every_art_id_of_the_game_is_in_the_default_pack():
    assert card_ids() == [str(v) for v in range(1, 51)]
    library = ArtLibrary()
    for card in card_ids():
        assert library.origin(GAME, "cards", card) is not None, f"card {card} has no default art"
    assert library.origin(GAME, "back") is not None
    assert library.origin(GAME, "table") is not None
    library.card(GAME, "17", (80, 112))
    assert not [p for p in library.problems if GAME in p]
