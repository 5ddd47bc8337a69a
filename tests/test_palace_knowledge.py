"""What each Palace seat knows: observations, determinize, and the heuristic bot that uses them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import load
from game.ai import Decision, make_bot
from game.core import Rng
from game.palace.bot import HeuristicBot
from game.palace.state import PalaceState

GAME = load("palace")


def positions(seeds: range, every: int = 17) -> Iterator[PalaceState]:
    """Positions along random games, every options mix touched."""
    for seed in seeds:
        rng = Rng(seed)
        options = {"redraw": True, "eight_skip": seed % 2 == 0, "three_invisible": seed % 3 == 0,
                   "voluntary_pickup": seed % 5 == 0}
        state = GAME.new_state(2 + seed % 4, seed, options)
        moves = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
            if moves % every == 0 or state.phase == "redraw":
                yield state.clone()


def hidden_from(state: PalaceState, seat: int) -> list[str]:
    cards = list(state.draw) + [c for row in state.down for c in row if c is not None]
    for other in range(state.num_players):
        if other != seat:
            cards.extend(c for c in state.hands[other] if c not in state.known[other])
    return cards


def test_determinize_keeps_the_observation_and_conserves_cards() -> None:
    changed = checked = 0
    for state in positions(range(24)):
        for seat in range(state.num_players):
            sample = state.determinize(seat, Rng(checked))
            checked += 1
            assert sample.observation(seat) == state.observation(seat)
            rebuilt = GAME.state_from_dict(sample.to_dict())  # validates: 52 cards, each once
            assert rebuilt.state_hash() == sample.state_hash()
            assert sample.current_player == state.current_player
            assert sample.legal_actions() == state.legal_actions() or seat != state.current_player
            changed += sample.to_dict()["down"] != state.to_dict()["down"]
    assert checked > 500 and changed > checked // 2  # the unknown cards really are dealt anew


def test_determinize_does_not_depend_on_where_the_hidden_cards_really_are() -> None:
    checked = finishing = 0
    for state in positions(range(12), every=29):
        for seat in range(state.num_players):
            hidden = hidden_from(state, seat)
            if len(hidden) < 2:
                continue
            permuted = _with_hidden_cards_rotated(state, seat)
            assert permuted.observation(seat) == state.observation(seat)
            assert permuted.state_hash() != state.state_hash()
            one = state.determinize(seat, Rng(7))
            two = permuted.determinize(seat, Rng(7))
            assert one.state_hash() == two.state_hash()
            bot = HeuristicBot()
            if state.current_player == seat:
                assert bot.choose(Decision.of(state, seat), Rng(3)) == bot.choose(Decision.of(permuted, seat),
                                                                                  Rng(3))
            checked += 1
            finishing += state.phase == "redraw" and seat != state.turn
    assert checked > 50 and finishing > 10


def _with_hidden_cards_rotated(state: PalaceState, seat: int) -> PalaceState:
    """The same position for `seat`, with the cards it cannot see moved one place along."""
    hidden = hidden_from(state, seat)
    rotated = iter(hidden[1:] + hidden[:1])
    data = state.to_dict()
    data["draw"] = [next(rotated) for _ in state.draw]
    data["down"] = [[None if c is None else next(rotated) for c in row] for row in state.down]
    for other in range(state.num_players):
        if other != seat:
            unseen = [next(rotated) for c in state.hands[other] if c not in state.known[other]]
            data["hands"][other] = state.known[other] + unseen
            if state.phase == "redraw" and other == state.turn:
                data["fresh"] = unseen[:len(state.fresh)]  # the cards just drawn are among the unseen
    return GAME.state_from_dict(data)


def test_pa_r14_determinize_assumes_nothing_of_another_players_redraw_chance() -> None:
    """Another seat sees only that the player is finishing the turn: its deals are the same whether the
    drawn card matches the rank just played or not, and only sometimes give the player a match."""
    from test_palace_rules import finishing_pair

    chance, none = finishing_pair()
    matches = 0
    for k in range(200):
        one, two = chance.determinize(1, Rng(k)), none.determinize(1, Rng(k))
        assert one.state_hash() == two.state_hash()
        assert one.observation(1) == chance.observation(1) and one.phase == "redraw"
        assert set(one.fresh) <= set(one.hands[0]) and len(one.fresh) == 1
        matches += bool(one.redraw_cards())
    assert 0 < matches < 50  # 3 of the 46 cards seat 1 cannot see are 7s
    own = chance.determinize(0, Rng(1))
    assert own.fresh == ["7D"] and own.redraw_cards() == ["7D"], "the player knows what they drew"


def test_finishing_steps_of_random_games_are_determinized_consistently() -> None:
    seen = 0
    for state in positions(range(40), every=10_000):
        if state.phase != "redraw":
            continue
        owner = state.turn
        for seat in range(state.num_players):
            for k in range(3):
                sample = state.determinize(seat, Rng(k))
                assert sample.phase == "redraw" and len(sample.fresh) == len(state.fresh)
                assert set(sample.fresh) <= set(sample.hands[owner])
                assert sample.observation(seat) == state.observation(seat)
                seen += 1
    assert seen > 20


def test_picked_up_cards_are_known_to_everyone_until_played() -> None:
    from test_palace_rules import position

    state = position(hands=[["5C", "6C"], ["4C", "QD", "QH"], ["6D"]], pile=["9H", "KH"], draw=["2S", "3S"])
    state.apply("pickup")
    assert state.observation(2)["seats"][0]["known"] == ["9H", "KH"]
    assert "5C" not in str(state.observation(2))
    state.apply("play 1x4")
    state.apply("pass")  # the 3 drawn finishes the turn
    state.apply("play 1x6")
    state.apply("pass")
    state.apply("play 1x9")
    assert state.observation(1)["seats"][0]["known"] == ["KH"]  # the 9 it played first: everyone knew it


def test_the_spectator_sees_no_hand() -> None:
    state = GAME.new_state(3, 4)
    obs = state.observation(None)
    assert obs["hand"] == [] and obs["seat"] is None
    for key in ("game", "seat", "players", "current_player", "phase", "prompt", "scores", "terminal",
                "winners", "result"):
        assert key in obs


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_heuristic_bot_beats_random_players(players: int) -> None:
    """Seat 0 plays the heuristic against random seats: it is the loser far less often than its fair
    share, and on average finishes well up the order (PA-R12: the scores are places, 1 is best)."""
    heuristic, random_bot = make_bot("palace", "heuristic"), make_bot("palace", "random")
    lost = 0
    places = 0.0
    games = 40
    for seed in range(games):
        state = GAME.new_state(players, 1000 + seed)
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            bot = heuristic if seat == 0 else random_bot
            state.apply(bot.choose(Decision.of(state, seat), rng))
        lost += state.loser == 0
        places += state.scores()[0]
    assert lost <= 0.5 * games / players
    assert places / games <= 1 + 0.35 * (players - 1)  # a fair share is the middle place, (players + 1) / 2


def test_the_heuristic_bot_puts_strong_cards_face_up_and_keeps_power_cards() -> None:
    from test_palace_rules import position

    bot = HeuristicBot()
    swap = position(players=2, hands=[["10C", "AD", "5C"], ["4C", "6C", "8C"]],
                    up=[["3D", "4D", "9D"], ["4H", "6D", "8D"]], phase="swap", ready=0, rest_to="draw")
    while swap.current_player == 0:
        swap.apply(bot.choose(Decision.of(swap, 0), Rng(0)))
    assert sorted(c for c in swap.up[0] if c) == ["10C", "9D", "AD"]
    hands = [["2C", "10C", "6D", "6H", "QS"], ["4C"], ["5C"]]
    play = position(hands=hands, pile=["5S"], draw=["KD"])
    assert str(bot.choose(Decision.of(play, 0), Rng(0))) == "play 2x6"
    next_near_out = position(hands=hands, pile=["5S"])  # PA-R12: no Queen spent to stop them going out
    assert str(bot.choose(Decision.of(next_near_out, 0), Rng(0))) == "play 2x6"
    burn = position(hands=[["2C", "10C", "4D"], ["4C"], ["5C"]], pile=["5S", "9D", "JH", "KC"])
    assert str(bot.choose(Decision.of(burn, 0), Rng(0))) == "play 1x10"
    four = position(hands=[["8C", "8D", "QS"], ["4C"], ["5C"]], pile=["5S", "8S", "8H"])
    assert str(bot.choose(Decision.of(four, 0), Rng(0))) == "play 2x8"


def test_events_show_drawn_cards_only_to_the_drawer() -> None:
    from test_palace_rules import position

    state = position(hands=[["5C", "9C", "JC"], ["4C"], ["6D"]], pile=["4H"], draw=["QH", "KS"])
    events = state.apply("play 1x5")
    drawn = [e for e in events if getattr(e, "src", None) == "draw"]
    assert [e.card for e in drawn] == ["KS"]
    assert [e.seen_by(0).card for e in drawn] == ["KS"]
    assert [e.seen_by(1).card for e in drawn] == [None] and [e.seen_by(None).card for e in drawn] == [None]
    played = [e for e in events if getattr(e, "dst", None) == "pile"]
    assert [e.seen_by(2).card for e in played] == ["5C"]


def test_the_heuristic_bot_plays_face_up_pairs_together_and_saves_the_ten_for_a_big_pile() -> None:
    from test_palace_rules import position

    bot = HeuristicBot()
    pair = position(hands=[[], ["4C"], ["5C"]], up=[["KC", "KD", "10S"], [], []], pile=["QH"], draw=[])
    assert str(bot.choose(Decision.of(pair, 0), Rng(0))) == "play 2xK"
    small = position(hands=[["2C", "10C", "4D"], ["4C"], ["5C"]], pile=["KC"], draw=["9S"])
    assert str(bot.choose(Decision.of(small, 0), Rng(0))) == "play 1x2"
