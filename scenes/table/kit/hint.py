"""The Hint at the table: the hard AI's move for the person deciding, shown on the table and said in one line.

A table owns one `TableHint`. `ask()` (the Hint button, the key H) asks the match for a hint; the match
thinks it in the worker process (Match.ask_hint), so the frames go on while it thinks, and `update()` looks
each frame whether it is ready. Then the table points at the move (the targets that stand for it: the card
or button itself, or the clicks that make it, `click_plan`, with where they go, `hint_spots`) and a box
says why (game.ai.hint.render), until the person moves. The box goes where it hides least: never the
hinted move, the person's own plate and hand or the prompt if the window has room. Hints can be turned off
per game (Settings.hints_off): then there is no button.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.hint import Hint, action_words, render
from game.core import KartentischError
from game.i18n import N_, tr
from scenes.fonts import font, wrap
from scenes.table.kit.paint import INK

if TYPE_CHECKING:
    from scenes.table.kit.targets import Target

HINT_KEY = pygame.K_h
#: How fast the rings around the hinted move pulse (per second).
PULSE_HZ = 1.5
THINKING = N_("Thinking about a hint…")
#: The hint's own colour, apart from the gold that marks every legal choice.
HINT_BLUE = (120, 214, 255)
#: How many of a hint's reasons the box shows (the game's own first, then the search's figures).
REASONS = 3


@dataclass
class Shown:
    """A hint on the table: for which decision, the move, its title and its reasons in words."""

    actions: int
    hint: Hint
    title: str
    why: list[str]


def point_at(surface: pygame.Surface, rect: pygame.Rect, scale: Any, time: float, *, steady: bool = False
             ) -> None:
    """A pulsing ring round `rect` and an arrow above it (below it at the window's top edge), in the
    hint's blue: "this one". The hint and the guided game's lessons point at cards this way (gold
    already marks every legal choice). `steady` (reduced motion): the ring and arrow hold still."""
    pulse = 0.5 if steady else 0.5 + 0.5 * math.sin(time * 2 * math.pi * PULSE_HZ)
    width = max(3, round(scale.px(4, 2) * (1 + pulse)))
    ring = pygame.Rect(rect).inflate(2 * width + 8, 2 * width + 8)
    pygame.draw.rect(surface, HINT_BLUE, ring, width, border_radius=max(4, ring.width // 10))
    size = scale.px(16, 8)
    gap = scale.px(4, 2) + round(pulse * size / 3)
    if ring.top - gap - size >= 0:
        tip = (ring.centerx, ring.top - gap)
        arrow = [tip, (tip[0] - size, tip[1] - size), (tip[0] + size, tip[1] - size)]
    else:  # a card at the window's top edge: the arrow points up at it from below
        tip = (ring.centerx, ring.bottom + gap)
        arrow = [tip, (tip[0] - size, tip[1] + size), (tip[0] + size, tip[1] + size)]
    pygame.draw.polygon(surface, HINT_BLUE, arrow)


class TableHint:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.shown: Shown | None = None
        self.asked_at: int | None = None
        self.box: pygame.Rect | None = None  # where the box was drawn last
        self._placed: tuple[Any, pygame.Rect] | None = None  # what the last placing saw, and its answer

    @property
    def enabled(self) -> bool:
        """Hints are on for this game (a setting) and the screen's person decides now."""
        table = self.table
        return table.app.settings.hints_on(table.match.game.id) and bool(table.legal)

    @property
    def thinking(self) -> bool:
        return self.asked_at == len(self.table.match.actions) and self.shown is None

    def ask(self) -> None:
        table = self.table
        if not table.app.settings.hints_on(table.match.game.id):
            table.say(tr("Hints are off for this game (see its setup screen)"))
            return
        if not self.enabled:
            table.say(tr("A hint is for your own decision"))
            return
        try:
            table.match.ask_hint()
        except KartentischError as exc:
            table.say(str(exc))
            return
        self.asked_at = len(table.match.actions)
        self.update()

    def forget_words(self) -> None:
        """The language changed: the hint shown is put into words again at the next update."""
        self.shown = None

    def update(self) -> None:
        """Each frame: take the hint once it is ready; forget it once the decision is made."""
        match = self.table.match
        if self.shown is not None and self.shown.actions != len(match.actions):
            self.shown = None
        if self.asked_at is not None and self.asked_at != len(match.actions):
            self.asked_at = None
        if self.asked_at is None or self.shown is not None:
            return
        found = match.hint()
        if found is None:
            return
        names = [self.table.seat_name(s) for s in range(len(match.seats))]
        move = action_words(match.game.id, found.action)
        why = [render(match.game.id, reason, names) for reason in found.reasons[:REASONS]]
        self.shown = Shown(len(match.actions), found, tr("Hint: {move}").format(move=move),
                           [w[:1].upper() + w[1:] for w in why])

    def targets(self) -> list[Target]:
        """The table's targets that stand for the hinted move: the move itself, the clicks that make it
        (the table's `click_plan`: the cards picked before the pile or row they go to), and any
        selection that names a thing the move moves (both cards of a swap)."""
        if self.shown is None:
            return []
        wanted = str(self.shown.hint.action)
        plan = set(self.table.click_plan(wanted)) | {wanted}
        words = set(re.split("[ :]", wanted))
        return [t for t in self.table.targets
                if t.key in plan or (t.select is not None and set(re.split("[ :]", t.select)) & words)]

    def rects(self) -> list[pygame.Rect]:
        """Where the hint's rings go: round each of its targets, and round the table's spots for the move
        that no target stands on yet (`hint_spots`)."""
        table = self.table
        out = []
        for target in self.targets():
            if target.uid is not None and target.uid in table.layer.sprites:
                out.append(pygame.Rect(table.layer.sprites[target.uid].rect))
            elif target.rect is not None:
                out.append(pygame.Rect(target.rect))
        if self.shown is not None:
            out.extend(pygame.Rect(spot) for spot in table.hint_spots(str(self.shown.hint.action))
                       if not any(pygame.Rect(spot).colliderect(rect) for rect in out))
        return out

    def draw(self, surface: pygame.Surface, anchor: pygame.Rect) -> None:
        """The rings round the hinted move, and its box (`_place_box`, nearest `anchor`, the Hint button):
        the move, then why (or a note while it thinks)."""
        table = self.table
        if self.thinking:
            self._draw_box(surface, anchor, [(tr(THINKING), HINT_BLUE)])
            return
        if self.shown is None:
            return
        for rect in self.rects():
            point_at(surface, rect, table.scale, table.app.time, steady=table.reduced_motion)
        lines = [(self.shown.title, HINT_BLUE)] + [(f"• {why}", INK) for why in self.shown.why]
        self._draw_box(surface, anchor, lines)

    def _place_box(self, box: pygame.Rect, anchor: pygame.Rect, window: pygame.Rect) -> pygame.Rect:
        """Where the box hides least, searched over the whole window (kept inside its margin): what it
        must not hide is the hinted move most, then the person's own plate and hand, then any card or
        target, then the table's regions (rows, piles, the log, the buttons); among equals, the spot
        nearest the Hint button it explains. The choice is kept for the decision (`key`)."""
        table = self.table
        # The same place while the decision, its targets, the layout and the box stay: a hand opening
        # under the pointer moves cards, and a box that jumped away from them each frame could not be read.
        shown = self.shown
        key = (box.size, anchor.topleft, window.size, table.layout_generation,
               shown and (shown.actions, str(shown.hint.action)), tuple(t.key for t in table.targets),
               table.prompt_box and tuple(table.prompt_box))
        if self._placed is not None and self._placed[0] == key:
            return self._placed[1].copy()
        margin = table.margin
        panels = table.panel_rects()
        own = panels.get(f"plate {table.bottom_seat}")
        hand = table.hand_zone()
        mine = [own] if own is not None else []
        mine += [pygame.Rect(s.rect) for s in table.layer if hand is not None and s.zone == hand]
        cards = [pygame.Rect(s.rect) for s in table.layer if s.shown]
        cards += [pygame.Rect(t.rect) for t in table.targets if t.rect is not None and t.rect.width > 1]
        regions = [rect for name, rect in panels.items() if not name.startswith("button hint")]
        if table.prompt_box is not None:
            mine.append(table.prompt_box)  # the line that says what to do now
        layers = (self.rects(), mine, cards, regions)
        inside = window.inflate(-2 * margin, -2 * margin)
        gap = table.scale.px(8, 3)
        corners = [(anchor.left, anchor.top - gap - box.height),
                   (anchor.right + gap, anchor.bottom - box.height)]
        step_x, step_y = max(8, box.width // 4), max(8, box.height // 3)
        corners += [(x, y) for y in range(inside.top, inside.bottom - box.height + 1, step_y)
                    for x in range(inside.left, inside.right - box.width + 1, step_x)]

        def hidden(spot: pygame.Rect) -> tuple[int, ...]:
            areas = [sum(spot.clip(r).width * spot.clip(r).height for r in rects) for rects in layers]
            far = abs(spot.left - anchor.left) + abs(spot.bottom - anchor.top)
            return (*areas, far)

        spots = []
        for left, top in corners:
            spot = box.copy()
            spot.topleft = (left, top)
            spots.append(spot.clamp(inside))
        best = min(spots, key=hidden)
        self._placed = (key, best.copy())
        return best

    def _draw_box(self, surface: pygame.Surface, anchor: pygame.Rect,
                  lines: list[tuple[str, tuple[int, int, int]]]) -> None:
        table = self.table
        w, h = surface.get_size()
        box_w = min(w - 2 * table.margin, max(anchor.width, table.scale.px(280, 180), round(w * 0.22)))
        pad = table.scale.px(10, 4)
        size = table.scale.font(19)
        face = font(size)
        rows = [(part, colour) for text, colour in lines for part in wrap(text, face, box_w - 2 * pad)]
        line_h = face.get_linesize()
        box = self.box = self._place_box(pygame.Rect(0, 0, box_w, len(rows) * line_h + 2 * pad), anchor,
                                         pygame.Rect(0, 0, w, h))
        surface.blit(table.panels.get(box.size, (28, 24, 8, 225), table.scale.px(10, 3)), box.topleft)
        radius = table.scale.px(10, 3)
        pygame.draw.rect(surface, HINT_BLUE, box, max(1, table.scale.px(2, 1)), border_radius=radius)
        y = box.top + pad
        for text, colour in rows:
            if y + line_h > box.bottom:
                break
            surface.blit(table.texts.render(text, size, colour), (box.left + pad, y))
            y += line_h
