"""A study's report: report.html with its charts as PNG images beside it, and report.json with every
figure. matplotlib is imported here only (with its file-only backend), so a study without `--out`
never loads it. The charts' words are in the language asked for (the Lab screen shows them to a
player); the page and the JSON are the tool's, in English."""

from __future__ import annotations

import contextlib
import html
import json
from pathlib import Path
from typing import Any

from game.i18n import N_, speaking, tr

CHARTS = ("seats.png", "length.png", "cards.png")
#: the words for what a study counts a game's length in: its actions, and what each game's balance
#: table counts (`lengths`); a name not here is shown as it is
LENGTH_WORDS = {"actions": N_("actions"), "rounds": N_("rounds"), "tricks": N_("tricks"),
                "chapters ended": N_("chapters ended"), "scorings": N_("scorings"), "burns": N_("burns")}


def write(data: dict[str, Any], folder: Path, language: str | None = None) -> list[Path]:
    """Write the report into `folder` (which exists), the charts' words in `language` (a code of the
    app's catalogues; None: the language spoken now); the files written."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no window, no display needed
    figures = data["figures"]
    with speaking(language) if language is not None else contextlib.nullcontext():
        written = [_seats(figures, folder / "seats.png"), _length(figures, folder / "length.png"),
                   _cards(figures, folder / "cards.png")]
    (folder / "report.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    (folder / "report.html").write_text(page(data), encoding="utf-8")
    return [*written, folder / "report.json", folder / "report.html"]


def _saved(fig: Any, path: Path) -> Path:
    """The figure written to `path` as a PNG, and let go (pyplot keeps every figure until closed)."""
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def _errors(values: list[float], intervals: list[list[float]]) -> list[list[float]]:
    return [[max(0.0, v - lo) for v, (lo, _) in zip(values, intervals, strict=True)],
            [max(0.0, hi - v) for v, (_, hi) in zip(values, intervals, strict=True)]]


def _seats(figures: dict[str, Any], path: Path) -> Path:
    import matplotlib.pyplot as plt

    seats = figures["seats"]
    fig, ax = plt.subplots(figsize=(6, 3.2))
    xs = list(range(len(seats)))
    for offset, key, name in ((-0.2, "win", tr("win rate")), (0.2, "loser", tr("loser rate"))):
        values = [s[key]["rate"] for s in seats]
        ax.bar([x + offset for x in xs], values, width=0.4, label=name,
               yerr=_errors(values, [s[key]["ci95"] for s in seats]), capsize=3)
    ax.axhline(1 / max(1, len(seats)), color="grey", linestyle="--", linewidth=1,
               label=tr("one in {count}").format(count=len(seats)))
    ax.set_xticks(xs, [tr("seat {number}").format(number=x) for x in xs])
    ax.set_ylabel(tr("share of games"))
    ax.legend(fontsize=8)
    ax.set_title(tr("Seats (95% intervals)"))
    return _saved(fig, path)


def _length(figures: dict[str, Any], path: Path) -> Path:
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    lengths = figures["length"]
    stopped = tr("{cut} cut off, {timed} timed out").format(cut=figures["cut_off"],
                                                             timed=figures["timed_out"])
    fig, axes = plt.subplots(1, len(lengths), figsize=(4 * len(lengths), 3), squeeze=False)
    for ax, (name, h) in zip(axes[0], lengths.items(), strict=True):
        values = [int(v) for v in h["counts"]]
        spread = max(values, default=1) - min(values, default=0)
        ax.bar(values, list(h["counts"].values()), width=max(1.0, spread / 40))
        word = tr(LENGTH_WORDS[name]) if name in LENGTH_WORDS else name
        title = tr("{what} (mean {mean})").format(what=word, mean=f"{h['mean']:.1f}")
        ax.set_title(f"{title}; {stopped}" if name == "actions" else title, fontsize=9)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(word)
        ax.set_ylabel(tr("games"))
    return _saved(fig, path)


def _cards(figures: dict[str, Any], path: Path) -> Path:
    import matplotlib.pyplot as plt

    cards = [c for c in figures["cards"] if c["improvement_held"]["difference"] is not None]
    fig, ax = plt.subplots(figsize=(7, max(2.5, 0.22 * len(cards) + 1)))
    values = [c["improvement_held"]["difference"] for c in cards]
    ys = list(range(len(cards)))
    ax.barh(ys, values, xerr=_errors(values, [c["improvement_held"]["ci95"] for c in cards]), capsize=2)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(ys, [c["label"] for c in cards], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel(tr("win rate held - win rate never held"))
    ax.set_title(tr("Every card's improvement when held (95% intervals)"))
    return _saved(fig, path)


def _improvement(figure: dict[str, Any]) -> str:
    if figure["difference"] is None:
        return "– (held in every seat-game)"
    low, high = figure["ci95"]
    return f"{figure['difference']:+.1%} ({low:+.1%}–{high:+.1%})"


def _pct(figure: dict[str, Any]) -> str:
    if not figure["n"]:
        return "–"
    low, high = figure["ci95"]
    return f"{figure['rate']:.1%} ({low:.1%}–{high:.1%})"


def page(data: dict[str, Any]) -> str:
    """The report as one HTML page (the charts are the PNG files beside it)."""
    s, f = data["study"], data["figures"]
    e = html.escape
    rows = [f"<tr><td>{seat['seat']}</td><td>{_pct(seat['win'])}</td><td>{_pct(seat['loser'])}</td>"
            f"<td>{seat['place']['mean']:.2f} ({seat['place']['ci95'][0]:.2f}–"
            f"{seat['place']['ci95'][1]:.2f})</td></tr>" for seat in f["seats"]]
    lengths = [f"<tr><td>{e(name)}</td><td>{h['mean']:.1f} ({h['ci95'][0]:.1f}–{h['ci95'][1]:.1f})</td>"
               f"<td>{h['median']}</td><td>{h['p95']}</td><td>{h['max']}</td></tr>"
               for name, h in f["length"].items()]
    cards = [f"<tr><td>{e(c['label'])}</td><td>{_pct(c['held'])}, {c['held']['n']}</td>"
             f"<td>{_pct(c['played'])}, {c['played']['n']}</td><td>{_pct(c['never'])}, {c['never']['n']}</td>"
             f"<td>{c['baseline']:.1%}</td><td>{_improvement(c['improvement_held'])}</td></tr>"
             for c in f["cards"]]
    skill = ""
    if "skill" in f:
        k = f["skill"]
        skill = (f"<h2>Skill</h2><p>{e(k['level'])} against {e(k['against'])} on the same deals: wins "
                 f"{_pct(k['win'])} of {k['win']['n']} games (fair share {k['fair_share']:.1%}), last "
                 f"{_pct(k['loser'])}, mean place {k['place']['mean']:.2f}.</p>")
    title = f"Balance study: {s['game']}, {s['players']} players"
    variant = f", variant {e(s['variant'])}" if s.get("variant") else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:1em auto}}
td,th{{padding:0 .6em;text-align:left}}</style>
</head><body>
<h1>{e(title)}</h1>
<p>Bots {e(', '.join(s['bots']))}{variant}; options {e(json.dumps(s['options']))};
{s['deals']} deals from seed {s['seed']}, each once per distinct rotation of the bots ({s['rotations']}):
{f['games']} games, {f['finished']} finished, {f['cut_off']} cut off at {s['max_actions']} actions,
{f['timed_out']} timed out, {f['errors']} errors.
{'' if data['complete'] else '<strong>Incomplete: some chunks are missing.</strong>'}</p>
<h2>Seats</h2><img src="seats.png" alt="win and loser rate per seat">
<table><tr><th>seat</th><th>win rate</th><th>loser rate</th><th>mean place</th></tr>{''.join(rows)}</table>
<h2>Length</h2><img src="length.png" alt="histograms of the games' lengths">
<table><tr><th>counted</th><th>mean</th><th>median</th><th>p95</th><th>max</th></tr>{''.join(lengths)}</table>
<h2>Drama</h2><p>The eventual winner was behind at the half-way point in {_pct(f['drama'])} of
{f['drama']['n']} games (standing: {e(f['drama']['standing'])}).</p>
{skill}
<h2>Cards</h2><img src="cards.png" alt="each card's improvement when held">
<table><tr><th>card</th><th>held</th><th>played</th><th>never held</th><th>baseline</th>
<th>improvement held</th></tr>
{''.join(cards)}</table>
<h2>Biases</h2><p>{e(f['biases'])}</p>
</body></html>
"""
