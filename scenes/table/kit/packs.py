"""A/B at the table: one key switches the table between two art packs, live, so a card designer sees
which art reads better in play.

Pack A is the game's chosen pack (`Settings.art_packs`), pack B the one chosen to compare it with
(`Settings.compare_packs`, the "Compare with" row of the setup screen). The key shows the other pack for
now (`ArtLibrary.show_instead`): the library's generation rises and the table draws every card, back and
the table itself again at once (`TableScene._follow_art`); the game, its record and its log are untouched.
Showing B never changes the chosen pack, so nothing saved (F11, the settings) can keep B by mistake, and
the table puts pack A back when it is left.
"""

from __future__ import annotations

import pygame

from cards.manifest import DEFAULT_PACK
from game.i18n import ptr, tr
from scenes.art import ArtLibrary
from scenes.settings import Settings

#: the key that switches the table between pack A and pack B
PACK_SWITCH_KEY = pygame.K_b


def pack_label(name: str, art: ArtLibrary | None = None) -> str:
    """An art pack as every menu and the table show it (setup, settings, the gallery, the A/B note): the
    pack that comes with the game in the chosen language, a pack of one's own by the name its manifest
    gives (`name`, else its folder's name). Without the art library only the folder's name is known."""
    if name == DEFAULT_PACK:
        return ptr("art pack", "default")
    return art.pack_title(name) if art is not None else name


def compare_pack(settings: Settings, game_id: str) -> str | None:
    """The pack chosen to compare the game's pack with (None: none is chosen)."""
    return settings.compare_packs.get(game_id)


def choose_compare_pack(settings: Settings, game_id: str, name: str | None) -> None:
    """Make `name` the game's pack B (None: no comparison; the caller saves the settings)."""
    if name is None:
        settings.compare_packs.pop(game_id, None)
    else:
        settings.compare_packs[game_id] = name


def showing_b(art: ArtLibrary, game_id: str) -> bool:
    """Whether the table shows pack B now."""
    return game_id in art.shown_instead


def switch_packs(art: ArtLibrary, game_id: str) -> str:
    """Show the other pack of the pair at once; returns the note that says which pack shows now, or,
    when no pack B is chosen, how to choose one (and nothing changes)."""
    pack_b = compare_pack(art.settings, game_id)
    if showing_b(art, game_id):
        art.show_instead(game_id, None)
    elif pack_b is None:
        return tr("No second pack to compare: choose one under “Compare with” on the game's setup screen")
    else:
        art.show_instead(game_id, pack_b)
    return pack_note(art, game_id)


def pack_note(art: ArtLibrary, game_id: str) -> str:
    """"Pack A: default" or "Pack B: Court of Owls": which pack of the pair the table shows."""
    label = pack_label(art.active_pack(game_id), art)
    if showing_b(art, game_id):
        return tr("Pack B: {pack}").format(pack=label)
    return tr("Pack A: {pack}").format(pack=label)


def show_chosen_pack(art: ArtLibrary, game_id: str) -> None:
    """Pack A again, if B shows (a table that is left)."""
    if showing_b(art, game_id):
        art.show_instead(game_id, None)


__all__ = ["PACK_SWITCH_KEY", "choose_compare_pack", "compare_pack", "pack_label", "pack_note",
           "show_chosen_pack", "showing_b", "switch_packs"]
