"""A rule-of-thumb player for Gloria Picktoria.

It looks one decision ahead: every legal action is tried on a position sampled from what the seat
knows (`decision.sample`), and the resulting position is valued by `evaluate`, from this seat's side,
against the strongest and the average opponent. The value encodes how a good player thinks:

- rows score now and at every later scoring, so the table as it stands is counted once per scoring left
  (later ones a little less); motifs that others collect longer are worth little, a motif nobody else
  collects is worth 4, and every card in a row adds a little, since a long row is hard to catch;
- a hand card is worth a little less than the same card in a row, so cards that fit are played;
- the fox moves on every turn: where it stands counts only as far as the next scoring may come before
  it moves again; a fox on an own row is passed after the turn to the neighbour's row that hurts the
  leader most;
- the doubler is held while a scoring is far off and laid on the best row when the next Dschingis Hahn
  is likely before the next turn (at once on a sole collector's row, which can do no better);
- near the end, lone treasure cards (-2) and hand cards (-1) weigh with the chance that the game ends
  before there was an action point to play them; a lone treasure card under the fox costs nothing if the
  game ends before the fox moves on (GP-R10).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from game.ai.base import AnytimeBot, Decision
from game.ai.plan import SearchPlan, softmax_shares
from game.core import Action, Rng, State
from game.gloria_picktoria.cards import JOKER
from game.gloria_picktoria.scoring import motif_places
from game.gloria_picktoria.state import FOX_PASS, OVER, TURN, GloriaState

#: Pile cards that leave the pile in a turn (refills and draws), for the Dschingis Hahn odds. Bots play
#: about 1.05; a higher figure errs on the side of caution and played better than the true one.
PILE_CARDS_PER_TURN = 1.4
#: A card in a row: worth something beyond today's place, since a longer row is harder to catch.
ROW_CARD = 0.35
#: A hand card as a promise: extending an own row, starting a motif on a lone treasure, or later.
#: Kept below ROW_CARD, so a card that fits is played rather than held.
EXTENDS_ROW = 0.3
STARTS_ON_TREASURE = 0.3
STARTS_LATER = 0.12
JOKER_WITH_ROW = 0.32
JOKER_WITHOUT_ROW = 0.1
#: A lone treasure card: a place to start a motif, worth something only with a hand card to open it.
LONE_TREASURE = 0.05
LONE_TREASURE_READY = 0.3
#: Holding the doubler: the freedom to lay it later on a better row, worth less the better the best row
#: already is (a sole collector's row can do no better).
DOUBLER_FLEXIBILITY = 1.0
#: How much a later scoring counts against the next one (rows change until then).
LATER_SCORING_WEIGHT = 0.6
DRAW_SAMPLES = 3


class HeuristicBot(AnytimeBot):
    name = "heuristic"

    def think(self, decision: Decision, rng: Rng) -> Iterator[Action | None]:
        """One legal action valued per step, so a frame never waits for the whole decision."""
        if len(decision.legal) == 1:
            yield decision.legal[0]
            return
        best: Action = decision.legal[0]
        best_value = -math.inf
        for value, action in self._values(decision, rng):
            if value > best_value:
                best, best_value = action, value
            yield None
        yield best

    def ranked(self, decision: Decision, rng: Rng) -> list[tuple[float, Action]]:
        """Every legal action with its value, best first."""
        return sorted(self._values(decision, rng), key=lambda pair: -pair[0])

    def _values(self, decision: Decision, rng: Rng) -> Iterator[tuple[float, Action]]:
        seat = decision.seat
        samples = [_gloria(decision.sample(rng))]
        for action in decision.legal:
            if action.kind == "draw":
                while len(samples) < DRAW_SAMPLES:
                    samples.append(_gloria(decision.sample(rng)))
                value = sum(_value_after(s, action, seat) for s in samples) / len(samples)
            else:
                value = _value_after(samples[0], action, seat)
            # Equal values: no bias towards the first action in the list.
            yield value + rng.random() * 1e-6, action


def _value_after(state: GloriaState, action: Action, seat: int) -> float:
    trial = state.clone()
    trial.apply(action)
    return evaluate(trial, seat)


def evaluate(state: GloriaState, seat: int) -> float:
    """How good `state` is for `seat`: its expected lead over the others, in points."""
    if state.phase == OVER:
        return _relative(state.points, seat)
    odds = _Odds(state, seat)
    # The fox moves on every turn, so it matters only if the next scoring comes before it moves again;
    # for the scorings after that, the table is counted as if it stood elsewhere.
    rows = _Rows(state)
    later = LATER_SCORING_WEIGHT * (len(state.data.scoring_at) - len(state.scorings) - 1)
    prospects = _own_prospects(state, seat, 1.0 + later, odds, rows)  # the same wherever the fox stands

    def with_fox(where: tuple[int, int] | None, stays: float) -> float:
        return _evaluate_with_fox(state, seat, where, stays, rows, later, prospects)

    fox = state.fox
    if fox is not None and fox[0] == seat and state.turn == seat and state.phase in (TURN, FOX_PASS):
        neighbour = (seat + 1) % state.num_players
        options = [(neighbour, i) for i in range(len(state.collections[neighbour]))]
        if options:
            # The free pass after the turn takes it to the neighbour's row that suits us best, unless a
            # scoring comes first, in the rest of this turn.
            stays = odds.fox_stays_with(neighbour)
            passed = max(with_fox(where, stays) for where in options)
            if state.phase == FOX_PASS:
                return passed
            now = odds.fox_stays_with(seat)
            return now * with_fox(fox, 1.0) + (1 - now) * passed
    stays = odds.fox_stays_with(fox[0]) if fox is not None else 0.0
    return with_fox(fox, stays)


class _Odds:
    """The chances that Dschingis Hahn cards come before `seat` can act again, from the pile's make-up."""

    def __init__(self, state: GloriaState, seat: int) -> None:
        players, data = state.num_players, state.data
        in_pile = data.dh_cards - state.middle
        self.rate = in_pile / len(state.pile) * PILE_CARDS_PER_TURN if state.pile else 1.0
        self.turn = state.turn
        self.current_rest = state.ap / data.ap_per_turn if state.phase == TURN else 0.0
        self.ap_per_turn = data.ap_per_turn
        own_turn = state.turn == seat and state.phase == TURN
        self.rest_of_turn = self.current_rest if own_turn else 0.0
        # Turns until this seat's next turn begins (the rest of its own turn counts as a part of one).
        gap = (seat - state.turn) % players
        self.until_next = self.rest_of_turn + players - 1 if own_turn or gap == 0 else float(gap)
        self.ap_now = state.ap if own_turn else 0
        self.players = players
        next_at = next((t for t in data.scoring_at if t > state.middle), data.dh_cards)
        self.to_next = next_at - state.middle
        self.to_end = data.dh_cards - state.middle

    def fox_stays_with(self, owner: int) -> float:
        """P(the next scoring comes before `owner`'s turn ends, when the fox standing there moves on)."""
        return _at_least(self.to_next, self.rate * self._turns_until_end_of(owner))

    def fox_stays_to_the_end_with(self, owner: int) -> float:
        """P(the last scoring comes before `owner`'s turn ends, when the fox standing there moves on)."""
        return _at_least(self.to_end, self.rate * self._turns_until_end_of(owner))

    def _turns_until_end_of(self, owner: int) -> float:
        return self.current_rest + (owner - self.turn) % self.players

    def end_before_turn(self, later_turns: int) -> float:
        """P(the game ends before the start of this seat's turn number `later_turns` + 1 from now)."""
        turns = self.until_next + later_turns * self.players
        return _at_least(self.to_end, self.rate * turns)

    def next_scoring_before_next_turn(self) -> float:
        return _at_least(self.to_next, self.rate * self.until_next)


def _evaluate_with_fox(state: GloriaState, seat: int, fox: tuple[int, int] | None, stays: float,
                       rows: _Rows, later: float, prospects: float) -> float:
    foxless = rows.foxless
    next_table = foxless if fox is None or stays <= 0.0 else [
        stays * f + (1.0 - stays) * n for f, n in zip(rows.projection(fox), foxless, strict=True)]
    values = [p + t + later * n + ROW_CARD * cards
              for p, t, n, cards in zip(state.points, next_table, foxless, rows.row_cards, strict=True)]
    values[seat] += prospects
    return _relative(values, seat)


def _relative(values: Sequence[float], seat: int) -> float:
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


class _Rows:
    """The rows on the table by motif, read once per evaluation: what each seat would score if the
    scoring came now (motif points only, doublers included), without the fox or with it on one row."""

    def __init__(self, state: GloriaState) -> None:
        self.players = state.num_players
        self.data = state.data
        self.by_motif: dict[str, list[tuple[int, int, int, bool]]] = {}  # (seat, index, length, doubled)
        self.motif_at: dict[tuple[int, int], str] = {}
        self.row_cards = [0] * self.players
        for seat, own in enumerate(state.collections):
            for index, coll in enumerate(own):
                if coll.cards:
                    motif = coll.cards[0]
                    row = (seat, index, 1 + len(coll.cards), coll.doubler)
                    self.by_motif.setdefault(motif, []).append(row)
                    self.motif_at[(seat, index)] = motif
                    self.row_cards[seat] += len(coll.cards)
        self.points_by_motif = {motif: self._scored(rows) for motif, rows in self.by_motif.items()}
        self.foxless = [0.0] * self.players
        for scored in self.points_by_motif.values():
            for seat, points in scored:
                self.foxless[seat] += points

    def _scored(self, rows: list[tuple[int, int, int, bool]]) -> list[tuple[int, int]]:
        places = motif_places([length for _, _, length, _ in rows], self.data)
        return [(seat, base * 2 if doubled else base)
                for (seat, _, _, doubled), (_, base) in zip(rows, places, strict=True)]

    def projection(self, fox: tuple[int, int] | None) -> list[float]:
        """The scores if the scoring came now with the fox on `fox` (that row out of the scoring)."""
        motif = self.motif_at.get(fox) if fox is not None else None
        if motif is None:
            return list(self.foxless)
        points = list(self.foxless)
        for seat, gained in self.points_by_motif[motif]:
            points[seat] -= gained
        for seat, gained in self._scored([r for r in self.by_motif[motif] if (r[0], r[1]) != fox]):
            points[seat] += gained
        return points

    def best_row_points(self, seat: int, state: GloriaState) -> float:
        """The most one own open row would score now (what a doubler on it would add)."""
        best = 0.0
        for coll in state.collections[seat]:
            if coll.cards and not coll.doubler:
                for other, gained in self.points_by_motif[coll.cards[0]]:
                    if other == seat:
                        best = max(best, float(gained))
        return best

    def longest_elsewhere(self, seat: int) -> dict[str, int]:
        """The longest row of each motif among the other seats."""
        longest: dict[str, int] = {}
        for motif, rows in self.by_motif.items():
            for other, _, length, _ in rows:
                if other != seat:
                    longest[motif] = max(longest.get(motif, 0), length)
        return longest


def _at_least(needed: int, rate: float) -> float:
    """P(a Poisson count with this mean reaches `needed`)."""
    if needed <= 0:
        return 1.0
    term = math.exp(-rate)
    below = 0.0
    for k in range(needed):
        below += term
        term *= rate / (k + 1)
    return max(0.0, 1.0 - below)


def _own_prospects(state: GloriaState, seat: int, weight: float, odds: _Odds, rows: _Rows) -> float:
    """What the own hand, lone treasure cards and the doubler promise, less what they risk at the end."""
    own = state.collections[seat]
    open_rows = {c.cards[0] for c in own if c.cards and not c.doubler}
    collected = {c.cards[0] for c in own if c.cards}
    lone = sum(1 for c in own if c.lone)
    free_treasures = sum(1 for c in own if c.lone and not c.doubler)
    contested = rows.longest_elsewhere(seat)
    promises = []
    starters = 0
    for card in state.hands[seat]:
        if card == JOKER:
            promises.append(JOKER_WITH_ROW if open_rows else JOKER_WITHOUT_ROW)
        elif card in open_rows:
            promises.append(EXTENDS_ROW)
        elif card in collected:
            promises.append(0.0)  # its row is closed by the doubler
        else:
            start = STARTS_ON_TREASURE if starters < free_treasures else STARTS_LATER
            starters += 1
            if contested.get(card, 0) >= 3:
                start *= 0.4
            promises.append(start)
    # A hand card is stuck at the end if the game ends before there was an action point to play it:
    # the best cards are played first, three a turn.
    promises.sort(reverse=True)
    prospects = 0.0
    for i, promise in enumerate(promises):
        risk = 0.0 if i < odds.ap_now else odds.end_before_turn((i - odds.ap_now) // odds.ap_per_turn)
        prospects += promise * (1.0 - risk) - risk
    ready = min(starters, free_treasures)
    end_next = odds.end_before_turn(0)
    prospects += (ready * LONE_TREASURE_READY + (free_treasures - ready) * LONE_TREASURE) * (1.0 - end_next)
    left_for_later = odds.end_before_turn(1)
    prospects += state.data.lone_treasure_penalty * (ready * end_next + (lone - ready) * left_for_later)
    # Opening the treasure the fox guards gains nothing while it stays there: it is the one opened last.
    prospects += _fox_shield(state, seat, odds, left_for_later if lone > ready else end_next)
    if state.doublers[seat]:
        best_row = rows.best_row_points(seat, state)
        p_next = odds.next_scoring_before_next_turn()
        flexibility = DOUBLER_FLEXIBILITY * (1.0 - 0.6 * best_row / max(1, state.data.sole_collector_points))
        prospects += max(0.0, best_row * (weight - p_next)) + flexibility * (1.0 - end_next)
    return prospects


def _fox_shield(state: GloriaState, seat: int, odds: _Odds, charged: float) -> float:
    """What the fox on an own lone treasure card saves of the -2 counted for it with the chance `charged`:
    a collection under the fox is out of the last scoring, this penalty included (GP-R10). The card is
    spared if the game ends before it is opened and before the fox moves on, so with the smaller chance."""
    fox = state.fox
    if fox is None or fox[0] != seat or not state.collections[seat][fox[1]].lone:
        return 0.0
    return -state.data.lone_treasure_penalty * min(charged, odds.fox_stays_to_the_end_with(seat))


def win_shares(state: State) -> list[float]:
    """Each seat's chance to win, guessed from `evaluate` (its expected lead in points) for every seat."""
    gloria = _gloria(state)
    return softmax_shares([evaluate(gloria, seat) for seat in range(state.num_players)], POINT_SCALE)


def _gloria(state: State) -> GloriaState:
    """A state the search or a sample hands over, as what it is: this game's."""
    if not isinstance(state, GloriaState):
        raise TypeError(f"a Gloria Picktoria bot was given a {type(state).__name__}")
    return state


#: How far one point of expected lead moves the guessed chances (see `softmax_shares`).
POINT_SCALE = 2.0
#: Hard plays the heuristic's three best moves on up to 30 shared deals a decision, each to the end of its
#: own turn with the heuristic (a draw takes two action points, so counting moves would stop the playouts
#: at different points), and compares them by `evaluate` for every seat. ISMCTS over every move, valuing
#: the edge of its tree, lost to the heuristic (20% of 200 games against three of it).
SEARCH = SearchPlan(rollout=HeuristicBot, turns=1, evaluate=win_shares, exploration=0.15, candidates=3,
                    hard_iterations=30)
