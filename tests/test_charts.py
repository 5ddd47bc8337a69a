"""How a game went (game.progress) and the charts drawn from it (scenes.menus.charts), on the results
screen too."""

from __future__ import annotations

import pygame
import pytest

from game.core import RoundEnded, ScoreChanged
from game.match import Match, Seat
from game.progress import BARS, CHAPTER, END, LINES, OUT, ROUND, SCORING, progress
from scenes.menus.charts import (
    Chart,
    ChartSeries,
    draw_chart,
    draw_charts,
    nice_ticks,
    progress_charts,
    row_image,
)

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def played(game: str, seed: int = 3, players: int = 4) -> Match:
    match = Match(game, [Seat.ai(NAMES[i], "random") for i in range(players)], seed)
    match.run_bots()
    assert match.is_over()
    return match


def test_palastgefluester_points_after_each_round_match_the_score_events():
    match = played("palastgefluester")
    record = match.record()
    state = match.game.new_state(record.players, record.seed, record.options)
    expected = [[0.0] * record.players]
    totals = [0.0] * record.players
    rounds = 0
    for _, text in record.actions:  # a count of its own: every score change, a row per round end
        events = state.apply(match.game.parse_action(state, text))
        for event in events:
            if isinstance(event, ScoreChanged):
                totals[event.seat] = event.new
        if any(isinstance(e, RoundEnded) for e in events):
            rounds += 1
            expected.append(list(totals))
    [panel] = progress(record).panels
    assert panel.kind == LINES and panel.x_kind == ROUND and panel.x_values == list(range(rounds + 1))
    assert [[s.values[i] for s in panel.series] for i in range(rounds + 1)] == expected
    assert expected[-1] == [float(v) for v in match.observation(None)["scores"]]


def test_gloria_picktoria_standings_at_each_scoring_end_at_the_final_scores():
    match = played("gloria_picktoria", players=3)
    result = progress(match.record())
    [panel] = result.panels
    scorings = [m for m in result.marks if m.kind == SCORING]
    assert panel.x_kind == SCORING and panel.x_values == [0, *range(1, len(scorings) + 1)]
    assert [s.values[-1] for s in panel.series] == [float(v) for v in match.observation(None)["scores"]]
    assert [s.values[0] for s in panel.series] == [0.0, 0.0, 0.0]
    assert result.marks[-1].kind == END and result.marks[-1].move == len(match.actions)


def test_three_chapters_tokens_per_chapter_add_up_to_each_seats_tokens():
    match = played("three_chapters")
    result = progress(match.record())
    assert [p.quantity for p in result.panels] == ["stars", "hearts", "crystals"]
    tokens = match.observation(None)["tokens"]
    for panel in result.panels:
        assert panel.kind == BARS and panel.x_kind == CHAPTER and panel.x_values == [2, 3]
        for series in panel.series:
            assert sum(series.values) == tokens[series.seat][panel.quantity]
    assert [m.number for m in result.marks if m.kind == CHAPTER] == [1, 2]


def test_palace_cards_left_and_the_moments_each_seat_went_out():
    match = played("palace")
    final = match.observation(None)
    result = progress(match.record())
    [panel] = result.panels
    outs = [m for m in result.marks if m.kind == OUT]
    assert [m.seat for m in outs] == final["out"] and [m.number for m in outs] == [1, 2, 3]
    assert len(panel.x_values) == len(match.actions) + 1
    for mark in outs:  # at the move a seat went out it has no card left, and never again after
        values = panel.series[mark.seat].values
        assert values[mark.move] == 0 and values[mark.move - 1] > 0
        assert all(v == 0 for v in values[mark.move:])
    assert panel.series[final["loser"]].values[-1] > 0
    assert all(v == 9 for s in panel.series for v in s.values[:1])  # 3 in hand, 3 up, 3 down


def test_progress_of_the_first_moves_only():
    match = played("palastgefluester")
    whole = progress(match.record())
    first = whole.marks[0]
    part = progress(match.record(), upto=first.move)
    assert part.moves == first.move and part.marks == [first]
    assert len(part.panels[0].series[0].values) == 2


@pytest.mark.parametrize("size", [(320, 240), (800, 600), (1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("game", ["palastgefluester", "palace", "gloria_picktoria", "three_chapters"])
def test_each_games_charts_render_at_several_sizes_inside_their_rectangle(game, size):
    match = played(game, players=3)
    row = progress_charts(progress(match.record()), list(NAMES[:3]))
    assert row.charts and all(len(c.series) == 3 for c in row.charts)
    w, h = size
    area = (w // 2, h // 2)
    image = row_image(row, area, size)
    assert image.get_size() == area
    drawn = image.get_bounding_rect()
    assert drawn.width > area[0] // 2 and drawn.height > area[1] // 2  # it fills its place, and no more


def test_chart_colours_follow_the_seats_and_draw_where_the_values_are():
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    chart = Chart(LINES, "Test", ["a", "b", "c"], [ChartSeries("Up", [0, 5, 10], (255, 0, 0)),
                                                   ChartSeries("Flat", [0, 0, 0], (0, 0, 255))])
    draw_chart(surface, surface.get_rect(), chart, (1280, 720))
    below_legend = range(70, 300)  # the title and the legend's swatches lie above
    reds = [(x, y) for x in range(400) for y in below_legend if surface.get_at((x, y))[:3] == (255, 0, 0)]
    blues = [(x, y) for x in range(400) for y in below_legend if surface.get_at((x, y))[:3] == (0, 0, 255)]
    assert reds and blues
    assert min(y for _, y in reds) < min(y for _, y in blues) - 100  # rising: far above the flat line
    rising = sorted(reds)
    assert rising[0][1] > rising[-1][1] + 100  # from bottom left to top right


def test_nice_ticks_cover_the_values_in_round_steps():
    assert nice_ticks(0, 6) == [0, 2, 4, 6]
    assert nice_ticks(-1, 37)[0] <= -1 and nice_ticks(-1, 37)[-1] >= 37
    assert nice_ticks(0, 0)[-1] >= 1
    assert nice_ticks(float("nan"), 3)[-1] >= 1


def test_charts_with_no_series_or_a_tiny_rectangle_draw_nothing_harmful():
    surface = pygame.Surface((50, 50), pygame.SRCALPHA)
    draw_charts(surface, pygame.Rect(0, 0, 50, 50), [], (1280, 720))
    draw_chart(surface, pygame.Rect(0, 0, 4, 4), Chart(BARS, "x", [], []), (1280, 720))
    empty = Chart(BARS, "x", ["a"], [ChartSeries("s", [None], (1, 2, 3))])
    draw_chart(surface, pygame.Rect(0, 0, 50, 50), empty, (320, 240))
