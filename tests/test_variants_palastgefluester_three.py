"""Variants of Palastgeflüster and 3 Chapters: a variant changes play as written (the dealt deck, a card's
ability, the game's numbers), the shipped data plays as it always did, and a variant that breaks the game
is refused at its line before any game is played."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.ai.base import Decision
from game.core import BadSetup, Rng
from game.core.datafile import DataFileError
from game.core.events import RoundEnded
from game.core.variant import Variant, parse_variant, read_variant, text_hash
from game.palastgefluester import GAME as PG
from game.palastgefluester.bot import HeuristicBot as PalastBot
from game.palastgefluester.bot import Judge
from game.palastgefluester.cards import card_person
from game.palastgefluester.data import PalastData
from game.palastgefluester.position import position
from game.palastgefluester.rules import SIX
from game.three_chapters import GAME as TC
from game.three_chapters.bot import HeuristicBot as ChaptersBot
from game.three_chapters.data import shipped_data

DOCS = Path(__file__).resolve().parent.parent / "game" / "variants"
QUICK_COURT = DOCS / "palastgefluester-quick-court.toml"
DOUBLE_CRYSTALS = DOCS / "three-chapters-double-crystals.toml"


def bot_game(game, bot, players: int, seed: int, options: dict | None = None) -> list[str]:
    """The actions of a game the heuristic plays for every seat."""
    state = game.new_state(players, seed, options or {})
    rng = Rng(seed + 100)
    actions = []
    while not state.is_terminal():
        action = bot.choose(Decision.of(state, state.current_player), rng)
        actions.append(str(action))
        state.apply(action)
    return actions


def first_legal_game(game, players: int, seed: int, options: dict | None = None):
    """A game in which every seat plays its first legal action (the same moves whatever the rewards)."""
    state = game.new_state(players, seed, options or {})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    return state


# -- the shipped data plays as before ----------------------------------------------------------------
SHIPPED_PALAST = """game = "palastgefluester"
name = "as shipped, said out loud"
hand_size = 6
mundschenk_quiet_plays = 2
colour_copies = 1
brown_copies = 2
[target_points]
3 = 6
4 = 5
5 = 4
"""
SHIPPED_CHAPTERS = """name = "as shipped, said out loud"
packet_size = 8
trick_stars = 1
most_crystals_bonus = 4
star_points = 2
heart_points = 1
crystals_per_point = 2
[draft.2]
deals = 2
rounds = 4
[draft.6]
deals = 1
rounds = 7
[cards.Troll]
attributes = ["monster", "boesewicht"]
"""


@pytest.mark.parametrize(("game", "bot", "shipped"),
                         [(PG, PalastBot, SHIPPED_PALAST), (TC, ChaptersBot, SHIPPED_CHAPTERS)])
def test_no_variant_an_empty_one_and_the_shipped_numbers_play_the_same_game(game, bot, shipped):
    empty = parse_variant('name = "nothing changed"\n', game)
    restated = parse_variant(shipped, game)
    assert empty.data is game.shipped_data()
    assert restated.data == game.shipped_data()
    for players in (game.min_players, game.max_players):
        plain = bot_game(game, bot(), players, seed=players)
        assert bot_game(game, bot(), players, players, {"variant": empty.option()}) == plain
        assert bot_game(game, bot(), players, players, {"variant": restated.option()}) == plain


# -- Palastgeflüster: the deck and the numbers -------------------------------------------------------
def test_the_quick_court_deals_its_own_deck_and_hand():
    variant = read_variant(QUICK_COURT, PG)
    data: PalastData = variant.data
    for players in (3, 4, 5):
        state = PG.new_state(players, seed=players, options={"variant": variant.option()})
        assert state.data == data
        assert [len(hand) for hand in state.hands] == [5] * players
        everything = Counter(state.draw + [c for hand in state.hands for c in hand])
        assert everything == Counter(data.deck(players))
        assert "Hofnarr/brown" not in everything and everything["Hofnarr/red"] == 1
        assert everything["Zofe/brown"] == 2 and sum(everything.values()) == 7 * players + 12
        assert state.target_points == {3: 4, 4: 4, 5: 3}[players]
        obs = state.observation(0)
        assert obs["target"] == state.target_points and obs["data"]["hand_size"] == 5
        assert obs["data"]["copies"]["Hofnarr"] == {"colour": 1, "brown": 0}


def test_five_different_persons_end_a_round_of_the_quick_court():
    variant = read_variant(QUICK_COURT, PG)
    state = PG.new_state(3, seed=7, options={"variant": variant.option()})
    rng, bot = Rng(1), PalastBot()
    ends = 0
    while not state.is_terminal():
        action = bot.choose(Decision.of(state, state.current_player), rng)
        laid = [card_person(c) for c in state.displays[state.turn]] + [card_person(str(action.args[0]))]
        events = state.apply(action)
        if any(isinstance(e, RoundEnded) and e.reason == SIX for e in events):
            assert len(laid) == len(set(laid)) == 5
            ends += 1
        assert state.is_terminal() or all(len(d) < 5 for d in state.displays)
    assert ends and max(state.points) == 4


def test_the_mundschenk_keeps_quiet_for_as_many_plays_as_the_variant_says():
    three_quiet = parse_variant("mundschenk_quiet_plays = 3\n", PG)
    hands = [["Mundschenk/red"], ["Zofe/blue"], ["Hofnarr/yellow"]]
    displays = [[], ["Zauberer/blue"], ["Waechter/yellow"]]
    shipped = position(hands, displays, fill=True)
    shipped.apply("play Mundschenk/red")  # the round's third card: it acts in the shipped game
    assert shipped.phase == "mundschenk_first"
    data = position(hands, displays, fill=True).to_dict()
    quiet = PG.state_from_dict({**data, "options": {**data["options"], "variant": three_quiet.option()}})
    quiet.apply("play Mundschenk/red")
    assert quiet.phase == "play" and quiet.turn == 0  # no action; its red colour gives the turn back


def test_the_hint_names_the_variants_row_length():
    from game.palastgefluester.hints import reasons

    variant = read_variant(QUICK_COURT, PG)
    row = ["Hofmarschall/red", "Schatzmeister/red", "Zauberer/red", "Zofe/red"]
    state = position([["Waechter/blue"], [], []], [row, [], []], fill=True, variant=variant.option())
    decision = Decision.of(state, 0)
    assert [str(a) for a in decision.legal] == ["play Waechter/blue"]
    said = reasons(decision, decision.legal[0], Rng(1))
    assert [(r.id, r.params) for r in said] == [("pg.completes_row", {"count": 5})]


def test_the_bot_reckons_with_the_variants_deck():
    variant = read_variant(QUICK_COURT, PG)
    state = PG.new_state(3, seed=2, options={"variant": variant.option()})
    judge = Judge(state.observation(state.current_player))
    seen = len(judge.hand) + sum(len(k) for k in judge.known.values())
    assert sum(judge.unseen.values()) == len(variant.data.deck(3)) - seen
    assert judge.unseen["Hofnarr"] <= 3  # no brown Hofnarr: one in each seated colour


def test_a_variant_game_survives_its_own_data_a_clone_and_a_determinization():
    variant = read_variant(QUICK_COURT, PG)
    state = PG.new_state(4, seed=11, options={"variant": variant.option()})
    for action in bot_game(PG, PalastBot(), 4, 11, {"variant": variant.option()})[:40]:
        state.apply(action)
    again = PG.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.state_hash() == state.state_hash() and again.data == variant.data
    assert state.clone().data is state.data
    drawn = state.determinize(0, Rng(3))
    assert drawn.data is state.data
    assert all(len(h) + len(d) == 5 for h, d in zip(drawn.hands, drawn.displays, strict=True))


# -- 3 Chapters: a card's ability and the numbers -------------------------------------------------------
def test_double_crystals_doubles_the_greedy_dwarfs_crystals_and_nothing_else():
    variant = read_variant(DOUBLE_CRYSTALS, TC)
    changed = variant.data.cards.cards[6]
    shipped = shipped_data().cards.cards[6]
    assert [a.amount for a in changed.abilities] == [2 * a.amount for a in shipped.abilities]
    assert [a.reward for a in changed.abilities] == ["crystals", "crystals"]
    others = [v for v in range(1, 51) if v != 6]
    assert all(variant.data.cards.cards[v] == shipped_data().cards.cards[v] for v in others)
    compared = 0
    for seed in range(40):
        plain = first_legal_game(TC, 4, seed)
        doubled = first_legal_game(TC, 4, seed, {"variant": variant.option()})
        dwarf = [g for g in plain.ledger if g.source == "6"]
        if not dwarf:
            continue
        assert [(g.seat, g.chapter, g.trick, g.ability, g.amount * 2) for g in dwarf] == \
            [(g.seat, g.chapter, g.trick, g.ability, g.amount) for g in doubled.ledger if g.source == "6"]
        compared += 1
    assert compared >= 3


def test_the_bot_reads_the_cards_of_the_game_it_plays():
    variant = read_variant(DOUBLE_CRYSTALS, TC)
    state = TC.new_state(3, seed=4, options={"variant": variant.option()})
    assert state.observation(0)["data"]["changed_cards"] == [6]
    bot = ChaptersBot()
    bot.choose(Decision.of(state, state.current_player), Rng(0))
    assert bot.cards == variant.data.cards and bot.cards.cards[6].abilities[0].amount == 2
    plain = TC.new_state(3, seed=4)
    bot.choose(Decision.of(plain, plain.current_player), Rng(0))
    assert bot.cards == shipped_data().cards and bot.cards.cards[6].abilities[0].amount == 1


def test_the_draft_and_the_scoring_follow_the_variants_numbers():
    variant = parse_variant("packet_size = 7\ntrick_stars = 3\nmost_crystals_bonus = 0\n"
                            "[draft.2]\nrounds = 3\n[draft.4]\ndeals = 1\nrounds = 5\n", TC)
    state = TC.new_state(4, seed=9, options={"variant": variant.option()})
    assert [len(p) for p in state.packets] == [7] * 4 and len(state.deck) == 50 - 28
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [5] * 4 and len(state.out) == 4 * 2
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.tricks_done == 5
    assert [g.amount for g in state.ledger if g.source == "trick"] == [3] * 5  # 4 players: no ghosts
    assert not [g for g in state.ledger if g.source == "bonus"]
    assert state.scores() == [2 * t[0] + t[1] + t[2] // 2 for t in state.tokens]


def test_a_variants_points_count_as_it_says():
    variant = parse_variant("star_points = 1\nheart_points = 3\ncrystals_per_point = 1\n", TC)
    state = first_legal_game(TC, 3, 5, {"variant": variant.option()})
    assert state.scores() == [t[0] + 3 * t[1] + t[2] for t in state.tokens]
    assert [b["points"]["total"] for b in state.observation(None)["breakdown"] or []] == state.scores()
    again = TC.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.state_hash() == state.state_hash() and again.data == variant.data


# -- what is refused, at which line ----------------------------------------------------------------------
REFUSED = [
    # Palastgeflüster
    (PG, 'name = "x"\nhand_size = 6.0\n', 2, "hand_size"),
    (PG, 'hand_size = true\n', 1, "hand_size"),
    (PG, '\n\nhand_size = 8\n', 3, "hand_size"),
    (PG, 'hand_size = 0\n', 1, "hand_size"),
    (PG, 'handsize = 5\n', 1, "handsize"),
    (PG, 'brown_copies = -1\n', 1, "brown_copies"),
    (PG, '[persons.Zofe]\ncolour_copies = 1\nbrown_copies = -2\n', 3, "persons.Zofe.brown_copies"),
    (PG, '[persons.Zofe]\ncopies = 2\n', 2, "persons.Zofe.copies"),
    (PG, '# a typo\n[persons.Zofee]\nbrown_copies = 1\n', 2, "Zofee"),
    (PG, 'colour_copies = 0\nbrown_copies = 1\n', 1, "too small to deal"),
    (PG, 'hand_size = 7\n[persons.Zofe]\nbrown_copies = 0\ncolour_copies = 0\n', 1, "different persons"),
    (PG, 'brown_copies = 99\n', 1, "brown_copies"),
    (PG, '[target_points]\n3 = 0\n', 2, "target_points.3"),
    (PG, '[target_points]\n6 = 3\n', 2, "target_points.6"),
    (PG, 'target_points = 5\n', 1, "target_points"),
    (PG, 'mundschenk_quiet_plays = -1\n', 1, "mundschenk_quiet_plays"),
    # 3 Chapters: cards
    (TC, '[cards.6]\nabilities = [\n  { seal = "both", reward = "gold", amount = 2 },\n]\n', 3, "gold"),
    (TC, '[cards.6]\nabilities = [\n  { seal = "both", reward = "crystals", amount = 1 },\n'
         '  { seal = "III", reward = "hearts", amount = 1, when = { kind = "luck" } },\n]\n', 4, "luck"),
    (TC, '[cards.6]\nabilities = [{ seal = "IV", reward = "stars", amount = 1 }]\n', 2, "seal"),
    (TC, '[cards.6]\nabilities = [{ seal = "II", reward = "stars", amount = 1, per = { kind = "moon" } }]\n',
     2, "moon"),
    (TC, '[cards.6]\nabilities = [{ seal = "II", reward = "stars", amount = -1 }]\n', 2, "amount"),
    (TC, '[cards.6]\n\nattributes = ["elf"]\n', 3, "elf"),
    (TC, '[cards.51]\nevaluate_last = true\n', 1, "51"),
    (TC, '[cards.Trol]\nevaluate_last = true\n', 1, "Trol"),
    (TC, '[cards.6]\nabilities = [{ seal = "III", reward = "hearts", amount = 1, when = { kind = "own_card", '
         'card = "Hans" } }]\n', 2, "Hans"),
    (TC, '[cards.Troll]\nvalue = 3\n', 2, "value"),
    (TC, '[cards.44]\nevaluate_last = true\n[cards.Troll]\nevaluate_last = false\n', 3, "twice"),
    (TC, '[cards."Hänsel"]\nname = "Hans"\n', 2, "cards.Hänsel.name"),
    (TC, '[cards.2]\nenglish = "Hans"\n', 2, "cards.2.english"),
    (TC, '[cards.2]\nevaluate_last = 1\n', 2, "evaluate_last"),
    (TC, 'cards = 3\n', 1, "cards"),
    # 3 Chapters: numbers
    (TC, 'packet_size = 9\n', 1, "cards needed: 54"),
    (TC, 'packet_size = 0\n', 1, "packet_size"),
    (TC, '[draft.4]\nrounds = 9\n', 2, "rounds: 9"),
    (TC, '[draft.6]\n\ndeals = 2\n', 3, "cards needed: 96"),
    (TC, '[draft.7]\ndeals = 1\n', 1, "draft.7"),
    (TC, '[draft.3]\npicks = 2\n', 2, "draft.3.picks"),
    (TC, 'star_points = -1\n', 1, "star_points"),
    (TC, 'crystals_per_point = 0\n', 1, "crystals_per_point"),
    (TC, 'trick_stars = "1"\n', 1, "trick_stars"),
]


@pytest.mark.parametrize(("game", "text", "line", "named"), REFUSED)
def test_a_bad_variant_is_refused_at_its_line(game, text, line, named):
    with pytest.raises(DataFileError) as refused:
        parse_variant(text, game)
    assert refused.value.line == line
    assert named in str(refused.value)


def test_a_refused_variant_plays_no_game():
    text = "name = \"too many\"\nhand_size = 8\n"
    written = Variant("too many", text, text_hash(text), {})  # as a record could hold it
    with pytest.raises(BadSetup) as refused:
        PG.new_state(3, seed=1, options={"variant": written.option()})
    assert "line 2" in str(refused.value) and "hand_size" in str(refused.value)


EXAMPLES = sorted(DOCS.glob("palastgefluester-*.toml")) + sorted(DOCS.glob("three-chapters-*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_example_variants_read_and_play(path):
    game = PG if path.name.startswith("palastgefluester") else TC
    variant = read_variant(path, game)
    assert variant.data != game.shipped_data()
    for players in (game.min_players, game.max_players):
        state = first_legal_game(game, players, 1, {"variant": variant.option()})
        assert state.is_terminal() and state.winners()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_random_games_of_the_examples_keep_the_games_invariants(path):
    game = PG if path.name.startswith("palastgefluester") else TC
    variant = read_variant(path, game)
    rng = Rng(29)
    for number in range(24):
        players = game.min_players + number % (game.max_players - game.min_players + 1)
        state = game.new_state(players, seed=number, options={"variant": variant.option()})
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            _check_invariants(game, state, variant)
            if rng.randbelow(25) == 0:
                again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
                assert again.state_hash() == state.state_hash()
                seat = state.current_player
                if seat is not None:
                    drawn = state.determinize(seat, rng)
                    _check_invariants(game, drawn, variant)
                    assert drawn.observation(seat)["hand"] == state.observation(seat)["hand"]


def _check_invariants(game, state, variant):
    assert state.data == variant.data
    if game is PG:
        cards = [c for zone in (*state.hands, *state.displays, state.draw, state.discard) for c in zone]
        assert Counter(cards) == Counter(variant.data.deck(state.num_players))
        if not state.is_terminal():
            assert all(len(h) + len(d) == variant.data.hand_size
                       for h, d in zip(state.hands, state.displays, strict=True))
    else:
        cards = [v for zone in state.zones().values() for v in zone]
        assert sorted(cards) == list(range(1, 51))
        assert state.scores() == [variant.data.points(t) for t in state.tokens]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_record_of_a_variant_game_carries_the_variant_and_replays_exactly(path, tmp_path):
    from game.core.records import Record, footer_for, read_record, replay, write_record

    game = PG if path.name.startswith("palastgefluester") else TC
    variant = read_variant(path, game)
    options = {"variant": variant.option()}
    players = game.min_players
    actions = bot_game(game, PalastBot() if game is PG else ChaptersBot(), players, 5, options)
    state = game.new_state(players, 5, options)
    seats = []
    for text in actions:
        seats.append(state.current_player)
        state.apply(text)
    record = Record(game.id, str(game.version), players, 5, game.check_setup(players, options),
                    [{"name": f"Bot {s}", "kind": "bot", "bot": "heuristic"} for s in range(players)],
                    list(zip(seats, actions, strict=True)), footer_for(state, len(actions)))
    write_record(tmp_path / "game.jsonl", record)
    again = read_record(tmp_path / "game.jsonl")
    assert again.options["variant"] == variant.option()
    replayed = replay(again)
    assert replayed.state_hash() == state.state_hash() and replayed.data == variant.data
