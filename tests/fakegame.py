"""A tiny game behind the real contract, so the contract, records and match controller are tested on
their own: 'Duel' — every player holds three hidden cards (1..9); in turn each plays one; the highest
card of a trick scores a point; after three tricks the most points win (ties shared). Once per game a
player may 'peek' at the next player's hand instead of playing (a revealed-to-one event)."""

from __future__ import annotations

from typing import Any

from game.core import (
    Action,
    BadSetup,
    CardMoved,
    CardsRevealed,
    Event,
    Game,
    Option,
    Rng,
    State,
    TurnChanged,
)

DECK = [f"c{v}" for v in range(1, 10)] * 2


def value(card: str) -> int:
    return int(card[1:])


class DuelState(State):
    game_id = "duel"

    def __init__(self, num_players: int, rng: Rng, options: dict[str, Any]) -> None:
        super().__init__(num_players, rng, options)
        self.hands: list[list[str]] = [[] for _ in range(num_players)]
        self.stock: list[str] = []
        self.trick: list[tuple[int, str]] = []
        self.points = [0] * num_players
        self.turn = 0
        self.peeked = [False] * num_players
        self.known: list[dict[int, list[str]]] = [{} for _ in range(num_players)]

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn

    def is_terminal(self) -> bool:
        return all(not h for h in self.hands) and not self.trick

    def _legal_actions(self) -> list[Action]:
        actions = [Action("play", (c,)) for c in sorted(set(self.hands[self.turn]))]
        if self.options["peek"] and not self.peeked[self.turn]:
            actions.append(Action("peek"))
        return actions

    def explain_illegal(self, action: Action) -> str:
        if action.kind == "play" and action.args and action.args[0] not in self.hands[self.turn]:
            return f"you have no {action.args[0]} in your hand"
        return super().explain_illegal(action)

    def _apply(self, action: Action) -> list[Event]:
        seat = self.turn
        nxt = (seat + 1) % self.num_players
        if action.kind == "peek":
            self.peeked[seat] = True
            self.known[seat][nxt] = sorted(self.hands[nxt])
            return [CardsRevealed(seat=nxt, zone=f"hand:{nxt}", cards=tuple(self.hands[nxt]),
                                  visible_to=frozenset({seat}))]
        card = str(action.args[0])
        self.hands[seat].remove(card)
        for knowledge in self.known:
            if seat in knowledge and card in knowledge[seat]:
                knowledge[seat].remove(card)
        self.trick.append((seat, card))
        events: list[Event] = [CardMoved(card=card, src=f"hand:{seat}", dst="trick")]
        if len(self.trick) == self.num_players:
            best = max(self.trick, key=lambda sc: (value(sc[1]), -sc[0]))
            self.points[best[0]] += 1
            self.trick = []
            nxt = best[0]
        self.turn = nxt
        events.append(TurnChanged(seat=nxt, reason="next"))
        return events

    def scores(self) -> list[float]:
        return list(self.points)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        top = max(self.points)
        return [i for i, p in enumerate(self.points) if p == top]

    def result_text(self) -> str:
        return f"seats {self.winners()} win" if self.is_terminal() else ""

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "duel", "seat": seat, "players": self.num_players,
            "current_player": self.current_player, "phase": "over" if self.is_terminal() else "play",
            "prompt": "Play a card", "scores": self.scores(), "terminal": self.is_terminal(),
            "winners": self.winners(), "result": self.result_text(),
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "known": {str(k): list(v) for k, v in self.known[seat].items()} if seat is not None else {},
            "trick": [[s, c] for s, c in self.trick],
        }

    def clone(self) -> DuelState:
        new = DuelState.__new__(DuelState)
        self._copy_base_into(new)
        new.hands = [list(h) for h in self.hands]
        new.stock = list(self.stock)
        new.trick = list(self.trick)
        new.points = list(self.points)
        new.turn = self.turn
        new.peeked = list(self.peeked)
        new.known = [{k: list(v) for k, v in kn.items()} for kn in self.known]
        return new

    def determinize(self, seat: int, rng: Rng) -> DuelState:
        new = self.clone()
        new.rng = rng.spawn()
        fixed = {o: list(c) for o, c in self.known[seat].items()}
        pool = list(self.stock)
        for o in range(self.num_players):
            if o != seat:
                rest = list(self.hands[o])
                for c in fixed.get(o, []):
                    rest.remove(c)
                pool.extend(rest)
        pool.sort()  # only the multiset of unknown cards may matter, never where they truly are
        rng.shuffle(pool)
        for o in range(self.num_players):
            if o != seat:
                keep = list(fixed.get(o, []))
                need = len(self.hands[o]) - len(keep)
                new.hands[o] = keep + pool[:need]
                del pool[:need]
        new.stock = pool
        return new

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.num_players, "rng": self.rng.state, "options": self.options,
            "hands": self.hands, "stock": self.stock, "trick": self.trick, "points": self.points,
            "turn": self.turn, "peeked": self.peeked,
            "known": [{str(k): v for k, v in kn.items()} for kn in self.known],
        }


class Duel(Game):
    id = "duel"
    title = "Duel"
    description = "Three tricks of high card."
    min_players = 2
    max_players = 3
    options = {"peek": Option("peek", True, (True, False), "Peek", "Once a game, look at the next hand")}

    def _new_state(self, players: int, rng: Rng, options: dict[str, Any]) -> DuelState:
        state = DuelState(players, rng, options)
        deck = list(DECK)
        rng.shuffle(deck)
        for seat in range(players):
            state.hands[seat] = [deck.pop() for _ in range(3)]
        state.stock = deck
        state.turn = rng.randbelow(players)
        return state

    def state_from_dict(self, data: dict[str, Any]) -> DuelState:
        state = DuelState(data["players"], Rng.from_state(data["rng"]), data["options"])
        state.hands = [list(h) for h in data["hands"]]
        state.stock = list(data["stock"])
        state.trick = [(s, c) for s, c in data["trick"]]
        state.points = list(data["points"])
        state.turn = data["turn"]
        state.peeked = list(data["peeked"])
        state.known = [{int(k): list(v) for k, v in kn.items()} for kn in data["known"]]
        if not 0 <= state.turn < state.num_players:
            raise BadSetup(f"turn {state.turn} is not a seat")
        return state


GAME = Duel()


def same_information_pairs(count: int):
    """(state, seat, other): two-player deals where `other` holds the opponent's and the stock's cards
    dealt anew, so the seat to move sees exactly the same in both (a bot must decide the same)."""
    for seed in range(count):
        state = GAME.new_state(2, seed, {"peek": False})
        seat = state.turn
        other = state.clone()
        pool = other.hands[1 - seat] + other.stock
        Rng(seed + 100).shuffle(pool)
        other.hands[1 - seat], other.stock = pool[:3], pool[3:]
        assert other.observation(seat) == state.observation(seat)
        yield state, seat, other
