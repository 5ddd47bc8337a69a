"""The results screen and its charts paint every seat as its table does: the seat's colour in the palette
the colour-vision setting picks, and its shape in the legend (scenes/colour_vision.seat_look)."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match, Seat
from game.palastgefluester.cards import BROWN, COLOURS
from scenes.colour_marks import badge
from scenes.colour_vision import (
    BROWNS,
    MIN_DIFFERENCE,
    PALETTES,
    SEAT_ORDER,
    VISIONS,
    seat_look,
    smallest_difference,
)
from scenes.menus import charts
from scenes.menus.charts import LINES, Chart, ChartSeries, draw_legend, legend_places, row_image
from scenes.menus.results import game_figures, seat_looks

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz")
#: each game at its most seats: every seat colour a game can show
GAMES = {"palastgefluester": 5, "palace": 5, "gloria_picktoria": 5, "three_chapters": 6}
SIZE = (1280, 720)


@pytest.fixture(scope="module")
def finished() -> dict[str, Match]:
    """One finished game of each kind, played once for the module."""
    matches = {}
    for game, players in GAMES.items():
        match = Match(game, [Seat.ai(NAMES[i], "random") for i in range(players)], 7)
        match.run_bots()
        assert match.is_over()
        matches[game] = match
    return matches


def table_colours(game: str, players: int, vision: str) -> list[tuple[tuple[int, int, int], str | None]]:
    """Each seat's colour and shape as the table of `game` paints it in `vision`. Palastgeflüster's table
    paints its plates (read back from the screen, and asked of the table); the other tables name no seat
    colour, and a seat there takes the seat order's (the same one)."""
    if game != "palastgefluester":
        return [(seat_look(seat, vision).rgb, seat_look(seat, vision).shape) for seat in range(players)]
    from test_table_support import close_app, frames_until, make_app

    from cards.colour_shapes import shape_of
    from scenes.table import open_table

    app = make_app(SIZE, "off")
    try:
        app.settings.colour_vision = vision
        match = Match(game, [Seat(NAMES[0]), *(Seat.ai(NAMES[i], "random") for i in range(1, players))], 5)
        table = open_table(app, match, bots=False)
        app.push(table)
        frames_until(app, lambda: table.caught_up)
        app.step(1 / 60)
        found = []
        for seat in range(players):
            name, rgb = table.seat_colour(seat)
            plate = table.areas[seat].plate
            assert app.screen.get_at((plate.x + 6, plate.bottom - 6))[:3] == pytest.approx(rgb, abs=3)
            found.append((rgb, shape_of(name)))
        return found
    finally:
        close_app(app)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_chart_paints_each_seat_in_its_table_colour_and_shape(game, vision, finished):
    match = finished[game]
    expected = table_colours(game, GAMES[game], vision)
    assert len(set(expected)) == GAMES[game]  # no two seats alike
    figures = game_figures(match, vision)
    assert figures is not None and figures.charts
    for chart in figures.charts:
        assert [(s.colour, s.shape) for s in chart.series] == expected, (game, vision, chart.title)
    assert [(look.rgb, look.shape) for look in seat_looks(match, vision)] == expected  # the score board


def test_palastgefluester_anna_is_red_at_the_table_and_in_the_chart(finished):
    figures = game_figures(finished["palastgefluester"], "normal")
    assert figures is not None
    [chart] = figures.charts
    anna = chart.series[0]
    assert anna.label == "Anna"
    assert anna.colour == PALETTES["normal"]["red"] and anna.shape == "triangle"


def test_the_seat_order_is_palastgefluesters_with_brown_sixth():
    assert (*COLOURS, BROWN) == SEAT_ORDER
    for players in (3, 4, 5):
        match = Match("palastgefluester", [Seat.ai(NAMES[i], "random") for i in range(players)], 1)
        assert match.observation(None)["colours"] == list(SEAT_ORDER[:players])


@pytest.mark.parametrize("vision", VISIONS)
def test_the_sixth_seats_brown_stays_apart_from_the_five(vision):
    six = {**PALETTES[vision], "brown": BROWNS[vision]}
    assert [seat_look(seat, vision).rgb for seat in range(6)] == [six[name] for name in SEAT_ORDER]
    for seen_by in {vision, "normal"}:
        difference, a, b = smallest_difference(six, seen_by)
        assert difference >= MIN_DIFFERENCE, f"{seen_by}: {a} and {b} are only ΔE2000 {difference:.1f} apart"


def test_a_seat_look_follows_the_games_colours_and_the_vision():
    assert seat_look(0, "red-weak") == seat_look(0, "red-weak", ["red", "blue", "yellow"])
    look = seat_look(1, "green-weak", ["yellow", "purple"])
    assert (look.name, look.rgb, look.shape) == ("purple", PALETTES["green-weak"]["purple"], "square")
    assert seat_look(2, "no such eyes") == seat_look(2, "normal")


def _badge_pixels(shape: str | None, colour: tuple[int, int, int], side: int) -> list[tuple[int, ...]]:
    """The pixels of a badge blitted over black."""
    image = pygame.Surface((side, side))
    image.blit(badge(shape, colour, side), (0, 0))
    return [tuple(image.get_at((x, y))[:3]) for y in range(side) for x in range(side)]


@pytest.mark.parametrize("vision", VISIONS)
def test_the_legend_draws_each_seats_shape_in_its_colour(vision):
    looks = [seat_look(seat, vision) for seat in range(6)]
    chart = Chart(LINES, "Points", ["Start", "Round 1"],
                  [ChartSeries(NAMES[i], [0, i], look.rgb, look.shape) for i, look in enumerate(looks)])
    surface = pygame.Surface((900, 200))
    area = surface.get_rect()
    font = pygame.font.Font(None, 24)
    draw_legend(surface, area, chart, font, SIZE)
    entries, _ = legend_places(area, chart, font, SIZE)
    shapes = {look.shape for look in looks}
    for entry, look in zip(entries, looks, strict=True):
        side = entry.mark.width
        drawn = [tuple(surface.get_at((x, y))[:3]) for y in range(entry.mark.top, entry.mark.bottom)
                 for x in range(entry.mark.left, entry.mark.right)]
        assert drawn == _badge_pixels(look.shape, look.rgb, side), (vision, look.name)
        for other in shapes - {look.shape}:  # and no other shape would have passed
            assert drawn != _badge_pixels(other, look.rgb, side)


def test_the_results_charts_draw_a_badge_of_each_seats_shape(finished, monkeypatch):
    drawn: list[tuple[str | None, tuple[int, int, int]]] = []

    def spy(shape, colour, side):
        drawn.append((shape, tuple(colour)))
        return badge(shape, colour, side)

    monkeypatch.setattr(charts, "badge", spy)
    for game, match in finished.items():
        drawn.clear()
        row = game_figures(match, "red-weak")
        assert row is not None
        row_image(row, (900, 500), SIZE)
        looks = [(look.shape, look.rgb) for look in seat_looks(match, "red-weak")]
        assert drawn == looks, game  # one legend over the row, a badge per seat in seat order


def test_a_series_without_a_shape_keeps_its_plain_swatch():
    chart = Chart(LINES, "Players", ["1"], [ChartSeries("Anna", [1], (200, 60, 60))])
    surface = pygame.Surface((300, 60))
    font = pygame.font.Font(None, 24)
    draw_legend(surface, surface.get_rect(), chart, font, SIZE)
    [entry], _ = legend_places(surface.get_rect(), chart, font, SIZE)
    assert surface.get_at(entry.mark.center)[:3] == (200, 60, 60)
