"""The guided first games, headless: each can be played to its summary by a scripted player, teaches
each rule once when it first matters, and points only at cards the learner may see."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import make_bot
from game.ai.base import Decision
from game.core import KartentischError, Rng
from game.guide import GAMES, LEARNER, GuidedGame, at, course, placed


def leaves(value: Any) -> set[str]:
    """Every value in an observation, as text."""
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return {str(value)}


def play_through(game_id: str):
    """The learner plays the heuristic's moves; every lesson shown is collected with its cards."""
    guided = GuidedGame(course(game_id))
    bot = make_bot(game_id, "heuristic")
    shown = []
    moves = 0
    while True:
        guided.match.run_bots()
        seen = leaves(guided.match.observation(LEARNER))
        shown.extend((item, seen) for item in guided.check())
        if guided.finished():
            break
        legal = guided.match.legal_actions(LEARNER)
        assert legal, "the learner must be deciding when the bots stop"
        guided.match.play(bot.choose(Decision.of(guided.match.state, LEARNER), Rng(moves)))
        moves += 1
    return guided, shown


@pytest.mark.parametrize("game_id", GAMES)
def test_a_guided_game_plays_to_its_summary(game_id):
    guided, shown = play_through(game_id)
    summary = guided.summary()
    lessons = course(game_id).lessons
    assert [s.lesson.id for s, _ in shown] == guided.taught
    assert len(set(guided.taught)) == len(guided.taught)  # each rule once
    assert shown[0][0].lesson == lessons[0]  # the first rule is the first thing said
    assert len(summary.learnt) >= len(lessons) - 2  # the deal brings up nearly every rule
    assert set(summary.learnt) | set(summary.missed) == {lesson.title for lesson in lessons}
    assert summary.moves > 3 and summary.outcome
    assert guided.match.autosave is None  # a first game never replaces the saved game


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_points_at_cards_the_learner_can_see(game_id):
    """The cards a lesson points at are in the learner's own observation: its hand, a table row, the
    pile, the King card, the middle; never a hidden hand."""
    guided, shown = play_through(game_id)
    from scenes.art import ArtLibrary

    known = set(ArtLibrary().card_ids(game_id))
    for item, seen in shown:
        cards = [placed(named)[0] for named in item.cards]
        assert set(cards) <= known, item
        for card in cards:
            # the fox, the doubler and the Dschingis Hahn in the middle are on the table for all to see;
            # a King card shows its person
            assert card in ("fox", "doubler", "dh") or card.removeprefix("king/") in seen, card


def test_every_lesson_has_words_and_a_title():
    for game_id in GAMES:
        made = course(game_id)
        assert made.intro and made.lessons
        assert len({lesson.id for lesson in made.lessons}) == len(made.lessons)
        for lesson in made.lessons:
            assert lesson.title and len(lesson.text) > 30


def test_a_game_without_a_course_is_refused():
    with pytest.raises(KartentischError):
        course("duel")


def test_a_card_named_by_where_it_lies_keeps_its_zone():
    assert placed(at("display:1", "Zauberer/brown")) == ("Zauberer/brown", "display:1")
    assert placed("Zauberer/brown") == ("Zauberer/brown", None)
    assert placed(at("hand:0", "king/Zofe")) == ("king/Zofe", "hand:0")


@pytest.mark.parametrize("game_id", ["palastgefluester", "gloria_picktoria"])
def test_a_lesson_names_each_card_of_a_deck_with_copies_by_where_it_lies(game_id):
    """Two copies of a card may lie in the hand and in a row (or on offer): the lesson says which one it
    means, so the table does not point at the other."""
    _, shown = play_through(game_id)
    named = [card for item, _ in shown for card in item.cards]
    assert named
    zones = [placed(card)[1] for card in named]
    singles = {"fox", "dh"}  # one figure, or the Dschingis Hahn cards all together in the middle
    assert all(zone is not None or placed(card)[0] in singles or card.startswith("king/")
               for card, zone in zip(named, zones, strict=True)), named
