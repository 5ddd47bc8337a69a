"""Shared helpers of the table tests: an app at a given size and speed, clicks, frame loops."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.settings import Settings


def make_app(size: tuple[int, int] = (1280, 720), speed: str = "off"):
    from kartentisch.launcher import make_app as launch_app

    settings = Settings()
    settings.animation_speed = speed
    return launch_app(settings, size=size)


def close_app(app) -> None:
    app.stack.clear()
    pygame.display.quit()


def click(app, pos: tuple[int, int]) -> None:
    """A left click at `pos`, taken by the next frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def frames_until(app, done: Callable[[], bool], limit: int = 2000, dt: float = 1 / 60) -> int:
    """Step frames until `done()`; returns how many it took (AssertionError past `limit`)."""
    for count in range(limit):
        if done():
            return count
        app.step(dt)
    raise AssertionError(f"not reached within {limit} frames")


def waiting_banner(app) -> bool:
    """Whether the screen in front is a table whose banner waits for a click (a round's end, a scoring,
    the game's end)."""
    table = getattr(app.stack, "top", None)
    banner = getattr(table, "banner", None)
    return banner is not None and banner.waits


def click_banner(app) -> None:
    """A click on the banner in front (taken by the next frame), as a player moves it on."""
    table = app.stack.top
    width, height = table.view_size()
    click(app, (width // 2, int(height * 0.46)))


def click_on(app, done: Callable[[], bool], limit: int = 4000, dt: float = 1 / 60) -> int:
    """Step frames until `done()`, clicking each banner that waits for a click on the way, as a player
    would; returns how many frames it took (AssertionError past `limit`)."""
    for count in range(limit):
        if done():
            return count
        if waiting_banner(app):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
        app.step(dt)
    raise AssertionError(f"not reached within {limit} frames")


def palastgefluester_table(app):
    """A Palastgeflüster table in front, Anna (seat 0) a person against two random bots, caught up at her
    first decision."""
    from game.match import Match, Seat
    from scenes.table import open_table

    match = Match("palastgefluester", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")],
                  seed=3)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.caught_up and bool(table.legal), limit=2400)  # a slow deal too
    return table
