"""Palace on the table: whole games driven only by clicks on what the table highlights (cards picked
one by one, then Play or the pile), the hot-seat table showing each person only their own view,
resizing mid-animation, the pile's words, and the default art."""

from __future__ import annotations

import random

import pygame
import pytest
from test_palace_rules import PA12_ACTIONS, four_player_finish
from test_table_support import click, click_on, close_app, frames_until, make_app

from game.core import CardMoved
from game.core.records import read_record, replay
from game.i18n import Seat as SeatWord
from game.i18n import message
from game.match import Match, Seat
from game.palace.cards import DECK
from game.palace.events import PlayerOut
from scenes.art import ArtLibrary
from scenes.menus.results import ResultsScene, rematch_options
from scenes.table import name_text, open_table
from scenes.table.kit.handoff import HandoffScene
from scenes.table.palace.layout import PILE_FAN, pile_fan
from scenes.table.palace.panels import need_lines, seat_status
from scenes.table.palace.table import PalaceTable
from tools.artgen.palace import card_ids

GAME = "palace"


@pytest.fixture
def app():
    app = make_app((1280, 720), "off")
    yield app
    close_app(app)


def seats(humans: int, players: int) -> list[Seat]:
    names = ["Anna", "Ben", "Cleo", "Dora", "Emil"]
    return [Seat(names[i]) if i < humans else Seat.ai(names[i], "random") for i in range(players)]


def point_for(table: PalaceTable, action: str) -> tuple[int, int]:
    points = [pos for pos, offered in table.click_points() if offered == action]
    assert points, f"{action!r} is not offered on the table"
    return points[0]


def make_by_clicks(app, table: PalaceTable, match: Match, action: str) -> None:
    """Carry out `action` with the clicks the table offers for it, checking each is highlighted."""
    seat = match.human_to_act()
    before = len(match.actions)
    for step in table.click_plan(action):
        for target in table.targets:
            if target.key == step and target.uid is not None:
                assert table.layer.sprites[target.uid].highlight, "what may be clicked is highlighted"
        click(app, point_for(table, step))
        app.step(1 / 60)
    assert match.actions[before] == (seat, action), "the clicks played exactly the chosen action"


def check_offers(table: PalaceTable, match: Match) -> None:
    """Every click the table offers is a legal action or picks one of the deciding person's cards (a
    selection), and every legal action starts with an offered click."""
    legal = {str(a) for a in match.legal_actions()}
    offered = {action for _, action in table.click_points()}
    own = {s.card for s in table.layer if s.card and s.zone.split(":")[1:2] == [str(table.bottom_seat)]}
    picks = {t.key: t.select for t in table.targets if t.select is not None}
    for action in offered:
        assert action in legal or picks.get(action) in own, action
    for action in legal:
        assert table.click_plan(action)[0] in offered, f"{action!r} cannot be started with a click"


def choose(match: Match, rng: random.Random) -> str:
    """Mostly a sensible move (a game between random players drags on: they pick up all the time),
    sometimes any legal one."""
    legal = [str(a) for a in match.legal_actions()]
    plays = [a for a in legal if a.startswith(("play ", "flip "))]
    if plays and rng.random() < 0.8:
        return plays[0] if rng.random() < 0.5 else rng.choice(plays)
    return rng.choice(legal)


def play_by_clicks(app, table: PalaceTable, match: Match, rng: random.Random, limit: int = 60000) -> set[str]:
    kinds: set[str] = set()
    for _ in range(limit):
        if match.is_over():
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click(app, (10, 10))
            app.step(1 / 60)
            continue
        if top is table and table.settled and table.targets and match.human_to_act() is not None:
            assert [str(a) for a in match.legal_actions()] != ["pass"], "a step with one choice is not asked"
            check_offers(table, match)
            action = choose(match, rng)
            make_by_clicks(app, table, match, action)
            kinds.add(action.split()[0])
            continue
        app.step(1 / 60)
    return kinds


def test_open_table_picks_the_palace_table(app):
    assert isinstance(open_table(app, Match(GAME, seats(1, 3), seed=1)), PalaceTable)


@pytest.mark.slow
def test_a_whole_game_played_by_clicks_on_highlighted_targets(app):
    match = Match(GAME, seats(1, 3), seed=5)
    table = open_table(app, match)
    app.push(table)
    kinds = play_by_clicks(app, table, match, random.Random(5))
    assert match.is_over()
    assert {"ready", "play"} <= kinds
    assert (0, "pass") in match.actions, \
        "Anna finished turns after drawing (passed for her when nothing matched)"
    click_on(app, lambda: app.stack.top is not table, limit=600)  # the game's end banner waits for a click
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    assert "Palace loser" in results.result and "Player" not in results.result, "seats by name"


def first_decision(app, seed: int) -> tuple[PalaceTable, Match]:
    """A two-player table at seat 0's first decision after the swap phase."""
    match = Match(GAME, seats(1, 2), seed=seed)
    table = open_table(app, match)
    app.stack.clear()
    app.push(table)

    def deciding() -> bool:
        return match.is_over() or (match.human_to_act() == 0 and table.settled and bool(table.targets))

    frames_until(app, deciding)
    if "ready" in {str(a) for a in match.legal_actions()}:
        make_by_clicks(app, table, match, "ready")
    frames_until(app, deciding, 3000)
    return table, match


def test_several_cards_of_a_rank_are_picked_then_played_together(app):
    for seed in range(1, 40):
        table, match = first_decision(app, seed)
        doubles = [str(a) for a in match.legal_actions() if str(a).startswith("play 2x")]
        if not doubles:
            continue
        before = len(match.actions)
        plan = table.click_plan(doubles[0])
        click(app, point_for(table, plan[0]))
        app.step(1 / 60)
        assert len(match.actions) == before, "picking a card plays nothing yet"
        assert sum(1 for s in table.layer if s.selected) == 1
        click(app, point_for(table, plan[1]))
        app.step(1 / 60)
        play = [t for t in table.targets if t.action == doubles[0]]
        assert any(t.label for t in play) and any(t.rect == table.pile_rect for t in play)
        click(app, table.pile_rect.center)
        app.step(1 / 60)
        assert match.actions[before] == (0, doubles[0])
        return
    pytest.fail("no deal gave a pair to play")


def test_a_double_click_and_a_drag_onto_the_pile_play_one_card(app):
    match = Match(GAME, seats(1, 3), seed=8)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: match.human_to_act() == 0 and table.settled and bool(table.targets))
    if "ready" in {str(a) for a in match.legal_actions()}:
        make_by_clicks(app, table, match, "ready")
    for way in ("double", "drag"):
        frames_until(
            app,
            lambda: match.human_to_act() == 0 and table.settled and any(t.draggable for t in table.targets),
            5000,
        )
        target = next(t for t in table.targets if t.draggable)
        card = target.select
        assert card is not None and not target.action, "a dragged card is a selection, not an action"
        start = table.layer.sprites[target.uid].rect.center
        before = len(match.actions)
        if way == "double":
            click(app, start)
            app.step(1 / 60)
            click(app, start)
            app.step(1 / 60)
        else:
            drop = table.pile_rect.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(0, 0), buttons=(1, 0, 0)))
            app.step(1 / 60)
            assert len(match.actions) == before, "nothing is played before the card is let go"
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1))
            app.step(1 / 60)
        assert match.actions[before] == (0, f"play 1x{card[:-1]}")


@pytest.mark.slow
def test_hot_seat_shows_each_person_only_their_own_observation(app):
    match = Match(GAME, seats(2, 2), seed=11)
    table = open_table(app, match)
    seen: list[tuple[int | None, int | None, int | None]] = []
    table.observed = lambda viewer, obs: seen.append((viewer, obs["seat"], match.view_seat))
    app.push(table)
    rng = random.Random(11)
    handoffs = decisions = 0
    for _ in range(60000):
        if match.is_over():
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            assert app.stack.visible() == [top], "nothing of the table shows behind the handoff screen"
            handoffs += 1
            click(app, (10, 10))
            app.step(1 / 60)
            continue
        decider = match.human_to_act()
        if top is table and table.settled and table.targets and decider is not None:
            assert table.obs["seat"] == decider == table.bottom_seat
            for sprite in table.layer:
                seat_of = sprite.zone.split(":")[1] if ":" in sprite.zone else None
                if sprite.zone.startswith("hand:") and seat_of != str(decider) and sprite.card is not None:
                    other = table.obs["seats"][int(seat_of)]
                    assert sprite.card in other["known"], "only cards everyone saw go to a hand"
                if sprite.zone.startswith("down:"):
                    assert sprite.card is None, "face-down cards stay unknown, even to their owner"
            make_by_clicks(app, table, match, choose(match, rng))
            decisions += 1
            continue
        app.step(1 / 60)
    assert match.is_over()
    assert handoffs >= 2 and decisions > 10
    assert seen and all(viewer == seat == shown for viewer, seat, shown in seen if viewer is not None)


@pytest.mark.slow
def test_resize_while_cards_fly_and_every_size_stays_on_screen():
    app = make_app((1280, 720), "slow")
    try:
        match = Match(GAME, seats(0, 5), seed=5)
        table = open_table(app, match)
        app.push(table)
        frames_until(app, lambda: table.layer.busy, 3000)
        for size in ((800, 600), (320, 240), (3840, 2160), (1920, 1080)):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            app.step(1 / 60)
            assert (table.scale.width, table.scale.height) == size
            actions = len(match.actions)
            frames_until(app, lambda a=actions: len(match.actions) > a + 2 and table.settled, 20000)
            window = pygame.Rect(0, 0, *size)
            assert all(window.contains(s.rect) for s in table.layer if s.shown)
    finally:
        close_app(app)


def test_the_pile_says_what_must_be_beaten():
    options = {"three_invisible": True, "seven_lower": True}

    def words(pile: list[str], top: str | None) -> list[str]:
        return [
            text for text, _, _ in need_lines({"phase": "play", "options": options, "pile": pile, "top": top})
        ]

    assert words(["9H", "3C"], "9")[:2] == [
        "Beat: 9 or higher",
        "the 3 on top is invisible: the 9 below counts",
    ]
    assert words(["5H", "7C", "7D"], "7")[:3] == [
        "Beat: 7 or lower",
        "a 7 lies there: 7 or lower",
        "two 7s in a row (4 burn)",
    ]
    assert words(["KH", "2S"], None)[:2] == ["Anything goes", "a 2 reset the pile"]
    assert words(["KH", "2S", "3H"], None)[1:3] == [
        "a 2 reset the pile",
        "the 3 on top is invisible: the 2 below counts",
    ]
    assert words(["3H"], None)[1] == "only invisible 3s lie there"
    assert words([], None)[1] == "the pile is empty"
    assert pile_fan(["4H", "9H", "9S", "9C", "3C", "3D"], options) == 5, "the run under the 3s is shown"
    assert pile_fan(["4H", "9H", "9S", "9C", "3C", "3D"], {}) == PILE_FAN


def test_a_burn_and_a_pick_up_are_announced_before_the_cards_move():
    app = make_app((1280, 720), "normal")
    try:
        match = Match(GAME, seats(1, 3), seed=3)
        table = open_table(app, match)
        app.push(table)
        table.timeline.clear()
        table.model.resync({"pile": ["5H", "7H", "7D", "7C", "7S"], "hand:1": []})
        table._play_event(CardMoved(card="5H", src="pile", dst="burned"))
        assert table.flash is not None and table.flash.line == "Burned by four 7s"
        assert len(table.model.zones["pile"]) == 5, "the pile glows first, then it flies off"
        frames_until(app, lambda: not table.model.zones["pile"] or table.timeline.idle, 600)
        table.model.resync({"pile": ["KH", "2S"], "hand:1": []})
        table._play_event(CardMoved(card="KH", src="pile", dst="hand:1"))
        assert table.flash.title == "Pile picked up" and table.flash.line == "Ben takes 2 cards into the hand"
        out = message("{seat} is out in place {place}", seat=SeatWord(1), place=1)
        table._play_event(PlayerOut(text=out, seat=1, place=1))
        caption = table.caption  # who is out is said below the pile while the place is stamped on the plate
        assert caption is not None and (caption.title, caption.line) == ("Ben is out", "1st place")
    finally:
        close_app(app)


def test_seat_names_replace_the_engines_seats():
    match = Match(GAME, seats(1, 3), seed=1)
    said = message("{seat} burns the pile with a 10", seat=SeatWord(1))
    assert name_text(match, said) == "Ben burns the pile with a 10"


def test_every_art_id_of_the_game_is_in_the_default_pack():
    assert card_ids() == list(DECK)
    library = ArtLibrary()
    for card in card_ids():
        assert library.origin(GAME, "cards", card) is not None, f"card {card} has no default art"
    assert library.origin(GAME, "back") is not None
    assert library.origin(GAME, "table") is not None
    library.card(GAME, "10H", (80, 112))
    assert not [p for p in library.problems if GAME in p]


def test_pa_r12_the_first_two_out_win_and_the_loser_is_named_in_footer_and_results(app, tmp_path):
    match = Match(GAME, seats(4, 4), seed=1)
    match.state = four_player_finish()  # seat 0 goes out first, seat 2 second, seat 1 third
    for action in PA12_ACTIONS:
        match.play(action)
    assert match.is_over() and match.state.out == [0, 2, 1] and match.state.loser == 3
    assert match.state.winners() == [0, 2, 1] and match.state.scores() == [1.0, 3.0, 2.0, 4.0]
    footer = match.record().footer
    assert footer["winners"] == [0, 2, 1] and footer["scores"] == [1.0, 3.0, 2.0, 4.0]
    assert footer["result"].endswith("Seat 4 is left with cards: the Palace loser.")
    results = ResultsScene(app, match)
    assert results.headline() == "Dora is the loser"
    assert results.result == ("Out first to last, all winners: Anna, Cleo and Ben. "
                              "Dora is left with cards: the Palace loser.")
    assert results.order == [0, 2, 1, 3]
    assert [results.standing(seat, place) for place, seat in enumerate(results.order)] == [
        "out 1st", "out 2nd", "out 3rd", "loser"]
    app.push(results)
    app.step(1 / 60)  # the board draws


def test_pa_r12_other_games_keep_their_results_screen(app):
    match = Match("palastgefluester", [Seat.ai(n, "random") for n in ("Anna", "Ben", "Cleo")], seed=2)
    match.run_bots()
    results = ResultsScene(app, match)
    assert results.order is None and "loser" not in results.headline()


def test_pa_r4_a_rematch_is_dealt_by_the_loser_and_both_records_replay(tmp_path):
    first = Match(GAME, [Seat.ai(n, "normal") for n in ("Anna", "Ben", "Cleo")], seed=4)
    first.run_bots()
    loser = first.state.loser
    assert loser is not None and first.record().footer["winners"] == first.state.out
    options = rematch_options(first)
    assert options["dealer"] == loser and first.options["dealer"] == "random"
    second = Match(GAME, first.seats, 99, options)
    assert second.state.dealer == loser
    second.run_bots()
    for number, match in enumerate((first, second)):
        path = tmp_path / f"game{number}.jsonl"
        match.save(path)
        record = read_record(path)
        assert record.options["dealer"] == match.options["dealer"]  # the header keeps who dealt
        assert replay(record, verify=True).state_hash() == match.state.state_hash()


def test_pa_r14_an_ais_finishing_step_follows_its_play_without_the_pause():
    """The pause between two AI moves would otherwise come only when the AI may add cards; the table
    asks for the step at once, whatever the cards."""
    app = make_app((1280, 720), "normal")
    try:
        match = Match(GAME, seats(0, 3), seed=2)
        table = open_table(app, match, bots=False)  # the test steps the table's flow itself
        app.push(table)
        frames_until(app, lambda: table.caught_up, 3000)
        while match.state.phase != "redraw":
            match.step_bot()
        frames_until(app, lambda: table.caught_up, 3000)
        table.bots = True
        before = len(match.actions)
        table._flow(0.0)
        assert len(match.actions) == before + 1, "the finishing step is decided at once"
        frames_until(app, lambda: table.caught_up, 3000)
        assert match.state.phase == "play" and match.bot_to_act() is not None
        table._bot_wait = 0.0
        table._flow(0.0)
        assert len(match.actions) == before + 1, "the next player's move waits for the pause"
    finally:
        close_app(app)


def test_pa_r14_the_plate_and_prompt_say_only_that_the_player_is_finishing_the_turn():
    seat = {"hand": 3, "source": "hand", "place": None}
    obs = {"phase": "redraw", "current_player": 1, "terminal": False, "seats": [seat, seat]}
    assert seat_status(obs, 1) == "3 in hand · plays from the hand · finishing the turn"
    assert seat_status(dict(obs, phase="play"), 1).endswith("decides now")
