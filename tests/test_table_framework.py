"""The table framework carries the tables: every game's table speaks to TableScene through its public
hooks only. No table overrides a private method of TableScene, calls one, or reads or writes one of
its private attributes."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from scenes.table import TABLES
from scenes.table.kit.scene import TableScene

TABLE_DIR = Path(__file__).resolve().parent.parent / "scenes" / "table"
GAMES = sorted(TABLES)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def base_private_names() -> set[str]:
    """Every private name TableScene has: its methods and what it keeps on `self`."""
    names = {name for name in dir(TableScene) if private(name)}
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in (TABLE_DIR / "kit").glob("*.py")]
    for node in (node for tree in trees for node in ast.walk(tree)):
        if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
            continue
        if node.value.id == "self" and private(node.attr):
            names.add(node.attr)
    return names


def table_modules(game_id: str) -> list[Path]:
    return sorted((TABLE_DIR / game_id).glob("*.py"))


@pytest.mark.parametrize("game_id", GAMES)
def test_no_table_overrides_a_private_method_of_the_framework(game_id):
    module, _, name = TABLES[game_id].partition(":")
    table = getattr(importlib.import_module(module), name)
    assert issubclass(table, TableScene)
    overridden = [
        f"{klass.__name__}.{attr}"
        for klass in table.__mro__
        if klass is not TableScene and issubclass(klass, TableScene)
        for attr in vars(klass)
        if private(attr) and hasattr(TableScene, attr)
    ]
    assert overridden == []


@pytest.mark.parametrize("game_id", GAMES)
def test_no_table_reaches_into_the_framework(game_id):
    hidden = base_private_names()
    reached = []
    for path in table_modules(game_id):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or node.attr not in hidden:
                continue
            owner = node.value
            if (isinstance(owner, ast.Name) and owner.id == "self") or (
                isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) and owner.func.id == "super"
            ):
                reached.append(f"{path.name}:{node.lineno}: {node.attr}")
    assert reached == []


def test_the_check_sees_a_table_that_reaches_in():
    """The two checks above catch what they look for (a table that did both would fail them)."""

    class Sneaky(TableScene):
        def _play_event(self, event):
            return None

    assert [a for a in vars(Sneaky) if private(a) and hasattr(TableScene, a)] == ["_play_event"]
    assert {"_play_event", "_drag", "_targets_key"} <= base_private_names()
