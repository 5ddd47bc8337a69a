"""Elo ratings of the AI levels: the fit, its anchor and intervals, the tournament's report and ratings
file, and the setup screen that shows them (or nothing, when the file is damaged)."""

from __future__ import annotations

import json
import random

import fakegame
import pytest
from pygame_gui.elements import UILabel
from test_table_support import close_app, make_app

import game
from game import ratings
from game.ratings import Rating, fit, level_ratings, pairwise, rate, ratings_toml, tally
from scenes.menus import setup as setup_screen
from tools import tournament

game.register(fakegame.GAME)


def record(player: str, opponent: str, wins: int, losses: int, draws: int = 0) -> list[ratings.Result]:
    return [(player, opponent, 1.0)] * wins + [(player, opponent, 0.0)] * losses + \
        [(player, opponent, 0.5)] * draws


def synthetic_cells(true: dict[str, float], pairings: list[tuple[str, str]], deals: int,
                    seed: int = 7) -> list[list[list[ratings.Result]]]:
    """Deals of four games each, won by the Elo model's chance from `true` ratings."""
    rng = random.Random(seed)
    cells = []
    for player, opponent in pairings:
        chance = 1 / (1 + 10 ** ((true[opponent] - true[player]) / 400))
        cells.append([[(player, opponent, 1.0 if rng.random() < chance else 0.0) for _ in range(4)]
                      for _ in range(deals)])
    return cells


def test_winning_76_percent_is_about_200_points_and_a_tie_is_half():
    fitted = fit(tally(record("hard", "random", 760, 240)))
    assert fitted["random"] == 1000.0
    assert fitted["hard"] == pytest.approx(1200, abs=3)
    assert fit(tally(record("a", "random", 0, 0, draws=50)))["a"] == pytest.approx(1000)
    # the same record seen from the other side is the same rating
    assert fit(tally(record("random", "hard", 240, 760)))["hard"] == pytest.approx(fitted["hard"])


def test_a_perfect_record_gets_a_finite_rating_and_an_unconnected_player_none():
    fitted = fit(tally(record("hard", "random", 100, 0) + record("x", "y", 3, 1)))
    assert 1600 < fitted["hard"] < 2500
    assert set(fitted) == {"hard", "random"}
    # every resample of a perfect record is perfect: the interval comes from the Fisher information
    perfect = rate([[record("hard", "random", 3, 0)] * 30], resamples=20)["hard"]
    assert perfect.low < perfect.elo - 300 and perfect.high > perfect.elo + 300
    assert fit(tally(record("x", "y", 3, 1))) == {}  # no anchor: nothing to measure against


def test_the_fit_recovers_known_ratings_through_a_chain_of_opponents():
    true = {"random": 1000.0, "easy": 1300.0, "heuristic": 1500.0, "hard": 1700.0}
    cells = synthetic_cells(true, [("easy", "random"), ("heuristic", "random"), ("easy", "heuristic"),
                                   ("hard", "heuristic")], deals=600)
    fitted = rate(cells, resamples=20)
    assert fitted["random"] == Rating(1000.0, 1000.0, 1000.0, fitted["random"].results)  # the anchor holds
    for player, elo in true.items():
        assert fitted[player].elo == pytest.approx(elo, abs=45), player
        assert fitted[player].low <= fitted[player].elo <= fitted[player].high


def test_intervals_shrink_with_more_deals_and_the_bootstrap_is_seeded():
    true = {"random": 1000.0, "hard": 1200.0}
    few = rate(synthetic_cells(true, [("hard", "random")], deals=10), resamples=100)["hard"]
    many = rate(synthetic_cells(true, [("hard", "random")], deals=160), resamples=100)["hard"]
    assert many.high - many.low < (few.high - few.low) / 2
    cells = synthetic_cells(true, [("hard", "random")], deals=10)
    assert rate(cells, resamples=50, seed=3) == rate(cells, resamples=50, seed=3)


def test_a_game_counts_as_pairwise_results_by_place():
    bots = ["hard", "heuristic", "heuristic", "heuristic"]
    assert pairwise(bots, [2, 1, 2, 4]) == [("hard", "heuristic", 0.0), ("hard", "heuristic", 0.5),
                                            ("hard", "heuristic", 1.0)]
    assert pairwise(["normal", "normal"], [1, 2]) == []  # a bot against itself says nothing


def run_tournament(tmp_path, *extra: str) -> int:
    return tournament.main(["--out", str(tmp_path / "t.jsonl"), "--games", "duel", "--players", "2",
                            "--levels", "random,ismcts:20", "--opponents", "random", "--seeds", "4",
                            "--chunk", "2", "--jobs", "1", *extra])


def test_the_report_rates_the_levels_in_its_json_and_writes_the_ratings_file(tmp_path, capsys):
    assert run_tournament(tmp_path) == 0
    written = tmp_path / "ratings.toml"
    capsys.readouterr()
    assert run_tournament(tmp_path, "--report", "--json", "--write-ratings", str(written)) == 0
    out = capsys.readouterr().out
    rated = json.loads(out.splitlines()[-1])["ratings"]["duel"]
    assert rated["random"] == {"elo": 1000.0, "ci95": [1000.0, 1000.0], "results": 8}
    search = rated["ismcts:20"]
    assert search["ci95"][0] <= search["elo"] <= search["ci95"][1] and search["results"] == 8
    assert "| duel | ismcts:20 |" in out
    assert level_ratings("duel", written) == {"random": 1000, "ismcts:20": round(search["elo"])}
    # the file names the tournament that made it
    assert 'deals = "random against random: 4, ismcts:20 against random: 4"' in written.read_text()


def test_a_chunk_with_a_failed_game_is_one_deal_and_an_old_chunk_none():
    chunk = {"game": "duel", "level": "hard", "opponents": "random", "players": 2, "seed": 1, "seeds": 2}
    whole = tournament.deals_of({"chunk": chunk, "game_places": [[1, 2], [2, 1], [1, 1], [1, 2]]})
    assert [len(deal) for deal in whole] == [2, 2]
    assert [len(deal) for deal in tournament.deals_of({"chunk": chunk, "game_places": [[1, 2]] * 3})] == [3]
    assert tournament.deals_of({"chunk": chunk}) == []


GOOD = {"hard": Rating(1612.4, 1500.0, 1720.0, 96), "random": Rating(1000.0, 1000.0, 1000.0, 48)}


@pytest.mark.parametrize("damage", [
    lambda text: text.replace("rating = 1612", "rating = 1800"),  # outside its own interval
    lambda text: text.replace("rating = 1612", 'rating = "1612"'),
    lambda text: text.replace("rating = 1612", "rating = nan"),
    lambda text: text.replace("rating = 1612", "rating = 1e9"),
    lambda text: text.replace("rating = 1612", "rating = true"),
    lambda text: text[:len(text) // 2],  # cut off
    lambda text: text + "x" * ratings.MAX_FILE_BYTES,
    lambda text: text.replace('"hard" = {', '"hard" = 7 #'),
])
def test_a_damaged_ratings_file_gives_no_rating_and_no_crash(tmp_path, damage):
    path = tmp_path / "ratings.toml"
    text = ratings_toml({"palace": GOOD}, {"file": "t.jsonl"})
    path.write_text(text, encoding="utf-8")
    assert level_ratings("palace", path) == {"hard": 1612, "random": 1000}
    path.write_text(damage(text), encoding="utf-8")
    assert level_ratings("palace", path) == {}


def test_a_missing_file_or_game_gives_no_rating(tmp_path):
    assert level_ratings("palace", tmp_path / "none.toml") == {}
    path = tmp_path / "ratings.toml"
    path.write_text(ratings_toml({"palace": GOOD}, {}), encoding="utf-8")
    assert level_ratings("three_chapters", path) == {}


def level_texts(game_id: str, size: tuple[int, int] = (1280, 720)) -> list[str]:
    app = make_app(size)
    try:
        setup = setup_screen.SetupScene(app, game_id)
        app.push(setup)
        app.step(1 / 60)
        return [e.text for e in setup.ui.get_sprite_group().sprites() if isinstance(e, UILabel)]
    finally:
        close_app(app)


def test_the_setup_screen_shows_each_rated_level_with_its_rating(tmp_path, monkeypatch):
    path = tmp_path / "ratings.toml"
    path.write_text(ratings_toml({"palace": {"normal": Rating(1234.4, 1200.0, 1270.0, 96)}}, {}),
                    encoding="utf-8")
    monkeypatch.setattr(ratings, "RATINGS_FILE", path)
    monkeypatch.setattr(setup_screen, "_last_choices", {})
    assert "AI · normal · 1234" in level_texts("palace")  # seats 2 to 4 play normal by default
    narrow = level_texts("palace", (900, 600))
    assert "normal · 1234" in narrow and "AI · normal · 1234" not in narrow  # the number is never cut
    assert not any("·" in text.removeprefix("AI ·") for text in level_texts("three_chapters"))
    path.write_text("[games.palace]\nnormal = { rating = 'x' }\n", encoding="utf-8")
    assert "AI · normal" in level_texts("palace")
