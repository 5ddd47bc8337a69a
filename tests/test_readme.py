"""The README as a newcomer reads it: two set-up commands, each with its Windows spelling beside it; the
build tool installed before `python -m build` is run; a first-game section near the top naming the
lesson and the hint as the menus and the table name them."""

from __future__ import annotations

import re
from pathlib import Path

from scenes.menus import setup

README = Path(__file__).resolve().parent.parent / "README.md"


def sections() -> dict[str, str]:
    text = README.read_text(encoding="utf-8")
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def test_two_set_up_commands_each_with_its_windows_spelling():
    body = sections()["Set up"]
    blocks = re.findall(r"```\n(.*?)\n```", body, flags=re.DOTALL)
    commands = [b for b in blocks if b.startswith("python3 -m venv .venv")]
    assert len(commands) == 2 and len(blocks) == 2
    assert "kartentisch" in commands[0].split("&&")[-1] and "pytest" in commands[1].split("&&")[-1]
    windows = re.findall(r"`(py -m venv \.venv && [^`]+)`", body)
    assert len(windows) == 2
    for posix, spelled in zip(commands, windows, strict=True):
        assert spelled.replace("\\Scripts\\", "/bin/").replace("py -m", "python3 -m") == posix


def test_the_build_tool_is_installed_before_it_is_run():
    text = README.read_text(encoding="utf-8")
    build = text.index("python -m build")
    install = text.index("pip install build")
    assert install - build < 400  # said in the same place, before the command that needs it
    assert text.index(".venv/bin/python -m build") > install


def test_your_first_game_names_the_lesson_and_the_hint_near_the_top():
    titles = list(sections())
    assert titles.index("Your first game") <= 2
    body = sections()["Your first game"]
    assert "**Learn this game**" in body and "**H**" in body
    source = Path(setup.__file__).read_text(encoding="utf-8")
    assert 'tr("Learn this game")' in source and 'tr("HELP AT THE TABLE")' in source
    assert "Help at the table" in body


def test_the_inspect_sentence_says_what_resting_and_the_keys_do():
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert ("resting the pointer on a card for about a second shows it large beside the pointer; "
            "right-click, **I** or Space open the full view") in text
