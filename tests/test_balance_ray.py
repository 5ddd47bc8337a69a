"""The balance lab on a local Ray with 2 CPUs (started here, for this module only): the same seeds give
the same figures as one process and two local processes, and a worker killed costs its chunk only."""

from __future__ import annotations

import sys

import pytest
import ray
import ray.cloudpickle

from game.balance import cluster, lab, study
from game.balance.study import Spec

ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers need not import the tests


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield
    ray.shutdown()


def test_one_process_two_processes_and_ray_give_the_same_figures(tmp_path, local_ray):
    plan = lab.StudyPlan(Spec("palace", 3, ("heuristic", "heuristic", "easy")), seed=11, deals=6, chunk=2,
                         skill_levels=("easy", "normal"), skill_deals=1)
    one = lab.run_study(plan, jobs=1)
    two = lab.run_study(plan, jobs=2)
    on_ray = lab.run_study(plan, ray="auto", chunk_path=tmp_path / "chunks.jsonl")
    assert one["complete"] and one["figures"]["finished"] == 6 * 3
    assert one == two == on_ray
    assert len((tmp_path / "chunks.jsonl").read_text(encoding="utf-8").splitlines()) == 4


def killed_on_seed_2(chunk, on_game=None):
    import os

    if chunk.seed == 2:
        os._exit(9)  # the worker dies as if killed
    return {"seed": chunk.seed}


def test_a_killed_ray_worker_costs_its_chunk_never_the_study(local_ray, monkeypatch):
    monkeypatch.setattr(cluster, "MAX_RETRIES", 0)  # no second try: the test needs the chunk lost
    chunks = study.plan_chunks(study.MAIN, Spec("palace", 3, ("heuristic",) * 3), 1, 3, 1)
    lost = []
    rows = list(cluster.run_on_ray(killed_on_seed_2, chunks, "auto", lost=lambda c, why: lost.append(c.seed)))
    assert sorted(row["seed"] for _, row in rows) == [1, 3] and lost == [2]
