"""The frame benchmark while a finished game is analysed (`tools.bench frame --analysing`).

Nothing here is timed (speed is the benchmark's own report): the tests check that the run opens the
results screen as the app does, that the screen's own analysis runs while frames are timed, that the
view is built and timed after it, and that the flag refuses the table's modes.
"""

from __future__ import annotations

import json
import os

import pytest

from tools import bench_analysing, bench_frame
from tools.bench_analysing import Cheaper

#: the random level compared, four playouts an estimate, a short floor: a short game's run in a moment
CHEAP = Cheaper("random", 4, idle_frames=12)


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """Each test its own folders (the bench holds the screen's analysis back by its floor's frames,
    whatever the suite's own delay)."""
    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))


def run_bench(argv: list[str], capsys) -> tuple[int, str, dict]:
    parser = bench_frame.build_parser()
    code = bench_analysing.run(parser, parser.parse_args(argv), cheaper=CHEAP)
    out = capsys.readouterr().out
    return code, out, json.loads(out.splitlines()[-1])


def test_the_frames_are_timed_while_the_screen_analyses_and_after_its_view_is_built(capsys, tmp_path):
    code, out, result = run_bench(["--analysing", "--game", "three_chapters", "--players", "2",
                                   "--size", "800x600", "--json"], capsys)
    assert code == 0, out
    assert result["analysing"] is True and result["game"] == "three_chapters" and result["players"] == 2
    assert result["analysis_outcome"] == "done" and result["analysis_done"]
    assert result["decisions_analysed"] == result["decisions"] > 0
    assert result["analysis_s"] > 0
    assert result["frames_while_analysing"] == result["frames"] > 0
    for key in ("median_ms", "p95_ms", "max_ms", "floor_ms"):
        assert result[key] > 0, key
    assert result["floor_frames"] == CHEAP.idle_frames  # the same screen before its analysis began
    assert result["max_ms"] >= result["median_ms"] and result["ratio"] is not None
    # the screen took the analysis and built its view; frames were timed with it built
    assert result["view_built"] and result["view_built_ms"] > 0
    assert result["after_frames"] == bench_analysing.AFTER_FRAMES
    assert 0 < result["after_median_ms"] <= result["after_max_ms"]
    assert "frames with the view built" in out and "ratio" in out
    # the run kept its game in a history of its own, never in the player's
    assert not (tmp_path / "data").exists()
    assert os.environ["KARTENTISCH_DATA_DIR"] == str(tmp_path / "data")


def test_frames_cut_the_run_short_and_the_analysis_is_stopped(capsys):
    code, out, result = run_bench(["--analysing", "--game", "palace", "--players", "2", "--size", "640x480",
                                   "--frames", "3", "--json"], capsys)
    assert code == 0, out
    assert result["frames_while_analysing"] == result["frames"] == 3
    assert result["analysis_outcome"] == "cancelled" and not result["analysis_done"]
    assert result["analysis_s"] is None and not result["view_built"] and result["after_frames"] == 0


def test_the_real_analysis_is_left_as_the_app_runs_it():
    from scenes.menus import analysis_run

    delay = analysis_run.START_DELAY_S
    with bench_analysing.held_back(60):
        assert analysis_run.START_DELAY_S > (bench_analysing.WARM_UP_FRAMES + 60) / 60
    assert delay == analysis_run.START_DELAY_S
    before = analysis_run.LEVEL, analysis_run.ANALYSIS_PLAYOUTS
    with bench_analysing.analysis_size(None):
        assert before == (analysis_run.LEVEL, analysis_run.ANALYSIS_PLAYOUTS)
    with bench_analysing.analysis_size(CHEAP):
        assert (CHEAP.level, CHEAP.playouts) == (analysis_run.LEVEL, analysis_run.ANALYSIS_PLAYOUTS)
    assert before == (analysis_run.LEVEL, analysis_run.ANALYSIS_PLAYOUTS)


def test_seat_zero_is_the_person_played_by_the_easy_bot():
    assert bench_analysing.seat_levels(3, None) == ["easy", "normal", "normal"]
    assert bench_analysing.seat_levels(3, ["hard", "random"]) == ["hard", "random", "hard"]


@pytest.mark.parametrize("other", [["--moment", "scoring", "--game", "gloria_picktoria"], ["--hinting"]])
def test_analysing_is_one_mode_of_its_own(other, capsys):
    with pytest.raises(SystemExit) as exit_:
        bench_frame.run(["--analysing", *other])
    assert exit_.value.code == 2
    assert "give one" in capsys.readouterr().err
