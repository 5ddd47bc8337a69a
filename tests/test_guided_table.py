"""The guided first game at the table: opened from the setup screen's "Learn this game", played to its
summary by following the lessons with injected clicks, and left midway with Esc back to the setup screen."""

from __future__ import annotations

import re

import pygame
import pytest
from test_table_support import waiting_banner

from game.ai import make_bot
from game.ai.base import Decision
from game.core import Rng
from game.guide import GAMES, LEARNER
from kartentisch.launcher import make_app
from scenes.app import App
from scenes.menus import setup as setup_screen
from scenes.menus.guided import GuidedTableMixin, GuideSummaryScene, LessonScene
from scenes.menus.rules import RulesViewScene
from scenes.menus.setup import SetupScene
from scenes.settings import Settings
from scenes.widgets import find_button

#: Far more frames than any guided game needs: a driver that loops fails instead of hanging.
MAX_STEPS = 3000


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


@pytest.fixture
def app():
    application = make_app(Settings(), size=(1280, 720))
    application.settings.animation_speed = "off"
    yield application
    application.stack.clear()


def frames(app: App, count: int = 2) -> None:
    for _ in range(count):
        assert app.step(1 / 30)


def click_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def click(app: App, label: str) -> None:
    button = find_button(app.stack.top, label)
    assert button is not None and button.is_enabled, label
    click_at(app, button.rect.center)


def learn(app: App, game_id: str) -> SetupScene:
    setup = SetupScene(app, game_id)
    app.push(setup)
    frames(app)
    click(app, "Learn this game")
    assert isinstance(app.stack.top, (LessonScene, GuidedTableMixin))
    return setup


def click_towards(app: App, table, step: int) -> None:
    """Click what leads to the move a sensible player would make: its own target, or the first click of a
    two-click move (a card picked, then where it goes)."""
    points = table.click_points()
    want = str(make_bot(table.match.game.id, "heuristic").choose(Decision.of(table.match.state, LEARNER),
                                                                  Rng(step)))
    words = set(re.split("[ :]", want))
    exact = [pos for pos, action in points if action == want]
    first = [pos for pos, action in points
             if action.startswith(("pick", "select")) and set(re.split("[ :]", action)[1:]) & words]
    rng = Rng(step)
    pos = (exact or first or [points[rng.randbelow(len(points))][0]])[0]
    click_at(app, pos)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_guided_game_is_played_to_its_summary_by_following_the_lessons(app, game_id):
    learn(app, game_id)
    lessons: list[LessonScene] = []
    pointed = 0
    for step in range(MAX_STEPS):
        top = app.stack.top
        if isinstance(top, GuideSummaryScene):
            break
        if isinstance(top, LessonScene):
            lessons.append(top)
            frames(app, 1)
            if top.cards:
                pointed += bool(top.table.pointed_rects())
            click(app, "Got it")
            continue
        assert isinstance(top, GuidedTableMixin), type(top).__name__
        if waiting_banner(app):  # a round's end or the game's end waits for the learner's click
            width, height = top.view_size()
            click_at(app, (width // 2, height // 2))
        elif top.caught_up and top.legal and top.click_points():
            click_towards(app, top, step)
        else:
            frames(app)
    else:
        pytest.fail("the guided game did not reach its summary")
    summary = app.stack.top.summary
    assert lessons[0].lesson_title.startswith("Learn")  # the course's introduction comes first
    assert [lesson.lesson_title for lesson in lessons[1:]] == list(summary.learnt)
    assert len(summary.learnt) >= 4 and pointed >= 2  # the table pointed at the cards of the lessons
    assert [type(s).__name__ for s in app.stack][-2:] == ["SetupScene", "GuideSummaryScene"]
    click(app, "Play a real game")
    assert isinstance(app.stack.top, SetupScene)


def close_lessons(app: App) -> None:
    """Got it on every lesson card until the table is in front and caught up with none due."""
    quiet = 0
    for _ in range(MAX_STEPS):
        top = app.stack.top
        if isinstance(top, LessonScene):
            click(app, "Got it")
            quiet = 0
            continue
        frames(app, 1)
        quiet = quiet + 1 if getattr(top, "caught_up", False) else 0
        if quiet >= 3:
            return
    raise AssertionError("the lessons never stopped")


def escape(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app)


def play_a_few_moves(app: App, moves_wanted: int = 3):
    moves = 0
    for step in range(MAX_STEPS):
        top = app.stack.top
        if isinstance(top, LessonScene):
            click(app, "Got it")
            continue
        if top.caught_up and top.legal and top.click_points():
            click_towards(app, top, step)
            moves += 1
        else:
            frames(app)
        if moves >= moves_wanted and isinstance(app.stack.top, GuidedTableMixin):
            return app.stack.top
    raise AssertionError("no moves")


@pytest.mark.parametrize("game_id", GAMES)
def test_leaving_midway_asks_first_and_the_lesson_goes_on_from_its_step(app, game_id):
    """Esc at the bare table opens the lesson's menu (it does not leave); Leave lesson asks first; the
    next Learn this game goes on from the same move, with the lessons already taught not taught again."""
    setup = learn(app, game_id)
    table = play_a_few_moves(app)
    actions, taught = list(table.match.actions), list(table.guide.taught)
    escape(app)
    assert isinstance(app.stack.top, LessonScene), "Esc opens the lesson's menu"
    click(app, "Leave lesson")
    assert isinstance(app.stack.top, LessonScene) and app.stack.top.message is not None, "it asks first"
    click(app, "Stay")
    assert isinstance(app.stack.top, LessonScene) and app.stack.top.message is None
    click(app, "Leave lesson")
    click(app, "Leave")
    assert app.stack.top is setup
    assert [type(s).__name__ for s in app.stack] == ["SetupScene"]
    frames(app, 3)  # the setup screen goes on working
    click(app, "Learn this game")
    for _ in range(200):
        if isinstance(app.stack.top, LessonScene):
            break
        frames(app, 1)
    back = app.stack.top
    assert isinstance(back, LessonScene) and back.lesson_title == "Welcome back"
    resumed = back.table
    assert resumed.match.actions[:len(actions)] == actions, "the same moves, and the same step"
    assert resumed.guide.taught[:len(taught)] == taught, "the lessons taught are not taught again"


def test_escape_on_a_lesson_card_closes_that_card_only(app):
    learn(app, "palace")
    lesson = app.stack.top
    assert isinstance(lesson, LessonScene)
    escape(app)
    assert app.stack.top is not lesson, "the card closed"
    assert any(isinstance(scene, GuidedTableMixin) for scene in app.stack), "the lesson goes on"


def test_a_card_shown_large_over_a_lesson_closes_first_and_leaves_the_lesson_alone(app):
    table = guided_table_for(app, "palastgefluester")
    table.on_menu()
    frames(app)
    lesson = app.stack.top
    assert isinstance(lesson, LessonScene)
    sprite = next(s for s in table.layer if s.zone == "hand:0" and s.card)
    spot = (round(sprite.rect.centerx), round(sprite.rect.bottom - 4))
    if lesson.panel.collidepoint(spot):
        pytest.skip("the panel covers the hand at this size")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=3))
    frames(app)
    assert lesson.inspector.is_open, "a right click shows the card large over the lesson"
    assert [layer.name for layer in lesson.layers.shown()] == ["inspect"]
    escape(app)
    assert not lesson.inspector.is_open and app.stack.top is lesson, "Esc closed the card, not the lesson"
    escape(app)
    assert app.stack.top is table


def test_a_lesson_opens_the_rules_and_leave_lesson_goes_back(app):
    setup = learn(app, "palace")
    assert isinstance(app.stack.top, LessonScene)
    click(app, "Rules")
    assert isinstance(app.stack.top, RulesViewScene) and app.stack.top.game_id == "palace"
    click(app, "Close")
    assert isinstance(app.stack.top, LessonScene)
    click(app, "Leave lesson")
    click(app, "Leave")
    assert app.stack.top is setup


def test_the_tables_menu_in_a_first_game_never_saves_it(app):
    """Menu opens a panel without Save and leave: a first game must not replace the saved game."""
    from scenes.settings import history_dir

    setup = learn(app, "palace")
    close_lessons(app)  # the introduction and the first rule
    table = app.stack.top
    assert isinstance(table, GuidedTableMixin)
    table.open_menu()
    frames(app)
    assert isinstance(app.stack.top, LessonScene) and find_button(app.stack.top, "Save and leave") is None
    click(app, "Got it")
    frames(app)
    assert app.stack.top is table
    table.open_menu()
    frames(app)
    click(app, "Leave lesson")
    click(app, "Leave")
    assert app.stack.top is setup and not list(history_dir().glob("*.jsonl"))


def guided_table_for(app: App, game_id: str):
    learn(app, game_id)
    close_lessons(app)  # the introduction and the first rules
    table = app.stack.top
    assert isinstance(table, GuidedTableMixin) and table.legal
    return table


def test_a_card_named_by_where_it_lies_is_pointed_at_there_only(app):
    from game.guide import at

    table = guided_table_for(app, "palastgefluester")
    card = table.match.observation(LEARNER)["hand"][0]
    table.pointing = (card,)
    in_hand = table.pointed_rects()
    assert in_hand
    table.pointing = (at("hand:0", card),)
    assert table.pointed_rects() == in_hand
    table.pointing = (at("display:0", card),)  # not in the learner's row: nothing to point at
    assert table.pointed_rects() == []


def test_a_lesson_panel_keeps_clear_of_the_cards_it_points_at(app):
    """The three cards on offer lie at the top, where a lesson's panel would stand: it moves aside."""
    from game.guide import at

    table = guided_table_for(app, "gloria_picktoria")
    offer = table.match.observation(LEARNER)["display"]
    table.pointing = tuple(at(f"offer:{slot}", card) for slot, card in enumerate(offer))
    rings = [pygame.Rect(r) for r in table.pointed_rects()]
    assert len(rings) == len(offer)
    lesson = LessonScene(app, table, "Taking cards", "Take one of the three cards on offer.", table.pointing)
    app.push(lesson)
    frames(app, 1)
    at_top = lesson.panel.move_to(top=16)
    assert any(at_top.colliderect(r) for r in rings)  # where it would have hidden them
    assert not any(lesson.panel.colliderect(r) for r in rings)
    assert find_button(lesson, "Got it").rect.colliderect(lesson.panel)  # its buttons went with it
    click(app, "Got it")
    assert app.stack.top is table


def test_the_summary_names_the_players_as_the_table_does(app):
    """Palastgeflüster's engine says a seat as a message parameter ("{seat} laid a person twice"); the
    table and the summary say the player's name."""
    from game.guide import GuidedGame, course
    from game.i18n import Message
    from game.palastgefluester.rules import COLOURS

    guide = GuidedGame(course("palastgefluester"))
    bot = make_bot("palastgefluester", "heuristic")
    for step in range(MAX_STEPS):
        guide.match.run_bots()
        if guide.finished():
            break
        guide.match.play(bot.choose(Decision.of(guide.match.state, LEARNER), Rng(step)))
    colours = [c.capitalize() for c in COLOURS[:len(guide.match.seats)]]
    outcome = guide.summary().outcome
    assert isinstance(outcome, Message) and "Seat " in str(outcome), outcome
    told = GuideSummaryScene(app, guide, None).lines()[0][0]
    assert not any(c in told for c in colours) and any(s.name in told for s in guide.match.seats), told


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_card_keeps_clear_of_what_it_asks_the_learner_to_click(app, game_id):
    """The card of a lesson about no card in particular stands where it hides none of the names, plates and
    cards the learner may click now, wherever the window has such a place."""
    table = guided_table_for(app, game_id)
    lesson = LessonScene(app, table, "Taking cards", "Take one of the three cards on offer.", ())
    app.push(lesson)
    frames(app, 1)
    clickable = table.clickable_rects()
    assert clickable

    def hidden(panel: pygame.Rect) -> int:
        return sum(panel.clip(r).width * panel.clip(r).height for r in clickable)

    w, h = app.size
    spots = [lesson.panel.move_to(top=top) for top in (16, (h - lesson.panel.height) // 2,
                                                         h - lesson.panel.height - 16)]
    assert hidden(lesson.panel) == min(hidden(spot) for spot in spots)
    if min(hidden(spot) for spot in spots) == 0:
        assert not any(lesson.panel.colliderect(r) for r in clickable)
    click(app, "Got it")
