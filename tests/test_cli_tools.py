"""Every command-line tool, run as a person runs it: a mistake in the arguments gets the usage and the
reason and exit 2, an output that cannot be written one line and exit 1, and neither a traceback.

Each tool's cases run in one fresh interpreter (starting Python with pygame costs about half a
second): the driver below runs the tool's module as `python -m` does, once per case, and reports
each exit code and what went to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tools import cli

ROOT = Path(__file__).resolve().parent.parent

DRIVER = r"""
import contextlib, io, json, runpy, sys, traceback
module, cases = sys.argv[1], json.loads(sys.argv[2])
results = []
for argv in cases:
    err = io.StringIO()
    sys.argv = [module, *argv]
    code = 0
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        except SystemExit as stop:  # as the interpreter ends on it: a text is printed and exits 1
            if isinstance(stop.code, str):
                print(stop.code, file=sys.stderr)
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except BaseException:
            traceback.print_exc(file=err)
            code = "Traceback"
    results.append({"argv": argv, "code": code, "err": err.getvalue()})
print(json.dumps(results))
"""


def run_cases(module: str, cases: list[list[str]]) -> list[dict]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", DRIVER, module, json.dumps(cases)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def assert_usage_errors(results: list[dict], expected: dict[int, str]) -> None:
    """Every case is refused with the usage and exit 2; case i's reason contains expected[i] if given."""
    for i, result in enumerate(results):
        where = f"{result['argv']}:\n{result['err']}"
        assert "Traceback" not in result["err"], where
        assert result["code"] == 2, where
        assert "usage:" in result["err"], where
        if i in expected:
            assert expected[i] in result["err"], where


def assert_output_failures(results: list[dict], expected: dict[int, str]) -> None:
    """Every case fails with one line on stderr and exit 1."""
    for i, result in enumerate(results):
        where = f"{result['argv']}:\n{result['err']}"
        assert "Traceback" not in result["err"], where
        assert result["code"] == 1, where
        assert len(result["err"].strip().splitlines()) == 1, where
        if i in expected:
            assert expected[i] in result["err"], where


@pytest.fixture
def unwritable(tmp_path: Path) -> Path:
    """A folder this process may not write in (as root: one of the kernel's; else a read-only one)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    candidates = [folder, Path("/sys")]
    for candidate in candidates:
        try:
            with tempfile.TemporaryFile(dir=candidate):
                pass
        except OSError:
            yield candidate
            break
    else:
        pytest.skip("no folder here refuses writing")
    folder.chmod(0o755)


# -- the shared argument types ---------------------------------------------------------------------
@pytest.mark.parametrize(("parse", "text"), [
    (cli.count(1), "0"), (cli.count(1), "-3"), (cli.count(0), "-1"), (cli.count(1), "abc"),
    (cli.count(1), "1.5"), (cli.count(1, 40), "41"), (cli.count(1), "9" * 5000),
    (cli.seed, "abc"), (cli.seed, "1.5"), (cli.seed, "1" * 19), (cli.seed, ""),
    (cli.game_id, "skat"), (cli.game_id, "../palace"), (cli.game_id, ""),
    (cli.bot_name, "genius"), (cli.bot_name, "ismcts:0"), (cli.bot_list, " , "), (cli.bot_list, "random,x"),
    (cli.window_size, "0x0"), (cli.window_size, "99999x99999"), (cli.window_size, "abc"),
    (cli.window_size, "1280x"), (cli.option, "noequals"), (cli.option, "=1"),
])
def test_each_argument_type_refuses_with_a_reason(parse, text):
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        parse(text)
    assert str(refused.value)


def test_argument_types_read_what_they_should():
    assert cli.count(0)("0") == 0 and cli.count(1, 40)(" 40 ") == 40
    assert cli.seed("-12") == -12 and cli.seed("9" * 18) == int("9" * 18)
    assert cli.game_id("palace") == "palace"
    assert cli.bot_list("random, hard,ismcts:50") == ["random", "hard", "ismcts:50"]
    assert cli.window_size("1600x900") == (1600, 900)
    assert cli.option("scoring=noted") == ("scoring", "noted")
    assert cli.option("hand_size=4") == ("hand_size", 4) and cli.option("redraw=off") == ("redraw", False)


def test_output_checks_name_the_path_and_make_only_the_last_folder(tmp_path):
    assert cli.output_file(tmp_path / "a.png") == tmp_path / "a.png"
    with pytest.raises(cli.OutputError, match="does not exist"):
        cli.output_file(tmp_path / "missing" / "a.png")
    with pytest.raises(cli.OutputError, match="is a folder"):
        cli.output_file(tmp_path)
    cli.output_folder(tmp_path / "new")
    assert (tmp_path / "new").is_dir()
    with pytest.raises(cli.OutputError, match="does not exist"):
        cli.output_folder(tmp_path / "missing" / "deeper")
    (tmp_path / "file").write_text("x")
    with pytest.raises(cli.OutputError, match="is a file"):
        cli.output_folder(tmp_path / "file")
    assert not (tmp_path / "missing").exists()


# -- the tools, each in one interpreter --------------------------------------------------------------
def test_screenshot_refuses_bad_arguments_and_unwritable_outputs(tmp_path, unwritable):
    good = ["--game", "palace", "--players", "2"]
    out = ["--out", str(tmp_path / "x.png")]
    usage = [
        ["--game", "skat", "--players", "2", *out],
        ["--game", "palace", "--players", "0", *out],
        ["--game", "palace", "--players", "-1", *out],
        ["--game", "palace", "--players", "9", *out],
        ["--game", "palace", "--players", "two", *out],
        [*good, "--size", "0x0", *out],
        [*good, "--size", "99999x99999", *out],
        [*good, "--size", "abc", *out],
        [*good, "--bots", "genius", *out],
        [*good, "--after", "-4", *out],
        [*good, "--seed", "abc", *out],
        [*good, "--option", "foo=1", *out],
        [*good, "--option", "hand_size=99", *out],
        [*good, "--option", "nonsense", *out],
        [*good, "--frobnicate", *out],
        good,
    ]
    outputs = [
        [*good, "--out", str(tmp_path / "missing" / "x.png")],
        [*good, "--out", str(tmp_path)],
        [*good, "--out", str(unwritable / "x.png")],
    ]
    results = run_cases("tools.screenshot", usage + outputs)
    assert_usage_errors(results[:len(usage)], {0: "there is no game 'skat'", 3: "2 to 5 players",
                                               5: "out of range", 8: "unknown bot 'genius'",
                                               11: "no option 'foo'"})
    assert_output_failures(results[len(usage):], {0: "does not exist", 1: "is a folder"})
    assert not (tmp_path / "x.png").exists()


def test_bench_refuses_bad_arguments():
    cases = [
        ["engine", "--game", "skat"],
        ["engine", "--players", "0"],
        ["engine", "--game", "palace", "--players", "99"],
        ["engine", "--seconds", "0"],
        ["engine", "--seconds", "-1"],
        ["engine", "--seconds", "nan"],
        ["engine", "--seconds", "soon"],
        ["ai", "--games", "0"],
        ["ai", "--games", "-2"],
        ["ai", "--levels", "genius"],
        ["ai", "--levels", ","],
        ["ai", "--game", "palastgefluester", "--levels", "improve:5"],
        ["startup", "--runs", "0"],
        ["frame", "--frames", "0"],
        ["frame", "--players", "9"],
        ["frame", "--game", "skat"],
        ["frame", "--size", "99999x99999"],
        ["frame", "--size", "abc"],
        ["frame", "--bots", "genius"],
        ["frame", "--seed", "x"],
        [],
        ["nonsense"],
        ["engine", "--frobnicate"],
    ]
    assert_usage_errors(run_cases("tools.bench", cases), {0: "there is no game", 2: "2 to 5 players",
                                                         11: "names no candidates", 14: "3 to 5 players"})


def test_art_refuses_bad_arguments_and_unwritable_outputs(tmp_path, unwritable):
    sheet = ["sheet", "default", "--game", "palace"]
    usage = [
        [*sheet, "--out", str(tmp_path / "s.png"), "--card-width", "abc"],
        [*sheet, "--out", str(tmp_path / "s.png"), "--card-width", "0"],
        [*sheet, "--out", str(tmp_path / "s.png"), "--columns", "0"],
        ["sheet", "default", "--game", "skat", "--out", str(tmp_path / "s.png")],
        ["check", "no-such-pack"],
        ["template", "--game", "palace"],
        ["paint"],
    ]
    (tmp_path / "a-file").write_text("x")
    outputs = [
        [*sheet, "--out", str(tmp_path / "missing" / "s.png")],
        [*sheet, "--out", str(tmp_path)],
        [*sheet, "--out", str(unwritable / "s.png")],
        ["template", "--game", "palace", "--out", str(tmp_path / "missing" / "deeper")],
        ["template", "--game", "palace", "--out", str(tmp_path / "a-file")],
        ["template", "--game", "palace", "--out", str(unwritable / "templates")],
    ]
    results = run_cases("tools.art", usage + outputs)
    assert_usage_errors(results[:len(usage)], {1: "out of range", 4: "no art pack 'no-such-pack'"})
    assert_output_failures(results[len(usage):], {0: "does not exist", 1: "is a folder", 4: "is a file"})
    assert not (tmp_path / "missing").exists()


def test_asset_makers_refuse_bad_arguments_and_unwritable_folders(tmp_path, unwritable):
    (tmp_path / "a-file").write_text("x")
    for module in ("tools.draw_default_pack", "tools.make_sounds"):
        outputs = [["--out", str(tmp_path / "missing" / "deeper")], ["--out", str(tmp_path / "a-file")],
                   ["--out", str(unwritable / "new")]]
        usage = [["--frobnicate"]] + ([["--game", "skat"]] if module == "tools.draw_default_pack" else [])
        results = run_cases(module, outputs + usage)
        assert_output_failures(results[:len(outputs)], {0: "does not exist", 1: "is a file"})
        assert_usage_errors(results[len(outputs):], {})
    assert not (tmp_path / "missing").exists()


def test_the_app_and_replay_refuse_bad_arguments():
    cases = [["--size", "abc"], ["--size", "0x0"], ["--size", "99999x99999"], ["--windowed", "--fullscreen"],
             ["--frobnicate"]]
    assert_usage_errors(run_cases("kartentisch", cases), {0: "not a size", 1: "out of range"})
    assert_usage_errors(run_cases("tools.replay", [[], ["a.jsonl", "--frobnicate"]]), {})


def test_simulate_refuses_bad_arguments_and_unwritable_record_folders(tmp_path, unwritable):
    game = ["--game", "palace", "--players", "2", "--games", "1"]
    usage = [
        ["--game", "skat", "--players", "2"],
        ["--game", "palace", "--players", "0"],
        ["--game", "palace", "--players", "-2"],
        ["--game", "palace", "--players", "6"],
        ["--game", "palace", "--players", "2", "--games", "0"],
        ["--game", "palace", "--players", "2", "--games", "-1"],
        [*game, "--seed", "abc"],
        [*game, "--seed", "1.5"],
        [*game, "--bots", "genius"],
        [*game, "--bots", "random,random,random"],
        ["--game", "palastgefluester", "--players", "3", "--games", "1", "--bots", "improve:10"],
        [*game, "--option", "foo=1"],
        [*game, "--option", "hand_size=99"],
        [*game, "--option", "hand_size"],
        [*game, "--max-actions", "0"],
        [*game, "--frobnicate"],
        ["--players", "2"],
    ]
    (tmp_path / "a-file").write_text("x")
    outputs = [
        [*game, "--record", str(tmp_path / "missing" / "deeper")],
        [*game, "--record", str(tmp_path / "a-file")],
        [*game, "--record", str(unwritable / "records")],
    ]
    results = run_cases("tools.simulate", usage + outputs)
    assert_usage_errors(results[:len(usage)], {0: "there is no game", 3: "2 to 5 players",
                                               8: "unknown bot 'genius'", 9: "names 3 bots for 2 players",
                                               10: "names no candidates", 11: "no option 'foo'"})
    assert_output_failures(results[len(usage):], {0: "does not exist", 1: "is a file"})


def test_tournament_refuses_bad_arguments_and_unwritable_outputs(tmp_path, unwritable):
    out = ["--out", str(tmp_path / "t.jsonl")]
    small = ["--games", "palace", "--levels", "normal", "--opponents", "random", "--players", "2",
             "--seeds", "1", "--jobs", "1"]
    usage = [
        [*out, "--games", "skat"],
        [*out, "--games", ","],
        [*out, "--levels", "genius"],
        [*out, "--levels", ""],
        [*out, "--opponents", "x"],
        [*out, "--players", "0"],
        [*out, "--players", "9"],
        [*out, "--seeds", "0"],
        [*out, "--chunk", "-1"],
        [*out, "--jobs", "0"],
        [*out, "--jobs", "99999"],
        [*out, "--seed", "x"],
        ["--games", "palace"],
    ]
    (tmp_path / "not-text.jsonl").write_bytes(b"\xff\xfe\x00garbage")
    outputs = [
        ["--out", str(tmp_path / "missing" / "t.jsonl"), *small],
        ["--out", str(tmp_path), *small],
        ["--out", str(unwritable / "t.jsonl"), *small],
        ["--out", str(tmp_path / "not-text.jsonl"), *small],
    ]
    results = run_cases("tools.tournament", usage + outputs)
    assert_usage_errors(results[:len(usage)], {0: "there is no game", 2: "unknown bot", 6: "players"})
    assert_output_failures(results[len(usage):], {0: "does not exist", 1: "directory", 3: "not UTF-8"})
    assert not (tmp_path / "t.jsonl").exists()
