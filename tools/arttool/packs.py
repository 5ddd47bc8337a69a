"""Which pack a command means, and which art ids each game needs.

A game's art ids come from one place: the module that draws its default art, tools/artgen/<game id>
(its `art().section` is the game's table of the default manifest). A game without such a module has
no art ids known yet: its cards cannot be checked for unknown or missing ids.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pygame

from cards.manifest import DEFAULT_PACK, MANIFEST, find_packs
from game.core.datafile import os_reason, shown
from game.i18n import join_words, tr, words
from scenes.art import ASSET_ART_DIR, ArtLibrary
from scenes.settings import Settings, data_dir
from tools.artgen import GAME_MODULES, game_art

#: keys of a [games.<id>] table that are not images
NOT_IMAGES = frozenset({"cards", "text", "card_size"})


class PackNotFound(LookupError):
    pass


@dataclass(frozen=True)
class ArtIds:
    game_id: str
    cards: tuple[str, ...]
    #: the game's other images, by their key in [games.<id>]: its back kinds and "table"
    images: tuple[str, ...]


def art_ids(game_id: str) -> ArtIds | None:
    """Every art id the game's table asks for, or None when no art ids are known yet."""
    if game_id not in GAME_MODULES:
        return None
    section = game_art(game_id).section
    cards = tuple(section.get("cards", {}))
    images = tuple(k for k in section if k not in NOT_IMAGES)
    return ArtIds(game_id, cards, images)


def pack_roots() -> list[Path]:
    """Where packs are looked for by name, as the app does: the shipped packs, then the user's."""
    return [ASSET_ART_DIR, data_dir() / "art"]


def resolve_pack(name_or_path: str) -> Path:
    """The folder of a pack given as a folder (or its pack.toml) or by name."""
    path = Path(name_or_path)
    try:
        if path.is_dir():
            return path
        if path.name == MANIFEST and path.is_file():
            return path.parent
    except (OSError, ValueError) as exc:  # a name longer than the system allows, a NUL, no permission
        raise PackNotFound(tr("{pack} cannot be opened ({reason})").format(
            pack=shown(name_or_path), reason=words(os_reason(exc)))) from None
    packs = find_packs(pack_roots())
    if name_or_path in packs:
        return packs[name_or_path]
    where = join_words([str(root) for root in pack_roots()])
    known = ", ".join(sorted(packs)) or tr("none")
    raise PackNotFound(tr("no art pack {pack}: it is not a folder, and no pack of that name is in {where} "
                          "(packs found: {known})").format(pack=shown(repr(name_or_path)), where=where,
                                                           known=known))


def is_shipped_default(folder: Path) -> bool:
    return folder.resolve() == (ASSET_ART_DIR / DEFAULT_PACK).resolve()


def library_for(folder: Path, game_id: str) -> tuple[ArtLibrary, str]:
    """An art library that uses the pack in `folder` for the game, with the default pack behind it."""
    folder = folder.resolve()
    if is_shipped_default(folder):
        return ArtLibrary(Settings(), roots=[ASSET_ART_DIR]), DEFAULT_PACK
    # a pack folder named "default" that is not the shipped one: it is its own fallback here
    roots = [folder.parent] if folder.name == DEFAULT_PACK else [ASSET_ART_DIR, folder.parent]
    settings = Settings(art_packs={game_id: folder.name})
    return ArtLibrary(settings, roots=roots), folder.name


def start_fonts() -> None:
    """The commands draw text only: fonts, no window, no sound."""
    if not pygame.font.get_init():
        pygame.font.init()


# -- a game's deck, as the art tools print and export it -------------------------------------------
def deck_counts(game_id: str, players: int) -> dict[str, int]:
    """Art id -> how many cards of it the game's deck holds for `players` seats (its layout's `deck`), in
    the order of the game's art ids. A game whose layout names no deck has every card once."""
    from tools.arttool.layouts import game_layout

    ids = art_ids(game_id)
    known = list(ids.cards) if ids is not None else []
    layout = game_layout(game_id)
    deck = layout.deck if layout is not None else None
    counts = Counter(deck(players)) if deck is not None else Counter(known)
    ordered = {art_id: counts[art_id] for art_id in known if counts[art_id] > 0}
    ordered.update({art_id: n for art_id, n in counts.items() if art_id not in ordered and n > 0})
    return ordered


def back_kind(game_id: str, art_id: str, kinds: tuple[str, ...]) -> str:
    """The back a card shows face down: "back", or the one its game's layout names for it (where the
    pack has that back kind)."""
    from tools.arttool.layouts import game_layout

    layout = game_layout(game_id)
    for prefix, kind in (layout.other_backs.items() if layout is not None else ()):
        if art_id.startswith(prefix) and kind in kinds:
            return kind
    return "back"
