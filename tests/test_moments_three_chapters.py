"""3 Chapters' moments on the table, each started by the engine's events of a seeded game of bots: a trick
won gathers to its highest card and its star flies to the winner's plate, then every card's chapter-II
rewards fly from that card to its owner's plate, which counts up (TC-R6); chapter III is counted card by
card with a running count and the most-crystals bonus is stamped after every card (TC-R7); the winner gets
a finale of confetti (TC-R8). The chapter banners and the end sheet wait for a click, or go on by
themselves when the player chose so. A click or Enter skips a moment to the end it reaches by itself; with
reduced motion nothing flashes and no spark is drawn."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from test_table_support import click, click_on, close_app, frames_until, make_app, waiting_banner

from game.core import Event, GameEnded
from game.match import Match, Seat
from game.three_chapters.abilities import points
from game.three_chapters.events import ChapterEnded, TrickWon
from scenes.table import open_table
from scenes.table.kit.moments import RESTLESS_KINDS, CountUp, Fade, Pulse, Sparks, Stamp
from scenes.table.three_chapters.moments import Reward, RunningCount, SheetReveal
from scenes.table.three_chapters.pieces import TOKEN_GLYPHS
from scenes.table.three_chapters.sheet import SheetBanner
from scenes.table.three_chapters.story import TrickBanner
from scenes.table.three_chapters.table import ThreeChaptersTable

GAME = "three_chapters"
NAMES = ("Anna", "Ben", "Cleo", "Dora")
FRAME = 1 / 60
# seeded games of "normal" bots: with four players seed 2's second trick pays several cards' rewards and
# seed 6's fourth has a reward blocked by the Schneekönigin; with two (and their ghosts) seed 6's second
# trick is won by a ghost and pays two cards' rewards, and in seed 1 both players tie for the most crystals
REWARDS = (2, 4, 2)  # seed, players, trick
BLOCKED = (6, 4, 4)
GHOST_WINS = (6, 2, 2)
TIED_BONUS = (1, 2)  # seed, players


@pytest.fixture
def app():
    app = make_app((1280, 720), "normal")
    yield app
    close_app(app)


def new_match(seed: int, players: int) -> Match:
    return Match(GAME, [Seat.ai(name, "normal") for name in NAMES[:players]], seed)


def trick_won(number: int) -> Callable[[Event], bool]:
    return lambda event: isinstance(event, TrickWon) and event.trick == number


def chapter_two_ends(event: Event) -> bool:
    return isinstance(event, ChapterEnded) and event.chapter == 2


def actions_before(seed: int, players: int, brings: Callable[[Event], bool]) -> int:
    """How many actions of the seeded game come before the first whose events hold one that `brings`."""
    probe = new_match(seed, players)
    while not probe.is_over():
        if any(brings(event) for event in probe.step_bot() or []):
            return len(probe.actions) - 1
    raise AssertionError("the seeded game has no such event")


def table_before(app, seed: int, players: int,
                 brings: Callable[[Event], bool]) -> tuple[ThreeChaptersTable, Match]:
    """Seat 0's table of the seeded game, settled just before the action whose events start the moment
    (the bots move only when the test says so)."""
    match = new_match(seed, players)
    for _ in range(actions_before(seed, players, brings)):
        match.step_bot()
    table = open_table(app, match, seat=0, follow=False, to_results=False, bots=False)
    assert isinstance(table, ThreeChaptersTable)
    app.push(table)
    click_on(app, lambda: table.caught_up, 900)
    return table, match


def next_action(match: Match, brings: Callable[[Event], bool]) -> list[Event]:
    events = match.step_bot() or []
    assert any(brings(event) for event in events)
    return events


def gains_of(match: Match, number: int) -> list[dict]:
    """The rewards of chapter II's trick `number`, in the order they were checked."""
    return [g for g in match.observation(0)["ledger"] if g["chapter"] == 2 and g["trick"] == number]


def label(gain: dict) -> str:
    return f"{TOKEN_GLYPHS[gain['token']][0]}+{gain['amount']}"


def effects_of(table: ThreeChaptersTable, kind: type) -> list:
    return [e for e in table.moments.effects if isinstance(e, kind)]


def tokens_of(match: Match) -> list[list[int]]:
    return [[t["stars"], t["hearts"], t["crystals"], t["tricks_won"]] for t in match.observation(0)["tokens"]]


# -- a trick won (TC-R6) -------------------------------------------------------------------------------
def test_trick_won_tc_r6_the_trick_gathers_to_its_highest_card_and_the_star_flies_to_the_winners_plate(
        app, heard):
    seed, players, number = REWARDS
    table, match = table_before(app, seed, players, trick_won(number))
    won = next(e for e in next_action(match, trick_won(number)) if isinstance(e, TrickWon))
    assert won.seat is not None
    winner = str(won.card)
    stars, tricks = table.live_tokens[won.seat][0], table.live_tokens[won.seat][3]
    frames_until(app, lambda: bool(effects_of(table, Reward)), 600)

    star = effects_of(table, Reward)[0]
    assert star.label == "★+1" and star.seat == won.seat
    assert table.places[won.seat].plate.collidepoint(star.end), "the star lands on the winner's plate"
    frames_until(app, lambda: table.gathered is not None and not table.layer.busy, 120)
    assert table.trick_result is not None and table.trick_result.number == number, "its rewards beside it"
    cards = {s.card: s for s in table.layer if s.zone == "trick"}
    trick = table.model.zones["trick"]
    slots = dict(zip([entry.card for entry in trick], table.slot_centres(), strict=True))
    assert len(slots) == len(cards) == players
    assert cards[winner].rect.collidepoint(star.start), "it leaves from the winning card"
    for card, sprite in cards.items():  # every card closed up to the winning one, which kept its place
        if card != winner:
            assert abs(sprite.center[0] - cards[winner].center[0]) < abs(slots[card][0] - slots[winner][0])
    assert cards[winner].center[0] == pytest.approx(slots[winner][0], abs=1)
    assert max(s.z for s in cards.values()) == cards[winner].z, "the winning card on top"
    assert table.live_tokens[won.seat][0] == stars, "the star is not on the plate before it lands"
    frames_until(app, lambda: star.done, 120)
    assert table.live_tokens[won.seat][0] == stars + 1 and table.live_tokens[won.seat][3] == tricks + 1
    frames_until(app, lambda: "chime" in heard, 30)


def test_trick_won_tc_r6_each_cards_rewards_fly_from_it_to_its_owners_plate_which_counts_up(app):
    seed, players, number = REWARDS
    table, match = table_before(app, seed, players, trick_won(number))
    before = list(table.live_points)
    won = next(e for e in next_action(match, trick_won(number)) if isinstance(e, TrickWon))
    frames_until(app, lambda: bool(effects_of(table, Reward)), 600)
    gains = gains_of(match, number)
    rewards = effects_of(table, Reward)

    assert [(g["seat"], label(g)) for g in gains] == [(r.seat, r.label) for r in rewards], \
        "one flight per reward, in the order they were checked, each token showing it"
    assert len([g for g in gains if g["source"] != "trick"]) >= 2
    delays = [r.delay for r in rewards]
    assert delays == sorted(delays) and len(set(delays)) == len(delays), "staggered: one after another"
    checked = {str(won.card) if g["source"] == "trick" else g["source"] for g in gains}
    assert len(effects_of(table, Pulse)) == len(checked), "each card lit as it is checked"
    scores = match.observation(0)["scores"]
    counts = {c.center: c for c in effects_of(table, CountUp)}
    changed = [seat for seat in range(players) if scores[seat] != before[seat]]
    assert len(counts) == len(changed)
    for seat in changed:
        count = counts[table.score_spot(seat)]
        assert (count.start, count.end) == (before[seat], scores[seat]), "the plate counts up to its points"
        assert count.delay >= max(r.delay + r.duration for r in rewards if r.seat == seat) - 1e-9, \
            "once its rewards are in"
        assert table.live_points[seat] == before[seat], "the old points until it counts"
    frames_until(app, lambda: table.gathered is not None and not table.layer.busy, 120)
    for gain, reward in zip(gains[1:], rewards[1:], strict=True):
        card = next(s for s in table.layer if s.card == gain["source"])
        assert card.zone == "trick" and card.rect.collidepoint(reward.start), "from the card that gave it"
        assert table.places[gain["seat"]].plate.collidepoint(reward.end), "to its owner's plate"
    frames_until(app, lambda: not table.moments.busy, 900)
    assert table.live_points == [int(s) for s in scores] and table.live_tokens == tokens_of(match)
    assert isinstance(table.banner, TrickBanner) and not table.banner.waits


def test_trick_won_tc_r6_a_blocked_reward_fades_at_its_card_and_never_reaches_the_plate(app):
    seed, players, number = BLOCKED
    table, match = table_before(app, seed, players, trick_won(number))
    next_action(match, trick_won(number))
    frames_until(app, lambda: bool(effects_of(table, Reward)), 600)
    gains = gains_of(match, number)
    blocked = [g for g in gains if g["blocked"]]
    assert blocked
    assert [r.label for r in effects_of(table, Reward)] == [label(g) for g in gains if not g["blocked"]]
    fades = effects_of(table, Fade)
    assert len(fades) == len(blocked) and all(table.trick_box.collidepoint(f.center) for f in fades)
    frames_until(app, lambda: not table.moments.busy, 900)
    assert table.live_tokens == tokens_of(match), "the plates gained what was not blocked, and only that"


def test_trick_won_by_a_ghost_tc_r5_brings_no_star_but_the_cards_rewards_still_fly(app):
    seed, players, number = GHOST_WINS
    table, match = table_before(app, seed, players, trick_won(number))
    won = next(e for e in next_action(match, trick_won(number)) if isinstance(e, TrickWon))
    assert won.seat is None and won.winner >= players
    frames_until(app, lambda: bool(effects_of(table, Reward)), 600)
    gains = gains_of(match, number)
    assert gains and not [g for g in gains if g["source"] == "trick"], "ghosts score nothing"
    assert [(r.seat, r.label) for r in effects_of(table, Reward)] == [(g["seat"], label(g)) for g in gains]
    frames_until(app, lambda: not table.moments.busy, 900)
    assert table.live_tokens == tokens_of(match)


EndState = tuple[list[str], list[int], list[list[int]], object, list[tuple[str, str, int, int]]]


def end_state(table: ThreeChaptersTable) -> EndState:
    """What the table keeps and shows once a moment has ended: the log, the plates' points and tokens, the
    trick won beside the cards or the sheet over them, and where every card lies."""
    cards = sorted((s.zone, str(s.card), round(s.center[0]), round(s.center[1])) for s in table.layer)
    shown = (table.trick_result.number if table.trick_result else None, table.sheet_counted,
             type(table.banner).__name__)
    return list(table.log_lines), list(table.live_points), [list(t) for t in table.live_tokens], shown, cards


def played_out(brings: Callable[[Event], bool], shows: type, seed: int, players: int,
               skip: str | None) -> tuple[EndState, EndState]:
    """The seeded moment played on a fresh table, skipped by `skip` ("click", "enter") as soon as its
    `shows` effect plays, or let run: what the table keeps when the moment has ended, and once the table
    has caught up."""
    app = make_app((1280, 720), "normal")
    try:
        table, match = table_before(app, seed, players, brings)
        next_action(match, brings)
        frames_until(app, lambda: bool(effects_of(table, shows)), 1200)
        app.step(FRAME)
        if skip == "click":
            click(app, table.info_box.center)
        elif skip == "enter":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
        frames_until(app, lambda: not table.moments.busy, 900)
        ended = end_state(table)
        click_on(app, lambda: table.caught_up, 2000)
        return ended, end_state(table)
    finally:
        close_app(app)


@pytest.mark.parametrize("skip", ["click", "enter"])
def test_trick_won_tc_r6_a_click_or_enter_skips_the_moment_to_the_end_it_reaches_by_itself(skip):
    seed, players, number = REWARDS
    skipped = played_out(trick_won(number), Reward, seed, players, skip)
    assert skipped == played_out(trick_won(number), Reward, seed, players, None)


# -- chapter III counted (TC-R7) -------------------------------------------------------------------------
def test_chapter_three_tc_r7_counts_card_by_card_then_stamps_the_most_crystals_bonus(app, heard):
    seed, players = TIED_BONUS
    table, match = table_before(app, seed, players, chapter_two_ends)
    next_action(match, chapter_two_ends)
    frames_until(app, lambda: bool(effects_of(table, SheetReveal)), 1200)
    reveal = effects_of(table, SheetReveal)[0]
    breakdown = match.observation(0)["breakdown"]
    sheet = table.sheet
    assert sheet is not None and len(sheet.columns) == players
    picture, rect = table.sheet_picture(sheet)

    counts = effects_of(table, RunningCount)
    assert len(counts) == players
    for seat, count in enumerate(counts):
        entry = breakdown[seat]
        two = [sum(c["chapter2"][i] for c in entry["cards"]) for i in range(3)]
        two[0] += entry["trick_stars"]
        values = [value for _, value in count.steps]
        assert values[0] == points(two), "it starts at the chapter-II points"
        assert values[-1] == match.observation(0)["scores"][seat], "and ends at the final points"
        assert values == sorted(values), "a running count only goes up"
        x, y = picture.count_spot(seat)
        assert count.center == (rect.x + x, rect.y + y)

    stamps = effects_of(table, Stamp)
    bonus = [entry["seat"] for entry in breakdown if entry["crystal_bonus"]]
    assert len(bonus) == 2 and len(stamps) == len(bonus), "a stamp for each who has the most crystals"
    last_card = max(count.steps[i][0] for count, rows in zip(counts, sheet.columns, strict=True)
                    for i, row in enumerate(rows[:-2]) if not row.bonus)
    for seat, stamp in zip(bonus, stamps, strict=True):
        column = picture.row_rect(seat, 0).move(rect.topleft)
        assert column.left <= stamp.center[0] <= column.right, "on that player's column"
        assert stamp.delay > last_card, "after every card was counted"

    stages = []
    while table.moments.busy:
        stages.append(reveal.stage)
        app.step(FRAME)
    assert stages == sorted(stages) and stages[0] == 0 and stages[-1] == sheet.stages, "row after row"
    assert "stamp" in heard and heard.count("tick") >= 2
    banner = table.banner
    assert isinstance(banner, SheetBanner) and banner.waits, "the end sheet waits for a click"
    assert table.live_points == [int(s) for s in match.observation(0)["scores"]]


@pytest.mark.parametrize("skip", ["click", "enter"])
def test_chapter_three_tc_r7_a_click_or_enter_skips_the_count_to_the_end_it_reaches_by_itself(skip):
    seed, players = TIED_BONUS
    skipped = played_out(chapter_two_ends, SheetReveal, seed, players, skip)
    assert skipped == played_out(chapter_two_ends, SheetReveal, seed, players, None)


# -- the game's end (TC-R8) ------------------------------------------------------------------------------
def test_the_end_tc_r8_the_sheet_waits_for_a_click_then_the_winner_gets_a_finale_of_confetti(app, heard):
    seed, players = TIED_BONUS
    table, match = table_before(app, seed, players, chapter_two_ends)
    ended = next(e for e in next_action(match, chapter_two_ends) if isinstance(e, GameEnded))
    frames_until(app, lambda: isinstance(table.banner, SheetBanner), 1200)
    sheet_banner = table.banner
    for _ in range(600):  # ten seconds: it stays until clicked
        app.step(FRAME)
    assert table.banner is sheet_banner and not effects_of(table, Sparks)
    click(app, (table.scale.width // 2, table.scale.height // 2))
    frames_until(app, lambda: bool(effects_of(table, Sparks)), 120)

    confetti = effects_of(table, Sparks)[0]
    assert confetti.area == pygame.Rect(0, 0, table.scale.width, table.scale.height), "over the whole table"
    winners = list(ended.winners)
    stamps = effects_of(table, Stamp)
    assert len(stamps) == len(winners)
    for seat, stamp in zip(winners, stamps, strict=True):
        plate = table.places[seat].plate
        assert plate.inflate(plate.width, plate.height * 4).collidepoint(stamp.center), "at their plate"
        assert any(p.rect == plate for p in effects_of(table, Pulse))
    assert table.sheet_counted, "the sheet stays on the table under the confetti"
    frames_until(app, lambda: "particles" in table.moments.kinds_drawn, 30)
    frames_until(app, lambda: "fanfare" in heard, 30)
    click_on(app, lambda: table.caught_up, 900)


def test_the_chapter_end_banners_wait_for_a_click_or_go_on_by_themselves_when_the_player_chose_so(app):
    def chapter_one_ends(event: Event) -> bool:
        return isinstance(event, ChapterEnded) and event.chapter == 1

    table, match = table_before(app, 3, 4, chapter_one_ends)
    next_action(match, chapter_one_ends)
    frames_until(app, lambda: waiting_banner(app), 1200)
    banner = table.banner
    for _ in range(600):
        app.step(FRAME)
    assert table.banner is banner, "it stays until clicked"
    click(app, (table.scale.width // 2, table.scale.height // 2))
    frames_until(app, lambda: table.banner is not banner, 5)

    app.stack.clear()
    app.settings.continue_after = 2
    table, match = table_before(app, 3, 4, chapter_two_ends)
    next_action(match, chapter_two_ends)
    frames_until(app, lambda: isinstance(table.banner, SheetBanner), 1200)
    assert table.banner.waits
    frames_until(app, lambda: not isinstance(table.banner, SheetBanner), int(2.5 / FRAME))


# -- reduced motion ----------------------------------------------------------------------------------------
def test_reduced_motion_every_moment_of_the_game_plays_without_shaking_flashing_or_sparks(app):
    app.settings.reduced_motion = True
    seed, players, number = BLOCKED
    table, match = table_before(app, seed, players, trick_won(number))
    while not match.is_over():  # every trick from there, the count and the finale
        match.step_bot()
        click_on(app, lambda: table.caught_up, 3000)
    drawn = table.moments.kinds_drawn
    assert {"fade", "sheet", "count"} <= drawn, "every moment showed, calmly"
    assert not drawn & RESTLESS_KINDS
    assert table.live_tokens == tokens_of(match)
