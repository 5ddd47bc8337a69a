"""A bot's randomness reveals nothing of the deal (ALL-R1), and replays stay exact.

The random source a match gives a bot is a one-way hash of the match seed, the seat and the decision
count: it cannot be run back to the seed (as the old `Rng(seed * 1_000_003 + decisions)` could, since
the Rng's seeding is a bijection), different seeds give unrelated streams, and the same match gives
the same stream at the same decision. A state sampled for a search carries none of the true RNG.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from test_contract_all_games import positions

import game
from game.ai import Bot, Decision
from game.core import Action, Rng, bot_rng
from game.match import Match, Seat

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
OLD_FACTOR = 1_000_003


def _unshift(value: int, shift: int) -> int:
    """The inverse of v ^ (v >> shift) on 64 bits."""
    out = value
    for _ in range(64 // shift + 1):
        out = value ^ (out >> shift)
    return out & _MASK


def unseed(state: int) -> int:
    """What `Rng(v).state` was made from, for 0 <= v < 2**64 - GOLDEN: SplitMix's mix undone step by step.
    Anyone holding an Rng can do this, which is why a bot's stream must not be an Rng of the seed."""
    z = _unshift(state, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    z = _unshift(z, 30)
    return (z - _GOLDEN) & _MASK


def seed_by_the_old_formula(state: int, decisions: int) -> int | None:
    """The match seed that the old derivation would have used, or None if the state did not come from it."""
    quotient, rest = divmod(unseed(state) - decisions, OLD_FACTOR)
    return quotient if rest == 0 else None


class Recorder(Bot):
    """Plays the first legal action and writes down the state of the generator it was given."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[tuple[int, int]] = []  # (decision count, generator state)
        self.observations: list[dict] = []

    def choose(self, decision: Decision, rng: Rng) -> Action:
        self.seen.append((len(self.seen), rng.state))
        self.observations.append(decision.observation)
        return decision.legal[0]


def test_all_r1_the_old_seeding_ran_back_to_the_seed_the_new_one_does_not():
    for seed in (1, 7, 2**31 - 1):
        for decisions in (0, 5, 300):
            old = Rng(seed * OLD_FACTOR + decisions).state
            assert seed_by_the_old_formula(old, decisions) == seed  # the attack works on the old stream
            new = bot_rng(seed, 1, decisions).state
            assert seed_by_the_old_formula(new, decisions) != seed
            assert unseed(new) != seed and Rng(seed).state != new


def test_all_r1_a_matchs_bot_gets_the_hash_and_not_the_seed():
    recorder = Recorder()
    match = Match("gloria_picktoria", [Seat.ai("Rec", "random"), Seat.ai("Other", "random")], 4242,
                  bots={0: recorder})
    for _ in range(30):
        match.step_bot()
    decided = [n for n, (seat, _) in enumerate(match.actions) if seat == 0]
    assert len(recorder.seen) == len(decided) >= 5
    for n, (_, state) in zip(decided, recorder.seen, strict=True):
        assert state == bot_rng(4242, 0, n).state
        assert seed_by_the_old_formula(state, n) is None
        assert state != match.state.rng.state and state != Rng(4242).state


def test_all_r1_the_same_observation_under_two_seeds_gives_unrelated_generators():
    """Two matches whose bot sees the very same position, with other hidden cards and other seeds:
    each generator is the hash of its own seed, and neither leads back to it."""
    gloria = game.load("gloria_picktoria")
    seat = gloria.new_state(2, 11).current_player
    assert seat is not None
    recorders = [Recorder(), Recorder()]
    first, second = (Match("gloria_picktoria", [Seat.ai("A", "random"), Seat.ai("B", "random")], seed,
                           bots={seat: recorder}) for seed, recorder in zip((11, 12), recorders, strict=True))
    # The second match's table: what the bot knows is the same, the cards it cannot see are dealt anew.
    second.state = gloria.state_from_dict(first.state.determinize(seat, Rng(3)).to_dict())
    assert second.state.state_hash() != first.state.state_hash()
    first.step_bot()
    second.step_bot()
    assert recorders[0].observations == recorders[1].observations
    (_, one), (_, two) = recorders[0].seen[0], recorders[1].seen[0]
    assert one == bot_rng(11, seat, 0).state and two == bot_rng(12, seat, 0).state
    assert one != two
    assert seed_by_the_old_formula(one, 0) is None and seed_by_the_old_formula(two, 0) is None


def test_all_r1_different_seeds_give_unrelated_streams():
    states = [bot_rng(seed, 0, 0).state for seed in range(400)]
    assert len(set(states)) == len(states)
    # Neighbouring seeds differ in about half the bits (32 of 64): no bit follows the seed.
    flips = [bin(a ^ b).count("1") for a, b in pairwise(states)]
    assert 30 < sum(flips) / len(flips) < 34
    ones = [sum(state >> bit & 1 for state in states) for bit in range(64)]
    assert all(140 < count < 260 for count in ones)  # every bit is set about half the time
    # Seats and decisions give streams of their own too.
    assert len({bot_rng(5, seat, n).state for seat in range(5) for n in range(100)}) == 500


def test_all_r1_the_same_seed_and_decision_give_the_same_stream_so_replays_are_exact():
    a, b = bot_rng(77, 2, 31), bot_rng(77, 2, 31)
    assert [a.next64() for _ in range(8)] == [b.next64() for _ in range(8)]
    # Golden value: a change here changes every bot's decisions in recorded simulate runs.
    assert bot_rng(1, 0, 0).state == 0xE3690B0630759A44
    with pytest.raises(TypeError):
        bot_rng("1", 0, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", game.available())
def test_all_r1_bots_only_matches_replay_move_for_move(game_id):
    g = game.load(game_id)
    seats = [Seat.ai(f"bot{i}", "random") for i in range(g.min_players)]
    runs = []
    for seed in (3, 3, 4):
        match = Match(game_id, seats, seed)
        for _ in range(60):
            if match.is_over():
                break
            match.step_bot()
        runs.append(match.actions)
    assert runs[0] == runs[1] and runs[0] != runs[2]


@pytest.mark.parametrize("game_id", game.available())
def test_all_r1_a_determinized_state_carries_none_of_the_true_rng(game_id):
    """A search that plays a sampled state out must not learn the real game's coming shuffles: the
    sample's RNG is drawn from the bot's generator, whatever the true RNG is."""
    for state in positions(game_id, samples=6):
        twin = state.clone()
        twin.rng = Rng(987654321)  # the same position with another true stream
        for seat in range(state.num_players):
            sample = state.determinize(seat, Rng(5))
            assert sample.rng.state != state.rng.state
            truth, sampled = state.rng.clone(), sample.rng.clone()
            assert [truth.next64() for _ in range(4)] != [sampled.next64() for _ in range(4)]
            assert twin.determinize(seat, Rng(5)).rng.state == sample.rng.state


def test_all_r1_a_fresh_deal_is_drawn_from_far_more_seeds_than_anyone_could_try():
    from game.core import fresh_seed
    from game.core.rng import SEED_DIGITS

    seeds = [fresh_seed() for _ in range(200)]
    assert all(0 <= s < 10**SEED_DIGITS for s in seeds)
    assert len(set(seeds)) == len(seeds)
    # 2**31 seeds can all be tried against what a seat has seen; the draws here use the full range
    assert sum(s >= 2**31 for s in seeds) >= 195
