"""The menus as they are laid out: no word cut at 1280x720 in either language, the setup's headings over
what they hold, one name for an art pack in every menu, gallery labels inside the window, chart axes
whose labels keep apart and counts in whole ticks, selected rows and themed widgets whose words read."""

from __future__ import annotations

import json
import warnings
from functools import partial

import pygame
import pytest
from pygame_gui.elements import UIButton, UILabel

import game
from cards.manifest import DEFAULT_PACK
from game.i18n import set_language
from kartentisch.launcher import make_app
from scenes import menu_buttons as menu_buttons_module
from scenes import widgets as widgets_module
from scenes.fonts import font
from scenes.look import body_font, fit_text, text_scale
from scenes.menus import charts as charts_module
from scenes.menus import choose as choose_module
from scenes.menus import setup as setup_screen
from scenes.menus.charts import BARS, LINES, Chart, ChartSeries, chart_frame, nice_ticks, x_label_places
from scenes.menus.choose import ChooseGameScene
from scenes.menus.gallery import GalleryScene
from scenes.menus.rules import RulesViewScene
from scenes.menus.settings import SettingsScene
from scenes.menus.setup import SetupScene
from scenes.settings import Settings, data_dir
from scenes.widgets import ROW_BAND, ROW_CONTRAST, contrast_ratio, draw_row_band

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def fresh_choices(monkeypatch):
    monkeypatch.setattr(setup_screen, "_last_choices", {})
    yield
    set_language("en")


def frames(app, count: int = 2) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def opened(make, lang: str = "en", size: tuple[int, int] = SIZE):
    app = make_app(Settings(animation_speed="off", language=lang), size=size)
    set_language(lang)
    scene = make(app)
    app.push(scene)
    frames(app)
    return app, scene


def cut_words(scene) -> list[str]:
    """Every label and button of a screen whose text is cut (ends in an ellipsis it was not given)."""
    return [e.text for e in scene.ui.get_sprite_group().sprites()
            if isinstance(e, (UILabel, UIButton)) and e.visible and e.text.endswith("…")]


DRAWING_MODULES = [m for m in (charts_module, widgets_module, menu_buttons_module, choose_module)
                   if hasattr(m, "fit_text")]


def _for_game(scene, game_id: str, app):
    return scene(app, game_id)


MENUS = {
    **{f"setup {g}": partial(_for_game, SetupScene, g) for g in game.GAME_IDS},
    **{f"rules {g}": partial(_for_game, RulesViewScene, g) for g in game.GAME_IDS},
    "choose": ChooseGameScene, "settings": SettingsScene, "gallery": GalleryScene,
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("menu", list(MENUS))
def test_no_word_of_a_menu_is_cut_at_1280x720(menu, lang, monkeypatch):
    cut_when_drawn: list[str] = []

    def recording_fit_text(text: str, face, width: int) -> str:
        fitted = fit_text(text, face, width)
        if fitted != text:
            cut_when_drawn.append(text)
        return fitted

    for module in DRAWING_MODULES:  # the words the menus draw themselves, cut by look.fit_text
        monkeypatch.setattr(module, "fit_text", recording_fit_text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app, scene = opened(MENUS[menu], lang)
    try:
        frames(app)
        assert cut_words(scene) == []
        assert cut_when_drawn == []
        assert [str(w.message) for w in caught if "too small for text" in str(w.message)] == []
    finally:
        app.stack.clear()


# -- setup -----------------------------------------------------------------------------------------
def captions_and_labels(scene) -> list[tuple[int, float, str, bool]]:
    """(scroll area, y, text, is a heading) of the setup's labels, in the order they are laid out."""
    found = []
    for element in scene.ui.get_sprite_group().sprites():
        if isinstance(element, UILabel) and element.ui_container is not None:
            heading = any("caption" in (i or "") for i in (*element.object_ids, *element.class_ids))
            found.append((id(element.ui_container), element.relative_rect.top, element.text, heading))
    return sorted(found)


@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_hints_sit_under_a_heading_of_their_own_not_card_art(game_id):
    app, scene = opened(lambda app: SetupScene(app, game_id))
    try:
        rows = captions_and_labels(scene)
        hints = next(i for i, row in enumerate(rows) if row[2] == "Hints")
        heading = next(row[2] for row in reversed(rows[:hints]) if row[3])
        assert heading == "HELP AT THE TABLE"
        art = next(i for i, row in enumerate(rows) if row[2] == "Art pack")
        assert next(row[2] for row in reversed(rows[:art]) if row[3]) == "CARD ART"
    finally:
        app.stack.clear()


# -- an art pack's name ----------------------------------------------------------------------------
def owls_pack() -> None:
    folder = data_dir() / "art" / "owls"
    folder.mkdir(parents=True)
    picture = pygame.Surface((40, 56))
    picture.fill((120, 90, 200))
    pygame.image.save(picture, str(folder / "zofe.png"))
    folder.joinpath("pack.toml").write_text(
        'name = "Court of Owls"\ncard_size = [40, 56]\n[games.palastgefluester]\n'
        '[games.palastgefluester.cards]\n"Zofe/red" = "zofe.png"\n', encoding="utf-8")


def test_an_art_pack_has_the_same_name_in_setup_settings_and_the_gallery():
    owls_pack()
    app, setup = opened(lambda app: SetupScene(app, "palastgefluester"))
    try:
        assert setup.art_stepper is not None
        in_setup = setup.art_stepper.labels
        app.push(SettingsScene(app))
        frames(app)
        in_settings = app.stack.top.art_steppers["palastgefluester"].labels
        gallery = GalleryScene(app)
        app.push(gallery)
        frames(app)
        gallery.set_game("palastgefluester")
        frames(app)
        assert gallery.pack_stepper is not None
        in_gallery = gallery.pack_stepper.labels
        assert "Court of Owls" in in_setup and "owls" not in " ".join(in_setup)
        assert in_setup == in_settings == in_gallery
        assert len(in_setup) == len(app.art.pack_choices("palastgefluester"))
        assert DEFAULT_PACK in app.art.pack_choices("palastgefluester")
    finally:
        app.stack.clear()


# -- the gallery -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_gallerys_labels_stay_inside_its_view_even_under_the_first_column(size):
    app, gallery = opened(GalleryScene, size=size)
    try:
        gallery.set_game("palastgefluester")
        frames(app)
        first_column = [t for t in gallery.tiles if t.rect.x == 0]
        assert first_column
        for tile in gallery.tiles:
            rect = gallery.screen_rect(tile)
            label = font(gallery._label_px).size(tile.label)
            assert label[0] <= rect.width + gallery.view.width  # sanity: a label is a line under a card
            wide = (rect.width + 40, label[1])  # wider than its card, as a long card id is
            placed = gallery.label_rect(wide, rect, rect.bottom)
            assert gallery.view.left <= placed.left and placed.right <= gallery.view.right, tile.label
    finally:
        app.stack.clear()


# -- charts ----------------------------------------------------------------------------------------
def _line_chart() -> Chart:
    return Chart(LINES, "Points after each round", ["Start", "Round 1", "Round 2", "Round 3"],
                 [ChartSeries("Anna", [0, 1, 3, 5], (240, 200, 96)),
                  ChartSeries("Ben", [0, 2, 2, 4], (110, 182, 240))])


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
@pytest.mark.parametrize("kind", [LINES, BARS])
def test_no_y_axis_label_runs_into_an_x_label(kind, size):
    pygame.font.init()
    chart = _line_chart() if kind == LINES else Chart(
        BARS, "Places", ["Anna", "Ben"], [ChartSeries("1st", [1, 0], (240, 200, 96)),
                                         ChartSeries("2nd", [0, 1], (110, 182, 240))])
    rect = pygame.Rect(0, 0, 560, 300)
    frame, _ = chart_frame(rect, chart, size)
    assert frame is not None
    small = body_font(max(8, round(14 * text_scale(size))))  # the charts' small text
    ticks = [place for _, place in frame.tick_rects(small)]
    labels = [place for _, place in x_label_places(frame, chart, small, size)]
    assert labels and ticks
    assert not any(t.colliderect(x) for t in ticks for x in labels)


def test_counts_get_whole_ticks():
    assert nice_ticks(0, 1.12, whole=True) == [0, 1, 2]
    assert all(float(t).is_integer() for t in nice_ticks(0, 3, whole=True))
    assert any(not float(t).is_integer() for t in nice_ticks(0, 1.12))  # without: halves
    counts = Chart(BARS, "Places", ["Anna"], [ChartSeries("1st", [1], (240, 200, 96))])
    frame, _ = chart_frame(pygame.Rect(0, 0, 400, 300), counts, SIZE)
    assert frame is not None and all(float(t).is_integer() for t in frame.ticks)


# -- rows and widgets that read --------------------------------------------------------------------
def test_a_selected_rows_words_read_on_its_band():
    from scenes.look import CREAM, GOLD, MUTED

    assert all(contrast_ratio(ink, ROW_BAND) >= ROW_CONTRAST for ink in (CREAM, GOLD, MUTED))
    screen = pygame.Surface((200, 60))
    screen.fill((30, 96, 62))
    draw_row_band(screen, pygame.Rect(10, 10, 180, 40), SIZE)
    assert tuple(screen.get_at((100, 30)))[:3] == ROW_BAND  # opaque: nothing of a light fill shows through


def test_the_theme_keeps_every_state_of_a_widget_with_words_readable():
    from scenes.look import base_theme

    theme = base_theme()
    defaults = theme["defaults"]["colours"]
    weak = []
    for block, values in theme.items():
        if "scroll_bar" in block or "sliding_button" in block:
            continue  # no words on these
        colours = {**defaults, **values.get("colours", {})}
        for state in ("normal", "hovered", "selected", "active"):  # disabled words may be faint
            back, ink = colours.get(f"{state}_bg"), colours.get(f"{state}_text")
            if back and ink:
                ratio = contrast_ratio(pygame.Color(back[:7]), pygame.Color(ink[:7]))
                if ratio < ROW_CONTRAST:
                    weak.append((block, state, round(ratio, 2)))
    assert weak == []
    assert json.dumps(theme)  # the theme is plain data


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(800, 600), (900, 600), (1024, 768), (1920, 1080)])
def test_each_games_description_is_shown_whole_on_the_choose_screen(size, lang, monkeypatch):
    """At 900x600 the descriptions stopped mid-sentence ("… the last one"), lines left out without a mark:
    each is shown whole, in smaller letters where it must."""
    drawn: list[str] = []
    draw_text = choose_module.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return draw_text(surface, text, *args, **kwargs)

    monkeypatch.setattr(choose_module, "draw_text", recording)
    app, scene = opened(ChooseGameScene, lang, size)
    try:
        shown = " ".join(drawn)
        for entry in scene.entries:
            assert " ".join(entry.description.split()) in " ".join(shown.split()), entry.description
    finally:
        app.stack.clear()


def test_a_widgets_tooltip_lies_on_a_dark_panel_of_its_own():
    """The setup's option tooltips were bare words over the steppers under them: pygame-gui draws a tooltip
    as a text box, and the app's text boxes are clear. The tooltip's box has the tooltip's panel."""
    app, scene = opened(SettingsScene)
    try:
        words = "Every 8 played skips the next player."
        tip = scene.ui.create_tool_tip(words, (200, 200), (0, 0), None, None)
        frames(app)
        image = tip.text_block.image
        w, h = image.get_size()
        colour = image.get_at((w // 2, h - 5))  # below the words, inside the panel's rim and shadow
        assert colour.a > 200 and max(colour.r, colour.g, colour.b) < 40, colour  # near-black green
    finally:
        app.stack.clear()
