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


# -- --moment: the frames of one celebration while it plays --------------------------------------------
FIGURES = ("median_ms", "floor_ms", "max_ms", "ratio", "moment", "frames")


def moments_of(argv: list[str]) -> list[bench_frame.Moment]:
    parser = bench_frame.build_parser()
    args = parser.parse_args(argv)
    return bench_frame.chosen_moments(parser, args.moment, args.game)


def test_the_moment_option_parses_to_the_games_moment():
    (scoring,) = moments_of(["--game", "gloria_picktoria", "--moment", "scoring", "--size", "3840x2160"])
    assert (scoring.game, scoring.name, scoring.occurrence) == ("gloria_picktoria", "scoring", 3)
    (burn,) = moments_of(["--moment", "burn"])  # a name only one game has needs no --game
    assert burn.game == "palace"
    (finale,) = moments_of(["--moment", "finale", "--game", "three_chapters"])
    assert finale.game == "three_chapters"
    every = moments_of(["--moment", "all"])
    assert {m.game for m in every} == {"palastgefluester", "palace", "gloria_picktoria", "three_chapters"}
    assert len(every) == 11
    assert [m.name for m in moments_of(["--moment", "all", "--game", "palace"])] == ["burn", "out", "loser"]


def test_an_unknown_moment_is_a_usage_error_naming_the_known_ones(capsys):
    with pytest.raises(SystemExit) as stopped:
        bench_frame.run(["--moment", "fireworks"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "unknown moment 'fireworks'" in err
    for name in ("round_end", "burn", "out", "loser", "hahn", "scoring", "finale", "trick", "chapter", "all"):
        assert name in err


def test_a_moment_of_another_game_or_of_several_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stopped:
        bench_frame.run(["--game", "palace", "--moment", "scoring"])
    assert stopped.value.code == 2
    assert "palace has no moment 'scoring': its moments are burn, out, loser" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench_frame.run(["--moment", "finale"])
    assert "choose one with --game" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench_frame.run(["--moment", "scoring", "--hinting"])
    assert "give one of them" in capsys.readouterr().err


def test_the_moment_found_is_the_action_with_the_nth_event():
    from game import load
    from game.gloria_picktoria.events import ScoringDone

    moment = bench_frame.MOMENTS[("gloria_picktoria", "scoring")]
    found = bench_frame.find_moment(moment, 3, ["normal"], 1)
    assert found is not None
    game = load("gloria_picktoria")
    state = game.new_state(3, found.seed)
    scorings = [sum(isinstance(e, ScoringDone) for e in state.apply(game.parse_action(state, text)))
                for _, text in found.actions]
    assert sum(scorings[:found.index]) == 2 and scorings[found.index] == 1  # the third scoring, no later


@pytest.mark.parametrize("game, moment", [("palastgefluester", "round_end"), ("palace", "burn"),
                                          ("gloria_picktoria", "hahn"), ("three_chapters", "trick")])
def test_a_short_moment_run_prints_its_figures(capsys, game, moment):
    code = bench_frame.run(["--game", game, "--moment", moment, "--players", "3", "--size", "320x240",
                            "--frames", "4", "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    result = json.loads(out.splitlines()[-1])
    assert set(FIGURES) <= set(result)
    assert (result["game"], result["moment"], result["frames"]) == (game, moment, 4)
    assert f"moment {moment}" in out


def test_a_moment_is_timed_to_its_end_and_a_waiting_banner_is_clicked_through(capsys, monkeypatch):
    """The game's end waits for a click: the run still settles, after the whole moment has played."""
    from game.core import GameEnded
    from scenes.table import table_class
    from scenes.table.kit.moments import Flight

    def moment_for(table, event):
        return [Flight(4.0 * table.speed)] if isinstance(event, GameEnded) else None

    monkeypatch.setattr(table_class("palace"), "moment_for", moment_for)
    code = bench_frame.run(["--game", "palace", "--moment", "loser", "--players", "3", "--size", "320x240",
                            "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    result = json.loads(out.splitlines()[-1])
    assert result["settled"] is True and result["moment"] == "loser"
    assert result["frames"] >= 240  # the 4 s flight at 60 frames a second, never skipped by a click
    assert "banners clicked through: 1" in out
