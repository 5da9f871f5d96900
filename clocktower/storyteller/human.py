"""A person at the terminal answers every Storyteller decision from the listed options."""
from __future__ import annotations

from rich.console import Console
from rich.prompt import IntPrompt, Prompt

from ..engine.decisions import Decision
from ..text import describe_answer


class TerminalStoryteller:
    sees_everything = True      # as a Storyteller does (see engine/views.py)

    def __init__(self, console: Console | None = None, max_list: int = 60):
        self.console = console or Console()
        self.max_list = max_list

    def __call__(self, decision: Decision, view) -> object:
        opts = decision.options()
        c = self.console
        # `abilities`: option -> its ability text (the Amnesiac's catalogue), shown per option
        texts = decision.context.get("abilities") or {}
        ctx = ", ".join(f"{k}={v}" for k, v in decision.context.items() if k != "abilities")
        c.print(f"\n[bold yellow]Storyteller decision[/] · {decision.kind}"
                f"{' · ' + decision.prompt if decision.prompt else ''} [dim]{ctx}[/]")
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
        while True:
            k = IntPrompt.ask("choose", console=c, default=1)
            if 1 <= k <= len(opts):
                return opts[k - 1]
            c.print(f"[red]choose a number from 1 to {len(opts)}[/]")

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
