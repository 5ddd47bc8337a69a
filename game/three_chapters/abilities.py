"""The rule functions that read card abilities: one trick of chapter II, and the scoring of chapter III.

Order of checking. Within one moment (a trick, or the chapter-III scoring) abilities are checked in three
stages, and every ability of a stage sees the tokens as they stood when its stage began, so the order of
players within a stage never matters:

1. abilities that read no tokens;
2. every ability of a card marked ``evaluate_last`` (Grinsekatz, Herzkönigin: after all other players);
3. abilities that count their owner's own tokens (Zwerge der Freundschaft counts the hearts at the end of
   chapter III, so hearts from a Herzkönigin of the same owner count too).

A blocking ability (Schneekönigin) in the trick turns the blocked rewards of that trick into 0 for
everyone; a ghost's card blocks too, since its ability is part of the trick. Stars from the trick win and
from abilities still count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.three_chapters.cards import Ability, Card, CardSet, Condition, Multiplier
from game.three_chapters.data import ThreeChaptersData, shipped_data

STAR, HEART, CRYSTAL = 0, 1, 2
TOKEN_INDEX = {"stars": STAR, "hearts": HEART, "crystals": CRYSTAL}

#: sources in the ledger that are not a card
TRICK_WIN = "trick"
CRYSTAL_BONUS = "bonus"


@dataclass(frozen=True, slots=True)
class Gain:
    """One line of the ledger: where tokens came from."""

    seat: int
    chapter: int
    trick: int  # trick number (1-based) in chapter II, 0 in chapter III
    source: str  # a card value as text, TRICK_WIN or CRYSTAL_BONUS
    ability: int  # 1-based ability index on the card, 0 for the other sources
    token: str
    amount: int
    blocked: bool = False  # a Schneekönigin took it away

    def to_list(self) -> list[object]:
        return [self.seat, self.chapter, self.trick, self.source, self.ability, self.token, self.amount,
                self.blocked]

    @classmethod
    def from_list(cls, data: Sequence[object]) -> Gain:
        seat, chapter, trick, source, ability, token, amount, blocked = data
        return cls(_whole(seat), _whole(chapter), _whole(trick), str(source), _whole(ability), str(token),
                   _whole(amount), bool(blocked))


@dataclass(frozen=True, slots=True)
class Trick:
    """A complete trick: (position, card value) in play order."""

    plays: tuple[tuple[int, int], ...]

    @property
    def winner(self) -> int:
        return max(self.plays, key=lambda p: p[1])[0]

    def values(self) -> list[int]:
        return [card for _, card in self.plays]


@dataclass(slots=True)
class Holding:
    """What an ability may look at for one seat: its cards (the card itself included), its tokens."""

    seat: int
    cards: list[int]
    tricks_won: int


def _whole(value: object) -> int:
    """A stored number back from a position's data (a ledger row)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"a ledger entry must be a whole number, not {value!r}")
    return int(value)


def trick_winner(plays: Sequence[tuple[int, int]]) -> int:
    return max(plays, key=lambda p: p[1])[0]


def _stage(card: Card, ability: Ability) -> int:
    if ability.reads_own_tokens:
        return 2
    return 1 if card.evaluate_last else 0


def count_with(cards: CardSet, values: Sequence[int], attribute: str, exclude: int | None) -> int:
    return sum(1 for v in values if v != exclude and attribute in cards.cards[v].attributes)


def condition_met(cond: Condition, card: Card, cards: CardSet, holding: Holding,
                  tokens: Sequence[Sequence[int]], trick: Trick | None) -> bool:
    kind = cond.kind
    if kind == "own":
        exclude = card.value if cond.other else None
        return count_with(cards, holding.cards, cond.attribute, exclude) >= cond.count
    if kind == "own_card":
        return any(cards.cards[v].name == cond.card for v in holding.cards if v != card.value)
    if kind == "tricks_won":
        if cond.at_most is not None:
            return holding.tricks_won <= cond.at_most
        return holding.tricks_won >= (cond.at_least or 0)
    if kind == "standing":
        index = TOKEN_INDEX[cond.token]
        mine = tokens[holding.seat][index]
        others = [t[index] for s, t in enumerate(tokens) if s != holding.seat]
        return all(mine >= o for o in others) if cond.standing == "most" else all(mine <= o for o in others)
    if trick is None:
        return False
    values = trick.values()
    place = values.index(card.value)
    if kind == "trick":
        exclude = card.value if cond.other else None
        return count_with(cards, values, cond.attribute, exclude) >= cond.count
    if kind == "result":
        if cond.result == "won":
            return card.value == max(values)
        if cond.result == "lost":
            return card.value != max(values)
        return card.value == min(values)
    last = len(values) - 1
    return {"led": place == 0, "second": place == 1, "last": place == last,
            "middle": 0 < place < last}[cond.position]


def multiplier_count(per: Multiplier, card: Card, cards: CardSet, holding: Holding,
                     tokens: Sequence[Sequence[int]], trick: Trick | None) -> int:
    kind = per.kind
    if kind == "own":
        exclude = card.value if per.other else None
        return count_with(cards, holding.cards, per.attribute, exclude) // per.group
    if kind == "trick":
        if trick is None:
            return 0
        exclude = card.value if per.other else None
        return count_with(cards, trick.values(), per.attribute, exclude)
    if kind == "tokens":
        return tokens[holding.seat][TOKEN_INDEX[per.token]] // per.group
    if kind == "attributes":
        return len(set().union(*(cards.cards[v].attributes for v in holding.cards))) // per.group
    return holding.tricks_won


def ability_reward(ability: Ability, card: Card, cards: CardSet, holding: Holding,
                   tokens: Sequence[Sequence[int]], trick: Trick | None) -> int:
    """How many tokens `ability` of `card` gives its holder now (0 when its condition fails)."""
    if ability.block:
        return 0
    if ability.when is not None and not condition_met(ability.when, card, cards, holding, tokens, trick):
        return 0
    times = 1 if ability.per is None else multiplier_count(ability.per, card, cards, holding, tokens, trick)
    return ability.amount * times


def _run_stages(items: list[tuple[Holding, Card]], chapter: int, cards: CardSet, tokens: list[list[int]],
                trick: Trick | None, trick_no: int, blocked: frozenset[str]) -> list[Gain]:
    gains: list[Gain] = []
    for stage in (0, 1, 2):
        batch: list[Gain] = []
        for holding, card in items:
            for index, ability in enumerate(card.abilities, 1):
                if ability.block or not ability.in_chapter(chapter) or _stage(card, ability) != stage:
                    continue
                amount = ability_reward(ability, card, cards, holding, tokens, trick)
                if amount:
                    batch.append(Gain(holding.seat, chapter, trick_no, str(card.value), index, ability.reward,
                                      amount, ability.reward in blocked))
        for gain in batch:
            if not gain.blocked:
                tokens[gain.seat][TOKEN_INDEX[gain.token]] += gain.amount
        gains.extend(batch)
    return gains


def resolve_trick(data: ThreeChaptersData, trick: Trick, owners: dict[int, int | None],
                  displays: Sequence[Sequence[int]], tokens: list[list[int]], tricks_won: list[int],
                  trick_no: int) -> list[Gain]:
    """Score a complete chapter-II trick into `tokens` and `tricks_won`; return the ledger lines.

    `owners` maps each position of the trick to its seat, or None for a ghost (ghosts score nothing)."""
    cards = data.cards
    gains: list[Gain] = []
    winner_seat = owners[trick.winner]
    if winner_seat is not None:
        tricks_won[winner_seat] += 1
        if data.trick_stars:
            tokens[winner_seat][STAR] += data.trick_stars
            gains.append(Gain(winner_seat, 2, trick_no, TRICK_WIN, 0, "stars", data.trick_stars))
    blocked = frozenset().union(*(a.block for _, v in trick.plays for a in cards.cards[v].abilities))
    items = []
    for position, value in trick.plays:
        seat = owners[position]
        if seat is None:
            continue
        holding = Holding(seat, [*displays[seat], value], tricks_won[seat])
        items.append((holding, cards.cards[value]))
    gains.extend(_run_stages(items, 2, cards, tokens, trick, trick_no, blocked))
    return gains


def score_chapter_three(data: ThreeChaptersData, displays: Sequence[Sequence[int]], tokens: list[list[int]],
                        tricks_won: Sequence[int]) -> list[Gain]:
    """Every seat's chapter-III abilities against all its face-up cards, then the most-crystals bonus."""
    cards = data.cards
    items: list[tuple[Holding, Card]] = []
    for seat, display in enumerate(displays):
        holding = Holding(seat, list(display), tricks_won[seat])
        items.extend((holding, cards.cards[v]) for v in display)
    gains = _run_stages(items, 3, cards, tokens, None, 0, frozenset())
    most = max(t[CRYSTAL] for t in tokens)
    bonus = data.most_crystals_bonus
    for seat, t in enumerate(tokens):
        if t[CRYSTAL] == most and bonus:
            t[CRYSTAL] += bonus
            gains.append(Gain(seat, 3, 0, CRYSTAL_BONUS, 0, "crystals", bonus))
    return gains


def points(tokens: Sequence[int], data: ThreeChaptersData | None = None) -> int:
    """The points of [stars, hearts, crystals] by the game's data (None: the shipped game's: 2 per star, 1
    per heart, 1 per pair of crystals)."""
    return (data or shipped_data()).points(tokens)
