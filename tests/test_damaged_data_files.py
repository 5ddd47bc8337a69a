"""Damaged or odd data files never stop the app or a tool with a traceback: a cut or damaged catalogue
(English, with a warning), LANGUAGE read as gettext reads it, options of the wrong type in a record, a
manifest of a hundred thousand entries, a file name longer than the system allows, a "}" in an action,
names that are not UTF-8; and tools.art suggests near misses of the same kind of thing."""

from __future__ import annotations

import gettext
import json
import logging
import os
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game import i18n
from game.core import IllegalAction, RecordError
from game.core.errors import BadSetup, error_text
from game.core.records import read_record, replay
from game.i18n import Message, read_catalogue, system_language
from game.match import Match, Seat
from game.package_data import package_files
from tools import art

ROOT = Path(__file__).resolve().parent.parent

def examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


# -- catalogues ------------------------------------------------------------------------------------
def mo_file(entries: dict[str, str]) -> bytes:
    """A compiled gettext catalogue (the GNU .mo layout) of `entries`, with a UTF-8 header."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", **entries}
    ids = sorted(entries)
    originals = [key.encode() for key in ids]
    translations = [entries[key].encode() for key in ids]
    start = 28 + 16 * len(ids)
    table, data = [], b""
    for text in (*originals, *translations):
        table.append((len(text), start + len(data)))
        data += text + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, len(ids), 28, 28 + 8 * len(ids), 0, 0)
    return head + b"".join(struct.pack("<2I", *pair) for pair in table) + data


GOOD = {"Play": "Spielen", "{n} cards left": "noch {n} Karten", "Seat {number}": "Platz {number}"}


def test_a_made_catalogue_reads_as_gettext_reads_it(tmp_path):
    (tmp_path / "de.mo").write_bytes(mo_file(GOOD))
    found = read_catalogue(tmp_path / "de.mo", "de")
    assert found.gettext("Play") == "Spielen"
    assert found.gettext("Seat {number}") == "Platz {number}"


@examples(300)
@given(data=st.data())
def test_a_damaged_catalogue_in_any_field_gives_english_or_its_good_words_never_an_error(tmp_path, data):
    raw = bytearray(mo_file(GOOD))
    damage = data.draw(st.sampled_from(["cut", "field", "byte"]))
    if damage == "cut":
        raw = raw[:data.draw(st.integers(0, len(raw) - 1))]
    elif damage == "field":  # a header field or a string's length or offset
        at = data.draw(st.integers(0, (28 + 16 * (len(GOOD) + 1)) // 4 - 1)) * 4
        raw[at:at + 4] = struct.pack("<I", data.draw(st.sampled_from([0, 1, 7, 2**31, 2**32 - 1])
                                                     | st.integers(0, 2**32 - 1)))
    else:
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    (tmp_path / "de.mo").write_bytes(bytes(raw))
    found = read_catalogue(tmp_path / "de.mo", "de")
    for msgid in GOOD:
        text = found.gettext(msgid)
        assert isinstance(text, str) and "\0" not in text
        text.format(n=3, number=1)  # whatever it holds, it fills as its English does


def test_the_app_speaks_english_with_a_warning_when_its_german_catalogue_is_cut(tmp_path, monkeypatch,
                                                                                caplog):
    real = package_files(i18n.__name__) / "locale" / "de" / "LC_MESSAGES" / "kartentisch.mo"
    cut = tmp_path / "locale" / "de" / "LC_MESSAGES" / "kartentisch.mo"
    cut.parent.mkdir(parents=True)
    cut.write_bytes(real.read_bytes()[:1000])
    monkeypatch.setattr(i18n, "package_files", lambda name: tmp_path)
    i18n.catalogue.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="game.i18n"):
            i18n.set_language("de")
            assert i18n.tr("Play") == "Play"
        assert any("de catalogue cannot be used" in r.getMessage() for r in caplog.records)
    finally:
        i18n.set_language("en")
        monkeypatch.undo()
        i18n.catalogue.cache_clear()


def test_a_translation_that_is_no_template_of_its_english_is_left_out(tmp_path, caplog):
    broken = {"Play": "Spielen", "{n} cards left": "noch {n Karten",
              "Seat {number}": "Platz {seat.__class__}", "Quit": "Be\0enden"}
    (tmp_path / "de.mo").write_bytes(mo_file(broken))
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        found = read_catalogue(tmp_path / "de.mo", "de")
    assert found.gettext("Play") == "Spielen"
    assert found.gettext("{n} cards left") == "{n} cards left"  # English: a "{" alone would raise
    assert found.gettext("Seat {number}") == "Seat {number}"  # a field the English lacks
    assert "\0" not in found.gettext("Quit")
    assert any("not used" in r.getMessage() for r in caplog.records)


VALUES = [":de", "de", ":", "::", "C:de", "fr:de", "fr", "en:de", "de_AT.UTF-8", "C.UTF-8", "german", "POSIX",
          "de:en", "xx_YY:de_DE", "de@euro", "de_DE.UTF-8@euro", " de", "C", "en_GB:de", "pt_BR:fr:de",
          "POSIX.UTF-8", "c.utf8", "C.UTF-8:de", "POSIX@euro"]


@pytest.mark.parametrize("variable", ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"])
def test_the_language_is_read_from_the_environment_as_gettext_reads_it(variable, monkeypatch):
    folder = str(package_files(i18n.__name__) / "locale")
    for value in VALUES:
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv(variable, value)
        found = gettext.find(i18n.DOMAIN, folder)
        expected = "de" if found and f"{os.sep}de{os.sep}" in found else "en"
        assert system_language({variable: value}) == expected, value


def test_only_the_first_variable_set_counts_as_for_gettext():
    assert system_language({"LANGUAGE": "fr", "LANG": "de_DE.UTF-8"}) == "en"
    assert system_language({"LANGUAGE": "", "LANG": "de_DE.UTF-8"}) == "de"


# -- options of the wrong type ---------------------------------------------------------------------
WRONG = [3.0, 1.0, 0.0, True, False, "3", None, [3], {"a": 1}]


@pytest.mark.parametrize("game_id", game.available())
def test_an_option_of_another_type_than_its_choices_is_refused(game_id):
    loaded = game.load(game_id)
    for name, option in loaded.options.items():
        for value in WRONG:
            if any(type(value) is type(choice) and value == choice for choice in option.choices):
                continue
            with pytest.raises(BadSetup, match=name):
                loaded.new_state(loaded.min_players, 1, {name: value})


def record_with_options(path: Path, options: dict, played_with: bool = False) -> Path:
    """A palace record whose header holds `options` (its game played with them, or with the defaults),
    its footer's header hash made to match."""
    match = Match("palace", [Seat.ai("Anna", "random"), Seat.ai("Ben", "random")], 4,
                  options if played_with else None)
    for _ in range(4):
        match.step_bot()
    record = match.record()
    record.options = dict(record.options, **options)
    path.write_text("\n".join(record.lines()) + "\n", encoding="utf-8")
    return path


@examples(40)
@given(field=st.sampled_from(["hand_size", "dealer", "redraw", "seven_lower"]),
       value=st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.integers(-5, 9),
                       st.sampled_from(["random", "3", ""]), st.none()))
def test_a_record_with_options_damaged_in_any_field_is_refused_by_every_tool(tmp_path, capsys, field, value):
    from tools import hint
    from tools import replay as replay_tool

    option = game.load("palace").options[field]
    fits = any(type(value) is type(choice) and value == choice for choice in option.choices)
    fits = fits and not (field == "dealer" and value != "random" and value >= 2)  # two seats: 0 or 1
    path = record_with_options(tmp_path / "options.jsonl", {field: value}, played_with=fits)
    try:
        replay(read_record(path), verify=True, path=str(path))
    except RecordError as exc:
        assert not fits and field in str(exc)
    else:
        assert fits
    assert replay_tool.main([str(path), "--verify"]) == (0 if fits else 1)
    assert hint.main(["--record", str(path), "--at", "2", "--level", "random"]) == (0 if fits else 1)
    assert "Traceback" not in capsys.readouterr().err


def test_the_screenshot_tool_refuses_such_a_record_with_a_message(tmp_path, capsys):
    from tools import screenshot

    path = record_with_options(tmp_path / "options.jsonl", {"hand_size": 3.0})
    with pytest.raises(SystemExit) as done:
        screenshot.main(["--replay", str(path), "--out", str(tmp_path / "shot.png")])
    assert done.value.code == 2
    assert "hand_size" in capsys.readouterr().err


# -- "}" and "{" in foreign text -------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game.available())
def test_a_brace_in_an_action_leaves_the_refusal_printable(game_id):
    loaded = game.load(game_id)
    state = loaded.new_state(loaded.max_players, 2)
    for _ in range(6):
        for action in state.legal_actions()[:4]:
            parts = str(action).split()
            for i in range(len(parts)):
                for brace in ("}", "{", "{x}", "}{", "{0}", "{seat.__class__}"):
                    text = " ".join([*parts[:i], parts[i] + brace, *parts[i + 1:]])
                    try:
                        state.clone().apply(loaded.parse_action(state, text))
                    except IllegalAction as exc:
                        assert str(exc) and error_text(exc)
                        with i18n.speaking("de"):
                            assert error_text(exc)
        state.apply(state.legal_actions()[0])


def test_a_message_whose_id_is_foreign_text_is_written_as_it_stands():
    for msgid in ("}", "{", "red}", "{x}", "a}{b", "{seat.__class__}"):
        assert Message(msgid).text() == msgid


def test_a_record_with_a_brace_in_an_action_is_refused_in_words(tmp_path, capsys):
    from tools import replay as replay_tool

    match = Match("palace", [Seat.ai("Anna", "random"), Seat.ai("Ben", "random")], 4)
    for _ in range(3):
        match.step_bot()
    record = match.record()
    seat, action = record.actions[1]
    record.actions[1] = (seat, action + "}")
    path = tmp_path / "brace.jsonl"
    path.write_text("\n".join(record.lines()) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        replay(read_record(path), verify=False, path=str(path))
    assert "line 3" in str(refused.value) and refused.value.text()
    assert replay_tool.main([str(path)]) == 1
    assert "line 3" in capsys.readouterr().err


# -- the art tool: paths the system refuses, near misses, huge manifests -----------------------------
def run_art(capsys, *argv: str) -> tuple[int, str]:
    code = art.main(list(argv))
    printed = capsys.readouterr()
    return code, printed.out + printed.err


def test_a_pack_path_longer_than_the_system_allows_is_refused_in_words(capsys, tmp_path):
    for given_path in ("a" * 300, str(tmp_path / ("b" * 300) / "pack.toml"), "a\0b"):
        code, printed = run_art(capsys, "check", given_path)
        assert code == 2 and "Traceback" not in printed
        assert "cannot be opened" in printed or "no art pack" in printed


def pack(root: Path, cards: dict[str, str], files: list[str]) -> Path:
    folder = root / "mine"
    (folder / "palace").mkdir(parents=True)
    lines = ['name = "Mine"', "card_size = [400, 560]", "[games.palace.cards]"]
    lines += [f'"{card}" = "{file}"' for card, file in cards.items()]
    (folder / "pack.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    face = pygame.Surface((400, 560))
    for file in files:
        pygame.image.save(face, str(folder / file))
    return folder


def test_a_typo_id_gets_near_misses_and_a_missing_file_only_a_file_near_it(capsys, tmp_path):
    folder = pack(tmp_path, {"QX": "palace/qx.png", "KH": "palace/kh.png"}, ["palace/kh.png"])
    code, printed = run_art(capsys, "check", str(folder))
    assert code == 1
    unknown = next(line for line in printed.splitlines() if "unknown card id 'QX'" in line)
    assert "did you mean one of 'QC', 'QD', 'QH', 'QS'?" in unknown
    missing = next(line for line in printed.splitlines() if "palace/qx.png is missing" in line)
    assert "did you mean" not in missing  # kh.png is no near miss of qx.png
    (folder / "palace" / "qs.png").write_bytes((folder / "palace" / "kh.png").read_bytes())
    code, printed = run_art(capsys, "check", str(folder))
    missing = next(line for line in printed.splitlines() if "palace/qx.png is missing" in line)
    assert "did you mean palace/qs.png?" in missing


def test_a_file_name_the_system_refuses_is_reported_not_raised(capsys, tmp_path):
    folder = pack(tmp_path, {"KH": "palace/" + "k" * 300 + ".png", "QS": "palace"}, [])
    code, printed = run_art(capsys, "check", str(folder))
    assert code == 1 and "Traceback" not in printed
    assert "File name too long" in printed
    assert "it is a folder" in printed


def test_a_manifest_of_a_hundred_thousand_unknown_ids_is_bounded_everywhere(capsys, tmp_path):
    from cards.manifest import MAX_ENTRIES, read_pack
    from scenes.art import ASSET_ART_DIR, UNKNOWN_SHOWN, ArtLibrary
    from scenes.settings import Settings
    from tools.arttool.check import UNKNOWN_LISTED, check_pack

    folder = tmp_path / "many"
    folder.mkdir()
    ids = "".join(f'"X{i}" = "x.png"\n' for i in range(100_000))
    (folder / "pack.toml").write_text(f"[games.palace.cards]\n{ids}", encoding="utf-8")
    problems: list[str] = []
    assert read_pack(folder, problems).error is not None  # far larger than a manifest needs
    # under the size limit, the entries are bounded
    ids = "".join(f'"X{i}" = "x.png"\n' for i in range(5_000))
    styles = "".join(f'"Y{i}" = {{ colour = [1, 2, 3] }}\n' for i in range(2_000))
    (folder / "pack.toml").write_text(f"[games.palace.cards]\n{ids}[games.palace.text]\n{styles}",
                                      encoding="utf-8")
    problems = []
    read = read_pack(folder, problems)
    assert len(read.games["palace"]["cards"]) == MAX_ENTRIES
    assert sum("only the first" in p for p in problems) == 2  # the cards and the text styles
    library = ArtLibrary(Settings(art_packs={"palace": "many"}), roots=[ASSET_ART_DIR, tmp_path])
    unknown = library.unknown_ids("palace")
    assert len(unknown) == UNKNOWN_SHOWN == len(set(unknown))
    assert sum("card ids that palace does not have" in p for p in library.problems) == 1
    report = check_pack(folder)
    for section in ("unknown card id", "text for unknown card id"):
        about_ids = [f for f in report.findings if f.message.startswith(f"palace: {section}")]
        assert len(about_ids) == UNKNOWN_LISTED
    assert sum("more unknown card ids" in f.message for f in report.findings) == 2
    assert sum("more than a pack needs" in f.message for f in report.findings) == 2
    assert len(report.findings) < 40


# -- names that are not UTF-8 ----------------------------------------------------------------------
def test_a_pack_folder_not_named_in_utf8_is_not_offered_and_the_gallery_steps_through_every_pack(tmp_path):
    from scenes.art import ASSET_ART_DIR, ArtLibrary
    from scenes.settings import Settings

    good = pack(tmp_path, {"KH": "palace/kh.png"}, ["palace/kh.png"])
    odd = os.fsencode(tmp_path) + b"/caf\xe9"
    os.makedirs(odd)
    with open(odd + b"/pack.toml", "wb") as manifest:
        manifest.write((good / "pack.toml").read_bytes())
    library = ArtLibrary(Settings(), roots=[ASSET_ART_DIR, tmp_path])
    assert library.pack_choices("palace") == ["default", "mine"]
    assert any("not UTF-8" in p and "caf\ufffd" in p for p in library.problems)
    # the tool prints every name, whatever bytes it holds, on an output that takes UTF-8 only
    strict = dict(os.environ, PYTHONIOENCODING="utf-8")
    for command in (["check", os.fsdecode(odd)], ["check", os.fsdecode(odd), "--json"],
                    ["sheet", "default", "--game", "palace", "--out", os.fsdecode(odd + b"/sheet-\xe9.png")]):
        done = subprocess.run([sys.executable, "-m", "tools.art", *command], capture_output=True, env=strict,
                              cwd=ROOT, timeout=300)
        assert done.returncode in (0, 1) and b"Traceback" not in done.stderr, done.stderr[-500:]
        assert b"caf" in done.stdout


def test_a_record_whose_file_name_is_not_utf8_opens_in_the_viewer(tmp_path):
    from kartentisch.launcher import make_app
    from scenes.menus.replay import ReplayScene
    from scenes.menus.title import TitleScene
    from scenes.settings import Settings

    match = Match("palace", [Seat.ai("Anna", "random"), Seat.ai("Ben", "random")], 4)
    match.run_bots()
    path = os.fsdecode(os.fsencode(tmp_path) + b"/partie-\xe9.jsonl")
    match.save(path)
    app = make_app(Settings(), size=(1024, 640))
    try:
        app.push(TitleScene(app))
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=path))
        for _ in range(4):
            assert app.step(1 / 60)
        assert isinstance(app.stack.top, ReplayScene)
    finally:
        app.stack.clear()


def test_a_records_names_reach_tools_clean(tmp_path, capsys):
    from tools import replay as replay_tool

    match = Match("palace", [Seat.ai("A\x00\u202eB", "random"), Seat.ai("x" * 5000, "random")], 4)
    match.run_bots()
    match.save(tmp_path / "names.jsonl")
    assert replay_tool.main([str(tmp_path / "names.jsonl"), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "A\\x00B" in out and "x" * 5000 not in out
    header = json.loads((tmp_path / "names.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["seats"][1]["name"] == "x" * 5000  # the file keeps the name as it was
