"""`clocktower bots report`: how well the bots play, measured on many games.

For each player count it plays `games` games (game i plays seed `seed + i`, so a run is
deterministic and any game replays with `clocktower play --seed`), with the good team's
and the evil team's policies (`agents/policies.py`), and measures from each game's full log:

* **Execution accuracy**: the share of executions that hit an evil player, beside the
  random-living-pick rate (for each execution, the share of evil players among the living
  at that moment, averaged over the executions): what executing a uniformly random living
  player would hit. Also the same without the executions an ability made rather than a
  vote (the execution that directly follows an `ability_triggered` record: the Virgin's
  nominator, a good Townsfolk testing her by design; the Vizier's immediate execution),
  labelled "voted".
* **Good's win rate** with its Wilson 95% interval.
* **The good bots' belief on the true Demon** (when the good team plays the reasoning
  bots): each day, at the moment of the day's execution (or at the day's end when nobody
  was executed), every living good player's chance that the true Demon is the Demon, as
  their bot computes it (`reasoning.good_demon_belief`, the bots' own function, on a table
  of the game's public events kept apart from the bots', so measuring changes no game):
  the mean by day, and its **calibration** (the chances every living good player gives
  every other living player, in bins, beside how often the players in a bin were the
  Demon).
* **Event rates** per 100 games in which the character is in play (dealt at setup): Slayer
  hits, Monk blocks, Saint executions, star-passes (Imp), Virgin triggers, Mayor wins,
  Scarlet Woman catches (she becomes the Demon); fake Slayer shots (a `claim_ability` of
  the Slayer by an evil player) and Minions giving themselves up (a Minion's claim of a
  Demon) per 100 games of any kind; and the share of evil players' votes raised for an
  evil nominee.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .. import data as D

TEAMS = D.teams()
BINS = 10                  # calibration bins of width 0.1
MAX_DAY = 6                # belief by day: days 1..5, then "6+"

# (label, the character whose presence counts, the counter)
EVENTS: tuple[tuple[str, str | None, str], ...] = (
    ("Slayer hits", "slayer", "slayer_hit"),
    ("fake Slayer shots (any game)", None, "fake_slayer"),
    ("Monk blocks", "monk", "monk_block"),
    ("Saint executions", "saint", "saint_executed"),
    ("star-passes", "imp", "star_pass"),
    ("Virgin triggers", "virgin", "virgin_trigger"),
    ("Mayor wins", "mayor", "mayor_win"),
    ("Scarlet Woman catches", "scarletwoman", "sw_catch"),
    ("Minions giving themselves up (any game)", None, "sacrifice"),
)


@dataclass
class CountResult:
    """What the games at one player count measured (sums: `summary()` gives the rates)."""
    players: int
    games: int = 0
    good_wins: int = 0
    executions: int = 0
    evil_executions: int = 0
    random_pick: float = 0.0            # sum over executions of the living evil share
    ability_executions: int = 0         # executions an ability made (not a vote)
    ability_evil: int = 0               # ... of an evil player
    ability_random: float = 0.0         # their random-pick sum
    belief_by_day: dict[int, list[float]] = field(default_factory=dict)   # day -> [sum, n]
    cal_sum: list[float] = field(default_factory=lambda: [0.0] * BINS)
    cal_hits: list[int] = field(default_factory=lambda: [0] * BINS)
    cal_n: list[int] = field(default_factory=lambda: [0] * BINS)
    in_play: dict[str, int] = field(default_factory=dict)     # character -> games
    events: dict[str, int] = field(default_factory=dict)      # counter -> events
    evil_votes: int = 0
    evil_votes_on_evil: int = 0
    days: int = 0

    def summary(self) -> dict:
        from ..sim.stats import wilson
        n_ex = self.executions
        out: dict[str, Any] = {
            "players": self.players, "games": self.games,
            "good_wins": self.good_wins,
            "good_win_rate": self.good_wins / self.games if self.games else None,
            "good_win_ci": list(wilson(self.good_wins, self.games)),
            "executions": n_ex,
            "execution_accuracy": self.evil_executions / n_ex if n_ex else None,
            "random_pick_rate": self.random_pick / n_ex if n_ex else None,
            # The same without the executions an ability made (the Virgin's nominator, the
            # Vizier's choice: executed by the rules, not by the town's vote).
            "ability_executions": self.ability_executions,
            "execution_accuracy_voted": ((self.evil_executions - self.ability_evil) / n_voted
                                         if (n_voted := n_ex - self.ability_executions)
                                         else None),
            "random_pick_rate_voted": ((self.random_pick - self.ability_random) / n_voted
                                       if n_voted else None),
            "days_per_game": self.days / self.games if self.games else None,
            "belief_on_demon_by_day": {
                str(d) if d < MAX_DAY else f"{MAX_DAY}+": (s / k if k else None)
                for d, (s, k) in sorted(self.belief_by_day.items())},
            "belief_samples": {str(d) if d < MAX_DAY else f"{MAX_DAY}+": int(k)
                               for d, (s, k) in sorted(self.belief_by_day.items())},
            "calibration": [
                {"bin": [i / BINS, (i + 1) / BINS], "n": self.cal_n[i],
                 "mean_belief": self.cal_sum[i] / self.cal_n[i] if self.cal_n[i] else None,
                 "demon_rate": self.cal_hits[i] / self.cal_n[i] if self.cal_n[i] else None}
                for i in range(BINS)],
            "evil_votes": self.evil_votes,
            "evil_votes_on_evil": (self.evil_votes_on_evil / self.evil_votes
                                   if self.evil_votes else None),
            "events": {},
        }
        for label, char, key in EVENTS:
            base = self.games if char is None else self.in_play.get(char, 0)
            k = self.events.get(key, 0)
            out["events"][key] = {"label": label, "in_play": char, "games": base,
                                  "count": k, "per_100": 100 * k / base if base else None}
        return out


class _Observer:
    """Follows one game event by event: the good players' beliefs at the day's execution
    (or its end), on a public table of its own (the bots' tables are not touched)."""

    def __init__(self, game, res: CountResult, beliefs: bool):
        from .beliefs import Table
        self.game = game
        self.res = res
        self.table: Table | None = Table(game.view("spectator")) if beliefs else None
        self.day_measured = 0
        if self.table is not None:
            for ev in game.log:
                if ev["visible_to"] == "all":
                    self.table.add(ev)

    def __call__(self, ev: dict) -> None:
        t = ev["type"]
        if self.table is None:
            return
        if ev["visible_to"] == "all":
            if t == "execution" or t == "day_end":
                if self.day_measured != ev["number"]:
                    self.day_measured = ev["number"]
                    self._measure(ev["number"])
            self.table.add(ev)

    def _measure(self, day: int) -> None:
        from .reasoning import good_demon_belief
        game, res, table = self.game, self.res, self.table
        assert table is not None
        demons = {p.name for p in game.players if D.get(p.character).team == "demon"}
        if not demons:
            return
        living = [p for p in game.players if p.alive]
        names = [p.name for p in living]
        slot = res.belief_by_day.setdefault(min(day, MAX_DAY), [0.0, 0])
        for me in living:
            if me.alignment != "good" or me.traveller:
                continue
            p = good_demon_belief(table, me.name)
            slot[0] += sum(p.get(d, 0.0) for d in demons)
            slot[1] += 1
            for n in names:
                if n == me.name:
                    continue
                x = p.get(n, 0.0)
                b = min(int(x * BINS), BINS - 1)
                res.cal_n[b] += 1
                res.cal_sum[b] += x
                if n in demons:
                    res.cal_hits[b] += 1


def analyse(log: list[dict], res: CountResult) -> None:
    """Add one finished game's executions, win and events to `res` (the full log)."""
    res.games += 1
    char: dict[str, str] = {}
    align: dict[str, str] = {}
    alive: set[str] = set()
    for ev in log:
        if ev["type"] == "setup":
            for p in ev["players"]:
                char[p["name"]] = p["character"]
                align[p["name"]] = p["alignment"]
                alive.add(p["name"])
            for c in set(char.values()):
                res.in_play[c] = res.in_play.get(c, 0) + 1
            break
    ev_count = res.events
    triggered = False       # the record before was an ability's trigger: an execution
    for ev in log:          # now is that ability's (the Virgin's, the Vizier's), not a vote's
        t = ev["type"]
        by_ability, triggered = triggered, t == "ability_triggered"
        if t == "character_change":
            if char.get(ev["player"]) == "scarletwoman" and TEAMS.get(ev["new"]) == "demon":
                ev_count["sw_catch"] = ev_count.get("sw_catch", 0) + 1
            char[ev["player"]] = ev["new"]
        elif t == "alignment_change":
            align[ev["player"]] = ev["new"]
        elif t == "death":
            alive.discard(ev["player"])
            if ev["cause"] == "ability" and ev["phase"] == "day" \
                    and char.get(ev.get("by") or "") == "slayer":
                ev_count["slayer_hit"] = ev_count.get("slayer_hit", 0) + 1
        elif t == "revive":
            alive.add(ev["player"])
        elif t == "execution":
            who = ev["player"]
            res.executions += 1
            if align.get(who) == "evil":
                res.evil_executions += 1
            share = sum(align.get(n) == "evil" for n in alive) / len(alive) if alive else 0.0
            res.random_pick += share
            if by_ability:
                res.ability_executions += 1
                res.ability_evil += align.get(who) == "evil"
                res.ability_random += share
            if char.get(who) == "saint":
                ev_count["saint_executed"] = ev_count.get("saint_executed", 0) + 1
        elif t == "nomination":
            evil_nominee = align.get(ev["target"]) == "evil"
            for v in ev.get("voters", ()):
                if align.get(v) == "evil":
                    res.evil_votes += 1
                    res.evil_votes_on_evil += evil_nominee
        elif t == "claim":
            if TEAMS.get(ev.get("character", "")) == "demon" and \
                    TEAMS.get(char.get(ev["player"], "")) == "minion":
                ev_count["sacrifice"] = ev_count.get("sacrifice", 0) + 1
        elif t == "claim_ability":
            if ev.get("character") == "slayer" and align.get(ev["player"]) == "evil":
                ev_count["fake_slayer"] = ev_count.get("fake_slayer", 0) + 1
        elif t == "death_prevented":
            if ev.get("protector") == "monk":
                ev_count["monk_block"] = ev_count.get("monk_block", 0) + 1
        elif t == "star_pass":
            ev_count["star_pass"] = ev_count.get("star_pass", 0) + 1
        elif t == "ability_triggered":
            if ev.get("ability") == "virgin":
                ev_count["virgin_trigger"] = ev_count.get("virgin_trigger", 0) + 1
        elif t == "game_over":
            res.good_wins += ev.get("winner") == "good"
            if ev.get("code") == "mayor":
                ev_count["mayor_win"] = ev_count.get("mayor_win", 0) + 1
            res.days += ev["number"]


STORYTELLERS = ("auto", "neutral")


def neutral_storyteller(seed: int) -> Any:
    """The automatic Storyteller without its lean (`--storyteller neutral`, the same policy
    as `play` and `simulate`'s): it takes every game as even (`standing` 0: a droisoned
    player is shown something false with chance 0.5, a registration that matters is false
    with chance 0.25) and never picks an option because it favours the team behind."""
    from ..storyteller.auto import AutoStoryteller
    return AutoStoryteller(seed, lean=False)


def play_measured(script, players: int, seed: int, good: str, evil: str,
                  res: CountResult, storyteller: str = "auto") -> None:
    """Play one game (seed `seed`) with the good and evil policies and add it to `res`;
    `storyteller`: "auto" (the automatic Storyteller) or "neutral" (`neutral_storyteller`)."""
    from ..engine.runner import play
    from ..play import NAMES, new_game
    from .policies import make_agents
    names = NAMES[:players]
    st = neutral_storyteller(seed) if storyteller == "neutral" else None
    game = new_game(script, players, seed, storyteller=st,
                    agents=make_agents(names, seed, good, evil))
    game.on_event = _Observer(game, res, good == "reasoning")
    play(game)
    game.on_event = None
    analyse(game.log, res)
    game.dispose()


def measure(script, counts: list[int], games: int, seed: int, good: str, evil: str,
            on_game: Callable[[int], None] | None = None,
            storyteller: str = "auto") -> list[CountResult]:
    """Play `games` games at each count (game i plays seed + i) and measure them."""
    from ..scripts import load_script
    sc = load_script(script)
    out = []
    for n in counts:
        res = CountResult(n)
        for i in range(games):
            play_measured(sc, n, seed + i, good, evil, res, storyteller)
            if on_game is not None:
                on_game(n)
        out.append(res)
    return out


def plot_reliability(summaries: list[dict], path) -> None:
    """The reliability plot: each count's calibration bins (mean belief vs how often the
    player was the Demon), the diagonal for a calibrated belief."""
    from ..sim.report import plot_reliability
    plot_reliability(
        [(f"{s['players']} players",
          [(c["mean_belief"], c["demon_rate"]) for c in s["calibration"] if c["n"] >= 20])
         for s in summaries],
        "good bot's chance that a player is the Demon",
        "share of those players who were the Demon",
        "Calibration of the good bots' Demon beliefs", path)
