"""Hints: the move a level would choose and why, from the seat's observation alone, and tools.hint."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import load
from game.ai import make_bot
from game.ai.base import Decision
from game.ai.hint import MESSAGES, Hint, Reason, explain, hint, render
from game.core import Action, Rng, act
from game.core.records import read_record, write_record
from game.match import Match, Seat

GAMES = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")
ROOT = Path(__file__).resolve().parent.parent
#: Iteration-bound searches: the same question gets the same answer on every machine.
SEARCH = {"palastgefluester": "ismcts:40", "palace": "ismcts:40", "gloria_picktoria": "improve:6",
          "three_chapters": "improve:6"}


def played(game_id: str, players: int, seed: int, actions: int, *, choice: bool = False):
    """A state after `actions` heuristic moves (with `choice`, and then on to a decision with a choice)."""
    state = load(game_id).new_state(players, seed)
    bot = make_bot(game_id, "heuristic")
    rng = Rng(seed)
    done = 0
    while not state.is_terminal() and (done < actions or (choice and len(state.legal_actions()) < 2)):
        state.apply(bot.choose(Decision.of(state, state.current_player), rng))
        done += 1
    return state


def ids(reasons) -> list[str]:
    return [r.id for r in reasons]


def decision_with(game_id: str, obs: dict, legal: list[Action]) -> Decision:
    def sampler(rng: Rng):
        raise AssertionError("these reasons read the observation only")

    return Decision(game_id, obs["seat"], obs, legal, sampler)


# -- the engine's hints --------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_never_reads_hidden_cards(game_id):
    """Another deal of the hidden cards, consistent with what the seat knows, gives the same hint."""
    for seed, steps in ((3, 9), (8, 25)):
        state = played(game_id, 3, seed, steps, choice=True)
        seat = state.current_player
        other = state.determinize(seat, Rng(99))
        assert other.observation(seat) == state.observation(seat)
        assert other.state_hash() != state.state_hash() or steps == 0
        first = hint(Decision.of(state, seat), Rng(5), SEARCH[game_id])
        second = hint(Decision.of(other, seat), Rng(5), SEARCH[game_id])
        assert first == second


@pytest.mark.parametrize("game_id", GAMES)
def test_every_reason_of_a_played_game_renders_in_words(game_id):
    """Along a game, each hint is a legal action whose reasons all have words (no bare message id)."""
    state = load(game_id).new_state(4, 12)
    bot = make_bot(game_id, "heuristic")
    rng = Rng(4)
    seen: set[str] = set()
    for step in range(120):
        if state.is_terminal():
            break
        seat = state.current_player
        decision = Decision.of(state, seat)
        if step % 3 == 0:
            found = hint(decision, Rng(step), "normal")
            assert found.action in decision.legal
            assert found.reasons
            for reason in found.reasons:
                text = render(game_id, reason, ["Ann", "Bo", "Cy", "Di"])
                assert text != reason.id and "{" not in text
                seen.add(reason.id)
            assert explain(game_id, found).endswith(".")
        state.apply(bot.choose(decision, rng))
    assert any(not r.startswith(("only_move", "rule_of_thumb")) for r in seen)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hard_hint_names_the_search_figures(game_id):
    state = played(game_id, 4, 21, 30, choice=True)
    seat = state.current_player
    decision = Decision.of(state, seat)
    assert len(decision.legal) > 1
    found = hint(decision, Rng(2), SEARCH[game_id])
    search = [r for r in found.reasons if r.id.startswith("search_")]
    if not found.figures:  # a settled position: the search plays the heuristic's move, nothing compared
        pytest.skip("no search in this position")
    assert search and found.figures[0].action == found.action
    assert all(f.games > 0 and 0 <= f.result <= f.games for f in found.figures)
    assert Hint.from_dict(json.loads(json.dumps(found.to_dict()))) == found


def test_a_single_legal_move_is_said_so():
    decision = Decision.of(played("palace", 2, 1, 0), 0)
    only = Decision(decision.game_id, decision.seat, decision.observation, decision.legal[:1],
                    decision.sample)
    found = hint(only, Rng(1))
    assert found.action == decision.legal[0]
    assert ids(found.reasons) == ["only_move"]
    assert render("palace", found.reasons[0]) == MESSAGES["only_move"]


def test_palastgefluester_own_colour_and_a_forced_double():
    from game.palastgefluester import hints

    obs = played("palastgefluester", 4, 2, 0).observation(0)
    obs.update(phase="play", displays=[["Zofe/blue"], [], [], []], hand=["Zauberer/red", "Zofe/brown"],
               hand_counts=[2, 6, 6, 6], king_current=None)
    legal = [act("play", "Zauberer/red"), act("play", "Zofe/brown")]
    decision = decision_with("palastgefluester", obs, legal)
    assert "pg.own_colour" in ids(hints.reasons(decision, act("play", "Zauberer/red"), Rng(1)))
    obs.update(displays=[["Zofe/blue", "Zauberer/blue"], [], [], []])
    assert ids(hints.reasons(decision, act("play", "Zofe/brown"), Rng(1))) == ["pg.forced_double"]
    obs.update(displays=[["Zofe/blue", "Hofnarr/red", "Mundschenk/red", "Waechter/red", "Hofmarschall/red"],
                         [], [], []])
    assert ids(hints.reasons(decision, act("play", "Zauberer/red"), Rng(1))) == ["pg.completes_six"]


def test_palace_lowest_rank_with_every_copy_keeps_the_power_cards():
    from game.palace import hints

    obs = played("palace", 3, 2, 0).observation(0)
    obs.update(phase="play", pile=["4H"], hand=["5C", "5D", "9H", "2S"])
    legal = [act("play", "1x5"), act("play", "2x5"), act("play", "1x9"), act("play", "1x2")]
    decision = decision_with("palace", obs, legal)
    assert ids(hints.reasons(decision, act("play", "2x5"), Rng(1))) == ["pa.lowest", "pa.all_copies",
                                                                         "pa.keeps_power"]
    text = render("palace", hints.reasons(decision, act("play", "2x5"), Rng(1))[2])
    assert text == "it keeps your 2s for when nothing else goes"
    obs.update(pile=["7H", "7S", "7D"], hand=["7C", "9H"])
    decision = decision_with("palace", obs, [act("play", "1x7"), act("play", "1x9")])
    assert ids(hints.reasons(decision, act("play", "1x7"), Rng(1))) == ["pa.burns_run"]


def test_gloria_picktoria_a_card_on_an_own_row():
    from game.gloria_picktoria import hints

    state = played("gloria_picktoria", 3, 4, 0)
    bot = make_bot("gloria_picktoria", "heuristic")
    while not [a for a in state.legal_actions() if a.kind == "open"]:
        state.apply(bot.choose(Decision.of(state, state.current_player), Rng(1)))
    decision = Decision.of(state, state.current_player)
    opens = [a for a in decision.legal if a.kind == "open"]
    reasons = hints.reasons(decision, opens[0], Rng(1))
    assert set(ids(reasons)) & {"gp.extends_row", "gp.opens_treasure", "gp.joker"}
    from game.gloria_picktoria.cards import MOTIF_IDS, card_label

    motif = next(r for r in reasons if "card" in r.params).params["card"]
    assert motif in (*MOTIF_IDS, "joker", "doubler")  # a card id in the reason, words only when shown
    assert card_label(motif) in render("gloria_picktoria", reasons[0])


def test_three_chapters_a_draft_pick_says_what_it_adds():
    from game.three_chapters import hints

    state = played("three_chapters", 4, 6, 2)
    decision = Decision.of(state, state.current_player)
    assert decision.observation["phase"] == "draft"
    best = make_bot("three_chapters", "heuristic").choose(decision, Rng(3))
    reasons = hints.reasons(decision, best, Rng(3))
    assert reasons[0].id == "tc.pick_value" and reasons[0].params["points"] > 0


def test_render_says_seat_names_and_falls_back_to_seat_numbers():
    reason = Reason("pg.next_stuck", {"seat": 2})
    assert render("palastgefluester", reason, ["A", "B", "Cleo"]).startswith("Cleo probably holds")
    assert render("palastgefluester", reason).startswith("Seat 3 probably holds")
    assert render("palastgefluester", Reason("no.such.id")) == "no.such.id"


# -- tools.hint ----------------------------------------------------------------------------------
def run_hint(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tools.hint", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory) -> Path:
    match = Match("palace", [Seat.ai(f"Bot {i}", "normal") for i in range(3)], seed=17)
    match.run_bots()
    path = tmp_path_factory.mktemp("hint") / "palace.jsonl"
    match.save(path)
    return path


def test_tools_hint_prints_the_move_and_its_reasons(record_file):
    done = run_hint("--record", str(record_file), "--at", "8", "--level", "normal")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "decides" in lines[0] and lines[1].startswith("normal would ")
    assert any(line.startswith("  - ") for line in lines[2:])


def test_tools_hint_json_ends_with_the_seat_action_and_reasons(record_file):
    done = run_hint("--record", str(record_file), "--at", "8", "--level", "ismcts:30", "--json")
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert set(last) == {"seat", "action", "reasons"}
    record = read_record(record_file)
    state = load("palace").new_state(record.players, record.seed, record.options)
    for _, text in record.actions[:8]:
        state.apply(text)
    assert last["seat"] == state.current_player
    assert Action.parse(last["action"]) in state.legal_actions()
    assert all(set(r) == {"id", "params", "text"} and r["text"] for r in last["reasons"])
    again = run_hint("--record", str(record_file), "--at", "8", "--level", "ismcts:30", "--json")
    assert again.stdout == done.stdout  # one question, one answer


@pytest.mark.parametrize("args, code, says", [
    (("--at", "3"), 2, "--record"),
    (("--record", "{rec}", "--at", "x"), 2, "not a whole number"),
    (("--record", "{rec}", "--at", "-2"), 2, "out of range"),
    (("--record", "{rec}", "--at", "2", "--level", "grandmaster"), 2, "unknown bot"),
    (("--record", "{missing}", "--at", "2"), 1, "cannot read the file"),
    (("--record", "{broken}", "--at", "2"), 1, "not a Kartentisch record"),
    (("--record", "{rec}", "--at", "100000"), 1, "the record holds"),
    (("--record", "{over}", "--at", "{end}"), 1, "the game is over"),
])
def test_tools_hint_refuses_bad_input_without_a_traceback(record_file, tmp_path, args, code, says):
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{\"hello\": 1}\n")
    record = read_record(record_file)
    values = {"rec": str(record_file), "missing": str(tmp_path / "none.jsonl"), "broken": str(broken),
              "over": str(record_file), "end": str(len(record.actions))}
    assert record.footer is not None and record.footer["terminal"]
    done = run_hint(*(a.format(**values) for a in args))
    assert done.returncode == code
    assert says in done.stderr
    assert "Traceback" not in done.stderr
    if code == 1:
        assert len(done.stderr.strip().splitlines()) == 1


def test_tools_hint_refuses_a_changed_record(record_file, tmp_path):
    record = read_record(record_file)
    record.seed += 1
    changed = tmp_path / "changed.jsonl"
    write_record(changed, record)
    done = run_hint("--record", str(changed), "--at", "2")
    assert done.returncode == 1 and "Traceback" not in done.stderr


# -- hints in a match, and in its record ---------------------------------------------------------
def human_match(tmp_path: Path, game_id: str = "palace") -> Match:
    seats = [Seat("Ann"), Seat.ai("Bot 1", "normal"), Seat.ai("Bot 2", "normal")]
    match = Match(game_id, seats, seed=23, autosave=tmp_path / "save.jsonl")
    match.run_bots()
    return match


def test_a_hinted_move_is_marked_in_the_record_and_replays_exactly(tmp_path):
    match = human_match(tmp_path)
    while not match.is_over() and len(match.hinted) < 2:
        seat = match.human_to_act()
        legal = match.legal_actions()
        if len(legal) > 1:
            match.ask_hint("normal")
            found = match.hint()
            assert found is not None and found.action in legal
            match.play(found.action)
        else:
            match.play(legal[0])
        assert seat == 0
        match.run_bots()
    lines = (tmp_path / "save.jsonl").read_text().splitlines()
    marked = [json.loads(line) for line in lines[1:-1] if '"hint"' in line]
    assert len(marked) == 2 and all(m["hint"] is True and m["seat"] == 0 for m in marked)
    record = read_record(tmp_path / "save.jsonl")
    assert record.hinted == match.hinted
    resumed = Match.resume(tmp_path / "save.jsonl")
    assert resumed.hinted == match.hinted
    assert resumed.state.state_hash() == match.state.state_hash()


def test_a_hint_asked_but_not_followed_still_marks_the_move_and_undo_takes_it_back(tmp_path):
    match = human_match(tmp_path)
    while len(match.legal_actions()) < 2:
        match.play(match.legal_actions()[0])
        match.run_bots()
    before = len(match.actions)
    match.ask_hint("normal")
    found = match.hint()
    other = next(a for a in match.legal_actions() if a != found.action)
    match.play(other)
    assert before in match.hinted
    match.undo()
    assert match.hinted == set()
    assert match.hint() is None  # the hint belonged to the decision, asked again if wanted


def test_a_hint_is_only_for_the_person_deciding(tmp_path):
    from game.match import MatchError

    match = Match("palace", [Seat.ai("A", "normal"), Seat.ai("B", "normal")], seed=2)
    with pytest.raises(MatchError):
        match.ask_hint()


@pytest.mark.parametrize("line, says", [
    ('{"seat": 0, "action": "ready", "hint": false}', "'hint' is true or absent"),
    ('{"seat": 1, "action": "ready", "hint": true}', "seat 1 is an AI"),
    ('{"seat": 0, "action": "ready", "hinted": true}', "an action line must be"),
])
def test_a_record_refuses_a_hint_marker_it_does_not_know(tmp_path, line, says):
    from game.core import RecordError
    from game.core.records import parse_record

    match = Match("palace", [Seat("Ann"), Seat.ai("B", "normal")], seed=2)
    lines = match.record().lines()
    lines.insert(1, line)
    with pytest.raises(RecordError, match=says):
        parse_record("\n".join(lines) + "\n")


def test_the_worker_thinks_the_hint_while_the_caller_goes_on(tmp_path):
    """The hard hint is asked of the worker process: asking returns at once, the frames go on, and the
    answer is a legal move for the person, marked when they play it."""
    from game.ai.worker import BotWorker

    worker = BotWorker()
    try:
        match = human_match(tmp_path, "palastgefluester")
        match.use_worker(worker)
        while len(match.legal_actions()) < 2:
            match.play(match.legal_actions()[0])
            match.run_bots()
        match.ask_hint()
        frames = 0
        while match.hint_pending():  # a worker that never answers is given up after its timeout
            frames += 1
            time.sleep(0.01)  # the frame's other work
        found = match.hint()
        assert found is not None and found.action in match.legal_actions()
        assert frames > 0  # the caller was free while the worker thought
        assert worker.started
    finally:
        worker.close()


def test_a_hint_in_a_game_without_words_reads_no_hidden_cards_either():
    """The shared no-peeking pairs (tests/fakegame.py): dealing the other hand anew, consistently with
    what the seat knows, changes neither the hinted move nor its reasons; a game without a hints module
    or a heuristic still gets the search's own reasons."""
    import fakegame

    import game as registry

    registry.register(fakegame.GAME)
    for state, seat, other in fakegame.same_information_pairs(10):
        first = hint(Decision.of(state, seat), Rng(7), "ismcts:40")
        assert first == hint(Decision.of(other, seat), Rng(7), "ismcts:40")
        assert first.reasons and all(render("duel", r) != r.id for r in first.reasons)
