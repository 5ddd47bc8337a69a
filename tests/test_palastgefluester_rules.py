"""Palastgeflüster rulings PG-R1..PG-R12 from hand-made positions, plus knowledge and refusals.

Cards are written "<Person>/<colour>"; seat 0 is red, 1 blue, 2 yellow, 3 green, 4 purple.
`table(...)` builds a position: hands shorter than 6 - display are filled with spare cards, so each
test names only the cards it is about.
"""

from __future__ import annotations

import contextlib
from collections import Counter

import pytest

import game
from game.core import BadSetup, CardMoved, CardsRevealed, IllegalAction, Rng, RoundEnded, Shuffled
from game.palastgefluester.cards import BROWN, COLOURS, KING_PERSONS, PERSONS, card_colour, deck
from game.palastgefluester.position import position

PG = game.load("palastgefluester")


def table(hands, displays=None, *, fill=True, **kw):
    """A position whose hands are topped up with spare cards that need no decision."""
    return position(hands, displays, fill=fill, **kw)


def texts(state):
    return [str(a) for a in state.legal_actions()]


def check_r9(state):
    for seat in range(state.num_players):
        assert len(state.hands[seat]) + len(state.displays[seat]) == 6, seat


def run(state, *actions):
    events = []
    for a in actions:
        events += state.apply(a)
        check_r9(state)
    return events


def refused(state, text, fragment):
    before = state.state_hash()
    with pytest.raises(IllegalAction) as info:
        state.apply(text)
    assert fragment in str(info.value), str(info.value)
    assert state.state_hash() == before


# -- PG-R1 ---------------------------------------------------------------------------------------
def test_pg_r1_deck_has_the_seated_colours_and_fourteen_brown_cards():
    for players in (3, 4, 5):
        cards = deck(players)
        assert len(cards) == 7 * players + 14
        colours = Counter(card_colour(c) for c in cards)
        assert colours == Counter({**{c: 7 for c in COLOURS[:players]}, BROWN: 14})
        assert Counter(c.split("/")[0] for c in cards) == Counter({p.id: players + 2 for p in PERSONS})
        state = PG.new_state(players, seed=players)
        dealt = [c for h in state.hands for c in h] + state.draw
        assert Counter(dealt) == Counter(cards)
    assert [p.id for p in PERSONS] == ["Hofmarschall", "Schatzmeister", "Zauberer", "Zofe", "Mundschenk",
                                       "Waechter", "Hofnarr"]


# -- PG-R2 ---------------------------------------------------------------------------------------
def test_pg_r2_king_cards_are_shuffled_once_and_none_is_revealed_at_the_start():
    orders = set()
    for seed in range(12):
        state = PG.new_state(3, seed)
        assert sorted(state.king_stack) == sorted(KING_PERSONS)
        assert "Hofmarschall" not in state.king_stack
        obs = state.observation(0)
        assert obs["king_current"] is None and obs["king_revealed"] == [] and obs["king_stack_count"] == 6
        orders.add(tuple(state.king_stack))
    assert len(orders) > 1


def test_pg_r2_king_cards_stay_between_rounds():
    state = table([["Zofe/brown"], [], []], [["Zofe/red"], [], []],
                  king_revealed=["Waechter", "Zofe"], king_stack=["Hofnarr", "Zauberer", "Mundschenk",
                                                                  "Schatzmeister"])
    run(state, "play Zofe/brown")
    assert state.round == 2
    assert state.king_revealed == ["Waechter", "Zofe"]
    assert state.king_stack == ["Hofnarr", "Zauberer", "Mundschenk", "Schatzmeister"]


def test_pg_r2_no_king_card_can_block_the_hofmarschall():
    assert "Hofmarschall" not in KING_PERSONS and len(KING_PERSONS) == 6
    with pytest.raises(BadSetup, match="no Hofmarschall"):
        table([[], [], []], king_revealed=["Hofmarschall"])
    with pytest.raises(BadSetup, match="no Hofmarschall"):
        table([[], [], []], king_stack=["Hofmarschall", *KING_PERSONS[1:]], king_revealed=[KING_PERSONS[0]])
    for current in KING_PERSONS:  # whatever the King card shows, the Hofmarschall acts
        state = table([["Hofmarschall/red"], [], []], king_revealed=[current])
        top = state.king_stack[-1]
        run(state, "play Hofmarschall/red")
        assert state.king_current == top


# -- PG-R3 ---------------------------------------------------------------------------------------
def test_pg_r3_six_cards_each_the_rest_is_the_draw_pile_and_the_start_player_is_random():
    starters = set()
    for seed in range(40):
        players = 3 + seed % 3
        state = PG.new_state(players, seed)
        assert all(len(h) == 6 for h in state.hands) and all(d == [] for d in state.displays)
        assert len(state.draw) == 7 * players + 14 - 6 * players and state.discard == []
        starters.add((players, state.current_player))
    assert {s for p, s in starters if p == 3} == {0, 1, 2}


# -- PG-R4 ---------------------------------------------------------------------------------------
def test_pg_r4_the_player_must_play_a_hand_card_and_may_play_a_double():
    hand = ["Zofe/brown", "Zofe/brown", "Hofnarr/red", "Zauberer/blue", "Mundschenk/red"]
    state = table([hand, [], []], [["Zofe/red"], [], []])
    assert texts(state) == ["play Hofnarr/red", "play Mundschenk/red", "play Zauberer/blue",
                            "play Zofe/brown"]
    run(state, "play Zofe/brown")  # legal, just bad: a Palastgeflüster
    assert state.points == [0, 1, 1]


# -- PG-R5 ---------------------------------------------------------------------------------------
def test_pg_r5a_a_double_ends_the_round_others_score_and_the_action_is_skipped():
    state = table([["Zofe/brown"], [], []], [["Zofe/red", "Hofnarr/red"], [], []], plays=2)
    events = run(state, "play Zofe/brown")
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert [(e.reason, e.scorers) for e in ended] == [("double", (1, 2))]
    assert state.points == [0, 1, 1]
    assert state.phase == "play" and state.round == 2 and state.current_player == 0
    assert not any(isinstance(e, CardMoved) and e.dst == "discard" for e in events)
    assert state.observation(1)["last_round"]["reason"] == "double"


def test_pg_r5b_six_different_persons_score_for_the_player_alone():
    display = ["Hofmarschall/red", "Schatzmeister/red", "Zauberer/red", "Zofe/red", "Mundschenk/red"]
    state = table([["Waechter/red"], [], []], [display, [], []])
    events = run(state, "play Waechter/red")
    assert [(e.reason, e.scorers) for e in events if isinstance(e, RoundEnded)] == [("six", (0,))]
    assert state.points == [1, 0, 0]
    assert state.phase == "play"  # the Wächter's take-back did not happen: a new round began


def test_pg_r5c_the_hofnarr_under_the_hofnarr_king_card_ends_the_round():
    state = table([["Hofnarr/red"], [], []], [["Zofe/red"], [], []], king_revealed=["Hofnarr"])
    events = run(state, "play Hofnarr/red")
    assert [(e.reason, e.scorers) for e in events if isinstance(e, RoundEnded)] == [("hofnarr", (1, 2))]
    assert state.points == [0, 1, 1]
    # under another King card the Hofnarr is harmless
    calm = table([["Hofnarr/red"], [], []], [["Zofe/red"], [], []], king_revealed=["Hofnarr", "Zofe"])
    run(calm, "play Hofnarr/red")
    assert calm.points == [0, 0, 0] and calm.round == 1


def test_pg_r5c_goes_before_six_different():
    display = ["Hofmarschall/red", "Schatzmeister/red", "Zauberer/red", "Zofe/red", "Mundschenk/red"]
    state = table([["Hofnarr/red"], [], []], [display, [], []], king_revealed=["Hofnarr"])
    events = run(state, "play Hofnarr/red")
    assert [(e.reason, e.scorers) for e in events if isinstance(e, RoundEnded)] == [("hofnarr", (1, 2))]
    assert state.points == [0, 1, 1]


def test_pg_r5_the_round_ending_card_does_not_act():
    display = ["Waechter/red", "Schatzmeister/red", "Zauberer/red", "Zofe/red", "Mundschenk/red"]
    state = table([["Hofmarschall/red"], [], []], [display, [], []])
    stack = list(state.king_stack)
    run(state, "play Hofmarschall/red")
    assert state.points == [1, 0, 0]
    assert state.king_stack == stack and state.king_revealed == []


# -- PG-R6 ---------------------------------------------------------------------------------------
def test_pg_r6_the_current_king_card_blocks_its_person_for_every_player():
    state = table([["Zofe/blue"], ["Zofe/yellow"], []], king_revealed=["Zauberer", "Zofe"])
    run(state, "play Zofe/blue")
    assert state.phase == "play" and state.current_player == 1  # no discard: straight to blue
    run(state, "play Zofe/yellow")
    assert state.phase == "play" and state.current_player == 2
    assert state.observation(0)["blocked"] == "Zofe"


def test_pg_r6_an_earlier_king_card_no_longer_blocks():
    state = table([["Zauberer/red"], [], []], king_revealed=["Zauberer", "Zofe"])
    run(state, "play Zauberer/red")
    assert state.phase == "zauberer_target"


# -- PG-R7 ---------------------------------------------------------------------------------------
def test_pg_r7_hofmarschall_reveals_the_top_king_card():
    state = table([["Hofmarschall/red"], [], []], king_stack=["Zofe", "Hofnarr", "Zauberer", "Mundschenk",
                                                               "Waechter", "Schatzmeister"])
    events = run(state, "play Hofmarschall/red")
    assert state.king_revealed == ["Schatzmeister"] and state.king_current == "Schatzmeister"
    assert len(state.king_stack) == 5
    revealed = [e.card for e in events if isinstance(e, CardMoved) and e.src == "king_stack"]
    assert revealed == ["Schatzmeister"]


def test_pg_r7_hofmarschall_reshuffles_the_empty_king_stack_and_reveals_one():
    state = table([["Hofmarschall/red"], [], []], king_revealed=list(KING_PERSONS), king_stack=[])
    events = run(state, "play Hofmarschall/red")
    assert any(isinstance(e, Shuffled) and e.zone == "king_stack" and e.count == 6 for e in events)
    assert len(state.king_revealed) == 1 and len(state.king_stack) == 5
    assert sorted(state.king_stack + state.king_revealed) == sorted(KING_PERSONS)


def test_pg_r7_schatzmeister_shows_the_hand_to_all():
    hand = ["Schatzmeister/red", "Zofe/brown", "Hofnarr/red", "Zauberer/yellow", "Waechter/red", "Zofe/red"]
    state = table([hand, [], []], fill=True)
    events = run(state, "play Schatzmeister/red")
    shown = sorted(hand[1:])
    assert [e.cards for e in events if isinstance(e, CardsRevealed)] == [tuple(shown)]
    for seat in (1, 2, None):
        assert state.observation(seat)["known_cards"]["0"] == shown
    assert "0" not in state.observation(0)["known_cards"]
    assert state.observation(0)["known_by_others"] == {"1": shown, "2": shown}


def test_pg_r7_zauberer_both_choose_hidden_then_swap():
    red = ["Zauberer/red", "Zofe/red", "Hofnarr/red", "Waechter/red"]
    blue = ["Zofe/blue", "Hofnarr/blue", "Mundschenk/blue", "Waechter/blue"]
    state = table([red, blue, []], [["Schatzmeister/red", "Hofmarschall/red"],
                                    ["Schatzmeister/blue", "Hofmarschall/blue"], []], fill=True)
    run(state, "play Zauberer/red")
    assert texts(state) == ["target 1", "target 2"]
    run(state, "target 1")
    assert texts(state) == ["count 1", "count 2", "count 3"]  # min(3 own, 4 blue's)
    run(state, "count 2", "give Zofe/red")
    assert "give Zofe/red" not in texts(state)
    assert state.observation(0)["zauberer"]["chosen"] == ["Zofe/red"]
    blue_view = state.observation(1)["zauberer"]
    assert blue_view["chosen"] == [] and blue_view["chosen_count"] == 1
    run(state, "give Hofnarr/red")
    assert state.phase == "zauberer_answer" and state.current_player == 1 and state.turn == 0
    run(state, "give Mundschenk/blue")
    assert state.observation(0)["zauberer"]["answer_count"] == 1
    assert state.observation(0)["zauberer"]["chosen"] == ["Hofnarr/red", "Zofe/red"]
    events = run(state, "give Waechter/blue")
    assert sorted(state.hands[0]) == ["Mundschenk/blue", "Waechter/blue", "Waechter/red"]
    assert sorted(state.hands[1]) == ["Hofnarr/blue", "Hofnarr/red", "Zofe/blue", "Zofe/red"]
    moved = [e for e in events if isinstance(e, CardMoved)]
    assert len(moved) == 4 and all(e.visible_to == frozenset({0, 1}) for e in moved)
    assert all(e.seen_by(2).card is None for e in moved)
    assert state.observation(0)["known_cards"] == {"1": ["Hofnarr/red", "Zofe/red"]}
    assert state.observation(1)["known_cards"] == {"0": ["Mundschenk/blue", "Waechter/blue"]}
    assert state.observation(2)["known_cards"] == {}
    assert state.phase == "play" and state.current_player == 0  # a red card: red plays again


def test_pg_r7_zauberer_with_one_card_left_swaps_one():
    state = table([["Zauberer/red", "Zofe/red"], [], []],
                  [["Schatzmeister/red", "Hofmarschall/red", "Hofnarr/red", "Waechter/red"], [], []])
    run(state, "play Zauberer/red", "target 2")
    assert texts(state) == ["count 1"]
    run(state, "count 1")
    assert texts(state) == ["give Zofe/red"]
    run(state, "give Zofe/red")
    answer = texts(state)[0]
    run(state, answer)
    assert state.hands[0] == [answer.split()[1]] and "Zofe/red" in state.hands[2]


def test_pg_r7_zofe_discards_face_down_and_draws():
    state = table([["Zofe/red", "Hofnarr/red"], [], []], draw=None)
    top = state.draw[-1]
    events = run(state, "play Zofe/red", "discard Hofnarr/red")
    assert state.discard == ["Hofnarr/red"] and top in state.hands[0]
    assert state.observation(0)["known_discards"] == ["Hofnarr/red"]
    assert state.observation(1)["known_discards"] == []
    discarded = [e for e in events if isinstance(e, CardMoved) and e.dst == "discard"]
    assert discarded[0].seen_by(1).card is None and discarded[0].seen_by(0).card == "Hofnarr/red"


def test_pg_r7_zofe_with_an_empty_draw_pile_shuffles_the_discard_pile_first():
    hands = [["Zofe/red", "Hofnarr/red"], [], []]
    filled = table(hands)
    rest = list(filled.draw)
    state = table(hands, draw=[], discard=rest)
    events = run(state, "play Zofe/red", "discard Hofnarr/red")
    assert any(isinstance(e, Shuffled) and e.zone == "draw" for e in events)
    assert state.discard == [] and len(state.draw) == len(rest)
    assert Counter(state.draw + state.hands[0]) == Counter(rest + filled.hands[0][1:])


def test_pg_r7_mundschenk_has_no_action_as_first_or_second_card():
    for before in (0, 1):
        displays = [[], ["Zofe/blue"] if before else [], []]
        state = table([["Mundschenk/red"], [], []], displays, plays=before)
        run(state, "play Mundschenk/red")
        assert state.phase == "play" and state.plays == before + 1
    third = table([["Mundschenk/red"], [], []], [["Zofe/red"], ["Zofe/blue"], []], plays=2)
    run(third, "play Mundschenk/red")
    assert third.phase == "mundschenk_first"


def test_pg_r7_mundschenk_swaps_two_displays_without_doubles_and_keeps_itself():
    displays = [["Zofe/red"], ["Hofnarr/blue", "Waechter/blue"], ["Zofe/yellow", "Hofnarr/yellow"]]
    state = table([["Mundschenk/red"], [], []], displays)
    run(state, "play Mundschenk/red")
    picks = texts(state)
    assert "pick 0 Mundschenk" not in picks
    assert "pick 0 Zofe" in picks and "pick 1 Hofnarr" in picks
    run(state, "pick 0 Zofe")
    # yellow's Hofnarr may not go: red's Zofe would then lie beside yellow's Zofe
    assert texts(state) == ["swap 1 Hofnarr", "swap 1 Waechter", "swap 2 Zofe"]
    run(state, "swap 1 Waechter")
    assert state.displays[0] == ["Waechter/blue", "Mundschenk/red"]
    assert state.displays[1] == ["Hofnarr/blue", "Zofe/red"]
    assert state.phase == "play" and state.current_player == 0


def test_pg_r7_mundschenk_refuses_a_swap_that_makes_a_double():
    displays = [["Zofe/red"], ["Hofnarr/blue", "Zofe/blue"], ["Waechter/yellow"]]
    state = table([["Mundschenk/red"], [], []], displays)
    run(state, "play Mundschenk/red", "pick 1 Hofnarr")
    assert texts(state) == ["swap 2 Waechter"]  # red's Zofe would be blue's second Zofe
    refused(state, "swap 0 Zofe", "twice")


def test_pg_r7_waechter_takes_another_card_back_and_everyone_knows_it():
    state = table([["Waechter/red"], [], []], [["Zofe/red", "Hofnarr/red"], [], []])
    run(state, "play Waechter/red")
    assert texts(state) == ["take Hofnarr", "take Zofe"]
    refused(state, "take Waechter", "not itself")
    run(state, "take Zofe")
    assert state.displays[0] == ["Hofnarr/red", "Waechter/red"] and "Zofe/red" in state.hands[0]
    for seat in (1, 2, None):
        assert state.observation(seat)["known_cards"]["0"] == ["Zofe/red"]


def test_pg_r7_waechter_without_another_card_has_no_action():
    state = table([["Waechter/red"], [], []])
    run(state, "play Waechter/red")
    assert state.phase == "play" and state.current_player == 0 and state.displays[0] == ["Waechter/red"]


def test_pg_r7_hofnarr_has_no_action():
    state = table([["Hofnarr/blue"], [], []])
    run(state, "play Hofnarr/blue")
    assert state.phase == "play" and state.current_player == 1


# -- PG-R8 ---------------------------------------------------------------------------------------
def test_pg_r8_the_card_colour_names_the_next_player_possibly_the_same():
    state = table([["Hofnarr/yellow", "Hofnarr/red"], [], ["Schatzmeister/yellow"]])
    run(state, "play Hofnarr/yellow")
    assert state.current_player == 2 and "yellow card" in str(state.observation(0)["next_reason"])
    again = table([["Hofnarr/red"], [], []])
    run(again, "play Hofnarr/red")
    assert again.current_player == 0


def test_pg_r8_brown_goes_to_the_fewest_display_cards_counted_after_the_action():
    displays = [["Zofe/red"], ["Hofnarr/blue", "Zofe/blue"], ["Hofnarr/yellow", "Zofe/yellow"]]
    state = table([["Waechter/brown"], [], []], displays)
    run(state, "play Waechter/brown")  # 2 : 2 : 2 before the action ...
    run(state, "take Zofe")  # ... 1 : 2 : 2 after it
    assert state.phase == "play" and state.current_player == 0
    plain = table([["Hofnarr/brown"], [], []], [["Zofe/red"], ["Zofe/blue"], []])
    run(plain, "play Hofnarr/brown")
    assert plain.current_player == 2 and "fewest" in str(plain.observation(0)["next_reason"])


def test_pg_r8_brown_tie_is_the_players_choice_possibly_themselves():
    for chosen in (0, 1, 2):
        state = table([["Hofnarr/brown"], [], []], [[], ["Zofe/blue"], ["Zofe/yellow"]])
        run(state, "play Hofnarr/brown")
        assert state.phase == "choose_next" and state.current_player == 0
        assert texts(state) == ["next 0", "next 1", "next 2"]
        assert state.observation(1)["tie"] == [0, 1, 2]
        run(state, f"next {chosen}")
        assert state.phase == "play" and state.current_player == chosen
    partial = table([["Hofnarr/brown"], [], []], [[], ["Zofe/blue"], ["Zofe/yellow", "Hofnarr/yellow"]])
    run(partial, "play Hofnarr/brown")
    assert texts(partial) == ["next 0", "next 1"]
    refused(partial, "next 2", "tied")


# -- PG-R9 ---------------------------------------------------------------------------------------
def test_pg_r9_hand_plus_display_is_six_after_every_action():
    rng = Rng(9)
    for seed in range(6):
        state = PG.new_state(3 + seed % 3, seed)
        while not state.is_terminal():
            run(state, rng.choice(state.legal_actions()))
    with pytest.raises(BadSetup, match="PG-R9"):
        table([["Zofe/red"], [], []], [["Hofnarr/red"], [], []], fill=False)


# -- PG-R10 --------------------------------------------------------------------------------------
def test_pg_r10_a_new_round_reshuffles_every_card_and_the_ender_starts():
    state = table([[], ["Hofnarr/brown"], []], [["Zofe/red"], ["Hofnarr/blue"], []], turn=1,
                  discard=["Zofe/brown"], king_revealed=["Waechter"])
    run(state, "play Hofnarr/brown")
    assert state.round == 2 and state.current_player == 1 and state.plays == 0
    assert all(len(h) == 6 for h in state.hands) and all(d == [] for d in state.displays)
    assert state.discard == [] and len(state.draw) == 35 - 18
    assert state.king_revealed == ["Waechter"]


def test_pg_r10_deal_events_follow_the_round_end():
    state = table([[], ["Hofnarr/brown"], []], [[], ["Hofnarr/blue"], []], turn=1)
    events = run(state, "play Hofnarr/brown")
    kinds = [type(e).__name__ for e in events]
    start = kinds.index("RoundEnded")
    assert kinds.index("Shuffled") > start
    deals = [e for e in events if isinstance(e, CardMoved) and e.src == "draw"]
    assert len(deals) == 18 and all(e.visible_to == frozenset({int(e.dst[5:])}) for e in deals)
    assert Counter(e.card for e in deals) == Counter(c for h in state.hands for c in h)


def test_knowledge_resets_at_a_new_round():
    state = table([["Schatzmeister/blue", "Hofnarr/blue"], ["Zofe/brown"], []], [[], ["Zofe/blue"], []])
    run(state, "play Schatzmeister/blue")
    assert state.observation(1)["known_cards"]
    run(state, "play Zofe/brown")
    assert state.round == 2
    assert all(not state.observation(s)["known_cards"] for s in range(3))


# -- PG-R11 --------------------------------------------------------------------------------------
def test_pg_r11_the_game_ends_at_six_five_four_points():
    for players, target in ((3, 6), (4, 5), (5, 4)):
        hands = [["Waechter/red"]] + [[] for _ in range(players - 1)]
        displays = [["Hofmarschall/red", "Schatzmeister/red", "Zauberer/red", "Zofe/red", "Mundschenk/red"]]
        displays += [[] for _ in range(players - 1)]
        points = [target - 1] + [0] * (players - 1)
        state = table(hands, displays, points=points)
        assert state.observation(0)["target"] == target
        events = run(state, "play Waechter/red")
        assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
        assert state.winners() == [0] and state.scores()[0] == target
        assert "Seat 1 reached" in str(state.result_text())
        assert state.observation(1)["result"] == state.result_text()
        assert type(events[-1]).__name__ == "GameEnded"


def test_pg_r11_several_at_once_more_display_cards_wins():
    state = table([["Zofe/brown"], [], []], [["Zofe/red"], ["Hofnarr/blue", "Waechter/blue", "Zauberer/blue"],
                                             ["Hofnarr/yellow"]], points=[0, 5, 5])
    run(state, "play Zofe/brown")
    assert state.points == [0, 6, 6] and state.winners() == [1]
    assert "more cards in the display" in str(state.result_text())


def test_pg_r11_still_tied_is_a_shared_win():
    state = table([["Zofe/brown"], [], []], [["Zofe/red"], ["Hofnarr/blue"], ["Hofnarr/yellow"]],
                  points=[0, 5, 5])
    run(state, "play Zofe/brown")
    assert state.winners() == [1, 2] and "share the win" in str(state.result_text())


# -- PG-R12 --------------------------------------------------------------------------------------
def test_pg_r12_noted_counts_every_display_but_the_causer_notes_nothing():
    displays = [["Zofe/red", "Hofnarr/red"], ["Hofnarr/blue", "Waechter/blue"], ["Zauberer/yellow"]]
    state = table([["Zofe/brown"], [], []], displays, scoring="noted", noted=[1, 2, 3])
    run(state, "play Zofe/brown")
    assert state.noted == [1, 4, 4] and state.observation(0)["noted"] == [1, 4, 4]
    base = table([["Zofe/brown"], [], []], displays)
    run(base, "play Zofe/brown")
    assert base.noted == [0, 0, 0]
    six = table([["Waechter/red"], [], []], [["Hofmarschall/red", "Schatzmeister/red", "Zauberer/red",
                                              "Zofe/red", "Mundschenk/red"], ["Hofnarr/blue"], []],
                scoring="noted")
    run(six, "play Waechter/red")
    assert six.noted == [6, 1, 0]


def test_pg_r12_noted_breaks_a_final_tie_then_it_is_shared():
    displays = [["Zofe/red"], ["Hofnarr/blue", "Waechter/blue", "Zauberer/blue"], ["Hofnarr/yellow"]]
    state = table([["Zofe/brown"], [], []], displays, points=[0, 5, 5], scoring="noted", noted=[0, 10, 13])
    run(state, "play Zofe/brown")
    assert state.noted == [0, 13, 14] and state.winners() == [2]  # fewer display cards, higher noted total
    assert "noted total" in str(state.result_text())
    shared = table([["Zofe/brown"], [], []], displays, points=[0, 5, 5], scoring="noted", noted=[0, 10, 12])
    run(shared, "play Zofe/brown")
    assert shared.winners() == [1, 2]


def test_scoring_option_is_offered_with_words():
    option = PG.options["scoring"]
    assert option.default == "base" and option.choices == ("base", "noted") and option.label == "Scoring"
    assert "noted" in option.help and "display" in option.help
    with pytest.raises(BadSetup):
        PG.new_state(3, 1, {"scoring": "fancy"})
    with pytest.raises(BadSetup):
        PG.new_state(2, 1)


# -- refusals ------------------------------------------------------------------------------------
def test_illegal_actions_of_every_kind_are_refused_and_change_nothing():
    state = table([["Zauberer/red", "Zofe/red"], [], []], [["Hofnarr/red"], [], []])
    refused(state, "frobnicate", "not a Palastgeflüster action")
    refused(state, "play", "write play <card>")
    refused(state, "play Mundschenk/red", "no Cupbearer (red) in hand")
    refused(state, "target 1", "must play a card")
    refused(state, "play 3", "write play")
    run(state, "play Zauberer/red")
    refused(state, "target 0", "not with oneself")
    refused(state, "target 7", "no seat 7")
    refused(state, "play Zofe/red", "choose who swaps")
    run(state, "target 1")
    refused(state, "count 0", "from 1 to 4")
    refused(state, "count 5", "from 1 to 4")
    run(state, "count 1")
    refused(state, "give Zofe/blue", "no Maid (blue) in hand")
    refused(state, "discard Zofe/red", "choose a card to give")

    zofe = table([["Zofe/red"], [], []])
    run(zofe, "play Zofe/red")
    refused(zofe, f"discard {'Zofe/yellow'}", "no Maid (yellow) in hand")

    mund = table([["Mundschenk/red"], [], []], [["Zofe/red"], ["Hofnarr/blue", "Zofe/blue"], []])
    run(mund, "play Mundschenk/red")
    refused(mund, "pick 0 Mundschenk", "just played")
    refused(mund, "pick 2 Zofe", "no Maid in Seat 3's display")
    refused(mund, "pick 1 Einhorn", "no person")
    run(mund, "pick 1 Zofe")
    refused(mund, "swap 1 Hofnarr", "two different displays")
    refused(mund, "take Zofe", "second card of the Cupbearer's swap")

    tie = table([["Hofnarr/brown"], [], []], [[], ["Zofe/blue"], ["Zofe/yellow", "Hofnarr/yellow"]])
    run(tie, "play Hofnarr/brown")
    refused(tie, "next 2", "tied")
    refused(tie, "next x", "write next <seat>")

    over = table([["Waechter/red"], [], []], [["Hofmarschall/red", "Schatzmeister/red", "Zauberer/red",
                                               "Zofe/red", "Mundschenk/red"], [], []], points=[5, 0, 0])
    run(over, "play Waechter/red")
    refused(over, "play Zofe/blue", "game is over")


def test_bad_positions_are_refused_with_reasons():
    good = table([[], [], []]).to_dict()
    h = good["hands"]
    for change, fragment in [
        ({"hands": [h[0][1:], h[1] + h[0][:1], h[2]]}, "PG-R9"),
        ({"phase": "dancing"}, "unknown phase"),
        ({"draw": good["draw"][:-1]}, "not conserved"),
        ({"players": 6}, "3 to 5 players"),
        ({"turn": None}, "turn player"),
        ({"points": [0, 0]}, "one entry per seat"),
    ]:
        with pytest.raises(BadSetup, match=fragment):
            PG.state_from_dict({**good, **change})
    with pytest.raises(BadSetup, match="Palastgeflüster|palastgefluester"):
        PG.state_from_dict({**good, "game": "palace"})


def junk_test_positions():
    zauberer = table([["Zauberer/red"], [], []], [["Zofe/red"], ["Zofe/blue"], []])
    run(zauberer, "play Zauberer/red", "target 1", "count 2")
    run(zauberer, "give " + zauberer.hands[0][0])
    mund = table([["Mundschenk/red"], [], []], [["Zofe/red"], ["Hofnarr/blue", "Zofe/blue"], []])
    run(mund, "play Mundschenk/red", "pick 1 Zofe")
    tie = table([["Hofnarr/brown"], [], []], [[], ["Zofe/blue"], ["Zofe/yellow"]])
    run(tie, "play Hofnarr/brown")
    over = table([["Zofe/brown"], [], []], [["Zofe/red"], ["Hofnarr/blue"], ["Hofnarr/yellow"]],
                 points=[0, 5, 5])
    run(over, "play Zofe/brown")
    return [zauberer, mund, tie, over]


def test_junk_in_any_field_of_a_position_is_a_bad_setup():
    junk_values = [None, "x", -1, 7, True, [], [1, 2], [None, "Zofe/red"], {"a": 1}, [[]] * 3]
    for state in junk_test_positions():
        good = state.to_dict()
        assert PG.state_from_dict(good).state_hash() == state.state_hash()
        for key in good:
            for junk in junk_values:
                with contextlib.suppress(BadSetup):
                    PG.state_from_dict({**good, key: junk})
            for sub in good[key] if isinstance(good[key], dict) else ():
                for junk in junk_values:
                    with contextlib.suppress(BadSetup):
                        PG.state_from_dict({**good, key: {**good[key], sub: junk}})
