"""What Palace's events say and show: the log lines (`describe`), what the table keeps of them (whose
turn it is and why, the last kind of card move, the places of those out and the loser: `remember`), the
announcements below the pile (a burn, a pick-up, a blind card that missed: `banner_for`, drawn by
`draw_banner`), and the moments (`moment_for`).

The moments, each started by the engine's events:
- a burn: the first card of a burn (the move pile -> burned) brings the "Burned!" flash below the pile,
  and with it the pile flares (a glow, sparks, a beating ring, the burn sound); the cards fly to the
  burned cards once it is over. The flare rides on the flash, which comes before the move it announces
  (`leads`): a moment of the kit plays after its event's move, and the burn's cards must stay on the pile
  until it has flared;
- a player out (`PlayerOut`): their place is stamped onto their plate, which beats once, while the note
  below the pile says who is out; the plate keeps the place for the rest of the game;
- the game's end (`GameEnded`): the last player left is stamped the loser on their plate, with the loser
  sound, then a banner naming them waits for a click.

The events are told apart by their declared kinds (game/palace/events.py), never by their words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.core import CardMoved, Event, GameEnded, Note, TurnChanged
from game.i18n import Seat, message, ntr, ordinal, tr
from game.palace.cards import BURN, rank_count, rank_of
from game.palace.events import BlindMiss, PlayerOut, TurnCause, TurnPassed
from game.palace.rules import power
from scenes.table.kit import Banner
from scenes.table.kit.animation import Hold, ease_out_back, lerp
from scenes.table.kit.logbook import Fold
from scenes.table.kit.moments import Cue, Effect, Flash, Pulse, Sparks, Stamp
from scenes.table.kit.paint import GOLD, INK
from scenes.table.palace.panels import LOSER_RED, TAG_FONT, PalacePanels, card_text

BATCH_STAGGER = 0.12  # of a move's time between two cards of a pick-up or a burn
FLASH_SECONDS = 1.1  # the burn flash before the burned cards fly off (at normal speed)
NOTE_SECONDS = 1.5  # a failed blind card or a player going out, before play goes on
STAMP_SECONDS = 1.2  # a place or the loser stamped onto a plate (at normal speed)
BURN_RED = (236, 96, 44)
SPARK_COLOURS = (BURN_RED, GOLD, (255, 236, 200))


@dataclass
class Notice(Banner):
    """A burn, a pick-up or a note shown below the pile for a moment (a burn and a pick-up before their
    cards fly)."""

    line: str = ""
    colour: tuple[int, int, int] = INK
    picture: pygame.Surface | None = None  # the box, drawn once when first shown


@dataclass(eq=False)
class Caption(Effect):
    """A box of words below the pile while a moment plays (who went out, in which place): a moment's
    part of what a `Notice` banner shows, so it reads together with the stamp on the plate."""

    title: str = ""
    line: str = ""
    picture: pygame.Surface | None = None
    midtop: tuple[int, int] = (0, 0)
    kind = "caption"

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None or not self.started or self.ended:
            return
        t = self.t
        alpha = 255 if 0.06 <= t <= 0.9 else round(255 * min(t / 0.06, (1.0 - t) / 0.1))
        self.picture.set_alpha(alpha)
        surface.blit(self.picture, self.picture.get_rect(midtop=self.midtop))
        self.picture.set_alpha(None)


@dataclass(eq=False)
class PlateStamp(Stamp):
    """A tag slammed onto a plate that stays where it lands: it comes down large and turned, settles
    straight at the size and place the plate then draws it, and does not fade, so the plate's own tag
    takes over from it unseen when it ends."""

    landing: float = 0.3  # the share of its time it takes to come down

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is None or not self.started or self.ended:
            return
        down = min(1.0, self.t / self.landing)
        picture = self.picture
        if down < 1.0:  # a few frames of a small picture: turned and scaled only while it comes down
            scale = lerp(2.4, 1.0, ease_out_back(down))
            picture = pygame.transform.rotozoom(self.picture, self.tilt * (1.0 - down), max(0.1, scale))
            picture.set_alpha(min(255, round(255 * down / 0.3)))
        surface.blit(picture, picture.get_rect(center=(round(self.center[0]), round(self.center[1]))))



class PalaceStory(PalacePanels):
    """The events told: log lines, the table's memory of them, their announcements and moments."""

    why: str  # why the current player decides (the last turn change's reason)
    _turn_seat: int | None  # whose turn the last turn change gave
    _last_move: tuple[str, str]  # the kind of the last card move (a burn, a pick-up, ...)

    @property
    def flash(self) -> Notice | None:
        """The burn, pick-up or note shown below the pile now, if any."""
        return self.banner if isinstance(self.banner, Notice) else None

    @property
    def caption(self) -> Caption | None:
        """The words below the pile a moment shows now, if any (a player going out)."""
        return next((e for e in self.moments.effects if isinstance(e, Caption) and not e.done), None)

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

    def _burn_flash(self) -> Notice:
        """The pile flares and says why it burns (its cards still on it), then they fly off to the burned
        cards: the flash waits for the flare's effects, and a click skips both."""
        pile = [e.card for e in self.model.zones.get("pile", [])]
        top = rank_of(pile[-1]) if pile and pile[-1] else ""
        data = self.card_data()
        if top:  # a rank that burns ('a 10'), else the run of the card data's length ('four 7s')
            count = 1 if power(top, self.match.options, data) == BURN else data.burn_run
            line = message("Burned by {cards}", cards=rank_count(top, count)).text()
        else:
            line = tr("The pile is burned")
        hold = self.moments.play(self._burn_effects())  # they start now: the flash shows at once (leads)
        return Notice(tr("Burned!"), [], hold, leads=True, sound="burn", line=line, colour=BURN_RED)

    def _burn_effects(self) -> list[Effect]:
        """A glow over the pile, sparks thrown from it and a ring beating round it: the ring lasts the
        flash's time, also with reduced motion (which leaves out the glow and the sparks)."""
        seconds = FLASH_SECONDS * self.speed
        span = self._pile_span()
        reach = max(8.0, self.pile_card[1] * 1.3)
        return [
            Flash(seconds * 0.8, rect=span, colour=(235, 130, 50)),
            Sparks(seconds * 0.9, center=(float(span.centerx), float(span.centery)), colours=SPARK_COLOURS,
                   count=42, reach=reach, seed=len(self.match.actions)),
            Pulse(seconds, rect=self.pile_rect.copy(), colour=BURN_RED, beats=2),
        ]

    def _pile_span(self) -> pygame.Rect:
        """Where the pile's cards lie now (the fan that is seen), else the pile's place."""
        rects = [s.rect for s in self.layer if s.zone == "pile" and s.shown]
        return rects[0].unionall(rects[1:]) if rects else self.pile_rect.copy()

    def _pickup_flash(self, move: CardMoved) -> Notice:
        """Who takes the pile, and how many cards, before they fly into that hand."""
        count = len(self.model.zones.get("pile", []))
        who = self.seat_name(int(move.dst.partition(":")[2]))
        line = ntr("{name} takes {n} card into the hand", "{name} takes {n} cards into the hand", count)
        line = line.format(name=who, n=count)
        hold = Hold(FLASH_SECONDS * 0.7 * self.speed)
        return Notice(tr("Pile picked up"), [], hold, leads=True, sound=None, line=line, colour=INK)

    def _note_flash(self, event: Note) -> Notice | None:
        if isinstance(event, BlindMiss):
            text = self.in_words(event.text)
            return Notice(tr("No luck"), [], Hold(NOTE_SECONDS * self.speed), sound=None, line=text,
                          colour=INK)
        return None  # a player going out is a moment of its own (`moment_for`)

    # -- moments -----------------------------------------------------------------------------------
    def moment_for(self, event: Event) -> Sequence[Effect] | None:
        if isinstance(event, PlayerOut) and event.seat in self.areas and event.place > 0:
            return self._out_moment(event.seat, event.place)
        if isinstance(event, GameEnded):
            loser = self._loser_of(event)
            return self._loser_moment(loser) if loser in self.areas else None
        return None

    def _out_moment(self, seat: int, place: int) -> list[Effect]:
        """The place stamped where the plate keeps it, the plate beating once, and below the pile who is
        out: the plate shows the place from the stamp's end on (and from `remember` when told again)."""
        seconds = STAMP_SECONDS * self.speed
        title = tr("{name} is out").format(name=self.seat_name(seat))
        line = tr("{place} place").format(place=ordinal(place))
        landed = partial(self._mark_out, seat, place)
        return [
            Cue(0.0, on_end=partial(self.sound, "stamp")),
            Pulse(seconds, rect=self.areas[seat].plate.copy(), colour=GOLD, beats=1),
            self._plate_stamp(seat, self.place_tag(place), GOLD, seconds, landed),
            Caption(NOTE_SECONDS * self.speed, title=title, line=line,
                    picture=self._notice_picture(title, line, GOLD), midtop=self._notice_spot()),
        ]

    def _loser_moment(self, seat: int) -> list[Effect]:
        """The last player left stamped the loser on their plate, which beats, with the loser sound; the
        banner naming them follows (`banner_for`), the plate saying it already."""
        seconds = STAMP_SECONDS * self.speed
        return [
            Cue(0.0, on_end=partial(self.sound, "loser")),
            Pulse(seconds, rect=self.areas[seat].plate.copy(), colour=LOSER_RED, beats=2),
            self._plate_stamp(seat, self.loser_tag(), LOSER_RED, seconds, partial(self._mark_loser, seat)),
        ]

    def _plate_stamp(self, seat: int, text: str, colour: tuple[int, int, int], seconds: float,
                     landed: Callable[[], None]) -> PlateStamp:
        """`text` slammed onto the seat's plate where the plate then shows it; `landed` when it ends."""
        picture = self.tag_picture(text, colour, self.scale.font(TAG_FONT))
        return PlateStamp(seconds, picture=picture, center=self.tag_center(seat, text, colour), tilt=-10.0,
                          on_end=landed)

    def _mark_out(self, seat: int, place: int) -> None:
        """The stamp has landed: the plate shows the place."""
        self.places[seat] = place
        self.refresh_underlay()

    def _mark_loser(self, seat: int) -> None:
        """The stamp has landed: the plate says who lost."""
        self.loser = seat
        self.refresh_underlay()

    def _loser_of(self, event: GameEnded) -> int | None:
        """The one seat the game's end does not count among the winners: the Palace loser (PA-R12)."""
        left = [seat for seat in range(self.players) if seat not in event.winners]
        return left[0] if len(left) == 1 else None

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
            return self._end_banner(event)
        return super().banner_for(event)

    def _end_banner(self, event: GameEnded) -> Banner:
        """The game's end names the loser, with the engine's words on who went out in which order; it
        waits for a click (or the time the player chose)."""
        loser = self._loser_of(event)
        title = tr("Game over") if loser is None else self.loser_words(loser)
        return Banner(title, [self.in_words(event.text)], self.until_clicked(), sound=None)

    def loser_words(self, seat: int) -> str:
        """Who lost, in a few words: the game's end banner's title."""
        return tr("{name} is the Palace loser").format(name=self.seat_name(seat))

    def describe(self, event: Event) -> str | None:
        if isinstance(event, Note):
            return self.in_words(event.text) or None
        if isinstance(event, TurnChanged):  # it joins the line of the play that gave the turn
            why = self.turn_reason(event)
            name = self.seat_name(event.seat)
            cause = event.cause if isinstance(event, TurnPassed) else None
            if cause is TurnCause.PICKED_UP:  # the line says the pick-up already
                return Fold(tr("{name}'s turn").format(name=name))
            if why:
                line = tr("{name}'s turn ({why})").format(name=name, why=why)
                return Fold(line, alone=line)
            return None  # the turn passing on as usual: the plates show whose it is
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
        kind = (src_kind, dst_kind)
        repeated = kind == self._last_move  # one more card of the play, pick-up, burn or draw told last
        if repeated and kind in (("pile", "hand"), ("pile", "burned"), ("draw", "hand")):
            return None
        if repeated and event.dst == "pile":
            return Fold(card, ", ")
        if event.dst == "pile":
            if src_kind == "down":
                return tr("{name} turns over {card}").format(name=who, card=card)
            if src_kind == "up":
                return tr("{name} plays {card} from the table").format(name=who, card=card)
            return tr("{name} plays {card}").format(name=who, card=card)
        if src_kind == "hand" and dst_kind == "up":
            return tr("{name} lays {card} face up").format(name=who, card=card)
        if src_kind == "up" and dst_kind == "hand":
            line = tr("{name} takes {card} into the hand").format(name=who, card=card)
            if self._last_move == ("hand", "up"):  # the other half of a swap
                return Fold(tr("takes {card} into the hand").format(card=card), ", ", alone=line)
            return line
        if event.src == "pile" and dst_kind == "hand":
            return tr("{name} picks up the pile").format(name=self.seat_name(int(dst_seat)))
        if event.dst == "burned":
            return tr("The pile is burned")
        if event.src == "draw" and dst_kind == "hand" and self.match.actions:
            line = tr("{name} draws").format(name=self.seat_name(int(dst_seat)))
            return Fold(tr("and draws"), " ", alone=line)  # after the play it follows
        return None

    def remember(self, event: Event) -> None:
        """Whose turn it is and why, which kind of card move came last (a burn or a pick-up is announced
        once, before its first card), who went out in which place and who lost: the plates show those
        from when their moment has played (an event is remembered once it has landed)."""
        if isinstance(event, TurnChanged):
            self.why = self.turn_reason(event)
            self._turn_seat = event.seat
        if isinstance(event, PlayerOut) and event.seat is not None and event.place > 0:
            self.places[event.seat] = event.place
        if isinstance(event, GameEnded):
            self.loser = self._loser_of(event)
        self._last_move = self._move_kind(event) if isinstance(event, CardMoved) else ("", "")

    def reset_memory(self) -> None:
        self.why = ""
        self._turn_seat = None
        self._last_move = ("", "")
        self.places = {}
        self.loser = None

    def round_title(self, event: Event, previous: Event | None, rounds: int) -> str | None:
        """A round is a turn for everyone, from the seat that had the first turn."""
        if previous is None or self.turn_goes_round(event):
            return tr("Round {number}").format(number=rounds + 1)
        return None

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        if isinstance(banner, Notice):
            self._draw_notice(surface, banner)
        else:
            super().draw_banner(surface, banner)

    def _draw_notice(self, surface: pygame.Surface, notice: Notice) -> None:
        """A ring round the pile in the notice's colour, and the words below it."""
        pile = self.pile_rect
        width = self.scale.px(6, 2)
        pygame.draw.rect(surface, notice.colour, pile.inflate(width * 2, width * 2), width,
                         border_radius=self.scale.px(12, 3))
        if notice.picture is None:
            notice.picture = self._notice_picture(notice.title, notice.line, notice.colour)
        surface.blit(notice.picture, notice.picture.get_rect(midtop=self._notice_spot()))

    def _notice_spot(self) -> tuple[int, int]:
        """Where the words of a notice hang: below the pile, which stays in view."""
        pile = self.pile_rect
        return pile.centerx, pile.bottom + self.scale.px(4, 1)

    def _notice_picture(self, title: str, line: str, colour: tuple[int, int, int]) -> pygame.Surface:
        """The box of a notice: its title in its colour over a line, drawn once."""
        title_face = self.texts.fitted(title, self.scale.font(44), self.scale.width - 20, colour, True)
        line_face = self.texts.fitted(line, self.scale.font(26), self.scale.width - 20, INK, True)
        pad = self.scale.px(14, 3)
        size = (max(title_face.get_width(), line_face.get_width()) + pad * 2,
                title_face.get_height() + line_face.get_height() + pad * 2)
        box = pygame.Surface(size, pygame.SRCALPHA)
        box.blit(self.panels.get(size, (12, 16, 22, 225), self.scale.px(12, 3)), (0, 0))
        box.blit(title_face, title_face.get_rect(midtop=(size[0] // 2, pad)))
        box.blit(line_face, line_face.get_rect(midtop=(size[0] // 2, pad + title_face.get_height())))
        return box
