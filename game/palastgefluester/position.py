"""Hand-made positions (for tests, screenshots and teaching): hands, displays and King cards in, a
validated state out. Every field goes through `state_from_dict`, so a position that breaks a rule
(cards not conserved, PG-R9, a King card for the Hofmarschall, ...) is refused with BadSetup."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.core import BadSetup
from game.palastgefluester.cards import BROWN, KING_PERSONS, card_colour, card_person
from game.palastgefluester.state import PLAY, PalastState


def position(
    hands: Sequence[Sequence[str]],
    displays: Sequence[Sequence[str]] | None = None,
    *,
    turn: int = 0,
    phase: str = PLAY,
    king_revealed: Sequence[str] = (),
    king_stack: Sequence[str] | None = None,
    points: Sequence[int] | None = None,
    scoring: str = "base",
    plays: int | None = None,
    discard: Sequence[str] = (),
    draw: Sequence[str] | None = None,
    last_played: tuple[int, str] | None = None,
    seed: int = 0,
    fill: bool = False,
    variant: Mapping[str, str] | None = None,
    **fields: Any,
) -> PalastState:
    """A position of len(hands) players. Defaults: displays empty; the draw pile holds every card not
    placed (top card last); the King stack holds the unrevealed King cards (top card last); plays is
    the number of displayed cards; last_played is the turn player's last display card when the phase
    resolves an action. With `fill`, every hand is topped up to the hand size (6) less the display
    with spare cards, those without decisions first (brown Hofnarr and Schatzmeister), so a position
    names only the cards it is about. `variant` is the option of that name (game.core.variant): the
    position is of a game with the variant's deck and numbers. Any other `to_dict` field may be given by
    name (zauberer, tie, known, ...)."""
    from game.palastgefluester import GAME

    players = len(hands)
    displays = displays if displays is not None else [[] for _ in range(players)]
    rows: list[list[str]] = [list(h) for h in hands]
    options: dict[str, Any] = {"scoring": scoring}
    if variant is not None:
        options["variant"] = dict(variant)
    fresh = GAME.new_state(players, seed, options)
    data = fresh.to_dict()
    deck = fresh.data.deck(players)
    placed = [c for h in rows for c in h] + [c for d in displays for c in d] + list(discard)
    if fill:
        unplaced = Counter(deck) - Counter(placed + list(draw or ()))
        spare = sorted(unplaced.elements(), key=_filler_order)
        for seat, hand in enumerate(rows):
            while len(hand) + len(displays[seat]) < fresh.data.hand_size and spare:
                card = spare.pop(0)
                hand.append(card)
                placed.append(card)
    if draw is None:
        rest = Counter(deck) - Counter(placed)
        draw = sorted(rest.elements())
    if king_stack is None:
        king_stack = [p for p in reversed(KING_PERSONS) if p not in king_revealed]
    if last_played is None and phase != PLAY and displays[turn]:
        last_played = (turn, displays[turn][-1])
    data.update(
        hands=rows,
        displays=[list(d) for d in displays],
        draw=list(draw),
        discard=list(discard),
        turn=turn,
        phase=phase,
        king_revealed=list(king_revealed),
        king_stack=list(king_stack),
        points=list(points) if points is not None else [0] * players,
        plays=plays if plays is not None else sum(len(d) for d in displays),
        last_played=list(last_played) if last_played is not None else None,
        next_reason="",
    )
    unknown = sorted(set(fields) - set(data))
    if unknown:
        raise BadSetup(f"a position has no field {unknown[0]!r}")
    data.update(fields)
    return GAME.state_from_dict(data)


def _filler_order(card: str) -> tuple[bool, bool, str]:
    return (card_colour(card) != BROWN, card_person(card) not in ("Hofnarr", "Schatzmeister"), card)
