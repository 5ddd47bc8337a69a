"""Hints a player can follow (issue 26): every hint, in every game and phase, marks what it suggests on the
table; its reasons agree with its move at the one rounding they are shown at; and its box keeps clear of
the hinted move, the person's own plate and hand and the prompt, at every window size."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from test_table_support import click_on, close_app, make_app

from game.ai import hint as hint_module
from game.ai.base import Bot, Decision, Figure
from game.ai.hint import Hint, Reason, explain, hint, render, shown_percent
from game.core import Action, Rng
from game.match import Match, Seat
from scenes.table import open_table
from scenes.table.kit.hint import Shown

GAMES = ("palastgefluester", "palace", "gloria_picktoria", "three_chapters")
#: The action kinds each game's person meets in a few bot games: every phase with a decision of its own.
KINDS = {
    "palastgefluester": {"play", "discard", "take", "give", "pick", "next"},
    "palace": {"swap", "ready", "play", "pickup"},
    "gloria_picktoria": {"treasure", "take", "draw", "open", "doubler", "fox", "pass_fox", "keep_fox"},
    "three_chapters": {"pick", "play"},
}


def person_decisions(game_id: str, seed: int, size: tuple[int, int] = (1280, 720),
                     decisions: int = 120) -> Iterator[Any]:
    """A table of `game_id` with Anna (a person, choosing at random) against two random bots: the table
    at each of her decisions, caught up (the caller may look before she plays on)."""
    app = make_app(size)
    try:
        match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed)
        table = open_table(app, match)
        app.push(table)
        rng = random.Random(seed)
        for _ in range(decisions):
            click_on(app, lambda: (table.caught_up and bool(table.legal)) or match.is_over(), limit=6000)
            if match.is_over():
                return
            yield table
            table.hint.shown = None
            table.act(rng.choice(table.legal))
    finally:
        close_app(app)


def show_hint(table: Any, action: str) -> None:
    """The table shows a hint for `action` (as the worker's answer would be shown)."""
    table.hint.shown = Shown(len(table.match.actions), Hint(Action.parse(action), (Reason("rule_of_thumb"),)),
                             f"Hint: {action}", ["It is what a good player's rule of thumb picks here"])


# -- every hint marks its action -------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_hint_marks_the_card_pile_target_or_button_of_its_action(game_id):
    """Whatever the hint names (any legal action of any phase), the table rings what to click for it:
    the action's own target, or the cards to pick up for it and where they go."""
    seen: set[str] = set()
    window = pygame.Rect(0, 0, 1280, 720)
    for seed in (1, 2, 3):
        for table in person_decisions(game_id, seed):
            for action in table.legal:
                show_hint(table, action)
                rings = table.hint.rects()
                kind = Action.parse(action).kind
                seen.add(kind)
                assert rings, f"a hint for {action!r} marks nothing ({table.obs.get('phase')})"
                assert all(window.colliderect(r) for r in rings)
                exact = [t for t in table.targets if t.action == action]
                if game_id == "gloria_picktoria" and not exact:  # a thing to pick up and where it goes
                    assert len(rings) >= 2, f"{action!r}: the thing is ringed, not where it goes"
                if game_id == "palace" and kind == "play" and table.obs.get("phase") == "play" and not exact:
                    count = int(str(Action.parse(action).args[0]).partition("x")[0])
                    cards = [t for t in table.hint.targets() if t.select is not None]
                    assert len(cards) == count, f"{action!r}: the cards to play are ringed, each of them"
                    assert table.pile_rect in rings, f"{action!r}: the pile they go on is ringed"
        if KINDS[game_id] <= seen:
            break
    assert KINDS[game_id] <= seen, f"phases not reached: {KINDS[game_id] - seen}"


# -- reasons agree with the move --------------------------------------------------------------------
class _Searched(Bot):
    """A search that chose `chosen` with these figures (the chosen one's first)."""

    def __init__(self, chosen: Action, figures: list[Figure]) -> None:
        self.chosen = chosen
        self.last_figures = figures

    def choose(self, decision: Decision, rng: Rng) -> Action:
        return self.chosen


def _searched_hint(monkeypatch, results: tuple[float, float], policy_first: bool,
                   games: tuple[int, int] = (100, 100)) -> Hint:
    """A hint whose search played both of a Palace position's first two moves 100 times, with these
    summed results; the rule of thumb's own move is the chosen one when `policy_first`."""
    from game import load

    state = load("palace").new_state(3, 4)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    decision = Decision.of(state, seat)
    chosen, other = decision.legal[0], decision.legal[1]
    figures = [Figure(chosen, games[0], results[0]), Figure(other, games[1], results[1])]
    monkeypatch.setattr(hint_module, "make_bot", lambda game_id, level: _Searched(chosen, figures))
    monkeypatch.setattr(hint_module, "_rule_of_thumb",
                        lambda decision, rng: chosen if policy_first else other)
    return hint(decision, Rng(1))


def _search_reasons(found: Hint) -> list[Reason]:
    return [r for r in found.reasons if r.id.startswith("search_")]


@pytest.mark.parametrize("policy_first", [True, False])
def test_a_move_kept_against_a_better_looking_figure_says_why(monkeypatch, policy_first):
    """81% against 83%: the hint says the difference is within the search's noise and the move stands;
    it never shows the hinted move's figure lower than another's, nor presents it as the better one."""
    found = _searched_hint(monkeypatch, (81.0, 83.0), policy_first)
    [reason] = _search_reasons(found)
    assert reason.id == ("search_noise_plain" if policy_first else "search_noise")
    words = render("palace", reason)
    assert "noise" in words and "stands" in words and "%" not in words
    assert "better" not in explain("palace", found, limit=len(found.reasons))


@pytest.mark.parametrize("policy_first", [True, False])
def test_two_figures_equal_at_the_shown_rounding_are_said_to_be_equal(monkeypatch, policy_first):
    """34.4% and 33.6% both show as 34%: the hint says the chances are the same, never that simulated
    play found the move better."""
    found = _searched_hint(monkeypatch, (34.4, 33.6), policy_first)
    [reason] = _search_reasons(found)
    assert reason.id in ("search_tie", "search_tie_plain")
    assert reason.params["chance"] == reason.params["next_chance"] == 34
    assert "better" not in explain("palace", found, limit=len(found.reasons))


def test_a_better_figure_is_said_as_the_reason_and_an_overruled_rule_of_thumb_with_it(monkeypatch):
    found = _searched_hint(monkeypatch, (60.0, 40.0), policy_first=False)
    assert [r.id for r in _search_reasons(found)] == ["search_chance", "search_overrules"]


def test_a_move_tried_once_has_no_figure_said(monkeypatch):
    """One playout is a coin toss, and "1 of 1 simulated games" would read wrong: such figures are left
    out, the chosen move's (then no search reason at all) as well as the next best one's."""
    alone = _searched_hint(monkeypatch, (60.0, 1.0), policy_first=True, games=(100, 1))
    assert [r.id for r in _search_reasons(alone)] in (["search_alone"], ["search_chance_alone"])
    none = _searched_hint(monkeypatch, (1.0, 40.0), policy_first=True, games=(1, 100))
    assert _search_reasons(none) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hinted_moves_figure_is_never_shown_lower_without_saying_why(game_id):
    """Real searches along a game: a reason that sets the hinted move's chance beside another's shows
    it higher, says the two are the same, or says the difference is noise, at the rounding shown."""
    from game import load
    from game.ai import make_bot

    levels = {"palastgefluester": "ismcts:40", "palace": "ismcts:40", "gloria_picktoria": "improve:6",
              "three_chapters": "improve:6"}
    state = load(game_id).new_state(3, 9)
    bot = make_bot(game_id, "heuristic")
    rng = Rng(3)
    compared = 0
    for step in range(60):
        if state.is_terminal():
            break
        seat = state.current_player
        assert seat is not None
        decision = Decision.of(state, seat)
        if step % 6 == 0 and len(decision.legal) > 1:
            found = hint(decision, Rng(step), levels[game_id])
            if len(found.figures) > 1:
                compared += 1
                chosen, other = found.figures[0], found.figures[1]
                [first, *rest] = _search_reasons(found)
                assert first.params["chance"] == shown_percent(chosen)
                assert first.params["next_chance"] == shown_percent(other)
                if first.id == "search_chance":
                    assert first.params["chance"] > first.params["next_chance"]
                elif first.id.startswith("search_tie"):
                    assert first.params["chance"] == first.params["next_chance"] and not rest
                else:
                    assert first.id.startswith("search_noise") and not rest
                    assert first.params["chance"] < first.params["next_chance"]
        state.apply(bot.choose(decision, rng))
    assert compared


# -- the box keeps clear of what it talks about ------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768), (800, 600)])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_box_keeps_clear_of_the_move_the_own_plate_hand_and_prompt(game_id, size):
    checked = 0
    for table in person_decisions(game_id, 5, size, decisions=6):
        action = table.legal[-1]
        show_hint(table, action)
        table.app.step(1 / 60)  # the rings and the box are drawn
        box = table.hint.box
        assert box is not None and pygame.Rect(0, 0, *size).contains(box)
        own = table.panel_rects().get(f"plate {table.bottom_seat}")
        hand = [s.rect for s in table.layer if s.zone == table.hand_zone()]
        hinted = table.hint.rects()
        assert not any(box.colliderect(r) for r in hinted), f"{action!r}: the box hides the hinted move"
        assert own is None or not box.colliderect(own), "the box is read beside the own plate, not over it"
        assert not any(box.colliderect(r) for r in hand), "the box hides none of the own hand"
        assert table.prompt_box is None or not box.colliderect(table.prompt_box), "the box hides the prompt"
        checked += 1
    assert checked
