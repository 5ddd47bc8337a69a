"""The Palastgeflüster heuristic bot: sensible choices in hand-made positions, no avoidable doubles,
decisions from the observation alone, and clearly stronger than random play."""

from __future__ import annotations

import game
from game.ai import Decision, make_bot
from game.core import Rng
from game.palastgefluester.bot import HeuristicBot, Judge
from game.palastgefluester.cards import card_person
from game.palastgefluester.position import position

PG = game.load("palastgefluester")
BOT = HeuristicBot()


def decide(state, seed=0):
    seat = state.current_player
    return str(BOT.choose(Decision.of(state, seat), Rng(seed)))


def filled(hands, displays, **kw):
    return position(hands, displays, fill=True, **kw)


def test_the_bot_is_found_by_name():
    assert make_bot("palastgefluester", "heuristic").name == "heuristic"


def test_never_lays_a_double_when_another_card_is_possible():
    avoidable = 0
    for seed in range(24):
        state = PG.new_state(3 + seed % 3, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.current_player
            decision = Decision.of(state, seat)
            action = BOT.choose(decision, rng)
            if state.phase == "play":
                dead = {card_person(c) for c in state.displays[seat]}
                if state.king_current == "Hofnarr":
                    dead.add("Hofnarr")
                safe = [a for a in decision.legal if card_person(a.args[0]) not in dead]
                if safe:
                    avoidable += len(safe) < len(decision.legal)
                    assert card_person(action.args[0]) not in dead, (seed, str(action))
            state.apply(action)
    assert avoidable > 50


def test_zofe_discards_a_card_already_in_the_display():
    hand = ["Zofe/red", "Hofnarr/yellow", "Waechter/brown", "Zauberer/blue", "Mundschenk/red"]
    state = filled([hand, [], []], [["Hofnarr/red"], [], []])
    state.apply("play Zofe/red")
    assert decide(state) == "discard Hofnarr/yellow"


def test_waechter_takes_back_the_person_that_frees_hand_cards():
    state = filled([["Waechter/red", "Zofe/brown", "Zofe/yellow", "Mundschenk/blue"], [], []],
                   [["Zofe/red", "Hofnarr/red"], [], []])
    state.apply("play Waechter/red")
    assert decide(state) == "take Zofe"


def test_zauberer_gives_away_dead_cards():
    hand = ["Zauberer/red", "Zofe/brown", "Hofnarr/blue", "Mundschenk/yellow", "Waechter/red"]
    state = filled([hand, [], []], [["Zofe/red"], [], []])
    state.apply("play Zauberer/red")
    state.apply(decide(state))
    state.apply(decide(state))  # count: one dead card, so one
    assert state.zauberer.count == 1
    assert decide(state) == "give Zofe/brown"


def test_brown_tie_goes_to_a_player_who_must_lay_a_double():
    blue_hand = ["Zofe/brown", "Zofe/brown", "Hofnarr/brown", "Hofnarr/brown"]
    known = [[[], blue_hand, []], [[], [], []], [[], [], []]]
    state = filled([["Hofmarschall/brown"], blue_hand, []],
                   [["Mundschenk/red", "Zauberer/red"], ["Zofe/blue", "Hofnarr/blue"],
                    ["Zofe/yellow", "Hofnarr/yellow"]], known=known)
    state.apply("play Hofmarschall/brown")
    assert state.phase == "choose_next" and state.tie == [1, 2]
    assert decide(state) == "next 1"


def test_mundschenk_breaks_the_leaders_near_six():
    blue_display = ["Hofmarschall/blue", "Schatzmeister/blue", "Zauberer/blue", "Zofe/blue",
                    "Mundschenk/blue"]
    known = [[[], ["Waechter/blue"], []], [[], [], []], [[], [], []]]
    state = filled([["Mundschenk/red"], ["Waechter/blue"], []],
                   [["Hofnarr/red"], blue_display, ["Waechter/yellow"]], points=[1, 4, 1], known=known)
    state.apply("play Mundschenk/red")
    state.apply(decide(state))
    state.apply(decide(state))
    assert any(card_person(c) == "Waechter" for c in state.displays[1])  # blue's last card is now a double


def test_decisions_use_only_what_the_seat_knows():
    """A state re-dealt consistently with the seat's observation gets the same decision."""
    rng = Rng(11)
    checked = 0
    for seed in range(20):
        state = PG.new_state(3 + seed % 3, seed)
        for _ in range(rng.randbelow(60)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player
        for k in range(3):
            other = state.determinize(seat, Rng(k))
            assert other.observation(seat) == state.observation(seat)
            assert decide(other, seed) == decide(state, seed)
            checked += 1
    assert checked > 30


def test_beats_random_players_clearly():
    wins = 0.0
    games = 45
    for seed in range(games):
        players = 3
        hero = seed % players
        bots = [make_bot("palastgefluester", "heuristic" if s == hero else "random") for s in range(players)]
        state = PG.new_state(players, 900 + seed)
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.current_player
            state.apply(bots[seat].choose(Decision.of(state, seat), rng))
        if hero in state.winners():
            wins += 1 / len(state.winners())
    assert wins / games > 0.7


def test_pg_r7_the_bot_reads_a_known_card_that_survives_a_face_down_discard():
    """Two brown Wächter shown, one discarded face down: the other is still a live card Red holds, so
    Blue's bot does not count Red as possibly stuck."""
    hand = ["Schatzmeister/red", "Zofe/red", "Waechter/brown", "Waechter/brown", "Hofnarr/red",
            "Zauberer/red"]
    state = position([hand, [], []], fill=True)
    for action in ("play Schatzmeister/red", "play Zofe/red", "discard Waechter/brown"):
        state.apply(action)
    judge = Judge(state.observation(1))
    assert judge.known[0] == ["Waechter/brown"]
    assert judge.stuck_chance(0, ["Hofnarr/red", "Zauberer/red", "Zofe/red", "Schatzmeister/red"]) == 0.0
    assert judge.stuck_chance(0, ["Waechter/red", "Zauberer/red", "Zofe/red", "Schatzmeister/red"]) > 0.0
