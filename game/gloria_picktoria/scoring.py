"""The scorings at the 4th, 7th and 10th Dschingis Hahn card (GP-R9, GP-R10), as pure functions.

A scoring's result is a JSON-ready breakdown, kept in the state and shown on the table:

    {"number": 1..3, "dh": 4 | 7 | 10, "final": bool,
     "motifs": [{"motif": id, "name": str, "entries": [
         {"seat", "collection", "length", "doubler", "place", "points"}, ...]}, ...],
     "penalties": [{"seat", "lone_treasures", "lone_under_fox", "hand_cards", "points"}, ...],  # last only
     "points": [points per seat in this scoring]}

`place` is one of "sole" (the only collector: 4), "first" (longest: 3), "tied_first" (2 each),
"second" (1), "tied_second" (nobody gets it: 0), "none" (further back, or second after a tied first: 0)
and "fox" (the fox stands on it: out of the scoring, and not counted for anyone else's place).
Points are already doubled where a doubler lies. A penalty row counts the lone treasure cards that pay -2
(`lone_treasures`) apart from the one the fox stands on (`lone_under_fox`: out of the game, no penalty).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from game.gloria_picktoria.cards import DH, MOTIF_IDS, card_name
from game.gloria_picktoria.collection import Collection
from game.gloria_picktoria.data import DEFAULT, GloriaData
from game.i18n import Card, Message, Seat, listing, message, ordinal_message, plural_message

Fox = tuple[int, int] | None  # (seat, collection index) the fox stands on


class ScoreEntry(TypedDict):
    """One row's part of a motif scoring."""

    seat: int
    collection: int
    length: int
    doubler: bool
    place: str  # see the module docstring
    points: int  # already doubled where a doubler lies


class MotifScoring(TypedDict):
    """One motif of a scoring: every row of it on the table."""

    motif: str
    name: str  # the motif's English name
    entries: list[ScoreEntry]


class PenaltyRow(TypedDict):
    """One seat's minus points at the last scoring."""

    seat: int
    lone_treasures: int
    lone_under_fox: NotRequired[int]  # missing in rows saved before the fox was counted
    hand_cards: int
    points: int


class Breakdown(TypedDict):
    """A whole scoring (see the module docstring)."""

    number: int
    dh: int
    final: bool
    motifs: list[MotifScoring]
    penalties: list[PenaltyRow]  # the last scoring only
    points: list[int]


def motif_places(lengths: Sequence[int], data: GloriaData = DEFAULT) -> list[tuple[str, int]]:
    """(place, base points) for each of the competing rows of one motif, in the given order: the points
    as the card data pays them (the shipped data when none is given)."""
    if not lengths:
        return []
    if len(lengths) == 1:
        return [("sole", data.sole_collector_points)]
    ranked = sorted(set(lengths), reverse=True)
    best = ranked[0]
    first_count = lengths.count(best)
    second = ranked[1] if len(ranked) > 1 else None
    second_count = lengths.count(second) if second is not None else 0
    out = []
    for length in lengths:
        if length == best:
            out.append(("tied_first", data.tied_first_points) if first_count > 1
                       else ("first", data.longest_points))
        elif first_count == 1 and length == second:
            out.append(("second", data.second_points) if second_count == 1 else ("tied_second", 0))
        else:
            out.append(("none", 0))
    return out


def score_motifs(collections: Sequence[Sequence[Collection]], fox: Fox,
                 data: GloriaData = DEFAULT) -> list[MotifScoring]:
    """The per-motif part of a scoring: every motif that lies on the table, with who got what and why."""
    by_motif: dict[str, list[tuple[int, int, Collection]]] = {}
    for seat, own in enumerate(collections):
        for index, coll in enumerate(own):
            motif = coll.motif
            if motif is not None:
                by_motif.setdefault(motif, []).append((seat, index, coll))
    out: list[MotifScoring] = []
    for motif in MOTIF_IDS:
        rows = by_motif.get(motif)
        if not rows:
            continue
        competing = [r for r in rows if (r[0], r[1]) != fox]
        places = dict(zip(((s, i) for s, i, _ in competing),
                          motif_places([c.length for _, _, c in competing], data), strict=True))
        entries: list[ScoreEntry] = []
        for seat, index, coll in rows:
            place, points = places.get((seat, index), ("fox", 0))
            if coll.doubler:
                points *= 2
            entries.append({"seat": seat, "collection": index, "length": coll.length,
                            "doubler": coll.doubler, "place": place, "points": points})
        out.append({"motif": motif, "name": card_name(motif), "entries": entries})
    return out


def penalties(collections: Sequence[Sequence[Collection]], hand_sizes: Sequence[int],
              fox: Fox, data: GloriaData = DEFAULT) -> list[PenaltyRow]:
    """The last scoring's minus points (GP-R10): 2 per lone treasure card, 1 per hand card.
    A lone treasure card with a doubler on it is still lone: it never got an open card. A lone treasure
    card under the fox is out of every calculation, this one included: it costs nothing."""
    out: list[PenaltyRow] = []
    for seat, own in enumerate(collections):
        lone = [index for index, c in enumerate(own) if c.lone]
        shielded = sum(1 for index in lone if (seat, index) == fox)
        paying = len(lone) - shielded
        cards = hand_sizes[seat]
        out.append({"seat": seat, "lone_treasures": paying, "lone_under_fox": shielded, "hand_cards": cards,
                    "points": paying * data.lone_treasure_penalty + cards * data.hand_card_penalty})
    return out


def penalty_text(row: PenaltyRow, data: GloriaData = DEFAULT) -> Message:
    """One seat's minus points as a message: 'Ben: the lone treasure under the fox: no penalty and 2 hand
    cards -1 each = -2'. Rows saved before the fox was counted have no `lone_under_fox`."""
    parts: list[Message] = []
    lone, shielded, cards = row["lone_treasures"], row.get("lone_under_fox", 0), row["hand_cards"]
    if lone:
        parts.append(plural_message("{n} lone treasure {penalty} each", "{n} lone treasures {penalty} each",
                                    n=lone, penalty=data.lone_treasure_penalty))
    if shielded:
        parts.append(message("the lone treasure under the fox: no penalty"))
    if cards:
        parts.append(plural_message("{n} hand card {penalty} each", "{n} hand cards {penalty} each", n=cards,
                                    penalty=data.hand_card_penalty))
    seat = Seat(row["seat"])
    if not parts:
        return message("{seat}: no minus points", seat=seat)
    if row["points"]:
        return message("{seat}: {parts} = {points}", seat=seat, parts=listing(parts), points=row["points"])
    return message("{seat}: {parts}", seat=seat, parts=listing(parts))


def scoring(number: int, dh: int, final: bool, collections: Sequence[Sequence[Collection]], fox: Fox,
            hand_sizes: Sequence[int], data: GloriaData = DEFAULT) -> Breakdown:
    """A whole scoring's breakdown (see the module docstring), paid as the card data says."""
    motifs = score_motifs(collections, fox, data)
    points = [0] * len(collections)
    for motif in motifs:
        for entry in motif["entries"]:
            points[entry["seat"]] += entry["points"]
    minus = penalties(collections, hand_sizes, fox, data) if final else []
    for row in minus:
        points[row["seat"]] += row["points"]
    return {"number": number, "dh": dh, "final": final, "motifs": motifs, "penalties": minus,
            "points": points}


def describe(breakdown: Breakdown) -> Message:
    """One line for the log: 'Scoring 1 (4th Genghis Rooster): Anna +7, Ben +2 and Cleo +0'."""
    points = listing(message("{seat} {points:+d}", seat=Seat(s), points=p)
                     for s, p in enumerate(breakdown["points"]))
    dh = Card("gloria_picktoria", DH)
    if breakdown["final"]:
        return message("Final scoring ({place} {card}): {points}", place=ordinal_message(breakdown["dh"]),
                       card=dh, points=points)
    return message("Scoring {scoring} ({place} {card}): {points}", scoring=breakdown["number"],
                   place=ordinal_message(breakdown["dh"]), card=dh, points=points)


def copy_breakdown(breakdown: Breakdown) -> Breakdown:
    """A copy of a breakdown that shares nothing mutable with it."""
    return {
        **breakdown,
        "motifs": [{**m, "entries": [{**e} for e in m["entries"]]} for m in breakdown["motifs"]],
        "penalties": [{**p} for p in breakdown["penalties"]],
        "points": list(breakdown["points"]),
    }
