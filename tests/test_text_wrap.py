"""One wrapping rule for every text that must be read whole: lines fit, no word is lost or cut short
unless it alone is wider than the line, and no other module of the app wraps text its own way."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from scenes.fonts import font, wrap

ROOT = Path(__file__).resolve().parent.parent


def setup_module(module) -> None:
    pygame.font.init()


def test_lines_fit_and_keep_every_word_in_order():
    face = font(18)
    text = "Anna lays the Golden Egg as a treasure (collection 2) and the fox goes to Ben's row 1"
    lines = wrap(text, face, 160)
    assert len(lines) > 2
    assert all(face.size(line)[0] <= 160 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_own_line_breaks_are_kept_and_a_word_wider_than_the_line_is_broken_inside():
    face = font(16)
    path = "/home/anna/.local/share/kartentisch/art/packs/a-very-long-folder-name/pack.toml"
    lines = wrap(f"Cannot read\n{path}", face, 120)
    assert lines[0] == "Cannot read"
    assert "".join(lines[1:]) == path
    assert all(face.size(line)[0] <= 120 for line in lines)


def test_the_app_has_one_wrapping_function():
    found = []
    for path in (ROOT / "scenes").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and "wrap" in node.name.lower():
                found.append(f"{path.relative_to(ROOT)}:{node.name}")
    assert found == ["scenes/fonts.py:wrap"]
