"""Nothing a record file holds breaks a reader: generated hostile bytes, text and JSON values go through
the same code paths the app and the tools use (read_record, the title screen's read_saved_game,
Match.resume, tools.replay), and each gives a RecordError naming the file and the line, or reads a
record that means what it says. The engine's own output reads back (any name, any action text), and
--verify refuses a record whose header was changed, not only its actions."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from pathlib import Path

import fakegame
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import game
from game.core import Action, IllegalAction, RecordError, Rng
from game.core.datafile import clean_name
from game.core.records import Record, read_record, replay, write_record
from game.match import Match, MatchError, Seat
from scenes.saved_game import SavedGame, read_saved_game
from tools import replay as replay_tool

game.register(fakegame.GAME)
ROOT = Path(__file__).resolve().parent.parent

#: Generated, but the same inputs on every run; no deadline (the machine may be busy), few examples.
def examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# -- records to damage -----------------------------------------------------------------------------
def played(game_id: str, seats: list[Seat], seed: int, actions: int) -> Match:
    """A match with up to `actions` decisions taken (humans take their first legal action)."""
    match = Match(game_id, seats, seed)
    while len(match.actions) < actions and not match.is_over():
        if match.bot_to_act() is not None:
            match.step_bot()
        else:
            match.play(match.state.legal_actions()[0])
    return match


def record_text(match: Match) -> str:
    return "\n".join(match.record().lines()) + "\n"


@cache
def duel_text() -> str:
    """An unfinished duel: a human and a bot seat, an option, actions and a footer."""
    return record_text(played("duel", [Seat("Ada"), Seat.ai("Bo", "random")], 7, 3))


@cache
def palace_text() -> str:
    """An unfinished game the app knows, so the title screen reads it as it reads a player's save."""
    return record_text(played("palace", [Seat("Ann"), Seat.ai("Ben", "easy")], 11, 4))


# -- hostile content -------------------------------------------------------------------------------
#: JSON texts (and not-quite-JSON texts) that Python's own readers fail on in unexpected ways.
HOSTILE_VALUES = [
    "9" * 5000, "-" + "1" * 4301,  # longer than int() converts: a plain ValueError in json.loads
    "1" * 4300,  # the longest whole number Python converts: a number, but no seat or count
    "1e999", "-1e400", "Infinity", "-Infinity", "NaN",  # not finite
    "[" * 100_000 + "]" * 100_000, '{"a": ' * 5000 + "0" + "}" * 5000,  # RecursionError in json.loads
    "[" * 900 + "]" * 900,  # deep, yet under the recursion limit
    "١٢", "０", "²", '"١٢"', '"²"',  # Unicode digits, bare and as text
    '"\\ud800"', '"\\udfff\\ud800"', '"\\ud83d\\ude00"',  # lone and paired surrogates
    '"\\u0000\\u001b\\u007f"', '"\u2028\u2029\u0085"', '"a\\nb\\r"', '"\\\\"', '"\\""',
    "0x10", "1_000", "+1", "01", ".5", "1.", "-", "true", "false", "null", '""', "[]", "{}",
    '"' + "x" * 100_000 + '"', '["human", "bot"]', '{"name": "A", "kind": "human", "bot": null}',
    "\x00", "\u2028", "\u0085", "\ufeff", "",
]
#: Characters that break lines for str.splitlines (and some for editors) but not for JSON Lines.
SEPARATORS = ["\u2028", "\u2029", "\u0085", "\x1c", "\x1d", "\x1e", "\x0b", "\x0c", "\r", "\x00", "\ufeff"]
HOLE = "@@hole@@"

json_scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                | st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
value_texts = json_values.map(lambda v: json.dumps(v, ensure_ascii=False)) | st.sampled_from(HOSTILE_VALUES)


def holes(obj: dict) -> list[tuple[object, object]]:
    """Every (container, key) of a record line whose value a hostile value may replace, new keys too."""
    found: list[tuple[object, object]] = [(obj, key) for key in [*obj, "extra"]]
    for index, seat in enumerate(obj.get("seats", [])):
        found.append((obj["seats"], index))
        found += [(seat, key) for key in ("name", "kind", "bot", "extra")]
    if "options" in obj:
        found += [(obj["options"], key) for key in [*obj["options"], "colour"]]
    for key in ("scores", "winners"):
        found += [(obj[key], index) for index in range(len(obj.get(key, [])))]
    return found


@st.composite
def damaged(draw, text: str) -> bytes:
    """A record with one kind of damage: a hostile value anywhere, a line replaced, lines moved,
    a separator or a byte put in, or nothing of the record left at all."""
    lines = text.splitlines()
    how = draw(st.sampled_from(["value", "value", "value", "line", "lines", "separator", "bytes", "noise"]))
    event(f"damage: {how}")  # --hypothesis-show-statistics counts each kind tried
    if how == "value":
        objs = [json.loads(line) for line in lines]
        where = draw(st.sampled_from(["header", "header", "header", "footer", "action"]))  # most fields
        number = {"header": 0, "footer": len(objs) - 1}.get(where)
        if number is None:
            number = draw(st.integers(1, len(objs) - 2))
        container, key = draw(st.sampled_from(holes(objs[number])))
        container[key] = HOLE  # type: ignore[index]
        value = draw(value_texts)
        event("value: " + ("hostile text" if value in HOSTILE_VALUES else "any JSON value"))
        event(f"value in: {where}")
        lines[number] = json.dumps(objs[number], ensure_ascii=False).replace(f'"{HOLE}"', value)
    elif how == "line":
        number = draw(st.integers(0, len(lines)))
        new = draw(value_texts | st.just("{}"))
        if draw(st.booleans()) and number < len(lines):
            lines[number] = new
        else:
            lines.insert(number, new)
    elif how == "lines":
        change = draw(st.sampled_from(["drop", "repeat", "swap", "blank", "crlf", "no-final-newline"]))
        a, b = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        if change == "drop":
            del lines[a]
        elif change == "repeat":
            lines.insert(a, lines[b])
        elif change == "swap":
            lines[a], lines[b] = lines[b], lines[a]
        elif change == "blank":
            lines.insert(a, draw(st.sampled_from(["", " ", "\t", "\u2028"])))
        elif change == "crlf":
            return ("\r\n".join(lines) + "\r\n").encode()
        else:
            return "\n".join(lines).encode()
    elif how == "separator":
        whole = "\n".join(lines) + "\n"
        at = draw(st.integers(0, len(whole)))
        return (whole[:at] + draw(st.sampled_from(SEPARATORS)) + whole[at:]).encode()
    elif how == "bytes":
        raw = ("\n".join(lines) + "\n").encode()
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.binary(min_size=1, max_size=6)) + raw[at + draw(st.integers(0, 3)):]
    else:
        return draw(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
    return ("\n".join(lines) + "\n").encode()


# -- what every reader must do with whatever it is given ------------------------------------------
def assert_refused_well(exc: RecordError, path: Path, *, line: bool = True) -> None:
    message = str(exc)
    message.encode("utf-8")  # printable: no lone surrogate reaches a terminal or a font
    assert message.startswith(str(path)), message
    assert len(message) < len(str(path)) + 700, "a message quotes a value of the file, not the file"
    if line:
        assert exc.line is not None and f"line {exc.line}" in message, message


def run_replay_tool(*args: str) -> tuple[int, str, str]:
    """tools.replay's main in this process, its output going to UTF-8 streams that refuse what UTF-8
    cannot hold (as a terminal's would)."""
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict") for _ in range(2))
    with redirect_stdout(out), redirect_stderr(err):
        code = replay_tool.main(list(args))
    out.seek(0)
    err.seek(0)
    return code, out.read(), err.read()


def check_every_reader(path: Path, raw: bytes) -> Record | None:
    """Run `path` through every reader the app and the tools have; the file is never changed."""
    try:
        record = read_record(path)
    except RecordError as exc:
        assert_refused_well(exc, path)
        record = None
    try:
        match = Match.resume(path, autosave=path)  # as the title screen resumes: the save is the autosave
    except RecordError as exc:
        assert_refused_well(exc, path)
        assert path.read_bytes() == raw  # a save that cannot be resumed is never overwritten
    else:
        assert record is not None and match.actions == record.actions
    saved = read_saved_game(path)
    assert isinstance(saved, SavedGame) and (record is not None or saved.problem)
    saved.problem.encode("utf-8")
    code, out, err = run_replay_tool(str(path), "--verify")
    assert code in (0, 1) and (code == 0) == (not err), err
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # nothing set aside, no temp left
    return record


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("hostile")


def fresh(folder: Path, name: str) -> Path:
    target = folder / name
    target.mkdir(exist_ok=True)
    for stale in target.iterdir():
        stale.unlink()
    return target / "autosave.jsonl"


@examples(250)
@given(data=st.data())
def test_a_damaged_record_is_refused_by_every_reader_with_its_line(folder, data):
    base = data.draw(st.sampled_from([duel_text, palace_text]))()
    raw = data.draw(damaged(base))
    path = fresh(folder, "damaged")
    path.write_bytes(raw)
    record = check_every_reader(path, raw)
    if record is not None:  # what still reads has the shape the reader promises, whatever it says
        assert_record_shape(record)


def assert_record_shape(record: Record) -> None:
    assert isinstance(record.game, str) and isinstance(record.version, str)
    assert type(record.players) is int and type(record.seed) is int and len(record.seats) == record.players
    assert all(v is None or isinstance(v, (str, int, float)) for v in record.options.values())
    for seat in record.seats:
        assert isinstance(seat["name"], str) and seat["kind"] in ("human", "bot")
        assert (seat["kind"] == "bot") == isinstance(seat.get("bot"), str)
    assert all(type(s) is int and 0 <= s < record.players and isinstance(a, str) for s, a in record.actions)
    assert record.footer is not None and record.footer["actions"] == len(record.actions)
    assert isinstance(record.footer["header_hash"], str) and isinstance(record.footer["terminal"], bool)


@examples(120)
@given(raw=st.binary(max_size=400))
def test_any_bytes_are_refused_by_every_reader(folder, raw):
    path = fresh(folder, "bytes")
    path.write_bytes(raw)
    assert check_every_reader(path, raw) is None


@examples(80)
@given(values=st.lists(value_texts, min_size=1, max_size=4))
def test_lines_of_any_json_values_are_refused_by_every_reader(folder, values):
    path = fresh(folder, "values")
    raw = ("\n".join(values) + "\n").encode("utf-8", "surrogatepass")
    path.write_bytes(raw)
    assert check_every_reader(path, raw) is None


# -- files that are not what they seem -------------------------------------------------------------
def test_files_too_large_folders_pipes_links_and_odd_names_are_refused(tmp_path):
    huge = tmp_path / "huge.jsonl"
    with open(huge, "wb") as fh:
        fh.truncate(17 * 1024 * 1024)  # sparse: costs no disk, would cost the memory if read
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)  # opening it would wait for a writer forever
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "nowhere.jsonl")
    for path, words in [(huge, "larger than any"), (folder, "a folder"), (pipe, "not a regular file"),
                        (link, "cannot read")]:
        with pytest.raises(RecordError, match=words) as info:
            read_record(path)
        assert_refused_well(info.value, path, line=False)
        saved = read_saved_game(path)
        assert saved is not None and words in saved.problem
        assert path.is_symlink() or path.exists()  # nothing a reader refuses is removed
    with pytest.raises(RecordError, match="cannot read"):
        read_record(str(tmp_path / "nul\x00.jsonl"))
    assert read_saved_game(tmp_path / "none.jsonl") is None


def test_a_file_name_that_is_not_utf8_is_shown_printable(tmp_path):
    odd = Path(os.fsdecode(bytes(tmp_path) + b"/\xff\xfe-\x1b[31m.jsonl"))  # not UTF-8, and a terminal escape
    odd.write_bytes(b'{"format": "kartentisch-record", "format_version": 2}\n\xff')
    shown_name = r"\ufffd\ufffd-\\x1b\[31m\.jsonl"
    with pytest.raises(RecordError, match=shown_name + ", line 2: not a Kartentisch record: .*not UTF-8"):
        read_record(odd)
    saved = read_saved_game(odd)
    assert saved is not None and "\ufffd" in saved.problem and "\x1b" not in saved.problem
    assert odd.read_bytes().endswith(b"\xff")


def test_layouts_an_editor_may_leave_still_read(tmp_path):
    """A byte order mark, Windows line ends, and no final newline change nothing."""
    text = duel_text()
    path = tmp_path / "r.jsonl"
    for raw in (b"\xef\xbb\xbf" + text.encode(), text.replace("\n", "\r\n").encode(),
                text.rstrip("\n").encode()):
        path.write_bytes(raw)
        assert read_record(path).actions == read_record_text(text).actions
        replay(read_record(path), verify=True)


def read_record_text(text: str) -> Record:
    from game.core.records import parse_record

    return parse_record(text)


# -- the engine's own output reads back ----------------------------------------------------------
NASTY_NAMES = ["Zoë 🃏", 'say "hi"', "back\\slash", "two\nlines", "para\u2029graph", "line\u2028sep",
               "next\u0085line", "tab\there", "\x00nul", "\x1b[31mred", "\u202eevil", "", " ", "١٢", "9" * 40,
               '{"footer": true}', "\ufeff", "a" * 2000]


@examples(50)
@given(names=st.lists(st.text(max_size=40) | st.sampled_from(NASTY_NAMES), min_size=2, max_size=2),
       moves=st.integers(0, 6))
def test_any_name_survives_write_and_read(folder, names, moves):
    match = played("duel", [Seat(names[0]), Seat.ai(names[1], "random")], 3, moves)
    path = fresh(folder, "names")
    match.save(path)
    record = read_record(path)
    assert [s["name"] for s in record.header()["seats"]] == names  # the file's own names are kept
    assert [s["name"] for s in record.seats] == [clean_name(n) for n in names]  # the screens get clean ones
    resumed = Match.resume(path)
    assert [s.name for s in resumed.seats] == [clean_name(n) for n in names]
    assert resumed.record().header() == record.header()
    assert resumed.state.state_hash() == match.state.state_hash()
    code, out, err = run_replay_tool(str(path), "--verify")
    assert code == 0 and "verified" in out, err


def test_a_name_that_is_not_unicode_is_refused_before_any_file_is_touched(tmp_path):
    for name in ("\ud800", "a\udfffb", "\ud83d\ude00"):  # the last pair would read back as one emoji
        with pytest.raises(MatchError, match="Unicode"):
            Seat(name)
    path = tmp_path / "r.jsonl"
    path.write_text(duel_text(), encoding="utf-8")
    record = read_record(path)
    record.seats[0]["name"] = "\ud800"
    with pytest.raises(RecordError, match="not Unicode"):
        write_record(path, record)
    assert path.read_text(encoding="utf-8") == duel_text()
    assert [p.name for p in tmp_path.iterdir()] == ["r.jsonl"]


@cache
def positions(game_id: str) -> tuple:
    """A few positions of a game, from its start to its end."""
    rules = game.load(game_id)
    rng = Rng(41)
    found = []
    for i in range(3):
        state = rules.new_state(rules.min_players + i % (rules.max_players - rules.min_players + 1), seed=i)
        steps = [0, 25, 10_000][i]
        while steps and not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps -= 1
        found.append(state)
    return tuple(found)


ARGS = st.sampled_from(["0", "1", "-1", "-0", "007", "99", "9" * 19, "9" * 5000, "²", "١٢", "٣", "０", "1e3",
                        "--5", "-", "red", "Zauberer/red", "5C", "1x5", "joker", "nest", "\ud800", "\u2028",
                        "\x00", "🃏"])


def action_texts(kinds: list[str]) -> st.SearchStrategy[str]:
    structured = st.tuples(st.sampled_from([*kinds, "x", "", "-1"]), st.lists(ARGS | st.text(max_size=5),
                                                                              max_size=4))
    spaced = st.sampled_from([" ", "  ", "\t", "\u2028", "\u0085", "\x1c", "\u3000"])
    return (structured.flatmap(lambda ka: spaced.map(lambda s: s.join([ka[0], *ka[1]])))
            | st.text(max_size=30) | st.just("x" * 10_000))


@pytest.mark.parametrize("game_id", game.available())
def test_parse_action_refuses_any_text_with_the_contracts_error(game_id):
    rules = game.load(game_id)
    states = positions(game_id)
    kinds = sorted({a.kind for s in states for a in s.legal_actions()} | {"play", "take", "pick"})

    @examples(120)
    @given(index=st.integers(0, len(states) - 1), text=action_texts(kinds))
    def check(index, text):
        state = states[index]
        before = state.state_hash()
        try:
            action = rules.parse_action(state, text)
        except IllegalAction as exc:
            assert str(exc)
        else:
            assert action in state.legal_actions()
        assert state.state_hash() == before
        try:
            parsed = Action.parse(text)
        except IllegalAction:
            return
        assert Action.parse(str(parsed)) == parsed  # one text per action, and back

    check()


# -- the header is covered -------------------------------------------------------------------------
def rewrite_header(text: str, change) -> str:
    lines = text.splitlines()
    head = json.loads(lines[0])
    change(head)
    return "\n".join([json.dumps(head, ensure_ascii=False), *lines[1:]]) + "\n"


def header_changes() -> st.SearchStrategy:
    levels = st.sampled_from(["random", "easy", "normal", "hard", "heuristic", "ismcts:5"])

    def seat_name(i, name):
        return lambda h: h["seats"][i].__setitem__("name", name)

    def to_bot(i, level):
        return lambda h: h["seats"][i].update(kind="bot", bot=level)

    def to_human(i):
        return lambda h: h["seats"][i].update(kind="human", bot=None)

    def option(name, value):
        return lambda h: h["options"].__setitem__(name, value)

    def seed(delta):
        return lambda h: h.__setitem__("seed", h["seed"] + delta)

    seats = st.integers(0, 1)
    return st.one_of(
        st.builds(seat_name, seats, st.text(max_size=12)),
        st.builds(to_bot, seats, levels),
        st.builds(to_human, seats),
        st.builds(option, st.just("peek"), st.booleans()),
        st.builds(seed, st.integers(-5, 5)),
    )


@examples(60)
@given(change=header_changes())
def test_verify_refuses_a_record_whose_seats_or_options_were_changed(folder, change):
    text = duel_text()
    changed = rewrite_header(text, change)
    path = fresh(folder, "header")
    path.write_text(changed, encoding="utf-8")
    if read_record(path).header() == read_record_text(text).header():
        return  # the change changed nothing
    with pytest.raises(RecordError, match="header") as info:
        replay(read_record(path), verify=True, path=str(path))
    assert_refused_well(info.value, path)
    assert info.value.line == 1
    with pytest.raises(RecordError, match="line 1"):
        Match.resume(path, autosave=path)
    assert path.read_text(encoding="utf-8") == changed
    code, _, err = run_replay_tool(str(path), "--verify")
    assert code == 1 and "line 1" in err


def test_a_record_of_the_first_format_is_refused_as_older():
    lines = duel_text().splitlines()
    head, footer = json.loads(lines[0]), json.loads(lines[-1])
    head["format_version"] = 1
    del footer["header_hash"]
    with pytest.raises(RecordError, match="line 1: written in record format 1 by an older Kartentisch"):
        read_record_text("\n".join([json.dumps(head), *lines[1:-1], json.dumps(footer)]))


def resign(text: str) -> str:
    """The footer's header hash made to match a changed header, so only the change itself is judged."""
    lines = text.splitlines()
    head, footer = json.loads(lines[0]), json.loads(lines[-1])
    fields = [head[key] for key in ("game", "version", "players", "seed", "options", "seats")]
    footer["header_hash"] = Record(*fields).header_hash()
    return "\n".join([*lines[:-1], json.dumps(footer)]) + "\n"


@pytest.mark.parametrize(("change", "words"), [
    (lambda h: h["seats"][0].update(kind="robot"), "'kind' is 'robot'"),
    (lambda h: h["seats"][1].update(bot=7), "names its level, not 7"),
    (lambda h: h["seats"][1].update(bot=""), "names its level"),
    (lambda h: h["seats"][0].update(bot="hard"), "a human seat has no 'bot'"),
    (lambda h: h["seats"][0].update(name=5), "'name' is missing"),
    (lambda h: h["seats"][0].pop("name"), "'name' is missing"),
    (lambda h: h["seats"][0].update(colour="red"), "unknown field 'colour'"),
    (lambda h: h["seats"].__setitem__(0, "Ada"), "a seat is a JSON object"),
    (lambda h: h.__setitem__("seats", {"0": "Ada"}), "'seats' is missing or not a list"),
    (lambda h: h["seats"].append(h["seats"][0]), "3 seats for 2 players"),
    (lambda h: h["seats"][1].update(bot="superhard"), "cannot play: there is no bot 'superhard'"),
    (lambda h: h["seats"][1].update(bot="ismcts:²"), "cannot play: there is no bot"),
    (lambda h: h["seats"][1].update(bot="ismcts:" + "9" * 4000), "cannot play: there is no bot"),
    (lambda h: h["options"].update(peek=[1]), "option 'peek' must be one value"),
    (lambda h: h["options"].update(peek="maybe"), "option 'peek' cannot be 'maybe'"),
])
def test_resume_refuses_a_malformed_seat_or_option_naming_the_line(tmp_path, change, words):
    path = tmp_path / "autosave.jsonl"
    text = resign(rewrite_header(duel_text(), change))
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        Match.resume(path, autosave=path)
    assert words in str(info.value) and info.value.line == 1
    assert_refused_well(info.value, path)
    assert path.read_text(encoding="utf-8") == text


def test_the_replay_tool_exits_1_without_a_traceback_for_hostile_records(tmp_path):
    text = palace_text()  # a game the tool's own process knows
    good = tmp_path / "good.jsonl"
    good.write_text(text, encoding="utf-8")
    cases: dict[str, bytes] = {
        "renamed-seat": rewrite_header(text, lambda h: h["seats"][0].update(name="Eve")).encode(),
        "other-level": rewrite_header(text, lambda h: h["seats"][1].update(bot="hard")).encode(),
        "other-option": rewrite_header(text, lambda h: h["options"].update(dealer=1)).encode(),
        "deep": ("[" * 100_000).encode(),
        "long-number": text.replace('"seed": 11', '"seed": ' + "7" * 5000).encode(),
        "nan": text.replace('"seed": 11', '"seed": NaN').encode(),
        "binary": b"\x00\xff\xfe" * 50,
    }
    paths = [good]
    for name, raw in cases.items():
        path = Path(os.fsdecode(bytes(tmp_path) + f"/{name}-\xff.jsonl".encode("latin-1")))
        path.write_bytes(raw)
        paths.append(path)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    runs = [subprocess.Popen([sys.executable, "-m", "tools.replay", os.fsencode(p), "--verify"], cwd=ROOT,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for p in paths]
    results = [(run.wait(), run.stdout.read().decode(), run.stderr.read().decode()) for run in runs]
    for run in runs:
        run.stdout.close()
        run.stderr.close()
    assert results[0][0] == 0 and "verified" in results[0][1], results[0]
    for (code, out, err), name in zip(results[1:], cases, strict=True):
        assert code == 1 and "Traceback" not in err and not out, (name, err)
        assert err.startswith("replay: ") and ".jsonl, line" in err, (name, err)


# -- the title screen and the setup screen ---------------------------------------------------------
@pytest.fixture
def app(tmp_path, monkeypatch):
    """The real app, headless, with its own empty config and data folders."""
    import pygame  # noqa: F401  (the app's scenes draw with it)

    from kartentisch.launcher import make_app
    from scenes.menus import setup as setup_screen
    from scenes.settings import Settings

    monkeypatch.setenv("KARTENTISCH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KARTENTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(setup_screen, "_last_choices", {})
    application = make_app(Settings(), size=(1280, 720))
    yield application
    application.stack.clear()


def click(app, label: str) -> None:
    """Click the button showing `label`: on the open message box of the scene on top if it has one."""
    import pygame

    from scenes.widgets import find_button

    box = getattr(app.stack.top, "_box", None)
    found = (next((b for b in box.buttons if b.text == label), None) if box is not None
             else find_button(app.stack.top, label))
    assert found is not None and found.is_enabled, f"no button {label!r} to click on {app.stack.top}"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=found.rect.center, button=1))
    for _ in range(3):
        assert app.step(1 / 60)


HOSTILE_SAVES = {
    "deep": b"[" * 100_000,
    "long-number": palace_text().replace('"seed": 11', '"seed": ' + "1" * 5000).encode(),
    "infinity": palace_text().replace('"seed": 11', '"seed": 1e999').encode(),
    "not-utf8": palace_text().encode()[:60] + b"\xc3\x28" + palace_text().encode()[62:],
    "zero-bytes": b"\x00" * 64,
    "robot-seat": resign(rewrite_header(palace_text(), lambda h: h["seats"][1].update(kind="robot"))
                         ).encode(),
    "renamed-seat": rewrite_header(palace_text(), lambda h: h["seats"][0].update(name="Eve")).encode(),
    "separator": palace_text().replace("}\n", "}\u2028\n", 1).encode(),  # U+2028 is no JSON space
}


@pytest.mark.parametrize("name", list(HOSTILE_SAVES))
def test_the_title_starts_over_a_hostile_save_and_sets_it_aside_intact(app, name):
    from scenes.menus.title import TitleScene
    from scenes.settings import history_dir

    raw = HOSTILE_SAVES[name]
    path = history_dir() / "current.jsonl"  # a game in play saves into the history's folder
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    app.push(TitleScene(app))
    for _ in range(3):
        assert app.step(1 / 60)
    title = app.stack.top
    click(app, "Resume last game")  # offered, so the damage can be explained and the file set aside
    assert title.message is not None and "cannot be resumed" in title.message.title
    assert "line 1" in title.message.text, title.message.text
    click(app, "Set aside")
    (kept,) = (path.parent / "set-aside").glob("*.jsonl")
    assert kept.read_bytes() == raw and not path.exists()
    click(app, "OK")
    from scenes.widgets import find_button

    assert not find_button(app.stack.top, "Resume last game").is_enabled


def test_two_saves_set_aside_in_one_second_both_survive_through_the_title(app, monkeypatch):
    from scenes.menus.title import TitleScene
    from scenes.settings import history_dir

    path = history_dir() / "current.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    app.push(TitleScene(app))
    for content in (b"\xff first", b"\xff second"):
        path.write_bytes(content)
        app.stack.top.on_resume()  # the title looks at the save again, as when a scene above it closes
        click(app, "Resume last game")
        click(app, "Set aside")
        click(app, "OK")
    kept = sorted((path.parent / "set-aside").glob("*.jsonl"))
    assert sorted(p.read_bytes() for p in kept) == [b"\xff first", b"\xff second"]


def test_a_new_game_never_overwrites_an_unreadable_save(app):
    from scenes.menus.setup import SetupScene
    from scenes.settings import history_dir

    path = history_dir() / "current.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(HOSTILE_SAVES["deep"])
    app.push(SetupScene(app, "palace"))
    for _ in range(3):
        assert app.step(1 / 60)
    click(app, "Start")
    table = app.stack.top
    assert path.read_bytes() == HOSTILE_SAVES["deep"]  # kept as it is, to be set aside from the History
    assert read_record(table.match.autosave).game == "palace"  # the new game's own save
