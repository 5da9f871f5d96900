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

from .forecast import Bots, Point, dawns, run_serial

BASE_SEED = 1_000_000       # the base-rate games' seeds start here (+ the count * 10_000)


def _game(script: Any, players: int, seed: int, bots: Bots):
    from ..agents.policies import make_agents
    from ..play import NAMES, play_game
    names = NAMES[:players]
    return play_game(script, players, seed, agents=make_agents(names, seed, bots.good, bots.evil))


def _forecasts(task: tuple) -> tuple[int, int, str, list[tuple[int, float, int]]]:
    """One game and its dawn forecasts: (players, seed, winner, [(day, forecast, n)])."""
    script, players, seed, bots, rollouts = task
    game = _game(script, players, seed, bots)
    events = list(game.log)
    out = []
    for day, upto in dawns(events, script):
        t = run_serial(Point(events, upto, script), range(rollouts), bots=bots, seed=seed)
        out.append((day, t.chance, t.n))
    return players, seed, game.winner or "none", out


def _outcome(task: tuple) -> tuple[int, str]:
    script, players, seed, bots = task
    return players, _game(script, players, seed, bots).winner or "none"


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
        bins = []
        for b in range(10):
            inb = [r for r in rows if min(int(r["forecast"] * 10), 9) == b]
            if inb:
                bins.append({"bin": f"{b / 10:.1f}-{(b + 1) / 10:.1f}", "n": len(inb),
                             "mean_forecast": round(sum(r["forecast"] for r in inb) / len(inb), 4),
                             "good_won": round(sum(r["won"] for r in inb) / len(inb), 4)})
        games = len({(r["players"], r["seed"]) for r in rows})
        return {"players": players, "games": games, "dawns": n, "brier": round(brier, 4),
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
              on_game: Callable[[], Any] | None = None) -> Calibration:
    """Play and forecast (module docstring); `on_game()` after each game."""
    cal = Calibration(script, bots, rollouts)
    fc = [(script, n, seed + i, bots, rollouts) for n in counts for i in range(games)]
    bt = [(script, n, BASE_SEED + n * 10_000 + i, bots) for n in counts for i in range(base_games)]
    results: list = []
    outcomes: list = []
    if workers <= 0:
        for t in fc:
            results.append(_forecasts(t))
            if on_game:
                on_game()
        for t2 in bt:
            outcomes.append(_outcome(t2))
            if on_game:
                on_game()
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for r in pool.imap_unordered(_forecasts, fc):
                results.append(r)
                if on_game:
                    on_game()
            for o in pool.imap_unordered(_outcome, bt, chunksize=8):
                outcomes.append(o)
                if on_game:
                    on_game()
    for players, s, winner, fs in sorted(results, key=lambda r: (r[0], r[1])):
        for day, f, _n in fs:
            cal.rows.append({"players": players, "seed": s, "day": day, "forecast": round(f, 4),
                             "won": 1 if winner == "good" else 0})
    for n in counts:
        ws = [w for p, w in outcomes if p == n]
        cal.base[n] = (sum(w == "good" for w in ws), len(ws))
    return cal


def plot(cal: Calibration, path: Any) -> None:
    """The reliability plot: each count's bins (mean forecast against how often good won)
    and the diagonal of a calibrated forecast."""
    from ..sim.report import _plt
    plt = _plt()
    fig, ax = plt.subplots(figsize=(5.5, 5), dpi=110)
    ax.plot([0, 1], [0, 1], ls="--", color="#999", lw=1, label="calibrated")
    for s in cal.to_json()["by_players"]:
        pts = [(b["mean_forecast"], b["good_won"]) for b in s["reliability"] if b["n"] >= 5]
        if pts:
            ax.plot(*zip(*pts), "o-", label=f"{s['players']} players ({s['dawns']} dawns)")
    ax.set_xlabel("standing forecast at dawn: good's chance")
    ax.set_ylabel("share of those games good won")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="upper left")
    ax.set_title(f"Standing forecast, {cal.script} ({cal.bots.words}, {cal.rollouts} rollouts)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
