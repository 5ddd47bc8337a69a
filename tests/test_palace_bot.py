"""What Palace's bots aim at (PA-R12): not to be the loser, the last player left with cards.

The heuristic's choices, the values hard's playouts back up and the guess at a cut-off all count escaping
last place, not going out first."""

from __future__ import annotations

import pytest
from test_palace_rules import position

from game.ai import Decision, make_bot, search_plan
from game.ai.plan import playout
from game.core import Rng
from game.palace.bot import PLACE_WEIGHT, HeuristicBot, escape_chances, finished_values

PLAN = search_plan("palace")


def choice(state, seat: int = 0) -> str:
    return str(HeuristicBot().choose(Decision.of(state, seat), Rng(0)))


def test_pa_r12_the_heuristic_keeps_its_high_cards_when_the_next_player_is_about_to_go_out() -> None:
    """Player 2 goes out with any play: that costs player 1 nothing, the loser is one of the others.
    Spending the Queen to stop them would leave the 6s, the cards hard to get rid of, in the hand."""
    hands = [["2C", "10C", "6D", "6H", "QS"], ["4C"], ["5C"]]
    assert choice(position(hands=hands, pile=["5S"])) == "play 2x6"
    assert choice(position(hands=hands, pile=["5S"], draw=["KD"])) == "play 2x6"


def test_pa_r12_the_heuristic_sheds_low_cards_in_the_last_duel_too() -> None:
    """Two players left: the one still holding cards at the end loses. The low pair goes first; the
    King would answer a high pile later, a 6 could not."""
    state = position(hands=[["6D", "6H", "KS"], ["4C"], []], pile=["5S"], out=[2])
    assert choice(state) == "play 2x6"


def test_pa_r12_a_finished_game_is_worth_most_to_every_seat_but_the_loser() -> None:
    state = position(players=4, hands=[[], [], [], ["4C"]], out=[2, 0, 1], loser=3, phase="over")
    values = finished_values(state)
    assert values[3] == 0.0
    assert values[2] == 1.0 > values[0] > values[1] > 1.0 - PLACE_WEIGHT
    assert values[1] - values[3] > values[2] - values[1], "escaping last place counts most"


def test_pa_r12_the_guess_at_a_cut_off_fears_the_most_cards_and_keeps_what_is_certain() -> None:
    state = position(players=4, hands=[["4C", "5C"], ["4D", "5D", "6D", "7D", "8D", "9D", "JD"], [], ["4H"]],
                     up=[["KC"], [], [], []], out=[2])
    guess = escape_chances(state)
    assert guess[2] == 1.0, "out first: not the loser, first place"
    assert guess[1] < guess[0] < guess[3] < guess[2]
    assert all(0.0 <= g <= 1.0 for g in guess)
    finished = position(players=4, hands=[[], [], [], ["4C"]], out=[2, 0, 1], loser=3, phase="over")
    assert sum(guess) == pytest.approx(sum(finished_values(finished))), "guesses and results share a scale"


def test_pa_r12_a_playout_goes_on_after_the_first_player_out_until_the_loser() -> None:
    """The first player out decides nothing: a playout ends when one player is left with cards."""
    assert PLAN.decided is None
    state = position(players=3, hands=[["4C"], ["5D", "9D"], ["7H", "8H", "KH"]], pile=[], out=[])
    result = playout(state, PLAN, PLAN.rollout(), Rng(1))
    assert state.is_terminal() and state.loser is not None
    assert result == finished_values(state)
    assert result[state.loser] == 0.0 and sorted(result)[1] > 0.0


def test_pa_r12_hard_searches_on_after_the_first_player_is_out() -> None:
    """With a player out the game is still open for everyone else: hard searches which move keeps it
    from being the loser instead of playing on like the heuristic without a look."""
    state = position(players=3, hands=[["4C", "9C", "KC", "KD"], ["5D", "6D", "AS"], []], pile=["3S"],
                     up=[["8S", None, None], ["QH", None, None], []], out=[2])
    hard = make_bot("palace", "hard")
    hard.choose(Decision.of(state, 0), Rng(3))
    assert hard.last_iterations > 0
