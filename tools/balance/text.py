"""A study's and a comparison's figures as text on the terminal."""

from __future__ import annotations

from typing import Any

#: cards listed on the terminal (report.json and report.html hold them all)
CARDS_SHOWN = 12


def _ci(figure: dict[str, Any], percent: bool = True) -> str:
    low, high = figure["ci95"]
    return f"{low:.1%}-{high:.1%}" if percent else f"{low:.2f}-{high:.2f}"


def _share(figure: dict[str, Any]) -> str:
    """A rate and its number of seat-games, or a dash where there were none."""
    return f"{figure['rate']:.1%} ({figure['n']})" if figure["n"] else "- (0)"


def print_study(data: dict[str, Any]) -> None:
    s, f = data["study"], data["figures"]
    played_with = f", variant {s['variant']}" if s.get("variant") else ""
    options = ", ".join(f"{k}={v}" for k, v in s["options"].items())
    print(f"{s['game']}, {s['players']} players, bots {','.join(s['bots'])}{played_with}"
          f"{' (' + options + ')' if options else ''}: {s['deals']} deals x {s['rotations']} rotation(s) = "
          f"{f['games']} games, {f['finished']} finished, {f['cut_off']} cut off, "
          f"{f['timed_out']} timed out, {f['errors']} errors"
          f"{'' if data['complete'] else ' (incomplete: run again to finish)'}")
    print("seats:")
    for seat in f["seats"]:
        print(f"  seat {seat['seat']}: wins {seat['win']['rate']:.1%} ({_ci(seat['win'])}), last "
              f"{seat['loser']['rate']:.1%} ({_ci(seat['loser'])}), mean place {seat['place']['mean']:.2f} "
              f"({_ci(seat['place'], percent=False)})")
    print("length:")
    for name, h in f["length"].items():
        print(f"  {name}: mean {h['mean']:.1f} ({_ci(h, percent=False)}), median {h['median']}, "
              f"p95 {h['p95']}, max {h['max']}")
    print(f"drama: the winner was behind half-way in {f['drama']['rate']:.1%} of the games "
          f"({_ci(f['drama'])}; standing: {f['drama']['standing']})")
    if "skill" in f:
        k = f["skill"]
        print(f"skill: {k['level']} (as {k['seated_as']}) against {k['against']} wins "
              f"{k['win']['rate']:.1%} ({_ci(k['win'])}) of "
              f"{k['win']['n']} games, fair share {k['fair_share']:.1%}; last {k['loser']['rate']:.1%}, "
              f"mean place {k['place']['mean']:.2f}")
    ranked = sorted(f["cards"], key=lambda c: -abs(c["improvement_held"]["difference"] or 0.0))
    print(f"cards (the {min(CARDS_SHOWN, len(ranked))} furthest from even; "
          "improvement = win rate held - never held):")
    for c in ranked[:CARDS_SHOWN]:
        d = c["improvement_held"]
        improvement = "n/a (no seat-game to compare with)" if d["difference"] is None else \
            f"{d['difference']:+.1%} ({d['ci95'][0]:+.1%}..{d['ci95'][1]:+.1%})"
        print(f"  {c['label']:<24} held {_share(c['held'])}, played {_share(c['played'])}, "
              f"never {_share(c['never'])}; improvement {improvement}")
    for text in f["error_texts"]:
        print(f"error: {text}")
    print(f"biases: {f['biases']}")


def print_compare(data: dict[str, Any]) -> None:
    t = data["sprt"]
    print(f"{data['game']}, {data['players']} players: A = {data['a']}, B = {data['b']}; "
          f"measure: {data['measure']}")
    print(f"SPRT: H0 difference 0 against +-{t['delta']} (alpha {t['alpha']}, beta {t['beta']}); "
          f"bounds: stop at LLR >= {t['upper_bound']}, no difference at LLR <= {t['lower_bound']}")
    print(f"  LLR A higher {t['llr_a_higher']}, LLR B higher {t['llr_b_higher']} after {data['deals']} deals "
          f"({data['pairs']} pairs, {data['dropped']} dropped)")
    print(f"  A {data['mean_a']:.4f}, B {data['mean_b']:.4f}: difference A - B {data['difference']:+.4f} "
          f"(95% CI {data['ci95'][0]:+.4f}..{data['ci95'][1]:+.4f})")
    if data["stronger"]:
        print(f"  significant after {data['deals']} deals: {data['stronger']} is higher")
    elif t["accepts_null"]:
        print(f"  no difference as large as {t['delta']} after {data['deals']} deals "
              f"(max {data['max_deals']})")
    else:
        print(f"  undecided after {data['deals']} deals (max {data['max_deals']})")
