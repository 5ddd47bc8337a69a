"""Gloria Picktoria's rules, ruling by ruling (GP-R1..GP-R13), from hand-made positions."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import game
from game.core import (
    Action,
    BadSetup,
    CardMoved,
    GameEnded,
    IllegalAction,
    Rng,
    RoundEnded,
    TurnChanged,
)
from game.gloria_picktoria.cards import (
    COPIES_PER_MOTIF,
    MOTIF_IDS,
    MOTIFS,
    collection_cards,
    full_deck_counts,
)
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.events import RoundReason, ScoringDone
from game.gloria_picktoria.scoring import scoring
from game.gloria_picktoria.serialize import counts_of
from game.gloria_picktoria.state import NEXT_IN_ORDER
from game.i18n import Message


def as_json(value) -> str:
    """An observation as JSON text, its messages as their data (id and parameters)."""
    return json.dumps(value, default=message_data)


def message_data(value: object) -> dict:
    if isinstance(value, Message):
        return value.to_dict()
    raise TypeError(f"not JSON data: {value!r}")


GAME = game.load("gloria_picktoria")
SCORING_AT = (4, 7, 10)


def _collection(spec) -> Collection:
    """'egg' is a lone treasure card; ('egg', ['corn', 'corn'], True) a corn row on it with a doubler."""
    if isinstance(spec, str):
        return Collection(spec)
    treasure, cards, *doubler = spec
    return Collection(treasure, list(cards), bool(doubler and doubler[0]))


def position(players: int = 3, *, hands=None, known=None, doublers=None, display=("bell", "bell", "bell"),
             pile_top=(), middle=0, collections=None, fox=None, turn=0, ap=3, fox_moved=False,
             phase="turn", points=None):
    """A checked position. `pile_top` lists the next cards of the draw pile in the order they come;
    every card not placed anywhere goes below them (Dschingis Hahn cards at the very bottom)."""
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    colls = [[_collection(c) for c in own] for own in (collections or [[] for _ in range(players)])]
    doublers = list(doublers) if doublers is not None else [True] * players
    used: Counter[str] = Counter()
    for hand in hands:
        used.update(hand)
    used.update(display)
    used.update(pile_top)
    for own in colls:
        for coll in own:
            used.update(coll.all_cards())
    used["doubler"] += sum(doublers)
    used["dh"] += middle
    full = full_deck_counts(players)
    assert not used - full, f"the test position uses too many cards: {used - full}"
    rest = full - used
    assert rest.pop("doubler", 0) == 0, "every doubler must be in a hand or on a collection"
    below = ["dh"] * rest.pop("dh", 0) + sorted(rest.elements())
    data = GAME.new_state(players, 1).to_dict()
    data.update(
        hands=hands,
        known=[list(k) for k in (known or [[] for _ in range(players)])],
        doublers=doublers,
        display=list(display),
        pile=below + list(reversed(pile_top)),
        middle=middle,
        collections=[[c.to_dict() for c in own] for own in colls],
        fox=list(fox) if fox is not None else None,
        turn=turn,
        ap=ap,
        fox_moved=fox_moved,
        phase=phase,
        points=list(points) if points is not None else [0] * players,
        scorings=[scoring(i + 1, t, False, [[] for _ in range(players)], None, [0] * players)
                  for i, t in enumerate(SCORING_AT) if t <= middle],
    )
    return GAME.state_from_dict(json.loads(json.dumps(data)))


def texts(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def refused(state, action: str, fragment: str) -> None:
    """`action` raises IllegalAction whose message contains `fragment`, and nothing changes."""
    before = state.state_hash()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert fragment in str(info.value), str(info.value)
    assert state.state_hash() == before


def last_scoring_places(state) -> dict[str, dict[int, tuple[str, int]]]:
    """motif -> seat -> (place, points) of the last scoring."""
    return {m["motif"]: {e["seat"]: (e["place"], e["points"]) for e in m["entries"]}
            for m in state.scorings[-1]["motifs"]}


def trigger_scoring(state, seat: int = 0) -> list:
    """Seat takes open card 0; the refill turns up the Dschingis Hahn placed on top of the pile."""
    return state.apply("take 0")


# -- GP-R1 cards ---------------------------------------------------------------------------------------
def test_gp_r1_ten_motifs_of_nine_cards_five_jokers_ten_dh_and_a_doubler_each():
    assert len(MOTIFS) == 10
    assert len({m.id for m in MOTIFS}) == 10 and len({m.name for m in MOTIFS}) == 10
    assert len({m.colour for m in MOTIFS}) == 10
    assert all(m.id.isascii() and m.id.isidentifier() for m in MOTIFS)
    cards = Counter(collection_cards())
    assert sum(cards.values()) == 95
    assert all(cards[m] == COPIES_PER_MOTIF for m in MOTIF_IDS) and cards["joker"] == 5
    for players in range(2, 6):
        full = full_deck_counts(players)
        assert full["dh"] == 10 and full["doubler"] == players
        assert counts_of(GAME.new_state(players, seed=players)) == full


# -- GP-R2 set-up --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_gp_r2_setup_display_hands_doublers_and_dh_in_the_pile(players):
    state = GAME.new_state(players, seed=11)
    assert len(state.display) == 3 and "dh" not in state.display
    assert all(len(h) == 4 and "dh" not in h for h in state.hands)
    assert state.doublers == [True] * players
    assert state.pile.count("dh") == 10 and len(state.pile) == 95 - 3 - 4 * players + 10
    assert state.middle == 0 and state.fox is None and state.ap == 3 and state.collections == [[]] * players


def test_gp_r2_start_player_is_drawn_and_play_passes_to_the_next_seat():
    starts = {GAME.new_state(3, seed=s).turn for s in range(40)}
    assert starts == {0, 1, 2}
    state = position(3, turn=2, ap=1)
    events = state.apply("take 0")
    assert state.turn == 0 and state.ap == 3 and state.current_player == 0
    assert TurnChanged(seat=0, reason=NEXT_IN_ORDER) in events


def test_gp_r2_same_seed_same_game_other_seed_other_game():
    assert GAME.new_state(4, seed=5).state_hash() == GAME.new_state(4, seed=5).state_hash()
    assert GAME.new_state(4, seed=5).state_hash() != GAME.new_state(4, seed=6).state_hash()


# -- GP-R3 action points -------------------------------------------------------------------------------
def test_gp_r3_three_action_points_must_all_be_spent_and_actions_repeat():
    state = position(3, hands=[["egg"], [], []], turn=1)
    state.apply("take 0")
    state.apply("take 0")
    assert state.turn == 1 and state.ap == 1
    assert "draw" not in texts(state)
    refused(state, "draw", "costs 2 action points and you have 1 left")
    assert not any(a.kind in ("pass", "end") for a in state.legal_actions())  # no way to keep points
    state.apply("take 0")
    assert state.turn == 2 and state.ap == 3 and len(state.hands[1]) == 3


def test_gp_r3_draw_costs_two_points_and_one_point_remains():
    state = position(2, pile_top=["plum"])
    state.apply("draw")
    assert state.ap == 1 and state.hands[0] == ["plum"]


# -- GP-R4 treasure ------------------------------------------------------------------------------------
def test_gp_r4_treasure_starts_a_public_collection_without_motif():
    state = position(3, hands=[["egg", "corn"], [], []])
    events = state.apply("treasure corn")
    assert state.collections[0] == [Collection("corn")]
    coll = state.collections[0][0]
    assert coll.motif is None and coll.length == 1 and coll.lone and state.ap == 2
    assert state.hands[0] == ["egg"]
    moved = [e for e in events if isinstance(e, CardMoved)][0]
    assert moved == CardMoved(card="corn", src="hand:0", dst="collection:0:0", face_up=False, visible_to=None)
    seen = state.observation(2)["collections"][0]
    assert seen["treasure"] == "corn" and seen["motif"] is None and seen["length"] == 1 and seen["lone"]


def test_gp_r4_doubler_as_treasure_is_used_up_and_does_not_double():
    state = position(2, hands=[["corn"], []])
    assert "treasure doubler" in texts(state)
    state.apply("treasure doubler")
    assert state.doublers[0] is False and state.collections[0][0] == Collection("doubler")
    assert "doubler 0" not in texts(state) and "treasure doubler" not in texts(state)
    # Its row scores plain: a corn row on a doubler treasure card, sole collector of corn.
    state = position(2, collections=[[("doubler", ["corn"])], []], doublers=[False, True], middle=3,
                     pile_top=["dh"])
    trigger_scoring(state)
    assert last_scoring_places(state)["corn"] == {0: ("sole", 4)}
    assert state.points == [4, 0]


# -- GP-R5 open cards, one collection per motif, jokers, the fox, the doubler ---------------------------
def test_gp_r5_first_open_card_sets_the_motif_and_moves_the_fox_at_once():
    state = position(3, hands=[["corn"], [], []], collections=[["egg"], [("nest", ["plum"])], []], fox=(1, 0))
    events = state.apply("open corn 0")
    coll = state.collections[0][0]
    assert coll.motif == "corn" and coll.length == 2 and state.fox == (0, 0)
    assert CardMoved(card="fox", src="collection:1:0", dst="collection:0:0") in events
    assert state.observation(1)["collections"][0]["fox"] is True


def test_gp_r5_first_open_card_on_the_treasure_the_fox_guards_leaves_it_there():
    state = position(3, hands=[["corn"], [], []], collections=[["egg", ("nest", ["plum"])], [], []],
                     fox=(0, 0))
    events = state.apply("open corn 0")
    assert state.fox == (0, 0)
    assert not [e for e in events if isinstance(e, CardMoved) and e.card == "fox"]


def test_gp_r5_row_takes_its_motif_or_a_joker_at_the_end_and_the_fox_stays():
    state = position(3, hands=[["corn", "joker", "bell"], [], []],
                     collections=[[("egg", ["corn"])], ["nest"], []], fox=(1, 0))
    assert {t for t in texts(state) if t.startswith("open") and t.endswith(" 0")} == {"open corn 0",
                                                                                     "open joker 0"}
    refused(state, "open bell 0", "a row of Corn Cob")
    state.apply("open joker 0")
    state.apply("open corn 0")
    assert state.collections[0][0].cards == ["corn", "joker", "corn"] and state.collections[0][0].length == 4
    assert state.fox == (1, 0)


def test_gp_r5_only_one_collection_per_motif():
    state = position(3, hands=[["corn", "bell"], [], []], collections=[[("egg", ["corn"]), "nest"], [], []])
    assert "open corn 1" not in texts(state) and "open bell 1" in texts(state)
    refused(state, "open corn 1", "you already collect Corn Cob")


def test_gp_r5_joker_is_never_the_first_open_card():
    state = position(3, hands=[["joker"], [], []], collections=[["egg"], [], []])
    assert not any(t.startswith("open") for t in texts(state))
    refused(state, "open joker 0", "a joker may never be the first open card")


def test_gp_r5_doubler_closes_the_row_without_counting_for_length():
    state = position(3, hands=[["corn"], [], []], collections=[[("egg", ["corn", "corn"])], [], []])
    events = state.apply("doubler 0")
    assert CardMoved(card="doubler", src="doubler:0", dst="collection:0:0") in events
    coll = state.collections[0][0]
    assert coll.doubler and coll.length == 3 and state.doublers[0] is False
    assert "open corn 0" not in texts(state)
    refused(state, "open corn 0", "closed by a doubler")
    view = state.observation(1)["collections"][0]
    assert view["doubler"] is True and view["length"] == 3
    assert state.observation(1)["doubler_in_hand"] == [False, True, True]


def test_gp_r5_doubler_on_a_lone_treasure_closes_it_for_good():
    state = position(2, hands=[["corn"], []], collections=[["egg"], []], middle=9, pile_top=["dh"])
    assert "doubler 0" in texts(state)
    state.apply("doubler 0")
    assert "open corn 0" not in texts(state)
    refused(state, "open corn 0", "closed by a doubler")
    trigger_scoring(state)  # the last scoring: still a lone treasure card (-2, not doubled), 2 hand cards
    assert state.scorings[-1]["motifs"] == []
    assert state.scorings[-1]["penalties"][0] == {"seat": 0, "lone_treasures": 1, "lone_under_fox": 0,
                                                  "hand_cards": 2, "points": -4}


# -- GP-R6 taking cards, Dschingis Hahn cards -----------------------------------------------------------
def test_gp_r6_take_an_open_card_for_one_point_and_refill_its_slot():
    state = position(3, display=("egg", "corn", "bell"), pile_top=["nest"])
    events = state.apply("take 1")
    assert state.hands[0] == ["corn"] and state.display == ["egg", "nest", "bell"] and state.ap == 2
    assert CardMoved(card="corn", src="offer:1", dst="hand:0") in events
    assert CardMoved(card="nest", src="draw", dst="offer:1") in events
    assert state.observation(2)["known_hand_cards"][0] == ["corn"]  # everyone saw it taken


def test_gp_r6_draw_from_the_pile_is_seen_by_the_drawer_alone():
    state = position(3, pile_top=["plum"])
    events = state.apply("draw")
    drawn = [e for e in events if isinstance(e, CardMoved) and e.dst == "hand:0"][0]
    assert drawn.card == "plum" and drawn.seen_by(0).card == "plum"
    assert drawn.seen_by(1).card is None and drawn.seen_by(None).card is None
    assert state.observation(1)["known_hand_cards"][0] == []


def test_gp_r6_a_drawn_dh_goes_to_the_middle_for_free_and_is_replaced():
    state = position(3, pile_top=["dh", "plum"])
    events = state.apply("draw")
    assert state.middle == 1 and state.hands[0] == ["plum"] and state.ap == 1
    assert CardMoved(card="dh", src="draw", dst="middle") in events


def test_gp_r6_a_dh_turned_up_in_a_refill_goes_to_the_middle():
    state = position(3, display=("egg", "corn", "bell"), pile_top=["dh", "dh", "worm"])
    state.apply("take 0")
    assert state.middle == 2 and state.display == ["worm", "corn", "bell"] and state.ap == 2


# -- GP-R7 moving the fox -----------------------------------------------------------------------------
def test_gp_r7_fox_moves_only_from_an_own_collection():
    state = position(3, collections=[["egg", "nest"], ["plum"], []], fox=(1, 0))
    assert not any(a.kind == "fox" for a in state.legal_actions())
    refused(state, "fox 0 1", "only while it stands on one of your collections")


def test_gp_r7_one_point_to_an_own_collection_two_to_the_left_neighbour_once_a_turn():
    colls = [["egg", "nest"], ["plum", "worm"], ["vane"]]
    state = position(3, collections=colls, fox=(0, 0))
    assert {t for t in texts(state) if t.startswith("fox")} == {"fox 0 1", "fox 1 0", "fox 1 1"}
    refused(state, "fox 2 0", "not to Seat 3's")
    refused(state, "fox 0 0", "already stands on your collection 1")  # counted from 1, as the table labels it
    state.apply("fox 0 1")
    assert state.fox == (0, 1) and state.ap == 2 and state.fox_moved
    refused(state, "fox 1 0", "only once a turn")
    state = position(3, collections=colls, fox=(0, 0))
    state.apply("fox 1 1")
    assert state.fox == (1, 1) and state.ap == 1
    state = position(3, collections=colls, fox=(0, 0), ap=1)
    assert "fox 1 0" not in texts(state) and "fox 0 1" in texts(state)
    refused(state, "fox 1 0", "costs 2 action points and you have 1 left")


def test_gp_r7_with_two_players_the_left_neighbour_is_the_other_seat():
    state = position(2, collections=[["egg"], ["plum"]], fox=(0, 0), turn=0)
    assert "fox 1 0" in texts(state)


# -- GP-R8 the free fox pass after the turn ---------------------------------------------------------------
def test_gp_r8_after_the_turn_the_fox_may_be_passed_to_the_left_neighbour():
    state = position(3, collections=[["egg"], ["plum", "worm"], ["vane"]], fox=(0, 0), ap=1)
    state.apply("take 0")
    assert state.phase == "fox_pass" and state.current_player == 0 and state.ap == 0
    assert texts(state) == {"pass_fox 0", "pass_fox 1", "keep_fox"}
    assert "fox" in str(state.observation(0)["prompt"])
    refused(state, "take 0", "action points are spent")
    state.apply("pass_fox 1")
    assert state.fox == (1, 1) and state.turn == 1 and state.phase == "turn" and state.ap == 3


def test_gp_r8_keeping_the_fox_and_passing_after_a_fox_action():
    state = position(3, collections=[["egg", "nest"], ["plum"], []], fox=(0, 0), ap=1)
    state.apply("fox 0 1")
    assert state.phase == "fox_pass"  # also after a D action this turn
    state.apply("keep_fox")
    assert state.fox == (0, 1) and state.turn == 1


def test_gp_r8_no_pass_when_the_fox_is_elsewhere_or_the_neighbour_has_no_collection():
    state = position(3, collections=[["egg"], [], ["vane"]], fox=(0, 0), ap=1)
    state.apply("take 0")
    assert state.turn == 1 and state.phase == "turn"
    state = position(3, collections=[["egg"], ["plum"], ["vane"]], fox=(2, 0), ap=1)
    state.apply("take 0")
    assert state.turn == 1 and state.phase == "turn"
    refused(state, "keep_fox", "only after the turn")


# -- GP-R9 scorings -------------------------------------------------------------------------------------
def test_gp_r9_scoring_at_the_4th_dh_sole_longest_second_and_tied_first():
    colls = [
        [("egg", ["corn", "corn", "corn"]), ("nest", ["bell"])],
        [("egg", ["corn", "corn"]), ("plum", ["bell"])],
        [("worm", ["corn"]), ("vane", ["ribbon"]), "clover"],
    ]
    state = position(3, collections=colls, middle=3, pile_top=["dh", "egg"], display=("plum", "plum", "plum"))
    events = trigger_scoring(state)
    places = last_scoring_places(state)
    assert places["corn"] == {0: ("first", 3), 1: ("second", 1), 2: ("none", 0)}
    assert places["bell"] == {0: ("tied_first", 2), 1: ("tied_first", 2)}
    assert places["ribbon"] == {2: ("sole", 4)}
    assert "clover" not in places  # a lone treasure card has no motif
    assert state.points == [5, 3, 4] and state.scorings[-1]["points"] == [5, 3, 4]
    assert any(isinstance(e, RoundEnded) and e.reason == RoundReason.SCORING == "scoring" for e in events)
    note = [e for e in events if isinstance(e, ScoringDone)][0]
    assert note.breakdown["number"] == 1 and note.breakdown["dh"] == 4


def test_gp_r9_a_scoring_in_a_refill_interrupts_the_action_then_the_turn_goes_on():
    state = position(2, collections=[[("egg", ["corn"])], []], middle=3, pile_top=["dh", "worm"],
                     display=("plum", "nest", "vane"))
    state.apply("take 1")
    assert state.points == [4, 0] and len(state.scorings) == 1
    assert state.display == ["plum", "worm", "vane"]  # the refill finished after the scoring
    assert state.current_player == 0 and state.phase == "turn" and state.ap == 2
    state.apply("take 0")
    assert state.ap == 1


def test_gp_r9_a_scoring_while_drawing_counts_the_table_before_the_drawn_card():
    state = position(2, hands=[["corn"], []], collections=[[("egg", ["corn"])], []], middle=6,
                     pile_top=["dh", "corn"])
    state.apply("draw")
    assert state.scorings[-1]["dh"] == 7 and state.points == [4, 0]
    assert sorted(state.hands[0]) == ["corn", "corn"] and state.ap == 1 and state.current_player == 0


def test_gp_r9_tie_for_second_place_gives_nobody_the_point():
    colls = [[("egg", ["corn", "corn", "corn"])], [("egg", ["corn", "corn"])], [("egg", ["corn", "joker"])]]
    state = position(3, collections=colls, middle=3, pile_top=["dh"])
    trigger_scoring(state)
    assert last_scoring_places(state)["corn"] == {0: ("first", 3), 1: ("tied_second", 0),
                                                  2: ("tied_second", 0)}
    assert state.points == [3, 0, 0]


def test_gp_r9_tie_for_first_place_has_no_second():
    colls = [[("egg", ["corn", "corn"])], [("egg", ["corn", "corn"])], [("egg", ["corn"])]]
    state = position(3, collections=colls, middle=3, pile_top=["dh"])
    trigger_scoring(state)
    assert last_scoring_places(state)["corn"] == {0: ("tied_first", 2), 1: ("tied_first", 2), 2: ("none", 0)}


def test_gp_r9_a_fox_row_is_out_of_the_scoring_and_of_the_others_places():
    colls = [[("egg", ["corn", "corn", "corn", "corn"])], [("egg", ["corn", "corn"])], [("egg", ["corn"])]]
    state = position(3, collections=colls, middle=3, pile_top=["dh"], fox=(0, 0))
    trigger_scoring(state)
    assert last_scoring_places(state)["corn"] == {0: ("fox", 0), 1: ("first", 3), 2: ("second", 1)}


def test_gp_r9_a_fox_row_alone_in_its_motif_scores_nothing_and_the_other_is_sole():
    colls = [[("egg", ["plum", "plum"])], [("egg", ["corn"])], [("nest", ["corn", "corn"])]]
    state = position(3, collections=colls, middle=3, pile_top=["dh"], fox=(0, 0))
    trigger_scoring(state)
    places = last_scoring_places(state)
    assert places["plum"] == {0: ("fox", 0)}
    state = position(3, collections=[[("egg", ["plum"])], [("egg", ["plum"])], []], middle=3,
                     pile_top=["dh"], fox=(0, 0))
    trigger_scoring(state)
    assert last_scoring_places(state)["plum"] == {0: ("fox", 0), 1: ("sole", 4)}
    assert state.points == [0, 4, 0]


def test_gp_r9_a_doubler_doubles_its_collections_points():
    colls = [[("egg", ["corn", "corn"], True), ("nest", ["bell"], False)],
             [("egg", ["corn"]), ("plum", ["bell"], True)], [("vane", ["ribbon"])]]
    state = position(3, collections=colls, doublers=[False, False, True], middle=3, pile_top=["dh"])
    trigger_scoring(state)
    places = last_scoring_places(state)
    assert places["corn"] == {0: ("first", 6), 1: ("second", 1)}
    assert places["bell"] == {0: ("tied_first", 2), 1: ("tied_first", 4)}
    state = position(2, collections=[[("egg", ["corn"], True)], []], doublers=[False, True], middle=3,
                     pile_top=["dh"])
    trigger_scoring(state)
    assert state.points == [8, 0]


def test_gp_r9_scorings_add_up_over_the_game():
    state = position(2, collections=[[("egg", ["corn"])], []], middle=6, pile_top=["dh"], points=[4, 1])
    trigger_scoring(state)
    assert state.points == [8, 1] and len(state.scorings) == 2


def test_gp_r9_the_10th_dh_ends_the_game_in_the_middle_of_the_turn():
    state = position(3, hands=[["egg"], ["nest", "nest"], []], collections=[[("egg", ["corn"])], [], []],
                     middle=9, pile_top=["dh"], display=("plum", "worm", "vane"))
    events = state.apply("take 0")
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
    assert state.phase == "over" and state.middle == 10
    assert state.display == ["worm", "vane"]  # the refill was cut off by the end
    assert state.scorings[-1]["final"] is True
    assert state.points == [4 - 2, -2, 0]  # seat 0: sole corn 4, then egg and plum in hand
    assert isinstance(events[-1], GameEnded) and events[-1].winners == (0,)
    refused(state, "take 0", "the game is over")


# -- GP-R10 the last scoring's penalties ---------------------------------------------------------------
def test_gp_r10_last_scoring_minus_two_per_lone_treasure_minus_one_per_hand_card():
    colls = [[("egg", ["corn"]), "nest", "joker"], ["plum"], []]
    state = position(3, hands=[["bell", "bell"], ["worm"], []], collections=colls, middle=9, pile_top=["dh"],
                     doublers=[True, True, True])
    state.apply("draw")
    final = state.scorings[-1]
    assert final["penalties"] == [
        {"seat": 0, "lone_treasures": 2, "lone_under_fox": 0, "hand_cards": 2, "points": -6},
        {"seat": 1, "lone_treasures": 1, "lone_under_fox": 0, "hand_cards": 1, "points": -3},
        {"seat": 2, "lone_treasures": 0, "lone_under_fox": 0, "hand_cards": 0, "points": 0},
    ]
    assert state.points == [4 - 6, -3, 0]  # the doubler left in a hand is no hand card


def test_gp_r10_a_lone_treasure_under_the_fox_costs_nothing_at_the_last_scoring():
    """Seat 1's lone plum is under the fox: out of the game, no -2; seat 0's lone nest is not: -2."""
    colls = [[("egg", ["corn"]), "nest"], ["plum", ("worm", ["bell"])], []]
    state = position(3, hands=[["vane"], [], []], collections=colls, middle=9, pile_top=["dh"], fox=(1, 0))
    events = state.apply("draw")
    final = state.scorings[-1]
    assert final["penalties"] == [
        {"seat": 0, "lone_treasures": 1, "lone_under_fox": 0, "hand_cards": 1, "points": -3},
        {"seat": 1, "lone_treasures": 0, "lone_under_fox": 1, "hand_cards": 0, "points": 0},
        {"seat": 2, "lone_treasures": 0, "lone_under_fox": 0, "hand_cards": 0, "points": 0},
    ]
    assert state.points == [4 - 3, 4, 0]  # sole corn, sole bell; the draw ended the game: vane stays in hand
    # Every seat sees why: in the breakdown of the observation and the scoring's event, and in words.
    for seat in (None, 0, 1, 2):
        obs = state.observation(seat)
        assert obs["scorings"][-1]["penalties"][1]["lone_under_fox"] == 1
        assert [str(line) for line in obs["result_details"]] == [
            "Minus points of the last scoring:",
            "Seat 1: 1 lone treasure -2 each and 1 hand card -1 each = -3",
            "Seat 2: the lone treasure under the fox: no penalty",
            "Seat 3: no minus points",
        ]
    assert any(isinstance(e, ScoringDone) and e.breakdown == final for e in events)


def test_gp_r10_the_fox_moved_off_a_lone_treasure_leaves_it_to_pay():
    """The same table with the fox on seat 1's bell row: the lone plum pays -2 after all."""
    colls = [[("egg", ["corn"]), "nest"], ["plum", ("worm", ["bell"])], []]
    state = position(3, hands=[["vane"], [], []], collections=colls, middle=9, pile_top=["dh"], fox=(1, 1))
    state.apply("draw")
    assert state.scorings[-1]["penalties"][1] == {"seat": 1, "lone_treasures": 1, "lone_under_fox": 0,
                                                  "hand_cards": 0, "points": -2}
    assert state.points == [4 - 3, -2, 0]  # the bell row under the fox scores nothing either
    assert str(state.observation(0)["result_details"][2]) == "Seat 2: 1 lone treasure -2 each = -2"


def test_gp_r10_no_result_details_before_the_end():
    state = position(2, hands=[["bell"], ["worm"]], collections=[["nest"], []], middle=3, pile_top=["dh"])
    trigger_scoring(state)
    assert state.observation(0)["result_details"] == []


def test_gp_r10_penalties_only_at_the_last_scoring():
    state = position(2, hands=[["bell"], ["worm"]], collections=[["nest"], []], middle=3, pile_top=["dh"])
    trigger_scoring(state)
    assert state.scorings[-1]["penalties"] == [] and state.points == [0, 0]


# -- GP-R11 winners -------------------------------------------------------------------------------------
def test_gp_r11_most_points_wins_and_a_tie_is_shared():
    state = position(3, middle=9, pile_top=["dh"], points=[11, 8, 10])
    state.apply("take 0")  # the card taken is a hand card at the end: -1
    assert state.points == [10, 8, 10]
    assert state.winners() == [0, 2] and "Seat 1 and Seat 3 share the win" in str(state.result_text())
    obs = state.observation(1)
    assert obs["terminal"] and obs["winners"] == [0, 2] and obs["result"] == state.result_text()
    state = position(3, middle=9, pile_top=["dh"], points=[5, 8, 10])
    state.apply("take 0")
    assert state.winners() == [2] and "Seat 3 wins with 10 points" in str(state.result_text())


# -- GP-R12 the pile lasts until the 10th DH ------------------------------------------------------------
def test_gp_r12_every_dh_not_in_the_middle_is_in_the_pile():
    state = GAME.new_state(5, seed=3)
    assert state.pile.count("dh") == 10
    data = position(3).to_dict()
    dh_at = data["pile"].index("dh")
    data["pile"][dh_at] = data["hands"][0].pop() if data["hands"][0] else "bell"
    data["display"][0] = "dh"
    with pytest.raises(BadSetup, match="the display may not hold a dh"):
        GAME.state_from_dict(data)
    data = position(3).to_dict()
    data["pile"] = [c for c in data["pile"] if c != "dh"]
    data["middle"] = 10
    with pytest.raises(BadSetup, match="game is over exactly when"):
        GAME.state_from_dict(data)


# -- GP-R13 the Dschingis Hahn counter is always shown -----------------------------------------------------
def test_gp_r13_observation_shows_the_dh_counter_and_the_next_scoring():
    state = position(3, middle=6, pile_top=["dh"])
    for seat in (None, 0, 1):
        assert state.observation(seat)["dh"] == {"middle": 6, "total": 10, "next_scoring": 7,
                                                 "scorings_done": 1}
    trigger_scoring(state)
    assert state.observation(None)["dh"] == {"middle": 7, "total": 10, "next_scoring": 10, "scorings_done": 2}
    assert len(state.observation(2)["scorings"]) == 2


# -- refusals, observations, determinize, positions -------------------------------------------------------
def test_illegal_actions_raise_a_clear_message_and_change_nothing():
    state = position(3, hands=[["corn"], ["egg"], []], collections=[[("egg", ["corn"])], [], []], ap=1)
    cases = {
        "treasure plum": "you have no Ripe Plum in your hand",
        "open egg 0": "you have no Golden Egg in your hand",
        "open corn 4": "you have collections 0 to 0, not 4",
        "open doubler 0": "the doubler is laid with 'doubler <collection>'",
        "take 3": "open cards 0 to 2, not 3",
        "take corn": "'take' is written 'take <slot 0-2>'",
        "draw": "costs 2 action points",
        "fox 0 0": "only while it stands on one of your collections",
        "pass_fox 0": "only after the turn",
        "shuffle": "'shuffle' is not an action of Gloria Picktoria",
        "open corn": "'open' is written 'open <card> <collection>'",
    }
    for text, fragment in cases.items():
        refused(state, text, fragment)
    state.apply("doubler 0")
    assert state.turn == 1
    refused(state, "doubler 0", "you have no collection yet")
    state = position(3, collections=[[("egg", ["corn"], True)], [], []], doublers=[False, True, True])
    refused(state, "doubler 0", "your doubler is already on the table")
    refused(state, "treasure doubler", "your doubler is already on the table")


def test_observation_shows_own_hand_and_public_cards_but_no_hidden_card():
    state = position(3, hands=[["plum", "plum", "worm"], ["vane"], ["egg", "egg"]], known=[["worm"], [], []],
                     collections=[["nest"], [], []])
    obs = state.observation(1)
    assert obs["hand"] == ["vane"] and obs["hand_sizes"] == [3, 1, 2]
    assert obs["known_hand_cards"] == [["worm"], [], []]
    text = as_json({k: v for k, v in obs.items() if k != "hand"})
    assert "plum" not in text and "vane" not in text and '"egg"' not in text
    assert state.observation(None)["hand"] is None
    assert obs["collections"][0]["treasure"] == "nest"  # laid face down but shown to all
    assert obs["pile"] == len(state.pile) and "rng" not in obs
    as_json(state.observation(0))


def test_playing_a_known_card_makes_it_unknown_again():
    state = position(3, hands=[["worm", "worm"], [], []], known=[["worm"], [], []])
    state.apply("treasure worm")
    assert state.observation(1)["known_hand_cards"][0] == []


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    state = GAME.new_state(4, seed=8)
    rng = Rng(1)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    seen = state.observation(1)
    hands_differ = False
    for i in range(10):
        drawn = state.determinize(1, Rng(i))
        assert drawn.observation(1) == seen
        assert counts_of(drawn) == counts_of(state)
        assert drawn.pile.count("dh") == state.pile.count("dh")
        for other in (0, 2, 3):
            assert not Counter(state.known[other]) - Counter(drawn.hands[other])
        hands_differ |= drawn.hands[0] != state.hands[0] or drawn.pile != state.pile
    assert hands_differ
    assert state.determinize(1, Rng(3)).state_hash() == state.determinize(1, Rng(3)).state_hash()


def test_positions_that_break_the_rules_are_refused():
    good = position(3).to_dict()
    cases = [
        (dict(hands=[["corn"], [], []]), "the cards do not add up: too many corn x1"),
        (dict(phase="dealing"), "the phase is one of"),
        (dict(ap=0), "1 to 3 action points"),
        (dict(turn=3), "turn must be a seat"),
        (dict(fox=[1, 0]), "the fox stands on seat 1's collection 0, which does not exist"),
        (dict(players=6), "2 to 5 players"),
        (dict(middle=4), "mean 1 scorings"),
    ]
    for change, message in cases:
        data = json.loads(json.dumps(good))
        data.update(change)
        with pytest.raises(BadSetup, match=message):
            GAME.state_from_dict(data)
    with pytest.raises(BadSetup, match="never a joker"):
        position(3, collections=[[("egg", ["joker"])], [], []])
    with pytest.raises(BadSetup, match="two collections of one motif"):
        position(3, collections=[[("egg", ["corn"]), ("nest", ["corn"])], [], []])
    with pytest.raises(BadSetup, match="is a row of corn but holds 'bell'"):
        position(3, collections=[[("egg", ["corn", "bell"])], [], []])


def test_action_texts_are_stable_and_read_back():
    state = position(3, hands=[["corn", "joker"], [], []],
                     collections=[["egg", ("nest", ["corn"])], ["plum"], []], fox=(0, 1))
    for action in state.legal_actions():
        assert Action.parse(str(action)) == action
    assert texts(state) == {"treasure corn", "treasure joker", "treasure doubler", "open joker 1",
                            "open corn 1", "doubler 0", "doubler 1", "take 0", "take 1", "take 2", "draw",
                            "fox 0 0", "fox 1 0"}


def test_action_constructors_write_the_action_texts():
    from game.gloria_picktoria import game as gp

    made = [gp.treasure("corn"), gp.treasure("doubler"), gp.open_("joker", 1), gp.doubler(0), gp.take(2),
            gp.draw(), gp.fox(1, 0), gp.pass_fox(3), gp.keep_fox()]
    assert [str(a) for a in made] == ["treasure corn", "treasure doubler", "open joker 1", "doubler 0",
                                      "take 2", "draw", "fox 1 0", "pass_fox 3", "keep_fox"]
    assert all(Action.parse(str(a)) == a for a in made)
    state = position(3, hands=[["corn", "joker"], [], []],
                     collections=[["egg", ("nest", ["corn"])], ["plum"], []], fox=(0, 1))
    assert {gp.open_("corn", 1), gp.fox(1, 0), gp.draw()} <= set(state.legal_actions())


def test_events_of_the_fox_the_dschingis_hahn_and_the_fox_pass_are_declared_kinds():
    from game.gloria_picktoria.events import DHToMiddle, FoxMoved, FoxPassDue
    from game.gloria_picktoria.state import MAY_PASS_FOX

    rng = Rng(21)
    state = GAME.new_state(3, seed=21)
    seen: set[str] = set()
    middle = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        events = state.apply(legal[rng.randbelow(len(legal))])
        for before, event in zip([None, *events], events, strict=False):
            if isinstance(event, FoxMoved):
                assert isinstance(before, CardMoved) and before.card == "fox"
                assert before.dst == f"collection:{event.owner}:{event.collection}"
                assert event.seat == event.owner
                assert event.seen_by(1) is event
            elif isinstance(event, DHToMiddle):
                middle += 1
                assert isinstance(before, CardMoved) and before.card == "dh" and event.number == middle
            elif isinstance(event, FoxPassDue):
                assert event.reason == MAY_PASS_FOX and state.phase == "fox_pass" and event.seat == state.turn
            else:
                continue
            seen.add(event.kind)
    assert seen == {"FoxMoved", "DHToMiddle", "FoxPassDue"} and middle == 10


def test_gp_r7_the_turn_prompt_offers_the_fox_only_when_it_can_move():
    from game.match import Match, Seat

    match = Match("gloria_picktoria", [Seat.ai("A", "random"), Seat.ai("B", "random")], 4)
    seen_with, seen_without = False, False
    while not match.is_over() and not (seen_with and seen_without):
        obs = match.observation(match.current_seat)
        prompt = str(obs["prompt"])
        if prompt.startswith("Spend"):
            can_move = any(a.kind == "fox" for a in match.state.legal_actions())
            assert ("move the fox" in prompt) == can_move
            seen_with |= can_move
            seen_without |= not can_move
        match.step_bot()
    assert seen_with and seen_without
