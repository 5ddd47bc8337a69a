"""Caches bounded by their bytes: every cache of surfaces (and of fonts) in scenes/ is a `BoundedCache`.

A cache of drawn things is bounded by what it holds, not by how many: a thousand lines of small text
weigh less than one 4K table cloth. `BoundedCache` keeps entries in the order they were last used and
counts the bytes of each (a surface's pixels: `surface_bytes`; a font: an estimate, `font_bytes`);
when a new entry takes it past its budget, the least recently used go first. An entry larger than the
whole budget is kept alone (a window's one cloth is drawn once, not every frame). `cached(name,
budget)` makes a function's results such a cache, in place of `functools.lru_cache`.

A scene's own caches implement `drop_cached()`; when the scene leaves the stack they are dropped
(`Scene.drop_caches`), so what a closed screen drew goes with it at once. `caches()` lists every live
cache with its bytes (`python -m tools.bench memory --surfaces` prints them), and `release_memory()`
gives the memory freed back to the system where the C library keeps it (glibc's `malloc_trim`).

The C library: with glibc, a block of LARGE_BLOCK bytes or more (a picture of 256 x 256 pixels) is
mapped on its own, so that it goes back to the system as soon as it is freed. glibc's own threshold
grows, after the first such block is freed, up to 32 MB: the window-sized pictures the screens make and
drop would then be carved from the heap, which a few small blocks among them keep from ever shrinking
(measured: 560 MB of 1,150 freed and kept after 2,000 frames of the monkey). The app sets it after its
first frame (`map_large_blocks`), before any screen has made and dropped a picture.
"""

from __future__ import annotations

import sys
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any, Generic, ParamSpec, Protocol, TypeVar, runtime_checkable

import pygame

MB = 1 << 20
#: what a font costs before it draws anything, and per square pixel of its size for the glyphs it keeps
#: (measured with pygame-ce 2.5 and SDL_ttf: about 180 kB, plus 28 bytes x size squared once used)
FONT_BASE_BYTES = 192 * 1024
FONT_GLYPH_BYTES = 32

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of a surface's pixels: its rows (pitch) times its height. A subsurface counts the rows
    of its parent it covers (it keeps that parent alive)."""
    return surface.get_pitch() * surface.get_height()


def font_bytes(font: pygame.font.Font) -> int:
    """An estimate of what a font holds: its face and the glyphs it has drawn (they grow with its size)."""
    height = font.get_height()
    return FONT_BASE_BYTES + FONT_GLYPH_BYTES * height * height


@runtime_checkable
class Droppable(Protocol):
    """A cache a scene keeps: `drop_cached()` lets go of everything it holds (it fills again when used)."""

    def drop_cached(self) -> None: ...


_caches: weakref.WeakSet[BoundedCache[Any, Any]] = weakref.WeakSet()


class BoundedCache(Generic[K, V]):
    """A least-recently-used cache bounded by `budget` bytes (each value weighed by `weigh`), and by
    `limit` entries when given. It never holds more than its budget, except for a single entry larger
    than the whole budget, which is then kept alone."""

    def __init__(self, name: str, budget: int, weigh: Callable[[V], int] | None = None,
                 limit: int | None = None) -> None:
        self.name = name
        self._budget = max(0, int(budget))
        self.limit = limit
        #: a value's bytes (by default a surface's: `surface_bytes`)
        self.weigh: Callable[[Any], int] = weigh if weigh is not None else surface_bytes
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        _caches.add(self)

    # -- what it holds --------------------------------------------------------------------------
    @property
    def bytes(self) -> int:
        """The bytes of everything held now."""
        return self._bytes

    @property
    def budget(self) -> int:
        return self._budget

    @budget.setter
    def budget(self, value: int) -> None:
        """A new budget (a smaller one lets the least recently used go at once)."""
        self._budget = max(0, int(value))
        self._shrink()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first."""
        return iter(list(self._entries))

    def keys(self) -> list[K]:
        """The keys, least recently used first."""
        return list(self._entries)

    def values(self) -> Iterator[V]:
        return (value for value, _ in self._entries.values())

    # -- use --------------------------------------------------------------------------------------
    def get(self, key: K) -> V | None:
        """The value kept for `key` (now the most recently used), or None."""
        found = self._entries.get(key)
        if found is None:
            return None
        self._entries.move_to_end(key)
        return found[0]

    def put(self, key: K, value: V) -> V:
        """Keep `value` for `key` as the most recently used, letting the least recently used go while
        the cache is over its budget; returns `value`."""
        self.pop(key)
        weight = max(0, int(self.weigh(value)))
        self._entries[key] = (value, weight)
        self._bytes += weight
        self._shrink()
        return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for `key`, made by `make()` and kept when there is none."""
        found = self.get(key)
        return found if found is not None else self.put(key, make())

    def pop(self, key: K) -> V | None:
        """Let go of one entry; returns its value (None when there was none)."""
        found = self._entries.pop(key, None)
        if found is None:
            return None
        self._bytes -= found[1]
        return found[0]

    def discard(self, unwanted: Callable[[K], bool]) -> int:
        """Let go of every entry whose key is `unwanted`; returns how many went."""
        gone = [key for key in self._entries if unwanted(key)]
        for key in gone:
            self.pop(key)
        return len(gone)

    def clear(self) -> None:
        self._entries.clear()
        self._bytes = 0

    def drop_cached(self) -> None:
        """Let go of everything (Droppable)."""
        self.clear()

    def _shrink(self) -> None:
        while len(self._entries) > 1 and (
                self._bytes > self._budget or (self.limit is not None and len(self._entries) > self.limit)):
            _, (_, weight) = self._entries.popitem(last=False)
            self._bytes -= weight

    def __repr__(self) -> str:
        return (f"<BoundedCache {self.name!r}: {len(self)} entries, {self._bytes / MB:.1f} of "
                f"{self._budget / MB:.1f} MB>")


class CachedFunction(Generic[P, V]):
    """A function whose results are kept in a BoundedCache, by its arguments (which must be hashable)."""

    def __init__(self, function: Callable[P, V], cache: BoundedCache[Hashable, V]) -> None:
        self.function = function
        self.cache = cache
        self.__doc__ = function.__doc__
        self.__name__ = getattr(function, "__name__", "cached")
        self.__wrapped__ = function

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> V:
        key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        found = self.cache.get(key)
        if found is not None:
            return found
        return self.cache.put(key, self.function(*args, **kwargs))

    def cache_clear(self) -> None:
        self.cache.clear()


def cached(name: str, budget: int, weigh: Callable[[Any], int] | None = None,
           limit: int | None = None) -> Callable[[Callable[P, V]], CachedFunction[P, V]]:
    """A decorator: the function's results kept in a BoundedCache of `budget` bytes (and at most `limit`
    entries), the least recently used going first."""

    def decorate(function: Callable[P, V]) -> CachedFunction[P, V]:
        return CachedFunction(function, BoundedCache(name, budget, weigh, limit))

    return decorate


def caches() -> list[BoundedCache[Any, Any]]:
    """Every cache alive now, the heaviest first."""
    return sorted(_caches, key=lambda cache: -cache.bytes)


def cached_bytes() -> dict[str, tuple[int, int]]:
    """The bytes and entries of the caches alive now, summed by name, the heaviest first."""
    totals: dict[str, tuple[int, int]] = {}
    for cache in list(_caches):
        bytes_, entries = totals.get(cache.name, (0, 0))
        totals[cache.name] = (bytes_ + cache.bytes, entries + len(cache))
    return dict(sorted(totals.items(), key=lambda item: -item[1][0]))


_libc_handle: list[Any] = []  # glibc, once looked for (None elsewhere)


def _libc() -> Any:
    if _libc_handle:
        return _libc_handle[0]
    libc = None
    if sys.platform.startswith("linux"):
        import ctypes  # only here: glibc's soname is fixed, so no search for it (and no ldconfig) at start-up

        try:
            libc = ctypes.CDLL("libc.so.6")
            libc.malloc_trim  # noqa: B018  (glibc only: musl has none)
        except (OSError, AttributeError):
            libc = None
    _libc_handle.append(libc)
    return libc


#: glibc's mallopt parameter for the size from which a block is mapped on its own
_M_MMAP_THRESHOLD = -3
LARGE_BLOCK = 256 * 1024


def map_large_blocks() -> None:
    """Have glibc map every block of LARGE_BLOCK bytes or more on its own (see the module's docstring);
    a no-op elsewhere. The app calls it once its first frame is up: until a mapped block is freed, glibc
    maps blocks from 128 kB on its own anyway, so the title need not wait for the C library."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, LARGE_BLOCK)


def release_memory() -> None:
    """Give the memory freed so far back to the system (glibc keeps freed blocks for reuse, and a heap
    with a few live blocks among many freed ones stays as large as it ever was). A no-op elsewhere."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
