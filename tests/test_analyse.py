"""The after-game analysis (game.analysis) and its command line (tools.analyse).

Cheap on purpose: two-player games, the `normal` level (the heuristic: no search, the same answer on every
machine) and two playouts an estimate; the speed goal belongs to `python -m tools.bench analyse`."""

from __future__ import annotations

import json
import math
import threading
from dataclasses import replace

import pytest

from game import load
from game.ai import make_bot
from game.ai.base import Decision
from game.analysis import (
    Analysis,
    AnalysisError,
    Cancelled,
    CostlyChoice,
    Estimator,
    KeyMoment,
    analyse,
    is_costly,
    key_moments,
    load_analysis,
    paired_cost,
    result_of,
    save_analysis,
)
from game.core import RecordError, bot_rng
from game.core.records import Record, footer_for, replay, write_record
from tools import analyse as analyse_tool
from tools import replay as replay_tool
from tools.analyse import played_out, played_record

PLAYOUTS = 2
LEVEL = "normal"


@pytest.fixture(scope="module")
def palace() -> tuple[Record, Analysis]:
    record = played_record("palace", 2, 3, [LEVEL, LEVEL], people=[0])
    return record, analyse(record, LEVEL, playouts=PLAYOUTS)


@pytest.fixture(scope="module")
def chapters() -> tuple[Record, Analysis]:
    record = played_record("three_chapters", 2, 3, [LEVEL, LEVEL], people=[0, 1])
    return record, analyse(record, LEVEL, playouts=PLAYOUTS)


def test_chances_are_per_seat_and_sum_to_one_win(chapters):
    record, analysis = chapters
    assert analysis.moves == len(record.actions) and len(analysis.chances) == len(record.actions) + 1
    for row in analysis.chances:
        assert len(row) == record.players
        assert all(0.0 <= chance <= 1.0 for chance in row)
        assert math.isclose(sum(row), 1.0, abs_tol=1e-3)  # one win shared out among the seats


def test_palace_counts_not_being_the_loser_so_its_chances_sum_to_the_seats_less_one(palace):
    record, analysis = palace
    for row in analysis.chances:
        assert math.isclose(sum(row), record.players - 1, abs_tol=1e-3)
    final = replay(record, verify=False)
    assert analysis.chances[-1][final.loser] == 0.0
    assert analysis.chances[-1][1 - final.loser] == 1.0


def test_the_last_estimate_is_the_result(chapters, palace):
    for record, analysis in (chapters, palace):
        final = replay(record, verify=False)
        winners = final.winners()
        assert analysis.chances[-1] == tuple(result_of(final))
        for seat in winners:
            assert analysis.chances[-1][seat] == (1.0 if record.game == "palace" else 1.0 / len(winners))


def test_key_moments_are_the_largest_swings():
    chances = [(0.5, 0.5), (0.6, 0.4), (0.1, 0.9), (0.15, 0.85), (0.9, 0.1), (1.0, 0.0)]
    moments = key_moments(chances)
    # 0.75 at move 3 (seat 0 up, seat 1 down as much: the lower seat is named), then 0.5 at move 1
    assert moments[0] == KeyMoment(3, 0, 0.75)
    assert moments[1] == KeyMoment(1, 0, -0.5)
    assert [m.move for m in moments][2] in (0, 4)  # both swing 0.1: the earlier first
    assert moments[2].move == 0 and moments[2].swing == 0.1


def test_the_analysis_names_the_largest_swings_of_its_own_chances(chapters):
    _, analysis = chapters
    biggest = max(max(abs(a - b) for a, b in zip(before, after, strict=True))
                  for before, after in zip(analysis.chances, analysis.chances[1:], strict=False))
    assert analysis.key_moments and math.isclose(abs(analysis.key_moments[0].swing), biggest, abs_tol=1e-4)
    swings = [abs(m.swing) for m in analysis.key_moments]
    assert swings == sorted(swings, reverse=True)


def _bad_move_record(game_id: str, players: int, seed: int) -> tuple[Record, int, str]:
    """A game of the level's bots where seat 0 (a person) once plays the move the estimate rates worst
    for it, where the level's move is clearly better: the record, the move and the level's action."""
    game = load(game_id)
    record = played_record(game_id, players, seed, [LEVEL] * players, people=[0])
    estimator = Estimator.of(game_id, seed, PLAYOUTS)
    level = make_bot(game_id, LEVEL)
    state = game.new_state(players, seed)
    history = []
    for _, text in record.actions:
        history.append(state.clone())
        state.apply(game.parse_action(state, text))
    for move in range(len(record.actions) - 1, -1, -1):  # near the end the playouts are short
        state = history[move]
        if record.actions[move][0] != 0 or len(state.legal_actions()) < 2:
            continue
        better = level.choose(Decision.of(state, 0), bot_rng(seed, 0, move))

        def results(action, state=state):
            after = state.clone()
            after.apply(action)
            return estimator.playouts(after)

        worst = min(state.legal_actions(), key=lambda action: sum(r[0] for r in results(action)))
        cost, noise = paired_cost(results(better), results(worst), 0)
        if cost >= 0.5 and is_costly(cost, noise):
            break
    else:
        raise AssertionError("no decision where one move is clearly worse")
    state = state.clone()
    state.apply(worst)
    actions = played_out(state, seed, [make_bot(game_id, LEVEL) for _ in range(players)],
                         [*record.actions[:move], (0, str(worst))])
    bad = replace(record, actions=actions, footer=footer_for(state, len(actions)))
    return bad, move, str(better)


def test_a_deliberately_bad_move_is_costly_and_the_better_move_is_named():
    record, move, better = _bad_move_record("palace", 2, 5)
    analysis = analyse(record, LEVEL, playouts=PLAYOUTS)
    found = [c for c in analysis.costly if c.move == move]
    assert found, f"the bad move {move} is not among {analysis.costly}"
    choice = found[0]
    assert choice.seat == 0 and choice.chosen == record.actions[move][1] and choice.better == better
    assert choice.cost >= 0.5
    assert choice in analysis.costliest(0)
    assert all(c.seat in analysis.humans for c in analysis.costly)


def test_a_bot_seat_has_no_costly_choices(chapters, palace):
    _, analysis = palace
    assert analysis.humans == (0,)
    assert all(c.seat == 0 for c in analysis.costly)


def test_json_ends_with_one_line_of_the_fields(tmp_path, capsys, chapters):
    record, analysis = chapters
    path = tmp_path / "game.jsonl"
    write_record(path, record)
    assert analyse_tool.main([str(path), "--level", LEVEL, "--playouts", str(PLAYOUTS), "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert set(data) == {"game", "moves", "chances", "key_moments", "costly"}
    assert data["game"] == "three_chapters" and data["moves"] == len(record.actions)
    assert data["chances"] == [list(row) for row in analysis.chances]  # seeded: the same analysis again
    assert all(set(m) == {"move", "seat", "swing"} for m in data["key_moments"])
    assert set(data["costly"]) == {"0", "1"}
    for choices in data["costly"].values():
        assert len(choices) <= 3 and all(set(c) == {"move", "chosen", "better", "cost"} for c in choices)
    assert any(line.startswith("Key moments") for line in out)


def _refusals(capsys, path) -> tuple[int, str, int, str]:
    replayed = replay_tool.main([str(path)])
    replay_err = capsys.readouterr().err
    analysed = analyse_tool.main([str(path), "--level", LEVEL, "--playouts", "1"])
    analyse_err = capsys.readouterr().err
    return replayed, replay_err, analysed, analyse_err


@pytest.mark.parametrize("damage", ["changed action", "not json", "cut short", "missing"])
def test_a_damaged_record_is_refused_as_the_replay_tool_refuses_it(tmp_path, capsys, palace, damage):
    record, _ = palace
    path = tmp_path / "game.jsonl"
    write_record(path, record)
    lines = path.read_text(encoding="utf-8").splitlines()
    if damage == "changed action":
        lines[5] = lines[5].replace('"seat": 0', '"seat": 1') if '"seat": 0' in lines[5] \
            else lines[5].replace('"seat": 1', '"seat": 0')
    elif damage == "not json":
        lines[3] = "{nonsense"
    elif damage == "cut short":
        lines = lines[:-1]
    if damage == "missing":
        path = tmp_path / "nothing.jsonl"
    else:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    replayed, replay_err, analysed, analyse_err = _refusals(capsys, path)
    if damage == "changed action":  # plain replay does not check the footer: the header hash
        replayed = replay_tool.main([str(path), "--verify"])
        replay_err = capsys.readouterr().err
    assert replayed == analysed == 1
    assert replay_err.startswith("replay: ") and analyse_err.startswith("analyse: ")
    assert analyse_err.removeprefix("analyse: ") == replay_err.removeprefix("replay: ")
    assert analyse_err.count("\n") == 1 and "Traceback" not in analyse_err


def test_a_game_not_over_is_refused(tmp_path, capsys, palace):
    record, _ = palace
    game = load(record.game)
    state = game.new_state(record.players, record.seed, record.options)
    for _, text in record.actions[:10]:
        state.apply(game.parse_action(state, text))
    cut = replace(record, actions=record.actions[:10], footer=footer_for(state, 10))
    with pytest.raises(AnalysisError, match="not over"):
        analyse(cut, LEVEL, playouts=1)
    path = tmp_path / "running.jsonl"
    write_record(path, cut)
    assert analyse_tool.main([str(path), "--level", LEVEL]) == 1
    assert "not over" in capsys.readouterr().err


def test_to_dict_and_back_is_the_same_and_a_kept_one_reads_back(tmp_path, palace):
    _, analysis = palace
    data = json.loads(json.dumps(analysis.to_dict()))
    assert data["format"] == 1
    assert Analysis.from_dict(data) == analysis
    save_analysis(tmp_path / "a.json", analysis)
    assert load_analysis(tmp_path / "a.json") == analysis


def _damaged(data, how):
    data = json.loads(json.dumps(data))
    if how == "format":
        data["format"] = 2
    elif how == "missing key":
        del data["chances"]
    elif how == "extra key":
        data["secret"] = 1
    elif how == "short row":
        data["chances"][1] = data["chances"][1][:-1]
    elif how == "chance above one":
        data["chances"][0][0] = 1.5
    elif how == "text for a number":
        data["chances"][0][0] = "0.5"
    elif how == "moment past the end":
        data["key_moments"][0]["move"] = len(data["chances"])
    elif how == "cost of a bot's seat":
        data["costly"] = [{"move": 1, "seat": 1, "chosen": "a", "better": "b", "cost": 0.5, "noise": 0.0}]
    elif how == "bool for a seat":
        data["players"] = True
    elif how == "not an object":
        data = [data]
    return data


@pytest.mark.parametrize("how", ["format", "missing key", "extra key", "short row", "chance above one",
                                 "text for a number", "moment past the end", "cost of a bot's seat",
                                 "bool for a seat", "not an object"])
def test_a_damaged_analysis_is_refused(palace, how):
    _, analysis = palace
    with pytest.raises(AnalysisError, match="damaged analysis"):
        Analysis.from_dict(_damaged(analysis.to_dict(), how))


def test_a_damaged_kept_file_is_refused(tmp_path, palace):
    _, analysis = palace
    path = tmp_path / "a.json"
    save_analysis(path, analysis)
    path.write_text(path.read_text(encoding="utf-8")[:-40], encoding="utf-8")  # cut short
    with pytest.raises(AnalysisError, match="not a readable analysis"):
        load_analysis(path)


def test_progress_follows_each_decision_and_cancel_stops_it(palace):
    record, _ = palace
    calls: list[tuple[int, int]] = []
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        calls.append((done, total))
        if done == 3:
            stop.set()

    with pytest.raises(Cancelled):
        analyse(record, LEVEL, progress, stop, playouts=1)
    assert calls == [(1, len(record.actions)), (2, len(record.actions)), (3, len(record.actions))]
    with pytest.raises(Cancelled):  # a plain callable too
        analyse(record, LEVEL, cancel=lambda: True, playouts=1)


def test_a_costly_choice_needs_a_cost_beyond_the_noise():
    from game.analysis import MIN_COST, NOISE_Z

    assert not is_costly(MIN_COST / 2, 0.0)
    assert not is_costly(0.3, 0.3 / NOISE_Z + 0.01)
    assert is_costly(0.3, 0.1)
    cost, noise = paired_cost([[1.0, 0.0], [1.0, 0.0]], [[0.0, 1.0], [1.0, 0.0]], 0)
    assert cost == 0.5 and noise == 0.5


def test_a_kept_costly_choice_reads_back_in_order(palace):
    record, analysis = palace
    choice = CostlyChoice(4, 0, "a", "b", 0.25, 0.05)
    more = replace(analysis, costly=(choice,))
    assert Analysis.from_dict(more.to_dict()).costliest(0) == [choice]


def test_a_record_that_does_not_replay_raises_the_record_error(palace):
    record, _ = palace
    seat, text = record.actions[0]
    broken = replace(record, actions=[(1 - seat, text)] + list(record.actions[1:]))
    with pytest.raises(RecordError):
        analyse(broken, LEVEL, playouts=1)


@pytest.mark.parametrize("argv", [[], ["game.jsonl", "--frobnicate"], ["game.jsonl", "--level", "genius"],
                                  ["game.jsonl", "--playouts", "0"], ["game.jsonl", "--jobs", "0"]])
def test_bad_arguments_get_the_usage_and_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        analyse_tool.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "Traceback" not in err


def test_processes_give_the_same_analysis_as_one(chapters):
    record, analysis = chapters
    steps: list[int] = []
    again = analyse(record, LEVEL, lambda done, total: steps.append(done), playouts=PLAYOUTS, jobs=2)
    assert again == analysis
    assert steps[-1] == len(record.actions) and steps == sorted(steps)


def test_a_process_that_dies_fails_the_analysis_instead_of_leaving_it_waiting(chapters):
    import multiprocessing
    import os
    import signal
    import time

    record, _ = chapters
    before = set(multiprocessing.active_children())
    outcome: list[BaseException | Analysis] = []

    def work() -> None:
        try:
            outcome.append(analyse(record, LEVEL, playouts=2000, jobs=2))  # long: minutes
        except BaseException as exc:  # noqa: BLE001 - what ended it is the test's to read
            outcome.append(exc)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    workers: list = []
    while len(workers) < 2 and time.monotonic() < deadline:
        workers = [p for p in multiprocessing.active_children() if p not in before]
        time.sleep(0.05)
    assert workers, "no process took the work"
    os.kill(workers[0].pid, signal.SIGKILL)  # as the system's memory killer would
    thread.join(60)
    assert not thread.is_alive(), "the analysis went on waiting for the share the dead process had"
    assert isinstance(outcome[0], AnalysisError) and "ended unexpectedly" in str(outcome[0])
    time.sleep(0.5)
    assert not [p for p in multiprocessing.active_children() if p not in before]  # the others ended too


def hand_made(column: list[float], costly: tuple = ()) -> Analysis:
    """An analysis of a two-seat game whose seat 0 had the chances `column` (seat 1 the rest)."""
    return Analysis("three_chapters", "0" * 64, "hard", 16, 2, (0,),
                    tuple((c, round(1 - c, 4)) for c in column), (), costly)


def test_a_chance_settled_early_is_found_and_one_settled_only_at_the_end_is_not():
    assert hand_made([0.4, 0.3, 0.01, 0.0, 0.02, 0.0]).settled_from(0) == 2
    assert hand_made([0.4, 0.3, 0.01, 0.0, 0.02, 0.0]).settled_from(1) == 2
    assert hand_made([0.5, 0.9, 0.99, 1.0]).settled_from(0) == 2
    assert hand_made([0.5, 0.4, 0.3, 0.0]).settled_from(0) is None  # decided by the last move
    assert hand_made([0.5, 0.2, 0.5, 0.0, 0.0]).settled_from(0) == 3


def test_a_person_whose_game_was_decided_early_is_told_so_not_that_every_choice_was_good():
    from scenes.menus.how_it_went import HowItWentView

    record = Record("three_chapters", "1", 2, 1, {}, [{"name": "Anna", "kind": "human", "bot": None},
                                                      {"name": "Ben", "kind": "bot", "bot": "normal"}],
                    [(0, "pick 1")] * 5, None)
    decided = HowItWentView(hand_made([0.4, 0.1, 0.0, 0.0, 0.01, 0.0]), record, ["Anna", "Ben"], [],
                            losing_game=False)
    _, choices = decided.content()
    assert [text for text, _, _ in choices][1] == \
        "None measurable: from move 2 on, Anna's chance stayed at 0%, whatever was chosen."
    open_game = HowItWentView(hand_made([0.4, 0.5, 0.6, 0.4, 0.3, 0.0]), record, ["Anna", "Ben"], [],
                              losing_game=False)
    _, choices = open_game.content()
    assert [text for text, _, _ in choices][1] == "None: every choice was about as good as the level's."
