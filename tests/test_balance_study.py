"""The balance lab plays studies and comparisons: resume, the API for a screen, the command line."""

from __future__ import annotations

import json
import re
import threading

import pytest

from game.balance import lab, study
from game.balance.compare import run_compare
from game.balance.study import Spec
from tools.balance import __main__ as balance

PALACE = Spec("palace", 3, ("heuristic", "heuristic", "easy"))


def small_plan(**changes):
    base = {"spec": PALACE, "seed": 7, "deals": 8, "chunk": 2, "skill_levels": ("easy", "normal"),
            "skill_deals": 1}
    return lab.StudyPlan(**{**base, **changes})


def test_a_study_cut_mid_way_plays_only_what_is_missing_and_gives_the_same_figures(tmp_path, monkeypatch):
    whole = lab.run_study(small_plan())
    path = tmp_path / "chunks.jsonl"
    lab.run_study(small_plan(), chunk_path=path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 5  # four chunks of the study, one of the skill study
    path.write_text("".join(lines[:2]) + lines[2][:40], encoding="utf-8")  # stopped while writing the third

    played = []
    real = study.play_chunk
    monkeypatch.setattr(study, "play_chunk", lambda chunk, on_game=None: played.append(chunk.key)
                        or real(chunk, on_game))
    again = lab.run_study(small_plan(), chunk_path=path)
    assert len(played) == 3 and not {json.loads(line)["key"] for line in lines[:2]} & set(played)
    assert again == whole
    assert all(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_finished_study_run_again_plays_nothing_and_gives_its_figures(tmp_path, jobs):
    path = tmp_path / "chunks.jsonl"
    first = lab.run_study(small_plan(), chunk_path=path, jobs=jobs)
    assert lab.run_study(small_plan(), chunk_path=path, jobs=jobs) == first


def test_duplicate_deals_rotate_different_bots_and_play_identical_ones_once():
    assert study.rotations(["a", "b", "b"]) == [["a", "b", "b"], ["b", "b", "a"], ["b", "a", "b"]]
    assert study.rotations(["x", "x", "x"]) == [["x", "x", "x"]]
    data = lab.run_study(small_plan(skill_deals=0))
    assert data["figures"]["games"] == 8 * 3 and data["study"]["rotations"] == 3
    assert "skill" not in data["figures"]


def test_the_study_api_reports_progress_and_stops_when_cancelled():
    cancel = threading.Event()
    seen = []

    def progress(p):
        seen.append((p.done, p.total))
        if p.done == 5:
            cancel.set()

    data = lab.run_study(small_plan(), progress=progress, cancel=cancel)
    assert seen[0] == (1, 8 * 3 + 3) and seen[-1][0] == 5
    assert not data["complete"] and data["figures"]["games"] == 0  # the chunk under way is dropped


def test_hard_is_seated_with_its_iteration_cap_alone():
    assert re.fullmatch(r"(ismcts|improve):\d+", study.reproducible("palace", "hard"))
    assert study.reproducible("palace", "normal") == "normal"


def test_compare_stops_early_on_a_clear_difference_and_names_the_higher_side():
    strong = Spec("palace", 3, ("heuristic", "random", "random"))
    weak = Spec("palace", 3, ("random", "heuristic", "heuristic"))
    data = run_compare(strong, weak, max_deals=200, chunk=5)
    assert data["stopped_early"] and data["stronger"] == "A" and data["deals"] < 200
    assert data["ci95"][0] > 0 and data["sprt"]["upper_bound"] > 0 > data["sprt"]["lower_bound"]


def test_compare_runs_identical_sides_to_max_deals(capsys):
    assert balance.main(["compare", "--game", "palace", "--players", "3", "--a-option", "hand_size=3",
                         "--max-deals", "30", "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out.splitlines()[-1])
    assert data["deals"] == 30 and not data["stopped_early"] and data["difference"] == 0.0
    assert "bounds: stop at LLR >= 3.6376" in out and "no difference as large as 0.1" in out


def test_compare_with_a_card_measures_its_excess_wins():
    data = run_compare(PALACE, PALACE, max_deals=12, card="2")
    assert data["measure"].startswith("excess wins of the card 2") and data["deals"] == 12


def refused(capsys, *argv):
    assert balance.main(list(argv)) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("balance: ")
    return err


def test_bad_inputs_are_one_line_and_exit_1(capsys, tmp_path):
    base = ["--players", "3", "--deals", "1"]
    assert "no game 'chess'" in refused(capsys, "study", "--game", "chess", *base)
    assert "hand_size" in refused(capsys, "study", "--game", "palace", *base, "--option", "hand_size=9")
    assert "no option" in refused(capsys, "study", "--game", "palace", *base, "--option", "colour=red")
    assert "2 bots for 3" in refused(capsys, "study", "--game", "palace", *base, "--bots", "easy,hard")
    assert "no card" in refused(capsys, "compare", "--game", "palace", "--players", "3", "--card", "Z")
    assert "does not answer" in refused(capsys, "study", "--game", "palace", *base, "--ray", "192.0.2.1:6379",
                                        "--ray-timeout", "0.3")


def test_a_variant_that_breaks_the_game_is_refused_with_its_line_before_any_game(capsys, tmp_path,
                                                                                  monkeypatch):
    variant = tmp_path / "broken.toml"
    variant.write_text('game = "three_chapters"\nname = "broken"\n\n[cards.6]\nabilities = 5\n',
                       encoding="utf-8")
    monkeypatch.setattr(study, "play_game", lambda *a, **k: (_ for _ in ()).throw(AssertionError("played")))
    err = refused(capsys, "study", "--game", "three_chapters", "--players", "3", "--deals", "1",
                  "--variant", str(variant))
    assert "line 5" in err and "broken.toml" in err


def test_out_writes_the_report_its_charts_and_every_figure(tmp_path, capsys):
    out = tmp_path / "report"
    assert balance.main(["study", "--game", "palace", "--players", "3", "--deals", "4",
                         "--skill", "easy,normal", "--skill-deals", "1", "--out", str(out), "--json"]) == 0
    text = capsys.readouterr().out
    page = (out / "report.html").read_text(encoding="utf-8")
    images = re.findall(r'<img src="([^"]+)"', page)
    assert len(images) == 3 and all((out / name).stat().st_size > 1000 for name in images)
    saved = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert saved == json.loads(text.splitlines()[-1])
    assert set(saved["figures"]) >= {"seats", "length", "cards", "drama", "skill", "biases"}
    assert {c["card"] for c in saved["figures"]["cards"]} <= set("2345678910JQKA") | {"10"}
    assert (out / "chunks.jsonl").exists() and "Biases" in page


def dies_on_seed_3(chunk, on_game=None):
    """A chunk's work whose process is killed on the chunk of seed 3 (as by the kernel or a person)."""
    import os

    if chunk.seed == 3:
        os._exit(9)
    return {"seed": chunk.seed}


def test_a_killed_process_costs_its_chunk_never_the_study():
    chunks = study.plan_chunks(study.MAIN, PALACE, 1, 6, 1)
    lost = []
    rows = list(lab.run_chunks(dies_on_seed_3, chunks, jobs=2,
                               lost=lambda chunk, why: lost.append(chunk.seed)))
    assert sorted(row["seed"] for _, row in rows) == [1, 2, 4, 5, 6]
    assert lost == [3]


def test_the_skill_figure_counts_hard_as_the_bot_it_was_seated_as(monkeypatch):
    monkeypatch.setattr(study, "reproducible", lambda game, level: "ismcts:2" if level == "hard" else level)
    data = lab.run_study(small_plan(skill_levels=("hard", "normal"), skill_deals=1, deals=1))
    skill = data["figures"]["skill"]
    assert (skill["level"], skill["seated_as"], skill["win"]["n"]) == ("hard", "ismcts:2", 3)


def marks_and_waits(chunk, on_game=None):
    """A chunk's work that leaves a mark of having begun (the chunk is a folder and a number)."""
    import time

    folder, number = chunk
    (folder / f"{number}.begun").touch()
    time.sleep(0.05)
    return {"number": number}


def test_closing_the_chunks_early_cancels_the_chunks_not_begun(tmp_path):
    import multiprocessing

    chunks = [(tmp_path, n) for n in range(60)]
    rows = lab.run_chunks(marks_and_waits, chunks, jobs=2)
    for n, _ in enumerate(rows):
        if n == 1:
            break
    rows.close()  # as compare does once its test has decided
    for child in multiprocessing.active_children():
        child.join(timeout=10)
    assert len(list(tmp_path.glob("*.begun"))) < 12


def test_the_balance_bench_reports_its_figures(capsys):
    from tools import bench

    assert bench.main(["balance", "--players", "3", "--deals", "4", "--chunk", "2", "--memory-games", "20",
                       "--no-ray", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert result["one_process_games_per_s"] > 0 and result["two_processes_ratio"] > 0
    assert result["memory"]["games"] == 20 and "ray_games_per_s" not in result


@pytest.mark.parametrize(("language", "title", "label"), [
    ("de", "Plätze am Tisch (95%-Intervalle)", "Platz 0"),
    ("en", "Seats (95% intervals)", "seat 0"),
])
def test_the_charts_speak_the_language_asked_for(tmp_path, capsys, monkeypatch, language, title, label):
    """The Lab screen shows the charts to a player: their words are in the player's language, whatever
    language the process drawing them speaks (the page and the JSON stay the tool's)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.axes import Axes

    from game.balance import report

    assert balance.main(["study", "--game", "three_chapters", "--players", "3", "--deals", "2",
                         "--skill-deals", "0", "--json"]) == 0  # no skill study: the charts need none
    data = json.loads(capsys.readouterr().out.splitlines()[-1])
    words: list[str] = []
    for name in ("set_title", "set_xlabel", "set_ylabel"):
        drawn = getattr(Axes, name)
        monkeypatch.setattr(Axes, name, lambda self, text, *a, _drawn=drawn, **k: (
            words.append(str(text)), _drawn(self, text, *a, **k))[1])
    ticks = Axes.set_xticks
    monkeypatch.setattr(Axes, "set_xticks", lambda self, xs, labels=None, **k: (
        words.extend(map(str, labels or [])), ticks(self, xs, labels, **k))[1])
    report.write(data, tmp_path, language=language)
    assert title in words and label in words
    other = "Seats (95% intervals)" if language == "de" else "Plätze am Tisch (95%-Intervalle)"
    assert other not in words
    if language == "de":
        assert "Stiche" in words and "beendete Kapitel" in words and "Spiele" in words
