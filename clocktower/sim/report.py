"""What a run writes besides its batches: `games.csv`, the plots, `report.html`, and the
tables printed at the terminal. Everything is made from the records and `summary.json`."""
from __future__ import annotations

import base64
import csv
import html

from pathlib import Path
from typing import Any, Iterable, Iterator

from rich.console import Console
from rich.table import Table

CSV_FIELDS = ["index", "seed", "players", "travellers", "good_policy", "evil_policy",
              "storyteller", "characters", "traveller_characters", "outsiders", "winner",
              "reason", "ending", "ability", "days", "final_three", "error", "command",
              "script", "confirmed", "outsiders_public", "misinfo", "final_day"]
CSV_DOC = ("one row per game, in index order: index, seed, players, travellers, good_policy, "
           "evil_policy, storyteller (the Storyteller's policy: auto or neutral), characters "
           "(ids in seat order, then any in play but not dealt, space-separated), "
           "traveller_characters (id:alignment, space-separated), outsiders, winner (good, "
           "evil, none), reason (the game_over code), ending (see summary.json's endings), "
           "ability (the ability that decided the game, if one did), days, final_three (1 or "
           "0), error (why the setup failed; the other result fields are then empty), "
           "command (the `clocktower play` command that replays the game; empty for the "
           "baseline model), script (A: the run's script; B: the compared one, in an A/B "
           "run), confirmed (players hard-confirmed by public facts), outsiders_public (the "
           "day the Outsider count was public by claims, empty: never), misinfo (sources "
           "of misinformation at work), final_day (1: decided on a day that began with 3 "
           "or 4 truly alive, or the night after); the last four empty for the baseline")


def replay_command(script: str, players: int, travellers: int, arm: tuple[str, ...],
                   seed: int) -> str:
    """The `clocktower play` command that plays this game again, move for move."""
    import shlex
    good, evil, st = arm
    return shlex.join(["clocktower", "play", "--script", script, "--players", str(players),
                       "--travellers", str(travellers), "--good-bots", good, "--evil-bots",
                       evil, "--storyteller", st, "--seed", str(seed)])


class CsvWriter:
    """games.csv, written row by row as the records go by (`tee`), in index order."""

    def __init__(self, path: Path, arms: list[tuple[str, ...]], script: str | None,
                 script_b: str | None = None):
        self.path, self.arms, self.script, self.script_b = path, arms, script, script_b

    def __enter__(self) -> "CsvWriter":
        self.f = open(self.path, "w", newline="", encoding="utf-8")
        self.w = csv.writer(self.f, lineterminator="\n")
        self.w.writerow(CSV_FIELDS)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.f.close()

    def tee(self, records: Iterable[dict]) -> Iterator[dict]:
        for r in records:
            self.row(r)
            yield r

    def row(self, r: dict) -> None:
        arm = self.arms[r["arm"]]
        good, evil, st = arm
        script = self.script_b if r.get("variant") else self.script
        cmd = ("" if script is None else
               replay_command(script, r["players"], r["travellers"], arm, r["seed"]))
        head = [r["i"], r["seed"], r["players"], r["travellers"], good, evil, st]
        which = "B" if r.get("variant") else "A"
        if "error" in r:
            self.w.writerow(head + ["", "", "", "", "", "", "", "", "", r["error"], cmd, which,
                                    "", "", "", ""])
        else:
            designer = (["", "", "", ""] if "confirmed" not in r else
                        [r["confirmed"], "" if r["outsiders_public"] is None
                         else r["outsiders_public"], r["misinfo"], int(r["final_day"])])
            self.w.writerow(head + [" ".join(r["chars"]),
                                    " ".join(f"{c}:{a}" for c, a in r["trav"]),
                                    r["outsiders"], r["winner"], r["code"], r["ending"],
                                    r["ability"] or "", r["days"], int(r["final3"]), "", cmd,
                                    which] + designer)


EFFECT_METHOD = (
    "Effect: its team's win rate when the character is in play minus when it is not, "
    "compared within each player count and combined over the counts by the "
    "Mantel-Haenszel risk difference (each count weighted by in-play games × other games / "
    "games), with a 95% interval from Sato's variance. Comparing within a count keeps a "
    "character dealt more often at some counts from inheriting those counts' win rate; the "
    "crude column pools every count and is confounded by player count. A character that "
    "was never dealt, whose ability fired in under 1% of its games, or whose win condition "
    "was never reached is not measured: its effect would be the bots' or the setup's, not "
    "its ability's.")


STORYTELLER_WORDS = {"auto": "the automatic Storyteller (leans towards the team far behind)",
                     "neutral": "the neutral Storyteller (no lean)"}


def policy_words(arm: dict) -> str:
    """Who played: 'good: reasoning bots, evil: random bots, the automatic Storyteller (...)'."""
    if arm["good"] == "none":
        return "the random-execution model (no bots, no Storyteller)"
    st = arm.get("storyteller", "auto")
    return (f"good: {arm['good']} bots, evil: {arm['evil']} bots, "
            + STORYTELLER_WORDS.get(st, f"the {st} Storyteller"))


def arm_label(arm: dict, primary: dict | None = None) -> str:
    """A short column label for a policy arm, naming what differs from the primary arm."""
    if primary is not None:
        bits = []
        if (arm["good"], arm["evil"]) != (primary["good"], primary["evil"]):
            bits.append(f"{arm['good']} bots" if arm["good"] == arm["evil"]
                        else f"good {arm['good']}, evil {arm['evil']}")
        if arm.get("storyteller") != primary.get("storyteller"):
            bits.append(f"{arm.get('storyteller')} Storyteller")
        if bits:
            return ", ".join(bits)
    bots = (f"{arm['good']} bots" if arm["good"] == arm["evil"]
            else f"good {arm['good']}, evil {arm['evil']}")
    return f"{bots}, {arm.get('storyteller', 'auto')} Storyteller"


def effect_text(c: dict) -> str:
    why = c.get("not_measured")
    if why:
        return "always in play" if why.startswith("in play in every game") else "not measured"
    return "-" if c["effect"] is None else f"{100 * c['effect']:+.1f}"


def _excludes_0(c: list[float] | None) -> bool:
    return c is not None and (c[0] > 0 or c[1] < 0)


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def ci(c: list[float] | None) -> str:
    return "-" if not c else f"{100 * c[0]:.1f}–{100 * c[1]:.1f}"


def signed_ci(c: list[float] | None) -> str:
    """A difference's interval, in points: '-6.8 to +0.6'."""
    return "-" if not c else f"{100 * c[0]:+.1f} to {100 * c[1]:+.1f}"


# ---- plots ------------------------------------------------------------------------------

def _plt() -> Any:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_reliability(series: list[tuple[str, list[tuple[float, float]]]], xlabel: str,
                     ylabel: str, title: str, path: Any) -> None:
    """A reliability plot: each series' bins (mean chance given, share that came true) as
    points joined by a line, beside the diagonal of a calibrated chance. A series with no
    points is left out."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(5.5, 5), dpi=110)
    ax.plot([0, 1], [0, 1], ls="--", color="#999", lw=1, label="calibrated")
    for label, pts in series:
        if pts:
            ax.plot(*zip(*pts), "o-", label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8, loc="upper left")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_win_rate(summary: dict, path: Path) -> None:
    plt = _plt()
    rows = [r for r in summary["by_players"] if r["games"]]
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    xs = [r["players"] for r in rows]
    ys = [100 * r["good_win_rate"] for r in rows]
    lo = [y - 100 * r["good_win_ci"][0] for y, r in zip(ys, rows)]
    hi = [100 * r["good_win_ci"][1] - y for y, r in zip(ys, rows)]
    run = summary["run"]
    label = ("baseline model, simulated" if run.get("baseline")
             else f"{run['script']['name']} ({arm_label(run['arms'][0])})")
    ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o-", capsize=4, color="#1f5fa8",
                label=label + ", 95% CI")
    if "compare" in summary:
        cmp = summary["compare"]
        brow = [r for r in cmp["by_players"] if r["b"]["games"]]
        bys = [100 * r["b"]["good_win_rate"] for r in brow]
        ax.errorbar([r["players"] + 0.12 for r in brow], bys,
                    yerr=[[y - 100 * r["b"]["good_win_ci"][0] for y, r in zip(bys, brow)],
                          [100 * r["b"]["good_win_ci"][1] - y for y, r in zip(bys, brow)]],
                    fmt="D-", capsize=4, color="#d68910",
                    label=f"B: {cmp['b']['name']}, same seeds, 95% CI")
    model = [(r["players"], 100 * r["reference"]["model"]) for r in rows
             if "model" in r["reference"]]
    if model:
        ax.plot(*zip(*model), ls="--", color="#888", label="random-execution model (exact)")
    pub = [(r["players"], 100 * r["reference"]["published"]) for r in rows
           if "published" in r["reference"]]
    if pub:
        ax.plot(*zip(*pub), "s", mfc="none", color="#c0392b", label="published (RossFW)")
    ax.axhline(50, color="#ccc", lw=0.8)
    ax.set_xlabel("players")
    ax.set_ylabel("good wins (%)")
    ax.set_xticks(xs)
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title("Good's win rate by player count")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_characters(summary: dict, path: Path) -> bool:
    """Each character's effect on its team's win rate (in play minus not), with intervals."""
    rows = [c for c in summary["characters"] if c["effect"] is not None]
    if not rows:
        return False
    plt = _plt()
    rows.sort(key=lambda c: c["effect"])
    fig, ax = plt.subplots(figsize=(7, 0.26 * len(rows) + 1.4), dpi=110)
    ys = range(len(rows))
    eff = [100 * c["effect"] for c in rows]
    err = [[e - 100 * c["effect_ci"][0] for e, c in zip(eff, rows)],
           [100 * c["effect_ci"][1] - e for e, c in zip(eff, rows)]]
    colours = ["#c0392b" if c["team"] == "evil" else "#1f5fa8" for c in rows]
    ax.barh(list(ys), eff, xerr=err, color=colours, alpha=0.8, capsize=2,
            error_kw={"lw": 0.8})
    ax.set_yticks(list(ys))
    ax.set_yticklabels([c["name"] for c in rows], fontsize=8)
    ax.axvline(0, color="#333", lw=0.8)
    ax.set_xlabel("its team's win rate when in play minus when not, within player count\n"
                  "(points; Mantel-Haenszel, 95% CI)")
    ax.set_title("Character effect (blue: good, red: evil)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def plot_impact(summary: dict, path: Path) -> bool:
    """A heat map: for each character and metric, the share of games in play with one."""
    imp = summary["impact"]
    if not imp:
        return False
    plt = _plt()
    chars = sorted(imp)
    metrics = sorted({m for c in chars for m in imp[c]})
    names = {c["id"]: c["name"] for c in summary["characters"]}
    grid = [[imp[c].get(m, {}).get("rate_in_play") or 0.0 for m in metrics] for c in chars]
    fig, ax = plt.subplots(figsize=(1.1 * len(metrics) + 2.5, 0.28 * len(chars) + 1.6), dpi=110)
    im = ax.imshow([[100 * min(1.0, v) for v in row] for row in grid], cmap="Blues",
                   vmin=0, vmax=100, aspect="auto")
    ax.set_xticks(range(len(metrics)))
    ax.set_xticklabels([m.replace("_", " ") for m in metrics], rotation=35, ha="right",
                       fontsize=8)
    ax.set_yticks(range(len(chars)))
    ax.set_yticklabels([names.get(c, c) for c in chars], fontsize=8)
    for y, row in enumerate(grid):
        for x, v in enumerate(row):
            if v:
                ax.text(x, y, f"{100 * v:.0f}", ha="center", va="center", fontsize=6,
                        color="white" if v > 0.5 else "black")
    fig.colorbar(im, ax=ax, fraction=0.04, label="% of its games in play with one")
    ax.set_title("How often each ability changed the game (% of games in play)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


# ---- the HTML report --------------------------------------------------------------------

def _table(head: list[str], rows: list[list[Any]]) -> str:
    h = "".join(f"<th>{html.escape(str(x))}</th>" for x in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(x))}</td>" for x in r) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


def _img(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode()
    return (f'<figure><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'
            f'<figcaption><a href="{html.escape(path.name)}">{html.escape(path.name)}</a>'
            f"</figcaption></figure>")


def write_html(summary: dict, out: Path, plots: list[tuple[Path, str]]) -> Path:
    run = summary["run"]
    title = ("Baseline: random executions" if run.get("baseline")
             else f"{run['script']['name']}: balance")
    parts = [f"<h1>{html.escape(title)}</h1>",
             "<p>" + html.escape(
                 f"{summary['games']} games per policy pair ({run['games']} at each of "
                 f"{', '.join(map(str, run['players']))} players"
                 + (f", {run['travellers']} Travellers" if run["travellers"] else "")
                 + f"), seed {run['seed']}. Intervals are 95% Wilson score intervals.")
             + "</p>"]
    o = summary["overall"]
    who = policy_words(run["arms"][0])
    parts.append(f"<p><b>Good wins {pct(o['good_win_rate'])}</b> "
                 f"({ci(o['good_win_ci'])}) of {o['games']} games, with "
                 f"<b>{html.escape(who)}</b>. Every rate below is for these policies unless "
                 "it says otherwise: how much is the script and how much the bots, see the "
                 "sensitivity panel.</p>")
    if summary["unseated"]["count"]:
        parts.append("<p>" + html.escape(f"{summary['unseated']['count']} games could not be "
                                         "set up and are left out: "
                                         + "; ".join(summary["unseated"]["reasons"])) + "</p>")
    parts += [_img(p, alt) for p, alt in plots[:1]]
    if "sensitivity" in summary:
        parts.append(_sensitivity_html(summary["sensitivity"]))
    parts.append("<h2>By player count (" + html.escape(who) + ")</h2>")
    parts.append(_table(["players", "games", "good wins", "95% CI", "final three", "mean days",
                         "endings"],
                        [[r["players"], r["games"], pct(r["good_win_rate"]),
                          ci(r["good_win_ci"]), pct(r["final_three_rate"]),
                          "-" if r["mean_days"] is None else f"{r['mean_days']:.2f}",
                          ", ".join(f"{k} {v}" for k, v in sorted(
                              r["endings"].items(), key=lambda kv: -kv[1]))]
                         for r in summary["by_players"]]))
    if "compare" in summary:
        cmp = summary["compare"]
        parts.append("<h2>A/B: " + html.escape(cmp["b"]["name"]) + " against "
                     + html.escape(cmp["a"]["name"]) + "</h2><p>" + html.escape(COMPARE_DOC)
                     + html.escape(" B: " + ", ".join(["+" + a for a in cmp["added"]]
                                                      + ["-" + r for r in cmp["removed"]])
                                   + ".") + "</p>")
        parts.append(_table(*compare_rows(cmp)))
        parts.append("<h3>Character effects with A and with B</h3>")
        parts.append(_table(*compare_character_rows(cmp)))
    if "designer" in summary:
        parts.append("<h2>Designer measures</h2><p>" + html.escape(DESIGNER_DOC) + "</p>")
        parts.append(_table(*designer_rows(summary["designer"])))
        if "compare" in summary:
            parts.append("<p>With B:</p>")
            parts.append(_table(*designer_rows(summary["compare"]["designer"])))
    if summary.get("where"):
        parts.append("<h2>Setups</h2><p>" + html.escape(WHERE_DOC) + "</p>")
        parts.append(_table(*where_rows(summary["where"])))
    if summary.get("pairs", {}).get("rows"):
        parts.append("<h2>Character pairs</h2><p>" + html.escape(
            PAIRS_DOC.format(min=summary["pairs"]["min_games"])) + "</p>")
        parts.append(_table(*pair_rows(summary["pairs"], 10)))
    if "baseline" in summary:
        b = summary["baseline"]
        parts.append("<h2>Against the published table</h2><p>" + html.escape(b["source"])
                     + "</p>")
        parts.append(_table(["players", "simulated", "95% CI", "model (exact)", "published",
                             "agrees"],
                            [[r["players"], pct(r["good_win_rate"]), ci(r["good_win_ci"]),
                              pct(b["model"].get(str(r["players"]))),
                              pct(b["published"].get(str(r["players"]))),
                              {True: "yes", False: "NO", None: "-"}[
                                  b["agrees"].get(str(r["players"]))]]
                             for r in summary["by_players"]]))
    if "policy_table" in summary:
        parts.append("<h2>Good policy × evil policy</h2>")
        parts.append(_policy_html(summary["policy_table"]))
    parts.append("<h2>Endings</h2>")
    parts.append(_table(["ending", "games", "share"],
                        [[k, v, pct(v / o["games"] if o["games"] else None)]
                         for k, v in summary["endings"].items()]))
    if summary["characters"]:
        parts.append("<h2>Characters</h2>")
        parts.append("<p>" + html.escape(EFFECT_METHOD) + "</p>")
        if summary.get("not_measured"):
            parts.append("<p><b>Not measured</b> (no effect is shown for these):</p><ul>"
                         + "".join(f"<li>{html.escape(w['name'])}: {html.escape(w['why'])}"
                                   "</li>" for w in summary["not_measured"]) + "</ul>")
        parts.append(_table(["character", "team", "in play", "ability fired",
                             "team wins when in play", "95% CI", "without it",
                             "effect (points)", "95% CI", "crude (pooled)"],
                            [[c["name"], c["team"], pct(c["in_play_rate"]),
                              pct(c.get("fired_rate")),
                              pct(c["team_win_rate"]), ci(c["team_win_ci"]),
                              pct(c["team_win_rate_without"]),
                              effect_text(c), signed_ci(c["effect_ci"]),
                              "-" if c["effect_pooled"] is None
                              else f"{100 * c['effect_pooled']:+.1f}"]
                             for c in summary["characters"]]))
        parts += [_img(p, alt) for p, alt in plots[1:2]]
        counts = summary["run"]["players"]
        rows = [c for c in summary["characters"] if c["effect_by_players"]]
        if rows and len(counts) > 1:
            parts.append("<h3>Effects by player count</h3><p>Its team's win rate when in "
                         "play minus when not, at each count (points; Newcombe 95% "
                         "intervals; * when the interval excludes 0).</p>")
            grid = []
            for c in rows:
                by = {e["players"]: e for e in c["effect_by_players"]}
                grid.append([c["name"]] + [
                    "-" if n not in by else
                    f"{100 * by[n]['effect']:+.1f}{' *' if _excludes_0(by[n]['effect_ci']) else ''}"
                    f" ({signed_ci(by[n]['effect_ci'])})" for n in counts])
            parts.append(_table(["character"] + [str(n) for n in counts], grid))
    parts.append("<h2>By Outsider count</h2>")
    parts.append(_table(["Outsiders", "games", "good wins", "95% CI"],
                        [[r["outsiders"], r["games"], pct(r["good_win_rate"]),
                          ci(r["good_win_ci"])] for r in summary["by_outsiders"]]))
    if summary["impact"]:
        parts.append("<h2>Ability impact</h2><p>count: events in all games; games: games "
                     "with at least one; share: of the games it was in play "
                     "(docs/simulator.md defines each metric).</p>")
        names = {c["id"]: c["name"] for c in summary["characters"]}
        parts.append(_table(["character", "metric", "count", "games", "share"],
                            [[names.get(c, c), m, v["count"], v["games"],
                              pct(v["rate_in_play"])]
                             for c, ms in summary["impact"].items() for m, v in ms.items()]))
        parts += [_img(p, alt) for p, alt in plots[2:]]
    return write_page(out / "report.html", title, parts)


def write_page(path: Path, title: str, parts: list[str], width: int = 1000) -> Path:
    """A self-contained HTML report (its plots inline): `parts` are its body's pieces."""
    style = (f"body{{font-family:sans-serif;max-width:{width}px;margin:2em auto;color:#222}}"
             "table{border-collapse:collapse;margin:1em 0;font-size:14px}"
             "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}"
             "th{background:#f2f2f2}img{max-width:100%}figure{margin:1em 0}")
    text = (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>"
            f"{html.escape(title)}</title><style>{style}</style></head><body>"
            + "\n".join(parts) + "</body></html>\n")
    path.write_text(text, encoding="utf-8")
    return path


def sensitivity_rows(sens: dict) -> tuple[list[str], list[list[str]]]:
    """The panel as a table: per count, the primary arm's rate on the panel's seeds, then
    each other policy's rate and its difference (points, paired 95% interval)."""
    head = ["players", arm_label(sens["primary"]) + " (the headline)"] + [
        arm_label(a, sens["primary"]) for a in sens["alternatives"]]
    rows = []
    for r in sens["by_players"] + [{"players": "all", **sens["overall"]}]:
        line = [str(r["players"]), f"{pct(r['primary']['good_win_rate'])} "
                                   f"({ci(r['primary']['good_win_ci'])})"]
        for a in r["alternatives"]:
            line.append(f"{pct(a['good_win_rate'])} "
                        + ("" if a["difference"] is None else
                           f"({100 * a['difference']:+.1f}: {signed_ci(a['difference_ci'])})"))
        rows.append(line)
    return head, rows


SENSITIVITY_DOC = (
    "Good's win rate on the same seeds (the first {games} games of each count) with other "
    "policies: a large difference means the headline says more about the bots or the "
    "Storyteller than about the script. In brackets: the difference from the headline's "
    "policies in points, with a paired 95% interval (Agresti-Min).")


def _sensitivity_html(sens: dict) -> str:
    head, rows = sensitivity_rows(sens)
    return ("<h2>Sensitivity: the same seeds with other policies</h2><p>"
            + html.escape(SENSITIVITY_DOC.format(games=sens["games"])) + "</p>"
            + _table(head, rows))


def _policy_html(rows: list[dict]) -> str:
    goods = list(dict.fromkeys(r["good"] for r in rows))
    evils = list(dict.fromkeys(r["evil"] for r in rows))
    cell = {(r["good"], r["evil"]): r for r in rows}
    body = []
    for g in goods:
        line = [f"good: {g}"]
        for e in evils:
            r = cell.get((g, e))
            line.append("-" if r is None else f"{pct(r['good_win_rate'])} ({ci(r['good_win_ci'])})")
        body.append(line)
    return _table(["good \\ evil"] + [f"evil: {e}" for e in evils], body)


def write_plots(summary: dict, out: Path) -> list[tuple[Path, str]]:
    plots = []
    p = out / "win_rate.png"
    plot_win_rate(summary, p)
    plots.append((p, "good's win rate by player count"))
    p = out / "characters.png"
    if plot_characters(summary, p):
        plots.append((p, "character impact on its team's win rate"))
    p = out / "impact.png"
    if plot_impact(summary, p):
        plots.append((p, "how often each ability changed the game"))
    return plots


# ---- A/B runs, setups and the designer measures: tables for the terminal and the page ----

COMPARE_DOC = (
    "Script B played with the same policies on the same seeds as the run's script (A): "
    "the same seating, and the same setup where the scripts allow it (common random "
    "numbers). B − A: good's win rate with B minus with A over the seeds both could seat, "
    "in points, with a paired 95% interval (Agresti-Min), per player count and over all.")


def compare_rows(cmp: dict) -> tuple[list[str], list[list[str]]]:
    head = ["players", f"A: {cmp['a']['name']}", f"B: {cmp['b']['name']}",
            "B − A (paired 95% CI)"]
    rows = []
    for r in cmp["by_players"] + [{"players": "all", **cmp["overall"]}]:
        rows.append([str(r["players"]),
                     f"{pct(r['a']['good_win_rate'])} ({ci(r['a']['good_win_ci'])})",
                     f"{pct(r['b']['good_win_rate'])} ({ci(r['b']['good_win_ci'])})",
                     "-" if r["difference"] is None else
                     f"{100 * r['difference']:+.1f} ({signed_ci(r['difference_ci'])})"])
    return head, rows


def compare_character_rows(cmp: dict) -> tuple[list[str], list[list[str]]]:
    """Each character's effect (within player count) with A and with B, side by side."""
    def cell(side: dict | None) -> str:
        if side is None:
            return "not on the script"
        return effect_text(side) + (f" ({signed_ci(side['effect_ci'])})"
                                    if side.get("effect_ci") else "")
    head = ["character", "team", "effect with A (95% CI)", "effect with B (95% CI)"]
    rows = [[c["name"], c["team"], cell(c["a"]), cell(c["b"])] for c in cmp["characters"]
            if (c["a"] or {}).get("in_play") or (c["b"] or {}).get("in_play")]
    return head, rows


DESIGNER_DOC = (
    "Per game, from the event log (docs/simulator.md defines each): hard-confirmed: some "
    "player (not a Traveller) was proven to hold a good character by public facts alone "
    "while the game went on (a Virgin's trigger, a Slayer's shot that killed, ...); "
    "Outsider count public: every player had claimed a character and those claiming an "
    "Outsider were exactly the Outsiders dealt; misinformation: the sources at work "
    "(abilities that droisoned a player, false registrations, a Drunk-like character in "
    "play); false info: some player was shown false information; final day: decided on a "
    "day that began with 3 or 4 alive, or the night after.")


def designer_rows(d: dict, label: str = "all") -> tuple[list[str], list[list[str]]]:
    head = ["players", "games", "hard-confirmed", "Outsider count public",
            "misinformation sources (mean)", "false info shown", "decided on the final day"]

    def share(x: dict) -> str:
        return f"{pct(x['rate'])} ({ci(x['ci'])})"
    rows = []
    for r in d["by_players"] + [{"players": label, **d["overall"]}]:
        rows.append([str(r["players"]), str(r["games"]), share(r["confirmed"]),
                     share(r["outsiders_public"]),
                     "-" if r["misinfo_mean"] is None else f"{r['misinfo_mean']:.2f}",
                     share(r["false_info"]), share(r["final_day"])])
    return head, rows


def where_rows(where: list[dict]) -> tuple[list[str], list[list[str]]]:
    head = ["setup", "players", "games", "good wins (95% CI)", "without it",
            "difference (95% CI)"]
    rows = []
    for w in where:
        for r in w["by_players"] + [{"players": "all", **w["overall"]}]:
            rows.append([w["characters"], str(r["players"]), str(r["games"]),
                         f"{pct(r['good_win_rate'])} ({ci(r['good_win_ci'])})",
                         f"{pct(r['without']['good_win_rate'])} of {r['without']['games']}",
                         "-" if r["difference"] is None else
                         f"{100 * r['difference']:+.1f} ({signed_ci(r['difference_ci'])})"])
    return head, rows


WHERE_DOC = (
    "Good's win rate in the games whose characters in play (dealt, or in play undealt) "
    "match the setup, and in the others; the difference per count (Newcombe) and over all "
    "counts within player count (Mantel-Haenszel).")


def pair_rows(pairs: dict, top: int) -> tuple[list[str], list[list[str]]]:
    """The `top` pairs with the largest difference for good and for evil."""
    rows = pairs["rows"]
    shown = rows[:top] + [r for r in rows[-top:] if r not in rows[:top]]
    head = ["pair", "games", "good wins (95% CI)", "without the pair",
            "difference (95% CI)"]
    return head, [[" & ".join(r["names"]), str(r["games"]),
                   f"{pct(r['good_win_rate'])} ({ci(r['good_win_ci'])})",
                   pct(r["good_win_rate_without"]),
                   f"{100 * r['difference']:+.1f} ({signed_ci(r['difference_ci'])})"]
                  for r in shown]


PAIRS_DOC = (
    "Good's win rate in the games with both characters in play, against the games "
    "without the pair, compared within player count (Mantel-Haenszel); pairs in play "
    "together in at least {min} games and apart in {min}, neither in play whenever the "
    "other is (the Demon of a one-Demon script). The pairs best for good, then "
    "the best for evil (all in summary.json's pairs). A pair's difference includes each "
    "character's own effect.")


def _print_table(console: Console, title: str, head: list[str], rows: list[list[str]],
                 caption: str | None = None, left: int = 1) -> None:
    t = Table(title=title, caption=caption)
    for i, h in enumerate(head):
        t.add_column(h, justify="left" if i < left else "right")
    for line in rows:
        t.add_row(*line)
    console.print(t)


# ---- the terminal -----------------------------------------------------------------------

def print_tables(summary: dict, console: Console, top: int = 12) -> None:
    who = policy_words(summary["run"]["arms"][0])
    t = Table(title=f"Good's win rate by player count\n({who})")
    for h in ("players", "games", "good wins", "95% CI", "final 3", "mean days"):
        t.add_column(h, justify="right")
    for r in summary["by_players"]:
        t.add_row(str(r["players"]), str(r["games"]), pct(r["good_win_rate"]),
                  ci(r["good_win_ci"]), pct(r["final_three_rate"]),
                  "-" if r["mean_days"] is None else f"{r['mean_days']:.1f}")
    console.print(t)
    ends = list(summary["endings"])
    shown, rest = ends[:6], ends[6:]
    t = Table(title="How games ended (% of games)")
    t.add_column("players", justify="right")
    for e in shown + (["other"] if rest else []):
        t.add_column(e.replace("_", " "), justify="right")
    for r in summary["by_players"]:
        g = r["games"] or 1
        cells = [f"{100 * r['endings'].get(e, 0) / g:.0f}" for e in shown]
        if rest:
            cells.append(f"{100 * sum(r['endings'].get(e, 0) for e in rest) / g:.0f}")
        t.add_row(str(r["players"]), *cells)
    console.print(t)
    o = summary["overall"]
    console.print(f"all counts: good wins {pct(o['good_win_rate'])} ({ci(o['good_win_ci'])}) "
                  f"of {o['games']} games, with {who}"
                  + (f"; {summary['unseated']['count']} could not be set up"
                     if summary["unseated"]["count"] else ""))
    if "sensitivity" in summary:
        sens = summary["sensitivity"]
        head, srows = sensitivity_rows(sens)
        t = Table(title=f"Sensitivity: good's win rate on the same seeds ({sens['games']} "
                        "games a count) with other policies",
                  caption="in brackets: the difference from the headline, points, paired "
                          "95% interval")
        for h in head:
            t.add_column(h, justify="right")
        for line in srows:
            t.add_row(*line)
        console.print(t)
    if "compare" in summary:
        cmp = summary["compare"]
        th, tr = compare_rows(cmp)
        _print_table(console, "A/B: good's win rate on the same seeds", th, tr,
                     caption=f"B − A in points, paired 95% interval (Agresti-Min); B: "
                             f"{', '.join('+' + a for a in cmp['added'])}"
                             f"{', ' if cmp['added'] and cmp['removed'] else ''}"
                             f"{', '.join('-' + r for r in cmp['removed'])}")
        if cmp["unseated_b"]["count"]:
            console.print(f"B: {cmp['unseated_b']['count']} games could not be set up")
    if "baseline" in summary:
        b = summary["baseline"]
        t = Table(title="Baseline against the published table")
        for h in ("players", "simulated", "95% CI", "exact model", "published", "agrees"):
            t.add_column(h, justify="right")
        for r in summary["by_players"]:
            k = str(r["players"])
            t.add_row(k, pct(r["good_win_rate"]), ci(r["good_win_ci"]),
                      pct(b["model"].get(k)), pct(b["published"].get(k)),
                      {True: "yes", False: "NO", None: "-"}[b["agrees"].get(k)])
        console.print(t)
    if "policy_table" in summary:
        t = Table(title="Good's win rate: good policy × evil policy (Storyteller: "
                        f"{summary['run']['arms'][0].get('storyteller')})")
        t.add_column("good \\ evil")
        rows = summary["policy_table"]
        evils = list(dict.fromkeys(r["evil"] for r in rows))
        for e in evils:
            t.add_column(e, justify="right")
        cell = {(r["good"], r["evil"]): r for r in rows}
        for g in dict.fromkeys(r["good"] for r in rows):
            t.add_row(g, *[(lambda r: "-" if r is None else
                            f"{pct(r['good_win_rate'])} ({ci(r['good_win_ci'])})")(cell.get((g, e)))
                           for e in evils])
        console.print(t)
    chars = [c for c in summary["characters"] if c["in_play"]]
    if chars:
        t = Table(title="Characters: their team's win rate when in play; effect within "
                        "player count (Mantel-Haenszel, 95% CI)")
        for h in ("character", "team", "in play", "team wins", "95% CI", "effect (95% CI)"):
            t.add_column(h, justify="left" if h in ("character", "team") else "right")
        for c in sorted(chars, key=lambda c: (c["effect"] is None, -(c["effect"] or 0))):
            t.add_row(c["name"], c["team"], pct(c["in_play_rate"]), pct(c["team_win_rate"]),
                      ci(c["team_win_ci"]), effect_text(c) + (
                          f" ({signed_ci(c['effect_ci'])})" if c["effect_ci"] else ""))
        console.print(t)
    if summary.get("not_measured"):
        console.print("[bold]not measured[/] (no effect shown): " + "; ".join(
            f"{w['name']}: {w['why']}" for w in summary["not_measured"]))
    if "compare" in summary:
        th, tr = compare_character_rows(summary["compare"])
        _print_table(console, "Character effects with A and with B (within player count, "
                     "Mantel-Haenszel)", th, tr, left=2)
    if "designer" in summary:
        th, tr = designer_rows(summary["designer"])
        if "compare" in summary:
            tr += designer_rows(summary["compare"]["designer"], "all, B")[1][-1:]
        _print_table(console, "Designer measures (% of games, 95% CI)", th, tr)
    if summary.get("where"):
        th, tr = where_rows(summary["where"])
        _print_table(console, "Setups: good's win rate with and without", th, tr,
                     caption="difference: within player count (Mantel-Haenszel) over all",
                     left=2)
    if summary.get("pairs", {}).get("rows"):
        th, tr = pair_rows(summary["pairs"], 5)
        _print_table(console, "Character pairs: good's win rate with both in play (the "
                     "5 best for good, the 5 best for evil)", th, tr,
                     caption="difference: with the pair minus without, within player count")
    if len(summary["by_outsiders"]) > 1:
        console.print("by Outsiders: " + "; ".join(
            f"{r['outsiders']}: {pct(r['good_win_rate'])} ({ci(r['good_win_ci'])}, "
            f"{r['games']} games)" for r in summary["by_outsiders"]))
    if summary["impact"]:
        names = {c["id"]: c["name"] for c in summary["characters"]}
        rows = [(names.get(c, c), m, v) for c, ms in summary["impact"].items()
                for m, v in ms.items()]
        rows.sort(key=lambda x: -x[2]["count"])
        t = Table(title=f"Ability impact (the {min(top, len(rows))} most frequent; all in "
                        "summary.json)")
        for h in ("character", "metric", "count", "games", "of its games"):
            t.add_column(h, justify="left" if h in ("character", "metric") else "right")
        for name, m, v in rows[:top]:
            t.add_row(name, m, str(v["count"]), str(v["games"]), pct(v["rate_in_play"]))
        console.print(t)


