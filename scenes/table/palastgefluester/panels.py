"""The drawing of Palastgeflüster's table: the row panels and the log box (`draw_backdrop`), each seat's
name plate with its points, colour and shape, the cards another seat is known to hold, the pile labels and
what the King card blocks, the centre text (round, who decides now and why, the last round), the prompt
line, the hand counts, and the King card's mark on a blocked person.
"""

from __future__ import annotations

import pygame

from game.i18n import ntr, tr
from game.palastgefluester.cards import colour_label, person_label
from scenes.colour_marks import mark
from scenes.colour_vision import seat_colour
from scenes.table.kit.paint import GOLD, INK, INK_DIM, blocked_badge, triangle_marker
from scenes.table.palastgefluester.layout import PalastLayout, SeatArea
from scenes.table.palastgefluester.story import PalastStory


class PalastPanels(PalastStory, PalastLayout):
    """Everything the table draws besides the cards."""

    _badges: dict[tuple[int, int], pygame.Surface]  # the King card's mark, by card size

    def badge(self, size: tuple[int, int]) -> pygame.Surface:
        badge = self._badges.get(size)
        if badge is None:
            badge = self._badges[size] = blocked_badge(size)
        return badge

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        for area in self.areas.values():
            surface.blit(self.panels.get(area.row.size, (0, 0, 0, 60), self.scale.px(8, 2)), area.row.topleft)
        log_box = self.log_box
        if log_box is not None:  # compute_layout always sets it
            surface.blit(self.panels.get(log_box.size, (0, 0, 0, 110), self.scale.px(8, 2)), log_box.topleft)

    def draw_under(self, surface: pygame.Surface) -> None:
        obs = self.obs
        if not obs:
            return
        for seat, area in self.areas.items():
            self._draw_plate(surface, seat, area)
            name, colour = self.seat_colour(seat)
            strip = pygame.Rect(area.row.x, area.row.y, self.strip_w, area.row.height)
            pygame.draw.rect(
                surface,
                colour,
                strip,
                border_top_left_radius=self.scale.px(8, 2),
                border_bottom_left_radius=self.scale.px(8, 2),
            )
            side = min(strip.width - 4, strip.height - 4)
            if side >= 6:
                surface.blit(mark(name, colour, side), (strip.centerx - side // 2, strip.y + 2))
        self._draw_piles(surface)
        self._draw_centre(surface)
        self._draw_prompt(surface)
        if self.log_box is not None:
            self.draw_log(surface, self.log_box)

    def _draw_plate(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        obs = self.obs
        plate = area.plate
        deciding = obs.get("current_player") == seat and not obs.get("terminal")
        surface.blit(self.panels.get(plate.size, (14, 18, 24, 215), self.scale.px(8, 2)), plate.topleft)
        name, colour = self.seat_colour(seat)
        swatch = pygame.Rect(plate.x, plate.y, max(4, min(plate.height, self.strip_w + 6)), plate.height)
        pygame.draw.rect(
            surface,
            colour,
            swatch,
            border_top_left_radius=self.scale.px(8, 2),
            border_bottom_left_radius=self.scale.px(8, 2),
        )
        side = min(swatch.width, swatch.height) - 4
        if side >= 6:  # the colour's shape: never the hue alone
            badge = mark(name, colour, side)
            surface.blit(badge, badge.get_rect(center=swatch.center))
        if deciding:
            pygame.draw.rect(surface, GOLD, plate, self.scale.px(4, 2), border_radius=self.scale.px(8, 2))
            if plate.x > plate.height // 2:
                triangle_marker(surface, (plate.x - 2, plate.centery), plate.height * 0.35)
        pad = swatch.width + self.scale.px(10, 2)
        score, score_at = self._score(seat, area)
        name = self.seat_name(seat)
        if seat == self.viewer and self.follow:
            name = tr("{name} (you)").format(name=name)
        line_h = self._line_height(plate)
        title = self.texts.fitted(
            name, self.scale.font(24), max(10, plate.width - pad - score.get_width() - 12), INK, True
        )
        surface.blit(title, (plate.x + pad, plate.y + (line_h - title.get_height()) // 2))
        surface.blit(score, score_at)
        if line_h < plate.height:
            bits = [colour_label(obs["colours"][seat])]
            if not area.bottom:
                bits.append(tr("{count} in hand").format(count=obs["hand_counts"][seat]))
            if obs.get("scoring") == "noted":
                bits.append(tr("noted {count}").format(count=obs["noted"][seat]))
            if deciding:
                bits.append(tr("decides now"))
            room = max(1, plate.bottom - plate.y - line_h - 2)
            width = max(10, plate.width - pad - 6)
            sub = self.texts.block(" · ".join(bits), self.scale.font(18), width, room,
                                   GOLD if deciding else INK_DIM, separator=" · ")
            surface.blit(sub, (plate.x + pad, plate.y + line_h + max(0, (room - sub.get_height()) // 2)))
        if not area.bottom:
            self._draw_known(surface, seat, area)

    def _line_height(self, plate: pygame.Rect) -> int:
        """The height of a plate's first line (name and points): half the plate when it has room for two."""
        return plate.height // 2 if plate.height >= self.scale.font(40) else plate.height

    def _score(self, seat: int, area: SeatArea) -> tuple[pygame.Surface, pygame.Rect]:
        """The points a plate shows ("3/6", the table's memory) and where they are drawn."""
        obs = self.obs
        points = self.live_points[seat] if seat < len(self.live_points) else obs["points"][seat]
        score = self.texts.render(f"{points}/{obs['target']}", self.scale.font(26), GOLD, True)
        plate = area.plate
        at = score.get_rect(topleft=(plate.right - score.get_width() - self.scale.px(10, 2),
                                     plate.y + (self._line_height(plate) - score.get_height()) // 2))
        return score, at

    def score_spot(self, seat: int) -> tuple[float, float] | None:
        """The centre of a seat's points on its plate: where points land and count up (None: no plate)."""
        area = self.areas.get(seat)
        if area is None or not self.obs:
            return None
        return self._score(seat, area)[1].center

    def seat_colour(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        """The colour name of `seat` and its RGB in the palette the settings choose."""
        colours = self.obs.get("colours") or []
        name = colours[seat] if 0 <= seat < len(colours) else ""
        return name, seat_colour(name, self.app.settings.colour_vision, INK)

    def _draw_known(self, surface: pygame.Surface, seat: int, area: SeatArea) -> None:
        known = (self.obs.get("known_cards") or {}).get(str(seat)) or []
        if not known or self.playing_back:  # cards are moving: what the observation knew may be gone
            return
        hw, hh = area.hand_card
        size = (hw, hh)
        x = area.hand.x + area.hand.width * 0.5
        label = self.texts.render(tr("known:"), self.scale.font(16), INK_DIM)
        surface.blit(label, (x, area.hand.y))
        x += label.get_width() + 4
        step = (
            min(size[0] + 3, (area.hand.right - x - size[0]) / max(1, len(known) - 1))
            if len(known) > 1
            else 0
        )
        for i, card in enumerate(known):
            surface.blit(
                self.app.art.card(self.game_id, card, size), (x + i * step, area.hand.bottom - size[1])
            )

    def _draw_piles(self, surface: pygame.Surface) -> None:
        # the labels say what the cards on the table show, also while events are played back (the King
        # card just turned is named as its stamp comes down, not once everything has settled)
        zones = self.model.zones
        pw, ph = self.pile_card
        font = self.scale.font(18)
        below = self.mid_y + ph / 2 + 2
        for text, (x, _) in (
            (tr("Kings {count}").format(count=len(zones.get("king_stack", ()))), self.king_stack_at),
            (tr("Draw {count}").format(count=len(zones.get("draw", ()))), self.draw_at),
            (tr("Discard {count}").format(count=len(zones.get("discard", ()))), self.discard_at),
        ):
            label = self.texts.fitted(text, font, pw + 10, INK_DIM)
            surface.blit(label, label.get_rect(midtop=(x, below)))
        revealed = zones.get("king_revealed") or []
        blocked = revealed[-1].card if revealed else None  # PG-R6: the last King card turned
        king_text = tr("Blocked: {card}").format(card=person_label(blocked)) if blocked else ""
        king_text = king_text or tr("No King card yet")
        room = self.king_label_room
        label = self.texts.fitted(king_text, font, room.width, GOLD if blocked else INK_DIM, bool(blocked))
        surface.blit(label, label.get_rect(midtop=(self.king_current_at[0], below)).clamp(room))

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.obs:
            self._draw_hand_counts(surface)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        prompt, mine = self.prompt_text()
        self.draw_prompt(surface, prompt, mine, self.prompt_y, font_size=34)

    def prompt_text(self) -> tuple[str, bool]:
        """The observation's prompt in words: for a seat that is not deciding it already names who decides
        ("Emil plays a card"); the deciding seat's own words ("Play a card") say whose they are when the
        person at the screen may not take the decision."""
        obs = self.obs
        if obs.get("terminal"):
            return self.in_words(obs.get("result") or tr("The game is over")), False
        decider = obs.get("current_player")
        prompt = self.in_words(obs.get("prompt") or "")
        mine = decider is not None and decider == self.viewer and bool(self.legal)
        if mine or decider is None or obs.get("seat") != decider:
            return prompt or tr("Waiting for {name}").format(name=self.seat_name(decider)), mine
        return tr("{name}: {prompt}").format(name=self.seat_name(decider), prompt=prompt), False

    def _draw_hand_counts(self, surface: pygame.Surface) -> None:
        for seat, area in self.areas.items():
            if area.bottom and seat == self.viewer:
                continue
            badge = self.count_badge(len(self.model.zones.get(f"hand:{seat}", ())))
            box = badge.get_rect()
            box.bottomleft = (
                (area.hand.x + 2, area.hand.bottom - 2)
                if not area.bottom
                else (area.hand.centerx, area.hand.y)
            )
            surface.blit(badge, box.topleft)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        obs = self.obs
        box = self.centre_box
        y = box.y + self.margin
        lines: list[tuple[str, tuple[int, int, int], int, bool]] = []
        goal = ntr("Round {round} · first to {n} point", "Round {round} · first to {n} points", obs["target"])
        lines.append((goal.format(round=obs["round"], n=obs["target"]), INK_DIM, 20, False))
        decider = obs.get("current_player")
        if decider is not None:
            lines.append((tr("Now: {name}").format(name=self.seat_name(decider)), INK, 28, True))
        why = self.why_line()
        if why:
            lines.append((tr("Why: {reason}").format(reason=why), INK, 22, False))
        last = obs.get("last_round")
        if last and not obs.get("plays_this_round"):
            said = self.in_words(last.get("text") or "")
            lines.append((tr("Last round: {text}").format(text=said), GOLD, 20, False))
        for i, (text, colour, size, bold) in enumerate(lines):
            # a long line wraps into its share of the height left, rather than being cut
            share = (box.bottom - y) // (len(lines) - i)
            label = self.texts.block(text, self.scale.font(size), box.width, share, colour, bold)
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += label.get_height() + 2
