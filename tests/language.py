"""What language a text shown to a person is in: the words that give an English sentence away while
German is chosen, and the other way round; and every text a screen shows (drawn with the app's fonts
or held by a pygame-gui widget)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import pygame
from test_table_support import frames_until

from game import i18n
from scenes import fonts, look, menu_buttons

T = TypeVar("T")

#: words that only an English sentence has (none of them is a German word or a name at this table)
ENGLISH = frozenset(str.split("""
the and your you is are has have with for not cannot can't must from this that these those what which
who whose plays play draws draw takes take gives give wins won points point cards card turn round game
over player players next back settings new resume quit choose pick discard hand's their there
here now only more less than then when while will would should could each every other another
"""))
#: words that only a German sentence has
GERMAN = frozenset(str.split("""
der die das den dem des und ist sind hat haben mit für nicht kein keine keinen muss darf von zum zur
dein deine du sie spielt zieht nimmt gibt gewinnt punkte punkt karte karten zug runde spiel vorbei
spieler weiter zurück einstellungen neues starten fortsetzen beenden wähle jetzt nur mehr als wenn
jeder jede jedes andere noch auf aus bei nach
"""))

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)


def foreign_words(text: str, language: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of `text` that belong to the other language (`allowed`: names that may appear)."""
    other = ENGLISH if language == "de" else GERMAN
    skip = {w.lower() for w in allowed}
    return [w for w in _WORD.findall(text) if w.lower() in other and w.lower() not in skip]


class TextSpy:
    """Every text drawn with the app's fonts while it is installed (`install(monkeypatch)`)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def install(self, monkeypatch) -> TextSpy:
        # the menus keep what they rendered: start afresh so every text is drawn (and seen) again
        look._rendered.cache_clear()
        menu_buttons._button_face.cache_clear()
        render = fonts.Font.render
        texts = self.texts

        def spy(face, text, *args, **kwargs) -> pygame.Surface:
            if isinstance(text, str) and text.strip():
                texts.append(text)
            return render(face, text, *args, **kwargs)

        monkeypatch.setattr(fonts.Font, "render", spy)
        return self

    def take(self) -> list[str]:
        found, self.texts[:] = list(self.texts), []
        return found


def widget_texts(scene) -> list[str]:
    """The texts of a scene's pygame-gui widgets (buttons, labels, text boxes, menus, tool tips)."""
    if not getattr(scene, "has_ui", False):
        return []
    found = []
    for element in scene.ui.get_sprite_group().sprites():
        for name in ("text", "html_text", "tool_tip_text", "selected_option"):
            value = getattr(element, name, None)
            if isinstance(value, tuple):
                value = value[0]
            if isinstance(value, str) and value.strip():
                found.append(re.sub(r"<[^>]+>", " ", value))
    return found


def give_aways(texts: Iterable[str], language: str, allowed: Iterable[str] = ()) -> dict[str, list[str]]:
    """Each text with words of the other language (`allowed`: names that may appear), and those words."""
    names = list(allowed)
    found = {text: foreign_words(text, language, names) for text in set(texts)}
    return {text: words for text, words in found.items() if words}


def in_both(make: Callable[[], T]) -> dict[str, T]:
    """What `make()` gives in English and in German; English is chosen again afterwards."""
    out = {}
    for code in ("en", "de"):
        i18n.set_language(code)
        out[code] = make()
    i18n.set_language("en")
    return out


#: the seats' names the words tests give
NAMES = ("Anna", "Ben", "Cleo", "Dora")


def said(text: Any, names: Sequence[str] = NAMES) -> dict[str, str]:
    """A text of the engine in English and in German, with the seats named."""
    return in_both(lambda: i18n.words(text, names))


def texts_of_a_bot_game(app, table, match, spy: TextSpy, *, steps: int, sprites: int, notes_every: int = 1,
                        end_frames: int = 900) -> list[str]:
    """Every text a table of bots shows from the deal to the end: what is drawn, its widgets, what the
    first `sprites` cards say when looked at (every `notes_every` steps) and why they may not be played,
    and the log once the game is over."""
    shown: list[str] = []
    for step in range(steps):
        frames_until(app, lambda: match.is_over() or table.settled, limit=120)
        app.step(1 / 60)
        if step % notes_every == 0:
            for sprite in list(table.layer)[:sprites]:
                shown += table.card_notes(sprite)
                why = table.refusal(sprite)
                shown += [why] if why else []
            shown += widget_texts(table)
        shown += spy.take()
        if match.is_over():
            break
    frames_until(app, lambda: table.caught_up, limit=end_frames)
    for _ in range(30):
        app.step(1 / 60)
    return shown + spy.take() + widget_texts(table) + table.log_lines


def shown(app, spy: TextSpy, frames: int = 3) -> list[str]:
    """Every text the screen in front draws over a few frames, its widgets' texts and tooltips included."""
    for _ in range(frames):
        assert app.step(1 / 60)
    return [*spy.take(), *widget_texts(app.stack.top)]
