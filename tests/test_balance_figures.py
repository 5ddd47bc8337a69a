"""The balance lab's aggregation and sequential test, on facts built by hand (no game is played)."""

from __future__ import annotations

import math
import random

import pytest

from game.balance import figures
from game.balance.cards import table_for, zone_of
from game.balance.sprt import Sprt
from game.balance.study import GameFacts, _behind, add_game, empty_tally, merge
from game.intervals import mean_interval, wilson


def facts(wins, places, held, played, actions=10, burns=1, behind=0.0, outcome="finished"):
    return GameFacts(["heuristic"] * len(wins), outcome=outcome, actions=actions, lengths={"burns": burns},
                     wins=list(wins), places=list(places), held=[set(h) for h in held],
                     played=[set(p) for p in played], behind_at_half=behind)


def tiny_study():
    """Four 2-player games: seat 0 wins three; card K is held by the winner each time and played twice."""
    tally = empty_tally(2)
    add_game(tally, facts([1, 0], [1, 2], [{"K"}, {"2"}], [{"K"}, set()], actions=10, burns=1))
    add_game(tally, facts([1, 0], [1, 2], [{"K"}, set()], [{"K"}, set()], actions=12, burns=2, behind=1.0))
    add_game(tally, facts([0, 1], [2, 1], [set(), {"K"}], [set(), set()], actions=12, burns=2))
    add_game(tally, facts([1, 0], [1, 2], [{"2"}, {"K"}], [set(), set()], actions=14, burns=0))
    add_game(tally, facts([], [], [set(), set()], [set(), set()], actions=500, outcome="cut_off"))
    return tally


def test_seat_rates_use_wilson_and_mean_places_over_finished_games():
    got = figures.study_figures("palace", tiny_study(), None)
    assert (got["games"], got["finished"], got["cut_off"]) == (5, 4, 1)
    seat0 = got["seats"][0]
    assert seat0["win"]["rate"] == 0.75 and seat0["win"]["n"] == 4
    assert seat0["win"]["ci95"] == [round(x, 4) for x in wilson(3, 4)]
    assert seat0["loser"]["rate"] == 0.25
    mean, low, high = mean_interval([3, 1])
    assert seat0["place"] == {"counts": [3, 1], "mean": round(mean, 4),
                              "ci95": [round(low, 4), round(high, 4)]}


def test_lengths_are_histograms_with_the_cut_off_game_among_the_actions_only():
    got = figures.study_figures("palace", tiny_study(), None)["length"]
    assert got["actions"]["counts"] == {"10": 1, "12": 2, "14": 1, "500": 1}
    assert got["burns"]["counts"] == {"0": 1, "1": 1, "2": 2}  # finished games only
    assert got["burns"]["mean"] == 1.25 and got["burns"]["median"] == 2 and got["burns"]["max"] == 2
    half = 1.96 * math.sqrt((1.5625 + 0.0625 + 2 * 0.5625) / 3 / 4)  # sample variance of 0, 1, 2, 2
    assert got["burns"]["ci95"] == [round(1.25 - half, 4), round(1.25 + half, 4)]


def test_a_cards_contribution_compares_held_played_and_never_held_with_the_baseline():
    cards = {c["card"]: c for c in figures.study_figures("palace", tiny_study(), None)["cards"]}
    king = cards["K"]
    # K held in 4 seat-games, 3 of them won; played in 2, both won; never held in 4, 1 won
    assert (king["held"]["n"], king["held"]["rate"]) == (4, 0.75)
    assert (king["played"]["n"], king["played"]["rate"]) == (2, 1.0)
    assert (king["never"]["n"], king["never"]["rate"]) == (4, 0.25)
    assert king["baseline"] == 0.5
    improvement = king["improvement_held"]
    assert improvement["difference"] == 0.5
    assert improvement["ci95"][0] < 0.5 < improvement["ci95"][1]
    deuce = cards["2"]
    assert (deuce["held"]["n"], deuce["held"]["rate"], deuce["played"]["n"]) == (2, 0.5, 0)


def test_drama_counts_the_share_of_winners_behind_half_way():
    got = figures.study_figures("palace", tiny_study(), None)["drama"]
    assert (got["n"], got["rate"]) == (4, 0.25)
    assert "cards left" in got["standing"]


def test_behind_reads_the_first_placed_seats_against_the_best_standing():
    assert _behind([1, 2, 3], [5, 7, 1]) == 1.0
    assert _behind([1, 2, 3], [7, 7, 1]) == 0.0  # tied for the lead is not behind
    assert _behind([1, 1, 3], [3, 7, 1]) == 0.5


def test_tallies_merge_to_the_same_figures_in_any_order():
    rows = []
    for n in range(6):
        tally = empty_tally(2)
        add_game(tally, facts([1 / 3, 2 / 3], [1, 1], [{"K"}, set()], [set(), set()], actions=n))
        rows.append({"key": f"main/x/{n:012d}+1", "tally": tally})
    forward = merge(rows, 2)
    shuffled = rows[:]
    random.Random(3).shuffle(shuffled)
    assert merge(shuffled, 2) == forward
    assert forward["finished"] == 6 and forward["cards"]["K"][0] == 6


def test_skill_figures_read_the_stronger_level_of_its_tally():
    tally = empty_tally(2)
    for won in (1, 1, 0):
        game = facts([won, 1 - won], [2 - won, 1 + won], [set(), set()], [set(), set()])
        game.bots = ["hard", "normal"]
        add_game(tally, game)
    got = figures.skill_figures(tally, ("hard", "normal"))
    assert got["win"]["n"] == 3 and got["win"]["rate"] == round(2 / 3, 4) and got["fair_share"] == 0.5


def test_the_bias_paragraph_names_the_standing_and_what_is_counted():
    text = figures.biases("three_chapters")
    assert "survivorship" in text and "the points so far" in text and "card once per seat" in text


def test_zones_and_plays_are_read_from_the_games_tables():
    assert zone_of("up:1:0") == ("up", 1) and zone_of("pile") == ("pile", None)
    palace = table_for("palace")
    assert palace.kind_of("10H") == "10"
    from game.core.events import CardMoved

    assert palace.is_play(CardMoved(card="10H", src="down:2:1", dst="pile"), actor=2)
    assert not palace.is_play(CardMoved(card="10H", src="pile", dst="hand:2"), actor=2)
    assert palace.held_by(CardMoved(card="10H", src="pile", dst="hand:2")) == 2


# -- the sequential test ------------------------------------------------------------------------------
def test_the_sprt_bounds_are_walds_with_alpha_split_over_two_sides():
    test = Sprt(delta=0.1, alpha=0.05, beta=0.05)
    assert test.upper == pytest.approx(math.log(0.95 / 0.025))
    assert test.lower == pytest.approx(math.log(0.05 / 0.975))


def test_the_sprt_stops_on_a_clear_difference_in_its_direction():
    test = Sprt()
    rng = random.Random(1)
    for _ in range(500):
        test.add(1.0 if rng.random() < 0.4 else 0.0)  # B never wins where A does not
        if test.decision():
            break
    assert test.decision() == "A" and test.n < 100
    low, high = test.interval()
    assert 0 < low < test.mean < high


def test_the_sprt_never_stops_on_identical_sides_and_accepts_no_difference():
    test = Sprt()
    for _ in range(300):
        test.add(0.0)
        assert test.decision() is None
    assert test.accepts_null() and test.interval() == (0.0, 0.0)


# -- the progress bar ------------------------------------------------------------------------------------
def test_the_progress_line_gives_games_their_rate_and_the_time_left():
    from game.balance.lab import Progress
    from tools.balance.progress import clock, line

    text = line(Progress(done=50, total=200, elapsed=10.0))
    assert "50/200 games" in text and "5.0 games/s" in text and "0:30 left" in text
    assert clock(3725) == "1:02:05" and clock(None) == "?"


def test_the_progress_bar_draws_only_on_a_terminal_or_when_asked():
    import io

    from game.balance.lab import Progress
    from tools.balance.progress import ProgressBar

    quiet, asked = io.StringIO(), io.StringIO()
    for stream, wanted in ((quiet, False), (asked, True)):
        with ProgressBar.when(wanted, stream) as bar:
            bar.update(Progress(3, 3, 1.0))
    assert quiet.getvalue() == ""
    assert asked.getvalue().startswith("\r[") and asked.getvalue().endswith("left\n")
