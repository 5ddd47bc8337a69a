"""The table kit's moments (scenes/table/kit/moments.py): effects that end once, by themselves or skipped,
reach the same end; reduced motion calms them; the playback waits for them and a click skips them; banners
that matter wait for a click unless the player lets them go on; the settings keep both choices."""

from __future__ import annotations

import json

import pygame
import pytest
from test_table_support import close_app, make_app, palastgefluester_table

from game.core import ScoreChanged
from scenes.settings import CONTINUE_AFTER_CHOICES, Settings
from scenes.table.kit.animation import ClickHold
from scenes.table.kit.moments import (
    RESTLESS_KINDS,
    CountUp,
    Fade,
    Flash,
    Flight,
    Moments,
    Outline,
    Pulse,
    Sparks,
    Stamp,
    token,
)


@pytest.fixture
def app():
    app = make_app((1280, 720), "normal")
    yield app
    close_app(app)


def every_effect(on_end) -> list:
    picture = token("+3", 20)
    rect = pygame.Rect(100, 100, 80, 120)
    return [
        Flight(0.5, on_end=on_end, picture=picture, start=(10.0, 10.0), end=(400.0, 300.0)),
        CountUp(0.6, on_end=on_end, start=4, end=9, center=(300.0, 300.0)),
        Stamp(0.5, on_end=on_end, picture=picture, center=(200.0, 200.0)),
        Pulse(0.5, on_end=on_end, rect=rect),
        Flash(0.4, on_end=on_end, rect=rect),
        Sparks(0.7, on_end=on_end, center=(200.0, 200.0)),
    ]


def test_each_effect_ends_once_whether_it_runs_out_or_is_skipped():
    ran: list[int] = []
    played = Moments()
    for effect in every_effect(lambda: ran.append(1)):
        played.add(effect)
    surface = pygame.Surface((640, 480))
    played.update(0.2)
    played.draw(surface)
    assert played.busy and not ran
    played.finish()
    assert not played.busy and len(ran) == 6
    played.finish()  # a second skip changes nothing
    assert len(ran) == 6

    by_itself: list[int] = []
    alone = Moments()
    for effect in every_effect(lambda: by_itself.append(1)):
        alone.add(effect)
    for _ in range(100):
        alone.update(0.05)
    assert not alone.busy and len(by_itself) == 6


def test_with_reduced_motion_nothing_shakes_flashes_or_throws_sparks():
    ran: list[int] = []
    calm = Moments(reduced=lambda: True)
    for effect in every_effect(lambda: ran.append(1)):
        calm.add(effect)
    surface = pygame.Surface((640, 480))
    for _ in range(40):
        calm.update(0.03)
        calm.draw(surface)
    assert calm.kinds_drawn and not calm.kinds_drawn & RESTLESS_KINDS
    assert all(isinstance(e, (Fade, Outline)) for e in calm.effects)
    calm.finish()
    assert len(ran) == 6  # what an effect makes true still happens, the flare or sparks left out


def test_a_flight_lands_where_it_is_sent_and_a_count_ends_at_its_value():
    flight = Flight(0.4, picture=token("1", 16), start=(0.0, 0.0), end=(300.0, 100.0))
    flight.advance(0.2)
    middle = flight.position
    assert middle[1] < 50.0  # it arcs above the straight line
    flight.advance(0.2)
    assert flight.done and flight.position == pytest.approx((300.0, 100.0))
    count = CountUp(1.0, start=3, end=11, linger=0.4)
    values = []
    for _ in range(12):
        count.advance(0.05)
        values.append(count.value)
    assert values == sorted(values) and values[0] > 3 and values[-1] == 11


def test_the_playback_waits_for_a_moment_and_a_click_skips_it_to_the_same_end(app):
    table = palastgefluester_table(app)
    landed: list[str] = []
    table.moments.play([Flight(5.0, on_end=lambda: landed.append("point"), picture=token("+1", 20),
                               start=(10.0, 10.0), end=(600.0, 300.0))])
    table.timeline.current = table.moments.play([])
    app.step(1 / 60)
    assert not table.settled and not landed
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    app.step(1 / 60)
    assert landed == ["point"] and not table.moments.busy


def test_an_event_is_told_in_the_log_when_its_moment_lands(app, monkeypatch):
    table = palastgefluester_table(app)
    event = ScoreChanged(seat=1, old=0, new=1)
    flights = [Flight(0.5, picture=token("+1", 20), start=(10.0, 10.0), end=(600.0, 300.0))]
    monkeypatch.setattr(type(table), "moment_for", lambda self, e: flights if e is event else None)
    lines = len(table.log_lines)
    table.timeline.add(lambda: table._play_event(event))  # noqa: SLF001 - one event played back as the table does
    app.step(1 / 60)
    assert table.moments.busy and len(table.log_lines) == lines
    for _ in range(60):
        app.step(1 / 60)
    assert not table.moments.busy and len(table.log_lines) == lines + 1
    assert "Ben" in table.log_lines[-1]


@pytest.mark.parametrize("speed", ["off", "fast", "normal", "slow"])
def test_a_banner_that_matters_waits_for_a_click_at_every_speed(speed):
    app = make_app((800, 600), speed)
    try:
        table = palastgefluester_table(app)
        hold = table.until_clicked()
        assert isinstance(hold, ClickHold) and hold.seconds == float("inf")
        app.settings.continue_after = 5
        hold = table.until_clicked()
        assert isinstance(hold, ClickHold) and hold.seconds == 5.0
    finally:
        close_app(app)


def test_the_settings_keep_reduced_motion_and_continue_after(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings()
    assert settings.reduced_motion is False and settings.continue_after == 0
    settings.reduced_motion = True
    settings.continue_after = CONTINUE_AFTER_CHOICES[2]
    settings.save(path)
    again = Settings.load(path)
    assert again.reduced_motion is True and again.continue_after == CONTINUE_AFTER_CHOICES[2]
    path.write_text(json.dumps({"reduced_motion": "yes", "continue_after": 7}), encoding="utf-8")
    faulty = Settings.load(path)
    assert faulty.reduced_motion is False and faulty.continue_after == 0
    assert any("reduced_motion" in p for p in faulty.problems)
    assert any("continue_after" in p for p in faulty.problems)


def test_with_reduced_motion_the_hints_pointer_holds_still():
    from scenes.table.kit.hint import point_at
    from scenes.table.kit.layout import Scale

    def drawn(time: float, steady: bool) -> bytes:
        surface = pygame.Surface((400, 300))
        point_at(surface, pygame.Rect(150, 120, 60, 90), Scale(1280, 720), time, steady=steady)
        return pygame.image.tobytes(surface, "RGB")

    assert drawn(0.0, True) == drawn(0.3, True) == drawn(0.71, True)
    assert drawn(0.0, False) != drawn(0.3, False)  # without it the ring pulses
