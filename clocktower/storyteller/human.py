"""A person at the terminal answers every Storyteller decision from the listed options."""
from __future__ import annotations

from rich.console import Console
from rich.prompt import IntPrompt, Prompt

from rich.markup import escape as esc

from ..engine.decisions import Decision
from ..text import cname, describe_answer


# Context fields that are the engine's bookkeeping, or shown elsewhere (the options' own
# words, the Artist's question, the Amnesiac's guess): never printed as such.
_INTERNAL = {"key", "judgement", "abilities", "reprompt", "truth", "question", "why",
             "guess", "hidden", "purpose", "ability", "player", "droisoned"}


def _names(x: object) -> str:
    if isinstance(x, (list, tuple)):
        return ", ".join(_names(v) for v in x) or "nobody"
    if x is None:
        return "none"
    return describe_answer(x)


def describe_decision(decision: Decision) -> tuple[str, list[str]]:
    """A Storyteller decision in words for a person: its title, and notes (what the
    engine suggests, who is drunk or poisoned...), without the engine's internal keys."""
    ctx = decision.context
    player, ability = ctx.get("player"), ctx.get("ability")
    # the engine's prompts say "None" for the answer that declines; shown as "none"
    prompt = (decision.prompt or "").strip().replace("(None:", "(none:")
    if decision.kind == "info":
        whose = f"the {cname(ability)}" if ability else "their ability"
        title = f"what {player} learns from {whose}" if player else f"information: {whose}"
        if prompt:
            title += f": {prompt}"
    elif decision.kind == "register":
        purpose = ctx.get("purpose")
        title = f"how {player} registers" + (f" to the {cname(purpose)}" if purpose else "")
        if prompt:
            title += f": {prompt}"
    elif prompt:
        title = prompt
    else:
        title = decision.kind.replace("_", " ")
    notes = []
    if ctx.get("droisoned"):
        notes.append(f"{player or 'the player'} is drunk or poisoned: false information "
                     f"is legal")
    if decision.kind not in ("info", "register") and player and str(player) not in title:
        notes.append(f"player: {player}")
    for k, v in ctx.items():
        if k in _INTERNAL:
            continue
        if k == "suggested":
            notes.append(f"suggested: {_names(v)}")
        elif k == "favours" and isinstance(v, dict):
            notes.append("; ".join(f"helps {team}: {_names(who)}" for team, who in v.items()
                                   if who))
        elif k == "character":
            if isinstance(v, str) and cname(v) in title:
                continue
            notes.append(f"character: {cname(v) if isinstance(v, str) else _names(v)}")
        else:
            notes.append(f"{k.replace('_', ' ')}: {_names(v)}")
    return title, [n for n in notes if n]


class TerminalStoryteller:
    """`advisor(decision, view, within=None)`, when given, is asked for each option's effect
    when the person types `e` instead of a number (`storyteller/advise.py:
    terminal_advisor`); after it, `o K` opens group K of that table (`within`: the group's
    options, each figured alone or a seeded sample of them, as the web's *open*)."""

    sees_everything = True      # as a Storyteller does (see engine/views.py)

    def __init__(self, console: Console | None = None, max_list: int = 60, advisor=None):
        self.console = console or Console()
        self.max_list = max_list
        self.advisor = advisor

    def __call__(self, decision: Decision, view) -> object:
        opts = decision.options()
        c = self.console
        # `abilities`: option -> its ability text (the Amnesiac's catalogue), shown per option
        texts = decision.context.get("abilities") or {}
        title, notes = describe_decision(decision)
        c.print(f"\n[bold yellow]Storyteller decision[/] · {esc(title)}")
        for note in notes:
            c.print(f"  [dim]{esc(note)}[/]")
        judged = decision.context.get("judgement")
        if judged == "question":        # the Artist's question (engine/questions.py)
            q, truth = decision.context.get("question"), decision.context.get("truth")
            c.print(f"  the Artist asks: “{q}”" + (
                f" [dim](honest answer: {truth['answer']}; {decision.context.get('why')})[/]"
                if truth else " [dim](the engine cannot read it: answer by your judgement)[/]"))
        elif judged == "advice":        # the Fisherman: type any advice, or pick one
            return self._advice(decision, opts)
        elif judged == "accuracy":     # a guess at a hidden ability (the Amnesiac)
            truth = decision.context.get("truth") or {}
            c.print(f"  the guess: {decision.context.get('guess')}; the hidden ability: "
                    f"{decision.context.get('hidden')} [dim](the documented similarity says "
                    f"{truth.get('answer')}; your judgement: any listed answer is legal)[/]")
        elif judged:
            c.print("  [dim]your judgement: any of these is legal[/]")
        n_true = getattr(decision, "n_true", None)
        shown = opts[: self.max_list]
        for i, o in enumerate(shown, 1):
            tag = ""
            if n_true is not None and decision.kind == "info":
                tag = " [green](true)[/]" if i <= n_true else " [red](false)[/]"
            words = texts.get(o) if isinstance(o, str) else None
            c.print(f"  {i:3}. {words or describe_answer(o)}{tag}")
        if len(opts) > len(shown):
            c.print(f"  … {len(opts) - len(shown)} more (type a number up to {len(opts)})")
        if self.advisor is None:
            while True:
                k = IntPrompt.ask("choose", console=c, default=1)
                if 1 <= k <= len(opts):
                    return opts[k - 1]
                c.print(f"[red]choose a number from 1 to {len(opts)}[/]")
        c.print("  [dim]type e to see each option's effect on good's chance (rollouts by bots)[/]")
        groups: list = []           # the last table's groups of more than one option
        while True:
            text = Prompt.ask("choose", console=c, default="1").strip().lower()
            if text == "e":
                adv = self._effects(decision, view, opts, shown, texts, n_true)
                groups = [g for g in adv.groups if len(g.options) > 1]
                for k, g in enumerate(groups, 1):
                    c.print(f"  [dim]o {k}: open “{esc(g.label)}” ({len(g.options)} options)[/]")
                continue
            if text.startswith("o") and groups:
                k_text = text[1:].strip()
                if k_text.isdigit() and 1 <= int(k_text) <= len(groups):
                    g = groups[int(k_text) - 1]
                    c.print(f"  [bold]{esc(g.label)}[/]: its options one by one")
                    self._effects(decision, view, opts, [o for o in opts if o in g.options],
                                  texts, n_true, within=g.options)
                    continue
                c.print(f"[red]open a group: o and a number from 1 to {len(groups)}[/]")
                continue
            if text.isdigit() and 1 <= int(text) <= len(opts):
                return opts[int(text) - 1]
            c.print(f"[red]choose a number from 1 to {len(opts)}, or e"
                    f"{', or o and a group number' if groups else ''}[/]")

    def _effects(self, decision: Decision, view, opts: list, shown: list, texts: dict,
                 n_true: int | None, within: list | None = None):
        """The advisor's figures (for `within`, a group's options, when given): its table,
        then the options `shown` again, numbered as in the whole list, with their group's
        figure beside each (options outside every group, a sample's: '-'; in a group opened,
        only those figured). Returns the advice."""
        c = self.console
        assert self.advisor is not None
        adv = self.advisor(decision, view) if within is None else \
            self.advisor(decision, view, within=within)
        c.print(adv.table())
        c.print(f"  [dim]as the automatic Storyteller would answer: {esc(adv.standing.basis)}[/]")
        where: dict[str, int] = {}
        for k, g in enumerate(adv.groups):
            for o in g.options:
                where.setdefault(repr(o), k)
        number = {repr(o): i for i, o in enumerate(opts, 1)}
        tiers = adv.tiers
        if within is not None:          # a group opened: the options figured (a sample's)
            shown = [o for o in shown if repr(o) in where]
        for o in shown[: self.max_list]:
            i = number[repr(o)]
            at = where.get(repr(o))
            if at is None:
                fig = "   -"
            else:
                t = adv.tallies[at]
                lo, hi = t.interval
                fig = f"{t.chance:4.0%} ({lo:.0%}-{hi:.0%}, tier {tiers[at] + 1})"
            tag = ""
            if n_true is not None and decision.kind == "info":
                tag = " [green](true)[/]" if i <= n_true else " [red](false)[/]"
            words = texts.get(o) if isinstance(o, str) else None
            c.print(f"  {i:3}. {fig}  {words or describe_answer(o)}{tag}")
        return adv

    def _advice(self, decision: Decision, opts: list) -> object:
        """Advice for the Fisherman: typed text, or the number of a listed piece of advice
        (each backed by a fact: true ones, and false ones for a drunk or poisoned player)."""
        c = self.console
        bad = " (drunk or poisoned: bad advice is legal)" if decision.context.get("droisoned") \
            else ""
        c.print(f"  type your advice{bad}, or a number for one of these:")
        shown = opts[: self.max_list]
        for i, o in enumerate(shown, 1):
            c.print(f"  {i:3}. {o.get('advice', describe_answer(o))}")
        while True:
            text = Prompt.ask("advice", console=c, default="1").strip()
            if text.isdigit():
                k = int(text)
                if 1 <= k <= len(opts):
                    return opts[k - 1]
                c.print(f"[red]choose a number from 1 to {len(opts)}, or type advice[/]")
            elif text:
                answer = {"advice": text}
                if decision.is_legal(answer):
                    return answer
