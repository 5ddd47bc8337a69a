"""Gloria Picktoria's instruction for the thing in hand (under the own plate) is always whole: wrapped in
its box in both languages and at every window size, never cut mid-sentence, and clear of the doubler, the
hand and the Hint button."""

from __future__ import annotations

import pygame
import pytest
from test_table_support import close_app, frames_until, make_app

from game import i18n
from game.match import Match, Seat
from scenes.fonts import font
from scenes.table import open_table

SIZES = [(800, 600), (1280, 720), (1600, 900), (1920, 1080), (900, 1200)]


@pytest.fixture
def language():
    before = i18n.language()
    yield i18n.set_language
    i18n.set_language(before)


def gloria_table(size, players: int):
    app = make_app(size, "off")
    seats = [Seat("Anna")] + [Seat.ai(n, "random") for n in ("Benedikt", "Cleopatra", "Dorothea", "Emil")]
    match = Match("gloria_picktoria", seats[:players], 5)
    table = open_table(app, match)
    app.push(table)
    frames_until(app, lambda: table.caught_up and table.settled and bool(table.legal)
                 and match.human_to_act() == 0, limit=3000)
    return app, table


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", SIZES)
def test_the_instruction_is_whole_and_clear(language, lang, size):
    language(lang)
    app, table = gloria_table(size, 5)
    try:
        cards = [t.select for t in table.targets if t.select and t.select.startswith("card:")]
        assert cards
        for item in (max(cards, key=len), "fox"):
            table.picked = item
            text = table._picked_prompt()
            lines, font_size = table.note_lines(text)
            assert " ".join(lines).split() == text.split(), "the whole instruction, nothing cut"
            face = font(font_size, True)
            box = table.note_rect
            assert len(lines) * face.get_linesize() + 8 <= box.height, f"{len(lines)} lines overflow {box}"
            assert max(face.size(line)[0] for line in lines) <= box.width - 8
        hint = next(b.rect for b in table.buttons if b.key == "hint")
        assert not box.colliderect(hint)
        for sprite in table.layer:
            if sprite.shown and sprite.zone in (table.hand_zone(), f"doubler:{table.bottom_seat}"):
                assert not box.colliderect(pygame.Rect(sprite.rect)), sprite.zone
    finally:
        close_app(app)
