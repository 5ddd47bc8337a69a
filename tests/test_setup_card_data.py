"""Setup's "Card data": as published or a variant (the shipped examples and a person's own, each naming its
game), a refused file listed with its reason and line, and a game started with a variant carrying it in
its record, saved, resumed and replayed by it (Palace without tens deals no ten)."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UILabel
from test_table_support import close_app, make_app

from game.core.records import read_record, replay
from game.match import Match
from scenes.menus import setup as setup_screen
from scenes.menus.setup import SetupScene
from scenes.menus.variant_files import own_variants_dir, variant_files, variant_name
from scenes.table.kit.scene import TableScene
from scenes.widgets import find_button

PALACE_VARIANTS = ["As published", "No tens", "Quick burns"]


@pytest.fixture(autouse=True)
def own_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})


@pytest.fixture
def app():
    from scenes.menus.title import TitleScene

    application = make_app()
    application.push(TitleScene(application))
    yield application
    close_app(application)


def own_variant(name: str, text: str) -> None:
    folder = own_variants_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def frames(app, count: int = 2) -> None:
    for _ in range(count):
        assert app.step(1 / 60)


def click(app, label: str) -> None:
    button = find_button(app.stack.top, label)
    assert button is not None and button.is_enabled, f"no enabled button {label!r}"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    frames(app)


def open_setup(app, game_id: str = "palace") -> SetupScene:
    setup = SetupScene(app, game_id)
    app.push(setup)
    frames(app)
    return setup


def choose(app, setup: SetupScene, label: str) -> None:
    stepper = setup.variant_stepper
    assert stepper is not None
    for _ in range(len(stepper.labels)):
        if stepper.labels[stepper.index] == label:
            return
        stepper.step(1)
    raise AssertionError(f"{label!r} is not offered: {stepper.labels}")


def labels_shown(setup: SetupScene) -> list[str]:
    return [e.text for e in setup.ui.get_sprite_group().sprites() if isinstance(e, UILabel)]


def test_every_shipped_variant_is_offered_for_its_own_game_and_passes_its_checks():
    import game

    names = {g: [f.variant.name for f in variant_files(game.load(g)) if f.variant is not None]
             for g in game.GAME_IDS}
    assert names == {"palastgefluester": ["Quick court"], "palace": ["No tens", "Quick burns"],
                     "gloria_picktoria": ["Richer jokers", "Short game"],
                     "three_chapters": ["Double crystals for the Greedy Dwarf",
                                        "Double crystals for the Ogre"]}
    assert all(f.usable for g in game.GAME_IDS for f in variant_files(game.load(g)))


def test_setup_lists_the_games_variants_and_a_refused_one_with_its_reason_and_line(app):
    own_variant("mine.toml", 'game = "palace"\nname = "Mine"\nburn_run = 3\n')
    own_variant("broken.toml", 'game = "palace"\nname = "Broken"\n\n[ranks.10]\ncopies = -1\n')
    own_variant("gloria.toml", 'game = "gloria_picktoria"\nname = "Not here"\njokers = 6\n')
    own_variant("nameless.toml", 'name = "No game"\nburn_run = 3\n')
    setup = open_setup(app)
    assert setup.variant_stepper is not None
    assert setup.variant_stepper.labels == [*PALACE_VARIANTS, "Mine"]
    refused = [text for text in labels_shown(setup) if text.startswith("Refused:")]
    assert any("broken.toml, line 5" in text and "copies" in text for text in refused), refused
    assert any("nameless.toml" in text for text in refused), refused
    assert not any("gloria" in text or "Not here" in text for text in labels_shown(setup))


def test_a_game_started_with_a_variant_plays_by_it_and_its_record_carries_it(app):
    setup = open_setup(app)
    choose(app, setup, "No tens")
    click(app, "Start")
    table = app.stack.top
    assert isinstance(table, TableScene)
    match = table.match
    assert variant_name(match.options) == "No tens"
    state = match.state
    dealt = [*state.draw, *(c for seat in range(state.num_players)
                            for c in (*state.hands[seat], *state.up[seat], *state.down[seat]) if c)]
    assert len(dealt) == 48 and not [card for card in dealt if card.startswith("10")]
    path = match.autosave
    assert path is not None and path.exists()
    record = read_record(path)
    assert record.options["variant"]["name"] == "No tens"
    assert "[ranks.10]" in record.options["variant"]["text"]
    replayed = replay(record, verify=False)
    assert replayed.state_hash() == match.state.state_hash()
    resumed = Match.resume(path, autosave=None)
    assert variant_name(resumed.options) == "No tens"
    assert resumed.state.state_hash() == match.state.state_hash()


def test_setup_keeps_the_variant_for_the_next_game_and_falls_back_when_its_file_is_gone(app):
    own_variant("mine.toml", 'game = "palace"\nname = "Mine"\nburn_run = 3\n')
    setup = open_setup(app)
    choose(app, setup, "Mine")
    click(app, "Start")  # the choice is kept for the next setup of the game
    assert variant_name(app.stack.top.match.options) == "Mine"
    app.pop_to_root()
    again = open_setup(app)
    stepper = again.variant_stepper
    assert stepper is not None and stepper.labels[stepper.index] == "Mine"
    (own_variants_dir() / "mine.toml").unlink()
    click(app, "Start")  # the file went after it was listed: no game, and a message says why
    assert app.stack.top is again
    assert again.choice.variant_key is None and "mine.toml" in again.error and "gone" in again.error
    assert again.variant_stepper is not None and again.variant_stepper.labels == PALACE_VARIANTS
    click(app, "Start")
    table = app.stack.top
    assert isinstance(table, TableScene) and "variant" not in table.match.options


def test_a_variant_refused_since_it_was_chosen_falls_back_with_its_reason(app):
    own_variant("mine.toml", 'game = "palace"\nname = "Mine"\nburn_run = 3\n')
    setup = open_setup(app)
    choose(app, setup, "Mine")
    click(app, "Start")
    app.pop_to_root()
    own_variant("mine.toml", 'game = "palace"\nname = "Mine"\nburn_run = 9\n')
    again = open_setup(app)
    assert again.choice.variant_key is None
    assert "mine.toml, line 3" in again.error and "burn_run" in again.error


def test_the_results_line_names_a_variant():
    assert variant_name({"variant": {"name": "No tens", "text": "", "sha256": ""}}) == "No tens"
    assert variant_name({"hand_size": 3}) is None
