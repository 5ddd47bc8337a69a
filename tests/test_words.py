"""Counts read right: one plural rule for every count the app shows."""

from __future__ import annotations

import pytest

from game.core.words import count, noun


@pytest.mark.parametrize(
    ("number", "word", "expected"),
    [
        (1, "point", "1 point"),
        (3, "problem", "3 problems"),
        (0, "card", "0 cards"),
        (-1, "point", "-1 point"),
        (-2, "point", "-2 points"),
        (2.0, "point", "2 points"),
        (1.0, "point", "1 point"),
        (2.5, "point", "2.5 points"),
        (2, "match", "2 matches"),
        (2, "cross", "2 crosses"),
        (4, "id", "4 ids"),
    ],
)
def test_count_puts_the_noun_in_the_form_its_number_needs(number, word, expected):
    assert count(number, word) == expected


def test_noun_alone():
    assert noun("trick", 1) == "trick"
    assert noun("trick", 7) == "tricks"
