"""3 Chapters rulings TC-R1..TC-R9, every ability form, and the edge cases, from hand-made positions.

Cards are named by value (see game/three_chapters/cards.toml): 1 Gestaltwandler, 2 Hänsel, 3 Gretel,
4 Weißer Hase, 5 Rotkäppchen, 6 Gieriger Zwerg, 7 Friedlicher Zwerg, 8 Zwerge der Freundschaft, 9 Pechmarie,
11 Bremer Esel, 12 Froschkönig, 13 Aschenputtel, 14 Zwerg Nase, 15 Grinsekatz, 16 Hutmacher, 17 Oger,
18 Gestiefelter Kater, 19 Rumpelstilzchen, 20 Märchenprinz, 24 Goldesel, 26 Kobold, 28 Rabe, 31 Herzkönigin,
33 Meerjungfrau, 35 Schneekönigin, 36 Einhorn, 39 Böser Wolf, 44 Troll, 45 Vampir, 46 König Drosselbart,
48 Teufel, 49 Phönix, 50 Drache.
`table(...)` builds a chapter-II position: every card not named lies out of the game.
"""

from __future__ import annotations

import json
import tomllib

import pytest

import game
import game.three_chapters.game as actions
from game.core import Action, BadSetup, CardMoved, IllegalAction, Note, Rng, RoundEnded, Shuffled
from game.i18n import Message
from game.three_chapters.abilities import CRYSTAL_BONUS, TRICK_WIN
from game.three_chapters.cards import (
    ATTRIBUTES,
    CARDS_FILE,
    CONDITION_KINDS,
    MULTIPLIER_KINDS,
    CardDataError,
    cards_from_data,
    default_cards,
    parse_cards,
)
from game.three_chapters.events import CHAPTER, ChapterEnded, NewDeal, TrickWon
from game.three_chapters.view import DraftView, GhostView, SeatTokens, ThreeChaptersObservation, TrickView

GAME = game.load("three_chapters")
CARDS = default_cards()
STARS, HEARTS, CRYSTALS = 0, 1, 2


def table(hands, displays=None, *, trick=(), leader=0, tokens=None, tricks_won=None, ghosts=None,
          aside=None, tricks_done=0):
    players = len(hands)
    data = GAME.new_state(players, 0).to_dict()
    displays = displays or [[] for _ in range(players)]
    ghosts = ghosts or [[] for _ in range(players)]
    aside = aside or [[] for _ in range(players)]
    placed = {v for zone in (*hands, *displays, *ghosts, *aside) for v in zone} | {v for _, v in trick}
    data.update(
        phase="play", deck=[], out=[v for v in range(1, 51) if v not in placed], deal=0, round=0,
        packets=[[] for _ in range(players)], picked_now=[0] * players, picks=[[] for _ in range(players)],
        ghosts=[list(g) for g in ghosts], hands=[sorted(h) for h in hands],
        displays=[list(d) for d in displays],
        aside=[list(a) for a in aside], trick=[list(p) for p in trick], leader=leader, start_player=leader,
        tricks_done=tricks_done, tokens=[list(t) for t in (tokens or [[0, 0, 0]] * players)],
        tricks_won=list(tricks_won or [0] * players), ledger=[], last_trick=None, draft_log=None,
    )
    return GAME.state_from_dict(data)


def play(state, *values):
    events = []
    for v in values:
        events += state.apply(f"play {v}")
    return events


def gained(state, seat, *, chapter=None, source=None, token=None, blocked=False):
    return sum(g.amount for g in state.ledger
               if g.seat == seat and (chapter is None or g.chapter == chapter)
               and (source is None or g.source == str(source)) and (token is None or g.token == token)
               and g.blocked == blocked)


def draft_to_the_end(state):
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])


# -- TC-R1 / TC-R2: the card set --------------------------------------------------------------------------
def test_tc_r1_fifty_cards_with_the_named_cards_of_the_seed():
    assert sorted(CARDS.cards) == list(range(1, 51))
    assert CARDS.cards[1].name == "Gestaltwandler" and CARDS.cards[1].attributes == frozenset(ATTRIBUTES)
    assert CARDS.cards[50].name == "Drache"
    names = {c.name for c in CARDS.cards.values()}
    for name in ("Froschkönig", "Einhorn", "Gieriger Zwerg", "Friedlicher Zwerg", "Zwerge der Freundschaft",
                 "Aschenputtel", "Grinsekatz", "Herzkönigin", "Troll", "Schneekönigin", "Vampir"):
        assert name in names
    assert len(CARDS.by_name("Aschenputtel").abilities) == 2
    assert CARDS.by_name("Grinsekatz").evaluate_last and CARDS.by_name("Herzkönigin").evaluate_last
    assert all(c.attributes for c in CARDS.cards.values())
    assert set(CARDS.attribute_names) == set(ATTRIBUTES)
    assert CARDS.attribute_names["boesewicht"] == "Villain"  # English; German through the catalogue
    assert CARDS.cards[4].english_name == "White Rabbit"


def test_tc_r2_every_ability_form_is_used_and_has_a_hover_text():
    state = GAME.new_state(4, 1)
    whens, pers, seals, rewards = set(), set(), set(), set()
    for card in CARDS.cards.values():
        lines = state.card_lines(card.value)
        assert len(lines) >= len(card.abilities)
        assert all(line and line.endswith(".") for line in lines)
        for ability in card.abilities:
            seals.add(ability.seal)
            rewards.add(ability.reward or "block")
            if ability.when:
                whens.add(ability.when.kind)
            if ability.per:
                pers.add(ability.per.kind)
    assert whens == set(CONDITION_KINDS) and pers == set(MULTIPLIER_KINDS)
    assert seals == {"II", "III", "both"} and rewards == {"stars", "hearts", "crystals", "block"}
    assert state.card_lines(12) == ["Chapter III: +3 hearts if you have at least 1 other Crown card."]


# -- TC-R3: the draft with 4-6 players --------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 5, 6])
def test_tc_r3_draft_pick_hidden_pass_left_until_seven(players):
    state = GAME.new_state(players, 3)
    assert all(len(p) == 8 for p in state.packets) and len(state.deck) == 50 - 8 * players
    first = [list(p) for p in state.packets]
    pick = min(state.packets[0])
    events = state.apply(f"pick {pick}")
    moved = [e for e in events if isinstance(e, CardMoved)]
    assert [e.card for e in moved] == [str(pick)] and moved[0].seen_by(1).card is None
    # Nothing is passed before everyone has picked; nobody else learns the pick.
    assert state.current_player == 1 and state.packets[1] == first[1]
    for seat in range(1, players):
        obs = state.observation(seat)
        assert all(pick not in seen["cards"] for seen in obs["draft"]["memory"])
        assert obs["draft"]["picks"] == [] and obs["draft"]["pick_counts"][0] == 1
    for _ in range(1, players):
        state.apply(state.legal_actions()[0])
    # Passed to the left: seat 1 now holds what seat 0 had, minus seat 0's pick.
    assert sorted(state.packets[1]) == sorted(v for v in first[0] if v != pick)
    assert state.round == 1 and state.picked_now == [0] * players
    draft_to_the_end(state)
    assert state.phase == "play"
    assert all(len(h) == 7 for h in state.hands) and len(state.out) == players


def test_tc_r3_a_pick_changes_only_counters_in_the_other_seats_view():
    state = GAME.new_state(5, 8)
    before = [state.observation(s) for s in range(5)]
    state.apply(state.legal_actions()[3])
    for seat in range(1, 5):
        after = state.observation(seat)
        changed = {k for k in after if after[k] != before[seat][k]}
        assert changed <= {"current_player", "prompt", "draft", "hand_counts"}
        assert after["draft"]["picks"] == before[seat]["draft"]["picks"]
        assert after["draft"]["memory"] == before[seat]["draft"]["memory"]


# -- TC-R4: 3 players draft twice ------------------------------------------------------------------------
def test_tc_r4_three_players_draft_four_then_four_more_from_a_new_deal():
    state = GAME.new_state(3, 4)
    for _ in range(4 * 3):
        state.apply(state.legal_actions()[-1])
    # The first four picks are done; the 4 cards left of each packet are gone unseen; 8 new each.
    assert state.deal == 1 and state.round == 0
    assert len(state.out) == 12 and all(len(p) == 4 for p in state.picks)
    assert all(len(p) == 8 for p in state.packets) and len(state.deck) == 50 - 48
    assert state.observation(0)["out_count"] == 12 and "out" not in state.observation(0)
    draft_to_the_end(state)
    assert all(len(h) == 8 for h in state.hands)
    assert len(state.out) == 24 and len(state.deck) == 2


# -- TC-R5: 2 players with ghosts ------------------------------------------------------------------------
def test_tc_r5_two_players_pick_for_themselves_and_their_ghost():
    state = GAME.new_state(2, 5)
    assert [str(a).split()[0] for a in state.legal_actions()] == ["pick"] * 8
    keep, ghost = min(state.packets[0]), max(state.packets[0])
    state.apply(f"pick {keep}")
    assert state.current_player == 0 and all(a.kind == "ghost" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="ghost"):
        state.apply(f"pick {ghost}")
    outside = next(v for v in range(1, 51) if v not in state.packets[0])
    with pytest.raises(IllegalAction, match="not in the packet"):
        state.apply(f"ghost {outside}")
    state.apply(f"ghost {ghost}")
    assert state.picks[0] == [keep] and state.ghosts[0] == [ghost] and state.current_player == 1
    assert state.observation(1)["draft"]["ghost_pile"] == []
    assert state.observation(0)["draft"]["ghost_pile"] == [ghost]
    events = []
    while state.phase == "draft":
        events = state.apply(state.legal_actions()[0])
    assert all(len(h) == 8 for h in state.hands) and all(len(g) == 8 for g in state.ghosts)
    assert len(state.out) == 0 and len(state.deck) == 50 - 32
    # Each ghost pile is shuffled once the draft is over; its order is hidden from everyone.
    assert {e.zone for e in events if isinstance(e, Shuffled)} == {"ghost:0", "ghost:1"}
    assert state.observation(0)["ghosts"][0] == {"owner": 0, "position": 2, "pile": 8, "aside": []}
    assert state.observation(0)["draft"]["ghost_pile"] == sorted(state.ghosts[0])


def test_tc_r5_trick_order_start_player_ghost_second_player_ghost():
    # Seat 1 starts: seat 1, its ghost (position 3), seat 0, the ghost of seat 0 (position 2).
    state = table([[10, 11], [12, 13]], ghosts=[[20, 21], [22, 23]], leader=1)
    assert state.order == [0, 2, 1, 3] and state.current_player == 1
    state.apply("play 12")
    assert state.trick == [(1, 12), (3, 23)] and state.current_player == 0
    state.apply("play 10")
    # The ghost of seat 0 plays its top card at once, the trick is complete and scored.
    assert state.last_trick["plays"] == [[1, 12], [3, 23], [0, 10], [2, 21]]
    assert state.last_trick["winner"] == 3
    assert state.aside == [[21], [23]] and state.displays == [[10], [12]]
    assert state.tokens[0][STARS] == 0 and state.tokens[1][STARS] == 0  # a ghost's win scores nothing


def test_tc_r5_a_winning_ghost_leads_with_its_top_card():
    state = table([[10, 11], [12, 13]], ghosts=[[20, 21], [22, 50]], leader=0)
    play(state, 10, 12)  # 0, ghost 0 (21), 1, ghost 1 (50): the ghost of seat 1 wins
    assert state.last_trick["winner"] == 3
    # It leads the next trick with its next top card; then seat 0 decides.
    assert state.trick == [(3, 22)] and state.current_player == 0
    assert state.observation(0)["trick"]["leader"] == 3
    play(state, 11, 13)
    assert state.is_terminal() and all(len(d) == 2 for d in state.displays)


def test_tc_r5_ghost_cards_count_for_trick_conditions():
    # Rotkäppchen: 2 hearts if a Bösewicht is in the trick; the ghost plays Teufel (48).
    state = table([[5, 11], [12, 13]], ghosts=[[20, 48], [22, 23]], leader=0)
    play(state, 5, 12)
    assert gained(state, 0, chapter=2, source=5) == 2


# -- TC-R6: chapter II -----------------------------------------------------------------------------------
def test_tc_r6_highest_wins_a_star_cards_go_face_up_and_the_winner_leads():
    state = table([[10, 40], [30, 20], [45, 2]], leader=0)
    events = play(state, 10, 30, 2)
    assert state.tokens[1][STARS] == 1 and state.tricks_won == [0, 1, 0]
    assert state.displays == [[10], [30], [2]] and state.current_player == 1
    assert any(getattr(e, "dst", "") == "display:1" for e in events)
    last = state.observation(2)["last_trick"]
    assert last["winner"] == 1 and last["plays"][1] == {"position": 1, "seat": 1, "card": 30}
    assert str(last["gains"][0]["text"]) == "Seat 2: +1 star for winning the trick"


def test_tc_r6_grinsekatz_is_checked_after_every_other_player():
    # Seat 1's Troll raises it from 1 to 2 stars; only then does seat 0 (2 stars) tie for the fewest.
    state = table([[15], [44], [5]], tokens=[[2, 0, 0], [0, 0, 0], [3, 0, 0]], leader=0)
    play(state, 15, 44, 5)
    assert gained(state, 1, chapter=2, source=44) == 1
    assert gained(state, 0, chapter=2, source=15) == 1


def test_tc_r6_herzkoenigin_is_checked_after_every_other_player():
    # Seat 0 has 3 hearts, seat 1 two; seat 1's Kobold (lost: +2 hearts) comes first: no longer most.
    state = table([[31], [26], [50]], tokens=[[0, 3, 0], [0, 2, 0], [0, 0, 0]], leader=0)
    play(state, 31, 26, 50)
    assert gained(state, 1, chapter=2, source=26) == 2
    assert gained(state, 0, chapter=2, source=31) == 0


# -- TC-R7: chapter III ----------------------------------------------------------------------------------
def test_tc_r7_chapter_three_scores_all_face_up_cards_against_all_of_them():
    # Froschkönig (12) with another Krone (46) in the display: 3 hearts; König Drosselbart: 1 heart per Krone.
    state = table([[3], [4], [5]], [[12, 46], [], []], tricks_done=2)
    play(state, 3, 4, 5)
    assert gained(state, 0, chapter=3, source=12) == 3
    assert gained(state, 0, chapter=3, source=46) == 2
    assert state.is_terminal()


def test_tc_r7_most_crystals_get_four_more_and_ties_all_get_them():
    state = table([[3], [4], [9]], tokens=[[0, 0, 5], [0, 0, 5], [0, 0, 1]])
    play(state, 3, 4, 9)
    bonus = [gained(state, s, source=CRYSTAL_BONUS) for s in range(3)]
    assert bonus == [4, 4, 0]
    assert state.tokens[0][CRYSTALS] == 9 and state.tokens[1][CRYSTALS] == 9


# -- TC-R8: points and the tie-break ---------------------------------------------------------------------
def test_tc_r8_points_two_per_star_one_per_heart_one_per_pair_of_crystals():
    state = table([[3], [4], [9]], tokens=[[2, 3, 3], [0, 0, 0], [0, 0, 0]])
    assert state.scores()[0] == 2 * 2 + 3 + 1
    play(state, 3, 4, 9)
    # Pechmarie (9) is highest: 1 trick star; seat 0 gets the crystal bonus (3 + 4 = 7 crystals: 3 points).
    assert state.tokens[0] == [2, 3, 7] and state.scores()[0] == 10


def test_tc_r8_a_tie_on_points_goes_to_the_highest_card_in_the_display():
    state = table([[3], [4], [9]], [[45], [47], [10]], tokens=[[3, 0, 0], [3, 0, 0], [0, 0, 0]])
    play(state, 3, 4, 9)  # seat 2 wins a star; seats 0 and 1 stay level on 6 points
    scores = state.scores()
    assert scores[0] == scores[1] > scores[2]
    assert state.winners() == [1]
    assert "highest card" in str(state.result_text()) and "47" in str(state.result_text())


# -- TC-R9: what the table always shows ------------------------------------------------------------------
def test_tc_r9_the_trick_and_every_players_tokens_are_public():
    state = table([[10, 40], [30, 20], [45, 2]], tokens=[[1, 2, 3], [0, 0, 0], [4, 0, 1]], leader=0)
    play(state, 40)
    for seat in (None, 0, 1, 2):
        obs = state.observation(seat)
        assert obs["trick"]["plays"] == [{"position": 0, "seat": 0, "card": 40}]
        assert obs["trick"]["winning"] == 0 and obs["trick"]["to_play"] == 1
        assert [t["stars"] for t in obs["tokens"]] == [1, 0, 4]
        assert obs["tokens"][0]["crystals"] == 3
    assert state.observation(None)["hand"] is None
    assert state.observation(1)["hand"] == [20, 30]


def test_tc_r9_after_chapter_three_a_card_by_card_breakdown():
    state = table([[6], [4], [9]], [[12, 46, 17], [], []], tokens=[[2, 0, 0], [0, 0, 0], [0, 0, 0]],
                  tricks_won=[1, 0, 0])
    play(state, 6, 4, 9)
    rows = state.observation(2)["breakdown"]
    mine = rows[0]
    by_card = {c["card"]: c for c in mine["cards"]}
    assert by_card[6]["chapter2"] == [0, 0, 1] and by_card[6]["chapter3"] == [0, 0, 1]
    assert by_card[12]["chapter3"] == [0, 3, 0] and by_card[46]["chapter3"] == [0, 2, 0]
    assert mine["crystal_bonus"] == 4 and mine["points"]["total"] == state.scores()[0]
    # Every token is accounted for: start-of-position tokens aside, the ledger sums to the totals.
    total = [0, 0, 0]
    for c in mine["cards"]:
        for i in range(3):
            total[i] += c["chapter2"][i] + c["chapter3"][i]
    assert total[CRYSTALS] + mine["crystal_bonus"] == state.tokens[0][CRYSTALS]
    assert total[HEARTS] == state.tokens[0][HEARTS]


# -- the ability forms -----------------------------------------------------------------------------------
def test_form_flat_reward_in_both_chapters():
    state = table([[24], [4], [5]])
    play(state, 24, 4, 5)
    assert gained(state, 0, chapter=2, source=24) == 1 and gained(state, 0, chapter=3, source=24) == 1


def test_form_own_attribute_with_other_froschkoenig_needs_another_krone():
    alone = table([[12], [4], [5]], [[2], [], []])
    play(alone, 12, 4, 5)
    assert gained(alone, 0, source=12) == 0  # Froschkönig is a Krone itself: that does not count
    paired = table([[12], [4], [5]], [[20], [], []])
    play(paired, 12, 4, 5)
    assert gained(paired, 0, source=12) == 3


def test_form_own_attribute_with_other_einhorn_needs_another_kind():
    state = table([[36], [4], [5]], [[2], [], []])
    play(state, 36, 4, 5)
    assert gained(state, 0, chapter=3, source=36, token="hearts") == 3
    lonely = table([[36], [4], [5]], [[12], [], []])
    play(lonely, 36, 4, 5)
    assert gained(lonely, 0, source=36) == 0


def test_form_own_named_card_gretel_wants_haensel():
    state = table([[3], [4], [5]], [[2], [], []])
    play(state, 3, 4, 5)
    assert gained(state, 0, chapter=3, source=3) == 3


def test_form_trick_attribute_other_zwerg_nase():
    # Zwerg Nase is a Zauberer itself: it needs ANOTHER Zauberer in the trick.
    lone = table([[14], [4], [5]])
    play(lone, 14, 4, 5)
    assert gained(lone, 0, source=14) == 0
    paired = table([[14], [21], [5]])
    play(paired, 14, 21, 5)
    assert gained(paired, 0, source=14) == 2


def test_form_result_won_troll_takes_two_stars():
    state = table([[44], [4], [5]])
    play(state, 44, 4, 5)
    assert state.tokens[0][STARS] == 2
    assert gained(state, 0, source=TRICK_WIN) == 1 and gained(state, 0, source=44) == 1


def test_form_result_won_vampir_heart_on_top_of_the_star():
    state = table([[45], [4], [5]])
    play(state, 45, 4, 5)
    assert state.tokens[0][:2] == [1, 1]


def test_form_result_lost_and_lowest():
    state = table([[26], [9], [30]])
    play(state, 26, 9, 30)
    assert gained(state, 0, source=26) == 2  # Kobold lost
    assert gained(state, 1, source=9) == 2  # Pechmarie is the lowest card
    not_lowest = table([[26], [9], [1]])
    play(not_lowest, 26, 9, 1)
    assert gained(not_lowest, 1, source=9) == 0 and gained(not_lowest, 2, source=1) == 1


@pytest.mark.parametrize(("card", "place", "amount"), [(4, 0, 2), (20, 1, 1), (18, 1, 2), (28, 2, 2)])
def test_form_position_led_second_middle_last(card, place, amount):
    others = [v for v in (10, 11) if v != card]
    values = others[:place] + [card] + others[place:]
    hands = [[v] for v in values]
    state = table(hands)
    play(state, *values)
    assert gained(state, place, chapter=2, source=card) == amount
    elsewhere = [10, 11]
    elsewhere.insert((place + 1) % 3, card)
    moved = table([[v] for v in elsewhere])
    play(moved, *elsewhere)
    assert gained(moved, (place + 1) % 3, chapter=2, source=card) == 0


def test_form_tricks_won_at_most_friedlicher_zwerg_ignores_stars_from_abilities():
    # Three stars from abilities, no trick won in chapter II: 2 more stars.
    state = table([[7], [40], [41]], tokens=[[3, 0, 0], [0, 0, 0], [0, 0, 0]])
    play(state, 7, 40, 41)
    assert gained(state, 0, chapter=3, source=7) == 2
    winner = table([[45], [40], [41]], [[7], [], []])
    play(winner, 45, 40, 41)
    assert gained(winner, 0, chapter=3, source=7) == 0


def test_form_tricks_won_at_least_phoenix():
    state = table([[49], [40], [41]], tricks_won=[2, 0, 0], tricks_done=3)
    play(state, 49, 40, 41)  # the third trick won
    assert gained(state, 0, chapter=3, source=49) == 2


def test_form_standing_most_hearts_in_chapter_three():
    state = table([[31], [40], [41]], tokens=[[0, 4, 0], [0, 1, 0], [0, 4, 0]])
    play(state, 31, 40, 41)
    assert gained(state, 0, chapter=3, source=31) == 2


def test_form_per_own_attribute_in_groups_bremer_esel():
    state = table([[11], [40], [41]], [[4, 10, 12, 33], [], []])  # 4 other Tier cards: 2 stars
    play(state, 11, 40, 41)
    assert gained(state, 0, chapter=3, source=11) == 2
    fewer = table([[11], [40], [41]], [[4, 10, 12], [], []])  # 3 other Tier cards: 1 star
    play(fewer, 11, 40, 41)
    assert gained(fewer, 0, chapter=3, source=11) == 1


def test_form_per_trick_attribute_hutmacher_counts_itself():
    state = table([[16], [4], [10]])  # Hutmacher, Weißer Hase, Haselmaus: 3 Wunderland cards
    play(state, 16, 4, 10)
    assert gained(state, 0, chapter=2, source=16) == 3


def test_form_per_own_tokens_zwerge_der_freundschaft_count_the_final_hearts():
    # 2 hearts, then Herzkönigin's chapter-III 2 hearts (most hearts) before the count: 4 crystals.
    state = table([[8], [40], [41]], [[31], [], []], tokens=[[0, 2, 0], [0, 0, 0], [0, 0, 0]])
    play(state, 8, 40, 41)
    assert gained(state, 0, chapter=3, source=31) == 2
    assert gained(state, 0, chapter=3, source=8) == 4


def test_form_per_attribute_kind_rumpelstilzchen():
    # Rumpelstilzchen (Zwerg, Zauberer, Bösewicht) + Hänsel (Kind) + Weißer Hase (Tier, Wunderland):
    # 6 different attributes, a heart per 2.
    state = table([[19], [40], [41]], [[2, 4], [], []])
    play(state, 19, 40, 41)
    assert gained(state, 0, chapter=3, source=19) == 3
    more = table([[19], [40], [41]], [[2, 4, 50], [], []])  # + Drache (Monster): 7, still 3
    play(more, 19, 40, 41)
    assert gained(more, 0, chapter=3, source=19) == 3


def test_form_per_trick_won_oger():
    state = table([[17], [40], [41]], tricks_won=[2, 0, 0], tricks_done=2)
    play(state, 17, 40, 41)
    assert gained(state, 0, chapter=3, source=17) == 2


def test_gieriger_zwerg_one_crystal_in_each_chapter_and_four_more_with_three_other_zwerge():
    state = table([[6], [40], [41]], [[7, 8, 14], [], []])
    play(state, 6, 40, 41)
    assert gained(state, 0, chapter=2, source=6) == 1
    assert gained(state, 0, chapter=3, source=6) == 1 + 4


def test_aschenputtel_has_two_independent_abilities():
    state = table([[13], [40], [41]], [[20], [], []])
    play(state, 13, 40, 41)
    assert gained(state, 0, chapter=2, source=13) == 2  # lost the trick
    assert gained(state, 0, chapter=3, source=13) == 3  # has the Märchenprinz
    alone = table([[13], [4], [5]])
    play(alone, 13, 4, 5)  # won the trick, no Märchenprinz: neither ability
    assert gained(alone, 0, source=13) == 0


def test_form_block_schneekoenigin_with_a_trick_winner_reward():
    # Böser Wolf wins (2 crystals if it wins): blocked; the trick star and Grinsekatz's star still count.
    state = table([[35], [39], [15]], tokens=[[1, 0, 0], [1, 0, 0], [0, 0, 0]])
    play(state, 35, 39, 15)
    assert gained(state, 1, source=39, blocked=True) == 2 and gained(state, 1, source=39) == 0
    assert state.tokens[1][STARS] == 2 and gained(state, 1, chapter=2, token="crystals") == 0
    assert gained(state, 2, chapter=2, source=15) == 1
    breakdown = state.observation(0)["breakdown"]
    assert breakdown[1]["blocked"][0]["source"] == "39"


def test_form_block_works_only_in_its_own_trick():
    state = table([[35, 40], [4, 24], [5, 26]], leader=0)
    play(state, 35, 4, 5)
    play(state, 40, 24, 26)  # the next trick: Goldesel's crystal and Kobold's hearts count again
    assert gained(state, 1, chapter=2, source=24) == 1 and gained(state, 2, source=26) == 2


# -- the card file: every fault names the card and the field ---------------------------------------------
def card_data():
    return tomllib.loads(CARDS_FILE.read_text(encoding="utf-8"))


def troll(data):
    return next(c for c in data["card"] if c["name"] == "Troll")


def broken(change):
    data = card_data()
    change(data)
    with pytest.raises(CardDataError) as info:
        cards_from_data(data)
    return str(info.value)


def test_the_card_file_loads_and_names_are_unique():
    assert parse_cards(CARDS_FILE.read_text(encoding="utf-8")).cards.keys() == CARDS.cards.keys()


def set_ability(**fields):
    return lambda d: troll(d)["abilities"][0].update(fields)


def add_ability(**fields):
    return lambda d: troll(d)["abilities"].append(fields)


def set_card(**fields):
    return lambda d: troll(d).update(fields)


TROLL = "card 44 'Troll': "
FIRST = TROLL + "ability 1: "


@pytest.mark.parametrize(("change", "expected"), [
    (set_ability(reward="gold"), FIRST + "unknown reward 'gold'"),
    (set_ability(amount=0), FIRST + "amount"),
    (set_ability(seal="IV"), FIRST + "unknown seal 'IV'"),
    (set_ability(when={"kind": "weather"}), FIRST + "when: unknown condition kind 'weather'"),
    (set_ability(when={"kind": "result", "result": "draw"}), FIRST + "when: result"),
    (set_ability(when={"kind": "own", "attribute": "elf"}), FIRST + "when: unknown attribute 'elf'"),
    (set_ability(when={"kind": "own", "attribute": "tier", "count": 0}), FIRST + "when: count"),
    (set_ability(when={"kind": "own_card", "card": "Zwerg Bart"}), FIRST + "when: card: there is no card"),
    (set_ability(when={"kind": "own_card", "card": "Troll"}), FIRST + "when: card: a card cannot ask"),
    (set_ability(when={"kind": "standing", "token": "stars", "standing": "most"}),
     FIRST + "when: 'standing' compares"),
    (set_ability(when={"kind": "tricks_won"}), FIRST + "when: tricks_won needs exactly one"),
    (set_ability(seal="III"), FIRST + "when: 'result' needs a trick"),
    (set_ability(per={"kind": "own", "attribute": "tier", "group": 0}), FIRST + "per: group"),
    (set_ability(per={"kind": "everything"}), FIRST + "per: unknown multiplier kind 'everything'"),
    (set_ability(per={"kind": "tokens", "token": "gold"}), FIRST + "per: token"),
    (set_ability(colour="red"), FIRST + "unknown field 'colour'"),
    (set_ability(text=7), FIRST + "text"),
    (add_ability(seal="III", block=["hearts"]), TROLL + "ability 2: seal: a blocking ability"),
    (add_ability(seal="II", block=["gold"]), TROLL + "ability 2: block"),
    (set_card(attributes=["riese"]), TROLL + "attributes: unknown attribute 'riese'"),
    (set_card(attributes=[]), TROLL + "attributes"),
    (set_card(evaluate_last="yes"), TROLL + "evaluate_last"),
    (set_card(abilities="strong"), TROLL + "abilities"),
    (set_card(strength=9), TROLL + "unknown field 'strength'"),
    (set_card(value=18), "card 18 'Troll': value: 18 is already used by 'Gestiefelter Kater'"),
    (set_card(value=51), "card #44 'Troll': value"),
    (set_card(name=""), "card 44: name"),
    (set_card(name="Vampir"), "card 45 'Vampir': name: 'Vampir' is already the name of card 44"),
    (lambda d: d["card"].remove(troll(d)), "no card with value 44"),
    (lambda d: d["attributes"].pop("krone"), "attributes: 'krone' needs a display name"),
])
def test_a_malformed_card_file_names_the_card_and_the_field(change, expected):
    assert expected in broken(change)


def test_a_card_file_that_is_no_toml_says_so():
    with pytest.raises(CardDataError, match="not valid TOML"):
        parse_cards("[[card]\nvalue = 1", source="mine.toml")


# -- refusals and positions ------------------------------------------------------------------------------
def test_illegal_actions_raise_and_change_nothing():
    state = GAME.new_state(4, 11)
    outside = next(v for v in range(1, 51) if v not in state.packets[0])
    h = state.state_hash()
    for text, words in [("play 5", "draft"), (f"pick {outside}", "not in the packet"),
                        ("ghost 3", "2-player"), ("dance", "no 3 Chapters move"), ("pick x", "card value"),
                        ("pick 99", "no card 99")]:
        with pytest.raises(IllegalAction, match=words):
            state.apply(text)
        assert state.state_hash() == h
    play_state = table([[10, 40], [30, 20], [45, 2]])
    h = play_state.state_hash()
    for text, words in [("play 30", r"Seat 1 has no Sorcerer.s Apprentice \(30\) in hand"),
                        ("pick 10", "Chapter II")]:
        with pytest.raises(IllegalAction, match=words):
            play_state.apply(text)
        assert play_state.state_hash() == h
    play(play_state, 10, 30, 2, 20, 45, 40)
    with pytest.raises(IllegalAction, match="over"):
        play_state.apply("play 40")


def test_bad_positions_are_refused_with_a_reason():
    data = table([[10, 40], [30, 20], [45, 2]]).to_dict()
    twice = json.loads(json.dumps(data))
    twice["hands"][0].append(30)
    with pytest.raises(BadSetup, match="twice"):
        GAME.state_from_dict(twice)
    lost = json.loads(json.dumps(data))
    lost["out"].pop()
    with pytest.raises(BadSetup, match="missing"):
        GAME.state_from_dict(lost)
    phase = json.loads(json.dumps(data))
    phase["phase"] = "chapter four"
    with pytest.raises(BadSetup, match="phase"):
        GAME.state_from_dict(phase)
    drafted = GAME.new_state(4, 2)
    drafted.apply(drafted.legal_actions()[0])
    forged = drafted.to_dict()
    packet, kept = forged["packets"][0], forged["picks"][0]
    forged["picks"][0], forged["packets"][0] = packet[:1], kept + packet[1:]  # another card kept
    with pytest.raises(BadSetup, match="draft_log"):
        GAME.state_from_dict(forged)


def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest():
    state = GAME.new_state(4, 21)
    draft_to_the_end(state)
    state.apply(state.legal_actions()[0])
    seen_differences = 0
    for k in range(5):
        drawn = state.determinize(2, Rng(k))
        assert drawn.observation(2) == state.observation(2)
        assert drawn.hands[2] == state.hands[2]
        seen_differences += drawn.hands[0] != state.hands[0]
        # Cards a seat saw in the packets it passed stay where the log allows (state_from_dict checks).
        GAME.state_from_dict(drawn.to_dict())
    assert seen_differences > 0


# -- the package's declared data: action constructors, event kinds, the observation ---------------------
def test_the_action_constructors_write_the_records_notation():
    assert str(actions.pick(17)) == "pick 17" and str(actions.ghost(3)) == "ghost 3"
    assert str(actions.play(50)) == "play 50"
    assert all(Action.parse(str(made(9))) == made(9) for made in actions.CONSTRUCTORS.values())
    state = GAME.new_state(2, 5)
    assert state.legal_actions() == [actions.pick(v) for v in sorted(state.packets[0])]
    state.apply(actions.pick(min(state.packets[0])))
    assert state.legal_actions() == [actions.ghost(v) for v in sorted(state.packets[0])]
    hand = table([[10, 40], [30, 20], [45, 2]])
    assert hand.legal_actions() == [actions.play(10), actions.play(40)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_events_a_view_tells_apart_are_declared_kinds_with_the_logs_words(players):
    state = GAME.new_state(players, 8)
    events = []
    while not state.is_terminal():
        events += state.apply(state.legal_actions()[0])
    deals = [e for e in events if isinstance(e, NewDeal)]
    assert [(e.deal, e.deals) for e in deals] == ([] if players > 3 else [(2, 2)])
    assert all(isinstance(e.text, Message) and e.text.msgid == "Chapter I: deal {deal} of {deals}"
               for e in deals)
    ends = [e for e in events if isinstance(e, RoundEnded)]
    assert all(isinstance(e, ChapterEnded) and e.reason == CHAPTER == "chapter" for e in ends)
    assert [(e.chapter, e.text.msgid) for e in ends if isinstance(e, ChapterEnded)
            and isinstance(e.text, Message)] == [
        (1, "Chapter I is over: Chapter II begins"), (2, "Chapter II is over: Chapter III scores")]
    won = [e for e in events if isinstance(e, TrickWon)]
    assert [e.trick for e in won] == list(range(1, len(won) + 1)) and len(won) == state.tricks_done
    for event in won:
        assert isinstance(event.text, Message)
        assert event.text.args["value"] == event.card and event.seat == state.owner(event.winner)
        assert event.seen_by(1) == event, "who won which trick is public"
    assert not any(hasattr(e, "detail") for e in events if isinstance(e, Note)), "no kind has detail keys"


def _keys(typed) -> set[str]:
    return set(typed.__required_keys__) | set(typed.__optional_keys__)


@pytest.mark.parametrize("players", [2, 5])
def test_the_observation_holds_exactly_the_declared_keys(players):
    state = GAME.new_state(players, 4)
    for seat in (0, None):
        for _ in range(3):
            obs = state.observation(seat)
            assert set(obs) == _keys(ThreeChaptersObservation)
            assert set(obs["draft"]) == _keys(DraftView) and set(obs["trick"]) == _keys(TrickView)
            assert all(set(t) == _keys(SeatTokens) for t in obs["tokens"])
            assert all(set(g) == _keys(GhostView) for g in obs["ghosts"])
            while not state.is_terminal() and state.phase == "draft":
                state.apply(state.legal_actions()[0])
            if not state.is_terminal():
                state.apply(state.legal_actions()[0])
