"""Fit the automatic Storyteller's lean (clocktower/data/lean.json) to the standing forecast.

    python tools/fit_lean.py DIR [DIR ...] [--write]

Each DIR is an `advise-calibrate --out` folder (its games.jsonl: the dawn forecasts and the
lean's features at each dawn; one script a folder). For each script, a logistic model of
good's chance on the features (`calibrate.fit_lean`) is fitted to the forecasts; a pooled
model on every folder's dawns serves other scripts. Prints, per script, the Brier score
against the outcomes of the rollout forecast, the fitted model and the base rate (the
script's good win rate at each count, from the folder's base-rate games), on the same
dawns (in sample), and the model's Brier score fitted on the games of even seeds and
scored on the odd ones and the other way round (`held out`). `--write` writes
clocktower/data/lean.json.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from clocktower.storyteller.calibrate import brier, fit_lean
from clocktower.storyteller.estimate import FEATURES, LeanModel, POOLED

OUT = Path(__file__).resolve().parent.parent / "clocktower" / "data" / "lean.json"


def _x(row: dict) -> tuple[float, ...]:
    return tuple(row["features"][k] for k in FEATURES)


def read(folder: Path) -> tuple[dict, list[dict], dict[int, list[int]]]:
    tag: dict = {}
    rows: list[dict] = []
    base: dict[int, list[int]] = {}
    for line in (folder / "games.jsonl").read_text().splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            continue
        tag = {k: r.get(k) for k in ("script", "bots", "rollouts", "storyteller")}
        won = 1 if r["winner"] == "good" else 0
        if r["base"]:
            base.setdefault(r["players"], [0, 0])
            base[r["players"]][0] += won
            base[r["players"]][1] += 1
            continue
        for day, f, _n, *x in r["dawns"]:
            if x:
                rows.append({"players": r["players"], "seed": r["seed"], "day": day,
                             "forecast": f, "won": won, "features": x[0]})
    return tag, rows, base


def held_out(rows: list[dict]) -> float:
    """The model's Brier score on each half of the games (by seed parity), fitted on the
    other half."""
    total = 0.0
    for half in (0, 1):
        train = [r for r in rows if r["seed"] % 2 != half]
        test = [r for r in rows if r["seed"] % 2 == half]
        m = LeanModel("", tuple(fit_lean(train)))
        total += brier(test, lambda r: m.chance(_x(r))) * len(test)
    return total / len(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+", type=Path)
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    models: dict[str, dict] = {}
    every: list[dict] = []
    tags = []
    print(f"{'script':28} {'games':>6} {'dawns':>6} {'rollouts':>9} {'model':>7} "
          f"{'held out':>9} {'base':>7}")
    for folder in a.dirs:
        tag, rows, base = read(folder)
        if not rows:
            print(f"{folder}: no dawns with features")
            continue
        tags.append(tag)
        every += rows
        coef = fit_lean(rows)
        m = LeanModel(tag["script"], tuple(coef))
        rate = {n: k / t for n, (k, t) in base.items() if t}
        games = len({(r["players"], r["seed"]) for r in rows})
        b_roll = brier(rows, lambda r: r["forecast"])
        b_model = brier(rows, lambda r: m.chance(_x(r)))
        b_base = brier([r for r in rows if r["players"] in rate],
                       lambda r: rate[r["players"]])
        b_held = held_out(rows)
        print(f"{tag['script']:28} {games:6} {len(rows):6} {b_roll:9.4f} {b_model:7.4f} "
              f"{b_held:9.4f} {b_base:7.4f}")
        counts = sorted({r["players"] for r in rows})
        models[tag["script"]] = {
            "coef": [round(c, 6) for c in coef], "games": games, "dawns": len(rows),
            "players": counts, "brier_rollouts": round(b_roll, 4),
            "brier_model": round(b_model, 4), "brier_held_out": round(b_held, 4),
            "brier_base": round(b_base, 4),
            "basis": f"{len(rows)} dawns of {games} games at {counts[0]}-{counts[-1]} players, "
                     f"{tag['rollouts']} rollouts each by {tag['bots']} and the "
                     f"{tag['storyteller']} automatic Storyteller"}
    coef = fit_lean(every)
    m = LeanModel(POOLED, tuple(coef))
    models[POOLED] = {"coef": [round(c, 6) for c in coef], "dawns": len(every),
                      "brier_model": round(brier(every, lambda r: m.chance(_x(r))), 4),
                      "basis": f"every script above pooled ({len(every)} dawns)"}
    print(f"{'pooled':28} {'':6} {len(every):6} {'':9} {models[POOLED]['brier_model']:7.4f}")
    if a.write:
        OUT.write_text(json.dumps({
            "about": "The automatic Storyteller's lean: good's chance of winning, a logistic "
                     "model on the features below, fitted to the standing forecast's dawn "
                     "forecasts (tools/fit_lean.py; docs/storyteller.md).",
            "features": list(FEATURES), "models": models}, indent=1) + "\n")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
