"""The 3 Chapters heuristic bot plays with intent: it wins with trick-winner cards, ducks when winning
would cost it, and drafts toward the cards its collection rewards."""

from __future__ import annotations

import game
from game.ai import Decision, make_bot
from game.core import Rng
from tests.test_three_chapters_rules import table

GAME = game.load("three_chapters")


def choice(state):
    seat = state.current_player
    return make_bot("three_chapters", "heuristic").choose(Decision.of(state, seat), Rng(0))


def test_last_to_play_it_wins_with_the_troll_for_two_stars():
    # Seat 2 plays last against 30 and 12: the Troll (44) wins; 2 (Hänsel) would only lose.
    state = table([[30, 3], [12, 5], [44, 2]], leader=0)
    state.apply("play 30")
    state.apply("play 12")
    assert str(choice(state)) == "play 44"


def test_it_ducks_when_a_won_trick_would_cost_the_friedlicher_zwerg():
    # No trick won yet and the Friedlicher Zwerg (2 stars for no trick) lies in front of seat 2.
    state = table([[30, 3], [12, 5], [44, 2]], [[], [], [7]], leader=0)
    state.apply("play 30")
    state.apply("play 12")
    assert str(choice(state)) == "play 2"


def test_it_plays_a_loser_card_into_a_trick_it_cannot_win():
    # Seat 1 cannot beat the 50: Kobold (2 hearts if it loses) rather than the Vampir (45).
    state = table([[50, 3], [26, 45], [10, 11]], leader=0)
    state.apply("play 50")
    assert str(choice(state)) == "play 26"


def draft_position(kept):
    packet = [3, 24, 29, 30, 31, 32, 33]
    other = [34, 35, 36, 37, 38, 39, 40]
    rest = [v for v in range(1, 51) if v not in (*packet, *other, kept)]
    data = GAME.new_state(4, 0).to_dict()
    data.update(packets=[packet, other, rest[:7], rest[7:14]],
                picks=[[kept], [rest[14]], [rest[15]], [rest[16]]],
                deck=rest[17:], out=[], round=1, picked_now=[0, 0, 0, 0], draft_log=None)
    return GAME.state_from_dict(data)


def test_it_drafts_the_partner_of_a_card_it_kept():
    # Gretel (3) is worth 3 hearts next to the kept Hänsel (2); next to the Oger (17) it is not the pick.
    assert str(choice(draft_position(kept=2))) == "pick 3"
    assert str(choice(draft_position(kept=17))) != "pick 3"
