"""Is the standing forecast calibrated? Scored against outcomes (`clocktower advise-calibrate`).

For each player count, `games` games are played by the bots (`seed + i`, the automatic
Storyteller); at the dawn of each of their days the standing forecast is made
(`forecast.dawns`, then `rollouts` rollouts from that point: the same forecast `advise`
shows) and, when the game is over, scored against its outcome (good won: 1, else 0):

* the **Brier score**: the mean of (forecast - outcome)^2 over every dawn of every game;
* the **base-rate forecast**: at every dawn, good's win rate at that player count measured
  on `base_games` other games (seeds from `BASE_SEED`), the same bots and Storyteller; its
  Brier score on the same dawns;
* the **reliability**: forecasts in ten bins, the mean forecast against how often good won.

Games run in a pool of `workers` processes, one game (its play and its forecasts) a task;
the figures are the same whatever the order in which they finish.
"""
from __future__ import annotations

import multiprocessing
from dataclasses import dataclass, field
from typing import Any, Callable

from .estimate import FEATURES, features
from .forecast import Bots, Point, dawns, probe, run_serial, worker_gc

BASE_SEED = 1_000_000       # the base-rate games' seeds start here (+ the count * 10_000)


def _game(script: Any, players: int, seed: int, bots: Bots):
    from ..agents.policies import make_agents
    from ..play import NAMES, play_game
    from .auto import AutoStoryteller
    names = NAMES[:players]
    return play_game(script, players, seed, agents=make_agents(names, seed, bots.good, bots.evil),
                     storyteller=AutoStoryteller(seed, lean=bots.lean))


def _forecasts(task: tuple) -> tuple[int, int, str, list[tuple]]:
    """One game and its dawn forecasts: (players, seed, winner, [(day, forecast, n,
    features)]), `features` the lean's model's inputs at the dawn (`estimate.features`)."""
    script, players, seed, bots, rollouts = task
    game = _game(script, players, seed, bots)
    events = list(game.log)
    out = []
    for day, upto in dawns(events, script):
        point = Point(events, upto, script)
        at = probe(point)[1]
        t = run_serial(point, range(rollouts), bots=bots, seed=seed)
        out.append((day, t.chance, t.n,
                    {k: round(v, 4) for k, v in zip(FEATURES, features(at))}))
        at.dispose()
    winner = game.winner or "none"
    game.dispose()
    return players, seed, winner, out


def _outcome(task: tuple) -> tuple[int, str]:
    script, players, seed, bots = task
    game = _game(script, players, seed, bots)
    winner = game.winner or "none"
    game.dispose()
    return players, winner


def _play_here(todo_b: list, todo_f: list, got: Callable[[dict], None]) -> None:
    """The base-rate games, then the forecast games, in this process."""
    for t in todo_b:
        players, winner = _outcome(t)
        got({"base": True, "players": players, "seed": t[2], "winner": winner})
    for t2 in todo_f:
        players, s, winner, fs = _forecasts(t2)
        got({"base": False, "players": players, "seed": s, "winner": winner,
             "dawns": [list(x) for x in fs]})


@dataclass
class Calibration:
    """The forecasts and outcomes of one script, by player count."""
    script: str
    bots: Bots
    rollouts: int
    rows: list[dict] = field(default_factory=list)      # one per dawn: players, seed, day, f, won
    base: dict[int, tuple[int, int]] = field(default_factory=dict)  # players -> (good wins, games)

    def base_rate(self, players: int) -> float:
        k, n = self.base[players]
        return k / n if n else 0.5

    def summary(self, players: int | None = None) -> dict:
        rows = [r for r in self.rows if players is None or r["players"] == players]
        n = len(rows)
        if not n:
            return {"players": players, "dawns": 0}
        brier = sum((r["forecast"] - r["won"]) ** 2 for r in rows) / n
        base = sum((self.base_rate(r["players"]) - r["won"]) ** 2 for r in rows) / n
        bins = reliability(rows)
        games = len({(r["players"], r["seed"]) for r in rows})
        # The part of the Brier score that the rollouts' own sampling adds (a forecast is k
        # good wins of m rollouts: its variance about the chance it estimates is p(1-p)/m,
        # estimated without bias by k(m-k)/(m^2 (m-1))): so many more rollouts a dawn would
        # score about `brier - noise`, and m' rollouts `brier - noise * (1 - m / m')`.
        m = self.rollouts
        noise = sum((k := round(r["forecast"] * m)) * (m - k) for r in rows) \
            / (n * m * m * (m - 1)) if m > 1 else 0.0
        return {"players": players, "games": games, "dawns": n, "brier": round(brier, 4),
                "rollout_noise": round(noise, 4),
                "base_brier": round(base, 4), "skill": round(1 - brier / base, 4) if base else None,
                "reliability": bins,
                "base_rate": {str(k): {"good": v[0], "games": v[1]} for k, v in self.base.items()
                              if players is None or k == players}}

    def to_json(self) -> dict:
        counts = sorted({r["players"] for r in self.rows})
        return {"script": self.script, "bots": self.bots.words, "rollouts": self.rollouts,
                "all": self.summary(), "by_players": [self.summary(c) for c in counts],
                "rows": self.rows}


def calibrate(script: str, counts: list[int], games: int, rollouts: int, bots: Bots = Bots(),
              seed: int = 0, base_games: int = 300, workers: int = 2,
              on_game: Callable[[], Any] | None = None, record: Any = None) -> Calibration:
    """Play and forecast (module docstring); `on_game()` after each game. `record`: a
    JSON-lines file each finished game is appended to as it finishes, and read first: the
    games it already holds (same script, bots and rollouts) are not played again, so a long
    run can be stopped and resumed, or extended with more games."""
    import json
    from pathlib import Path

    cal = Calibration(script, bots, rollouts)
    tag = {"script": script, "bots": bots.words, "rollouts": rollouts,
           "storyteller": "auto" if bots.lean else "neutral"}
    done: dict[tuple, dict] = {}
    if record is not None and Path(record).exists():
        for line in Path(record).read_text().splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue            # a line cut short by a stop: played again
            if isinstance(rec, dict) and all(rec.get(k) == v for k, v in tag.items()):
                done[(rec.get("base", False), rec.get("players"), rec.get("seed"))] = rec
    out = open(record, "a") if record is not None else None
    # base-rate games first (cheap), then the forecast games, one of each count in turn
    bt = [(script, n, BASE_SEED + n * 10_000 + i, bots) for i in range(base_games)
          for n in counts]
    fc = [(script, n, seed + i, bots, rollouts) for i in range(games) for n in counts]
    recs: list[dict] = []

    def got(rec: dict) -> None:
        recs.append(rec)
        if out is not None:
            out.write(json.dumps({**tag, **rec}) + "\n")
            out.flush()
        if on_game:
            on_game()

    for key, rec in done.items():
        if on_game:
            on_game()
    todo_b = [t for t in bt if (True, t[1], t[2]) not in done]
    todo_f = [t for t in fc if (False, t[1], t[2]) not in done]
    from ..sim.bench import batch_gc
    try:
        if workers <= 0:
            with batch_gc():
                _play_here(todo_b, todo_f, got)
        else:
            with multiprocessing.get_context("fork").Pool(workers, initializer=worker_gc) as pool:
                for (players, winner), t in zip(pool.imap(_outcome, todo_b, chunksize=8), todo_b):
                    got({"base": True, "players": players, "seed": t[2], "winner": winner})
                for players, s, winner, fs in pool.imap_unordered(_forecasts, todo_f):
                    got({"base": False, "players": players, "seed": s, "winner": winner,
                         "dawns": [list(x) for x in fs]})
    finally:
        if out is not None:
            out.close()
    wanted_b = {(n, s) for _, n, s, _ in bt}
    wanted_f = {(n, s) for _, n, s, _, _ in fc}
    every = [r for r in list(done.values()) + recs]
    for r in sorted((r for r in every if not r["base"] and (r["players"], r["seed"]) in wanted_f),
                    key=lambda r: (r["players"], r["seed"])):
        for day, f, _n, *x in r["dawns"]:
            cal.rows.append({"players": r["players"], "seed": r["seed"], "day": day,
                             "forecast": round(f, 4), "won": 1 if r["winner"] == "good" else 0,
                             "features": x[0] if x else None})
    for n in counts:
        ws = [r["winner"] for r in every if r["base"] and r["players"] == n
              and (n, r["seed"]) in wanted_b]
        cal.base[n] = (sum(w == "good" for w in ws), len(ws))
    return cal


def reliability(rows: list[dict]) -> list[dict]:
    """`rows`' forecasts in ten bins: each bin's dawns, mean forecast and share good won."""
    bins = []
    for b in range(10):
        inb = [r for r in rows if min(int(r["forecast"] * 10), 9) == b]
        if inb:
            bins.append({"bin": f"{b / 10:.1f}-{(b + 1) / 10:.1f}", "n": len(inb),
                         "mean_forecast": round(sum(r["forecast"] for r in inb) / len(inb), 4),
                         "good_won": round(sum(r["won"] for r in inb) / len(inb), 4)})
    return bins


def count_ranges(counts: list[int]) -> list[list[int]]:
    """The counts a plot draws a line for: each count when at most three, else runs of three
    (7-9, 10-12, 13-15)."""
    counts = sorted(counts)
    if len(counts) <= 3:
        return [[c] for c in counts]
    return [counts[i:i + 3] for i in range(0, len(counts), 3)]


def plot(cal: Calibration, path: Any) -> None:
    """The reliability plot: the bins (mean forecast against how often good won) of each
    count, or of each run of three counts when there are more than three, and of all the
    dawns together; the diagonal of a calibrated forecast. Bins of fewer than 5 dawns are
    left out."""
    from ..sim.report import plot_reliability

    def span(cs: list[int]) -> str:
        return f"{cs[0]}" if len(cs) == 1 else f"{cs[0]}-{cs[-1]}"

    counts = sorted({r["players"] for r in cal.rows})
    series = []
    groups = count_ranges(counts)
    for cs in groups + ([counts] if len(groups) > 1 else []):
        rows = [r for r in cal.rows if r["players"] in cs]
        label = f"{'all, ' if cs is counts else ''}{span(cs)} players ({len(rows)} dawns)"
        series.append((label, [(b["mean_forecast"], b["good_won"]) for b in reliability(rows)
                               if b["n"] >= 5]))
    games = len({(r["players"], r["seed"]) for r in cal.rows})
    try:
        from ..scripts import load_script
        name = load_script(cal.script).name or cal.script
    except Exception:
        name = cal.script
    plot_reliability(series, "standing forecast at dawn: good's chance",
                     "share of those games good won",
                     f"Standing forecast, {name} {span(counts)}\n({games} games, "
                     f"{cal.rollouts} rollouts a dawn)" if counts else
                     f"Standing forecast, {name}", path)



# ---------------------------------------------------------------------------- the lean's model
RIDGE = 0.03        # an L2 penalty on the standardized weights, per row (the intercept is free)


def fit_lean(rows: list[dict], iterations: int = 50) -> list[float]:
    """The lean's logistic model (`estimate.LeanModel`: the intercept, then one weight per
    `estimate.FEATURES`) fitted to the standing forecast: each row's `features` at a dawn
    and its `forecast` (good's share of the rollouts from there) as the target, by Newton's
    method on the cross-entropy (a forecast of 0.7 counts as 0.7 of a good win and 0.3 of an
    evil one). `features`: a row's inputs by name (`estimate.FEATURES`); rows without them
    are left out."""
    import numpy as np

    use = [r for r in rows if r.get("features")]
    if len(use) < 2:
        raise ValueError("fewer than 2 dawns with features to fit the lean's model on")
    x = np.array([[r["features"][k] for k in FEATURES] for r in use], dtype=float)
    y = np.array([r["forecast"] for r in use], dtype=float)
    mu = x.mean(axis=0)
    sd = x.std(axis=0)
    sd[sd == 0] = 1.0                   # a constant feature (one player count): weight 0
    z = np.hstack([np.ones((len(use), 1)), (x - mu) / sd])
    w = np.zeros(z.shape[1])
    pen = np.full(z.shape[1], RIDGE * len(use))
    pen[0] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (p - y) + pen * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(pen) + 1e-9 * np.eye(z.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    coef = w[1:] / sd                   # back to the features' own units
    return [float(w[0] - (coef * mu).sum()), *(float(c) for c in coef)]


def brier(rows: list[dict], forecast: Callable[[dict], float]) -> float:
    """The mean of (forecast - outcome)^2 over `rows` (`won`: 1 when good won)."""
    return sum((forecast(r) - r["won"]) ** 2 for r in rows) / len(rows) if rows else float("nan")
