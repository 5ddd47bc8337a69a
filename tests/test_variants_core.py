"""The shared variant mechanism (game.core.variant): a variant file is read and checked with its line
named, travels as the option `variant` (its text and hash), gives every state its card data, and a
record of a variant game carries the variant and replays exactly; a changed text is refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import fakegame
import pytest

import game
from game.core import BadSetup, RecordError
from game.core.datafile import DataFileError
from game.core.records import read_record, replay
from game.core.variant import (
    MAX_VARIANT_BYTES,
    Fields,
    VariantFileError,
    parse_variant,
    read_variant,
    text_hash,
    variant_from_option,
)
from game.match import Match, Seat

game.register(fakegame.GAME)
ROOT = Path(__file__).resolve().parent.parent
PALACE = game.load("palace")
GLORIA = game.load("gloria_picktoria")
NO_TENS = ROOT / "game" / "variants" / "palace-no-tens.toml"


def refused_at(text: str, rules=PALACE) -> DataFileError:
    with pytest.raises(DataFileError) as caught:
        parse_variant(text, rules)
    return caught.value


# -- the file ----------------------------------------------------------------------------------------
def test_a_variant_keeps_its_text_its_hash_its_name_and_its_table():
    text = 'game = "palace"\nname = "Short runs"\nburn_run = 3\n'
    variant = parse_variant(text, PALACE)
    assert variant.name == "Short runs" and variant.text == text and variant.sha256 == text_hash(text)
    assert variant.table == {"game": "palace", "name": "Short runs", "burn_run": 3}
    assert variant.option() == {"name": "Short runs", "text": text, "sha256": text_hash(text)}
    assert variant.data.burn_run == 3
    assert parse_variant("burn_run = 3\n", PALACE, "mine").name == "mine"  # no name: the caller's


def test_a_variant_of_another_game_is_refused_naming_the_line():
    error = refused_at('name = "x"\n\ngame = "gloria_picktoria"\n')
    assert error.line == 3 and "gloria_picktoria" in error.message and "palace" in error.message
    assert refused_at("game = 3\n").line == 1


def test_a_bad_name_toml_syntax_and_a_key_without_card_data_are_refused_with_their_line():
    assert refused_at('burn_run = 3\nname = ""\n').line == 2
    assert refused_at("burn_run = 3\nname = [1]\n").line == 2
    assert refused_at("burn_run = 3\nburn_run = 4\n").line == 2  # TOML's own fault, its line
    duel = game.load("duel")
    assert parse_variant('name = "plain"\n', duel).data is None  # a game without card data: only a name
    error = refused_at('name = "x"\ncards = 3\n', duel)
    assert error.line == 2 and "no card data" in error.message


def test_fields_check_exact_types_limits_and_unknown_keys_each_with_its_line():
    text = "a = 1\nb = true\n[t]\nc = -1\nd = 'x'\n"
    fields = Fields({"a": 1, "b": True, "t": {"c": -1, "d": "x"}}, text)
    assert fields.number("a", 0) == 1 and fields.flag("b", False) is True
    with pytest.raises(DataFileError) as caught:
        fields.number("b", 0)  # true is no count
    assert caught.value.line == 2
    table = fields.sub("t")
    with pytest.raises(DataFileError) as caught:
        table.number("c", 0)  # counts start at 0
    assert caught.value.line == 4 and "t.c" in caught.value.message
    with pytest.raises(DataFileError) as caught:
        table.only(("c",))
    assert caught.value.line == 5 and "t.d" in caught.value.message
    with pytest.raises(DataFileError) as caught:
        table.choice("d", "y", ("y", "z"))
    assert caught.value.line == 5
    with pytest.raises(DataFileError) as caught:
        fields.sub("a")
    assert caught.value.line == 1


def test_a_variant_file_names_the_file_and_the_line(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('name = "Mine"\nburn_rum = 3\n', encoding="utf-8")
    with pytest.raises(VariantFileError) as caught:
        read_variant(path, PALACE)
    assert caught.value.line == 2 and str(caught.value).startswith(f"{path}, line 2: ")
    assert "burn_rum" in str(caught.value)
    path.write_bytes(b"burn_run = 3\n# \xff\n")
    with pytest.raises(DataFileError) as caught:
        read_variant(path, PALACE)
    assert caught.value.line == 2  # not UTF-8: the line of the byte
    path.write_text("#" * (MAX_VARIANT_BYTES + 1), encoding="utf-8")
    with pytest.raises(DataFileError):
        read_variant(path, PALACE)
    path.write_text("\ufeffburn_run = 3\n", encoding="utf-8")  # an editor's byte order mark
    assert read_variant(path, PALACE).name == "mine" and read_variant(path, PALACE).data.burn_run == 3


# -- the option ------------------------------------------------------------------------------------
def test_the_option_is_checked_by_its_shape_its_hash_and_its_content():
    good = parse_variant("burn_run = 3\n", PALACE).option()
    assert variant_from_option(dict(good), PALACE).data.burn_run == 3
    for bad in ("text", {**good, "extra": "x"}, {k: v for k, v in good.items() if k != "sha256"},
                {**good, "name": 3}):
        with pytest.raises(BadSetup, match="'variant'"):
            variant_from_option(bad, PALACE)
    with pytest.raises(BadSetup, match="does not match its sha256"):
        variant_from_option({**good, "text": "burn_run = 2\n"}, PALACE)
    broken = "burn_run = 9\n"
    with pytest.raises(BadSetup, match="line 1"):
        variant_from_option({"name": "x", "text": broken, "sha256": text_hash(broken)}, PALACE)


def test_check_setup_takes_the_variant_only_where_given():
    assert "variant" not in PALACE.check_setup(3, None)
    option = parse_variant("burn_run = 3\n", PALACE).option()
    assert PALACE.check_setup(3, {"variant": option})["variant"] == option
    with pytest.raises(BadSetup):
        GLORIA.check_setup(3, {"variant": option})  # a Palace variant is no Gloria Picktoria one


def test_every_state_of_a_game_shares_its_one_frozen_card_data():
    option = parse_variant("burn_run = 3\n", PALACE).option()
    state = PALACE.new_state(3, 7, {"variant": option})
    assert state.data.burn_run == 3 and state.clone().data is state.data
    assert state.determinize(0, state.rng.spawn()).data is state.data
    again = PALACE.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.data is state.data and again.state_hash() == state.state_hash()
    plain = PALACE.new_state(3, 7)
    assert plain.data is PALACE.shipped_data() and plain.data.burn_run == 4
    assert game.load("duel").new_state(2, 1).data is None


# -- records ---------------------------------------------------------------------------------------
def variant_record(tmp_path: Path, seed: int = 4) -> Path:
    option = read_variant(NO_TENS, PALACE).option()
    match = Match("palace", [Seat.ai("Ada", "heuristic"), Seat.ai("Bo", "heuristic")], seed,
                  {"variant": option}, autosave=None)
    match.run_bots()
    path = tmp_path / "variant.jsonl"
    match.save(path)
    return path


def rewrite_header(path: Path, change) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    change(header)
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_record_carries_its_variant_and_replays_exactly(tmp_path):
    path = variant_record(tmp_path)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["variant"]["text"] == NO_TENS.read_text(encoding="utf-8")
    record = read_record(path)
    assert record.options["variant"] == header["options"]["variant"]
    state = replay(record, verify=True)
    assert state.is_terminal() and state.data.copies_of("10") == 0
    assert not any(card.startswith("10") for card in state.data.deck)
    done = subprocess.run([sys.executable, "-m", "tools.replay", "--verify", str(path)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0 and "verified" in done.stdout, done.stderr


def test_a_changed_variant_text_is_refused(tmp_path):
    path = variant_record(tmp_path)
    rewrite_header(path, lambda head: head["options"]["variant"].update(text="burn_run = 2\n"))
    with pytest.raises(RecordError, match="does not match its sha256") as caught:
        read_record(path)
    assert caught.value.line == 1
    bad = subprocess.run([sys.executable, "-m", "tools.replay", "--verify", str(path)], cwd=ROOT,
                         capture_output=True, text=True)
    assert bad.returncode == 1 and "sha256" in bad.stderr


def test_a_variant_changed_with_its_hash_fails_the_header_check(tmp_path):
    path = variant_record(tmp_path)
    other = "burn_run = 3\n"
    rewrite_header(path, lambda head: head["options"]["variant"].update(text=other, sha256=text_hash(other)))
    with pytest.raises(RecordError, match="does not match the footer"):
        replay(read_record(path), verify=True)


def test_a_record_variant_of_another_shape_is_refused(tmp_path):
    path = variant_record(tmp_path)
    rewrite_header(path, lambda head: head["options"].update(variant="palace-no-tens"))
    with pytest.raises(RecordError, match="'variant'"):
        read_record(path)


def test_a_variant_that_no_longer_passes_the_games_checks_is_refused_on_replay(tmp_path):
    path = variant_record(tmp_path)
    broken = "[ranks.10]\ncopies = -1\n"
    rewrite_header(path, lambda head: head["options"]["variant"].update(text=broken,
                                                                         sha256=text_hash(broken)))
    with pytest.raises(RecordError, match="line 2") as caught:
        replay(read_record(path), verify=False)
    assert caught.value.line == 1


# -- tools.simulate ---------------------------------------------------------------------------------
def test_simulate_plays_a_variant_and_refuses_a_broken_one_before_any_game(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tools.simulate", "--game", "palace", "--games", "4",
                           "--variant", str(NO_TENS), "--record", str(tmp_path / "recs")], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0 and "0 errors" in done.stdout, done.stderr
    records = sorted((tmp_path / "recs").iterdir())
    assert len(records) == 4
    assert read_record(records[0]).options["variant"]["name"] == "No tens"
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "x"\n[ranks.10]\ncopies = 5\n', encoding="utf-8")
    bad = subprocess.run([sys.executable, "-m", "tools.simulate", "--game", "palace", "--games", "4",
                          "--variant", str(broken)], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and f"{broken}, line 3:" in bad.stderr and "games" not in bad.stdout
