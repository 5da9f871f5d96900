"""Turning events into words: the Storyteller's narrated view of a game (rich markup)."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from rich.console import Console
from rich.markup import MarkupError, escape
from rich.table import Table
from rich.text import Text

from .text import cname, describe_info, describe_use, team_style


_EVENT_FIELDS = {"type", "phase", "number", "visible_to", "player", "ability"}


class Narrator:
    """Prints a game as it happens, from the Storyteller's seat."""

    def __init__(self, console: Console | None = None, player_view: bool = False,
                 sink: Callable[[Any], None] | None = None, at_once: bool = False):
        self.console = console or Console(highlight=False)
        self.player_view = player_view
        # Where the lines go (default: the console); `at_once`: a player woken is said at
        # their `wake` event, not held back until it is known whether they chose or learned
        # (so each event's words depend on the events before it only: the web's lines).
        self.out = sink or self.console.print
        self.at_once = at_once
        self.chars: dict[str, str] = {}
        self.awake: tuple[str, bool, str | None] | None = None
        self.last_truth: dict[str, bool | None] = {}
        self.dead: set[str] = set()          # registering dead
        self.apparent: str | None = None     # whose next death is only apparent (Zombuul)
        self.seems_dead: str | None = None   # who just seemed to die: their protection follows
        self._apparent_before: str | None = None    # the two above, before this event
        self._seems_dead_before: str | None = None

    def who(self, name: str | None) -> str:
        if not name:
            return "-"
        c = self.chars.get(name)
        return f"[bold]{name}[/] ([{team_style(c)}]{cname(c)}[/])" if c else f"[bold]{name}[/]"

    def holders(self, ev: dict) -> str:
        """For the Storyteller: who, alive, has the bare character a player learned (the
        King's 'alive character' names nobody to the King)."""
        if self.player_view or set(ev) - _EVENT_FIELDS != {"character"} \
                or ev.get("ability") == ev["character"]:
            return ""
        names = [n for n, c in self.chars.items() if c == ev["character"] and n not in self.dead]
        if not names:
            return f" [dim](no living player is the {cname(ev['character'])})[/]"
        return f" [dim]({', '.join(names)}, alive)[/]"

    def __call__(self, ev: dict) -> None:
        t = ev["type"]
        # A player woken who then chooses or learns nothing is still shown as woken.
        awake = self.awake
        if awake is not None and t not in ("decision", "reminder") and not (
                t in ("choice", "declined", "learn", "effect", "no_effect")
                and ev.get("player", ev.get("target")) in (awake[0], None)):
            if not awake[1]:
                self.out(f"  {self.who(awake[0])} wakes [dim]({cname(awake[2])})[/]")
            self.awake = None
        elif awake is not None and t in ("choice", "declined", "learn"):
            self.awake = (awake[0], True, awake[2])
        self._apparent_before, self.apparent = self.apparent, None
        self._seems_dead_before, self.seems_dead = self.seems_dead, None
        say = _SAY.get(t)
        if say is not None:
            say(self, ev)

    # ------------------------------------------------------------------ each event type
    # One method per event type, found by `_SAY` (below the class): what the narration
    # says for an event of that type.
    def _setup(self, ev: dict) -> None:
        out = self.out
        self.chars = {p["name"]: p["character"] for p in ev["players"]}
        table = Table(title=f"{ev['script']} · seed {ev['seed']}", show_lines=False)
        table.add_column("seat", justify="right")
        table.add_column("player")
        table.add_column("character")
        table.add_column("alignment")
        for i, p in enumerate(ev["players"]):
            table.add_row(str(i + 1), p["name"],
                          f"[{team_style(p['character'])}]{cname(p['character'])}[/]"
                          + (" (Traveller)" if p.get("traveller") else ""),
                          p["alignment"] or "chosen next")
        out(table)
        if ev.get("not_dealt"):
            out(f"In play but not dealt: {', '.join(cname(c) for c in ev['not_dealt'])}")

    def _seating(self, ev: dict) -> None:
        # Said only for a grimoire written mid-game (a town square import).
        if ev.get("dead"):
            spent = set(ev.get("voteless") or ())
            self.out("Dead from the start (the grimoire as written): " + ", ".join(
                n + (" (ghost vote spent)" if n in spent else "") for n in ev["dead"]))

    def _traveller_alignment(self, ev: dict) -> None:
        self.out(f"The Storyteller makes {ev['player']} ({cname(self.chars.get(ev['player']))}) "
                 f"{ev['alignment']}")

    def _traveller_joined(self, ev: dict) -> None:
        self.chars[ev["player"]] = ev["character"]
        self.out(f"  [bold]{ev['player']} joins as the {cname(ev['character'])}[/] (Traveller), "
                 f"seat {ev['seat'] + 1}: {', '.join(ev['players'])}")

    def _traveller_left(self, ev: dict) -> None:
        self.out(f"  [bold]{ev['player']} leaves the game[/] (Traveller): "
                 f"{', '.join(ev['players'])}")

    def _left_table(self, ev: dict) -> None:
        self.out(f"  [bold]{ev['player']} leaves the table[/] (treated as dead)")

    def _reminder(self, ev: dict) -> None:
        extra = f" ({cname(ev['character'])})" if ev.get("character") else ""
        self.out(f"  [dim]reminder[/] {ev['token']}{extra} → {ev['player']}")
        if ev.get("apparent_death"):
            self.apparent = ev["player"]

    def _reminder_removed(self, ev: dict) -> None:
        self.out(f"  [dim]reminder removed[/] {ev['token']} ← {ev['player']}")

    def _bluffs(self, ev: dict) -> None:
        self.out(f"Demon bluffs: {', '.join(cname(c) for c in ev['characters']) or 'none'}")

    def _night(self, ev: dict) -> None:
        out = self.out
        out("")
        out(f"[bold on grey23] Night {ev['number']} [/]")

    def _day(self, ev: dict) -> None:
        out = self.out
        out("")
        out(f"[bold black on yellow] Day {ev['number']} [/]")

    def _decision(self, ev: dict) -> None:
        if ev.get("kind") == "info":
            # No `true`: the Storyteller's judgement (engine/judgement.py), no truth tag.
            self.last_truth[ev.get("player", "")] = ev.get("true")

    def _wake(self, ev: dict) -> None:
        out = self.out
        if "player" in ev and self.at_once:
            out(f"  {self.who(ev['player'])} wakes [dim]({cname(ev.get('ability'))})[/]")
        elif "player" in ev:
            self.awake = (ev["player"], False, ev.get("ability"))
        else:                       # a group woken together (the Minions)
            names = ev.get("players", [])
            verb = "wakes" if len(names) == 1 else "wake together"
            out(f"  {', '.join(self.who(n) for n in names) or 'nobody'} {verb}"
                f" [dim]({cname(ev.get('ability'))})[/]")

    def _choice(self, ev: dict) -> None:
        out = self.out
        if "yes" in ev:        # a yes/no answer (the Harlot's visit)
            out(f"  {self.who(ev['player'])} {'agrees' if ev['yes'] else 'refuses'}"
                f" [dim]({cname(ev.get('ability'))})[/]")
            return
        parts = []
        if "players" in ev:
            parts.append(", ".join(ev["players"]))
        if ev.get("character"):
            parts.append(cname(ev["character"]))
        what = " as ".join(parts) if len(parts) == 2 else (parts[0] if parts else "?")
        out(f"  {self.who(ev['player'])} chooses {what}")

    def _declined(self, ev: dict) -> None:
        self.out(f"  {self.who(ev['player'])} declines")

    def _choose_again(self, ev: dict) -> None:
        self.out(f"  the Storyteller asks {self.who(ev['player'])} to choose again"
                 f" [dim]({cname(ev.get('ability'))})[/]")

    def _learn(self, ev: dict) -> None:
        if ev["phase"] == "setup" and not self.player_view:
            return
        true = self.last_truth.pop(ev["player"], None)
        tag = "" if true is None else (" [green]✓ true[/]" if true else " [red]✗ false[/]")
        self.out(f"  {self.who(ev['player'])} learns: {describe_info(ev)}{tag}{self.holders(ev)}")

    def _judgement(self, ev: dict) -> None:
        if self.player_view:
            return          # the Storyteller's own reasons (never in a player's view)
        tag = ""
        if "true" in ev:
            tag = " [green]✓ honest[/]" if ev["true"] else " [red]✗ not honest[/]"
        self.out(f"    [dim]Storyteller's judgement ({cname(ev.get('ability'))}): "
                 f"{ev['reason']}[/]{tag}")

    def _effect(self, ev: dict) -> None:
        kind = ev["kind"]
        verb = "is" if kind in ("poisoned", "drunk", "safe") else "gets"
        self.out(f"  {self.who(ev['target'])} {verb} [magenta]{kind.replace('_', ' ')}[/]"
                 + (f" ({cname(ev['ability'])})" if ev.get("ability") else ""))

    def _no_effect(self, ev: dict) -> None:
        self.out(f"  [dim]{cname(ev.get('ability'))} has no effect (drunk, poisoned or dead)[/]")

    def _death_prevented(self, ev: dict) -> None:
        if ev["player"] == self._seems_dead_before:
            return      # the apparent death just narrated: nothing was prevented
        self.out(f"  {self.who(ev['player'])} would die but is protected "
                 f"({cname(ev['protector'])})")

    def _death_redirected(self, ev: dict) -> None:
        self.out(f"  {self.who(ev['player'])} would die; {self.who(ev['instead'])} dies instead")

    def _death(self, ev: dict) -> None:
        out = self.out
        by = f" by {ev['by']}" if ev.get("by") else ""
        self.dead.add(ev["player"])
        if ev["player"] == self._apparent_before:
            self.seems_dead = ev["player"]
            out(f"  [red]☠ {self.who(ev['player'])} seems to die[/] ({ev['cause']}{by}): "
                "registers as dead, but secretly lives on")
        else:
            out(f"  [red]☠ {self.who(ev['player'])} dies[/] ({ev['cause']}{by})")

    def _character_change(self, ev: dict) -> None:
        self.chars[ev["player"]] = ev["new"]
        self.out(f"  {ev['player']} becomes the [{team_style(ev['new'])}]{cname(ev['new'])}[/]"
                 f" (was {cname(ev['old'])})")

    def _alignment_change(self, ev: dict) -> None:
        self.out(f"  {ev['player']} turns {ev['new']}")

    def _star_pass(self, ev: dict) -> None:
        self.out(f"  star-pass: {ev['to']} becomes the Demon")

    def _dawn(self, ev: dict) -> None:
        d = ev["deaths"]
        self.out(f"Dawn: {', '.join(d) + ' died' if d else 'nobody died'} in the night.")

    def _nominate(self, ev: dict) -> None:
        self.out(f"  {self.who(ev['by'])} nominates {self.who(ev['target'])}")

    def _nomination(self, ev: dict) -> None:
        voters = ", ".join(ev["voters"]) or "nobody"
        self.out(f"    votes: {ev['votes']} (needs {ev['threshold']}) — {voters}")

    def _claim(self, ev: dict) -> None:
        said = ""
        if "info" in ev:
            chose = f" (chose {', '.join(ev['chose'])})" if ev.get("chose") else ""
            said = (f"; says they learned on night {ev['night']}{chose}: "
                    + describe_info({"ability": ev["character"], **ev["info"]}))
        self.out(f"  {ev['player']} claims to be the {cname(ev['character'])}{said}")

    def _talk(self, ev: dict) -> None:
        self.out(f"  [dim]talk: {ev['rounds']} round(s), in the order "
                 f"{', '.join(ev['order'])}[/]")

    def _statement(self, ev: dict) -> None:
        self.out(f"  {ev['player']} says: \"{escape(ev['text'])}\"")

    def _whisper(self, ev: dict) -> None:
        self.out(f"  {ev['player']} whispers to {', '.join(ev['to'])}: "
                 f"\"{escape(ev['text'])}\"")

    def _whispered(self, ev: dict) -> None:
        if not self.player_view:        # the Storyteller saw the words (`whisper`)
            return
        self.out(f"  {ev['player']} whispers to {', '.join(ev['to'])}")

    def _claim_ability(self, ev: dict) -> None:
        self.out(f"  {self.who(ev['player'])} {describe_use(ev)}")

    def _nothing_happens(self, ev: dict) -> None:
        self.out("    nothing happens")

    def _ability_triggered(self, ev: dict) -> None:
        self.out(f"  {cname(ev['ability'])} ability triggers")

    def _execution(self, ev: dict) -> None:
        self.out(f"  [bold red]{ev['player']} is executed[/]")

    def _day_end(self, ev: dict) -> None:
        if not ev.get("executed"):
            self.out("  No execution today.")

    def _exile_vote(self, ev: dict) -> None:
        out = self.out
        voters = ", ".join(ev["voters"]) or "nobody"
        out(f"  {self.who(ev['by'])} calls for the exile of {self.who(ev['target'])}")
        out(f"    votes: {ev['votes']} (needs {ev['threshold']}, of all players) — {voters}")

    def _exile(self, ev: dict) -> None:
        self.out(f"  [bold]{ev['player']} is exiled[/]")

    def _execution_redirected(self, ev: dict) -> None:
        self.out(f"  {self.who(ev['instead'])} is executed instead of {self.who(ev['player'])}"
                 f" ({cname(ev.get('ability'))})")

    def _announcement(self, ev: dict) -> None:
        self.out(f"  [bold]Storyteller:[/] {ev['words']}")

    def _cult_vote(self, ev: dict) -> None:
        voters = ", ".join(ev["voters"]) or "nobody"
        self.out(f"    joining the cult: {voters}")

    def _game_over(self, ev: dict) -> None:
        out = self.out
        colour = "blue" if ev["winner"] == "good" else "red"
        out("")
        out(f"[bold {colour}]{ev['winner'].upper()} WINS[/] — {ev['reason']}")


_SAY: dict[str, Callable[[Narrator, dict], None]] = {
    "setup": Narrator._setup,
    "seating": Narrator._seating,
    "traveller_alignment": Narrator._traveller_alignment,
    "traveller_joined": Narrator._traveller_joined,
    "traveller_left": Narrator._traveller_left,
    "left_table": Narrator._left_table,
    "reminder": Narrator._reminder,
    "reminder_removed": Narrator._reminder_removed,
    "bluffs": Narrator._bluffs,
    "night": Narrator._night,
    "day": Narrator._day,
    "decision": Narrator._decision,
    "wake": Narrator._wake,
    "choice": Narrator._choice,
    "declined": Narrator._declined,
    "choose_again": Narrator._choose_again,
    "learn": Narrator._learn,
    "judgement": Narrator._judgement,
    "effect": Narrator._effect,
    "no_effect": Narrator._no_effect,
    "death_prevented": Narrator._death_prevented,
    "death_redirected": Narrator._death_redirected,
    "death": Narrator._death,
    "character_change": Narrator._character_change,
    "alignment_change": Narrator._alignment_change,
    "star_pass": Narrator._star_pass,
    "dawn": Narrator._dawn,
    "nominate": Narrator._nominate,
    "talk": Narrator._talk,
    "statement": Narrator._statement,
    "whisper": Narrator._whisper,
    "whispered": Narrator._whispered,
    "nomination": Narrator._nomination,
    "claim": Narrator._claim,
    "claim_ability": Narrator._claim_ability,
    "nothing_happens": Narrator._nothing_happens,
    "ability_triggered": Narrator._ability_triggered,
    "execution": Narrator._execution,
    "day_end": Narrator._day_end,
    "exile_vote": Narrator._exile_vote,
    "exile": Narrator._exile,
    "execution_redirected": Narrator._execution_redirected,
    "announcement": Narrator._announcement,
    "cult_vote": Narrator._cult_vote,
    "game_over": Narrator._game_over,
}


def _plain(markup: Any) -> str | None:
    if not isinstance(markup, str):
        return None             # a table (the setup): the grimoire shows it
    try:
        text = Text.from_markup(markup).plain
    except MarkupError:         # a name that reads as markup
        text = markup
    return text.strip() or None


class Lines:
    """Events in words, one after the other, as the narration says them (plain text, its
    lines joined by a newline; None when it says nothing). The words of an event depend only
    on it and the events fed before it, so a viewer's lines built from the events they may
    see tell nothing else (the web sends them with the events: docs/web.md)."""

    def __init__(self, player_view: bool):
        self.said: list[str] = []
        self.narrator = Narrator(player_view=player_view, at_once=True, sink=self._say)

    def _say(self, markup: Any) -> None:
        text = _plain(markup)
        if text:
            self.said.append(text)

    def __call__(self, ev: dict) -> str | None:
        self.said.clear()
        self.narrator(ev)
        return "\n".join(self.said) or None


def event_lines(events: Iterable[dict], player_view: bool) -> list[str | None]:
    """Each event in words (`Lines`): `player_view` as a player or spectator sees them."""
    lines = Lines(player_view)
    return [lines(ev) for ev in events]
