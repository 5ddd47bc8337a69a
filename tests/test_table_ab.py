"""A/B at the table: key B switches a running table between the game's pack and the pack chosen to compare
it with ("Compare with" on the setup screen), live, in every game: the faces and backs the table draws
change at once and change back, the game and its log do not, and the chosen pack is never replaced."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game
from cards.manifest import DEFAULT_PACK
from game.match import Match, Seat
from scenes.art import ArtLibrary
from scenes.menus.setup import SetupScene
from scenes.menus.title import TitleScene
from scenes.settings import Settings, data_dir, settings_path
from scenes.table import open_table
from scenes.table.kit.packs import PACK_SWITCH_KEY
from tests.test_table_support import close_app, frames_until, make_app

PACK_B = "owls"
TITLE_B = "Court of Owls"
FACE = (12, 34, 250)  # every face of pack B
BACK = (250, 30, 12)  # its backs


def solid_png(path: Path, colour: tuple[int, int, int]) -> None:
    image = pygame.Surface((40, 56))
    image.fill(colour)
    pygame.image.save(image, str(path))


def write_pack_b() -> None:
    """A user pack giving every card of every game one plain face, and a plain back."""
    folder = data_dir() / "art" / PACK_B
    folder.mkdir(parents=True, exist_ok=True)
    solid_png(folder / "face.png", FACE)
    solid_png(folder / "back.png", BACK)
    default = ArtLibrary(Settings(), roots=[ArtLibrary().roots[0]])
    lines = [f'name = "{TITLE_B}"', "card_size = [40, 56]"]
    for game_id in game.GAME_IDS:
        lines.append(f"[games.{game_id}]")
        lines += [f'{kind} = "back.png"' for kind in default.back_kinds(game_id)]
        lines.append(f"[games.{game_id}.cards]")
        lines += [f'"{card}" = "face.png"' for card in default.card_ids(game_id)]
    (folder / "pack.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def open_game(app, game_id: str):
    rules = game.load(game_id)
    players = max(2, rules.min_players)
    seats = [Seat("Anna")] + [Seat.ai(f"Bot {i}", "random") for i in range(1, players)]
    match = Match(game_id, seats, seed=5)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.caught_up and bool(table.legal), limit=2400)
    return table


def press_b(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=PACK_SWITCH_KEY, mod=0, unicode="b", scancode=0))
    app.step(1 / 60)
    app.step(1 / 60)  # the frame after the switch draws with the new art


def centre(surface: pygame.Surface) -> tuple[int, int, int]:
    return tuple(surface.get_at((surface.get_width() // 2, surface.get_height() // 2)))[:3]


def near(colours: set, wanted: tuple[int, int, int]) -> set:
    """The colours of `colours` that are `wanted` as drawn (a table may shade a card a little)."""
    return {c for c in colours if max(abs(a - b) for a, b in zip(c, wanted, strict=True)) <= 16}


def drawn_colours(table, art) -> tuple[set, set]:
    """The centre colours of the faces and of the backs the table draws now."""
    faces, backs = set(), set()
    for sprite in table.layer:
        if sprite.shown and sprite.size[0] > 4:
            (faces if sprite.shown_face else backs).add(centre(table.layer.surface_for(sprite, art)))
    return faces, backs


def game_untouched(table) -> tuple:
    return (table.match.state.state_hash(), [str(a) for a in table.match.actions],
            list(table.logbook.lines), table.obs)


@pytest.mark.parametrize("game_id", game.GAME_IDS)
def test_key_b_shows_pack_b_at_once_and_again_pack_a_with_the_game_untouched(game_id):
    write_pack_b()
    app = make_app()
    try:
        app.settings.compare_packs[game_id] = PACK_B
        table = open_game(app, game_id)
        art = app.art
        before = game_untouched(table)
        faces, backs = drawn_colours(table, art)
        assert faces and not near(faces, FACE) and not near(backs, BACK)

        press_b(app)
        assert art.active_pack(game_id) == PACK_B
        assert table.toast is not None and table.toast[0] == f"Pack B: {TITLE_B}"
        faces, backs = drawn_colours(table, art)
        assert near(faces, FACE)  # the table's faces come from pack B now
        assert near(backs, BACK) == backs
        assert game_untouched(table) == before
        assert app.settings.art_packs.get(game_id) is None  # pack A stays the game's choice

        press_b(app)
        assert art.active_pack(game_id) == DEFAULT_PACK
        assert table.toast is not None and table.toast[0] == "Pack A: default"
        faces, backs = drawn_colours(table, art)
        assert not near(faces, FACE) and not near(backs, BACK)
        assert game_untouched(table) == before
    finally:
        close_app(app)


def test_without_a_second_pack_key_b_changes_nothing_and_says_how_to_choose_one():
    write_pack_b()
    app = make_app()
    try:
        table = open_game(app, "palace")
        generation = app.art.generation
        press_b(app)
        assert app.art.active_pack("palace") == DEFAULT_PACK
        assert app.art.generation == generation
        assert table.toast is not None and "Compare with" in table.toast[0]
    finally:
        close_app(app)


def test_pack_b_is_never_saved_as_the_chosen_pack_and_leaving_the_table_shows_pack_a_again():
    write_pack_b()
    app = make_app()
    try:
        app.settings.compare_packs["palace"] = PACK_B
        app.settings_changed()
        table = open_game(app, "palace")
        press_b(app)
        assert app.art.active_pack("palace") == PACK_B
        app.settings_changed()  # as F11 or the settings do while B shows
        saved = Settings.load(settings_path())
        assert "palace" not in saved.art_packs
        assert saved.compare_packs == {"palace": PACK_B}
        app.pop()
        assert table not in app.stack
        assert app.art.active_pack("palace") == DEFAULT_PACK
    finally:
        close_app(app)


def test_choosing_a_pack_while_b_shows_makes_that_choice_the_one_shown():
    write_pack_b()
    art = ArtLibrary(Settings())
    art.settings.compare_packs["palace"] = PACK_B
    art.show_instead("palace", PACK_B)
    art.choose("palace", DEFAULT_PACK)
    assert art.active_pack("palace") == DEFAULT_PACK


def test_the_setup_screen_chooses_the_pack_to_compare_with_and_keeps_it():
    write_pack_b()
    app = make_app()
    try:
        app.push(TitleScene(app))
        setup = SetupScene(app, "gloria_picktoria")
        app.push(setup)
        app.step(1 / 60)
        stepper = setup.compare_stepper
        assert stepper is not None
        assert stepper.labels[0] == "no second pack"
        assert TITLE_B in stepper.labels
        stepper.step(stepper.labels.index(TITLE_B))
        assert app.settings.compare_packs == {"gloria_picktoria": PACK_B}
        assert Settings.load(settings_path()).compare_packs == {"gloria_picktoria": PACK_B}
        stepper.step(-stepper.index)
        assert app.settings.compare_packs == {}
    finally:
        close_app(app)


def test_compare_packs_in_the_settings_file_are_checked_like_art_packs():
    problems: list[str] = []
    settings = Settings.from_dict({"compare_packs": {"palace": PACK_B, "three_chapters": 7}}, problems)
    assert settings.compare_packs == {"palace": PACK_B}
    assert any("compare_packs" in p for p in problems)
