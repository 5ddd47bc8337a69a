"""tools.simulate: the command-line contract of DESIGN.md, on the test game and on Palastgeflüster."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import fakegame
import pytest

import game
from game.core.records import read_record, replay
from tools import simulate

game.register(fakegame.GAME)
ROOT = Path(__file__).resolve().parent.parent


def test_simulate_counts_wins_actions_and_writes_records(tmp_path):
    out = io.StringIO()
    result = simulate.simulate("duel", 2, 20, 1, ["random", "random"], record_dir=tmp_path, out=out)
    assert result["games"] == 20 and result["errors"] == 0
    assert sum(result["wins"]) == pytest.approx(20)
    assert result["mean_actions"] >= 6
    assert set(result["decision_ms"]) == {"median", "p95"}
    records = sorted(tmp_path.glob("*.jsonl"))
    assert len(records) == 20
    for path in records[:3]:
        replay(read_record(path), verify=True)


def test_duplicate_rotates_the_bots_over_the_same_seeds():
    result = simulate.simulate("duel", 2, 10, 5, ["random", "random"], duplicate=True)
    assert result["games"] == 20 and result["duplicate"] is True
    assert sum(result["bot_wins"]) == pytest.approx(20)
    for low, high in result["win_rate_ci95"]:
        assert 0.0 <= low <= high <= 1.0


def test_a_crashing_game_is_an_error_and_the_run_goes_on(monkeypatch):
    real_apply = fakegame.DuelState._apply

    def flaky(self, action):
        if action.kind == "peek" and self.turn == 1:
            raise RuntimeError("boom")
        return real_apply(self, action)

    monkeypatch.setattr(fakegame.DuelState, "_apply", flaky)
    out = io.StringIO()
    result = simulate.simulate("duel", 2, 30, 1, ["random", "random"], out=out)
    assert 0 < result["errors"] < 30
    assert "seed=" in out.getvalue() and "RuntimeError: boom" in out.getvalue()


def test_a_game_that_does_not_end_is_an_error_not_a_hang():
    out = io.StringIO()
    result = simulate.simulate("duel", 2, 3, 1, ["random", "random"], out=out, max_actions=2)
    assert result["errors"] == 3
    assert "did not end within 2 actions" in out.getvalue()


def test_cli_prints_one_json_object_last(tmp_path):
    pytest.importorskip("game.palastgefluester.bot")
    cmd = [sys.executable, "-m", "tools.simulate", "--game", "palastgefluester", "--players", "3",
           "--games", "4", "--seed", "2", "--bots", "random,heuristic,easy", "--json",
           "--record", str(tmp_path)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert {"game", "players", "games", "errors", "wins", "mean_actions", "games_per_s",
            "decision_ms"} <= set(result)
    assert result["errors"] == 0 and len(result["wins"]) == 3
    assert len(list(tmp_path.glob("*.jsonl"))) == 4


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "skat", "--players", "3"], "there is no game"),
    (["--game", "palastgefluester", "--players", "9", "--bots", "random"], "3 to 5 players"),
    (["--game", "palastgefluester", "--players", "3", "--bots", "random,random"], "names 2 bots"),
    (["--game", "palastgefluester", "--players", "3", "--bots", "genius"], "unknown bot"),
])
def test_cli_refuses_bad_input_clearly(args, message):
    done = subprocess.run([sys.executable, "-m", "tools.simulate", *args], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode != 0
    assert message in done.stderr
