"""The table's small parts: easing and tweens, the zone model, layout helpers, card sprites."""

from __future__ import annotations

import itertools

import pytest

from scenes.table.kit.animation import (
    Hold,
    Timeline,
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)
from scenes.table.kit.layout import Scale, card_size, fan_centers, row_centers
from scenes.table.kit.sprite import CardSprite, Placement
from scenes.table.kit.zones import ZoneModel


@pytest.mark.parametrize("easing", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_easings_start_at_0_and_end_at_1(easing):
    assert easing(0.0) == pytest.approx(0.0)
    assert easing(1.0) == pytest.approx(1.0)


def test_a_tween_waits_out_its_delay_then_arrives():
    tween = Tween((0.0, 0.0), (100.0, 50.0), duration=1.0, easing=linear, delay=0.5)
    assert tween.advance(0.4) == (0.0, 0.0)
    assert tween.advance(0.6) == pytest.approx((50.0, 25.0))
    assert not tween.done
    assert tween.advance(5.0) == (100.0, 50.0)
    assert tween.done


def test_a_timeline_runs_steps_in_order_and_waits_for_holds():
    ran = []

    def step(name, seconds):
        def start():
            ran.append(name)
            return Hold(seconds) if seconds else None

        return start

    timeline = Timeline()
    for name, seconds in (("a", 0), ("b", 1.0), ("c", 0), ("d", 0.5)):
        timeline.add(step(name, seconds))
    timeline.advance(0.0)
    assert ran == ["a", "b"]
    timeline.advance(0.5)
    assert ran == ["a", "b"]
    timeline.advance(0.6)
    assert ran == ["a", "b", "c", "d"]
    assert not timeline.idle
    timeline.skip()
    timeline.advance(0.0)
    assert timeline.idle


def new_model() -> ZoneModel:
    counter = itertools.count(1)
    return ZoneModel(lambda: next(counter))


def test_a_move_takes_the_named_card_or_else_an_unknown_one():
    model = new_model()
    model.resync({"hand:0": ["A", "B", "B"], "hand:1": [None, None], "display:1": []})
    b_uids = [e.uid for e in model.zone("hand:0") if e.card == "B"]
    moved = model.move("B", "hand:0", "display:0")
    assert moved.uid in b_uids and [e.card for e in model.zone("hand:0")] == ["A", "B"]
    hidden = model.move("C", "hand:1", "display:1")
    assert hidden.card == "C" and len(model.zone("hand:1")) == 1


def test_resync_keeps_the_uid_of_a_card_that_stayed_or_moved():
    model = new_model()
    model.resync({"hand:0": ["A", "B"], "display:0": [], "draw": [None, None]})
    uid_a = model.zone("hand:0")[0].uid
    uid_b = model.zone("hand:0")[1].uid
    model.resync({"hand:0": ["B"], "display:0": ["A"], "draw": [None, None]})
    assert model.zone("display:0")[0].uid == uid_a
    assert model.zone("hand:0")[0].uid == uid_b


def test_gather_turns_every_card_face_down_onto_the_pile():
    model = new_model()
    model.resync({"hand:0": ["A"], "display:0": ["B"], "discard": [None], "draw": []})
    model.gather(["hand:0", "display:0", "discard"], "draw")
    assert [e.card for e in model.zone("draw")] == [None, None, None]
    assert not model.zone("hand:0") and not model.zone("display:0")


def test_rows_fit_between_their_edges_and_overlap_only_when_they_must():
    roomy = row_centers(0, 1000, 50, 4, 100, 10)
    assert roomy[1][0] - roomy[0][0] == pytest.approx(110)
    tight = row_centers(0, 300, 50, 6, 100, 10)
    assert tight[0][0] - 50 >= 0 and tight[-1][0] + 50 <= 300 + 1e-6
    assert row_centers(0, 100, 0, 0, 10, 1) == []


def test_a_fanned_hand_sits_lower_at_its_ends():
    fan = fan_centers(500, 100, 5, (80, 112), 800)
    assert fan[0][1] > fan[2][1] and fan[-1][1] > fan[2][1]


def test_card_sizes_keep_the_aspect_and_a_minimum():
    assert card_size(140, 5 / 7) == (100, 140)
    assert card_size(140, 5 / 7, max_width=50) == (50, 70)
    assert card_size(0, 5 / 7) >= (4, 6)
    assert Scale(320, 240).font(10) >= 9


def test_a_sprite_flips_through_its_edge_and_lands():
    sprite = CardSprite(1, "A", "hand:0", center=(0.0, 0.0), size=(50, 70))
    sprite.place(Placement((100.0, 0.0), (50, 70), True, 1), seconds=1.0)
    assert sprite.busy and not sprite.shown_face
    widths = []
    for _ in range(20):
        sprite.update(0.06)
        widths.append(sprite.flip_width)
    assert min(widths) < 0.2
    assert sprite.shown_face and not sprite.busy
    assert sprite.center == (100.0, 0.0)


def test_with_animations_off_a_sprite_is_placed_at_once():
    sprite = CardSprite(1, "A", "hand:0", center=(0.0, 0.0))
    sprite.place(Placement((10.0, 20.0), (50, 70), True, 3), seconds=0.0)
    assert sprite.center == (10.0, 20.0) and sprite.shown_face and not sprite.busy
