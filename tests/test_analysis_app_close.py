"""An analysis under way when the app closes: its processes end with the app, and nothing of it is kept,
so the next time the game is analysed again."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

#: the app's end, as a script: a long analysis started beside a kept record, some of it done, the
#: interpreter left the normal way; the processes working for it printed first
SCRIPT = textwrap.dedent("""
    import multiprocessing, sys, time
    from pathlib import Path
    from game.core.records import write_record
    from scenes.menus.analysis_run import AnalysisRun
    from tools.analyse import played_record

    record = played_record("palastgefluester", 3, 7, ["easy", "normal", "normal"], people=[0])
    path = Path(sys.argv[1])
    write_record(path, record)
    run = AnalysisRun(record, path, playouts=400, jobs=2).start()
    deadline = time.monotonic() + 120
    while not multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)  # well under way: the processes are working
    print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
    assert run.running, run.outcome
""")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended, only not been waited for
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_closing_the_app_ends_the_analysis_processes_and_keeps_nothing(tmp_path):
    record = tmp_path / "game.ktr"
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(record)], capture_output=True, text=True,
                          timeout=180, cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    pids = [int(pid) for pid in done.stdout.split()]
    assert pids, "no process worked on the analysis"
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in pids if alive(pid)], "an analysis process outlived the app"
    assert record.exists()
    assert [p.name for p in tmp_path.iterdir()] == [record.name], "something of the analysis was kept"
