"""Palace's and Gloria Picktoria's card data as variants change it: the dealt deck, the sizes, the powers
and the scoring play as written; the shipped data plays exactly as before; every bad variant is refused
naming its line; random games under each shipped variant keep their invariants and replay."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import game
from game.ai.base import Decision
from game.core import BadSetup, Rng, act
from game.core.datafile import DataFileError
from game.core.records import Record, footer_for, parse_record, replay
from game.core.variant import parse_variant, read_variant
from game.gloria_picktoria.cards import MOTIF_IDS
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.data import DEFAULT as GLORIA_DEFAULT
from game.gloria_picktoria.data import GloriaData
from game.gloria_picktoria.hints import reasons as gloria_reasons
from game.gloria_picktoria.serialize import counts_of
from game.i18n import speaking
from game.match import Match, Seat
from game.palace import rules
from game.palace.bot import HeuristicBot
from game.palace.cards import DECK
from game.palace.data import DEFAULT as PALACE_DEFAULT
from game.palace.data import observed
from game.palace.hints import reasons

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "game" / "variants"
PALACE = game.load("palace")
GLORIA = game.load("gloria_picktoria")


def option(text: str, rules_of=PALACE) -> dict[str, str]:
    return parse_variant(text, rules_of).option()


def shipped(name: str, rules_of) -> dict[str, str]:
    return read_variant(VARIANTS / name, rules_of).option()


def palace_cards(state) -> list[str]:
    cards = [*state.draw, *state.pile, *state.burned]
    for seat in range(state.num_players):
        cards += state.hands[seat] + [c for c in (*state.up[seat], *state.down[seat]) if c is not None]
    return cards


def decision_of(state) -> Decision:
    """Seat 0's decision in `state` (a position changed by hand: its legal actions anew)."""
    state._legal = None
    return Decision(state.game_id, 0, state.observation(0), state.legal_actions(),
                    lambda rng: state.determinize(0, rng))


def bot_actions(game_id: str, players: int, seed: int, options: dict | None) -> list[tuple[int, str]]:
    match = Match(game_id, [Seat.ai(f"B{i}", "heuristic") for i in range(players)], seed, options,
                  autosave=None)
    match.run_bots()
    assert match.state.is_terminal()
    return list(match.record().actions)


# -- the shipped data plays as before --------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "players", "written"), [
    ("palace", 4, "burn_run = 4\n[ranks.10]\ncopies = 4\npower = \"burn\"\n"),
    ("gloria_picktoria", 3, "jokers = 5\ncopies_per_motif = 9\nscoring_at = [4, 7, 10]\nhand_size = 4\n"),
])
def test_the_shipped_data_plays_exactly_as_before(game_id, players, written):
    rules_of = game.load(game_id)
    plain = bot_actions(game_id, players, 11, None)
    assert plain == bot_actions(game_id, players, 11, {"variant": option("", rules_of)})
    assert plain == bot_actions(game_id, players, 11, {"variant": option(written, rules_of)})
    assert rules_of.card_data({}) is rules_of.card_data(None) is rules_of.shipped_data()


# -- Palace ---------------------------------------------------------------------------------------
def test_palace_no_tens_deals_a_deck_without_tens():
    variant = {"variant": shipped("palace-no-tens.toml", PALACE)}
    for players in (2, 5):
        state = PALACE.new_state(players, 3, variant)
        cards = palace_cards(state)
        assert len(cards) == 48 == len(state.data.deck) and len(set(cards)) == 48
        assert not any(card.startswith("10") for card in cards)
        assert set(cards) == set(DECK) - {"10C", "10D", "10H", "10S"}


def test_palace_copies_take_the_suits_in_order_and_the_deck_must_deal_the_hand_size():
    data = PALACE.card_data({"ranks": {"A": {"copies": 2}, "K": {"copies": 0}}}, "")
    assert [c for c in data.deck if c[:-1] == "A"] == ["AC", "AD"] and data.copies_of("K") == 0
    variant = {"variant": shipped("palace-no-tens.toml", PALACE)}
    PALACE.check_setup(4, {**variant, "hand_size": 5})  # 4 x 11 = 44 of 48
    with pytest.raises(BadSetup, match="the deck has 48"):
        PALACE.check_setup(5, {**variant, "hand_size": 4})  # 5 x 10 = 50


def test_palace_a_shorter_burn_run_and_a_new_burning_rank_play_as_written():
    variant = {"variant": shipped("palace-quick-burns.toml", PALACE)}
    data = read_variant(VARIANTS / "palace-quick-burns.toml", PALACE).data
    options = PALACE.check_setup(3, variant)
    assert rules.burns(["5C", "7C", "7D", "7H"], options, data)
    assert not rules.burns(["5C", "7C", "7D", "7H"], options, PALACE_DEFAULT)
    assert rules.burns(["KC", "9S"], options, data) and not rules.burns(["KC", "9S"], options)
    assert rules.can_play("9", ["AC"], options, data) and not rules.can_play("9", ["AC"], options)
    with speaking("en"):  # what the next play needs names the variant's ranks that go on anything
        said = rules.requirement(["KC"], options, data).text()
        assert said == "a King or higher (2, 9 and 10 go on anything)"
        assert rules.requirement(["KC"], options).text() == "a King or higher (or a 2 or a 10)"
        no_tens = read_variant(VARIANTS / "palace-no-tens.toml", PALACE).data
        assert rules.requirement(["KC"], options, no_tens).text() == "a King or higher (2 goes on anything)"
    # a state plays it: three 7s in a row burn the pile, and the player plays again
    state = PALACE.new_state(3, 5, variant)
    state.phase, state.turn, state.pile, state.draw = "play", 0, ["7C", "7D"], []
    state.hands[0] = ["7H", "QS"]
    state.known[0] = []
    events = state.apply("play 1x7")
    assert state.pile == [] and "7H" in state.burned and state.turn == 0
    assert any(type(e).__name__ == "PileBurned" for e in events)


def test_palace_bots_and_hints_read_the_variants_data_from_the_observation():
    variant = {"variant": shipped("palace-quick-burns.toml", PALACE)}
    state = PALACE.new_state(3, 5, variant)
    obs = state.observation(0)
    assert observed(obs) is state.data and obs["data"] == state.data.to_dict()
    assert json.loads(json.dumps(obs["data"]))["burn_run"] == 3
    assert observed(PALACE.new_state(3, 5).observation(0)) is PALACE_DEFAULT
    # three of a rank complete a run under the variant: the bot sees it from its observation
    assert HeuristicBot._completes_run(["7C", "7D"], {"7": 1}, obs["data"]["burn_run"]) == ("7", 1)
    assert HeuristicBot._completes_run(["7C", "7D"], {"7": 1}, 4) is None


def test_palace_hints_name_the_variants_burning_rank_and_run():
    variant = {"variant": shipped("palace-quick-burns.toml", PALACE)}
    state = PALACE.new_state(3, 5, variant)
    state.phase, state.turn, state.draw = "play", 0, []
    state.pile, state.hands[0], state.known[0] = ["4C", "5C", "6C", "KC"], ["9C", "KD"], []
    decision = decision_of(state)
    assert [r.id for r in reasons(decision, act("play", "1x9"), Rng(1))] == ["pa.burn_big_by"]
    state.pile, state.hands[0] = ["4C", "KC", "KD"], ["KH", "9C"]
    decision = decision_of(state)
    found = reasons(decision, act("play", "1xK"), Rng(1))
    assert [(r.id, r.params) for r in found] == [("pa.burns_run_of", {"card": "K", "count": 3})]


@pytest.mark.parametrize(("text", "line", "words"), [
    ('name = "x"\n[ranks.10]\ncopies = -1\n', 3, "ranks.10.copies must be 0..4"),
    ("[ranks.10]\ncopies = 5\n", 2, "0..4"),
    ('[ranks.10]\ncopies = "4"\n', 2, "whole number"),
    ("[ranks.10]\ncopies = 4.0\n", 2, "whole number"),
    ("burn_run = true\n", 1, "whole number"),
    ("\nburn_run = 1\n", 2, "2..4"),
    ("burn_rn = 3\n", 1, "unknown key 'burn_rn'"),
    ("[ranks.11]\ncopies = 3\n", 1, "unknown key 'ranks.11'"),
    ("[ranks.10]\ncopy = 3\n", 2, "ranks.10.copy"),
    ('[ranks.9]\npower = "explode"\n', 2, "ranks.9.power is one of"),
    ("ranks = 3\n", 1, "ranks is a table"),
    ("[ranks.A]\ncopies = 0\n[ranks.K]\ncopies = 0\n[ranks.Q]\ncopies = 0\n", 2,
     "too small to deal 5 players a hand of 9 (cards needed: 45, in the deck: 40)"),
    ('game = "gloria_picktoria"\n', 1, "for the game 'gloria_picktoria'"),
])
def test_a_bad_palace_variant_is_refused_naming_its_line(text, line, words):
    with pytest.raises(DataFileError) as caught:
        parse_variant(text, PALACE)
    assert caught.value.line == line and words in caught.value.message, caught.value.message


# -- Gloria Picktoria -------------------------------------------------------------------------------
def test_gloria_richer_jokers_and_sizes_are_dealt_as_written():
    variant = {"variant": option("jokers = 10\nhand_size = 5\ndisplay_size = 4\nap_per_turn = 4\n", GLORIA)}
    state = GLORIA.new_state(4, 2, variant)
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5] and len(state.display) == 4
    assert state.ap == 4 and state.observation(0)["ap"] == 4
    assert counts_of(state) == state.data.full_deck_counts(4)
    assert counts_of(state)["joker"] == 10 and counts_of(state)["egg"] == 9
    obs = state.observation(1)
    assert obs["data"]["jokers"] == 10 and obs["data"]["copies"] == [9] * len(MOTIF_IDS)
    assert GloriaData.from_dict(json.loads(json.dumps(obs["data"]))) == state.data


def test_gloria_short_game_deals_its_copies_and_ends_at_its_last_card():
    variant = {"variant": shipped("gloria-short-game.toml", GLORIA)}
    match = Match("gloria_picktoria", [Seat.ai(f"B{i}", "heuristic") for i in range(3)], 6, variant,
                  autosave=None)
    start = counts_of(match.state)
    assert start["egg"] == 9 and start["corn"] == 7 and start["dh"] == 7
    match.run_bots()
    state = match.state
    assert state.is_terminal() and state.middle == 7
    assert [b["dh"] for b in state.scorings] == [3, 5, 7]
    assert state.observation(None)["dh"]["total"] == 7
    assert "last" in str(state.result_text())
    final = state.scorings[-1]
    for row in final["penalties"]:
        assert row["points"] == -3 * row["lone_treasures"] - 2 * row["hand_cards"]


def test_gloria_scoring_pays_the_variants_points():
    variant = {"variant": shipped("gloria-richer-jokers.toml", GLORIA)}
    paid: Counter[str] = Counter()
    for seed in range(1, 6):
        match = Match("gloria_picktoria", [Seat.ai(f"B{i}", "heuristic") for i in range(3)], seed, variant,
                      autosave=None)
        match.run_bots()
        for breakdown in match.state.scorings:
            for motif in breakdown["motifs"]:
                for entry in motif["entries"]:
                    if entry["place"] == "sole":
                        assert entry["points"] == (10 if entry["doubler"] else 5)
                        paid["sole"] += 1
                    elif entry["place"] == "first":
                        assert entry["points"] == (6 if entry["doubler"] else 3)
    assert paid["sole"] > 0  # the check above ran


def test_gloria_hints_name_the_variants_penalty():
    for variant, reason, params in ((None, "gp.opens_treasure", {"card": "egg"}),
                                    ({"variant": shipped("gloria-short-game.toml", GLORIA)},
                                     "gp.opens_treasure_costs", {"card": "egg", "points": 3})):
        state = GLORIA.new_state(3, 4, variant)
        state.turn, state.hands[0], state.collections[0] = 0, ["egg", "corn"], [Collection("egg")]
        decision = decision_of(state)
        found = gloria_reasons(decision, act("open", "egg", 0), Rng(1))
        assert (found[0].id, found[0].params) == (reason, params)


@pytest.mark.parametrize(("text", "line", "words"), [
    ("jokers = -1\n", 1, "jokers must be 0..99"),
    ('name = "x"\n\nhand_size = "4"\n', 3, "whole number"),
    ("lone_treasure_penalty = 2\n", 1, "-99..0"),
    ("[copies]\negg = -3\n", 2, "copies.egg"),
    ("[copies]\nchicken = 3\n", 2, "unknown key 'copies.chicken'"),
    ("sole_points = 5\n", 1, "unknown key 'sole_points'"),
    ("copies_per_motif = 1\njokers = 0\n", 1,
     "too small to deal 5 players a hand of 4 and a display of 3 (cards needed: 23, in the deck: 10)"),
    ("copies_per_motif = 5\nhand_size = 12\n", 1, "too small to deal 5 players a hand of 12"),
    ("dh_cards = 8\n", 1, "scoring_at = [..., 8]"),
    ("dh_cards = 8\nscoring_at = [4, 7, 10]\n", 2, "the last Dschingis Hahn card (8)"),
    ("scoring_at = [7, 4, 10]\n", 1, "rises"),
    ("scoring_at = [4, 7.0, 10]\n", 1, "list of whole numbers"),
    ("copies_per_motif = 0\njokers = 60\n", 1, "no motif card"),
    ('game = "palace"\n', 1, "for the game 'palace'"),
])
def test_a_bad_gloria_variant_is_refused_naming_its_line(text, line, words):
    with pytest.raises(DataFileError) as caught:
        parse_variant(text, GLORIA)
    assert caught.value.line == line and words in caught.value.message, caught.value.message


def test_gloria_data_defaults_are_the_seeds_numbers():
    assert GloriaData() == GLORIA_DEFAULT and GLORIA_DEFAULT.collection_count == 95
    assert GLORIA.card_data({"jokers": 5}, "jokers = 5\n") == GLORIA_DEFAULT


# -- random games under every shipped variant --------------------------------------------------------
SHIPPED = [(PALACE, "palace-no-tens.toml"), (PALACE, "palace-quick-burns.toml"),
           (GLORIA, "gloria-richer-jokers.toml"), (GLORIA, "gloria-short-game.toml")]
GAMES_PER_VARIANT = 12


def check_cards(state) -> None:
    if state.game_id == "palace":
        cards = palace_cards(state)
        assert len(cards) == len(state.data.deck) and set(cards) == state.data.deck_set
    else:
        assert counts_of(state) == state.data.full_deck_counts(state.num_players)


@pytest.mark.parametrize(("rules_of", "name"), SHIPPED, ids=[name for _, name in SHIPPED])
def test_random_games_under_a_shipped_variant_keep_their_cards_and_replay(rules_of, name):
    variant = shipped(name, rules_of)
    for seed in range(GAMES_PER_VARIANT):
        rng = Rng(1000 + seed)
        players = rules_of.min_players + seed % (rules_of.max_players - rules_of.min_players + 1)
        state = rules_of.new_state(players, seed, {"variant": variant})
        actions: list[tuple[int, str]] = []
        while not state.is_terminal():
            assert len(actions) < 20_000, "a game that never ends"
            seat, action = state.current_player, rng.choice(state.legal_actions())
            state.apply(action)
            actions.append((seat, str(action)))
            if len(actions) % 37 == 0:
                check_cards(state)
        check_cards(state)
        record = Record(rules_of.id, str(rules_of.version), players, seed, dict(state.options),
                        [{"name": f"P{i}", "kind": "bot", "bot": "random"} for i in range(players)], actions,
                        footer_for(state, len(actions)))
        again = replay(parse_record("\n".join(record.lines()) + "\n"), verify=True)
        assert again.state_hash() == state.state_hash() and again.data is state.data
