"""What language a text shown to a person is in: the words that give an English sentence away while
German is chosen, and the other way round; and every text a screen shows (drawn with the app's fonts
or held by a pygame-gui widget)."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pygame

from scenes import fonts

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
