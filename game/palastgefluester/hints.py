"""Why a Palastgeflüster move is good, in the heuristic's own terms (see bot.py), and the words for it.

`reasons(decision, action, rng)` reads the seat's observation through the bot's Judge: dead cards (persons
already in the own display), whose turn comes next and how likely that player is stuck, what a card's
action frees. The words are all in MESSAGES (ids "pg.*", marked for the catalogues); game.ai.hint
renders them.
"""

from __future__ import annotations

from game.ai.base import Decision
from game.ai.hint import Reason
from game.core import Action, IllegalAction, Rng
from game.i18n import N_, tr
from game.palastgefluester.bot import Judge, _next_seats, _unwanted
from game.palastgefluester.cards import card_colour, card_person, colour_label, person_label
from game.palastgefluester.rules import colour_seat

#: A player this likely to hold only dead cards is called stuck in a hint.
STUCK = 0.5

MESSAGES: dict[str, str] = {
    "pg.forced_double": N_("every card you hold is already in your row: a Palastgeflüster cannot be avoided"),
    "pg.completes_six": N_("it completes six different persons in your row: you score"),
    "pg.completes_row": N_("it completes {count} different persons in your row: you score"),
    "pg.own_colour": N_("it is your own colour, so you play again next"),
    "pg.brown_you": N_("it is brown and your row stays the shortest, so you play again next"),
    "pg.to_stuck": N_("{seat} plays next and probably holds only cards already in their row: everyone else "
                      "scores"),
    "pg.to_seat": N_("{seat} plays next, who is not close to scoring"),
    "pg.keeps_hand_live": N_("every card left in your hand can still go into your row"),
    "pg.blocked": N_("its action is blocked by the King card, so it costs you nothing"),
    "pg.zofe_swaps": N_("the Maid lets you throw away a card you can no longer play"),
    "pg.zauberer_trades": N_("the Wizard lets you hand unwanted cards to another player ({count})"),
    "pg.waechter_frees": N_("the Guard takes a card back so that hand cards can be played again ({count})"),
    "pg.mundschenk_quiet": N_("the Cupbearer has no action this early in the round, so it gives nothing "
                              "away"),
    "pg.target_stuck": N_("{seat} cannot play some of the cards you want to give away ({count})"),
    "pg.target_leader": N_("{seat} leads or is close to six persons: hurting them matters most"),
    "pg.count_unwanted": N_("the number of cards you would rather give away: {count}"),
    "pg.give_dead": N_("you can no longer play it yourself"),
    "pg.give_copy": N_("you hold another {card}, and only one of them can go into your row"),
    "pg.give_hurts": N_("{seat} cannot play it either"),
    "pg.give_own_colour": N_("it keeps your own colour, which gives you extra turns"),
    "pg.discard_dead": N_("you can no longer play it yourself"),
    "pg.discard_copy": N_("you hold another {card}"),
    "pg.discard_least": N_("it is the card you need least"),
    "pg.take_frees": N_("it frees hand cards to be played again ({count})"),
    "pg.take_card": N_("its person can be played again"),
    "pg.swap_hurts": N_("the swap leaves the others with more cards they cannot play"),
    "pg.swap_frees": N_("the swap frees your own hand cards"),
    "pg.next_stuck": N_("{seat} probably holds only cards already in their row: everyone else scores"),
    "pg.next_safe": N_("{seat} is the least dangerous player to hand the turn to"),
}


def person_words(person: str) -> str:
    """A person's name in the chosen language."""
    return person_label(person)


def card_words(card: str) -> str:
    """"Waechter/red" -> "Wächter (Rot)" / "Guard (red)"; a person alone by its name."""
    if "/" not in card:
        return person_words(card)
    return tr("{card} ({colour})").format(card=person_words(card_person(card)),
                                          colour=colour_label(card_colour(card)))


def action_words(text: str) -> str:
    """An action's text as a player says it ("play Zauberer/red" -> "play the Wizard (red)"), in the
    chosen language."""
    try:
        action = Action.parse(text)
    except IllegalAction:
        return text
    kind, args = action.kind, action.args
    if kind in ("play", "give", "discard") and args:
        templates = {"play": tr("play {card}"), "give": tr("give {card}"), "discard": tr("discard {card}")}
        template = templates[kind]
        return template.format(card=card_words(str(args[0])))
    if kind in ("target", "next") and args and _seat_number(args[0]):
        template = tr("swap with seat {number}") if kind == "target" else tr("seat {number} plays next")
        return template.format(number=int(args[0]) + 1)
    if kind == "take" and args:
        return tr("take back {card}").format(card=person_words(str(args[0])))
    if kind in ("pick", "swap") and len(args) == 2 and _seat_number(args[0]):
        return tr("swap {card} of seat {number}").format(card=person_words(str(args[1])),
                                                         number=int(args[0]) + 1)
    return text


def _seat_number(arg: str | int) -> bool:
    """Whether an action's argument is written as a seat's number (digits only)."""
    return isinstance(arg, int) and arg >= 0


def reasons(decision: Decision, action: Action, rng: Rng) -> list[Reason]:
    judge = Judge(decision.observation)
    explain = _EXPLAIN.get(action.kind)
    return explain(judge, action, decision) if explain is not None else []


def _play(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    card = str(action.args[0])
    person = card_person(card)
    if person in j.dead_persons(j.displays[j.me]):
        return [Reason("pg.forced_double")]
    display = j.displays[j.me] + [card]
    if len(display) == j.hand_size:  # a variant's hand size other than six says its own number
        return [Reason("pg.completes_six") if j.hand_size == 6 else Reason("pg.completes_row",
                                                                            {"count": j.hand_size})]
    hand = list(j.hand)
    hand.remove(card)
    out: list[Reason] = []
    nxt = _next_seats(j, card, display)
    if nxt == [j.me]:
        out.append(Reason("pg.own_colour" if colour_seat(card) == j.me else "pg.brown_you"))
    elif j.me not in nxt:
        stuck = max(nxt, key=j.stuck_chance)
        if j.stuck_chance(stuck) >= STUCK:
            out.append(Reason("pg.to_stuck", {"seat": stuck}))
    blocked = person == j.king
    if blocked:
        out.append(Reason("pg.blocked"))
    else:
        out.extend(_card_action(j, person, hand, display))
    if not out and j.dead_count(hand, display) == 0:
        out.append(Reason("pg.keeps_hand_live"))
    if not out and len(nxt) == 1 and nxt[0] != j.me:
        out.append(Reason("pg.to_seat", {"seat": nxt[0]}))
    return out


def _card_action(j: Judge, person: str, hand: list[str], display: list[str]) -> list[Reason]:
    dead = j.dead_count(hand, display)
    if person == "Zofe" and dead:
        return [Reason("pg.zofe_swaps")]
    if person == "Zauberer" and dead:
        return [Reason("pg.zauberer_trades", {"count": min(dead, 2)})]
    if person == "Waechter" and len(display) > 1:
        freed = max(sum(card_person(c) == card_person(d) for c in hand) for d in display[:-1])
        if freed:
            return [Reason("pg.waechter_frees", {"count": freed})]
    if person == "Mundschenk" and j.obs["plays_this_round"] + 1 <= j.quiet_plays:
        return [Reason("pg.mundschenk_quiet")]
    return []


def _target(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    seat = int(action.args[0])
    harm = sum(card_person(c) in j.dead_persons(j.displays[seat]) for c in _unwanted(j, j.hand))
    out = []
    if harm:
        out.append(Reason("pg.target_stuck", {"seat": seat, "count": harm}))
    if j.weight(seat) > 1.0:
        out.append(Reason("pg.target_leader", {"seat": seat}))
    return out


def _count(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    return [Reason("pg.count_unwanted", {"count": max(1, len(_unwanted(j, j.hand)))})]


def _give(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    card = str(action.args[0])
    z = j.obs["zauberer"] or {}
    receiver = z.get("target") if j.me == z.get("initiator") else z.get("initiator")
    hand = list(j.hand)
    for chosen in z.get("chosen", []):
        if chosen in hand:
            hand.remove(chosen)
    person = card_person(card)
    out = []
    if person in j.dead_persons(j.displays[j.me]):
        out.append(Reason("pg.give_dead"))
    elif sum(card_person(c) == person for c in hand) > 1:
        out.append(Reason("pg.give_copy", {"card": person}))
    if isinstance(receiver, int) and person in j.dead_persons(j.displays[receiver]):
        out.append(Reason("pg.give_hurts", {"seat": receiver}))
    return out


def _discard(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    card = str(action.args[0])
    person = card_person(card)
    if person in j.dead_persons(j.displays[j.me]):
        return [Reason("pg.discard_dead")]
    if sum(card_person(c) == person for c in j.hand) > 1:
        return [Reason("pg.discard_copy", {"card": person})]
    return [Reason("pg.discard_least")]


def _take(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    freed = sum(card_person(c) == str(action.args[0]) for c in j.hand)
    return [Reason("pg.take_frees", {"count": freed})] if freed else [Reason("pg.take_card")]


def _swap(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    seat = int(action.args[0])
    return [Reason("pg.swap_frees" if seat == j.me else "pg.swap_hurts")]


def _next(j: Judge, action: Action, decision: Decision) -> list[Reason]:
    seat = int(action.args[0])
    if seat != j.me and j.stuck_chance(seat) >= STUCK:
        return [Reason("pg.next_stuck", {"seat": seat})]
    return [Reason("pg.next_safe", {"seat": seat})] if seat != j.me else [Reason("pg.own_colour")]


_EXPLAIN = {"play": _play, "target": _target, "count": _count, "give": _give, "discard": _discard,
            "take": _take, "pick": _swap, "swap": _swap, "next": _next}
