"""Palastgeflüster knowledge of other hands (PG-R7): what a seat's observation says it knows is always
true, keeps whatever is still certain when cards leave a shown hand unseen, gains what an exchange
makes certain, and every determinized state agrees with it.

Cards are written "<Person>/<colour>"; seat 0 is red, 1 blue, 2 yellow. The exact knowledge after
every event of random play is checked against an independent reckoning in
`test_palastgefluester_random.py`; here are the cases a player would name, and soundness at scale.
"""

from __future__ import annotations

from collections import Counter

import game
from game.core import Rng
from game.palastgefluester.multiset import contains
from game.palastgefluester.position import position

PG = game.load("palastgefluester")


def run(state, *actions):
    for action in actions:
        state.apply(action)


def known(state, seat, owner):
    return state.observation(seat)["known_cards"].get(str(owner), [])


def drawn_hands(state, seat, count=12):
    return [state.determinize(seat, Rng(k)).hands for k in range(count)]


# -- a shown hand loses cards in sight -----------------------------------------------------------
def test_pg_r7_a_played_known_card_drops_one_copy():
    hand = ["Schatzmeister/red", "Hofnarr/brown", "Hofnarr/brown", "Hofnarr/red"]
    state = position([hand, [], []], fill=True)
    run(state, "play Schatzmeister/red")
    assert known(state, 1, 0).count("Hofnarr/brown") == 2
    run(state, "play Hofnarr/brown")
    assert known(state, 1, 0).count("Hofnarr/brown") == 1


def test_pg_r7_the_zauberer_receiver_knows_the_rest_of_the_shown_hand_and_what_it_gave():
    state = position([["Schatzmeister/red", "Zauberer/red", "Hofnarr/red", "Zofe/red"], [], []],
                     [["Hofmarschall/red", "Mundschenk/red"], [], []], fill=True)
    run(state, "play Schatzmeister/red", "play Zauberer/red", "target 1", "count 1", "give Hofnarr/red")
    answer = str(state.legal_actions()[0]).split()[1]
    run(state, f"give {answer}")
    assert known(state, 1, 0) == sorted(["Zofe/red", answer])


# -- a shown hand loses cards unseen -------------------------------------------------------------
SHOWN = ["Schatzmeister/red", "Zofe/red", "Waechter/brown", "Waechter/brown", "Hofnarr/red", "Zauberer/red"]


def test_pg_r7_two_brown_copies_one_discarded_face_down_leaves_the_other_known():
    state = position([SHOWN, [], []], fill=True)
    run(state, "play Schatzmeister/red")  # red plays again
    assert known(state, 1, 0) == ["Hofnarr/red", "Waechter/brown", "Waechter/brown", "Zauberer/red",
                                  "Zofe/red"]
    run(state, "play Zofe/red", "discard Waechter/brown")
    for seat in (1, 2, None):
        assert known(state, seat, 0) == ["Waechter/brown"], seat
    assert state.observation(0)["known_by_others"] == {"1": ["Waechter/brown"], "2": ["Waechter/brown"]}
    assert state.hands[0].count("Waechter/brown") == 1
    for hands in drawn_hands(state, 1):
        assert "Waechter/brown" in hands[0]


def test_pg_r7_what_the_others_know_does_not_depend_on_which_card_was_discarded():
    views = []
    for discarded in ("Waechter/brown", "Hofnarr/red", "Zauberer/red"):
        state = position([SHOWN, [], []], fill=True)
        run(state, "play Schatzmeister/red", "play Zofe/red", f"discard {discarded}")
        views.append([known(state, seat, 0) for seat in (1, 2, None)])
        assert known(state, 1, 0) == ["Waechter/brown"]
        assert contains(state.hands[0], known(state, 1, 0))
    assert views[0] == views[1] == views[2]


def test_pg_r7_a_single_copy_that_may_have_been_discarded_is_no_longer_known():
    state = position([["Schatzmeister/red", "Zofe/red", "Hofnarr/red", "Zauberer/red"], [], []], fill=True)
    run(state, "play Schatzmeister/red")
    shown = known(state, 1, 0)
    assert Counter(shown)["Hofnarr/brown"] == 2  # the filler cards: the two brown Hofnarr
    run(state, "play Zofe/red", "discard Zauberer/red")
    assert known(state, 1, 0) == ["Hofnarr/brown"]  # every single card may be the one that went
    assert known(state, None, 0) == ["Hofnarr/brown"]


# -- a Zauberer exchange -------------------------------------------------------------------------
def test_pg_r7_zauberer_exchange_each_side_knows_what_it_saw_and_a_third_keeps_what_is_certain():
    hand = ["Schatzmeister/red", "Zauberer/red", "Hofnarr/brown", "Hofnarr/brown", "Waechter/red"]
    state = position([hand, ["Zofe/blue", "Mundschenk/blue"], []], [["Hofmarschall/red"], [], []],
                     fill=True)
    run(state, "play Schatzmeister/red", "play Zauberer/red", "target 1", "count 1", "give Waechter/red")
    run(state, "give Zofe/blue")
    assert sorted(state.hands[0]) == ["Hofnarr/brown", "Hofnarr/brown", "Zofe/blue"]
    # the giver knows where its card is now; the receiver knows what it got and what it gave
    assert known(state, 0, 1) == ["Waechter/red"]
    assert known(state, 1, 0) == ["Hofnarr/brown", "Hofnarr/brown", "Zofe/blue"]
    # yellow saw one card go each way: one of the two brown Hofnarr must still be there
    assert known(state, 2, 0) == ["Hofnarr/brown"]
    assert known(state, None, 0) == ["Hofnarr/brown"]
    assert known(state, 2, 1) == []
    for seat in (1, 2):
        for hands in drawn_hands(state, seat):
            assert contains(hands[0], known(state, seat, 0))


def test_pg_r7_zauberer_taking_a_whole_known_hand_makes_those_cards_known_in_the_other_hand():
    blue = ["Schatzmeister/brown", "Hofnarr/blue", "Zofe/blue"]
    displays = [[], ["Hofmarschall/blue", "Mundschenk/blue", "Waechter/blue"], ["Hofmarschall/yellow"]]
    state = position([["Zauberer/red", "Zofe/red", "Waechter/red"], blue, []], displays, turn=1, fill=True)
    run(state, "play Schatzmeister/brown")  # brown: red has the fewest cards in display and plays next
    assert known(state, 2, 1) == ["Hofnarr/blue", "Zofe/blue"] and state.current_player == 0
    run(state, "play Zauberer/red", "target 1", "count 2", "give Zofe/red", "give Waechter/red")
    run(state, "give Hofnarr/blue", "give Zofe/blue")  # blue's whole hand
    # yellow knows both blue cards went to red, and nothing certain of blue's hand
    assert known(state, 2, 0) == ["Hofnarr/blue", "Zofe/blue"]
    assert known(state, None, 0) == ["Hofnarr/blue", "Zofe/blue"]
    assert known(state, 2, 1) == []
    assert known(state, 0, 1) == ["Waechter/red", "Zofe/red"]
    for hands in drawn_hands(state, 2):
        assert contains(hands[0], ["Hofnarr/blue", "Zofe/blue"])


# -- soundness in random play --------------------------------------------------------------------
def check_sound(state) -> None:
    """Every card any observation claims in a hand is there, and a re-dealt state keeps it."""
    n = state.num_players
    for seat in [None, *range(n)]:
        obs = state.observation(seat)
        for owner, cards in obs["known_cards"].items():
            assert contains(state.hands[int(owner)], cards), (seat, owner, cards)
        for owner, cards in obs["public_known"].items():
            assert contains(state.hands[int(owner)], cards), (owner, cards)
        for cards in obs["known_by_others"].values():
            assert contains(state.hands[seat], cards)


def check_determinized(state, seat: int, rng_seed: int) -> None:
    obs = state.observation(seat)
    drawn = state.determinize(seat, Rng(rng_seed))
    assert drawn.observation(seat) == obs
    for owner, cards in obs["known_cards"].items():
        assert contains(drawn.hands[int(owner)], cards)
    check_sound(drawn)  # the other seats' knowledge in the re-dealt state holds too
    PG.state_from_dict(drawn.to_dict())  # and passes the knowledge checks of a loaded position


def test_pg_r7_knowledge_is_never_wrong_and_determinize_respects_it_over_200_random_games():
    kept_after_unseen = 0
    for seed in range(200):
        players = 3 + seed % 3
        state = PG.new_state(players, 7000 + seed, {"scoring": ("base", "noted")[seed % 2]})
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            before = [[list(k) for k in row] for row in state.known]
            action = rng.choice(state.legal_actions())
            unseen_by = _unseen_loss(state, action)
            state.apply(action)
            steps += 1
            check_sound(state)
            for observer, owner in unseen_by:
                if observer != owner and before[observer][owner] and state.known[observer][owner]:
                    kept_after_unseen += 1
            if steps % 7 == 0 and state.current_player is not None:
                check_determinized(state, (state.current_player + steps) % players, seed * 1000 + steps)
    assert kept_after_unseen > 50  # the rule is exercised, not only the empty case


def _unseen_loss(state, action) -> list[tuple[int, int]]:
    """(observer, owner) pairs for which `action` makes cards leave owner's hand unseen by observer."""
    n = state.num_players
    if action.kind == "discard":
        return [(o, state.turn) for o in range(n)]
    z = state.zauberer
    if action.kind == "give" and z is not None and state.phase == "zauberer_answer" \
            and len(z.answer) + 1 == z.count:
        return [(o, w) for o in range(n) if o not in (z.initiator, z.target) for w in (z.initiator, z.target)]
    return []
