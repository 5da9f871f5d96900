"""`clocktower bench`: full games per second on one core, with a progress bar."""
from __future__ import annotations

import gc
import time
from collections import Counter
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..errors import ClocktowerError
from ..play import play_game
from ..scripts import load_script


def parse_counts(text: str) -> list[int]:
    """'10' or '5,10,15': the player counts to bench, each from 5 to 15."""
    counts = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 5 <= int(part) <= 15:
            raise ClocktowerError(f"--players {text!r}: give player counts from 5 to 15, "
                                  "separated by commas (e.g. 5,10,15)")
        counts.append(int(part))
    return counts


@contextmanager
def batch_gc():
    """Garbage collection tuned for a batch of games: what is alive before the batch (the
    modules, the script, the character data) is frozen out of the collector's scans, and
    young collections run every 10,000 allocations instead of 700. A finished game is a
    cycle (the game, its players and abilities) freed by the collector, so it still runs.
    About 5% of a compiled build's instructions, 1% of the pure one's; games unchanged."""
    old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 100, 100)
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()


def build_line() -> str:
    """Which build runs: the compiled engine core or pure Python (and why)."""
    from .. import _compiled
    return "build: " + _compiled.build().describe()


BOTS = ("random", "reasoning")


def parse_bots(text: str) -> list[str]:
    """'random', 'reasoning' or both ('random,reasoning'): the bots to bench, in order."""
    kinds = [k.strip() for k in text.split(",")]
    if not kinds or any(k not in BOTS for k in kinds):
        raise ClocktowerError(f"--bots {text!r}: give random, reasoning or both, separated "
                              "by commas")
    return kinds


def bot_agents(bots: str, names: list[str], seed: int) -> dict | None:
    """The answerers of a benched game: None (play_game's random bots) or reasoning bots."""
    if bots == "random":
        return None
    from ..agents.reasoning import ReasoningBot
    return {n: ReasoningBot(seed, n) for n in names}


def run_bench(script: str, players: int, games: int, seed: int, console: Console,
              travellers: int = 0, bots: str = "random") -> dict:
    from ..play import NAMES
    sc = load_script(script)
    names = NAMES[:players + travellers]
    winners: Counter = Counter()
    events = 0
    decisions = 0
    days = 0
    start = time.perf_counter()
    cpu0 = time.process_time()
    with batch_gc(), Progress(TextColumn("[bold]bench[/]"), BarColumn(), MofNCompleteColumn(),
                              TimeRemainingColumn(), console=console, transient=True) as prog:
        task = prog.add_task("games", total=games)
        for i in range(games):
            g = play_game(sc, players, seed + i, travellers=travellers,
                          agents=bot_agents(bots, names, seed + i))
            winners[g.winner] += 1
            events += len(g.log)
            decisions += g.n_decisions
            days += g.day
            g.dispose()         # freed now, not by the cycle collector (Game.dispose)
            if i % 50 == 0 or i == games - 1:
                prog.update(task, completed=i + 1)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    res = {"games": games, "seconds": wall, "cpu_seconds": cpu,
           "games_per_second": games / wall, "games_per_cpu_second": games / cpu if cpu else 0,
           "events_per_game": events / games, "decisions_per_game": decisions / games,
           "days_per_game": days / games, "winners": dict(winners)}
    who = f"{players} players" + (f" + {travellers} Travellers" if travellers else "") \
        + ("" if bots == "random" else f", {bots} bots")
    console.print(f"{sc.name}, {who}: {games} games in {wall:.2f} s "
                  f"({cpu:.2f} s CPU)")
    console.print(f"  [bold]{res['games_per_cpu_second']:.0f} games per second per core[/] "
                  f"({res['games_per_second']:.0f} wall-clock)")
    console.print(f"  per game: {res['events_per_game']:.0f} events, "
                  f"{res['decisions_per_game']:.0f} decisions asked, {res['days_per_game']:.1f} days")
    total = sum(winners.values())
    console.print("  winners: " + ", ".join(f"{k} {v / total:.1%}" for k, v in sorted(winners.items())))
    return res
