"""Rules sweep: many seeded bot games per (script, players, Travellers) cell, each checked.

    nice -n 19 .venv/bin/python tools/sweep.py --games 10 --reasoning 2 --start 1000

For every cell (the built-in scripts, or --script, at --players with each --travellers
count; a cell the script cannot seat is skipped) it plays `--games` random-bot games
(`clocktower.play.new_game`, seeds start..start+games-1) and `--reasoning` reasoning-bot games
(`agents.policies.make_agents(..., 'reasoning', 'reasoning')`, the same seeds), and for
each game:

- catches any exception (a crash: the traceback's last frames are reported);
- checks every answer is a legal option (`logchecks.Checked`), and the finished log with
  the property tests' checks (`logchecks.check_log`, `check_movers`, `check_table`: the
  same code tests/test_properties.py and tests/test_movers.py run);
- for every `--replay-every`-th game, writes its log as `clocktower play --log` does, reads
  it back (`engine.replay.read_log`) and replays it: the replayed log must be the same,
  byte for byte.

Failures are grouped by where they happen (exception type and last frame, or the failed
check); each group is printed with a reproduction (script, players, Travellers, seed, bots)
and the `clocktower play` command that plays the same game. `--only
SCRIPT:PLAYERS:TRAVELLERS:SEED:BOTS` re-runs one game and prints its whole traceback.
A summary table per script and bots is printed; exit code 1 if anything failed.
Run it niced: it is one process, one core.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import traceback
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))     # the shared log checks: tests/logchecks.py

from logchecks import Checked, check_log, check_movers, check_table  # noqa: E402

from clocktower.agents.policies import make_agents  # noqa: E402
from clocktower.characters import REGISTRY  # noqa: E402
from clocktower.engine.replay import read_log, replay  # noqa: E402
from clocktower.engine.runner import play  # noqa: E402
from clocktower.errors import SetupError  # noqa: E402
from clocktower.play import NAMES, new_game  # noqa: E402
from clocktower.scripts import load_script  # noqa: E402

SCRIPTS = ["trouble-brewing", "the-saga-of-the-summoner", "regalia", "alternate-endings",
           "the-return-of-jafar"]
FRAMES = 4          # the traceback's last frames shown for a failure


@dataclass(frozen=True)
class Game:
    script: str
    players: int
    travellers: int
    seed: int
    bots: str           # random or reasoning

    def label(self) -> str:
        return f"{self.script}:{self.players}:{self.travellers}:{self.seed}:{self.bots}"

    def command(self) -> str:
        return (f"clocktower play --script {self.script} --players {self.players} "
                f"--travellers {self.travellers} --seed {self.seed} --bots {self.bots}")


@dataclass
class Failure:
    game: Game
    kind: str           # crash, illegal answer, check, stall, replay
    where: str          # the grouping key: exception type and last frame, or the check
    message: str
    frames: str


@dataclass
class Tally:
    games: int = 0
    replayed: int = 0
    failures: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def _dump(events: list[dict]) -> str:
    # as `clocktower play --log` writes a log (cli._dump)
    return "".join(json.dumps(e, sort_keys=True, ensure_ascii=False) + "\n" for e in events)


def _frames(exc: BaseException, frames: int = FRAMES) -> tuple[str, str]:
    """(the last frame as file:line function, the traceback's last frames as text)."""
    tb = [f for f in traceback.extract_tb(exc.__traceback__)
          if Path(f.filename).name != "sweep.py"]
    last = tb[-1] if tb else None
    where = f"{Path(last.filename).name}:{last.lineno} {last.name}" if last else "?"
    text = "".join(traceback.format_list(tb[-frames:]))
    return where, text


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else "")[:300]


def play_one(g: Game, replay_dir: Path | None, frames: int = FRAMES) -> list[Failure]:
    """Play and check one game; the failures found (empty: all well), each with the
    traceback's last `frames` frames."""
    out: list[Failure] = []
    agents = None
    if g.bots == "reasoning":
        names = NAMES[:g.players + g.travellers]
        agents = make_agents(names, g.seed, "reasoning", "reasoning")
    try:
        game = new_game(g.script, g.players, g.seed, agents=agents, travellers=g.travellers)
        game.answerers = {k: Checked(v) for k, v in game.answerers.items()}
        play(game)
    except Exception as e:      # noqa: BLE001 - every exception is a finding
        where, text = _frames(e, frames)
        kind = "illegal answer" if isinstance(e, AssertionError) and "logchecks" in text \
            else "crash"
        out.append(Failure(g, kind, f"{type(e).__name__} at {where}", _first_line(e), text))
        return out
    for check in (lambda: check_log(game, g.script, g.travellers),
                  lambda: check_movers(game, g.seed), lambda: check_table(game)):
        try:
            check()
        except Exception as e:      # noqa: BLE001 - an AssertionError, or a check's own bug
            where, text = _frames(e, frames)
            # a game the runner stopped at its day limit: a stall (often the bots' play)
            kind = "stall" if str(e).startswith("no winner") else "check"
            out.append(Failure(g, kind, f"{type(e).__name__} at {where}", _first_line(e),
                               text))
    if replay_dir is not None:
        path = replay_dir / "game.jsonl"
        text = _dump(game.log)
        path.write_text(text, encoding="utf-8")
        try:
            again = _dump(replay(read_log(path), REGISTRY).log)
            if again != text:
                a, b = text.splitlines(), again.splitlines()
                i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
                out.append(Failure(g, "replay", "replay differs", f"first difference at event {i}",
                                   f"logged:   {a[i] if i < len(a) else '(end)'}\n"
                                   f"replayed: {b[i] if i < len(b) else '(end)'}\n"))
        except Exception as e:      # noqa: BLE001
            where, text = _frames(e, frames)
            out.append(Failure(g, "replay", f"{type(e).__name__} at {where}", _first_line(e),
                               text))
    return out


def _range(text: str) -> list[int]:
    """'5-15' or '5,7,9' or '0' -> a list of ints."""
    out: list[int] = []
    try:
        for part in text.split(","):
            lo, _, hi = part.partition("-")
            out += list(range(int(lo), int(hi or lo) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of counts like 5-15 or 0,3")
    return out


def seatable(script: str, players: int, travellers: int) -> bool:
    try:
        new_game(script, players, 0, travellers=travellers)
    except SetupError:
        return False
    return True


def games_of(args) -> list[Game]:
    out = []
    for script in args.script:
        for players in args.players:
            for trav in args.travellers:
                if not seatable(script, players, trav):
                    continue
                for bots, n in (("random", args.games), ("reasoning", args.reasoning)):
                    out += [Game(script, players, trav, s, bots)
                            for s in range(args.start, args.start + n)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog="Example: nice -n 19 .venv/bin/python tools/sweep.py "
                                        "--games 10 --reasoning 2 --start 1000")
    ap.add_argument("--games", type=int, default=10, help="random-bot games per cell")
    ap.add_argument("--reasoning", type=int, default=2, help="reasoning-bot games per cell")
    ap.add_argument("--start", type=int, default=0, help="the first seed")
    ap.add_argument("--script", action="append", choices=SCRIPTS,
                    help="a script to sweep (repeat for more; default: all built-in)")
    ap.add_argument("--players", type=_range, default=_range("5-15"),
                    help="player counts, e.g. 5-15 or 5,10,15 (default 5-15)")
    ap.add_argument("--travellers", type=_range, default=_range("0,3"),
                    help="Traveller counts per player count, e.g. 0,3 or 0-5 (default 0,3)")
    ap.add_argument("--replay-every", type=int, default=10, metavar="K",
                    help="replay every K-th game of each kind of bots from its written log "
                         "(0: none; default 10)")
    ap.add_argument("--by-cell", action="store_true",
                    help="one summary row per cell instead of per script and bots")
    ap.add_argument("--only", metavar="SCRIPT:PLAYERS:TRAVELLERS:SEED:BOTS",
                    help="re-run this one game and print each failure's whole traceback")
    args = ap.parse_args(argv)
    if args.only:
        return _only(ap, args)
    if min(args.games, args.reasoning, args.replay_every) < 0:
        ap.error("--games, --reasoning and --replay-every must not be negative")
    if not 5 <= min(args.players) <= max(args.players) <= 15:
        ap.error("--players: 5 to 15")
    if not 0 <= min(args.travellers) <= max(args.travellers) <= 5:
        ap.error("--travellers: 0 to 5")
    args.script = args.script or SCRIPTS
    for s in args.script:
        load_script(s)
    games = games_of(args)
    console = Console(stderr=True)
    failures: list[Failure] = []
    tallies: dict[tuple, Tally] = defaultdict(Tally)
    with tempfile.TemporaryDirectory() as tmp, \
            Progress(TextColumn("[bold]sweep[/] {task.description}"), BarColumn(),
                     MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                     console=console) as progress:
        task = progress.add_task("", total=len(games))
        played: dict[str, int] = defaultdict(int)      # games so far, by bots
        for g in games:
            progress.update(task, description=f"{g.script} {g.players}+{g.travellers} "
                                              f"{g.bots:9} failures {len(failures)}")
            rep = args.replay_every and played[g.bots] % args.replay_every == 0
            played[g.bots] += 1
            found = play_one(g, Path(tmp) if rep else None)
            key = (g.script, g.players, g.travellers, g.bots) if args.by_cell \
                else (g.script, g.bots)
            t = tallies[key]
            t.games += 1
            t.replayed += bool(rep)
            for f in found:
                t.failures[f.kind] += 1
            failures += found
            progress.advance(task)
    out = Console() if sys.stdout.isatty() else Console(width=160)
    _summary(out, tallies, args)
    _report(out, failures)
    return 1 if failures else 0


def _summary(out: Console, tallies: dict[tuple, Tally], args) -> None:
    table = Table(title=f"Sweep: seeds {args.start}.. ({args.games} random + {args.reasoning} "
                        f"reasoning a cell; players {_show(args.players)}, Travellers "
                        f"{_show(args.travellers)})")
    heads = ["script", "players", "travellers", "bots"] if args.by_cell else ["script", "bots"]
    for h in heads + ["games", "replayed", "crashes", "illegal answers", "checks", "stalls",
                      "replays"]:
        table.add_column(h, justify="left" if h in ("script", "bots") else "right")
    total = Tally()
    for key, t in tallies.items():
        f = t.failures
        table.add_row(*map(str, key), str(t.games), str(t.replayed), str(f["crash"]),
                      str(f["illegal answer"]), str(f["check"]), str(f["stall"]),
                      str(f["replay"]))
        total.games += t.games
        total.replayed += t.replayed
        for k, v in f.items():
            total.failures[k] += v
    f = total.failures
    table.add_section()
    table.add_row("total", *[""] * (len(heads) - 1), str(total.games), str(total.replayed),
                  str(f["crash"]), str(f["illegal answer"]), str(f["check"]), str(f["stall"]),
                  str(f["replay"]))
    out.print(table)


def _show(xs: list[int]) -> str:
    return f"{xs[0]}-{xs[-1]}" if xs == list(range(xs[0], xs[-1] + 1)) and len(xs) > 2 \
        else ",".join(map(str, xs))


def _report(out: Console, failures: list[Failure]) -> None:
    if not failures:
        out.print("no failures")
        return
    groups: dict[tuple[str, str], list[Failure]] = defaultdict(list)
    for f in failures:
        groups[(f.kind, f.where)].append(f)
    out.print(f"{len(failures)} failures in {len(groups)} groups:")
    for (kind, where), fs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        first = fs[0]
        out.print(f"\n[bold red]{kind}[/]: {where} ({len(fs)} games)", highlight=False)
        out.print(f"  {first.message}", markup=False, highlight=False)
        out.print(f"  e.g. {first.game.label()}   ({first.game.command()})",
                  markup=False, highlight=False)
        more = " ".join(f.game.label() for f in fs[1:6])
        if more:
            out.print(f"  also {more}" + (" ..." if len(fs) > 6 else ""), markup=False,
                      highlight=False)
        out.print("  " + first.frames.rstrip().replace("\n", "\n  "), markup=False,
                  highlight=False)


def _only(ap, args) -> int:
    try:
        script, players, trav, seed, bots = args.only.split(":")
        g = Game(script, int(players), int(trav), int(seed), bots)
    except ValueError:
        ap.error(f"--only {args.only!r}: expected SCRIPT:PLAYERS:TRAVELLERS:SEED:BOTS")
    if script not in SCRIPTS:
        ap.error(f"--only: {script!r} is not a built-in script ({', '.join(SCRIPTS)})")
    if bots not in ("random", "reasoning"):
        ap.error(f"--only: bots {bots!r} is neither random nor reasoning")
    if not (5 <= g.players <= 15 and 0 <= g.travellers <= 5) or \
            not seatable(script, g.players, g.travellers):
        ap.error(f"--only: {script} cannot seat {g.players} players and {g.travellers} "
                 "Travellers")
    with tempfile.TemporaryDirectory() as tmp:
        found = play_one(g, Path(tmp), frames=40)
    for f in found:
        print(f"{f.kind}: {f.where}\n{f.message}\n{f.frames}")
    print(f"{g.label()}: {'ok' if not found else f'{len(found)} failures'}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
