"""The history of kept games (game.history) and the statistics made from it (game.statistics)."""

from __future__ import annotations

import csv
import io
import json
import os
import time
from pathlib import Path

import pytest

from game.core import RecordError
from game.core.records import Record, read_record, replay, write_record
from game.core.standings import places
from game.history import INDEX_NAME, SET_ASIDE, Entry, History, SeatSummary, matching, record_name
from game.match import Match, Seat
from game.statistics import csv_text, statistics, write_csv


def finished(seed: int, game: str = "palastgefluester", names=("Anna", "Ben", "Cleo"),
             bots=("random", "random", "random")) -> Match:
    match = Match(game, [Seat.ai(n, b) for n, b in zip(names, bots, strict=True)], seed)
    match.run_bots()
    assert match.is_over()
    return match


def unfinished(seed: int, actions: int = 5, game: str = "palastgefluester") -> Match:
    match = Match(game, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed)
    while len(match.actions) < actions:
        if match.human_to_act() is not None:
            match.play(match.legal_actions(match.human_to_act())[0] if match.view_seat is not None
                       else match.state.legal_actions()[0])
        else:
            match.step_bot()
    return match


def age(history: History, entry: Entry, seconds_ago: float) -> None:
    """Date a kept file back, as if it had been played `seconds_ago`."""
    when = time.time() - seconds_ago
    os.utime(history.path(entry), (when, when))


# -- keeping and listing ---------------------------------------------------------------------------
def test_history_keeps_finished_games_and_lists_them_newest_first(tmp_path):
    history = History(tmp_path / "history")
    first = history.keep(finished(1).record())
    age(history, first, 100)
    second = history.keep(finished(2).record())
    listed = History(tmp_path / "history").entries()  # a new store: read back from the folder
    assert [e.name for e in listed] == [second.name, first.name]
    entry = listed[1]
    assert entry.readable and entry.finished and not entry.resumable
    assert entry.game == "palastgefluester" and entry.names == ["Anna", "Ben", "Cleo"]
    record = read_record(history.path(entry))
    state = replay(record)
    assert entry.actions == len(record.actions) and entry.winners == tuple(state.winners())
    assert entry.places == tuple(places(state)) and entry.key == record.header_hash()


def test_the_bound_sends_the_oldest_games_out_first(tmp_path):
    history = History(tmp_path, limit=3)
    kept = []
    for seed in range(5):
        entry = history.keep(finished(seed + 10).record())
        age(history, entry, 3600 * (10 - seed))  # each game an hour later than the one before
        kept.append(entry)
    names = {e.name for e in History(tmp_path, limit=3).entries()}
    assert names == {kept[2].name, kept[3].name, kept[4].name}
    assert not history.path(kept[0]).exists() and not history.path(kept[1]).exists()


def test_a_lower_bound_never_removes_the_game_just_kept(tmp_path):
    history = History(tmp_path, limit=5)
    for seed in range(3):
        age(history, history.keep(finished(seed + 20).record()), 1000 - seed)
    newest = History(tmp_path, limit=1).keep(finished(30).record())
    assert [e.name for e in History(tmp_path).entries()] == [newest.name]


def test_keeping_a_game_again_replaces_its_earlier_record(tmp_path):
    history = History(tmp_path)
    match = unfinished(3, actions=4)
    early = history.keep(match.record(), match.state)
    match.run_bots()
    while not match.is_over():
        match.play(match.state.legal_actions()[0])
        match.run_bots()
    late = history.keep(match.record(), match.state)
    assert early.name == late.name == record_name(match.record())
    [entry] = History(tmp_path).entries()
    assert entry.finished and entry.actions == len(match.actions) > 4


def test_several_unfinished_games_can_each_be_resumed(tmp_path):
    history = History(tmp_path)
    matches = [unfinished(seed, actions=3 + seed) for seed in range(3)]
    for match in matches:
        history.keep(match.record(), match.state)
    history.keep(finished(40).record())
    resumable = History(tmp_path).unfinished()
    assert len(resumable) == 3
    by_key = {m.record().header_hash(): m for m in matches}
    for entry in resumable:
        resumed = Match.resume(history.path(entry))
        original = by_key[entry.key]
        assert resumed.actions == original.actions
        assert resumed.state.state_hash() == original.state.state_hash()


def test_keep_file_keeps_the_autosave_and_refuses_a_broken_one(tmp_path):
    history = History(tmp_path / "history")
    autosave = tmp_path / "autosave.jsonl"
    assert history.keep_file(autosave) is None  # no current game: nothing to keep
    match = unfinished(5)
    match.save(autosave)
    entry = history.keep_file(autosave)
    assert entry is not None and entry.resumable and autosave.exists()
    autosave.write_text("not a record\n", encoding="utf-8")
    with pytest.raises(RecordError):
        history.keep_file(autosave)
    assert [e.name for e in history.entries()] == [entry.name]


# -- broken files ----------------------------------------------------------------------------------
def test_a_broken_record_is_listed_as_unreadable_and_never_stops_the_list(tmp_path):
    history = History(tmp_path)
    good = history.keep(finished(50).record())
    (tmp_path / "garbage.jsonl").write_bytes(b"\xff\xfe not json at all\n")
    record = finished(51).record()
    record.actions[3] = (record.actions[3][0], "play Nobody/green")  # a move that cannot be played
    write_record(tmp_path / "changed.jsonl", record)
    (tmp_path / "folder.jsonl").mkdir()  # not a file: not a game either
    entries = {e.name: e for e in History(tmp_path).entries()}
    assert set(entries) == {good.name, "garbage.jsonl", "changed.jsonl"}
    assert entries[good.name].readable
    assert "garbage.jsonl" in entries and not entries["garbage.jsonl"].readable
    assert "line 5" in entries["changed.jsonl"].problem  # the header is line 1, the 4th action line 5
    assert not entries["changed.jsonl"].resumable


def test_an_unreadable_record_can_be_deleted_or_set_aside(tmp_path):
    history = History(tmp_path)
    (tmp_path / "one.jsonl").write_text("{}\n", encoding="utf-8")
    (tmp_path / "two.jsonl").write_text("[]\n", encoding="utf-8")
    entries = {e.name: e for e in history.entries()}
    history.delete(entries["one.jsonl"])
    kept = history.set_aside(entries["two.jsonl"])
    assert kept == tmp_path / SET_ASIDE / "two.jsonl" and kept.read_text(encoding="utf-8") == "[]\n"
    (tmp_path / "two.jsonl").write_text("[]\n", encoding="utf-8")  # another broken file of that name
    again = history.set_aside("two.jsonl")
    assert again != kept and again.exists() and kept.exists()
    assert History(tmp_path).entries() == []


# -- the index -------------------------------------------------------------------------------------
def test_listing_uses_the_index_without_reading_the_records(tmp_path, monkeypatch):
    history = History(tmp_path)
    for seed in range(3):
        history.keep(finished(60 + seed).record())
    before = History(tmp_path).entries()

    def refuse(*_args, **_kwargs):
        raise AssertionError("a record was read although the index holds its summary")

    monkeypatch.setattr("game.history.read_record", refuse)
    assert History(tmp_path).entries() == before


HOSTILE_INDEX = b'{"format": "kartentisch-history-index", "version": 1, "entries": [{"name": 5}]}'


@pytest.mark.parametrize("index", [None, b"", b"\x00\xff", b"[1, 2]", b'{"format": "other"}', HOSTILE_INDEX,
                                   b"[" * 100_000])
def test_a_missing_or_broken_index_is_made_again_from_the_records(tmp_path, index):
    history = History(tmp_path)
    for seed in range(2):
        history.keep(finished(70 + seed).record())
    history.keep(unfinished(72).record())
    expected = History(tmp_path).entries()
    path = tmp_path / INDEX_NAME
    if index is None:
        path.unlink()
    else:
        path.write_bytes(index)
    rebuilt = History(tmp_path).entries()
    assert rebuilt == expected
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "kartentisch-history-index"


def test_an_index_entry_of_a_changed_or_removed_file_is_made_again(tmp_path):
    history = History(tmp_path)
    entry = history.keep(finished(80).record())
    gone = history.keep(finished(81).record())
    other = finished(82, names=("Xena", "Yuri", "Zora")).record()
    write_record(history.path(entry), other)  # the same file now holds another game
    history.path(gone).unlink()
    [listed] = History(tmp_path).entries()
    assert listed.name == entry.name and listed.names == ["Xena", "Yuri", "Zora"]


def test_refresh_summarises_a_little_at_a_time(tmp_path):
    history = History(tmp_path)
    for seed in range(4):
        history.keep(finished(90 + seed).record())
    (tmp_path / INDEX_NAME).unlink()
    fresh = History(tmp_path)
    assert len(fresh.pending()) == 4
    left = fresh.refresh(budget_s=0.0)  # one file per call at the least
    assert left == 3 and len(fresh.listed()) == 1
    while left:
        left = fresh.refresh(budget_s=0.0)
    assert len(fresh.listed()) == 4 and (tmp_path / INDEX_NAME).exists()


def test_matching_filters_by_game_and_player_name(tmp_path):
    history = History(tmp_path)
    history.keep(finished(100).record())
    history.keep(finished(101, game="three_chapters", names=("Anna", "Dora", "Emil")).record())
    history.keep(finished(102, names=("Fritz", "Greta", "Hans")).record())
    entries = history.entries()
    assert len(matching(entries, player="anna")) == 2
    assert len(matching(entries, game="three_chapters")) == 1
    assert len(matching(entries, game="palastgefluester", player="GRE")) == 1
    assert matching(entries, game="palace") == []


def test_export_copies_a_record_atomically(tmp_path):
    history = History(tmp_path / "history")
    entry = history.keep(finished(110).record())
    target = history.export(entry, tmp_path / "out")
    assert target.read_bytes() == history.path(entry).read_bytes()
    folder = tmp_path / "folder"
    folder.mkdir()
    assert history.export(entry, folder) == folder / entry.name
    assert [p.name for p in folder.iterdir()] == [entry.name]  # no temp file left behind


# -- a game played on from another's position: the record's header says where ---------------------
def test_a_record_that_continues_another_says_so_and_replays_alone(tmp_path):
    source = finished(120).record()
    record = Record(source.game, source.version, source.players, source.seed, source.options,
                    [Seat("Zoe").to_dict(), *source.seats[1:]], actions=source.actions[:10],
                    continues={"record": source.header_hash(), "move": 10})
    state = replay(record, verify=False)
    from game.core.records import footer_for

    record.footer = footer_for(state, 10)
    write_record(tmp_path / "on.jsonl", record)
    back = read_record(tmp_path / "on.jsonl")
    assert back.continues == {"record": source.header_hash(), "move": 10}
    assert replay(back).state_hash() == state.state_hash()
    entry = History(tmp_path / "h").keep(back)
    assert entry.continues == (source.header_hash(), 10)
    plain = finished(121).record()
    assert "continues" not in plain.header()


@pytest.mark.parametrize("continues", [5, "x", {"record": "a"}, {"record": "a", "move": -1},
                                       {"record": 3, "move": 1}, {"record": "a", "move": 1, "x": 2},
                                       {"record": "a", "move": 10**6}])
def test_a_bad_continues_field_is_refused_with_the_line(tmp_path, continues):
    record = finished(122).record()
    lines = record.lines()
    head = json.loads(lines[0])
    head["continues"] = continues
    lines[0] = json.dumps(head)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert caught.value.line == 1


# -- statistics ------------------------------------------------------------------------------------
def seats(*spec: str) -> tuple[SeatSummary, ...]:
    """"Anna" is a person, "Ben:hard" an AI at that level."""
    out = []
    for item in spec:
        name, _, level = item.partition(":")
        out.append(SeatSummary(name, "bot" if level else "human", level or None))
    return tuple(out)


def game_entry(n: int, who: tuple[SeatSummary, ...], scores, winners, place, *, game="gloria_picktoria",
               done=True, ordered=False, hints=()) -> Entry:
    return Entry(name=f"g{n}.jsonl", played=1000.0 + n, size=1, mtime_ns=n, game=game, key=f"k{n}",
                 seats=who, actions=10, finished=done, scores=tuple(scores), winners=tuple(winners),
                 places=tuple(place) if done else (), ordered=ordered, hints=tuple(hints))


def test_statistics_match_a_count_by_hand():
    who = seats("Anna", "Ben:normal", "Cleo:hard")
    entries = [
        game_entry(1, who, [30, 20, 10], [0], [1, 2, 3]),  # Anna wins, beats normal and hard
        game_entry(2, who, [15, 25, 5], [1], [2, 1, 3]),  # Ben wins; Anna beats hard
        game_entry(3, who, [40, 40, 10], [0, 1], [1, 1, 3]),  # shared win: Anna beats hard only
        game_entry(4, who, [22, 10, 11], [0], [1, 3, 2], hints=(2, 0, 0)),  # Anna wins, after two hints
        game_entry(5, who, [0, 0, 0], [], [], done=False),  # unfinished: counted apart
        game_entry(6, seats("Anna", "Dora:easy"), [3.0, 1.0], [0], [1, 2], game="palace", ordered=True),
        Entry(name="broken.jsonl", played=2000.0, size=1, mtime_ns=1, problem="not a record"),
    ]
    table = {(s.game, s.label): s for s in statistics(entries)}
    anna = table[("gloria_picktoria", "Anna")]
    assert (anna.games, anna.unfinished, anna.wins) == (4, 1, 3)
    assert anna.place_counts == {1: 3, 2: 1}
    assert anna.mean_place == pytest.approx(5 / 4)
    assert anna.mean_points == pytest.approx((30 + 15 + 40 + 22) / 4)
    assert (anna.best, anna.worst) == (40, 15)
    assert anna.results == [True, False, True, True]
    assert (anna.longest_win_streak, anna.longest_losing_streak, anna.current_streak) == (2, 1, 2)
    assert anna.beaten == {"normal": 2, "hard": 4} and anna.hints == 2
    ben = table[("gloria_picktoria", "Ben (AI · normal)")]
    assert (ben.games, ben.wins, ben.current_streak) == (4, 2, -1)
    assert ben.beaten == {"hard": 3}
    palace = table[("palace", "Anna")]
    assert palace.points == [] and palace.mean_points is None and palace.beaten == {"easy": 1}
    assert [s.is_human for s in statistics(entries)][:2] == [True, True]  # people first


def test_statistics_of_real_records_match_their_replays(tmp_path):
    history = History(tmp_path)
    bots = ("random", "normal", "random")
    for seed in range(4):
        history.keep(finished(130 + seed, bots=bots).record())
    wins = [0, 0, 0]
    place_sum = [0, 0, 0]
    for entry in history.entries():
        state = replay(read_record(history.path(entry)))
        for seat in state.winners():
            wins[seat] += 1
        for seat, place in enumerate(places(state)):
            place_sum[seat] += place
    table = {s.name: s for s in statistics(history.entries())}
    for seat, name in enumerate(("Anna", "Ben", "Cleo")):
        assert table[name].games == 4 and table[name].wins == wins[seat]
        assert table[name].mean_place == pytest.approx(place_sum[seat] / 4)


def test_statistics_export_as_csv(tmp_path):
    who = seats("=cmd|calc", "Ben:hard")
    entries = [game_entry(1, who, [5, 3], [0], [1, 2]), game_entry(2, who, [2, 4], [1], [2, 1])]
    stats = statistics(entries)
    path = tmp_path / "stats.csv"
    write_csv(stats, path)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    person = next(r for r in rows if r["played by"] == "human")
    assert person["player"] == "'=cmd|calc"  # a name is never a formula in a spreadsheet
    assert (person["games"], person["wins"], person["place 1"], person["place 2"]) == ("2", "1", "1", "1")
    assert person["mean points"] == "3.50" and person["beat AI hard"] == "1"
    assert person["best points"] == "5" and person["worst points"] == "2"
    assert [p.name for p in tmp_path.iterdir()] == ["stats.csv"]
    assert csv_text([]).startswith("game,player,")


def test_an_unwritable_csv_target_raises_oserror_and_leaves_nothing(tmp_path):
    target = tmp_path / "no-such-folder-file"
    target.write_text("a file, not a folder", encoding="utf-8")
    with pytest.raises(OSError):
        write_csv([], target / "stats.csv")
    assert Path(target).read_text(encoding="utf-8") == "a file, not a folder"


def test_keeping_a_record_unchanged_keeps_its_file_and_date(tmp_path):
    history = History(tmp_path)
    record = finished(140).record()
    entry = history.keep(record)
    age(history, entry, 5000)
    before = history.path(entry).stat().st_mtime_ns
    again = History(tmp_path).keep(read_record(history.path(entry)))
    assert history.path(again).stat().st_mtime_ns == before
    assert again.played == pytest.approx(time.time() - 5000, abs=5)


def test_the_moves_made_after_a_hint_are_counted_per_seat(tmp_path):
    record = finished(150).record()
    seats_of = [seat for seat, _ in record.actions]
    record.hinted = {0, 1, 2, 5}
    entry = History(tmp_path).keep(record)
    assert entry.hints == tuple(sum(1 for i in (0, 1, 2, 5) if seats_of[i] == s) for s in range(3))
    [listed] = History(tmp_path).entries()
    assert listed.hints == entry.hints
    assert sum(s.hints for s in statistics([listed])) == 4
