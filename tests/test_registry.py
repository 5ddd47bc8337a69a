"""One registry line per game: what a game provides to the view and the tools is declared in its entry
(game.REGISTRY), and outside its own modules no code names a game; so a fifth game touches only its own
modules and one registry line."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import game
from game import ENTRIES, GAME_IDS, REGISTRY

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "cards", "scenes", "tools", "kartentisch")


def own_modules(game_id: str) -> tuple[str, ...]:
    """Where a game's own code lives."""
    return (f"game/{game_id}/", f"game/guide/{game_id}.py", f"cards/words/{game_id}.py",
            f"scenes/table/{game_id}/", f"tools/artgen/{game_id}/", f"tools/arttool/layouts/{game_id}.py")


def code_names(path: Path) -> list[tuple[int, str]]:
    """The strings and imported names of a module's code (its docstrings and prose left out: a text with
    a space in it is words for people, not a name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    owners = [node for node in ast.walk(tree)
              if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)]
    firsts = [node.body[0] for node in owners if node.body]
    docs = {id(first.value) for first in firsts
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if " " not in node.value:
                found.append((node.lineno, node.value))
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def games_named(text: str) -> list[str]:
    return [game_id for game_id in GAME_IDS if re.search(rf"(?<![a-z_]){game_id}(?![a-z_])", text)]


def test_no_code_outside_a_game_and_the_registry_names_the_game():
    named = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where == "game/registry.py":  # the registry
                continue
            for line, text in code_names(path):
                named += [f"{where}:{line}: {text!r}" for game_id in games_named(text)
                          if not where.startswith(own_modules(game_id))]
    assert named == []


def test_the_check_sees_a_name_in_code_but_not_in_words():
    assert games_named("scenes.table.palace.table") == ["palace"]
    assert games_named("gloria_picktoria") == ["gloria_picktoria"]
    assert games_named("palastgefluester_x") == []


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda e: e.id)
def test_every_entry_names_what_exists(entry):
    assert game.load(entry.id).id == entry.id
    module, _, name = entry.table.partition(":")
    table = getattr(importlib.import_module(module), name)
    assert table.__name__ == name
    words = importlib.import_module(entry.words)
    assert words.INFO.title and words.SUMMARY and words.pages()
    for part in (entry.guide, entry.art_layout):
        assert part is None or importlib.import_module(part)
    assert entry.progress in {"scores", "chapters", "cards_left"}


def test_the_lists_of_games_come_from_the_registry():
    from cards.rules_text import GAME_INFO
    from game.guide import GAMES
    from scenes.table import TABLES
    from tools.arttool.layouts import LAYOUT_MODULES

    assert tuple(GAME_INFO) == GAMES == GAME_IDS  # the menus' order
    assert set(TABLES) == set(LAYOUT_MODULES) == set(ENTRIES) == set(GAME_IDS)
