"""The frame benchmark's hinting mode: a person asks for hints at the table while frames are drawn.

Nothing here is timed (speed is the benchmark's own report): the test checks that the mode really asks,
gets and follows hints through the table's key H, with frames drawn while each hint was worked out.
"""

from __future__ import annotations

import json

import pytest

from tools import bench_frame


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


def test_hinting_asks_and_follows_hints_while_frames_are_drawn(capsys):
    code = bench_frame.run(["--game", "gloria_picktoria", "--players", "3", "--size", "640x480",
                            "--frames", "10", "--bots", "normal", "--hinting", "--hints", "2", "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    result = json.loads(out.splitlines()[-1])
    assert result["hints_answered"] >= 2  # each one shown by the table and played from it
    assert result["hints_asked"] >= result["hints_answered"]
    assert result["frames_while_hinting"] > 0  # the frame loop went on while the worker thought
    assert result["frames"] >= 10 and result["hinting_max_ms"] is not None
    assert f"{result['hints_answered']} answered and followed" in out


def test_without_hinting_no_person_sits_at_the_table(capsys):
    assert bench_frame.run(["--game", "palace", "--players", "3", "--size", "640x480", "--frames", "5",
                            "--bots", "normal", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert "hints_asked" not in result and result["frames"] == 5
