"""Art packs: card faces, backs and table backgrounds, loaded once, scaled once per size, never a crash.

An art pack is a folder with a `pack.toml` manifest (read and checked by cards/manifest.py) and
image files (PNG, JPEG, GIF, BMP, WebP, QOI, TIFF or TGA; cards/image_file.py reads each one's size
from its header and refuses one over 16 megapixels before decoding it). Packs are looked for in
`assets/art/` (the shipped `default` pack, drawn by `python -m tools.draw_default_pack`) and in the
user data dir, `scenes.settings.data_dir() / "art"`; the folder's name is the pack's name.
`Settings.art_packs[game_id]` names the active pack per game.

The manifest:

    name = "My court"                 # shown in the settings menu
    author = "Anna"
    card_size = [400, 560]            # the faces' source pixels, w and h: the cards' aspect ratio (w / h)

    [games.palastgefluester]          # one table per game id
    card_size = [400, 560]            # optional: this game's own size, if it differs from the pack's
    back = "pg/back.png"              # back of the game's cards (paths are relative to the pack folder)
    king_back = "pg/king_back.png"    # another kind of back the game needs (Palastgeflüster: King cards)
    table = "pg/table.png"            # table background; cropped to fill the window, so give it ~16:9

    [games.palastgefluester.cards]    # card id -> image
    "Zauberer/red" = "pg/zauberer_red.png"
    "Waechter/brown" = "pg/waechter_brown.png"    # both brown copies of a person share one image
    "king/Zofe" = { en = "pg/en/king_zofe.png", de = "pg/de/king_zofe.png" }   # a face per language

    [games.palastgefluester.text]     # optional, for text and marks the table draws over a card
    default = { colour = [52, 38, 32], safe_area = [30, 92, 340, 262] }
    "king/Hofnarr" = { colour = [255, 250, 236] }

Any image (a face, a back, the table) may be one file, shown whatever the language, or a table of
language code -> file for art with words on it: the table shows the chosen language's file, else the
English one, else the one there is, and follows a change of language at once (game.i18n).

`safe_area = [x, y, w, h]` (source pixels) is the part of the face that the table may cover with a mark
(a highlight, a "blocked" stamp) without hiding the name, the colour band or the rule text; `colour` is
the colour such marks and text use on that face. A per-card entry overrides `default` field by field.

Card ids. Palastgeflüster: person cards "<Person>/<colour>" with the person ids of
game.palastgefluester.cards ("Hofmarschall", "Schatzmeister", "Zauberer", "Zofe", "Mundschenk",
"Waechter", "Hofnarr") and the colours red, blue, yellow, green, purple and brown; King cards
"king/<Person>" (every person but the Hofmarschall); backs "back" (person cards) and "king_back".

Memory: the surfaces are kept in two caches bounded by their bytes (scenes/cache.py), the least
recently used going first: the images as read (SOURCE_BUDGET; they are read again from the disk when
needed, which takes a millisecond or two a card) and the scaled ones (SCALED_BUDGET, or SCALED_SCREENS
windows' worth when the window is larger). A change of language lets the other language's faces go, and
`forget_games` lets a closed game's go (the app calls it when a scene leaves the stack).

Live reload, for card designers: `ArtLibrary.poll(now)` looks at the files it has read at most every
POLL_SECONDS and takes in what changed (see the class). The gallery (scenes/menus/gallery.py) and the tables
call it every frame, so a saved image shows within a second, with no restart.

A pack may cover only some games or some cards: whatever it does not name comes from the default pack.
What it names but cannot give (a missing or unreadable image), and every game of a pack whose manifest is
broken, shows a drawn stand-in face marked "no art" with the card's name and colour. Each such problem is
logged and listed in `ArtLibrary.problems`, so a card designer sees at once what to fix.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from assets import asset_path
from cards.image_file import ImageRefused, load_image
from cards.manifest import (
    DEFAULT_CARD_SIZE,
    DEFAULT_PACK,
    MANIFEST,
    Pack,
    card_words,
    find_packs,
    is_area,
    is_colour,
    pack_words,
    read_pack,
)
from game.core.datafile import shown
from game.i18n import add_listener, language, tr
from game.logs import logger
from scenes.cache import MB, BoundedCache, surface_bytes
from scenes.settings import Settings, data_dir
from scenes.stand_in import draw_stand_in

log = logger(__name__)

ASSET_ART_DIR = asset_path("art")
#: the unknown card ids of a pack the gallery shows as tiles (the rest are counted in one problem line)
UNKNOWN_SHOWN = 12
TABLE_SIZE = (1920, 1080)

#: the scaled surfaces kept: at most this many, and this many bytes, or the pixels of SCALED_SCREENS
#: windows when that is more (a 4K window's cards are larger, the same cards)
MAX_SCALED = 1024
SCALED_BUDGET = 32 * MB
SCALED_SCREENS = 2
#: the images as read kept, at most this many and this many bytes (a 400x560 face takes 0.9 MB, a
#: 1920x1080 table 8 MB; of a pack of 16-megapixel images only one stays)
MAX_SOURCES = 160
SOURCE_BUDGET = 16 * MB
#: live reload looks at the files at most this often (seconds of the caller's clock)
POLL_SECONDS = 0.5
#: keys of a [games.<id>] table that are not card backs
NOT_BACKS = frozenset({"cards", "text", "card_size", "table"})

Size = tuple[int, int]
RGB = tuple[int, int, int]
FileSignature = tuple[int, int]
ArtId = tuple[str, str, str | None]  # section, game id, key

TABLE_FALLBACK: RGB = (40, 92, 68)


@dataclass(frozen=True)
class TextStyle:
    """How the table writes on a face: `colour`, and `safe_area` as fractions (x, y, w, h) of the card."""

    colour: RGB = (40, 30, 20)
    safe_area: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)


class ArtLibrary:
    """Card faces, backs and table backgrounds of the active packs, as surfaces ready to blit.

    Live reload: `poll(now)` (called by the gallery and the table every frame, with the app's clock)
    looks at most every POLL_SECONDS at the files it has read: a changed image drops only the surfaces
    made from it, a changed manifest or a pack folder that came or went reads the packs again. Every
    such change, and a change of the chosen packs, raises `generation`, so whoever keeps surfaces of
    its own (a table's sprites) knows to ask again.
    """

    def __init__(self, settings: Settings | None = None, roots: Iterable[Path] | None = None) -> None:
        self.settings = settings or Settings()
        self.roots = list(roots) if roots is not None else [ASSET_ART_DIR, data_dir() / "art"]
        self.problems: list[str] = []
        #: raised whenever what the library shows may have changed (files on disk, chosen packs)
        self.generation = 0
        self._reported: set[str] = set()
        self._packs: dict[str, Pack] = {}
        self._sources: BoundedCache[tuple, pygame.Surface] = BoundedCache(
            "art originals", SOURCE_BUDGET, limit=MAX_SOURCES)
        self._scaled: BoundedCache[tuple, pygame.Surface] = BoundedCache(
            "art scaled", SCALED_BUDGET, limit=MAX_SCALED)
        #: every file read (or looked for) -> its (mtime, size) then; None: it was not there
        self._signatures: dict[Path, FileSignature | None] = {}
        #: image file -> the art ids (section, game id, key) whose surfaces came from it, or tried to
        self._art_from: dict[Path, set[ArtId]] = {}
        #: image file -> the problems it caused (withdrawn when the file changes)
        self._file_problems: dict[Path, list[str]] = {}
        self._chosen = dict(self.settings.art_packs)
        #: game id -> a pack shown for now instead of the chosen one (the table's A/B key); never saved
        self.shown_instead: dict[str, str] = {}
        self._polled_at: float | None = None
        self._pack_folders = self._find_packs()
        add_listener(self._language_changed)

    # -- what the table asks for --------------------------------------------------------------------
    def card(self, game_id: str, card_id: str, size: Size) -> pygame.Surface:
        """The face of `card_id` scaled to `size` (w, h)."""
        return self._get(game_id, "cards", card_id, size)

    def back(self, game_id: str, size: Size, kind: str = "back") -> pygame.Surface:
        """A card back scaled to `size`; `kind` names the back ("back", or e.g. "king_back")."""
        return self._get(game_id, kind, None, size)

    def table(self, game_id: str, size: Size, *, keep: bool = True) -> pygame.Surface:
        """The table background, scaled to cover `size` and cropped to it (centred). `keep=False` for
        a caller that keeps its own picture made from it (a table's backdrop): a window-sized copy in
        the cache too would only crowd out the cards."""
        size = _clean_size(size)
        key = ("table", game_id, None, size, self.active_pack(game_id), language())
        cached = self._cached(key)
        if cached is not None:
            return cached
        src = self._source(game_id, "table", None)
        # crop the source to the window's shape first, then scale: an image of any shape (a strip of
        # 10000x1) scales to the window, never to a surface many times its size
        sw, sh = src.get_size()
        zoom = max(size[0] / sw, size[1] / sh)
        crop_w, crop_h = min(sw, max(1, round(size[0] / zoom))), min(sh, max(1, round(size[1] / zoom)))
        crop = pygame.Rect(0, 0, crop_w, crop_h)
        crop.center = (sw // 2, sh // 2)
        scaled = _ready(_smoothscale(src.subsurface(crop), size))
        return self._store(key, scaled) if keep else scaled

    def aspect(self, game_id: str) -> float:
        """Card width / height for this game's active art."""
        w, h = self.card_size(game_id)
        return w / h

    def text_style(self, game_id: str, card_id: str) -> TextStyle:
        """How to write on this card's face (its pack's [games.<id>.text] table)."""
        for pack in self._chain(game_id):
            if pack.error is not None:
                break
            if pack.entry(game_id, "cards", card_id) is None and pack.name != DEFAULT_PACK:
                continue
            text = pack.games.get(game_id, {}).get("text", {})
            merged = {**text.get("default", {}), **text.get(card_id, {})}
            return _text_style(merged, pack.game_card_size(game_id))
        return TextStyle()

    # -- what a designer asks for -------------------------------------------------------------------
    def packs(self, game_id: str | None = None) -> list[str]:
        """Names of the packs found (that cover `game_id`, if given), the default first."""
        names = sorted(self._pack_folders, key=lambda n: (n != DEFAULT_PACK, n))
        if game_id is None:
            return names
        return [
            n for n in names if (p := self._pack(n)) is not None and p.error is None and game_id in p.games
        ]

    def pack_folder(self, name: str) -> Path | None:
        """Where the pack `name` lies (None: no such pack)."""
        return self._pack_folders.get(name)

    def pack_title(self, name: str) -> str:
        """The pack's name from its manifest (its folder name when it has none or cannot be read)."""
        pack = self._pack(name)
        return (pack.title or name) if pack is not None else name

    def active_pack(self, game_id: str) -> str:
        """The pack shown for the game: one shown for now (`show_instead`), else the pack chosen for it
        (`Settings.art_packs`), the default pack when none is."""
        return self.shown_instead.get(game_id) or self.settings.art_packs.get(game_id, DEFAULT_PACK)

    def show_instead(self, game_id: str, name: str | None) -> None:
        """Show `name` for the game for now without choosing it (None: the chosen pack again): the
        settings keep their choice. A new generation: whoever keeps surfaces asks again at once."""
        if name is None:
            self.shown_instead.pop(game_id, None)
        else:
            self.shown_instead[game_id] = name
        self.generation += 1

    def pack_choices(self, game_id: str) -> list[str]:
        """The packs a player may choose for the game: those that cover it, and the one chosen now."""
        names = self.packs(game_id)
        active = self.active_pack(game_id)
        return names if active in names else [*names, active]

    def choose(self, game_id: str, name: str) -> None:
        """Make `name` the game's pack (in the settings: the caller saves them); a pack shown for now
        (`show_instead`) gives way to the choice."""
        self.shown_instead.pop(game_id, None)
        if name == DEFAULT_PACK:
            self.settings.art_packs.pop(game_id, None)
        else:
            self.settings.art_packs[game_id] = name

    def card_size(self, game_id: str) -> Size:
        """The source pixels of the game's faces in its active pack (its manifest's card_size)."""
        for pack in self._chain(game_id):
            if pack.error is None:
                return pack.game_card_size(game_id)
        return DEFAULT_CARD_SIZE

    def art_games(self) -> list[str]:
        """The games the default pack has art ids for: the games whose cards are known by their art."""
        pack = self._pack(DEFAULT_PACK)
        return list(pack.games) if pack is not None and pack.error is None else []

    def card_ids(self, game_id: str) -> list[str]:
        """Every card id of the game, in the default pack's order (the shipped pack names them all)."""
        pack = self._pack(DEFAULT_PACK)
        if pack is None or pack.error is not None:
            return []
        return list(pack.games.get(game_id, {}).get("cards", {}))

    def back_kinds(self, game_id: str) -> list[str]:
        """The kinds of back the game's cards have ("back", "king_back", …), in the default pack's order."""
        pack = self._pack(DEFAULT_PACK)
        if pack is None or pack.error is not None:
            return []
        game = pack.games.get(game_id, {})
        return [k for k in game if k not in NOT_BACKS]

    def unknown_ids(self, game_id: str) -> list[str]:
        """Card ids the active pack names that the game does not have (a typo, most likely): the first
        UNKNOWN_SHOWN of them; how many there are in all goes to the problems, in one line."""
        pack = self._pack(self.active_pack(game_id))
        if pack is None or pack.error is not None or pack.name == DEFAULT_PACK:
            return []
        known = set(self.card_ids(game_id))
        unknown = [c for c in pack.games.get(game_id, {}).get("cards", {}) if c not in known]
        if len(unknown) > UNKNOWN_SHOWN:
            said = tr("{pack}: {n} card ids that {game} does not have, {ids} and more: only the first "
                      "{shown} are shown")
            self._problem(said.format(pack=pack_words(pack.name), n=len(unknown), game=game_id,
                                      ids=", ".join(map(repr, unknown[:3])), shown=UNKNOWN_SHOWN))
        return unknown[:UNKNOWN_SHOWN]

    def origin(self, game_id: str, section: str, key: str | None = None) -> str | None:
        """The name of the pack whose image shows for one art id (`section` "cards" with the card id
        as `key`, or a back kind or "table"), or None when a drawn stand-in shows: lets a contact
        sheet or the gallery mark fallback and missing art."""
        return self._find(game_id, section, key)[1]

    def problems_for(self, game_id: str, section: str | None = None, key: str | None = None) -> list[str]:
        """The listed problems about one art id (`section` and `key` as for `origin`), or, without a
        section, about the game and its active pack (an unreadable manifest, a pack not installed)."""
        if section is not None:
            what = _describe(game_id, section, key)
            return [m for m in self.problems if what in m]
        pack = pack_words(self.active_pack(game_id))
        return [m for m in self.problems if game_id in m or pack in m]

    # -- live reload ------------------------------------------------------------------------------
    def poll(self, now: float) -> bool:
        """`reload_changed`, at most once every POLL_SECONDS of `now` (the caller's clock, seconds):
        cheap enough to call every frame."""
        if self._polled_at is not None and 0.0 <= now - self._polled_at < POLL_SECONDS:
            return False
        self._polled_at = now
        return self.reload_changed()

    def reload_changed(self) -> bool:
        """Take in what changed on disk since the files were read, and a change of the chosen packs.
        A changed image drops the surfaces made from it (a broken one shows the stand-in and is listed
        in `problems`; once fixed, its art comes back); a changed manifest, or a pack folder that came
        or went, reads every pack again. True (and a new `generation`) if anything changed."""
        if find_packs(self.roots) != self._pack_folders:
            self._reset()
            return True
        changed = [path for path, seen in self._signatures.items() if _signature(path) != seen]
        if any(path.name == MANIFEST for path in changed):
            self._reset()
            return True
        for path in changed:
            self._forget_file(path)
        chosen_changed = self.settings.art_packs != self._chosen
        self._chosen = dict(self.settings.art_packs)
        if not changed and not chosen_changed:
            return False
        self.generation += 1
        return True

    def _language_changed(self, code: str) -> None:
        """Faces are kept per language (each cache key holds it): whoever keeps surfaces of its own
        learns from a new generation that the faces of another language are to be asked for. The
        problems are in words: the manifests are read again (the images stay), so that each problem is
        found again, and told in the new language, as its art is asked for."""
        self._packs.clear()
        self.problems.clear()
        self._reported.clear()
        self._file_problems.clear()
        self._pack_folders = self._find_packs()
        # the other language's faces go (choosing it again scales them again)
        self._scaled.discard(lambda key: key[5] != code)
        self._sources.discard(lambda key: key[0] == "stand-in" and key[5] != code)
        self.generation += 1

    def forget_games(self, keep: Iterable[str] = ()) -> None:
        """Let go of the surfaces of every game but those in `keep` (the games still shown): their scaled
        faces, backs and tables, and the images they were scaled from. Asked for again, they are read
        and scaled again."""
        kept = set(keep)
        self._scaled.discard(lambda key: key[1] not in kept)

        def unwanted(key: tuple) -> bool:
            if key[0] == "stand-in":
                return key[1] not in kept
            art_ids = self._art_from.get(key[1], set())
            return not any(game_id in kept for _, game_id, _ in art_ids)

        self._sources.discard(unwanted)

    def _reset(self) -> None:
        """Forget every pack and surface: they are read again on demand."""
        self._packs.clear()
        self._sources.clear()
        self._scaled.clear()
        self._signatures.clear()
        self._art_from.clear()
        self._file_problems.clear()
        self.problems.clear()
        self._reported.clear()
        self._chosen = dict(self.settings.art_packs)
        self._pack_folders = self._find_packs()
        self.generation += 1

    def _forget_file(self, path: Path) -> None:
        """Drop one image file's source, the surfaces scaled from it and the problems it caused."""
        self._signatures.pop(path, None)
        self._sources.pop(("file", path))
        art_ids = self._art_from.pop(path, set())
        self._scaled.discard(lambda key: key[:3] in art_ids)
        for message in self._file_problems.pop(path, []):
            self._reported.discard(message)
            if message in self.problems:
                self.problems.remove(message)

    # -- packs ------------------------------------------------------------------------------------
    def _find_packs(self) -> dict[str, Path]:
        refused: list[str] = []
        found = find_packs(self.roots, refused)
        for message in refused:
            self._problem(message)
        return found

    def _pack(self, name: str) -> Pack | None:
        if name in self._packs:
            return self._packs[name]
        folder = self._pack_folders.get(name)
        if folder is None:
            return None
        found: list[str] = []
        pack = read_pack(folder, found)
        self._signatures[folder / MANIFEST] = _signature(folder / MANIFEST)
        for message in found:
            self._problem(message)
        if pack.error:
            self._problem(pack.error)
        self._packs[name] = pack
        return pack

    def _chain(self, game_id: str) -> list[Pack]:
        """The packs to ask, in order: the active one for this game, then the default pack."""
        wanted = self.active_pack(game_id)
        chain: list[Pack] = []
        active = self._pack(wanted)
        if active is None and wanted != DEFAULT_PACK:
            self._problem(tr("{pack} (chosen for {game}) is not installed; using the default pack").format(
                pack=pack_words(wanted), game=game_id))
        if active is not None:
            chain.append(active)
        if wanted != DEFAULT_PACK:
            default = self._pack(DEFAULT_PACK)
            if default is not None:
                chain.append(default)
        return chain

    # -- images -----------------------------------------------------------------------------------
    def _get(self, game_id: str, section: str, key: str | None, size: Size) -> pygame.Surface:
        size = _clean_size(size)
        # the pack and the language are part of the key: choosing another needs no cache flush
        cache_key = (section, game_id, key, size, self.active_pack(game_id), language())
        cached = self._cached(cache_key)
        if cached is not None:
            return cached
        src = self._source(game_id, section, key)
        scaled = src.copy() if src.get_size() == size else _smoothscale(src, size)
        return self._store(cache_key, _ready(scaled))

    def _source(self, game_id: str, section: str, key: str | None) -> pygame.Surface:
        """The full-size image for one art id, or a drawn stand-in when there is none."""
        return self._find(game_id, section, key)[0]

    def _find(self, game_id: str, section: str, key: str | None) -> tuple[pygame.Surface, str | None]:
        what = _describe(game_id, section, key)
        for pack in self._chain(game_id):
            if pack.error is not None:
                break  # a broken manifest: its whole game gets stand-ins, the problem is listed
            entry = pack.entry(game_id, section, key)
            if entry is None:
                continue
            path = pack.folder / entry
            self._art_from.setdefault(path, set()).add((section, game_id, key))
            image = self._load(pack, path, what)
            if image is not None:
                return image, pack.name
            break
        else:
            self._problem(tr("no art for {what} in any pack").format(what=what))
        return self._stand_in(game_id, section, key), None

    def _load(self, pack: Pack, path: Path, what: str) -> pygame.Surface | None:
        key = ("file", path)
        found = self._sources.get(key)
        if found is not None:
            return found
        if path not in self._signatures:  # the first look decides what counts as a change
            self._signatures[path] = _signature(path)
        try:
            image = load_image(path, pack.folder)
        except ImageRefused as exc:
            self._problem(tr("{pack}: the image for {what} cannot be used: {problem}").format(
                pack=pack_words(pack.name), what=what, problem=exc), path)
            return None
        return self._keep_source(key, _ready(image))

    def _stand_in(self, game_id: str, section: str, key: str | None) -> pygame.Surface:
        cache_key = ("stand-in", game_id, section, key, self.active_pack(game_id), language())
        found = self._sources.get(cache_key)
        if found is not None:
            return found
        if section == "table":
            image = pygame.Surface(TABLE_SIZE)
            image.fill(TABLE_FALLBACK)
        else:
            w, h = DEFAULT_CARD_SIZE
            aspect = self.aspect(game_id)
            size = (w, max(1, round(w / aspect)))
            image = draw_stand_in(size, game_id, key, back=section != "cards")
        return self._keep_source(cache_key, _ready(image))

    # -- caches -----------------------------------------------------------------------------------
    def _keep_source(self, key: tuple, image: pygame.Surface) -> pygame.Surface:
        return self._sources.put(key, image)

    def _cached(self, key: tuple) -> pygame.Surface | None:
        return self._scaled.get(key)

    def _store(self, key: tuple, surface: pygame.Surface) -> pygame.Surface:
        screen = pygame.display.get_surface() if pygame.display.get_init() else None
        screens = SCALED_SCREENS * surface_bytes(screen) if screen is not None else 0
        self._scaled.budget = max(SCALED_BUDGET, screens)
        return self._scaled.put(key, surface)

    def _problem(self, message: str, path: Path | None = None) -> None:
        message = shown(message)  # names from the disk or a manifest: drawn by the gallery, logged
        if message in self._reported:
            return
        self._reported.add(message)
        self.problems.append(message)
        if path is not None:
            self._file_problems.setdefault(path, []).append(message)
        log.warning("%s", message)


# -- helpers ---------------------------------------------------------------------------------------
def _clean_size(size: Iterable[float]) -> Size:
    w, h = size
    return (max(1, round(w)), max(1, round(h)))


def _signature(path: Path) -> FileSignature | None:
    """What tells a changed file apart: its mtime (in ns) and size; None when it is not there."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size)


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format for fast blits, once a display mode exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            return surface
    return surface


def _smoothscale(surface: pygame.Surface, size: Size) -> pygame.Surface:
    if surface.get_bitsize() not in (24, 32):
        surface = surface.convert_alpha() if pygame.display.get_surface() else _to_32(surface)
    return pygame.transform.smoothscale(surface, size)


def _to_32(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


def _describe(game_id: str, section: str, key: str | None) -> str:
    if section == "cards":
        return card_words(game_id, key)
    return f"{game_id} {section}"


def _text_style(entry: dict[str, Any], card_size: Size) -> TextStyle:
    style = TextStyle()
    colour = entry.get("colour")
    if is_colour(colour):
        style = TextStyle(colour=(colour[0], colour[1], colour[2]), safe_area=style.safe_area)
    area = entry.get("safe_area")
    if is_area(area, card_size):
        w, h = card_size
        x, y, aw, ah = area
        style = TextStyle(colour=style.colour, safe_area=(x / w, y / h, aw / w, ah / h))
    return style
