"""The table kit holds its shape: tables override its declared hooks only, the view's modules import one
another without a cycle, and a table's layers are drawn and take input in their order (Esc closes the top
one only)."""

from __future__ import annotations

import ast
import importlib
import inspect
import itertools
from pathlib import Path

import pygame
import pytest
from test_table_support import close_app, make_app, palastgefluester_table

from game.match import Match, Seat
from scenes.layers import Layer, LayerStack, Place
from scenes.table import TABLES, open_table
from scenes.table.kit import HOOKS, Banner, TableScene
from scenes.table.kit.animation import Hold
from scenes.table.kit.log_panel import LogPanel
from scenes.table.kit.moments import Stamp, token

ROOT = Path(__file__).resolve().parent.parent


# -- declared hooks ----------------------------------------------------------------------------------
def kit_members() -> set[str]:
    return {name for klass in TableScene.__mro__ if klass.__module__.startswith("scenes.table.kit")
            for name in vars(klass)}


def overrides_of_machinery(klass: type) -> list[str]:
    """What `klass` (a table, or a mixin over one) defines that the kit has and does not declare a hook."""
    kit = kit_members()
    outside = [owner for owner in klass.__mro__
               if not owner.__module__.startswith(("scenes.table.kit", "scenes.scene", "builtins", "typing"))]
    return sorted(f"{owner.__name__}.{name}" for owner in outside for name in vars(owner)
                  if name in kit and name not in HOOKS and not name.startswith("__"))


def every_table_class() -> list[type]:
    """Each game's table, and the same with each mixin the screens put over it: the guided first game,
    the replay viewer's and the gallery's preview."""
    from scenes.menus.gallery import _preview_class
    from scenes.menus.guided import guided_table
    from scenes.menus.replay import replay_table_class

    found = []
    for game_id in sorted(TABLES):
        module, _, name = TABLES[game_id].partition(":")
        table = getattr(importlib.import_module(module), name)
        found += [table, guided_table(game_id), replay_table_class(game_id), _preview_class(table)]
    return found


@pytest.mark.parametrize("klass", every_table_class(), ids=lambda k: k.__name__)
def test_a_table_overrides_declared_hooks_only(klass):
    assert issubclass(klass, TableScene)
    assert overrides_of_machinery(klass) == []


def test_the_hook_check_sees_a_table_that_overrides_machinery():
    class Sneaky(TableScene):
        def act(self, action: str) -> None:  # type: ignore[misc]  # what the check is for
            pass

        def describe(self, event):  # a hook: allowed
            return None

    assert overrides_of_machinery(Sneaky) == ["Sneaky.act"]


def test_every_hook_is_a_kit_member_and_the_machinery_is_final():
    kit = kit_members()
    assert kit >= HOOKS, HOOKS - kit
    for klass in TableScene.__mro__:
        if not klass.__module__.startswith("scenes.table.kit"):
            continue
        for name, member in vars(klass).items():
            if inspect.isfunction(member) and name not in HOOKS and name != "__init__":
                assert getattr(member, "__final__", False), f"{klass.__name__}.{name} is machinery: @final"


# -- the house of scenes/ ----------------------------------------------------------------------------
def scene_modules() -> dict[str, Path]:
    found = {}
    for path in (ROOT / "scenes").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of `known` that `path` imports: at module level, inside functions and under
    TYPE_CHECKING alike."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()

    def add(target: str) -> None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def scene_graph() -> dict[str, set[str]]:
    modules = scene_modules()
    return {name: imports_of(name, path, set(modules)) for name, path in modules.items()}


def test_scenes_import_one_another_without_a_cycle():
    assert cycles(scene_graph()) == []


def test_the_cycle_check_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def floor(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] == "menus":
        return "menus"
    if len(parts) > 1 and parts[1] == "table":
        return "table"
    return "shell"


def test_arrows_go_down_the_floors_only():
    """The shell imports neither tables nor menus; a table never imports a menu (exits are handed in)."""
    upward = {("shell", "table"), ("shell", "menus"), ("table", "menus")}
    up = [f"{name} -> {target}" for name, targets in scene_graph().items() for target in targets
          if (floor(name), floor(target)) in upward]
    assert up == []


def test_the_engine_and_the_card_words_never_import_the_view():
    for package in ("game", "cards"):
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                for imported in names:
                    assert not imported.startswith(("scenes", "kartentisch")), f"{path}: {imported}"
                    if package == "game":
                        assert not imported.startswith(("pygame", "cards")), f"{path}: {imported}"


# -- the layer stack ---------------------------------------------------------------------------------
COLOURS = {place: (10 + 30 * int(place), 200 - 25 * int(place), 40 + 20 * int(place)) for place in Place}


def painted(place: Place, taken: list[str], *, modal: bool = True) -> Layer:
    def draw(surface: pygame.Surface) -> None:
        surface.fill(COLOURS[place], pygame.Rect(0, 0, 4, 4))

    def handle(event: pygame.event.Event) -> bool:
        taken.append(f"{place.name} {pygame.event.event_name(event.type)}")
        return True

    def close() -> bool:
        taken.append(f"{place.name} closed")
        return True

    return Layer(place, draw, modal=lambda: modal, handle=handle, close=close, name=place.name)


@pytest.mark.parametrize("lower,upper", list(itertools.combinations(list(Place), 2)),
                         ids=lambda p: p.name)
def test_of_two_layers_the_upper_is_drawn_over_and_takes_the_click_the_key_and_esc(lower, upper):
    for order in ((lower, upper), (upper, lower)):  # the order of adding does not matter
        taken: list[str] = []
        stack = LayerStack()
        for place in order:
            stack.add(painted(place, taken))
        surface = pygame.Surface((4, 4))
        stack.draw(surface)
        assert tuple(surface.get_at((1, 1)))[:3] == COLOURS[upper]
        click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0)
        esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
        for event in (click, key, esc):
            assert stack.handle_event(event)
        assert taken == [f"{upper.name} MouseButtonDown", f"{upper.name} KeyDown", f"{upper.name} closed"]


def test_a_layer_that_lets_an_event_pass_hands_it_down():
    taken: list[str] = []
    stack = LayerStack()
    stack.add(painted(Place.TABLE, taken))
    stack.add(Layer(Place.MARKS, lambda surface: None, name="marks"))  # neither modal nor taking anything
    assert stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
    assert taken == ["TABLE KeyDown"]


@pytest.fixture
def app():
    app = make_app((1280, 720), "normal")
    yield app
    close_app(app)


def post(app, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.step(1 / 60)


def esc() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)


def face_up_spot(table) -> tuple[int, int]:
    sprite = next(s for s in table.layer if s.zone == "hand:0" and s.card and s.shown_face)
    spot = table._visible_spot(sprite)  # noqa: SLF001 - a test may look where a card can be seen
    assert spot is not None
    return round(spot[0]), round(spot[1])


def test_a_tables_layers_lie_in_their_order(app):
    table = palastgefluester_table(app)
    drawn: list[str] = []
    for layer in table.layers.layers:
        layer.draw = (lambda name, draw: lambda surface: (drawn.append(name), draw(surface)))(
            layer.name, layer.draw)
    table.banner = Banner("Round over", ["a line"], Hold(99.0))
    table.inspect_at(face_up_spot(table))
    sprite = next(iter(table.layer))
    sprite.flying = True
    table.moments.add(Stamp(9.0, picture=token("3", 20), center=(100.0, 100.0)))
    table.draw(app.screen)
    assert drawn == ["table", "flight", "moments", "marks", "banners", "inspect"]


def test_esc_closes_the_inspect_view_then_the_banner_then_opens_the_menu(app):
    table = palastgefluester_table(app)
    table.banner = Banner("Round over", ["a line"], Hold(99.0))
    assert table.inspect_at(face_up_spot(table))
    post(app, esc())
    assert not table.inspector.is_open and table.banner is not None and app.stack.top is table
    post(app, esc())
    assert table.banner is None and app.stack.top is table
    post(app, esc())
    assert type(app.stack.top).__name__ == "PauseScene"


def test_a_click_on_a_card_shown_large_closes_it_and_plays_nothing(app):
    table = palastgefluester_table(app)
    before = len(table.match.actions)
    pos, _ = table.click_points()[0]
    assert table.inspect_at(pos) or table.inspect_at(face_up_spot(table))
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert not table.inspector.is_open and len(table.match.actions) == before


def test_a_banner_takes_the_click_but_lets_the_keys_of_the_table_through(app):
    table = palastgefluester_table(app)
    table.banner = Banner("Round over", ["a line"], Hold(99.0))
    before = len(table.match.actions)
    pos, _ = table.click_points()[0]
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert table.banner is None and len(table.match.actions) == before, "the click moved the banner on only"
    table.banner = Banner("Round over", ["a line"], Hold(99.0))
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    assert isinstance(app.stack.top, LogPanel), "L opens the History under a banner too"


def test_an_overlay_parks_the_cards_in_flight_and_closes_the_inspect_view(app):
    table = palastgefluester_table(app)
    sprite = next(s for s in table.layer if s.zone == "hand:0")
    target = sprite.center
    sprite.flying = True
    sprite.center = (target[0] + 300, target[1] - 200)
    sprite.move = None
    table.relayout(5.0)  # a five-second flight home
    table.inspect_at(face_up_spot(table))
    assert table.layer.has_flights()
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    assert isinstance(app.stack.top, LogPanel)
    assert not table.layer.has_flights() and not table.inspector.is_open
    assert (round(sprite.center[0]), round(sprite.center[1])) == (round(target[0]), round(target[1]))


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_table_is_built_of_the_same_layers(app, game_id):
    match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=2)
    table = open_table(app, match)
    assert [layer.name for layer in table.layers.layers] == ["table", "flight", "moments", "marks", "banners",
                                                             "inspect"]
    places = [layer.place for layer in table.layers.layers]
    assert places == sorted(places)


def test_esc_on_each_overlay_closes_that_overlay_only(app):
    """The log panel, the pause menu and its rules: Esc closes the one on top, and the table stays."""
    from scenes.menus.rules import RulesScene

    table = palastgefluester_table(app)
    table.open_log()
    assert isinstance(app.stack.top, LogPanel)
    post(app, esc())
    assert app.stack.top is table
    post(app, esc())
    pause = app.stack.top
    assert type(pause).__name__ == "PauseScene"
    app.push(RulesScene(app, "palastgefluester"))
    app.step(1 / 60)
    post(app, esc())
    assert app.stack.top is pause
    post(app, esc())
    assert app.stack.top is table and table.layers.top() is not None
