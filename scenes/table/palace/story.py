"""What Palace's events say and show: the log lines (`describe`), what the table keeps of them (whose
turn it is and why, the last kind of card move: `remember`), and the announcements below the pile (a burn,
a pick-up, a blind card that missed, a player going out: `banner_for`, drawn by `draw_banner`).

The events are told apart by their declared kinds (game/palace/events.py), never by their words.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core import CardMoved, Event, GameEnded, Note, TurnChanged
from game.i18n import Seat, message, ntr, ordinal, tr
from game.palace.cards import rank_of, rank_param
from game.palace.events import BlindMiss, PlayerOut, TurnCause, TurnPassed
from scenes.table.kit import Banner
from scenes.table.kit.animation import Hold
from scenes.table.kit.paint import GOLD, INK
from scenes.table.palace.panels import PalacePanels, card_text

BATCH_STAGGER = 0.12  # of a move's time between two cards of a pick-up or a burn
FLASH_SECONDS = 1.1  # the burn flash before the burned cards fly off (at normal speed)
NOTE_SECONDS = 1.5  # a failed blind card or a player going out, before play goes on
BURN_RED = (236, 96, 44)


@dataclass
class Flash(Banner):
    """A burn, a pick-up or a note shown below the pile for a moment (a burn and a pick-up before their
    cards fly)."""

    line: str = ""
    colour: tuple[int, int, int] = INK


class PalaceStory(PalacePanels):
    """The events told: log lines, the table's memory of them, and their announcements."""

    why: str  # why the current player decides (the last turn change's reason)
    _turn_seat: int | None  # whose turn the last turn change gave
    _last_move: tuple[str, str]  # the kind of the last card move (a burn, a pick-up, ...)

    @property
    def flash(self) -> Flash | None:
        """The burn, pick-up or note shown below the pile now, if any."""
        return self.banner if isinstance(self.banner, Flash) else None

    # -- events ------------------------------------------------------------------------------------
    def _move_kind(self, move: CardMoved) -> tuple[str, str]:
        return (move.src.partition(":")[0], move.dst.partition(":")[0])

    def stagger(self, move: CardMoved) -> float | None:
        """The cards of a deal, a pick-up or a burn fly one close after another (the first card of a
        pick-up or a burn after its announcement)."""
        kind = self._move_kind(move)
        runs = kind in (("pile", "burned"), ("pile", "hand"))
        if move.src == "draw" or (runs and kind == self._last_move):
            return BATCH_STAGGER
        return None

    def _burn_flash(self) -> Flash:
        """The pile glows and says why it burns, then its cards fly off to the burned cards."""
        pile = [e.card for e in self.model.zones.get("pile", [])]
        top = rank_of(pile[-1]) if pile and pile[-1] else ""
        if top == "10":
            line = tr("Burned by a 10")
        elif top:
            line = message("Burned by four {rank:pl}", rank=rank_param(top)).text()
        else:
            line = tr("The pile is burned")
        return Flash(tr("Burned!"), [], Hold(FLASH_SECONDS * self.speed), leads=True, line=line,
                     colour=BURN_RED)

    def _pickup_flash(self, move: CardMoved) -> Flash:
        """Who takes the pile, and how many cards, before they fly into that hand."""
        count = len(self.model.zones.get("pile", []))
        who = self.seat_name(int(move.dst.partition(":")[2]))
        line = ntr("{name} takes {n} card into the hand", "{name} takes {n} cards into the hand", count)
        line = line.format(name=who, n=count)
        hold = Hold(FLASH_SECONDS * 0.7 * self.speed)
        return Flash(tr("Pile picked up"), [], hold, leads=True, sound=None, line=line, colour=INK)

    def _note_flash(self, event: Note) -> Flash | None:
        text = self.in_words(event.text)
        hold = Hold(NOTE_SECONDS * self.speed)
        if isinstance(event, BlindMiss):
            return Flash(tr("No luck"), [], hold, sound=None, line=text, colour=INK)
        if isinstance(event, PlayerOut) and event.seat is not None:
            line = tr("{place} place").format(place=ordinal(event.place))
            title = tr("{name} is out").format(name=self.seat_name(event.seat))
            return Flash(title, [], hold, sound=None, line=line, colour=GOLD)
        return None

    def turn_reason(self, event: TurnChanged) -> str:
        """Why the turn went where it went, in words worth showing: the engine's reason names what the
        player before did ("picked up the pile"), so that player is named; plain passing says nothing."""
        reason = event.reason
        before = self._turn_seat
        cause = event.cause if isinstance(event, TurnPassed) else None
        if cause in (TurnCause.NEXT, TurnCause.SWAPS):
            return ""
        if cause is TurnCause.PICKED_UP:
            if before is None:
                return tr("after a pick-up of the pile")
            return message("{seat} picked up the pile", seat=Seat(before)).text(self._names())
        if cause is TurnCause.BURNED:
            return tr("burned the pile: plays again")
        return self.in_words(reason)

    def _names(self) -> list[str]:
        return [seat.name for seat in self.match.seats]

    def banner_for(self, event: Event) -> Banner | None:
        if isinstance(event, CardMoved):
            kind = self._move_kind(event)
            if kind != self._last_move and kind == ("pile", "burned"):
                return self._burn_flash()
            if kind != self._last_move and kind == ("pile", "hand"):
                return self._pickup_flash(event)
            return None
        if isinstance(event, Note) and event.text:
            return self._note_flash(event)
        if isinstance(event, GameEnded):
            return Banner(tr("Game over"), [self.in_words(event.text)], self.until_clicked())
        return super().banner_for(event)

    def describe(self, event: Event) -> str | None:
        if isinstance(event, Note):
            return self.in_words(event.text) or None
        if isinstance(event, TurnChanged):
            why = self.turn_reason(event)
            name = self.seat_name(event.seat)
            if why:
                return tr("{name}'s turn ({why})").format(name=name, why=why)
            return tr("{name}'s turn").format(name=name)
        if isinstance(event, GameEnded):
            return self.in_words(event.text)
        if isinstance(event, CardMoved):
            return self._describe_move(event)
        return None

    def _describe_move(self, event: CardMoved) -> str | None:
        src_kind, _, src_rest = event.src.partition(":")
        dst_kind, _, dst_rest = event.dst.partition(":")
        src_seat = src_rest.partition(":")[0]
        dst_seat = dst_rest.partition(":")[0]
        who = self.seat_name(int(src_seat)) if src_seat.isdigit() else ""
        card = card_text(event.card)
        if event.dst == "pile":
            if src_kind == "down":
                return tr("{name} turns over {card}").format(name=who, card=card)
            if src_kind == "up":
                return tr("{name} plays {card} from the table").format(name=who, card=card)
            return tr("{name} plays {card}").format(name=who, card=card)
        if src_kind == "hand" and dst_kind == "up":
            return tr("{name} lays {card} face up").format(name=who, card=card)
        if src_kind == "up" and dst_kind == "hand":
            return tr("{name} takes {card} into the hand").format(name=who, card=card)
        if event.src == "pile" and dst_kind == "hand":
            return tr("{name} picks up the pile").format(name=self.seat_name(int(dst_seat)))
        if event.dst == "burned":
            return tr("The pile is burned")
        if event.src == "draw" and dst_kind == "hand" and self.match.actions:
            return tr("{name} draws").format(name=self.seat_name(int(dst_seat)))
        return None

    def remember(self, event: Event) -> None:
        """Whose turn it is and why, and which kind of card move came last (a burn or a pick-up is
        announced once, before its first card)."""
        if isinstance(event, TurnChanged):
            self.why = self.turn_reason(event)
            self._turn_seat = event.seat
        self._last_move = self._move_kind(event) if isinstance(event, CardMoved) else ("", "")

    def reset_memory(self) -> None:
        self.why = ""
        self._turn_seat = None
        self._last_move = ("", "")

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """A round is a turn for everyone, from the seat that had the first turn."""
        if previous is None or self.turn_goes_round(event):
            return tr("Round {number}").format(number=rounds + 1)
        return None

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        if isinstance(banner, Flash):
            self._draw_flash(surface, banner)
        else:
            super().draw_banner(surface, banner)

    def _draw_flash(self, surface: pygame.Surface, flash: Flash) -> None:
        pile = self.pile_rect
        width = self.scale.px(6, 2)
        pygame.draw.rect(
            surface,
            flash.colour,
            pile.inflate(width * 2, width * 2),
            width,
            border_radius=self.scale.px(12, 3),
        )
        title = self.texts.fitted(flash.title, self.scale.font(44), self.scale.width - 20, flash.colour, True)
        line = self.texts.fitted(flash.line, self.scale.font(26), self.scale.width - 20, INK, True)
        pad = self.scale.px(14, 3)
        box = pygame.Rect(
            0,
            0,
            max(title.get_width(), line.get_width()) + pad * 2,
            title.get_height() + line.get_height() + pad * 2,
        )
        box.midtop = (pile.centerx, pile.bottom + self.scale.px(4, 1))  # below: the pile stays in view
        surface.blit(self.panels.get(box.size, (12, 16, 22, 225), self.scale.px(12, 3)), box.topleft)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
        surface.blit(line, line.get_rect(midtop=(box.centerx, box.y + pad + title.get_height())))
