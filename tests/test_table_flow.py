"""What the table plays back: reveals, round-end banners that say why, the log, and bots that wait
for the cards to land."""

from __future__ import annotations

from test_table_support import close_app, make_app

from game.core import RoundEnded
from game.match import Match, Seat
from scenes.table import open_table

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
        assert why in table.log_tail(20)
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
        assert any(
            line.startswith(f"{match.seats[reveal.seat].name} shows the hand") for line in table.log_tail(30)
        )
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
