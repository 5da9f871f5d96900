"""`clocktower arena`: agents against one another on mirrored seeds, and Storytellers compared.

A run is its `ArenaSpec`: scripts, a player count, agents (player policies,
`agents/policies.py`), Storyteller policies (`storyteller.STORYTELLERS`), games, seed. Its
games are every (script, Storyteller, matchup) cell on the same seeds:

* **matchups**: with one agent, that agent on both sides; with several, every pair (A, B)
  twice, A good and B evil, then B good and A evil, on the same seed (mirrored seeds: a
  setup that favours a side favours both agents once);
* **seeds**: seed index g = 0, 1, ... (`games` per pair: games/2 seeds, each played twice;
  with one agent, `games` seeds), the game's seed `run.game_seed(seed, players, g)`, the
  same in every cell, so the Storytellers are compared on the same seeds too.

Game index i = g * cells + cell, batches of `batch_size` indices: the simulator's machinery
(`sim/run.py` executors, `sim/simulate.open_run` and `execute`: the progress bar, Ctrl-C and
`--resume`, `--jobs`, `--backend ray`) with this module's `run_batch`. Each game's log is
kept, `logs/NNNNNN.jsonl` (replay: `clocktower replay OUT/logs/NNNNNN.jsonl`), and replayed
in the worker as soon as it is played: a log that does not replay identically is a rule
violation (`violation`; zero by construction: the engine offers only legal options, and
every answer is validated). The summary (`summarise`) is computed from the saved batches
in index order: it does not depend on --jobs, the backend or an interruption.
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..scripts import Script
from .run import Store, game_seed, play_seeded

FORMAT = "arena-1"
BOOTSTRAP = 200             # resamples of the seeds for the rating's interval
RIDGE = 0.01                # the ratings' weak prior (keeps a clean sweep finite)
ELO = 400 / math.log(10)    # a logit in Elo points

# (key, label, the side the event is credited to): from agents/report.analyse's counters,
# then this module's own (lies).
EVENTS: tuple[tuple[str, str, str], ...] = (
    ("slayer_hit", "Slayer hits", "good"),
    ("monk_block", "Monk blocks", "good"),
    ("virgin_trigger", "Virgin triggers", "good"),
    ("saint_executed", "Saint executions", "good"),
    ("mayor_win", "Mayor wins", "good"),
    ("fake_slayer", "fake Slayer shots", "evil"),
    ("star_pass", "star-passes", "evil"),
    ("lies", "lies told", "evil"),
    ("lies_caught", "lies caught", "evil"),
)


@dataclass(frozen=True)
class ArenaSpec:
    scripts: tuple[Script, ...]
    players: int
    agents: tuple[str, ...]
    storytellers: tuple[str, ...] = ("auto",)
    games: int = 200
    seed: int = 0
    batch_size: int = 20
    llm_model: str | None = None        # said in the manifest (the key never is)

    @property
    def matchups(self) -> tuple[tuple[str, str], ...]:
        a = self.agents
        if len(a) == 1:
            return ((a[0], a[0]),)
        out: list[tuple[str, str]] = []
        for i in range(len(a)):
            for j in range(i + 1, len(a)):
                out += [(a[i], a[j]), (a[j], a[i])]
        return tuple(out)

    @property
    def seeds(self) -> int:
        return self.games if len(self.agents) == 1 else -(-self.games // 2)

    @property
    def cells(self) -> int:
        return len(self.scripts) * len(self.storytellers) * len(self.matchups)

    @property
    def total(self) -> int:
        return self.seeds * self.cells

    @property
    def n_batches(self) -> int:
        return -(-self.total // self.batch_size)

    def batch_range(self, b: int) -> range:
        return range(b * self.batch_size, min((b + 1) * self.batch_size, self.total))

    def locate(self, i: int) -> tuple[int, int, str, str, str]:
        """(g, script index, Storyteller, good agent, evil agent) of game index i."""
        g, cell = divmod(i, self.cells)
        m = self.matchups
        rest, k = divmod(cell, len(m))
        sc, st = divmod(rest, len(self.storytellers))
        return g, sc, self.storytellers[st], m[k][0], m[k][1]

    def to_json(self) -> dict:
        return {"format": FORMAT,
                "scripts": [{"name": s.name, "characters": s.characters, "source": s.source}
                            for s in self.scripts],
                "players": self.players, "agents": list(self.agents),
                "storytellers": list(self.storytellers), "games": self.games,
                "seed": self.seed, "batch_size": self.batch_size, "llm_model": self.llm_model}


# ---- one game ---------------------------------------------------------------------------

def lies(log: list[dict]) -> tuple[dict[str, int], dict[str, int]]:
    """(lies, caught) by team: a player's public claim of a character they neither are nor
    believe they are (the Drunk's Townsfolk is no lie), counted once per player, on the
    team the player was on when they claimed; caught: those liars later executed."""
    char: dict[str, str] = {}
    thinks: dict[str, str] = {}
    team: dict[str, str] = {}
    liars: dict[str, str] = {}
    caught: set[str] = set()
    for ev in log:
        t = ev["type"]
        if t == "setup":
            for p in ev["players"]:
                char[p["name"]] = p["character"]
                team[p["name"]] = p["alignment"]
        elif t == "learn" and ev.get("character") and ev.get("player") \
                and (ev.get("ability") == "setup" or ev.get("reason") == "you are"):
            thinks[ev["player"]] = ev["character"]
        elif t == "character_change":
            char[ev["player"]] = ev["new"]
        elif t == "alignment_change":
            team[ev["player"]] = ev["new"]
        elif t == "claim":
            who = ev["player"]
            if ev["character"] not in (char.get(who), thinks.get(who)) and who not in liars:
                liars[who] = team.get(who, "good")
        elif t == "execution" and ev["player"] in liars:
            caught.add(ev["player"])
    told: dict[str, int] = {}
    hit: dict[str, int] = {}
    for who, side in liars.items():
        told[side] = told.get(side, 0) + 1
        if who in caught:
            hit[side] = hit.get(side, 0) + 1
    return told, hit


def misinfo_to_good(log: list[dict]) -> tuple[int, int]:
    """(false information shown to good players, false registrations): `decision` events
    of kind info with true false whose receiver was good at the time, and of kind register
    with true false (a Recluse or Spy seen as what they are not)."""
    team: dict[str, str] = {}
    info = regs = 0
    for ev in log:
        t = ev["type"]
        if t == "setup":
            team = {p["name"]: p["alignment"] for p in ev["players"]}
        elif t == "alignment_change":
            team[ev["player"]] = ev["new"]
        elif t == "decision" and ev.get("true") is False:
            if ev.get("kind") == "info" and team.get(ev.get("player", "")) == "good":
                info += 1
            elif ev.get("kind") == "register":
                regs += 1
    return info, regs


def analyse(log: list[dict], players: int) -> dict:
    """What the arena keeps of one finished game (besides its log)."""
    from ..agents.report import CountResult, analyse as count_events
    from .record import analyse as record
    rec = record(log)
    res = CountResult(players)
    count_events(log, res)
    told, hit = lies(log)
    info, regs = misinfo_to_good(log)
    good_ev = {k: res.events.get(k, 0) for k, _, side in EVENTS[:5] if res.events.get(k)}
    evil_ev = {k: res.events.get(k, 0) for k, _, side in EVENTS[5:7] if res.events.get(k)}
    if told.get("evil"):
        evil_ev["lies"] = told["evil"]
    if hit.get("evil"):
        evil_ev["lies_caught"] = hit["evil"]
    if told.get("good"):
        good_ev["lies"] = told["good"]
    if hit.get("good"):
        good_ev["lies_caught"] = hit["good"]
    return {"winner": rec["winner"], "code": rec["code"], "ending": rec["ending"],
            "days": rec["days"], "final_day": rec["final_day"],
            "executions": res.executions, "evil_executions": res.evil_executions,
            "misinfo_good": info, "false_registrations": regs,
            "events": {"good": good_ev, "evil": evil_ev}}


def run_one(spec: ArenaSpec, i: int) -> dict:
    """Play game index i and return its record, with its log (`log`, JSON lines) for the
    store to write apart."""
    from ..agents.llm import usage_of
    from ..agents.policies import make_agents
    from ..characters import REGISTRY
    from ..engine.replay import replay
    from ..play import NAMES
    g, sc, st, good, evil = spec.locate(i)
    script = spec.scripts[sc]
    seed = game_seed(spec.seed, spec.players, g)
    rec: dict[str, Any] = {"i": i, "g": g, "seed": seed, "script": sc, "storyteller": st,
                           "good": good, "evil": evil}
    agents = make_agents(NAMES[:spec.players], seed, good, evil)
    game = play_seeded(script, spec.players, seed, good, evil, st, what=f"arena game {i}",
                       agents=agents)
    if isinstance(game, str):
        rec["error"] = game
        return rec
    text = "".join(json.dumps(ev, sort_keys=True, ensure_ascii=False) + "\n"
                   for ev in game.log)
    rec.update(analyse(game.log, spec.players))
    events = [json.loads(line) for line in text.splitlines()]
    try:
        again = replay(events, REGISTRY, None if script.source is None else script)
        rec["violation"] = again.log != events
    except Exception as e:          # refused on replay: an answer the rules do not allow
        rec["violation"] = True
        rec["violation_reason"] = repr(e)[:300]
    u = usage_of(agents)
    if u is not None:
        rec["llm"] = u.to_json()
    u = usage_of({"storyteller": game.answerers["storyteller"]})
    if u is not None:
        rec["llm_storyteller"] = u.to_json()
    rec["log"] = text
    game.dispose()
    return rec


def run_batch(spec: ArenaSpec, b: int) -> list[dict]:
    from .bench import batch_gc
    with batch_gc():
        return [run_one(spec, i) for i in spec.batch_range(b)]


class ArenaStore(Store):
    """The simulator's store plus `logs/` (one file a game, written before its batch: a
    saved batch means its logs are saved)."""

    OWN = frozenset({"manifest.json", "batches", "logs", "summary.json", "games.csv",
                     "report.html", "leaderboard.png", "win_rates.png", "storytellers.png",
                     "sessions.jsonl", ".write-test"})

    def __init__(self, out: Path):
        super().__init__(out)
        self.logs = self.out / "logs"

    def save(self, b: int, records: list[dict]) -> None:
        from ..fileio import write_text
        self.logs.mkdir(exist_ok=True)
        for r in records:
            text = r.pop("log", None)
            if text is not None:
                write_text(self.logs / f"{r['i']:06d}.jsonl", text)
        super().save(b, records)


# ---- the summary ------------------------------------------------------------------------

def wilson_json(k: int, n: int) -> dict:
    from .stats import wilson
    return {"wins": k, "games": n, "rate": k / n if n else None, "ci": list(wilson(k, n))}


def _design(games: list[tuple[int, int, int]], k: int) -> tuple[Any, Any]:
    """The fit's design matrix (a column for good's side, then one per agent: +1 good, -1
    evil) and outcomes, from (good agent, evil agent, 1 if good won else 0)."""
    import numpy as np
    g = np.array(games, dtype=float)
    n = len(games)
    X = np.zeros((n, k + 1))
    X[:, 0] = 1.0
    X[np.arange(n), 1 + g[:, 0].astype(int)] += 1.0
    X[np.arange(n), 1 + g[:, 1].astype(int)] -= 1.0
    return X, g[:, 2]


def _newton(X: Any, y: Any, ridge: Any, offset: Any = 0.0) -> Any:
    """The weights that maximise the log-likelihood of logistic(offset + X w) minus
    ridge * w^2 / 2 (Newton's method; a step at most 5 logits, for separated data)."""
    import numpy as np
    w = np.zeros(X.shape[1])
    for _ in range(200):
        p = 1 / (1 + np.exp(-(offset + X @ w)))
        grad = X.T @ (y - p) - ridge * w
        H = (X * (p * (1 - p))[:, None]).T @ X + np.diag(ridge)
        step = np.linalg.solve(H, grad)
        big = float(np.max(np.abs(step)))
        w += step if big <= 5 else step * (5 / big)
        if big < 1e-9:
            break
    return w


def fit_ratings(games: list[tuple[int, int, int]], k: int) -> tuple[list[float], float]:
    """Bradley-Terry with a side term: P(good wins) = logistic(h + r[good] - r[evil]), over
    (good agent, evil agent, 1 if good won else 0); ratings centred on 0, a weak ridge
    (RIDGE) so that a clean sweep stays finite. Newton's method. Returns (r, h)."""
    import numpy as np
    if not games:
        return [0.0] * k, 0.0
    X, y = _design(games, k)
    ridge = np.full(k + 1, RIDGE * len(games) / max(1, k))
    ridge[0] = 1e-9
    w = _newton(X, y, ridge)
    r = w[1:] - w[1:].mean()
    return [float(x) for x in r], float(w[0])


def _loglik(X: Any, y: Any, eta: Any) -> float:
    import numpy as np
    return float(np.sum(y * eta - np.logaddexp(0.0, eta)))


def profile_interval(games: list[tuple[int, int, int]], k: int, j: int,
                     at: float) -> tuple[float | None, float | None]:
    """Agent j's centred rating's 95% profile-likelihood interval (no ridge): the values t
    at which the log-likelihood, maximised over good's side term and the other ratings
    with r[j] - mean(r) = t, lies within chi-squared(1, 0.95) / 2 of its supremum; an end
    the data do not bound (the likelihood never falls that far: a clean sweep, or a side
    term that explains every result) is None. `at`: the fit's estimate, where to start."""
    import numpy as np
    X, y = _design(games, k)
    n = len(games)
    others = [i for i in range(k) if i != j]
    # r[j] = (k t + sum of the others) / (k - 1) keeps r[j] - mean(r) = t; the others keep
    # their common shift (which changes no difference), pinned by a vanishing ridge
    A = X[:, [0] + [1 + i for i in others]].copy()
    A[:, 1:] += X[:, [1 + j]] / (k - 1)
    ridge = np.full(len(others) + 1, 1e-6 * n)
    ridge[0] = 1e-6 * n

    def prof(t: float) -> float:
        off = X[:, 1 + j] * (k * t / (k - 1))
        return _loglik(X, y, off + A @ _newton(A, y, ridge, off))

    drop = 3.841458820694124 / 2
    far = 30.0                              # logits: beyond any rating the data could bound
    top = max(prof(at), prof(at - far), prof(at + far))
    ends: list[float | None] = []
    for sign in (-1, 1):
        out = at + sign * far
        if top - prof(out) < drop:
            ends.append(None)
            continue
        inside = at
        for _ in range(50):                 # the profile is concave: bisect the crossing
            mid = (inside + out) / 2
            if top - prof(mid) < drop:
                inside = mid
            else:
                out = mid
        ends.append((inside + out) / 2)
    return ends[0], ends[1]


def ratings(records: list[dict], agents: list[str]) -> dict:
    """Each agent's rating (Elo points, 1500 the mean) with a 95% interval from BOOTSTRAP
    resamples of the seeds (all of a seed's games together: the mirrored pair stays a
    pair), and the good side's advantage. Where the data bound a rating on one side only
    (an agent that won, or lost, every game: every resample is a sweep too, and the
    bootstrap's interval would be the ridge's point), the interval is the profile
    likelihood's instead, its open end None."""
    idx = {a: j for j, a in enumerate(agents)}
    by_seed: dict[tuple, list[tuple[int, int, int]]] = {}
    for r in records:
        if r.get("error") or r.get("winner") not in ("good", "evil") or r["good"] == r["evil"]:
            continue
        by_seed.setdefault((r["script"], r["storyteller"], r["g"]), []).append(
            (idx[r["good"]], idx[r["evil"]], int(r["winner"] == "good")))
    groups = [by_seed[k] for k in sorted(by_seed)]
    flat = [x for grp in groups for x in grp]
    est, h = fit_ratings(flat, len(agents))
    rng = random.Random(f"arena ratings:{len(flat)}")
    draws: list[list[float]] = []
    for _ in range(BOOTSTRAP if groups else 0):
        pick = [x for _ in groups for x in groups[rng.randrange(len(groups))]]
        draws.append(fit_ratings(pick, len(agents))[0])
    out = {}
    for a, j in idx.items():
        vals = sorted(d[j] for d in draws)
        lo: float | None = vals[int(0.025 * (len(vals) - 1))] if vals else est[j]
        hi: float | None = vals[int(math.ceil(0.975 * (len(vals) - 1)))] if vals else est[j]
        if flat:
            plo, phi = profile_interval(flat, len(agents), j, est[j])
            if plo is None or phi is None:
                lo, hi = plo, phi
        out[a] = {"rating": 1500 + ELO * est[j],
                  "ci": [None if x is None else 1500 + ELO * x for x in (lo, hi)]}
    return {"agents": out, "good_advantage": ELO * h, "games": len(flat)}


def summarise(spec_json: dict, records: list[dict]) -> dict:
    agents = spec_json["agents"]
    scripts = [s["name"] for s in spec_json["scripts"]]
    played = [r for r in records if not r.get("error")]
    decided = [r for r in played if r["winner"] in ("good", "evil")]
    per: dict[str, dict] = {}
    for a in agents:
        side: dict[str, Any] = {}
        for s in ("good", "evil"):
            mine = [r for r in played if r[s] == a]
            wins = sum(r["winner"] == s for r in mine)
            ev: dict[str, int] = {}
            for r in mine:
                for key, v in r["events"][s].items():
                    ev[key] = ev.get(key, 0) + v
            side[s] = {**wilson_json(wins, len(mine)),
                       "events": {k: {"count": ev.get(k, 0),
                                      "per_100": 100 * ev.get(k, 0) / len(mine)
                                      if mine else None}
                                  for k, _, sd in EVENTS if sd == s or k.startswith("lies")}}
            if s == "good":
                ex = sum(r["executions"] for r in mine)
                side[s]["execution_accuracy"] = (sum(r["evil_executions"] for r in mine) / ex
                                                 if ex else None)
        both = [r for r in played if a in (r["good"], r["evil"]) and r["good"] != r["evil"]]
        wins = sum(r["winner"] == ("good" if r["good"] == a else "evil") for r in both)
        llm = [r["llm"] for r in played if "llm" in r and a == "llm"
               and "llm" in (r["good"], r["evil"])]
        entry = {"good": side["good"], "evil": side["evil"],
                 "overall": wilson_json(wins, len(both))}
        if llm:
            n = len(llm)
            entry["llm"] = {"games": n,
                            "calls_per_game": sum(x["calls"] for x in llm) / n,
                            "tokens_per_game": sum(x["tokens"] for x in llm) / n,
                            "fallbacks": sum(x["fallbacks"] for x in llm),
                            "retries": sum(x["retries"] for x in llm)}
        per[a] = entry
    out: dict[str, Any] = {"run": spec_json, "games": len(records), "played": len(played),
                           "unseated": len(records) - len(played),
                           "decided": len(decided),
                           "violations": sum(bool(r.get("violation")) for r in played),
                           "agents": per}
    if len(agents) > 1:
        out["ratings"] = ratings(played, agents)
        table: dict[str, dict[str, dict]] = {}
        for g in agents:
            for e in agents:
                mine = [r for r in played if r["good"] == g and r["evil"] == e]
                if mine:
                    table.setdefault(g, {})[e] = wilson_json(
                        sum(r["winner"] == "good" for r in mine), len(mine))
        out["matchups"] = table
    st_rows = []
    for si, name in enumerate(scripts):
        for st in spec_json["storytellers"]:
            mine = [r for r in played if r["script"] == si and r["storyteller"] == st]
            n = len(mine)
            if not n:
                continue
            gw = sum(r["winner"] == "good" for r in mine)
            dec = [r for r in mine if r["winner"] in ("good", "evil")]
            st_rows.append({
                "script": name, "storyteller": st, "games": n,
                "good": wilson_json(gw, n),
                "distance_from_50": abs(gw / n - 0.5),
                "misinfo_to_good_per_game": sum(r["misinfo_good"] for r in mine) / n,
                "false_registrations_per_game": sum(r["false_registrations"] for r in mine) / n,
                "decided_before_final_day": (sum(not r["final_day"] for r in dec) / len(dec)
                                             if dec else None),
                "mean_days": sum(r["days"] for r in mine) / n,
                "no_result": n - len(dec),
                "violations": sum(bool(r.get("violation")) for r in mine)})
            llm = [r["llm_storyteller"] for r in mine if "llm_storyteller" in r]
            if llm:
                st_rows[-1]["llm"] = {
                    "calls_per_game": sum(x["calls"] for x in llm) / len(llm),
                    "tokens_per_game": sum(x["tokens"] for x in llm) / len(llm),
                    "fallbacks": sum(x["fallbacks"] for x in llm),
                    "retries": sum(x["retries"] for x in llm)}
    out["storytellers"] = st_rows
    return out


# ---- the report -------------------------------------------------------------------------

def event_label(key: str) -> str:
    return next(label for k, label, _ in EVENTS if k == key)


def rating_ci(c: list[float | None]) -> str:
    """A rating's interval: '1612–1790', an open end (the data do not bound it) '∞'."""
    return (f"{'−∞' if c[0] is None else f'{c[0]:.0f}'}–"
            f"{'∞' if c[1] is None else f'{c[1]:.0f}'}")


def leaderboard_rows(summary: dict) -> tuple[list[str], list[list[str]]]:
    from .report import ci, pct
    rat = summary.get("ratings", {}).get("agents", {})
    order = sorted(summary["agents"], key=lambda a: -rat.get(a, {}).get("rating", 0))
    head = ["agent", "rating", "95% CI", "wins", "as good", "95% CI", "as evil", "95% CI"]
    rows = []
    for a in order:
        e = summary["agents"][a]
        r = rat.get(a)
        rows.append([a, f"{r['rating']:.0f}" if r else "-",
                     rating_ci(r["ci"]) if r else "-",
                     f"{pct(e['overall']['rate'])} /{e['overall']['games']}",
                     f"{pct(e['good']['rate'])} /{e['good']['games']}", ci(e['good']['ci']),
                     f"{pct(e['evil']['rate'])} /{e['evil']['games']}", ci(e['evil']['ci'])])
    return head, rows


def event_rows(summary: dict) -> tuple[list[str], list[list[str]]]:
    """One row per event, one column per agent: per 100 games the agent played that side."""
    agents = list(summary["agents"])
    head = ["event", "side"] + agents
    rows = []
    for k, label, side in EVENTS:
        line = [label, side]
        for a in agents:
            v = summary["agents"][a][side]["events"].get(k, {}).get("per_100")
            line.append("-" if v is None else f"{v:.1f}")
        rows.append(line)
    rows.append(["execution accuracy", "good"] + [
        (lambda x: "-" if x is None else f"{100 * x:.1f}%")(
            summary["agents"][a]["good"]["execution_accuracy"]) for a in agents])
    return head, rows


def storyteller_rows(summary: dict) -> tuple[list[str], list[list[str]]]:
    from .report import ci, pct
    head = ["script", "Storyteller", "games", "good wins", "95% CI", "off 50%",
            "false info to good/game", "false regs/game", "decided early", "days",
            "violations"]
    rows = [[r["script"], r["storyteller"], str(r["games"]), pct(r["good"]["rate"]),
             ci(r["good"]["ci"]), f"{100 * r['distance_from_50']:.1f} pts",
             f"{r['misinfo_to_good_per_game']:.2f}",
             f"{r['false_registrations_per_game']:.2f}",
             pct(r["decided_before_final_day"]), f"{r['mean_days']:.2f}",
             str(r["violations"])] for r in summary["storytellers"]]
    if any("llm" in r for r in summary["storytellers"]):
        head.append("llm calls/game")
        for line, r in zip(rows, summary["storytellers"]):
            line.append(f"{r['llm']['calls_per_game']:.1f}" if "llm" in r else "-")
    return head, rows


def write_plots(summary: dict, out: Path) -> list[tuple[Path, str]]:
    from .report import _plt
    plt = _plt()
    plots: list[tuple[Path, str]] = []

    def save(fig: Any, name: str, alt: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name)
        plt.close(fig)
        plots.append((out / name, alt))

    agents = list(summary["agents"])
    if "ratings" in summary:
        rat = summary["ratings"]["agents"]
        order = sorted(agents, key=lambda a: rat[a]["rating"])
        fig, ax = plt.subplots(figsize=(6, 0.6 * len(order) + 1.5), dpi=110)
        for y, a in enumerate(order):
            r = rat[a]
            lo, hi = r["ci"]
            ax.errorbar(r["rating"], y, xerr=[[0 if lo is None else r["rating"] - lo],
                                              [0 if hi is None else hi - r["rating"]]],
                        fmt="o", capsize=4)
        # an open end (the games do not bound it): a dashed arrow to the plot's edge
        left, right = ax.get_xlim()
        pad = 0.15 * (right - left)
        ax.set_xlim(left - pad, right + pad)
        for y, a in enumerate(order):
            r = rat[a]
            for end, edge in zip(r["ci"], (left - pad, right + pad)):
                if end is None:
                    ax.annotate("", xy=(edge, y), xytext=(r["rating"], y),
                                arrowprops={"arrowstyle": "->", "ls": "--", "color": "#555"})
        ax.set_yticks(range(len(order)), order)
        ax.axvline(1500, color="#999", lw=1, ls="--")
        ax.set_xlabel("rating (Bradley-Terry, Elo; 95% interval; arrow: not bounded)")
        ax.set_title("Leaderboard")
        save(fig, "leaderboard.png", "the agents' ratings with their intervals")
    fig, ax = plt.subplots(figsize=(7, 3.8), dpi=110)
    for k, side in enumerate(("good", "evil")):
        xs = [j + (k - 0.5) * 0.35 for j in range(len(agents))]
        vals = [summary["agents"][a][side]["rate"] or 0.0 for a in agents]
        lo = [v - summary["agents"][a][side]["ci"][0] for a, v in zip(agents, vals)]
        hi = [summary["agents"][a][side]["ci"][1] - v for a, v in zip(agents, vals)]
        ax.bar(xs, vals, width=0.35, yerr=[lo, hi], capsize=3, label=f"as {side}",
               color="#3b6fb6" if side == "good" else "#b63b3b")
    ax.set_xticks(range(len(agents)), agents)
    ax.set_ylim(0, 1)
    ax.axhline(0.5, color="#999", lw=1, ls="--")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.legend()
    ax.set_title("Win rate by side")
    save(fig, "win_rates.png", "each agent's win rate as good and as evil")
    rows = summary["storytellers"]
    if len({r["storyteller"] for r in rows}) > 1:
        fig, ax = plt.subplots(figsize=(7, 0.45 * len(rows) + 1.5), dpi=110)
        for y, r in enumerate(rows):
            v = r["good"]["rate"]
            ax.errorbar(v, y, xerr=[[v - r["good"]["ci"][0]], [r["good"]["ci"][1] - v]],
                        fmt="o", capsize=4)
        ax.set_yticks(range(len(rows)), [f"{r['script']} · {r['storyteller']}" for r in rows])
        ax.axvline(0.5, color="#999", lw=1, ls="--")
        ax.set_xlim(0, 1)
        ax.set_xlabel("good's win rate (95% Wilson interval)")
        ax.set_title("Storytellers: how close to 50%")
        save(fig, "storytellers.png", "good's win rate under each Storyteller")
    return plots


def write_html(summary: dict, out: Path, plots: list[tuple[Path, str]]) -> Path:
    import html
    from .report import _img, _table, write_page
    run = summary["run"]
    title = f"Arena: {', '.join(s['name'] for s in run['scripts'])}, {run['players']} players"
    parts = [f"<h1>{html.escape(title)}</h1>", "<p>" + html.escape(
        f"{summary['games']} games ({summary['unseated']} could not be set up), seed "
        f"{run['seed']}; agents {', '.join(run['agents'])}; Storytellers "
        f"{', '.join(run['storytellers'])}. Each pair of agents plays every seed twice, "
        "sides swapped. Intervals are 95% (Wilson for rates, bootstrap over seeds for "
        "ratings, or the profile likelihood's where the games bound a rating on one side "
        f"only: ∞ is that open end). Rule violations (logs that do not replay): {summary['violations']}.")
        + "</p>"]
    if "ratings" in summary:
        parts.append("<h2>Leaderboard</h2>")
        parts.append(_table(*leaderboard_rows(summary)))
        parts.append("<p>" + html.escape(
            f"Rating: Bradley-Terry with a side term, in Elo points (mean 1500); good's "
            f"advantage {summary['ratings']['good_advantage']:+.0f} points.") + "</p>")
    parts += [_img(p, alt) for p, alt in plots if p.name != "storytellers.png"]
    if "matchups" in summary:
        from .report import pct
        agents = run["agents"]
        parts.append("<h2>Good's win rate by matchup (rows good, columns evil)</h2>")
        parts.append(_table(["good \\ evil"] + agents, [
            [g] + [pct(summary["matchups"].get(g, {}).get(e, {}).get("rate"))
                   for e in agents] for g in agents]))
    parts.append("<h2>Events per 100 games on that side</h2>")
    parts.append(_table(*event_rows(summary)))
    llm = {a: e["llm"] for a, e in summary["agents"].items() if "llm" in e}
    if llm:
        parts.append("<h2>LLM usage</h2>")
        parts.append(_table(["agent", "games", "calls/game", "tokens/game", "retries",
                             "fallbacks"],
                            [[a, x["games"], f"{x['calls_per_game']:.1f}",
                              f"{x['tokens_per_game']:.0f}", x["retries"], x["fallbacks"]]
                             for a, x in llm.items()]))
    parts.append("<h2>Storytellers</h2>")
    parts.append(_table(*storyteller_rows(summary)))
    parts += [_img(p, alt) for p, alt in plots if p.name == "storytellers.png"]
    parts.append("<p>Every game's log is in logs/ (replay: <code>clocktower replay "
                 "logs/NNNNNN.jsonl</code>); games.csv lists them.</p>")
    return write_page(out / "report.html", title, parts, width=1100)


def print_tables(summary: dict, console: Any) -> None:
    from .report import _print_table
    if "ratings" in summary:
        _print_table(console, "Leaderboard", *leaderboard_rows(summary),
                     caption=f"good's advantage {summary['ratings']['good_advantage']:+.0f} "
                             "Elo points")
    head, rows = event_rows(summary)
    _print_table(console, "Events per 100 games on that side", head, rows, left=2)
    if len({r["storyteller"] for r in summary["storytellers"]}) > 1 \
            or len(summary["run"]["scripts"]) > 1:
        _print_table(console, "Storytellers", *storyteller_rows(summary), left=2)
    console.print(f"rule violations (logs that do not replay): {summary['violations']} of "
                  f"{summary['played']} games")


CSV_HEAD = ["i", "seed", "script", "storyteller", "good", "evil", "winner", "ending",
            "days", "violation", "log", "replay"]


def finish(spec: ArenaSpec, store: ArenaStore, console: Any, show: bool = True) -> dict:
    import csv
    import io
    from ..fileio import write_text
    records = list(store.records(spec))
    summary = summarise(spec.to_json(), records)
    write_text(store.out / "summary.json", json.dumps(summary, indent=1, sort_keys=True)
               + "\n")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEAD)
    for r in records:
        log = f"logs/{r['i']:06d}.jsonl"
        w.writerow([r["i"], r["seed"], spec.scripts[r["script"]].name, r["storyteller"],
                    r["good"], r["evil"], r.get("winner", ""), r.get("ending", r.get("error", "")),
                    r.get("days", ""), int(bool(r.get("violation"))),
                    "" if r.get("error") else log,
                    "" if r.get("error") else f"clocktower replay {store.out / log} --quiet"])
    write_text(store.out / "games.csv", buf.getvalue())
    plots = write_plots(summary, store.out)
    page = write_html(summary, store.out, plots)
    if show:
        print_tables(summary, console)
        console.print(f"wrote {store.out / 'summary.json'}, {store.out / 'games.csv'}, "
                      f"{len(records) - summary['unseated']} logs in {store.logs}, "
                      + ", ".join(str(p) for p, _ in plots) + f" and {page}")
    return summary


def probe(spec: ArenaSpec) -> None:
    """Refuse a script that never seats the count (its first seeds all fail)."""
    from .simulate import seats
    seats(list(spec.scripts), [spec.players], spec.seed)


def arena(spec: ArenaSpec, out: Path, jobs: int = 1, backend: str = "process",
          ray_address: str | None = None, resume: bool = False, console: Any = None,
          show: bool = True) -> dict:
    from rich.console import Console
    from .simulate import execute, open_run
    console = console or Console(highlight=False)
    store = ArenaStore(out)
    done = open_run(spec, store, resume, lambda: probe(spec))
    execute(spec, store, done, jobs, backend, ray_address, console, show, work=run_batch,
            label="arena")
    return finish(spec, store, console, show)
