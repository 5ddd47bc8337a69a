"""Palace rules PA-R1..PA-R13 (RULINGS.md) and their edge cases, each from a hand-made position."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from game import load
from game.core import BadSetup, GameEnded, IllegalAction, Note, ScoreChanged, TurnChanged, act
from game.palace import rules
from game.palace.cards import DECK
from game.palace.state import PalaceState

GAME = load("palace")
DEFAULTS = {name: option.default for name, option in GAME.options.items()}


def slots(cards: Sequence[str | None]) -> list[str | None]:
    return list(cards) + [None] * (3 - len(cards))


def position(
    players: int = 3,
    *,
    hands: Sequence[Sequence[str]],
    up: Sequence[Sequence[str | None]] | None = None,
    down: Sequence[Sequence[str | None]] | None = None,
    pile: Sequence[str] = (),
    draw: Sequence[str] = (),
    known: Sequence[Sequence[str]] | None = None,
    rest_to: str = "burned",
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> PalaceState:
    """A fresh state's data with the named zones replaced; every card not named goes to `rest_to`."""
    data = GAME.new_state(players, 0, options).to_dict()
    data.update(
        hands=[list(h) for h in hands],
        up=[slots(u) for u in (up or [[]] * players)],
        down=[slots(d) for d in (down or [[]] * players)],
        pile=list(pile),
        draw=list(draw),
        burned=[],
        known=[list(k) for k in (known or [[]] * players)],
        phase="play",
        ready=players,
        turn=0,
        dealer=players - 1,
    )
    data.update(fields)
    named = {c for zone in ("hands", "up", "down") for row in data[zone] for c in row if c}
    named |= set(data["pile"]) | set(data["draw"]) | set(data["burned"])
    data[rest_to] = data[rest_to] + [c for c in DECK if c not in named]
    return GAME.state_from_dict(data)


def texts(state: PalaceState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def plays(state: PalaceState) -> set[str]:
    return {t for t in texts(state) if t.startswith("play ")}


# -- PA-R1 -------------------------------------------------------------------------------------------
def test_pa_r1_rank_order_low_to_high() -> None:
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for i, top in enumerate(order[:-1]):
        if top == "10":
            continue  # a 10 never lies on the pile: it burns
        for higher in order[i:]:
            assert rules.beats(higher, top, DEFAULTS), (higher, top)
        for lower in order[:i]:
            assert rules.beats(lower, top, DEFAULTS) == (lower == "10"), (lower, top)


def test_pa_r1_jack_is_beaten_by_queen_king_ace_and_the_power_cards_only() -> None:
    state = position(hands=[["9C", "JD", "QC", "KC", "AC", "2C", "10C"], ["4C"], ["5C"]], pile=["JH"])
    assert plays(state) == {"play 1xJ", "play 1xQ", "play 1xK", "play 1xA", "play 1x2", "play 1x10"}


# -- PA-R2 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pa_r2_deal_three_down_three_up_three_in_hand(players: int) -> None:
    state = GAME.new_state(players, 7)
    for seat in range(players):
        assert len(state.hands[seat]) == 3
        assert all(state.up[seat]) and len(state.up[seat]) == 3
        assert all(state.down[seat]) and len(state.down[seat]) == 3
    assert len(state.draw) == 52 - 9 * players


def test_pa_r2_hand_size_option_and_a_deal_that_needs_too_many_cards() -> None:
    state = GAME.new_state(4, 3, {"hand_size": 5})
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert len(state.draw) == 52 - 4 * 11
    with pytest.raises(BadSetup, match="need 55 cards"):
        GAME.new_state(5, 3, {"hand_size": 5})


# -- PA-R3 -------------------------------------------------------------------------------------------
def test_pa_r3_swap_phase_goes_round_from_the_dealers_left_and_swaps_are_public() -> None:
    state = GAME.new_state(3, 11, {"dealer": 0})
    assert state.phase == "swap" and state.current_player == 1
    swap = next(a for a in state.legal_actions() if a.kind == "swap")
    hand_card, up_card = swap.args
    state.apply(swap)
    assert up_card in state.hands[1] and hand_card in state.up[1]
    assert state.observation(2)["seats"][1]["known"] == [up_card]  # everyone saw it go into the hand
    state.apply("ready")
    assert state.current_player == 2
    state.apply("ready")
    assert state.current_player == 0 and state.phase == "swap"
    state.apply("ready")
    assert state.phase == "play"


def test_pa_r3_face_down_cards_are_seen_by_nobody_not_even_their_owner() -> None:
    state = GAME.new_state(4, 5)
    for seat in [None, 0, 1, 2, 3]:
        obs = state.observation(seat)
        text = json.dumps(obs, default=str)
        for row in state.down:
            for card in row:
                assert f'"{card}"' not in text
        assert all(s["down"] == [True, True, True] for s in obs["seats"])


def test_pa_r3_a_swap_of_two_cards_of_one_rank_is_refused() -> None:
    state = position(players=2, hands=[["5C", "9C", "KC"], ["4C", "6C", "8C"]],
                     up=[["5D", "QD", "AD"], ["4D", "6D", "8D"]], phase="swap", ready=0, rest_to="draw")
    assert "swap 5C 5D" not in texts(state)
    with pytest.raises(IllegalAction, match="changes nothing"):
        state.apply("swap 5C 5D")


# -- PA-R4 -------------------------------------------------------------------------------------------
def swap_position(up: list[list[str]], dealer: int) -> PalaceState:
    players = len(up)
    free = [c for c in DECK if c not in {card for row in up for card in row}]
    hands = [free[3 * i:3 * i + 3] for i in range(players)]
    return position(players=players, hands=hands, up=up, phase="swap", dealer=dealer, turn=dealer,
                    ready=players - 1, rest_to="draw")


def test_pa_r4_first_face_up_three_clockwise_from_the_dealer_starts() -> None:
    state = swap_position([["3C", "KC", "AC"], ["9D", "QD", "AD"], ["5H", "QH", "AH"], ["3S", "KS", "AS"]],
                          dealer=1)
    state.apply("ready")
    assert state.phase == "play" and state.current_player == 3  # clockwise from seat 1: 2, 3, 0


def test_pa_r4_without_threes_the_lowest_rank_starts() -> None:
    state = swap_position([["4C", "KC", "AC"], ["9D", "QD", "AD"], ["4H", "QH", "AH"]], dealer=0)
    state.apply("ready")
    assert state.current_player == 2  # seat 1 has no 4; after the dealer 0 comes 1, then 2


def test_pa_r4_a_ten_is_lower_than_a_jack_for_the_start() -> None:
    state = swap_position([["JC", "KC", "AC"], ["10D", "QD", "AD"], ["JH", "QH", "KH"]], dealer=0)
    state.apply("ready")
    assert state.current_player == 1  # the 10 sits between the 9 and the Jack in the seed's order


def test_pa_r4_the_two_is_the_highest_card_for_the_start() -> None:
    state = swap_position([["2C", "2D", "2H"], ["AD", "AH", "AS"]], dealer=1)
    state.apply("ready")
    assert state.current_player == 1  # the dealer's left (seat 0) shows only 2s: the Ace is lower
    events = swap_position([["2C", "10C", "2D"], ["AD", "KD", "QD"]], dealer=1).apply("ready")
    assert [str(e.reason) for e in events if isinstance(e, TurnChanged)] == [
        "starts with the lowest face-up card, a 10"]


SEED_ORDER = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


@pytest.mark.parametrize(("low", "high"), list(zip(SEED_ORDER[:-1], SEED_ORDER[1:], strict=True)))
def test_pa_r4_the_seeds_order_from_three_to_two(low: str, high: str) -> None:
    state = swap_position([[f"{high}C"], [f"{low}D"]], dealer=1)  # seat 0 would start on a tie
    state.apply("ready")
    assert state.current_player == 1, f"a face-up {low} starts before a {high}"


def test_pa_r4_dealer_option_and_a_dealer_beyond_the_players() -> None:
    state = GAME.new_state(3, 1, {"dealer": 2})
    assert state.dealer == 2 and state.current_player == 0
    with pytest.raises(BadSetup, match="dealer"):
        GAME.new_state(3, 1, {"dealer": 4})
    assert len({GAME.new_state(4, seed).dealer for seed in range(40)}) == 4


# -- PA-R5 -------------------------------------------------------------------------------------------
def test_pa_r5_a_play_is_cards_of_one_rank_equal_or_higher() -> None:
    state = position(hands=[["8C", "8D", "7S", "9C", "2H", "10S"], ["4C"], ["5C"]], pile=["8H"])
    assert plays(state) == {"play 1x8", "play 2x8", "play 1x9", "play 1x2", "play 1x10"}
    state.apply("play 2x8")
    assert state.pile == ["8H", "8C", "8D"] and state.current_player == 1


def test_pa_r5_an_empty_pile_accepts_anything() -> None:
    state = position(hands=[["3C", "AC"], ["4C"], ["5C"]])
    assert plays(state) == {"play 1x3", "play 1xA"}


# -- PA-R6 -------------------------------------------------------------------------------------------
def test_pa_r6_draw_back_up_to_three_while_the_draw_pile_lasts() -> None:
    state = position(hands=[["5C", "5D", "9C"], ["4C"], ["6C"]], draw=["KH"])
    state.apply("play 2x5")
    assert state.hands[0] == ["9C", "KH"] and state.draw == []


def test_pa_r6_no_draw_with_three_or_more_hand_cards() -> None:
    state = position(hands=[["5C", "6C", "7C", "8C"], ["4C"], ["6D"]], draw=["KH", "QH"])
    state.apply("play 1x5")
    assert state.hands[0] == ["6C", "7C", "8C"] and state.draw == ["KH", "QH"]


# -- PA-R7 -------------------------------------------------------------------------------------------
def test_pa_r7_redraw_adds_freshly_drawn_cards_of_the_rank_just_played() -> None:
    state = position(hands=[["7C", "9C", "JC"], ["4C"], ["6D"]], draw=["QH", "7D"])
    state.apply("play 1x7")
    assert state.phase == "redraw" and state.current_player == 0
    assert texts(state) == ["play 1x7", "pass"]
    other = state.observation(1)
    assert other["redraw"] == {"rank": "7", "drawn": 1} and other["fresh"] == []
    assert "7D" not in json.dumps(other, default=str)
    assert state.observation(0)["fresh"] == ["7D"]
    state.apply("play 1x7")
    assert state.pile == ["7C", "7D"] and state.hands[0] == ["9C", "JC", "QH"]
    assert state.phase == "redraw" and texts(state) == ["pass"], "the Q drawn now finishes the turn"
    state.apply("pass")
    assert state.phase == "play" and state.current_player == 1


def test_pa_r7_pass_keeps_the_drawn_card_and_the_option_off_skips_the_decision() -> None:
    state = position(hands=[["7C", "9C", "JC"], ["4C"], ["6D"]], draw=["7D"])
    state.apply("play 1x7")
    state.apply("pass")
    assert "7D" in state.hands[0] and state.current_player == 1
    off = position(hands=[["7C", "9C", "JC"], ["4C"], ["6D"]], draw=["7D"], options={"redraw": False})
    off.apply("play 1x7")
    assert off.phase == "play" and off.current_player == 1


def test_pa_r7_a_redraw_that_makes_four_burns() -> None:
    state = position(hands=[["7C", "7H", "9C"], ["4C"], ["6D"]], pile=["7S"], draw=["7D"])
    state.apply("play 2x7")
    state.apply("play 1x7")
    assert state.pile == [] and {"7C", "7D", "7H", "7S"} <= set(state.burned)
    assert state.current_player == 0 and state.phase == "play"


# -- PA-R8 -------------------------------------------------------------------------------------------
def test_pa_r8_who_cannot_play_picks_up_the_pile_and_the_next_starts_anew() -> None:
    state = position(hands=[["5C", "6C"], ["4C", "3D"], ["6D"]], pile=["9H", "KH"])
    assert texts(state) == ["pickup"]
    state.apply("pickup")
    assert state.hands[0] == ["5C", "6C", "9H", "KH"] and state.known[0] == ["9H", "KH"]
    assert state.pile == [] and state.current_player == 1
    assert plays(state) == {"play 1x3", "play 1x4"}


def test_pa_r8_who_can_play_must_unless_voluntary_pickup_is_on() -> None:
    state = position(hands=[["9C"], ["4C"], ["6D"]], pile=["5H"])
    assert "pickup" not in texts(state)
    before = state.state_hash()
    with pytest.raises(IllegalAction, match="can play, so must play"):
        state.apply("pickup")
    assert state.state_hash() == before
    free = position(hands=[["9C"], ["4C"], ["6D"]], pile=["5H"], options={"voluntary_pickup": True})
    assert texts(free) == ["play 1x9", "pickup"]


# -- PA-R9 -------------------------------------------------------------------------------------------
def test_pa_r9_a_ten_burns_and_the_same_player_plays_again() -> None:
    state = position(hands=[["10C", "4D", "6D"], ["4C"], ["6H"]], pile=["5H", "AC"])
    state.apply("play 1x10")
    assert state.pile == [] and {"5H", "AC", "10C"} <= set(state.burned)
    assert state.current_player == 0 and plays(state) == {"play 1x4", "play 1x6"}


def test_pa_r9_four_of_a_rank_at_once_burn() -> None:
    state = position(hands=[["7C", "7D", "7H", "7S", "3C"], ["4C"], ["6H"]], pile=["6C"])
    state.apply("play 4x7")
    assert state.pile == [] and state.current_player == 0


def test_pa_r9_four_on_top_completed_across_players_burn() -> None:
    state = position(hands=[["9C", "KC"], ["9D", "9H"], ["9S", "AS"]], pile=["5C"])
    state.apply("play 1x9")
    state.apply("play 2x9")
    assert state.pile == ["5C", "9C", "9D", "9H"] and state.current_player == 2
    state.apply("play 1x9")
    assert state.pile == [] and state.current_player == 2 and "9S" in state.burned


def test_pa_r9_a_burner_without_cards_is_out_and_the_next_player_starts() -> None:
    state = position(hands=[["10C"], ["4C"], ["6H"]], pile=["KC"])
    state.apply("play 1x10")
    assert state.out == [0] and state.current_player == 1 and state.pile == []
    assert state.scores() == [1.0, 0.0, 0.0]  # out in place 1; the others still play


# -- PA-R10 ------------------------------------------------------------------------------------------
def test_pa_r10_face_up_cards_wait_until_the_hand_is_empty() -> None:
    state = position(hands=[["4C"], ["4D"], ["6H"]], up=[["KC"], [], []], pile=["5D"])
    assert texts(state) == ["pickup"]
    with pytest.raises(IllegalAction, match="face-up cards come only after the hand"):
        state.apply("play 1xK")


def test_pa_r10_face_up_pairs_are_played_together() -> None:
    state = position(hands=[[], ["4D"], ["6H"]], up=[["KC", "3S", "KD"], [], []], pile=["5D"])
    assert texts(state) == ["play 1xK", "play 2xK"]
    state.apply("play 2xK")
    assert state.up[0] == [None, "3S", None] and state.pile == ["5D", "KC", "KD"]


def test_pa_r10_face_down_one_blind_card_per_turn() -> None:
    state = position(hands=[[], ["4D"], ["6H"]], down=[["4C", "9D", None], [], []], pile=["7H"])
    assert texts(state) == ["flip 0", "flip 1"]
    state.apply("flip 1")
    assert state.pile == ["7H", "9D"] and state.down[0] == ["4C", None, None]
    assert state.current_player == 1


def test_pa_r10_a_blind_card_that_fails_goes_with_the_pile_into_the_hand() -> None:
    state = position(hands=[[], ["4D"], ["6H"]], down=[["4C", "9D", None], [], []], pile=["5S", "7H"])
    state.apply("flip 0")
    assert state.hands[0] == ["4C", "5S", "7H"] and state.known[0] == ["4C", "5S", "7H"]
    assert state.pile == [] and state.current_player == 1
    assert state.source(0) == "hand"  # back to the hand until it is empty


def test_pa_r10_a_blind_ten_still_burns_and_the_player_goes_again() -> None:
    state = position(hands=[[], ["4D"], ["6H"]], down=[["10C", "5D", None], [], []], pile=["AH"])
    state.apply("flip 0")
    assert state.pile == [] and state.current_player == 0 and texts(state) == ["flip 1"]


# -- PA-R11 ------------------------------------------------------------------------------------------
def test_pa_r11_a_two_resets_the_pile() -> None:
    state = position(hands=[["2C", "8D"], ["3C"], ["6H"]], pile=["AH"])
    state.apply("play 1x2")
    assert rules.effective_top(state.pile, state.options) is None
    assert plays(state) == {"play 1x3"}


# -- PA-R12 ------------------------------------------------------------------------------------------
def four_player_finish() -> PalaceState:
    """Seat 0 goes out first, seat 2 second, seat 1 third: seat 3 is left with cards (see PA12_ACTIONS)."""
    return position(players=4, hands=[["AC"], ["3D"], ["2C"], ["5C", "6C"]])


PA12_ACTIONS = ["play 1xA", "pickup", "play 1x2", "play 1x5", "play 1xA", "pickup", "play 1x3"]


def test_pa_r12_every_player_out_wins_and_the_last_with_cards_loses() -> None:
    state = four_player_finish()
    state.apply("play 1xA")
    assert state.out == [0] and not state.is_terminal() and state.winners() == []
    assert state.scores() == [1.0, 0.0, 0.0, 0.0] and state.observation(3)["seats"][0]["place"] == 1
    state.apply("pickup")
    events = state.apply("play 1x2")
    assert state.out == [0, 2] and not state.is_terminal(), "play goes on until one player is left"
    assert [(e.seat, e.new) for e in events if isinstance(e, ScoreChanged)] == [(2, 2.0)]
    assert state.observation(1)["out"] == [0, 2] and state.current_player == 3
    for action in PA12_ACTIONS[3:]:
        events = state.apply(action)
    assert state.is_terminal() and state.out == [0, 2, 1] and state.loser == 3
    assert state.winners() == [0, 2, 1]  # every seat but the loser, in the order they went out
    assert state.scores() == [1.0, 3.0, 2.0, 4.0]  # the places; the loser's is the number of players
    assert [(e.seat, e.new) for e in events if isinstance(e, ScoreChanged)] == [(1, 3.0), (3, 4.0)]
    assert str(state.result_text()) == ("Out first to last, all winners: Seat 1, Seat 3 and Seat 2. "
                                   "Seat 4 is left with cards: the Palace loser.")


def test_pa_r12_finishing_order_and_the_loser_of_the_last_two() -> None:
    state = position(hands=[["AC"], ["2C"], ["3C", "4C"]])
    state.apply("play 1xA")
    assert state.out == [0] and not state.is_terminal()
    assert state.current_player == 1
    events = state.apply("play 1x2")  # the last two players: the first of them out ends the game
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
    assert state.out == [0, 1] and state.loser == 2
    assert state.scores() == [1.0, 2.0, 3.0] and state.winners() == [0, 1]
    assert [(e.seat, e.new) for e in events if isinstance(e, ScoreChanged)] == [(1, 2.0), (2, 3.0)]
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0].winners == (0, 1)
    assert str(state.result_text()) == ("Out first to last, all winners: Seat 1 and Seat 2. "
                                   "Seat 3 is left with cards: the Palace loser.")
    assert state.observation(2)["out"] == [0, 1] and state.observation(None)["loser"] == 2
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("play 1x3")


def test_pa_r12_two_players_end_at_the_first_out() -> None:
    state = position(players=2, hands=[["KC"], ["3C", "4C"]], turn=1, pile=["QH"], up=[[], ["AS"]])
    state.apply("pickup")
    state.apply("play 1xK")
    assert state.is_terminal() and state.out == [0] and state.loser == 1
    assert state.scores() == [1.0, 2.0] and state.winners() == [0]
    assert str(state.result_text()) == "Seat 1 is out and wins. Seat 2 is left with cards: the Palace loser."


def test_pa_r12_out_players_are_passed_over() -> None:
    state = position(players=4, hands=[["5C"], [], ["6C", "9C"], ["7C"]], up=[[], [], [], []],
                     out=[1])
    state.apply("play 1x5")
    assert state.out == [1, 0] and state.current_player == 2


# -- PA-R13 ------------------------------------------------------------------------------------------
def test_pa_r13_seven_lower() -> None:
    hands = [["5C", "8C", "7D", "2C", "10C"], ["4C"], ["6H"]]
    on = position(hands=hands, pile=["7H"], options={"seven_lower": True})
    assert plays(on) == {"play 1x5", "play 1x7", "play 1x2", "play 1x10"}
    assert str(on.observation(0)["needs"]) == "a 7 or lower (or a 2 or a 10)"
    off = position(hands=hands, pile=["7H"])
    assert plays(off) == {"play 1x8", "play 1x7", "play 1x2", "play 1x10"}


def test_pa_r13_eight_skip_skips_one_player_per_eight() -> None:
    hands = [["8C", "8D", "KC"], ["4C"], ["6H"], ["9H"]]
    one = position(players=4, hands=hands, options={"eight_skip": True})
    one.apply("play 1x8")
    assert one.current_player == 2
    two = position(players=4, hands=hands, options={"eight_skip": True})
    two.apply("play 2x8")
    assert two.current_player == 3
    off = position(players=4, hands=hands)
    off.apply("play 2x8")
    assert off.current_player == 1


def test_pa_r13_eight_skip_wraps_back_to_the_player_with_two_left() -> None:
    state = position(players=2, hands=[["8C", "KC"], ["4C"]], options={"eight_skip": True})
    state.apply("play 1x8")
    assert state.current_player == 0


def test_pa_r13_three_invisible_takes_the_rank_below() -> None:
    hands = [["3D", "5C", "AC"], ["4C"], ["6H"]]
    on = position(hands=hands, pile=["KH", "3C"], options={"three_invisible": True})
    assert plays(on) == {"play 1x3", "play 1xA"}
    assert on.observation(0)["top"] == "K"
    off = position(hands=hands, pile=["KH", "3C"])
    assert plays(off) == {"play 1x3", "play 1x5", "play 1xA"}
    only_threes = position(hands=hands, pile=["3C"], options={"three_invisible": True})
    assert plays(only_threes) == {"play 1x3", "play 1x5", "play 1xA"}


def test_pa_r13_hand_size_is_also_the_draw_target() -> None:
    state = position(hands=[["5C", "6C", "7C", "8C"], ["4C"], ["6D"]], draw=["KH", "QH"],
                     options={"hand_size": 4})
    state.apply("play 1x5")
    assert len(state.hands[0]) == 4 and state.draw == ["KH"]


def test_every_option_on_together() -> None:
    options = {"redraw": True, "voluntary_pickup": True, "seven_lower": True, "eight_skip": True,
               "three_invisible": True, "hand_size": 4}
    state = position(players=4, hands=[["3D", "6C", "8C", "KC"], ["4C"], ["6H"], ["9H"]], pile=["7H", "3C"],
                     options=options)
    assert plays(state) == {"play 1x3", "play 1x6"} and "pickup" in texts(state)
    state = position(players=4, hands=[["8C", "8D", "KC"], ["4C"], ["6H"], ["9H"]], draw=["8H"],
                     options=options)
    state.apply("play 2x8")
    assert state.phase == "redraw"
    state.apply("play 1x8")  # three 8s this turn: past seats 1, 2 and 3, back to seat 0
    assert state.current_player == 0 and state.pile == ["8C", "8D", "8H"]
    game = GAME.new_state(5, 99, options)
    rng_moves = 0
    while not game.is_terminal():
        game.apply(game.legal_actions()[rng_moves % len(game.legal_actions())])
        rng_moves += 1
    assert len(game.out) == 4


# -- illegal actions and positions -------------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    ("dance", "not a Palace action"),
    ("swap 9C KH", "swapped only before the first play"),
    ("play 7", "write a play as"),
    ("play 1xK", "no King in the hand of Seat 1"),
    ("play 3x9", "only 1 of rank 9"),
    ("play 1x4", "cannot go on the pile now: it needs a 5 or higher"),
    ("pass", "pass only finishes a turn in which cards were drawn"),
    ("flip 0", "only when the hand is empty"),
    ("ready", "swapped only before the first play"),
])
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(text: str, message: str) -> None:
    state = position(hands=[["4C", "9C"], ["4D"], ["6H"]], pile=["5H"], draw=["QS"])
    before = state.state_hash()
    with pytest.raises(IllegalAction, match=message):
        state.apply(text)
    assert state.state_hash() == before
    assert texts(state) == ["play 1x9"]


def test_illegal_in_the_redraw_and_swap_phases() -> None:
    state = position(hands=[["7C", "9C", "JC"], ["4C"], ["6D"]], draw=["7D"])
    state.apply("play 1x7")
    with pytest.raises(IllegalAction, match="only a 7 came with the draw"):
        state.apply("play 2x7")
    with pytest.raises(IllegalAction, match="decide on the 7 just drawn: 'play 1x7' adds it"):
        state.apply("pickup")
    swap = GAME.new_state(2, 3, {"dealer": 0})
    with pytest.raises(IllegalAction, match="is not in the hand of Seat 2"):
        swap.apply(act("swap", "XX", "YY"))
    with pytest.raises(IllegalAction, match="swap hand and face-up cards or say ready"):
        swap.apply("play 1x5")


def test_positions_are_validated() -> None:
    data = GAME.new_state(3, 1).to_dict()
    assert GAME.state_from_dict(data).state_hash() == GAME.new_state(3, 1).state_hash()
    twice = dict(data, pile=[data["draw"][0]])
    with pytest.raises(BadSetup, match="two places"):
        GAME.state_from_dict(twice)
    missing = dict(data, draw=data["draw"][1:])
    with pytest.raises(BadSetup, match="missing"):
        GAME.state_from_dict(missing)
    with pytest.raises(BadSetup, match="phase"):
        GAME.state_from_dict(dict(data, phase="dessert"))
    with pytest.raises(BadSetup, match="not a card"):
        GAME.state_from_dict(dict(data, pile=["1Z"]))
    with pytest.raises(BadSetup, match="not a Palace position"):
        GAME.state_from_dict(dict(data, game="chess"))


# -- PA-R14 ------------------------------------------------------------------------------------------
def before_finishing(drawn: str, players: int = 3) -> PalaceState:
    """Seat 0 is about to play a 7 and draw one card, `drawn` (7D or QD); the other of the two lies deep
    in the draw pile, where nobody sees it. All else is the same."""
    hands = [["7C", "9C", "JC"], ["4C", "5D", "6D"], ["6H", "8H", "KH"], ["4H", "5H", "9H"]][:players]
    left = "QD" if drawn == "7D" else "7D"
    named = {c for hand in hands for c in hand} | {"7D", "QD", "5S"}
    rest = [c for c in DECK if c not in named]
    return position(players=players, hands=hands, pile=["5S"], draw=[left, *rest, drawn], rest_to="draw")


def finishing_pair(players: int = 3) -> tuple[PalaceState, PalaceState]:
    """The two positions after seat 0 played the 7: it drew a 7 in the first, a Q in the second."""
    pair = []
    for drawn in ("7D", "QD"):
        state = before_finishing(drawn, players)
        state.apply("play 1x7")
        pair.append(state)
    return pair[0], pair[1]


def test_pa_r14_other_seats_cannot_tell_whether_the_drawn_card_matches() -> None:
    for players in (2, 3, 4):
        chance, none = finishing_pair(players)
        assert chance.phase == none.phase == "redraw" and chance.current_player == none.current_player == 0
        assert texts(chance) == ["play 1x7", "pass"] and texts(none) == ["pass"]
        assert chance.observation(0)["fresh"] == ["7D"] and none.observation(0)["fresh"] == []
        for seat in [None, *range(1, players)]:
            assert chance.observation(seat) == none.observation(seat), f"seat {seat} can tell them apart"
        assert str(chance.observation(1)["prompt"]) == "Seat 1 is finishing the turn"
        assert str(chance.observation(0)["prompt"]) == "You drew a 7 again: add it or keep it"
        assert str(none.observation(0)["prompt"]) == "No 7 came with the draw: your turn ends"
        passed = chance.clone().apply("pass"), none.clone().apply("pass")
        for seat in [None, *range(1, players)]:
            seen = [[e.seen_by(seat) for e in events] for events in passed]
            assert seen[0] == seen[1], "a pass says nothing of a redraw chance"
        turn = [e for e in passed[0] if isinstance(e, TurnChanged)]
        assert [str(e.reason) for e in turn] == ["the next player"]


def test_pa_r14_the_play_before_the_finishing_step_shows_the_same_events() -> None:
    seen = []
    for drawn in ("7D", "QD"):
        events = before_finishing(drawn).apply("play 1x7")
        assert any(getattr(e, "src", "") == "draw" for e in events), "the play drew a card"
        seen.append([[e.seen_by(seat) for e in events] for seat in (None, 1, 2)])
    assert seen[0] == seen[1]


def test_pa_r14_a_person_with_nothing_to_add_is_not_asked_and_one_undo_takes_both_back() -> None:
    from game.match import Match, Seat

    seen = []
    for drawn in ("7D", "QD"):
        match = Match("palace", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], 1)
        match.state = before_finishing(drawn)
        start = match.state.state_hash()
        match.play("play 1x7")
        chance = drawn == "7D"
        if chance:  # a real decision: asked, and taken back on its own
            assert match.human_to_act() == 0
            assert [str(a) for a in match.legal_actions()] == ["play 1x7", "pass"]
            match.play("pass")
        assert match.actions == [(0, "play 1x7"), (0, "pass")] and match.current_seat == 1
        seen.append(match.drain_events(1))
        match.undo()
        if chance:
            assert match.actions == [(0, "play 1x7")]
            match.undo()
        assert match.actions == [] and match.state.state_hash() == start
    assert seen[0] == seen[1], "Ben's table shows the same either way"
    assert not any(isinstance(e, Note) for e in seen[0]), "no note of a redraw chance, not even an empty one"


def test_pa_r14_the_only_choice_without_a_match_is_marked_automatic() -> None:
    chance, none = finishing_pair()
    assert chance.automatic_action() is None and str(none.automatic_action()) == "pass"
    assert position(hands=[["7C"], ["4C"], ["6D"]]).automatic_action() is None
    with pytest.raises(IllegalAction, match="no 7 came with the draw: 'pass' finishes the turn"):
        none.apply("play 1x7")


def test_pa_r14_no_finishing_step_without_a_draw_or_with_redraw_off() -> None:
    no_draw = position(hands=[["7C", "9C", "JC", "KC"], ["4C"], ["6D"]], draw=["7D"])
    no_draw.apply("play 1x7")  # three cards left in the hand: nothing is drawn
    assert no_draw.phase == "play" and no_draw.current_player == 1
    off = position(hands=[["7C", "9C", "JC"], ["4C"], ["6D"]], draw=["QD"], options={"redraw": False})
    off.apply("play 1x7")
    assert off.phase == "play" and off.current_player == 1


def test_pa_r14_a_finishing_step_needs_drawn_cards_in_the_hand() -> None:
    chance, _ = finishing_pair()
    data = chance.to_dict()
    with pytest.raises(BadSetup, match="finishing step"):
        GAME.state_from_dict(dict(data, fresh=[]))
    with pytest.raises(BadSetup, match="finishing step"):
        GAME.state_from_dict(dict(data, options=dict(data["options"], redraw=False)))
    assert GAME.state_from_dict(data).state_hash() == chance.state_hash()


def test_pa_r14_a_resumed_game_takes_the_automatic_pass_back_with_the_play_before_it(tmp_path) -> None:
    from game.match import Match, Seat

    path = tmp_path / "palace.jsonl"
    match = Match("palace", [Seat("Anna"), Seat.ai("Ben", "random")], 3, autosave=path)
    for _ in range(500):
        if match.human_to_act() is None:
            match.step_bot()
            continue
        before = len(match.actions)
        legal = [str(a) for a in match.legal_actions()]
        action = "ready" if "ready" in legal else legal[0]
        match.play(action)
        if action != "pass" and match.actions[before + 1:before + 2] == [(0, "pass")]:
            break
    else:
        pytest.fail("Anna never drew without a card to add")
    resumed = Match.resume(path)
    assert resumed.actions == match.actions
    resumed.undo()
    assert resumed.actions == match.actions[:before], "the play and its automatic pass went back together"


def test_pa_r14_hard_answers_the_finishing_step_at_once_as_the_heuristic_does() -> None:
    # The search would think about a second over a real choice and not at all over a lone pass: that
    # time alone would tell the table that a drawn card matched.
    from game.ai import make_bot
    from game.ai.base import Decision
    from game.core import Rng

    chance, _ = finishing_pair()
    hard, heuristic = make_bot("palace", "hard"), make_bot("palace", "heuristic")
    decision = Decision.of(chance, 0)
    chosen = hard.choose(decision, Rng(5))
    assert hard.last_iterations == 0, "no deal was searched"
    assert chosen == heuristic.choose(decision, Rng(5))
    played = make_bot("palace", "hard")
    played.choose(Decision.of(position(hands=[["7C", "8C"], ["4C"], ["6D"]]), 0), Rng(5))
    assert played.last_iterations > 0, "a real play is still searched"
