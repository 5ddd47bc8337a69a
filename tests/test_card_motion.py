"""Card motion with weight (scenes/table/kit/cards.py): moves ease out past their end and settle exactly on
it; a card picked up is drawn larger over a shadow; a flight turns a little and lands straight, with a
squash; the person's own hand opens under the pointer and closes when it leaves; with reduced motion
nothing turns, squashes or overshoots and a move fades instead of flying, ending where it would have."""

from __future__ import annotations

import math

import pygame
import pytest
from test_table_support import click_on, close_app, make_app

from game.match import Match, Seat
from scenes.table import TABLES, open_table
from scenes.table.kit.animation import settling
from scenes.table.kit.cards import CardLayer
from scenes.table.kit.sprite import GRAB_STEPS, CardSprite, Placement

FELT = (0, 120, 60)
FACE = (250, 250, 250)
SIZE = (60, 84)


class SolidArt:
    """Every face white, every back blue: what is drawn can be found by its colour."""

    def card(self, game_id: str, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        face = pygame.Surface(size, pygame.SRCALPHA)
        face.fill((*FACE, 255))
        return face

    def back(self, game_id: str, size: tuple[int, int], kind: str = "back") -> pygame.Surface:
        back = pygame.Surface(size, pygame.SRCALPHA)
        back.fill((20, 40, 220, 255))
        return back


def face_up(uid: int = 1, center: tuple[float, float] = (100.0, 100.0)) -> CardSprite:
    return CardSprite(uid, "A", "hand:0", art_id="A", center=center, size=SIZE, face_up=True, shown_face=True)


def drawn(layer: CardLayer, size: tuple[int, int] = (400, 300)) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(FELT)
    layer.draw(surface, SolidArt())
    return surface


def face_box(surface: pygame.Surface) -> pygame.Rect:
    """The bounds of the pixels painted in the face's colour (or nearly: a turned edge is blended)."""
    mask = pygame.mask.from_threshold(surface, FACE, (60, 60, 60, 255))
    parts = mask.get_bounding_rects()
    assert parts, "no face drawn"
    return parts[0].unionall(parts[1:])


def test_the_eased_path_passes_its_end_a_little_and_settles_exactly_on_it():
    ease = settling(0.05)
    values = [ease(i / 200) for i in range(201)]
    assert ease(0.0) == 0.0 and ease(1.0) == 1.0
    assert 1.04 < max(values) < 1.06, "it passes its end by the share asked for"
    assert settling(0.0)(0.5) < 1.0 and max(settling(0.0)(i / 100) for i in range(101)) == 1.0

    sprite = face_up(center=(13.3, 17.9))
    target = Placement((611.7, 230.1), SIZE, True, 1)
    sprite.place(target, seconds=0.5)
    way = (target.center[0] - 13.3, target.center[1] - 17.9)
    along = []  # how far along its way it is
    for _ in range(40):
        sprite.update(1 / 60)
        x, y = sprite.center[0] - 13.3, sprite.center[1] - 17.9
        along.append((x * way[0] + y * way[1]) / math.hypot(*way))
    assert max(along) > math.hypot(*way) + 1.0, "the move overshoots its place"
    assert not sprite.busy and sprite.center == target.center, "and settles exactly on it"
    assert along[:10] == sorted(along[:10]) and along[1] - along[0] > along[9] - along[8], "eased out"


def test_a_dragged_card_is_drawn_larger_over_a_shadow():
    layer = CardLayer("test")
    sprite = layer.add(face_up(center=(200.0, 150.0)))
    lying = face_box(drawn(layer))
    assert lying.size == SIZE
    assert drawn(layer).get_at((lying.right + 6, lying.bottom + 8))[:3] == FELT, "no shadow while it lies"

    sprite.held = True
    for _ in range(20):
        layer.update(1 / 60)
    picture = drawn(layer)
    held = face_box(picture)
    assert held.w > SIZE[0] + 2 and held.h > SIZE[1] + 2, "drawn larger"
    assert math.dist(held.center, lying.center) <= 1.5, "about its own centre"
    shade = picture.get_at((held.right + 3, held.bottom + 3))[:3]
    assert all(s < f for s, f in zip(shade, FELT, strict=True) if f), "a shadow below and beside it"

    sprite.held = False
    for _ in range(20):
        layer.update(1 / 60)
    assert face_box(drawn(layer)) == lying, "put down, it is its own size again"


def test_a_card_in_flight_turns_a_little_and_lands_straight_with_a_squash():
    layer = CardLayer("test")
    sprite = layer.add(face_up(center=(60.0, 220.0)))
    target = Placement((330.0, 90.0), SIZE, True, 1)
    sprite.place(target, seconds=0.4)
    angles, squashes, boxes = [], [], []
    for _ in range(40):
        layer.update(1 / 60)
        picture = drawn(layer)
        angles.append(sprite.angle)
        squashes.append(sprite.squash)
        boxes.append(face_box(picture))
    assert 2 <= max(abs(a) for a in angles) <= 6, "a few degrees of turn"
    assert all(a <= 0 for a in angles), "leaning one way, into its way (to the right: clockwise)"
    turned = angles.index(min(angles))
    assert boxes[turned].w > SIZE[0] + 2, "the turn is drawn"
    arrived = next(i for i, s in enumerate(squashes) if s)
    assert angles[arrived - 1] == 0 and sprite.center == target.center, "straight before it lands"
    assert boxes[arrived].w > SIZE[0] and boxes[arrived].h < SIZE[1], "the landing squashes it"
    assert squashes[-1] == 0 and boxes[-1].size == SIZE, "for a few frames only"
    assert boxes[-1].center == (round(target.center[0]), round(target.center[1]))


def test_a_short_slide_neither_turns_nor_lands():
    sprite = face_up(center=(100.0, 100.0))
    sprite.place(Placement((130.0, 100.0), SIZE, True, 1), seconds=0.3)
    seen = set()
    for _ in range(30):
        sprite.update(1 / 60)
        seen.add((sprite.angle, sprite.squash))
    assert seen == {(0, 0)} and sprite.center == (130.0, 100.0)


def test_with_reduced_motion_a_move_fades_out_where_it_was_and_in_where_it_goes():
    sprite = face_up(center=(60.0, 220.0))
    sprite.face_up = sprite.shown_face = False
    target = Placement((330.0, 90.0), SIZE, True, 1)
    sprite.place(target, seconds=0.4, calm=True)
    places, alphas = set(), []
    for _ in range(40):
        sprite.update(1 / 60)
        assert sprite.angle == 0 and sprite.squash == 0 and sprite.flip is None
        places.add(sprite.center)
        alphas.append(sprite.alpha)
        if sprite.center == (60.0, 220.0):
            assert not sprite.shown_face, "it turns over while unseen"
    assert places == {(60.0, 220.0), target.center}, "no flight between: only where it was and where it goes"
    assert min(alphas) < 30 and alphas[-1] == 255 and not sprite.busy
    assert sprite.shown_face and sprite.center == target.center


def test_with_reduced_motion_a_slide_does_not_overshoot():
    sprite = face_up(center=(100.0, 100.0))
    sprite.place(Placement((140.0, 100.0), SIZE, True, 1), seconds=0.3, calm=True)
    xs = []
    for _ in range(30):
        sprite.update(1 / 60)
        xs.append(sprite.center[0])
    assert max(xs) == 140.0 and xs == sorted(xs) and sprite.center == (140.0, 100.0)


@pytest.mark.parametrize("calm", [False, True])
def test_animations_off_put_every_card_in_place_at_once(calm):
    sprite = face_up(center=(60.0, 220.0))
    sprite.place(Placement((330.0, 90.0), SIZE, False, 1), seconds=0.0, calm=calm)
    assert not sprite.busy and sprite.center == (330.0, 90.0) and sprite.alpha == 255
    assert not sprite.shown_face


def test_the_card_under_the_pointer_rises_and_every_card_of_the_hand_stays_where_it_can_be_clicked():
    layer = CardLayer("test")
    hand = [layer.add(face_up(uid, center=(100.0 + 40 * uid, 200.0))) for uid in range(5)]
    for sprite in hand:
        sprite.z = 300 + sprite.uid  # each over the one to its left, as a fanned hand lies
    middle = hand[2]
    overlap = (middle.center[0] + 25, middle.center[1])  # its right edge, under its right neighbour
    assert layer.hit(overlap) is hand[3]
    layer.point_at((middle.center[0] - 15, middle.center[1]), "hand:0")
    for _ in range(20):
        layer.update(1 / 60)
    assert layer.pointed is middle
    assert layer.hit(overlap) is hand[3], "its right neighbour keeps its strip: it can still be clicked"
    risen = (middle.center[0] + 25, middle.rect.top + 2)  # above the neighbours: its risen edge
    assert layer.hit(risen) is middle
    assert layer.hit((hand[3].rect.centerx, hand[3].rect.centery)) is hand[3]
    layer.point_at((middle.center[0] - 15, middle.center[1]), None)  # the hand is no longer one to open
    for _ in range(20):
        layer.update(1 / 60)
    assert layer.pointed is None and all(s.fan == 0.0 and s.lift == 0.0 for s in hand)


def person_table(app, game_id: str):
    match = Match(game_id, [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")], seed=3)
    table = open_table(app, match, seat=0, follow=False, bots=False)
    app.push(table)
    click_on(app, lambda: table.settled and not table.playing_back)
    return table


def move_to(app, pos: tuple[int, int], frames: int = 30) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(frames):
        app.step(1 / 60)


@pytest.fixture
def app():
    app = make_app((1280, 720), "normal")
    yield app
    close_app(app)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_own_hand_opens_under_the_pointer_and_closes_when_it_leaves(app, game_id):
    table = person_table(app, game_id)
    hand = sorted((s for s in table.layer if s.zone == table.hand_zone() and s.shown),
                  key=lambda s: s.center[0])
    assert len(hand) >= 3
    rests = [pygame.FRect(s.rect) for s in hand]
    places = [s.center for s in hand]
    middle = len(hand) // 2
    pointed = hand[middle]
    move_to(app, (round(pointed.rect.centerx), round(pointed.rect.bottom - 4)))
    assert table.layer.pointed is pointed
    assert pointed.rect.bottom < rests[middle].bottom - 5 and pointed.rect.centerx == rests[middle].centerx
    left, right = hand[middle - 1], hand[middle + 1]
    assert left.rect.centerx < rests[middle - 1].centerx - 5, "the left neighbour moves left"
    assert right.rect.centerx > rests[middle + 1].centerx + 5, "the right neighbour moves right"
    assert left.rect.y == rests[middle - 1].y and right.rect.y == rests[middle + 1].y, "only the one rises"
    aside = [abs(s.rect.centerx - rest.centerx) for s, rest in zip(hand, rests, strict=True)]
    for index, moved in enumerate(aside):
        if abs(index - middle) >= 2:  # (a hand of three has none)
            assert moved == pytest.approx(aside[middle - 1], abs=0.01), "as far: none slides under"
    assert [s.center for s in hand] == places, "the places stay: only the drawing opens"

    move_to(app, (5, 5))
    assert table.layer.pointed is None
    assert [pygame.FRect(s.rect) for s in hand] == rests, "moving away puts them back"


def test_a_card_the_pointer_rises_stays_under_it_at_its_lower_edge(app):
    table = person_table(app, "palastgefluester")
    hand = sorted((s for s in table.layer if s.zone == table.hand_zone()), key=lambda s: s.center[0])
    card = hand[1]
    low = (round(card.rect.centerx), round(card.rect.bottom - 2))
    for _ in range(3):
        move_to(app, low, 15)
        assert table.layer.pointed is card, "the room it rose from still holds it: no flicker"


def test_a_card_picked_up_at_the_table_is_held_larger_and_let_go_at_its_place(app):
    table = person_table(app, "palastgefluester")
    table.bots = True
    click_on(app, lambda: table.caught_up and bool(table.legal))
    target = next(t for t in table.targets if t.uid is not None and t.draggable)
    sprite = table.layer.sprites[target.uid]
    home = sprite.center
    start = (round(sprite.rect.centerx), round(sprite.rect.centery))
    move_to(app, start, 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    move_to(app, (start[0] + 60, start[1] - 200), 20)
    assert sprite.held and sprite.grown == GRAB_STEPS and table.layer.pointed is sprite
    assert sprite.rect.centery < home[1] - 150, "it follows the pointer"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))  # nowhere to play it
    move_to(app, (5, 5), 60)
    assert not sprite.held and sprite.grown == 0 and sprite.center == home


def play_along(reduced: bool, decisions: int = 3) -> tuple[list[dict[int, tuple]], set[str]]:
    """A game played the same way with or without reduced motion: where every card lies after each
    decision has played back, and what the moves showed on the way."""
    app = make_app((1280, 720), "normal")
    app.settings.reduced_motion = reduced
    try:
        match = Match("palastgefluester", [Seat("Anna"), Seat.ai("Ben", "random"), Seat.ai("Cleo", "random")],
                      seed=5)
        table = open_table(app, match)
        app.push(table)
        seen: set[str] = set()

        def watch() -> bool:
            for sprite in table.layer:
                seen.update(name for name, shown in (("turn", sprite.angle), ("squash", sprite.squash),
                                                     ("fade", sprite.alpha < 255), ("flight", sprite.move))
                            if shown)
            return table.caught_up and bool(table.legal)

        places = []
        for _ in range(decisions):
            click_on(app, watch)
            places.append({s.uid: (s.zone, s.center, s.shown_face) for s in table.layer})
            table.act(table.legal[0])
        return places, seen
    finally:
        close_app(app)


def test_every_move_ends_in_the_same_place_with_and_without_reduced_motion():
    moving, moved = play_along(False)
    calm, calmed = play_along(True)
    assert calm == moving
    assert {"turn", "squash", "flight"} <= moved and "fade" not in moved
    assert "fade" in calmed and not {"turn", "squash"} & calmed
