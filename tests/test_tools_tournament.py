"""The level table: chunks of duplicate games, kept as they finish, summed into cells, resumable."""

from __future__ import annotations

import json

import fakegame
import pytest

import game
from tools import tournament

game.register(fakegame.GAME)


def run(tmp_path, *extra: str) -> int:
    return tournament.main(["--out", str(tmp_path / "t.jsonl"), "--games", "duel", "--players", "2",
                            "--jobs", "1", *extra])


def test_cells_sum_their_chunks_and_report_the_levels_decision_times(tmp_path, capsys):
    assert run(tmp_path, "--levels", "random,ismcts:20", "--opponents", "random", "--seeds", "6",
               "--chunk", "4", "--json") == 0
    rows = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    assert len(rows) == 4  # two levels, chunks of 4 and 2 seeds
    assert sorted(r["games"] for r in rows) == [4, 4, 8, 8]  # every seed once per seat rotation
    cells = json.loads(capsys.readouterr().out.splitlines()[-1])["cells"]
    assert [(c["level"], c["games"]) for c in cells] == [("random", 12), ("ismcts:20", 12)]
    search = cells[1]
    assert search["decision_ms"]["max"] >= search["decision_ms"]["p95"] >= search["decision_ms"]["median"] > 0
    assert 0 <= search["ci95"][0] <= search["win_rate"] <= search["ci95"][1] <= 1


def test_a_second_run_plays_only_the_missing_chunks(tmp_path, capsys, monkeypatch):
    assert run(tmp_path, "--levels", "random", "--opponents", "random", "--seeds", "4", "--chunk", "2") == 0
    played: list[str] = []
    real = tournament.play_chunk
    monkeypatch.setattr(tournament, "play_chunk", lambda c: played.append(c.key) or real(c))
    assert run(tmp_path, "--levels", "random", "--opponents", "random", "--seeds", "6", "--chunk", "2") == 0
    assert played == ["duel/random/random/2p/5+2"]
    assert "| duel | random | 1 random | 12 |" in capsys.readouterr().out


def test_a_foreign_results_file_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_text("not json\n")
    with pytest.raises(SystemExit, match="t.jsonl:1 is not a chunk result"):
        run(tmp_path, "--levels", "random", "--opponents", "random")
    assert path.read_text() == "not json\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "chess"], "no game 'chess'"),
    (["--levels", "genius"], "unknown bot 'genius'"),
    (["--seeds", "0"], "at least 1"),
])
def test_bad_arguments_are_refused_clearly(args, message, capsys):
    with pytest.raises(SystemExit):
        tournament.main(["--out", "unused.jsonl", *args])
    assert message in capsys.readouterr().err


def test_a_game_that_fails_is_counted_and_named_with_its_seed(tmp_path, capsys, monkeypatch):
    real_apply = fakegame.DuelState._apply

    def flaky(self, action):
        if self.points == [1, 0] and self.turn == 1:
            raise RuntimeError("boom")
        return real_apply(self, action)

    monkeypatch.setattr(fakegame.DuelState, "_apply", flaky)
    assert run(tmp_path, "--levels", "random", "--opponents", "random", "--seeds", "6") == 1
    out = capsys.readouterr().out
    row = json.loads((tmp_path / "t.jsonl").read_text().splitlines()[0])
    assert row["errors"] == len(row["error_texts"]) > 0
    assert "seed=" in row["error_texts"][0] and "rotation=" in row["error_texts"][0]
    assert row["error_texts"][0].endswith("RuntimeError: boom")
    assert "error in duel random against random, seed=" in out


def test_pa_r12_a_palace_cell_reports_the_loser_rate_and_the_mean_place(tmp_path, capsys):
    """Every seat but the loser wins Palace, so a cell gives how often the level came last and its mean
    place. Normal against three heuristic bots is four copies of one player on rotated seats: it is
    last in exactly one of each deal's four games, and its mean place is the middle one."""
    assert tournament.main(["--out", str(tmp_path / "t.jsonl"), "--games", "palace", "--levels", "normal",
                            "--opponents", "heuristic", "--seeds", "3", "--jobs", "1", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    (cell,) = json.loads(lines[-1])["cells"]
    assert cell["games"] == cell["ranked_games"] == 12
    assert cell["losses"] == 3 and cell["loser_rate"] == 0.25
    assert cell["loser_ci95"][0] < 0.25 < cell["loser_ci95"][1]
    assert cell["place_counts"] == [3, 3, 3, 3] and cell["mean_place"] == 2.5
    assert cell["mean_place_ci95"][0] < 2.5 < cell["mean_place_ci95"][1]
    assert "| palace | normal | 3 heuristic | 12 |" in lines[2] and "| 25.0% |" in lines[2]


def test_chunks_kept_before_places_were_counted_still_report_their_wins():
    row = {"chunk": {"game": "duel", "level": "random", "opponents": "random", "players": 2},
           "games": 4, "errors": 0, "wins": 2.0, "level_ms": [0.1]}
    (cell,) = tournament.table([row])
    assert cell["win_rate"] == 0.5 and cell["ranked_games"] == 0 and cell["loser_rate"] == 0.0


def test_a_hint_seat_plays_the_move_the_hint_names(monkeypatch):
    """`hint` follows game.ai.hint.hint on its own Decision and random stream, as the Hint button asks it."""
    from game.ai import hint as hints
    from game.ai import make_bot
    from game.ai.base import Decision
    from game.core import Rng

    state = game.load("duel").new_state(2, 3)
    decision = Decision.of(state, state.current_player)
    assert len(decision.legal) > 1
    asked = []

    def last_move(decision, rng, level):
        asked.append((rng.state, level))
        return hints.Hint(decision.legal[-1], ())

    monkeypatch.setattr(hints, "hint", last_move)
    assert make_bot("duel", "hint").choose(decision, Rng(7)) == decision.legal[-1]
    assert asked == [(Rng(7).state, hints.DEFAULT_LEVEL)]


def test_a_hint_seat_takes_its_cell_in_the_table(tmp_path, capsys, monkeypatch):
    from game.ai import hint as hints

    real = hints.hint
    levels = []

    def quick(decision, rng, level):  # the hint's own search, cut short for the test
        levels.append(level)
        return real(decision, rng, "ismcts:10")

    monkeypatch.setattr(hints, "hint", quick)
    assert run(tmp_path, "--levels", "hint", "--opponents", "random", "--seeds", "2", "--json") == 0
    cells = json.loads(capsys.readouterr().out.splitlines()[-1])["cells"]
    assert [(c["level"], c["games"], c["errors"]) for c in cells] == [("hint", 4, 0)]
    assert levels and set(levels) == {hints.DEFAULT_LEVEL}
