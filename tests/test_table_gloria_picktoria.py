"""The Gloria Picktoria table: whole games driven by clicks on what it highlights, drags onto rows,
refusals with the rules' reasons, hot-seat privacy, resizing mid-animation, the scoring panel's words
and the game's art in the default pack."""

from __future__ import annotations

import random
import tomllib

import pygame
import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app, waiting_banner

from game.core import Action
from game.gloria_picktoria.cards import DH, DOUBLER, FOX, JOKER, MOTIF_IDS
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.scoring import scoring
from game.match import Match, Seat
from scenes.art import ASSET_ART_DIR
from scenes.table import open_table
from scenes.table.gloria_picktoria.panels import entry_text, penalty_text
from scenes.table.gloria_picktoria.story import ScoringBanner
from scenes.table.gloria_picktoria.table import GloriaPicktoriaTable
from scenes.table.kit.handoff import HandoffScene

GAME = "gloria_picktoria"


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def solo_match(seed: int, players: int = 3) -> Match:
    names = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
    return Match(GAME, [Seat("Anna")] + [Seat.ai(names[i], "random") for i in range(1, players)], seed=seed)


def ready(app, table, match, seat: int = 0) -> None:
    """Frames until the table offers `seat` the match's current choices."""

    def offered() -> bool:
        current = [str(a) for a in match.legal_actions()]
        return (
            match.human_to_act() == seat
            and table.caught_up
            and bool(table.targets)
            and table.legal == current
        )

    frames_until(app, offered, 5000)


def reachable(table) -> set[str]:
    """Every action the table offers now: direct targets, and the drops of every item it lets one pick."""
    offered = {t.action for t in table.targets if t.select is None}
    pickable = {t.select for t in table.targets if t.select is not None}
    offered |= {a for a in table.legal if table.item_of(a) in pickable and table.drop_spot(a) is not None}
    return offered


def click_something(app, table, rng: random.Random) -> str:
    """Click one of the table's highlighted targets (mostly a drop spot once something is picked up). As a
    player does, the pointer goes to it first: the own hand opens under it (the card there rises, its
    neighbours move apart), and the click lands where the target shows then."""
    points = table.click_points()
    drops = [p for p in points if not p[1].startswith("select ")]
    pos, action = rng.choice(drops if table.picked and drops and rng.random() < 0.85 else points)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(20):  # the hand opens within a third of a second
        app.step(1 / 60)
    pos = next(point for point, key in table.click_points() if key == action)
    click(app, pos)
    app.step(1 / 60)
    return action


def drag(app, start, end) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(1 / 60)


def sprite_centre(table, zone: str, card: str) -> tuple[int, int]:
    sprite = next(s for s in table.layer if s.zone == zone and s.card == card)
    return (round(sprite.rect.centerx), round(sprite.rect.centery))


def test_open_table_picks_the_gloria_picktoria_table(app):
    assert isinstance(open_table(app, solo_match(1)), GloriaPicktoriaTable)


@pytest.mark.slow
def test_a_whole_game_played_by_clicks_on_highlighted_targets(app):
    match = solo_match(5)
    table = open_table(app, match)
    app.push(table)
    rng = random.Random(5)
    played: set[str] = set()
    picks = 0
    scorings_read = 0
    for _ in range(60000):
        if match.is_over():
            break
        if waiting_banner(app):  # a scoring's panel waits to be read: a click moves it on, as a player does
            scorings_read += 1
            click(app, (app.size[0] // 2, app.size[1] // 2))
            app.step(1 / 60)
            continue
        if app.stack.top is table and table.settled and table.targets and match.human_to_act() == 0:
            legal = {str(a) for a in match.legal_actions()}
            assert reachable(table) == legal, "every legal choice is on the table, and only those"
            before = len(match.actions)
            action = click_something(app, table, rng)
            if action.startswith("select "):
                picks += 1
                assert len(match.actions) == before, "picking something up plays nothing"
                assert table.picked in (action.removeprefix("select "), None)
            else:
                assert match.actions[before] == (0, action), "the click played exactly the clicked choice"
                played.add(action.split()[0])
            continue
        app.step(1 / 60)
    assert match.is_over()
    assert picks >= 5
    assert {"treasure", "open", "take"} <= played
    assert scorings_read == 2, "the first two scorings' panels waited for a click"
    click_on(app, lambda: app.stack.top is not table, limit=600)  # the last scoring and the game's end wait
    from scenes.menus.results import ResultsScene

    assert isinstance(app.stack.top, ResultsScene)


def _own_treasure_then_ready(app, seed: int):
    """A table where Anna has laid a treasure and has 2 AP left, or None if her hand does not fit."""
    match = solo_match(seed)
    table = open_table(app, match)
    app.push(table)
    ready(app, table, match)
    hand = list(table.obs["hand"])
    plain = [c for c in hand if c != JOKER]
    if len(set(plain)) < 3:
        return None
    match.play(f"treasure {plain[0]}")
    ready(app, table, match)
    return match, table, [c for c in hand if c not in (plain[0], JOKER)]


@pytest.mark.parametrize("speed", ["off", "normal"])
def test_dragging_a_hand_card_onto_the_own_treasure_opens_it(speed):
    app = make_app((1280, 720), speed)
    try:
        _drag_onto_the_own_treasure(app)
    finally:
        close_app(app)


def _drag_onto_the_own_treasure(app) -> None:
    found = next(r for seed in range(1, 40) if (r := _own_treasure_then_ready(app, seed)) is not None)
    match, table, rest = found
    card = rest[0]
    before = len(match.actions)
    drag(app, sprite_centre(table, "hand:0", card), table.drop_spot(f"open {card} 0").center)
    assert match.actions[before] == (0, f"open {card} 0")
    frames_until(app, lambda: table.settled, 600)
    assert table.obs["fox"] == [0, 0], "the first open card calls the fox onto that row"


def test_a_drop_the_rules_refuse_gets_their_reason_and_changes_nothing(app):
    found = next(r for seed in range(1, 40) if (r := _own_treasure_then_ready(app, seed)) is not None)
    match, table, rest = found
    first, other = rest[0], next(c for c in rest if c != rest[0])
    match.play(f"open {first} 0")
    ready(app, table, match)
    state = match.state.state_hash()
    drag(app, sprite_centre(table, "hand:0", other), table.drop_spot(f"open {first} 0").center)
    assert match.state.state_hash() == state
    assert table.toast is not None
    assert table.toast[0] == table.in_words(match.state.explain_illegal(Action.parse(f"open {other} 0")))
    assert "does not fit" in table.toast[0]


def test_clicks_pick_up_a_card_and_put_it_down_as_a_new_treasure(app):
    match = solo_match(3)
    table = open_table(app, match)
    app.push(table)
    ready(app, table, match)
    card = next(c for c in table.obs["hand"])
    click(app, sprite_centre(table, "hand:0", card))
    app.step(1 / 60)
    assert table.picked == f"card:{card}"
    frames_until(app, lambda: any(t.action == f"treasure {card}" for t in table.targets), 60)
    spot = next(t.rect for t in table.targets if t.action == f"treasure {card}")
    before = len(match.actions)
    click(app, spot.center)
    app.step(1 / 60)
    assert match.actions[before] == (0, f"treasure {card}")
    assert table.picked is None


def test_a_display_card_dragged_into_the_hand_is_taken(app):
    match = solo_match(4)
    table = open_table(app, match)
    app.push(table)
    ready(app, table, match)
    sprite = next(s for s in table.layer if s.zone == "offer:1")
    before = len(match.actions)
    drag(app, (round(sprite.rect.centerx), round(sprite.rect.centery)), table.drop_rect().center)
    assert match.actions[before] == (0, "take 1")


def test_the_fox_is_passed_by_dragging_it_or_kept_with_a_click(app):
    rng = random.Random(8)
    for seed in range(1, 30):
        match = solo_match(seed, players=2)
        table = open_table(app, match)
        app.push(table)
        for _ in range(20000):
            if match.is_over() or (match.human_to_act() == 0 and match.state.phase == "fox_pass"):
                break
            if table.settled and table.targets and match.human_to_act() == 0:
                legal = [str(a) for a in match.legal_actions()]
                match.play(rng.choice([a for a in legal if not a.startswith("fox ")]))
            app.step(1 / 60)
        if match.is_over():
            app.stack.clear()
            continue
        ready(app, table, match)
        assert any(t.action == "keep_fox" and t.label for t in table.targets)
        fox_at = next(s for s in table.layer if s.card == FOX).rect.center
        before = len(match.actions)
        drag(app, (round(fox_at[0]), round(fox_at[1])), table.drop_spot("pass_fox 0").center)
        assert match.actions[before] == (0, "pass_fox 0")
        return
    pytest.fail("no seed reached a fox pass")


@pytest.mark.slow
def test_hot_seat_shows_each_person_only_their_own_observation(app):
    match = Match(GAME, [Seat("Anna"), Seat("Ben"), Seat.ai("Cleo", "random")], seed=11)
    table = open_table(app, match)
    seen: list[tuple[int | None, int | None, int | None]] = []
    table.observed = lambda viewer, obs: seen.append((viewer, obs["seat"], match.view_seat))
    app.push(table)
    rng = random.Random(11)
    handoffs = decisions = 0
    for _ in range(60000):
        if match.is_over() or decisions >= 120:
            break
        if waiting_banner(app):  # a scoring's panel is clicked away by whoever sits at the screen
            click(app, (app.size[0] // 2, app.size[1] // 2))
            app.step(1 / 60)
            continue
        top = app.stack.top
        if isinstance(top, HandoffScene):
            assert app.stack.visible() == [top], "nothing of the table shows behind the handoff screen"
            handoffs += 1
            click(app, (10, 10))
            app.step(1 / 60)
            continue
        decider = match.human_to_act()
        if top is table and table.caught_up and table.targets and decider is not None:
            assert table.obs["seat"] == decider == table.bottom_seat
            for sprite in table.layer:
                if sprite.zone.startswith("hand:") and sprite.zone != f"hand:{decider}":
                    known = table.obs["known_hand_cards"][int(sprite.zone[5:])]
                    assert sprite.card is None or sprite.card in known, "no unseen card of another hand"
            decisions += 1
            click_something(app, table, rng)
            continue
        app.step(1 / 60)
    assert handoffs >= 2 and decisions > 10
    assert seen and all(viewer == seat == shown for viewer, seat, shown in seen if viewer is not None)
    assert {seat for _, seat, _ in seen} <= {0, 1, None}


def test_resize_while_cards_fly_keeps_everything_on_screen():
    app = make_app((1280, 720), "slow")
    try:
        match = Match(GAME, [Seat.ai(n, "random") for n in ("Anna", "Ben", "Cleo", "Dora")], seed=4)
        table = open_table(app, match)
        app.push(table)
        frames_until(app, lambda: table.layer.busy and len(match.actions) > 2, 5000)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
        app.step(1 / 60)
        assert (table.scale.width, table.scale.height) == (800, 600)
        actions = len(match.actions)
        frames_until(app, lambda: len(match.actions) > actions + 2 and table.settled, 8000)
        window = pygame.Rect(0, 0, 800, 600)
        assert all(window.contains(s.rect) for s in table.layer if s.shown)
    finally:
        close_app(app)


@pytest.mark.parametrize("size", [(320, 240), (3840, 2160)])
def test_tiny_and_huge_windows_lay_out_and_play(size):
    app = make_app(size, "off")
    try:
        match = Match(GAME, [Seat.ai(n, "random") for n in ("Anna", "Ben", "Cleo", "Dora", "Emil")], seed=2)
        table = open_table(app, match)
        app.push(table)
        frames_until(app, lambda: len(match.actions) >= 40 and table.settled, 8000)
        assert app.screen.get_size() == size
    finally:
        close_app(app)


def test_a_scoring_is_shown_motif_by_motif_with_names():
    collections = [
        [Collection("egg", ["corn", "corn", JOKER], doubler=True), Collection("bell", ["plum"])],
        [Collection("worm", ["corn"]), Collection("nest")],
        [Collection("vane", ["corn", "corn", "corn"])],
    ]
    breakdown = scoring(3, 10, True, collections, (2, 0), [2, 0, 1])
    corn = next(m for m in breakdown["motifs"] if m["motif"] == "corn")
    lines = [entry_text(e, ["Anna", "Ben", "Cleo"][e["seat"]]) for e in corn["entries"]]
    assert lines[0] == "Anna 4 · longest +3 x2 = +6"
    assert lines[1] == "Ben 2 · second longest +1"
    assert lines[2] == "Cleo 4 · fox on it: out"
    plum = next(m for m in breakdown["motifs"] if m["motif"] == "plum")
    assert entry_text(plum["entries"][0], "Anna") == "Anna 2 · only collector +4"
    names = ["Anna", "Ben", "Cleo"]
    assert penalty_text(breakdown["penalties"][1]).text(names) == "Ben: 1 lone treasure -2 each = -2"
    assert penalty_text(breakdown["penalties"][2]).text(names) == "Cleo: 1 hand card -1 each = -1"


def test_gp_r10_the_panel_and_the_results_say_why_a_lone_treasure_under_the_fox_cost_nothing(app):
    from test_gloria_picktoria_rules import position

    from scenes.menus.results import ResultsScene

    match = Match(GAME, [Seat("Anna"), Seat("Ben"), Seat("Cleo")], seed=1)
    colls = [[("egg", ["corn"]), "nest"], ["plum", ("worm", ["bell"])], []]
    match.state = position(3, hands=[["vane"], [], []], collections=colls, middle=9, pile_top=["dh"],
                           fox=(1, 0))
    match.play("draw", seat=0)  # the 10th Genghis Rooster: the last scoring, with the fox on Ben's plum
    final = match.observation(None)["scorings"][-1]
    said = penalty_text(final["penalties"][1]).text(["Anna", "Ben", "Cleo"])
    assert said == "Ben: the lone treasure under the fox: no penalty"
    results = ResultsScene(app, match)
    assert results.details == [
        "Minus points of the last scoring:",
        "Anna: 1 lone treasure -2 each and 1 hand card -1 each = -3",
        "Ben: the lone treasure under the fox: no penalty",
        "Cleo: no minus points",
    ]
    app.push(results)
    for _ in range(3):
        assert app.step(1 / 60)


def test_a_scoring_stops_the_table_on_its_panel():
    app = make_app((1280, 720), "fast")
    try:
        match = Match(GAME, [Seat.ai(n, "random") for n in ("Anna", "Ben", "Cleo")], seed=3)
        table = open_table(app, match)
        app.push(table)
        frames_until(app, lambda: isinstance(table.banner, ScoringBanner), 60000)
        shown = table.banner.breakdown
        assert shown["dh"] == 4 and shown["motifs"] and len(shown["points"]) == 3
        app.step(1 / 60)
        assert isinstance(table.banner, ScoringBanner), "the panel waits to be read"
        click(app, (5, 5))
        app.step(1 / 60)
        assert table.banner is None
    finally:
        close_app(app)


def test_every_art_id_of_the_game_is_in_the_default_pack():
    pack = ASSET_ART_DIR / "default"
    section = tomllib.loads((pack / "pack.toml").read_text())["games"][GAME]
    ids = {*MOTIF_IDS, JOKER, DH, DOUBLER, FOX}
    assert ids <= set(section["cards"])
    for card in ids:
        named = section["cards"][card]  # a face with words is named per language: { en = …, de = … }
        files = list(named.values()) if isinstance(named, dict) else [named]
        assert all((pack / file).is_file() for file in files)
        assert not isinstance(named, dict) or set(named) == {"en", "de"}
    assert isinstance(section["cards"]["egg"], dict), "a motif's face carries its name in each language"
    assert (pack / section["back"]).is_file() and (pack / section["table"]).is_file()
