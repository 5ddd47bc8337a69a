"""Hot-seat keeps every secret (ALL-R2): several people share the screen of each game's table, playing
only by clicks on what the table offers and on its handoff screens. Every string the app draws while a
person has the screen is caught, and none may name a card that person's observation never showed, nor
repeat a line written from what another seat saw. At 1920x1080 no line is cut short with an ellipsis.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from test_table_support import click, click_banner, close_app, make_app, waiting_banner

import game
from game.match import Match, Seat
from scenes.table import open_table
from scenes.table.kit.handoff import HandoffScene
from scenes.table.kit.log_panel import LogPanel
from scenes.table.kit.paint import TextCache

NAMES = ["Anna", "Ben", "Cleo"]
SETUPS = {  # game: (humans, players) — every person's secrets against the others'
    "palastgefluester": (2, 3),
    "palace": (3, 3),
    "gloria_picktoria": (2, 3),
    "three_chapters": (2, 2),
}
DECISIONS = 36  # human decisions played per game
CARD_LISTS = {"hand", "picks", "ghost_pile", "cards", "picked", "aside"}  # 3 Chapters' lists of cards


# -- what names a card, per game ------------------------------------------------------------------
def card_labels(game_id: str) -> Callable[[Any], str | None]:
    """The words a table names one card by (None: a game whose cards come in many equal copies, whose
    secrets the line check below covers)."""
    if game_id == "palastgefluester":
        from scenes.table.palastgefluester.story import card_label

        return card_label
    if game_id == "palace":
        from scenes.table.palace.panels import card_text

        return card_text
    if game_id == "three_chapters":
        from scenes.table.three_chapters.panels import card_label as label

        return label
    return lambda card: None


def cards_in(game_id: str, obs: Any, key: str = "") -> Iterator[Any]:
    """Every card an observation shows (for 3 Chapters: the numbers in its card lists)."""
    if isinstance(obs, dict):
        for k, value in obs.items():
            if game_id == "three_chapters" and k == "card" and isinstance(value, int):
                yield value
            yield from cards_in(game_id, value, k)
    elif isinstance(obs, list):
        for value in obs:
            if game_id == "three_chapters":
                if isinstance(value, int) and key in CARD_LISTS:
                    yield value
                elif isinstance(value, list) and key == "displays":
                    yield from value
            yield from cards_in(game_id, value, key)
    elif isinstance(obs, str) and game_id != "three_chapters":
        yield obs


def first_seen(match: Match, seat: int | None) -> dict[Any, int]:
    """card -> how many actions had been played when `seat`'s observation first showed it, from a fresh
    replay of the record (the observation alone says what a seat may know)."""
    rules = game.load(match.game.id)
    state = rules.new_state(len(match.seats), match.seed, match.options)
    seen: dict[Any, int] = {}
    for count in range(len(match.actions) + 1):
        for card in cards_in(match.game.id, state.observation(seat)):
            seen.setdefault(card, count)
        if count < len(match.actions):
            state.apply(rules.parse_action(state, match.actions[count][1]))
    return seen


def secret_lines(table, match: Match, seat: int | None) -> set[str]:
    """Lines the table writes for an event as another seat saw it that `seat` saw otherwise."""
    viewers = sorted({None, *range(len(match.seats))} - {seat}, key=lambda s: -1 if s is None else s)
    mine = match.history(seat)
    own_lines = {table.describe(e) for step in mine for e in step.events}
    secret: set[str] = set()
    for other in viewers:
        for theirs, ours in zip(match.history(other), mine, strict=True):
            for event, own in zip(theirs.events, ours.events, strict=True):
                if event != own:
                    line = table.describe(event)
                    if line and line != table.describe(own) and line not in own_lines:
                        secret.add(line)
    return secret


# -- the screen, caught -----------------------------------------------------------------------------
class Caught:
    """Every string a TextCache renders, by frame, with who had the screen when it was drawn and how
    far the game was then."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.frames: list[tuple[int | None, int, list[str]]] = []
        self.start_frame()

    def start_frame(self) -> None:
        self.frames.append((self.match.view_seat, len(self.match.actions), []))

    def note(self, text: str) -> None:
        if self.frames[-1][:2] != (self.match.view_seat, len(self.match.actions)):
            self.start_frame()  # the screen changed hands (or the game moved on) within the frame
        self.frames[-1][2].append(text)


@pytest.fixture
def catching(monkeypatch):
    holder: dict[str, Caught] = {}
    render, fitted = TextCache.render, TextCache.fitted

    def caught_render(self, text, *args, **kwargs):
        if "now" in holder:
            holder["now"].note(text)
        return render(self, text, *args, **kwargs)

    def caught_fitted(self, text, *args, **kwargs):
        if "now" in holder:
            holder["now"].note(text)
        return fitted(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", caught_render)
    monkeypatch.setattr(TextCache, "fitted", caught_fitted)
    return holder


def step(app, caught: Caught) -> None:
    caught.start_frame()
    app.step(1 / 60)


def play_hot_seat(app, table, match: Match, caught: Caught, rng: random.Random) -> tuple[int, int]:
    """Play DECISIONS human decisions by clicks; after every handoff look at the history panel too.
    Returns (decisions, handoffs)."""
    decisions = handoffs = 0
    for _ in range(60000):
        if match.is_over() or decisions >= DECISIONS:
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click(app, (10, 10))
            step(app, caught)
            handoffs += 1
            step(app, caught)  # the table as the new person sees it
            if handoffs % 3 == 1:  # the whole history, as that person knows it
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
                step(app, caught)
                assert isinstance(app.stack.top, LogPanel)
                step(app, caught)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
                step(app, caught)
            continue
        if top is table and waiting_banner(app):  # a round's end waits: the person at the screen clicks
            click_banner(app)
            step(app, caught)
            continue
        if top is table and table.settled and table.targets and match.human_to_act() is not None:
            assert match.view_seat == match.human_to_act()
            before = len(match.actions)
            click(app, rng.choice(table.click_points())[0])
            step(app, caught)
            decisions += len(match.actions) > before
            continue
        step(app, caught)
    return decisions, handoffs


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SETUPS))
def test_all_r2_no_string_on_screen_tells_a_person_what_another_may_not(catching, game_id):
    humans, players = SETUPS[game_id]
    app = make_app((1920, 1080), "off")
    try:
        seats = [Seat(NAMES[i]) if i < humans else Seat.ai(NAMES[i], "random") for i in range(players)]
        match = Match(game_id, seats, seed=11)
        table = open_table(app, match)
        caught = catching["now"] = Caught(match)
        app.push(table)
        decisions, handoffs = play_hot_seat(app, table, match, caught, random.Random(11))
        del catching["now"]
        assert decisions >= 12 and handoffs >= 4, (decisions, handoffs)

        label = card_labels(game_id)
        for viewer in sorted({v for v, _, _ in caught.frames if v is not None}):
            seen = first_seen(match, viewer)
            labels = {label(card): card for card in cards_of_game(match)}
            secrets = secret_lines(table, match, viewer)
            told_too_much = []
            for who, played, texts in caught.frames:
                if who != viewer:
                    continue
                screen = " ".join(texts)  # a wrapped log line comes back whole
                for words, card in labels.items():
                    if words in screen and seen.get(card, len(match.actions) + 1) > played:
                        told_too_much.append(f"{card} ({words}) after {played} actions")
                told_too_much += [f"the line {line!r}" for line in secrets if line in screen]
            shown = sorted(set(told_too_much))[:5]
            assert told_too_much == [], f"{match.seats[viewer].name} was shown: {shown}"
        cut = sorted({text for _, _, texts in caught.frames for text in texts if text.endswith("…")})
        assert cut == [], "a line cut short at 1920x1080"
    finally:
        close_app(app)


def cards_of_game(match: Match) -> set[Any]:
    """Every card of the game (one of each)."""
    game_id = match.game.id
    if game_id == "palastgefluester":
        from game.palastgefluester.cards import deck

        return set(deck(len(match.seats)))
    if game_id == "palace":
        from game.palace.cards import DECK

        return set(DECK)
    if game_id == "three_chapters":
        from game.three_chapters.cards import default_cards

        return set(default_cards().cards)
    return set()


def test_all_r2_nothing_shown_to_the_person_before_survives_a_handoff():
    """A note, a banner or a shown hand put up for one person is gone when the next one takes the
    screen, however long it was meant to stay."""
    from scenes.table.kit import Banner, Reveal
    from scenes.table.kit.animation import Hold

    app = make_app((1280, 720), "off")
    try:
        seats = [Seat("Anna"), Seat("Ben"), Seat.ai("Cleo", "random")]
        match = Match("palastgefluester", seats, seed=3)
        table = open_table(app, match)
        app.push(table)
        for _ in range(2000):
            if isinstance(app.stack.top, HandoffScene):
                click(app, (10, 10))
            elif match.view_seat is not None and table.settled and table.targets:
                break
            app.step(1 / 60)
        first = match.view_seat
        hand = tuple(table.obs["hand"])
        table.say(f"{seats[first].name}'s secret: {hand[0]}")
        table.toast = (table.toast[0], 1e9)  # a note meant to stay: play goes on with it up
        click(app, table.click_points()[0][0])
        for _ in range(2000):
            app.step(1 / 60)
            top = app.stack.top
            if isinstance(top, HandoffScene) and top.seat != first:
                break
            if match.view_seat == first and table.settled and table.targets:
                click(app, table.click_points()[0][0])  # more of the same person's decisions
        assert isinstance(app.stack.top, HandoffScene)
        table.banner = Banner("Yours", [", ".join(hand)], Hold(1e9))  # as if still up for them
        table.reveal = Reveal(first, hand, Hold(1e9))
        assert table.toast is not None, "the note was still up when the screen was handed on"
        click(app, (10, 10))
        app.step(1 / 60)
        assert match.view_seat not in (None, first) and app.stack.top is table
        assert (table.toast, table.banner, table.reveal) == (None, None, None)
    finally:
        close_app(app)
