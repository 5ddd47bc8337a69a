"""What the table plays back: reveals, round-end banners that say why and wait for the player, the log,
and bots that wait for the cards to land."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import click_banner, click_on, close_app, frames_until, make_app

from game.core import RoundEnded
from game.match import Match, Seat
from scenes.table import open_table
from scenes.table.kit.animation import Banner

GAME = "palastgefluester"


def watched_match(seed: int) -> Match:
    return Match(GAME, [Seat.ai(name, "random") for name in ("Anna", "Ben", "Cleo")], seed)


def test_a_round_end_shows_a_banner_that_says_why_and_who_scored():
    app = make_app((1280, 720), "fast")
    try:
        match = watched_match(4)
        table = open_table(app, match, seat=0, follow=False, to_results=False)
        ended: list[RoundEnded] = []
        original = table.banner_for

        def recording(event):
            if isinstance(event, RoundEnded):
                ended.append(event)
            return original(event)

        table.banner_for = recording
        app.push(table)
        for _ in range(20000):
            app.step(1 / 60)
            if table.banner is not None and ended:
                break
        assert ended, "no round ended"
        banner = table.banner
        assert banner is not None and "over" in banner.title
        why = table.in_words(ended[-1].text)  # the engine's words, seats named as the players
        assert why in banner.lines
        names = [match.seats[s].name for s in ended[-1].scorers]
        assert all(name in " ".join(banner.lines) for name in names)
        assert banner.waits, "a round's end waits for the player"
        click_banner(app)
        # the round's line is told once its banner has gone: the player clicked it away
        frames_until(app, lambda: table.banner is not banner and why in table.log_tail(20), limit=10)
    finally:
        close_app(app)


def test_a_shown_hand_is_put_in_front_of_everyone():
    app = make_app((1280, 720), "fast")
    try:
        match = watched_match(4)
        table = open_table(app, match, seat=0, follow=False, to_results=False)
        app.push(table)
        for _ in range(20000):
            app.step(1 / 60)
            if table.reveal is not None:
                break
        reveal = table.reveal
        assert reveal is not None, "no Schatzmeister was played"
        assert reveal.cards
        shows = f"{match.seats[reveal.seat].name} shows the hand"
        # the log tells it once the shown hand has been seen (a banner that waits on the way is clicked)
        click_on(app, lambda: any(line.startswith(shows) for line in table.log_tail(30)), limit=1000)
    finally:
        close_app(app)


def test_bots_act_only_when_the_cards_have_landed():
    app = make_app((1280, 720), "normal")
    try:
        match = watched_match(8)
        table = open_table(app, match, seat=0, follow=False, to_results=False)
        app.push(table)
        acted_while_moving = acted = 0
        for _ in range(1500):
            settled_before = table.caught_up
            actions = len(match.actions)
            app.step(1 / 60)
            if len(match.actions) > actions:
                acted += 1
                acted_while_moving += not settled_before
        assert acted > 3
        assert acted_while_moving == 0
    finally:
        close_app(app)


def test_every_card_event_is_animated_and_ends_where_the_observation_says():
    app = make_app((1280, 720), "fast")
    try:
        match = watched_match(9)
        table = open_table(app, match, seat=0, follow=False, to_results=False)
        app.push(table)
        moving_frames = 0
        for _ in range(900):
            app.step(1 / 60)
            moving_frames += table.layer.busy
        while not table.caught_up:
            app.step(1 / 60)
        assert moving_frames > 20
        obs = match.observation(0)
        for seat in range(3):
            shown = [
                s.card for s in sorted(table.layer, key=lambda s: s.center[0]) if s.zone == f"display:{seat}"
            ]
            assert shown == obs["displays"][seat]
        hand = sorted(s.card for s in table.layer if s.zone == "hand:0")
        assert hand == sorted(obs["hand"])
    finally:
        close_app(app)



# -- a round's end waits for the player ------------------------------------------------------------
def one_move_before_a_round_end(seed: int) -> Match:
    """A watched game whose next move (a bot's) ends the first round."""
    probe = watched_match(seed)
    while True:
        events = probe.step_bot()
        assert events is not None and not probe.is_over(), "no round ended"
        if any(isinstance(event, RoundEnded) for event in events):
            break
    match = watched_match(seed)
    while len(match.actions) < len(probe.actions) - 1:
        match.step_bot()  # the same moves: a bot's choice depends on the seed and the move only
    assert match.actions == probe.actions[:-1]
    return match


def at_a_round_end(speed: str, continue_after: int = 0):
    """An app at `speed` whose table shows the first round's end banner: (app, table, banner)."""
    app = make_app((1280, 720), speed)
    app.settings.continue_after = continue_after
    table = open_table(app, one_move_before_a_round_end(4), seat=0, follow=False, to_results=False)
    made: list[Banner | None] = []
    original = table.banner_for

    def recording(event):
        banner = original(event)
        if isinstance(event, RoundEnded):
            made.append(banner)
        return banner

    table.banner_for = recording
    app.push(table)
    frames_until(app, lambda: bool(made) and table.banner is made[0], limit=3000)
    return app, table, made[0]


def seconds(app, count: float, dt: float = 1 / 20) -> None:
    """Let `count` seconds pass at the table, with no input."""
    for _ in range(round(count / dt)):
        app.step(dt)


@pytest.mark.parametrize("speed", ["off", "fast", "normal"])
def test_a_round_end_banner_waits_for_a_click_at_every_speed(speed):
    app, table, banner = at_a_round_end(speed)
    try:
        assert banner is not None and banner.waits
        moves = len(table.match.actions)
        seconds(app, 60)
        assert table.banner is banner, "gone without a click"
        assert len(table.match.actions) == moves, "the game went on under the banner"
        click_banner(app)
        frames_until(app, lambda: table.banner is None, limit=3)
        frames_until(app, lambda: len(table.match.actions) > moves, limit=3000)  # and the game goes on
    finally:
        close_app(app)


def test_a_round_end_banner_goes_on_by_itself_after_the_chosen_seconds():
    app, table, banner = at_a_round_end("fast", continue_after=5)
    try:
        assert banner is not None and banner.waits
        seconds(app, 4.5)
        assert table.banner is banner, "gone before its time"
        seconds(app, 1)
        assert table.banner is None, "still waiting after the seconds the player chose"
    finally:
        close_app(app)


def press_key(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def press_a(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A,
                                         instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=pygame.CONTROLLER_BUTTON_A,
                                         instance_id=0))


MOVE_ON = {
    "space": lambda app: press_key(app, pygame.K_SPACE),
    "enter": lambda app: press_key(app, pygame.K_RETURN),
    "click": click_banner,
    "controller A": press_a,
}


@pytest.mark.parametrize("how", sorted(MOVE_ON))
def test_space_enter_a_click_and_a_controllers_a_each_move_a_round_end_on(how):
    app, table, banner = at_a_round_end("fast")
    try:
        assert banner is not None and banner.waits
        app.step(1 / 60)
        assert table.banner is banner
        MOVE_ON[how](app)
        frames_until(app, lambda: table.banner is not banner, limit=3)
        assert banner.lines[0] in table.log_tail(20), f"the round's end is told once {how} moved it on"
    finally:
        close_app(app)
