"""tools.simulate: the command-line contract of docs/design.md, on the test game and on Palastgeflüster."""

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


def test_places_rank_the_winners_first_then_by_score_with_ties_sharing_a_place():
    state = fakegame.GAME.new_state(3, 1)
    state.hands, state.trick = [[], [], []], []  # played out: winners() reads the points
    state.points = [1, 2, 0]
    assert simulate.places(state) == [2, 1, 3] and simulate.losers([2, 1, 3]) == [2]
    state.points = [2, 2, 1]
    assert simulate.places(state) == [1, 1, 3]
    state = fakegame.GAME.new_state(2, 1)
    state.hands, state.trick = [[], []], []
    state.points = [2, 1]
    assert simulate.places(state) == [1, 2] and simulate.losers([1, 2]) == [1]
    state.points = [1, 1]
    assert simulate.places(state) == [1, 1] and simulate.losers([1, 1]) == [0, 1]


def test_pa_r12_simulate_counts_the_palace_loser_and_every_place(tmp_path):
    """Every seat but the loser wins Palace, so what tells the bots apart is who is left with cards:
    the counts follow each game's loser and finishing order, not its winners."""
    result = simulate.simulate("palace", 4, 6, 3, ["random", "heuristic", "random", "heuristic"],
                               record_dir=tmp_path, out=io.StringIO())
    assert result["errors"] == 0
    losers = [0] * 4
    places = [[0] * 4 for _ in range(4)]
    for path in sorted(tmp_path.glob("*.jsonl")):
        state = replay(read_record(path), verify=True)
        losers[state.loser] += 1
        for place, seat in enumerate(state.finishing_order()):
            places[seat][place] += 1
    assert result["losses"] == losers and result["bot_losses"] == losers and sum(losers) == 6
    assert result["bot_place_counts"] == places
    for counts, mean, (low, high) in zip(places, result["bot_mean_place"], result["mean_place_ci95"],
                                         strict=True):
        assert mean == pytest.approx(sum(p * k for p, k in enumerate(counts, 1)) / 6, abs=1e-4)
        assert low <= mean <= high
    for lost, (low, high) in zip(losers, result["loser_rate_ci95"], strict=True):
        assert low <= lost / 6 <= high
