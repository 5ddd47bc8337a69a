"""Colours for every eye: each palette keeps Palastgeflüster's seat colours apart for the eyes it is
for (Machado 2009 simulation at severity 1.0 in linear RGB, CIEDE2000 in CIELAB), and every colour
has a shape of its own."""

from __future__ import annotations

import pytest

from cards.colour_shapes import SHAPES
from game.palastgefluester.cards import BROWN, COLOURS
from scenes.colour_marks import ink_on, mark, outline
from scenes.colour_vision import (
    MIN_DIFFERENCE,
    PALETTES,
    SIMULATIONS,
    VISIONS,
    delta_e_2000,
    lab,
    seat_colour,
    simulate,
    smallest_difference,
)


@pytest.mark.parametrize("vision", VISIONS)
def test_each_palette_keeps_every_pair_of_seat_colours_apart_for_its_own_eyes(vision):
    palette = PALETTES[vision]
    assert set(palette) == set(COLOURS)
    difference, a, b = smallest_difference(palette, vision)
    assert difference >= MIN_DIFFERENCE, f"{vision}: {a} and {b} are only ΔE2000 {difference:.1f} apart"


@pytest.mark.parametrize("vision", VISIONS)
def test_each_palette_stays_apart_for_normal_eyes_too(vision):
    """Friends with other eyes share the screen in hot-seat."""
    difference, a, b = smallest_difference(PALETTES[vision], "normal")
    assert difference >= MIN_DIFFERENCE, f"{vision}: {a} and {b} are only ΔE2000 {difference:.1f} apart"


@pytest.mark.parametrize("vision", ["red-weak", "green-weak", "blue-weak"])
def test_the_printed_colours_run_together_for_weak_eyes(vision):
    """Why the palettes exist: the measure finds the cards' own colours too close for these eyes."""
    assert smallest_difference(PALETTES["normal"], vision)[0] < MIN_DIFFERENCE


def test_ciede2000_matches_sharmas_published_pairs():
    pairs = [  # Sharma, Wu, Dalal (2005), table 1
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
        ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
        ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for first, second, expected in pairs:
        assert delta_e_2000(first, second) == pytest.approx(expected, abs=1e-4)
        assert delta_e_2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_black_and_srgb_red():
    assert lab(simulate((255, 255, 255), "normal")) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert lab(simulate((0, 0, 0), "normal")) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert lab(simulate((255, 0, 0), "normal")) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)


@pytest.mark.parametrize("vision", [v for v in VISIONS if SIMULATIONS[v] is not None])
def test_the_simulations_keep_greys_grey_and_fold_the_colours_they_should(vision):
    grey = simulate((128, 128, 128), vision)
    assert max(grey) - min(grey) < 0.002  # each matrix row sums to one
    folded = {"red-weak": ((200, 60, 60), (110, 110, 60)), "green-weak": ((190, 80, 40), (100, 120, 30)),
              "blue-weak": ((40, 80, 220), (40, 160, 120))}[vision]
    seen = [lab(simulate(c, vision)) for c in folded]
    normal = [lab(simulate(c, "normal")) for c in folded]
    assert delta_e_2000(*seen) < delta_e_2000(*normal) / 2


def test_seat_colour_follows_the_vision_and_falls_back_to_normal():
    assert seat_colour("red", "red-weak") == PALETTES["red-weak"]["red"]
    assert seat_colour("red", "no such eyes") == PALETTES["normal"]["red"]
    assert seat_colour("king", "normal", default=(1, 2, 3)) == (1, 2, 3)


def test_every_card_colour_has_a_shape_of_its_own():
    assert set(SHAPES) == {*COLOURS, BROWN}
    assert len(set(SHAPES.values())) == len(SHAPES)
    for shape in SHAPES.values():
        points = outline(shape, (0.0, 0.0), 10.0)
        assert len(points) >= 3
        assert all(abs(x) <= 10.0 + 1e-9 and abs(y) <= 10.0 + 1e-9 for x, y in points)
    with pytest.raises(ValueError):
        outline("hexagon", (0.0, 0.0), 10.0)


def test_a_mark_shows_the_shape_in_ink_on_the_colour():
    side = 40
    image = mark("yellow", PALETTES["normal"]["yellow"], side)
    assert image.get_size() == (side, side)
    centre = image.get_at((side // 2, side // 2 + 1))[:3]
    rim = image.get_at((side // 2, 4))[:3]  # above the star's point
    assert sum(centre) < 200  # dark ink on the light yellow
    assert rim == pytest.approx(PALETTES["normal"]["yellow"], abs=12)


def test_the_setting_keeps_a_known_vision_and_names_a_bad_one():
    from scenes.settings import Settings

    assert Settings.from_dict({"colour_vision": "red-weak"}).colour_vision == "red-weak"
    assert Settings.from_dict(Settings(colour_vision="blue-weak").to_dict()).colour_vision == "blue-weak"
    problems: list[str] = []
    assert Settings.from_dict({"colour_vision": "purple"}, problems).colour_vision == "normal"
    assert len(problems) == 1 and "colour_vision" in problems[0] and "red-weak" in problems[0]
    assert set(VISIONS) == set(PALETTES)


@pytest.mark.parametrize("vision", VISIONS)
def test_the_table_paints_each_seat_plate_in_the_chosen_palette_with_its_shape(vision):
    from test_table_support import close_app, frames_until, make_app

    from game.match import Match, Seat
    from scenes.table import open_table

    app = make_app((1280, 720), "off")
    try:
        app.settings.colour_vision = vision
        seats = [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random"), Seat.ai("Dora", "random")]
        match = Match("palastgefluester", seats, 5)
        table = open_table(app, match, bots=False)
        app.push(table)
        frames_until(app, lambda: table.caught_up)
        app.step(1 / 60)
        for seat, area in table.areas.items():
            name = match.observation(seat)["colours"][seat]
            expected = PALETTES[vision][name]
            plate = area.plate
            corner = app.screen.get_at((plate.x + 6, plate.bottom - 6))[:3]  # the swatch, beside its mark
            assert corner == pytest.approx(expected, abs=3), (seat, name)
            middle = (plate.x + min(plate.height, table.strip_w + 6) // 2, plate.centery)
            assert app.screen.get_at(middle)[:3] == pytest.approx(ink_on(expected), abs=3)  # the shape's ink
    finally:
        close_app(app)


def test_the_settings_screen_steps_through_the_visions_and_keeps_the_choice(tmp_path, monkeypatch):
    import pygame
    from test_table_support import close_app, make_app

    from scenes.menus.settings import SettingsScene
    from scenes.settings import config_dir

    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    app = make_app((1280, 720), "off")
    try:
        settings = SettingsScene(app)
        app.push(settings)
        for _ in range(2):
            app.step(1 / 60)
        for expected in ("red-weak", "green-weak"):
            centre = settings.vision_stepper.right.rect.center
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=centre, button=1))
            for _ in range(2):
                app.step(1 / 60)
            assert app.settings.colour_vision == expected
        assert settings.vision_stepper.label.text == "Green-weak"
        assert '"colour_vision": "green-weak"' in (config_dir() / "settings.json").read_text(encoding="utf-8")
    finally:
        close_app(app)


@pytest.mark.parametrize("vision", VISIONS)
def test_chart_series_colours_stay_apart_for_the_eyes_the_setting_names_and_read_on_the_dark(vision):
    from scenes.menus.charts import SEATS_APART, SERIES_PALETTES

    first = {f"series {i}": c for i, c in enumerate(SERIES_PALETTES[vision][:SEATS_APART])}
    assert len(first) == SEATS_APART
    for seen_by in {vision, "normal"}:
        difference, a, b = smallest_difference(first, seen_by)
        assert difference >= MIN_DIFFERENCE, f"{seen_by}: {a} and {b} are only ΔE2000 {difference:.1f} apart"
    assert min(lab(simulate(c, "normal"))[0] for c in first.values()) >= 55  # light on the dark panel


@pytest.mark.parametrize("vision", [v for v in VISIONS if v != "normal"])
def test_the_normal_chart_colours_run_together_for_weak_eyes_so_the_setting_must_change_them(vision):
    from scenes.menus.charts import SEATS_APART, SERIES_PALETTES, colour

    normal = {f"series {i}": c for i, c in enumerate(SERIES_PALETTES["normal"][:SEATS_APART])}
    assert smallest_difference(normal, vision)[0] < MIN_DIFFERENCE
    assert [colour(i, vision) for i in range(SEATS_APART)] != list(normal.values())


@pytest.mark.parametrize("vision", VISIONS)
def test_the_results_charts_paint_their_series_in_the_chosen_vision(vision, tmp_path, monkeypatch):
    from test_table_support import close_app, make_app

    from game.match import Match, Seat
    from scenes.menus.results import ResultsScene

    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    match = Match("palastgefluester", [Seat.ai(f"Bot {i + 1}", "random") for i in range(4)], 5)
    match.run_bots()
    app = make_app((1280, 720))
    try:
        app.settings.colour_vision = vision
        figures = ResultsScene(app, match).figures
        assert figures is not None and figures.charts
        for chart in figures.charts:
            assert [s.colour for s in chart.series] == [seat_colour(c, vision) for c in COLOURS[:4]]
    finally:
        close_app(app)
