"""Records: written atomically, read back, replayed and verified; bad files give errors naming the line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import fakegame
import pytest

import game
from game.core import RecordError
from game.core.records import parse_record, read_record, replay, write_record
from game.match import Match, Seat

game.register(fakegame.GAME)
ROOT = Path(__file__).resolve().parent.parent


def finished_record(tmp_path: Path, seed: int = 3) -> Path:
    match = Match("duel", [Seat.ai("Ada", "random"), Seat.ai("Bo", "random")], seed)
    match.run_bots()
    path = tmp_path / "game.jsonl"
    match.save(path)
    return path


def test_record_round_trips_and_verifies(tmp_path):
    path = finished_record(tmp_path)
    lines = path.read_text().splitlines()
    header, footer = json.loads(lines[0]), json.loads(lines[-1])
    assert header["format"] == "kartentisch-record" and header["game"] == "duel"
    assert [s["name"] for s in header["seats"]] == ["Ada", "Bo"]
    assert footer["footer"] is True and footer["terminal"] is True
    assert footer["actions"] == len(lines) - 2
    record = read_record(path)
    state = replay(record, verify=True)
    assert state.state_hash() == footer["state_hash"]
    assert state.winners() == footer["winners"]


def rewrite(path: Path, change) -> None:
    lines = path.read_text().splitlines()
    change(lines)
    path.write_text("\n".join(lines) + "\n")


def test_truncated_record_names_its_last_line(tmp_path):
    path = finished_record(tmp_path)
    rewrite(path, lambda lines: lines.pop())
    with pytest.raises(RecordError, match=r"line \d+: the record is cut short"):
        read_record(path)


def test_tampered_action_is_caught_on_replay(tmp_path):
    path = finished_record(tmp_path)
    record = read_record(path)
    seat, text = record.actions[0]
    legal = {str(a) for a in game.load("duel").new_state(2, record.seed).legal_actions()}
    other = next(a for a in sorted(legal) if a != text)

    def swap_first(lines):
        lines[1] = json.dumps({"seat": seat, "action": other})

    rewrite(path, swap_first)
    with pytest.raises(RecordError) as info:
        replay(read_record(path), verify=True, path=str(path))
    assert str(path) in str(info.value) and "line" in str(info.value)


def test_tampered_seed_fails_verification(tmp_path):
    path = finished_record(tmp_path)

    def change_seed(lines):
        head = json.loads(lines[0])
        head["seed"] += 1000
        lines[0] = json.dumps(head)

    rewrite(path, change_seed)
    with pytest.raises(RecordError, match="line"):
        replay(read_record(path), verify=True)


def test_a_record_kept_in_memory_verifies_and_a_footer_without_its_check_is_refused_from_a_file(tmp_path):
    match = Match("duel", [Seat.ai("Ada", "random"), Seat.ai("Bo", "random")], 3)
    match.run_bots()
    record = match.record()  # never written: its footer has no header check yet
    assert "header_hash" not in record.footer
    assert replay(record, verify=True).state_hash() == record.footer["state_hash"]
    path = tmp_path / "game.jsonl"
    match.save(path)

    def drop_check(lines):
        footer = json.loads(lines[-1])
        del footer["header_hash"]
        lines[-1] = json.dumps(footer)

    rewrite(path, drop_check)
    with pytest.raises(RecordError, match="header_hash"):
        read_record(path)


def test_illegal_line_is_named(tmp_path):
    path = finished_record(tmp_path)
    rewrite(path, lambda lines: lines.__setitem__(2, json.dumps({"seat": 0, "action": "play c0"})))
    with pytest.raises(RecordError, match="line 3"):
        replay(read_record(path), path=str(path))


@pytest.mark.parametrize(("content", "message"), [
    ("", "empty"),
    ("hello world\n", "line 1: not valid JSON"),
    ('{"format": "something-else"}\n', "not a Kartentisch record"),
    ("[1, 2]\n", "JSON object"),
    ('{"format": "kartentisch-record", "format_version": 99}\n', "format version"),
])
def test_foreign_files_are_refused_clearly(tmp_path, content, message):
    path = tmp_path / "foreign.jsonl"
    path.write_text(content)
    with pytest.raises(RecordError, match=message):
        read_record(path)


def test_binary_and_missing_files(tmp_path):
    path = tmp_path / "x.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError, match="not UTF-8"):
        read_record(path)
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "missing.jsonl")


def test_lines_after_footer_and_bad_action_lines(tmp_path):
    path = finished_record(tmp_path)
    text = path.read_text()
    with pytest.raises(RecordError, match="after the footer"):
        parse_record(text + json.dumps({"seat": 0, "action": "x"}) + "\n")
    lines = text.splitlines()
    lines[1] = json.dumps({"seat": "zero", "action": "x"})
    with pytest.raises(RecordError, match="line 2"):
        parse_record("\n".join(lines))
    lines[1] = json.dumps({"seat": 7, "action": "x"})
    with pytest.raises(RecordError, match="seat 7 does not exist"):
        parse_record("\n".join(lines))


def test_unknown_game_in_header(tmp_path):
    path = finished_record(tmp_path)

    def rename(lines):
        head = json.loads(lines[0])
        head["game"] = "skat"
        lines[0] = json.dumps(head)

    rewrite(path, rename)
    with pytest.raises(RecordError, match="line 1: there is no game 'skat'"):
        replay(read_record(path), path=str(path))


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path):
    path = finished_record(tmp_path)
    record = read_record(path)
    write_record(path, record)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]

    class Boom(Exception):
        pass

    class Exploding(list):
        def __iter__(self):
            raise Boom

    broken = read_record(path)
    broken.actions = Exploding(broken.actions)
    with pytest.raises(Boom):
        write_record(path, broken)
    assert read_record(path).actions == record.actions  # the old file is intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]


def test_replay_tool_verifies_and_names_the_fault(tmp_path):
    pytest.importorskip("game.palastgefluester")
    match = Match("palastgefluester", [Seat.ai(f"P{i}", "random") for i in range(3)], 5)
    match.run_bots()
    path = tmp_path / "pg.jsonl"
    match.save(path)
    ok = subprocess.run([sys.executable, "-m", "tools.replay", str(path), "--verify"], cwd=ROOT,
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert "verified" in ok.stdout
    rewrite(path, lambda lines: lines.pop())
    bad = subprocess.run([sys.executable, "-m", "tools.replay", str(path), "--verify"], cwd=ROOT,
                         capture_output=True, text=True)
    assert bad.returncode == 1 and "cut short" in bad.stderr and "line" in bad.stderr


def test_a_record_names_the_build_that_wrote_it_and_reads_back_with_it(tmp_path):
    from game import __version__
    from game.core.records import read_record
    from game.match import Match, Seat

    match = Match("palace", [Seat("Anna"), Seat.ai("Ben", "random")], 3, autosave=None)
    path = tmp_path / "game.jsonl"
    match.save(path)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["app"] == f"kartentisch {__version__}"
    assert read_record(path).app == header["app"]
