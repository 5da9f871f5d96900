"""Running scenarios: set up the grimoire as written, play the steps, check expectations."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .. import data as D
from ..agents import RandomBot
from ..characters import REGISTRY
from ..engine.decisions import Decision, PlayerChoice
from ..engine.driver import Days, drive
from ..engine.game import Game, GameOver
from ..engine.views import sees_all
from ..engine.inputs import day_action, setup_written
from ..engine.setup import setup_random
from ..engine.setuprules import implied_not_dealt
from ..errors import ClocktowerError, IllegalAnswer
from ..scripts import Script, load_script
from ..storyteller import AutoStoryteller
from .loader import ALIGNMENT_WORDS, TEAM_WORDS, Node, Scenario, ScenarioError, Step, load_file


@dataclass
class Failure:
    step: str
    expectation: str
    line: int
    found: str
    log: list[dict] = field(default_factory=list)


@dataclass
class Defaulted:
    """A decision with more than one legal answer that the file left to the default policy
    (listed by `scenario run --strict`)."""

    step: str           # "setup", "night 2", "day 1"
    kind: str           # decision kind: night_choice, info, register, storyteller, ...
    who: str            # who decides: a player's name, or storyteller
    options: int        # how many legal answers it had
    about: str          # what it was about, in words
    seq: int
    answer: Any = None  # what the default policy answered (`scenario pin` writes it)
    context: dict = field(default_factory=dict)     # the decision's context

    def describe(self) -> str:
        return f"{self.step}: {self.kind} by {self.who}, {self.about}: {self.options} legal answers"


@dataclass
class Result:
    file: str
    name: str
    failures: list[Failure]
    game: Game | None = None
    defaulted: list[Defaulted] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def same(a: Any, b: Any) -> bool:
    """Equality where lists compare as sets."""
    if isinstance(a, list) and isinstance(b, list):
        try:
            return sorted(map(str, a)) == sorted(map(str, b))
        except TypeError:
            return a == b
    return a == b


@dataclass
class _Reg:
    """A registration asked since the last information: what may answer it, what did."""

    seq: int
    player: str
    purpose: str
    candidates: list[dict]
    answer: dict


class _NeedRegistrations(Exception):
    """Written information for a sober, healthy player is not legal with the registrations
    answered so far: the runner tries the others (`run_scenario`)."""

    def __init__(self, key: tuple, regs: list[_Reg], error: ScenarioError):
        super().__init__(error.reason)
        self.key, self.regs, self.error = key, regs, error


class _GaveUp(ScenarioError):
    """The registration search ran the file MAX_RUNS times."""


class _Reached(Exception):
    """A trial run reached the information it was searching registrations for, legally."""


# How many runs of a scenario the registration search may make before it gives up.
MAX_RUNS = 2000
MAX_COMBOS = 20000


def _fits(option: dict, fixed: dict | None) -> bool:
    return fixed is None or all(option.get(k) == v for k, v in fixed.items())


class ScenarioAnswers:
    """Answers decisions from what the scenario wrote for the current step, else defaults.

    `plan`: registration answers chosen by the search (decision number -> (player, asking
    ability, registration)); `stop_at`: the information whose legality a trial run checks.
    """

    def __init__(self, sc: Scenario, game: Game, plan: dict | None = None,
                 stop_at: tuple | None = None):
        self.sc = sc
        self.game = game
        self.auto_st = AutoStoryteller(sc.seed)
        self.bots = {p["name"]: RandomBot(sc.seed, p["name"], decline=0.0) for p in sc.players}
        self.step: Step | None = None
        self.step_index = -1
        self.label = "setup"
        self.used: set[str] = set()
        self.picks: dict[str, int] = {}     # choices written as a list of picks: picks used
        self.setup_used: set[str] = set()
        self.info_options: list[tuple[str, str, int, list[dict]]] = []
        self.plan = plan or {}
        self.stop_at = stop_at
        self.recent_regs: list[_Reg] = []
        self.info_seen: dict[str, int] = {}
        self.defaulted: list[Defaulted] = []
        # Whether each player's latest choice was written (a written choice is final: the
        # Storyteller does not prompt again over it, see `_reprompt`).
        self.written_choice: dict[str, bool] = {}
        # Extensions (issue 17): the decisions asked with their legal answers, kept when
        # an `options` expectation needs them; the refused choices tried, and those the
        # engine accepted (failures).
        self.record = any(k == "options" for st in sc.steps for k, _v, _l in st.expect) \
            or any(k == "options" for k, _v, _l in sc.expect)
        self.asked: list[tuple[str, int, Decision, list]] = []
        self._noted: Decision | None = None
        self.refused_tried: set[str] = set()
        self.refused_failures: list[Failure] = []

    def note(self, decision: Decision, game: Game) -> None:
        """Keep a decision and its legal answers for `options` expectations."""
        if self.record and decision is not self._noted:
            self._noted = decision
            self.asked.append((game.phase, game.night if game.phase == "night" else game.day,
                               decision, list(decision.options())))

    def _try_refused(self, decision: Decision, who: str, ability: Any) -> None:
        """A choice written to be refused (`refused:`), tried before the real answer: a
        failure when the decision accepts it."""
        step = self.step
        assert step is not None
        node = step.refused[who]
        value, key = node.value, who
        if isinstance(value, dict) and not (set(value) & set(CHOICE_WORDS)):
            if ability not in value:
                return
            value, key = value[ability], f"{who}.{ability}"
        if key in self.refused_tried:
            return
        self.refused_tried.add(key)
        if decision.is_legal(convert_choice(decision, value)):
            self.refused_failures.append(Failure(
                self.label, f"refused: {{{who}: {node.value!r}}}", node.line,
                f"accepted: {node.value!r} is a legal answer to {who}'s "
                f"{ability or decision.kind} choice"))

    def begin_step(self, index: int, step: Step | None) -> None:
        self.step_index = index
        self.step = step
        self.label = f"{step.kind} {step.number}" if step is not None else "end"
        self.used = set()
        self.picks = {}
        self.info_seen = {}
        self.recent_regs = []

    def _default(self, decision: Decision, game: Game, answerer) -> Any:
        """The default policy's answer; noted for --strict when it had a real choice."""
        seq = game.n_decisions - 1
        answer = answerer(decision, game.view(decision.who))    # the decider's view
        n = len(decision.options())
        if n > 1:
            ctx = decision.context
            if decision.kind == "register":
                about = f"{ctx.get('player')} registering to {ctx.get('purpose') or 'a query'}"
            elif decision.kind == "info":
                about = f"for {ctx.get('player')} ({ctx.get('ability')})"
            elif ctx.get("key"):
                about = f"key {ctx['key']}"
            else:
                about = str(ctx.get("ability") or ctx.get("nominee") or decision.kind)
            self.defaulted.append(Defaulted(self.label, decision.kind, decision.who, n, about,
                                            seq, answer, dict(ctx)))
        return answer

    # -- players -------------------------------------------------------------------------
    @sees_all       # the scenario's answers see everything, as a Storyteller does
    def player(self, decision: Decision, view: Any) -> Any:
        game = self.game
        step = self.step
        who = decision.who
        ability = decision.context.get("ability")
        self.note(decision, game)
        if step is not None and who in step.refused and decision.kind != "vote":
            self._try_refused(decision, who, ability)
        if step is not None and who in step.choices and decision.kind != "vote":
            node = step.choices[who]
            value = node.value
            key = who
            if isinstance(value, dict) and ability in value and not (set(value) & {"player", "players", "character", "characters", "yes"}):
                value = value[ability]
                key = f"{who}.{ability}"
            elif isinstance(value, dict) and not (set(value) & {"player", "players", "character", "characters", "yes"}):
                raise ScenarioError(self.sc.file, node.line,
                                    f"{who} is woken for {ability}, but the choice names "
                                    f"only {', '.join(value)}")
            if decision.context.get("form") == "player_character" and isinstance(value, dict) \
                    and "player" in value:
                value = [value]         # one pick written bare
            if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
                # Several picks in one night (the Kazali's Minions): one mapping per ask.
                k = self.picks.get(key, 0)
                if k >= len(value):
                    raise ScenarioError(self.sc.file, node.line,
                                        f"{who} is asked for pick {k + 1} of {ability}, but "
                                        f"the choice lists only {len(value)}")
                self.picks[key] = k + 1
                value = value[k]
            answer = convert_choice(decision, value)
            if not decision.is_legal(answer):
                raise ScenarioError(self.sc.file, node.line,
                                    f"{who}'s choice {node.value!r} is illegal for "
                                    f"{ability or decision.kind}: {decision.prompt or 'not a legal option'}")
            self.used.add(key)
            self.written_choice[who] = True
            return answer
        if decision.kind == "vote":
            return False
        if step is not None and step.kind == "day" and decision.is_legal(None):
            return None         # by day nothing is decided for anyone: not made
        self.written_choice[who] = False
        return self._default(decision, game, self.bots[who])

    # -- forced decisions ----------------------------------------------------------------
    def forced(self, decision: Decision, game: Game) -> None:
        """A decision with one legal answer is not asked, but what the file wrote for it must
        be that answer (and counts as used); information options are recorded for may_learn."""
        step, ctx = self.step, decision.context
        self.note(decision, game)
        if decision.who == "storyteller":
            if decision.kind == "info":
                if step is not None and ctx["player"] in step.storyteller:
                    self.storyteller(decision, game)
                else:
                    self._info_key(ctx["player"])
                    self.recent_regs = []
                    self.info_options.append((ctx["player"], game.phase, game.night
                                              if game.phase == "night" else game.day,
                                              decision.options()))
                return
            key = ctx.get("key")
            if key:
                base = key.split(".", 1)[1] if key.startswith("setup.") else key
                if (step is not None and base in step.storyteller) or \
                        (game.phase == "setup" and base in self.sc.setup_storyteller):
                    self.storyteller(decision, game)
            return
        if step is not None and decision.kind != "vote" and decision.who in step.refused:
            self._try_refused(decision, decision.who, ctx.get("ability"))
        if step is not None and decision.who in step.choices and decision.kind != "vote":
            self.player(decision, game)

    # -- registrations -------------------------------------------------------------------
    def _fixed(self, player: str, purpose: str) -> dict | None:
        """The registration written under `registers:` for this query, if any."""
        node = self.step.registers.get(player) if self.step is not None else None
        if node is None:
            return None
        fixed = node.value
        if "per_ability" in fixed:
            return fixed["per_ability"].get(purpose)
        return fixed

    def register(self, decision: Decision, game: Game) -> Any:
        seq = game.n_decisions - 1
        ctx = decision.context
        player, purpose = str(ctx.get("player")), ctx.get("purpose") or ""
        fixed = self._fixed(player, purpose)
        key = ctx.get("key")
        if fixed is None and key and self.step is not None and key in self.step.storyteller:
            fixed = self._keyed_registration(decision, key)
        cands = [o for o in decision.options() if _fits(o, fixed)]
        planned = self.plan.get(seq)
        if planned is not None and planned[:2] == (player, purpose) and planned[2] in cands:
            answer = planned[2]
        elif fixed is not None:
            answer = cands[0]
        else:
            answer = self._default(decision, game, self.auto_st)
        self.recent_regs.append(_Reg(seq, player, purpose, cands, answer))
        return answer

    def _keyed_registration(self, decision: Decision, key: str) -> dict:
        """A registration offered by a rule object with a Storyteller key, written with
        that key (`vizier.politician: evil`): an alignment, a character id, or a
        registration mapping; it fixes the registration like a `registers:` entry."""
        assert self.step is not None
        node = self.step.storyteller[key]
        value = node.value
        if isinstance(value, dict):
            fixed = {k: v for k, v in value.items() if k in ("character", "alignment")}
        elif value in ("good", "evil"):
            fixed = {"alignment": value}
        else:
            fixed = {"character": convert_st(decision, value)}
        if not fixed or not any(_fits(o, fixed) for o in decision.options()):
            raise ScenarioError(self.sc.file, node.line,
                                f"storyteller {key}: {node.value!r} is not a legal "
                                f"registration (legal: {decision.options()})")
        self.used.add("st:" + key)
        return fixed

    def _info_key(self, player: str) -> tuple:
        n = self.info_seen.get(player, 0)
        self.info_seen[player] = n + 1
        return (self.step_index, player, n)

    # -- storyteller ---------------------------------------------------------------------
    def storyteller(self, decision: Decision, view: Any) -> Any:
        game = self.game
        step = self.step
        ctx = decision.context
        self.note(decision, game)
        if decision.kind == "register":
            return self.register(decision, game)
        node: Node | None
        if decision.kind == "info":
            opts = decision.options()
            player = ctx["player"]
            self.info_options.append((player, game.phase,
                                      game.night if game.phase == "night" else game.day, opts))
            key = self._info_key(player)
            regs, self.recent_regs = self.recent_regs, []
            if step is not None and player in step.storyteller:
                return self._written_info(decision, step.storyteller[player], opts, key, regs)
            return self._default(decision, game, self.auto_st)
        st_key: str | None = ctx.get("key")
        if ctx.get("reprompt") and self.written_choice.get(ctx["reprompt"]):
            return self._reprompt(decision, st_key)
        if st_key:
            table = step.storyteller if step is not None else {}
            base = st_key.split(".", 1)[1] if st_key.startswith("setup.") else st_key
            node = None
            if step is not None and base in table:
                node = table[base]
                mark = "st:" + base
                used = self.used
            elif game.phase == "setup" and base in self.sc.setup_storyteller:
                node = self.sc.setup_storyteller[base]
                mark = base
                used = self.setup_used
            if node is not None:
                value = node.value
                about = ctx.get("about")
                if isinstance(value, dict) and about in value:
                    value = value[about]    # written per player the decision is about
                answer = convert_st(decision, value)
                if not decision.is_legal(answer):
                    raise ScenarioError(self.sc.file, node.line,
                                        f"storyteller {base}: {node.value!r} is not a legal "
                                        f"choice (legal: {decision.options()[:8]})")
                used.add(mark)
                return answer
        return self._default(decision, game, self.auto_st)

    def _reprompt(self, decision: Decision, key: str | None) -> Any:
        """Whether to ask a player to choose differently (the Alchemist), after a written
        choice: no. A written choice is final (docs/scenarios.md), so writing the key
        for it is an error."""
        step = self.step
        if key and step is not None and key in step.storyteller:
            node = step.storyteller[key]
            raise ScenarioError(self.sc.file, node.line,
                                f"storyteller {key}: {decision.context['reprompt']}'s choice "
                                "is written, and a written choice is final (the Storyteller "
                                "does not prompt again over it)")
        return "no"

    def _written_info(self, decision: Decision, node: Node, opts: list[dict], key: tuple,
                      regs: list[_Reg]) -> dict:
        """The legal answer that the written information describes. Fields the rules fix
        may be left out; written information that fits several answers is an error; none,
        and the registrations asked for it may be answered otherwise: the search."""
        player = decision.context["player"]
        want = node.value
        hits = [o for o in opts if set(want) <= set(o) and all(same(o[k], v) for k, v in want.items())]
        where = f"on {self.label}"
        truthful = "" if decision.context.get("droisoned") else " (the player is sober and healthy)"
        free = [r for r in regs if len(r.candidates) > 1]
        unplanned = [r for r in free if r.seq not in self.plan]
        how = ""
        if free:
            names = sorted({r.player for r in free})
            how = (f" however {names[0]} registers" if len(names) == 1 else
                   " however " + ", ".join(names[:-1]) + f" and {names[-1]} register")
        err = ScenarioError(self.sc.file, node.line,
                            f"information {want} for {player} {where} is not legal"
                            f"{truthful}{how}; legal answers include {opts[:3]}")
        if not hits and not free and decision.is_legal(want):
            # Free information the decision accepts as written (the Fisherman's advice is
            # text): not one of the listed options, but legal.
            self.used.add("st:" + player)
            if self.stop_at == key:
                raise _Reached()
            return dict(want)
        if len(hits) == 1:
            # The registrations behind written information are the file's, not the seed's:
            # the first that makes it true (fewest false first, see `_combos`). When the
            # default policy answered otherwise, the search finds that first one.
            if unplanned and (self.stop_at == key
                              or any(r.answer != r.candidates[0] for r in unplanned)):
                raise _NeedRegistrations(key, regs, err)
            self.used.add("st:" + player)
            asked = {r.seq for r in regs}
            self.defaulted = [d for d in self.defaulted if d.seq not in asked]
            if self.stop_at == key:
                raise _Reached()
            return hits[0]
        if hits:
            shown = "; ".join(str(h) for h in hits[:4]) + (" ..." if len(hits) > 4 else "")
            raise ScenarioError(self.sc.file, node.line,
                                f"information {want} for {player} {where} fits {len(hits)} "
                                f"legal answers that show different things: {shown} "
                                "(write the other fields)")
        if free:
            raise _NeedRegistrations(key, regs, err)
        raise err


def convert_choice(decision: Decision, value: Any) -> Any:
    if value == "no":
        return None
    if isinstance(decision, PlayerChoice):
        if isinstance(value, str):
            return [value]
        if isinstance(value, list):
            return decision.canonical(value)
        if isinstance(value, dict):
            if "players" in value:
                return decision.canonical(value["players"])
            if "player" in value:
                return [value["player"]]
        return value
    form = decision.context.get("form")
    if isinstance(value, dict):
        if form == "character" and "character" in value:
            return value["character"]
        if form == "characters" and "characters" in value:
            return value["characters"]
        if form == "yes" and "yes" in value:
            return value["yes"]
        return value
    if form == "character" and isinstance(value, str):
        try:
            return D.get(value).id
        except ClocktowerError:
            return value
    return value


CHOICE_WORDS = ("player", "players", "character", "characters", "yes")


def convert_st(decision: Decision, value: Any) -> Any:
    opts = decision.options()
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in CHOICE_WORDS \
            and value not in opts:
        # Written as a choice mapping: `huntsman: {character: steward}` is `huntsman: steward`.
        value = next(iter(value.values()))
        if value is True and "yes" in opts:
            value = "yes"
        elif value is False and "no" in opts:
            value = "no"
    if value in opts:
        return value
    if value == "no" and None in opts:
        return None
    if isinstance(value, str):
        try:
            cid = D.get(value).id
            if cid in opts:
                return cid
        except ClocktowerError:
            pass
    if isinstance(value, list):
        for o in opts:
            if same(o, value):
                return o
    return value


def build_script(sc: Scenario) -> Script:
    if sc.script is None:
        ids = []
        for p in sc.players:
            for c in (p["character"], p.get("thinks")):
                if c and c not in ids:
                    ids.append(c)
        for c in sc.bluffs or []:
            if c not in ids:
                ids.append(c)
        return load_script(ids)
    spec = sc.script
    if isinstance(spec, str):
        # A relative path is read next to the scenario file (else from the working folder).
        beside = Path(sc.file).parent / spec
        if not Path(spec).is_absolute() and beside.is_file() and not Path(spec).is_file():
            spec = str(beside)
    try:
        return load_script(spec)
    except ClocktowerError as e:
        raise ScenarioError(sc.file, sc.script_line, str(e)) from None


def _not_dealt(sc: Scenario, script: Script) -> list[str]:
    """The characters in play without a seat: as written (an extension: docs/scenarios.md),
    else what the grimoire implies by the setup rules (`implied_not_dealt`: Lil' Monsta
    when no player has a Demon and no player's setup change removes it)."""
    if sc.not_dealt is not None:
        return sorted(set(sc.not_dealt))
    return implied_not_dealt(script.characters, [p["character"] for p in sc.players],
                             REGISTRY)


def _deal(sc: Scenario, game: Game, script: Script) -> None:
    """A setup the engine deals (`deal:`): the bag with the characters included and
    without those excluded, drawn with the scenario's seed, then the setup changes, the
    Storyteller's setup decisions (written under `storyteller:` or the default policy) and
    the bluffs, as in any random game. The `setup` event records the deal
    (`grimoire: dealt`, `deal`), so the log replays (engine/inputs.py)."""
    deal = sc.deal
    assert deal is not None
    for k in ("include", "exclude"):
        for c in deal[k]:
            if c not in script.characters:
                raise ScenarioError(sc.file, deal.get(k + "_line", deal["line"]),
                                    f"deal {k}: {c!r} is not on the script")
    extra: dict[str, Any] = {"grimoire": "dealt",
                             "deal": {"include": list(deal["include"]),
                                      "exclude": list(deal["exclude"])}}
    if isinstance(script.meta, dict) and script.meta:
        extra["script_meta"] = script.meta
    try:
        setup_random(game, [p["name"] for p in sc.players], deal["travellers"],
                     include=deal["include"], exclude=deal["exclude"], extra=extra)
    except ScenarioError:
        raise
    except IllegalAnswer as e:
        raise ScenarioError(sc.file, deal["line"], str(e)) from None
    except ClocktowerError as e:
        raise ScenarioError(sc.file, deal["line"], f"cannot deal: {e}") from None


def setup_game(sc: Scenario, plan: dict | None = None,
               stop_at: tuple | None = None) -> tuple[Game, ScenarioAnswers]:
    script = build_script(sc)
    if sc.deal is not None:
        game = Game(script, REGISTRY, seed=sc.seed)
        answers = ScenarioAnswers(sc, game, plan, stop_at)
        game.answerers["storyteller"] = answers.storyteller
        game.default_answerer = answers.player
        game.on_forced = lambda d, _v: answers.forced(d, game)
        _deal(sc, game, script)
        _check_setup_keys(sc, answers)
        return game, answers
    missing = sorted({p["character"] for p in sc.players if p["character"] not in REGISTRY}
                     | {p["thinks"] for p in sc.players if p.get("thinks") and p["thinks"] not in REGISTRY})
    if missing:
        line = next(p["line"] for p in sc.players
                    if p["character"] in missing or p.get("thinks") in missing)
        raise ScenarioError(sc.file, line, "characters not implemented yet: " + ", ".join(missing))
    game = Game(script, REGISTRY, seed=sc.seed)
    answers = ScenarioAnswers(sc, game, plan, stop_at)
    game.answerers["storyteller"] = answers.storyteller
    game.default_answerer = answers.player
    game.on_forced = lambda d, _v: answers.forced(d, game)
    grimoire = [{"name": p["name"], "character": p["character"], "alignment": p.get("alignment"),
                 "thinks": p.get("thinks")} for p in sc.players]
    try:
        # The grimoire as written is the log's setup event (engine/inputs.py).
        setup_written(game, grimoire, sc.bluffs, _not_dealt(sc, script))
    except IllegalAnswer as e:
        raise ScenarioError(sc.file, None, str(e)) from None
    _check_setup_keys(sc, answers)
    return game, answers


def _check_setup_keys(sc: Scenario, answers: ScenarioAnswers) -> None:
    unused = set(sc.setup_storyteller) - answers.setup_used
    if unused:
        k = sorted(unused)[0]
        raise ScenarioError(sc.file, sc.setup_storyteller[k].line,
                            f"storyteller setup key {k!r} was not used by any setup decision")


def run_scenario(sc: Scenario) -> Result:
    """Run the scenario. Written information for a sober, healthy player that is not legal
    with the registrations the default policy chose is legal when some registration makes
    it true: the runner then re-runs the file with those registrations (the first that
    works, fewest false registrations first)."""
    plan: dict = {}
    runs = [0]
    while True:
        try:
            return _play(sc, plan, None, runs)
        except _NeedRegistrations as need:
            found = _solve(sc, plan, need, runs)
            if found is None:
                raise need.error from None
            plan = found


def _combos(regs: list[_Reg]):
    """Every answer to `regs`, fewest changes from each one's first candidate first."""
    sizes = [len(r.candidates) for r in regs]
    total = math.prod(sizes)
    if total > MAX_COMBOS:
        return None
    picks = sorted(itertools.product(*[range(n) for n in sizes]),
                   key=lambda ix: (sum(1 for i in ix if i), ix))
    return [{r.seq: (r.player, r.purpose, r.candidates[i]) for r, i in zip(regs, ix)}
            for ix in picks]


def _solve(sc: Scenario, plan: dict, need: _NeedRegistrations, runs: list[int]) -> dict | None:
    """Registration answers under which the information `need` is about is legal."""
    free = [r for r in need.regs if r.seq not in plan and len(r.candidates) > 1]
    combos = _combos(free) if free else []
    if combos is None:
        raise ScenarioError(need.error.file, need.error.line, need.error.reason
                            + " (too many registrations to try: write `registers:`)")
    for combo in combos:
        trial = {**plan, **combo}
        try:
            _play(sc, trial, need.key, runs)
        except _Reached:
            return trial
        except _NeedRegistrations as again:
            if again.key == need.key:       # more registrations asked under this trial
                deeper = _solve(sc, trial, again, runs)
                if deeper is not None:
                    return deeper
        except _GaveUp:
            raise
        except ScenarioError:       # this registration leads to an error before it: not it
            pass
    return None


def _play(sc: Scenario, plan: dict, stop_at: tuple | None, runs: list[int]) -> Result:
    runs[0] += 1
    if runs[0] > MAX_RUNS:
        raise _GaveUp(sc.file, None, f"gave up after {MAX_RUNS} runs looking for "
                            "registrations that make the written information legal: "
                            "write `registers:`")
    game, answers = setup_game(sc, plan, stop_at)
    steps = _Steps(sc, answers)
    try:
        drive(game, steps)
    except ScenarioError:
        raise
    except IllegalAnswer as e:
        raise ScenarioError(sc.file, _error_line(e, steps.step, steps.step.line),
                            str(e)) from None
    while steps.begin(game, ""):        # the steps after the game's end: their expectations
        steps.end(game, "")
    answers.begin_step(len(sc.steps), None)
    steps.failures += check(sc, game, answers, sc.expect, "end", steps.last_night,
                            steps.last_day, 0)
    return Result(sc.file, sc.name, steps.failures, game, answers.defaulted)


class _Steps(Days):
    """The scenario's steps as the game driver's phases (`engine/driver.py`): each step's
    written rulings at dusk, its written day actions, and its expectations after it."""

    end_day_after_game_over = True

    def __init__(self, sc: Scenario, answers: ScenarioAnswers):
        self.sc = sc
        self.answers = answers
        self.index = -1
        self.step: Step = sc.steps[0] if sc.steps else Step("night", 1, 0)
        self.start = 0
        self.failures: list[Failure] = []
        self.last_night: int | None = None
        self.last_day: int | None = None

    def begin(self, game: Game, kind: str) -> bool:
        if self.index + 1 >= len(self.sc.steps):
            return False
        self.index += 1
        step = self.step = self.sc.steps[self.index]
        self.answers.begin_step(self.index, step)
        game.register_overrides = {k: n.value for k, n in step.registers.items()}
        self.start = len(game.log)
        return True

    def dusk(self, game: Game) -> None:
        _rulings(self.sc, game, self.step.rulings)

    def day(self, game: Game) -> None:
        for kind, body, line in self.step.actions:
            if body.get("refused") is not None:
                self.failures += _refused_action(self.sc, game, self.step, kind, body, line)
                if game.winner:
                    break
                continue
            try:
                _action(game, kind, body)
            except (GameOver, ScenarioError):
                raise
            except ClocktowerError as e:
                raise ScenarioError(self.sc.file, _error_line(e, self.step, line),
                                    str(e)) from None
            if game.winner:
                break

    def end(self, game: Game, kind: str) -> None:
        sc, step = self.sc, self.step
        if step.kind == "night":
            self.last_night = step.number
        else:
            self.last_day = step.number
        _check_unused(sc, step, self.answers, game)
        self.failures += self.answers.refused_failures
        self.answers.refused_failures = []
        self.failures += check(sc, game, self.answers, step.expect,
                               f"{step.kind} {step.number}", self.last_night, self.last_day,
                               self.start)
        game.register_overrides = {}


def _error_line(e: ClocktowerError, step: Step, default: int) -> int:
    """The line an engine error is about: a registration the player cannot take is the
    `registers:` entry written for them, else `default`."""
    if isinstance(e, IllegalAnswer) and e.decision.kind == "register":
        node = step.registers.get(str(e.decision.context.get("player")))
        if node is not None:
            return node.line
    return default


def _rulings(sc: Scenario, game: Game, rulings: list[tuple[dict, int]]) -> None:
    """A night's written rulings, at dusk (an input each: engine/rulings.py)."""
    for r, line in rulings:
        try:
            game.ruling(r)
        except GameOver:
            raise
        except ClocktowerError as e:
            raise ScenarioError(sc.file, line, f"ruling {r}: {e}") from None


def _refused_action(sc: Scenario, game: Game, step: Step, kind: str, body: dict,
                    line: int) -> list[Failure]:
    """A day action written to be refused (`refused: true`, or the words its reason must
    contain): it holds when the engine refuses it before anything happens; accepted, it is
    carried out and fails."""
    want = body["refused"]
    mark = len(game.log)
    label = f"{step.kind} {step.number}"
    what = f"{kind} {({k: v for k, v in body.items() if k != 'refused'})}"
    try:
        _action(game, kind, body)
    except GameOver:
        pass
    except ScenarioError:
        raise
    except ClocktowerError as e:
        if len(game.log) != mark:
            raise ScenarioError(sc.file, line, f"{what} was refused only after it had begun "
                                f"({e}): it cannot be written as refused") from None
        if isinstance(want, str) and " ".join(want.split()) not in " ".join(str(e).split()):
            return [Failure(label, f"refused: {want}", line,
                            f"refused for another reason: {e}")]
        return []
    return [Failure(label, f"refused: {what}", line, "accepted",
                    [e for e in game.log[mark:] if e["type"] != "decision"][-12:])]


def _check_unused(sc: Scenario, step: Step, answers: ScenarioAnswers, game: Game) -> None:
    if game.winner is not None:
        return
    for who, node in step.refused.items():
        v = node.value
        keys = ([f"{who}.{ab}" for ab in v] if isinstance(v, dict)
                and not (set(v) & set(CHOICE_WORDS)) else [who])
        for k in keys:
            if k not in answers.refused_tried:
                raise ScenarioError(sc.file, node.line,
                                    f"a refused choice is written for {k.replace('.', ' (')}"
                                    + (")" if "." in k else "") + ", who was not "
                                    + ("woken" if step.kind == "night" else "asked")
                                    + f" to choose on {step.kind} {step.number}")
    for who, node in step.choices.items():
        v = node.value
        if isinstance(v, dict) and not (set(v) & {"player", "players", "character", "characters", "yes"}):
            for ab in v:
                if f"{who}.{ab}" not in answers.used:
                    raise ScenarioError(sc.file, node.line,
                                        f"a choice is written for {who} ({ab}), who was not woken "
                                        f"for it on night {step.number}")
        elif who not in answers.used:
            raise ScenarioError(sc.file, node.line,
                                f"a choice is written for {who}, who was not "
                                + ("woken" if step.kind == "night" else "asked")
                                + f" to choose on {step.kind} {step.number}")
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v) \
                and answers.picks.get(who, 0) < len(v):
            raise ScenarioError(sc.file, node.line,
                                f"the choice for {who} lists {len(v)} picks, but only "
                                f"{answers.picks.get(who, 0)} were asked on {step.kind} "
                                f"{step.number}")
    for key, node in step.storyteller.items():
        if ("st:" + key) not in answers.used:
            what = (f"information for {key}, who learned nothing" if key in game.by_name
                    else f"storyteller decision {key!r}, which was not needed")
            raise ScenarioError(sc.file, node.line, f"{what} on {step.kind} {step.number}")


def _action(game: Game, kind: str, body: dict) -> None:
    """A written day action, as an input of the game (engine/inputs.py)."""
    if kind == "ruling":
        game.ruling(body)
        return
    if kind == "nominate":
        action = ({"nominate": body["target"], "hands": list(body["hands"])} if "hands" in body
                  else {"nominate": body["target"], "votes": list(body["votes"])})
        if body.get("claim"):
            action["claim"] = body["claim"]
    elif kind == "exile":
        action = {"exile": body["target"], "votes": list(body["votes"])}
    else:
        action = {"ability": body["character"], **body["args"]}
    day_action(game, body["by"], action)


# ---------------------------------------------------------------------------- expectations
def check(sc: Scenario, game: Game, answers: ScenarioAnswers, expects, where: str,
          last_night, last_day, start: int) -> list[Failure]:
    out = []
    for key, value, line in expects:
        if key == "options":
            ok, found = _options_hold(sc, answers, value, line)
        else:
            ok, found = _holds(game, answers, key, value, last_night, last_day)
        if not ok:
            rel = _relevant(game.log[start:], value, key)
            out.append(Failure(where, f"{key}: {value}", line, found, rel))
    return out


@dataclass
class _At:
    """Where an expectation is checked: the game, the scenario's answers, and the night
    and day the step ends on."""

    game: Game
    answers: ScenarioAnswers
    last_night: Any
    last_day: Any


def _holds(game: Game, answers: ScenarioAnswers, key: str, v: Any, last_night, last_day):
    """Whether expectation `key: v` holds, and what was found instead (`_EXPECT`)."""
    holds = _EXPECT.get(key)
    if holds is None:
        return False, f"unknown expectation {key}"
    return holds(_At(game, answers, last_night, last_day), v)


def _alive(at: _At, v: Any) -> tuple[bool, str]:
    bad = [n for n in v if not at.game.by_name[n].alive]
    return not bad, f"dead: {bad}"


def _dead(at: _At, v: Any) -> tuple[bool, str]:
    bad = [n for n in v if at.game.by_name[n].alive]
    return not bad, f"alive: {bad}"


def _winner(at: _At, v: Any) -> tuple[bool, str]:
    game = at.game
    w = game.winner or "none"
    return w == v, f"winner {w}" + (f" ({game.win_reason})" if game.win_reason else "")


def _character(at: _At, v: Any) -> tuple[bool, str]:
    P = at.game.by_name
    wrong = {n: P[n].character for n, c in v.items() if P[n].character != c}
    return not wrong, f"characters {wrong}"


def _alignment(at: _At, v: Any) -> tuple[bool, str]:
    P = at.game.by_name
    wrong = {n: P[n].alignment for n, a in v.items() if P[n].alignment != a}
    return not wrong, f"alignments {wrong}"


def _poisoned(at: _At, v: Any) -> tuple[bool, str]:
    bad = [n for n in v if not at.game.is_poisoned(at.game.by_name[n])]
    return not bad, f"not poisoned: {bad}"


def _drunk(at: _At, v: Any) -> tuple[bool, str]:
    bad = [n for n in v if not at.game.is_drunk(at.game.by_name[n])]
    return not bad, f"not drunk: {bad}"


def _sober(at: _At, v: Any) -> tuple[bool, str]:
    bad = [n for n in v if at.game.droisoned(at.game.by_name[n])]
    return not bad, f"drunk or poisoned: {bad}"


def _executed(at: _At, v: Any) -> tuple[bool, str]:
    ex = [e["player"] for e in at.game.log if e["type"] == "execution"
          and e["number"] == at.last_day and e["phase"] == "day"]
    got = ex[0] if ex else "nobody"
    return got == v, f"executed: {got}"


def _died_tonight(at: _At, v: Any) -> tuple[bool, str]:
    died = [e["player"] for e in at.game.log if e["type"] == "death" and e["phase"] == "night"
            and e["number"] == at.last_night]
    return sorted(died) == sorted(v), f"died that night: {died}"


def _learned(at: _At, v: Any) -> tuple[bool, str]:
    cands = _learns(at.game, v)
    other = _learns(at.game, {"player": v["player"],
                              **{k: v[k] for k in ("night", "day") if k in v}}, fields=False)
    return bool(cands), "learned instead: " + (str(other) if other else "nothing")


def _may_learn(at: _At, v: Any) -> tuple[bool, str]:
    want = {k: x for k, x in v.items() if k not in ("player", "night", "day")}
    for pl, phase, num, opts in at.answers.info_options:
        if pl != v["player"]:
            continue
        if "night" in v and (phase, num) != ("night", v["night"]):
            continue
        if "day" in v and (phase, num) != ("day", v["day"]):
            continue
        for o in opts:
            if all(k in o and same(o[k], x) for k, x in want.items()):
                return True, ""
    if _learns(at.game, v):        # shown without a choice (Minion/Demon info, setup): legal
        return True, ""
    return False, "that information is not among the legal answers"


def _hands(at: _At, v: Any) -> tuple[bool, str]:
    log = at.game.log
    day = v.get("day", at.last_day)
    noms = [e for e in log if e["type"] == "nomination" and e["phase"] == "day"
            and e["number"] == day and e["target"] == v["nominee"]]
    if not noms:
        return False, f"{v['nominee']} was not nominated (and voted on) on day {day}"
    counted = noms[-1]["voters"]
    refused = [e["player"] for e in log if e["type"] == "hand_refused"
               and e["phase"] == "day" and e["number"] == day
               and e["target"] == v["nominee"]]
    ok = all(same(want, got) for want, got in ((v.get("counted"), counted),
                                                (v.get("refused"), refused))
             if want is not None)
    return ok, f"counted: {counted}, refused: {refused}"


def _event(at: _At, v: Any) -> tuple[bool, str]:
    hits = _events(at.game, v)
    return bool(hits), "no such event"


def _no_event(at: _At, v: Any) -> tuple[bool, str]:
    hits = _events(at.game, v)
    return not hits, f"found {hits[:2]}"


def _events(game: Game, v: dict) -> list[dict]:
    return [e for e in game.log if all(k in e and same(e[k], x) for k, x in v.items())]


def _where_characters(key: str) -> Callable[[_At, Any], tuple[bool, str]]:
    return lambda at, v: _setup_holds(at.game, key, v)


# Each expectation key (but `options`, which `check` asks of the decisions asked): whether
# it holds and what was found instead.
_EXPECT: dict[str, Callable[[_At, Any], tuple[bool, str]]] = {
    "alive": _alive, "dead": _dead, "winner": _winner, "character": _character,
    "alignment": _alignment, "poisoned": _poisoned, "drunk": _drunk, "sober": _sober,
    "executed": _executed, "died_tonight": _died_tonight, "learned": _learned,
    "may_learn": _may_learn, "hands": _hands, "event": _event, "no_event": _no_event,
    **{key: _where_characters(key) for key in ("neighbours", "thinks", "teams", "in_play",
                                    "not_in_play")},
}


def _is(game: Game, p, spec: str) -> bool:
    """Whether player `p` is what a setup expectation names: that player, a player of that
    team or alignment, or a player with that true character (now)."""
    if spec in game.by_name:
        return p.name == spec
    if spec in TEAM_WORDS:
        return D.get(p.character).team == spec
    if spec in ALIGNMENT_WORDS:
        return p.alignment == spec
    return p.character == spec


def _who(game: Game, p) -> str:
    return f"{p.name} ({p.character})"


def seat_neighbours(game: Game, p) -> list:
    """The players on either side of `p`, alive or dead; Travellers are skipped (they sit
    outside the deal: the Marionette's neighbours are counted so too)."""
    seats = [q for q in game.players if not q.traveller or q is p]
    if len(seats) < 2:
        return []
    i = seats.index(p)
    out = [seats[i - 1], seats[(i + 1) % len(seats)]]
    return [q for j, q in enumerate(out) if q is not p and q not in out[:j]]


def _setup_holds(game: Game, key: str, v: Any) -> tuple[bool, str]:
    """The expectations on where the characters are (extension, issue 17), on the game now
    (written at setup or in the first step: where the setup put them)."""
    if key in ("in_play", "not_in_play"):
        bad = [c for c in v if game.in_play(c) != (key == "in_play")]
        return not bad, ("not in play: " if key == "in_play" else "in play: ") + str(bad)
    if key == "teams":
        counts = {t: sum(1 for p in game.players if D.get(p.character).team == t)
                  for t in TEAM_WORDS}
        counts.update({a: sum(1 for p in game.players if p.alignment == a)
                       for a in ALIGNMENT_WORDS})
        ok = all(counts[t] == n for t, n in v.items())
        return ok, "teams: " + str({t: n for t, n in counts.items() if n or t in v})
    problems = []
    for spec, want in v.items():
        players = [p for p in game.players if _is(game, p, spec)]
        if not players:
            problems.append(f"no player is {spec}")
            continue
        for p in players:
            if key == "neighbours":
                around = seat_neighbours(game, p)
                if not any(_is(game, q, w) for q in around for w in want):
                    problems.append(f"{_who(game, p)} sits between "
                                    + " and ".join(_who(game, q) for q in around))
                continue
            thinks = p.thinks
            if thinks is None:
                problems.append(f"{_who(game, p)} thinks they are what they are")
                continue
            team = D.get(thinks).team
            if isinstance(want, list):
                ok = thinks in want or team in want
            else:
                ok = (("character" not in want or thinks in want["character"])
                      and ("team" not in want or team in want["team"])
                      and ("in_play" not in want or game.in_play(thinks) == want["in_play"]))
            if not ok:
                problems.append(f"{_who(game, p)} thinks they are the {thinks} ({team}, "
                                + ("in play" if game.in_play(thinks) else "not in play") + ")")
    return not problems, "; ".join(problems)


def _options_hold(sc: Scenario, answers: ScenarioAnswers, v: dict, line: int):
    """The `options` expectation: every decision it names (there must be one) offers each
    `include` answer and none of the `exclude` answers."""
    recs = []
    for phase, number, d, opts in answers.asked:
        if "night" in v and (phase, number) != ("night", v["night"]):
            continue
        if "day" in v and (phase, number) != ("day", v["day"]):
            continue
        ctx = d.context
        if "player" in v:
            ok = d.who == v["player"] and d.kind != "vote" \
                and ("ability" not in v or ctx.get("ability") == v["ability"])
        elif "info" in v:
            ok = d.who == "storyteller" and d.kind == "info" and ctx.get("player") == v["info"] \
                and ("ability" not in v or ctx.get("ability") == v["ability"])
        elif "registers" in v:
            ok = d.kind == "register" and ctx.get("player") == v["registers"] \
                and ("ability" not in v or ctx.get("purpose") == v["ability"])
        else:
            ok = d.who == "storyteller" and d.kind != "info" and d.kind != "register" \
                and ctx.get("key") in (v["key"], "setup." + v["key"])
        if ok:
            recs.append((phase, number, d, opts))
    whose = (f"{v['player']}'s choice" if "player" in v else
             f"the information for {v['info']}" if "info" in v else
             f"{v['registers']}'s registration" if "registers" in v else
             f"storyteller {v['key']}")
    when = (f" on night {v['night']}" if "night" in v else
            f" on day {v['day']}" if "day" in v else "")
    if not recs:
        return False, f"{whose} was not asked{when}"
    problems = []
    for phase, number, d, opts in recs:
        missing = [it for it in v.get("include", [])
                   if not any(_offers(sc, d, opts, it, o, line, whose) for o in opts)]
        offered = [it for it in v.get("exclude", [])
                   if any(_offers(sc, d, opts, it, o, line, whose) for o in opts)]
        at = "setup" if phase == "setup" else f"{phase} {number}"
        if missing:
            problems.append(f"{at}: not offered {missing}")
        if offered:
            problems.append(f"{at}: offered {offered}")
        if missing or offered:
            shown = ", ".join(repr(o) for o in opts[:8]) + (" ..." if len(opts) > 8 else "")
            problems.append(f"{len(opts)} legal answers: {shown}")
    return not problems, f"{whose}: " + "; ".join(problems)


def _offers(sc: Scenario, d: Decision, opts: list, item: Any, option: Any, line: int,
            whose: str) -> bool:
    """Whether legal answer `option` of decision `d` is the written answer `item` (for
    information and registrations: has every written field)."""
    if d.kind == "info":
        return isinstance(option, dict) and all(k in option and same(option[k], x)
                                                for k, x in item.items())
    if d.kind == "register":
        return _fits(option, item)
    if d.who == "storyteller":
        conv = convert_st(d, item)
        if conv is not None and not any(type(o) is type(conv) for o in opts):
            raise ScenarioError(sc.file, line, f"options: {item!r} is not an answer of the "
                                f"form of {whose}'s (legal answers include {opts[:3]})")
        return conv == option or (isinstance(conv, list) and isinstance(option, list)
                                  and same(conv, option))
    conv = convert_choice(d, item)
    if isinstance(d, PlayerChoice):
        if conv is not None and not (isinstance(conv, list) and len(conv) == d.count):
            raise ScenarioError(sc.file, line, f"options: {item!r} is not an answer to "
                                f"{whose} ({d.count} player{'s' if d.count > 1 else ''})")
    elif conv is not None and opts and not any(type(o) is type(conv) for o in opts):
        raise ScenarioError(sc.file, line, f"options: {item!r} is not an answer of the form "
                            f"of {whose} (legal answers include {opts[:3]})")
    return conv == option


def _learns(game: Game, v: dict, fields: bool = True) -> list[dict]:
    out = []
    for e in game.log:
        if e["type"] != "learn" or e.get("player") != v["player"]:
            continue
        if "night" in v and (e["phase"], e["number"]) != ("night", v["night"]):
            continue
        if "day" in v and (e["phase"], e["number"]) != ("day", v["day"]):
            continue
        if fields:
            want = {k: x for k, x in v.items() if k not in ("player", "night", "day")}
            if not all(k in e and same(e[k], x) for k, x in want.items()):
                continue
        out.append({k: x for k, x in e.items() if k not in ("visible_to", "type")})
    return out


# Event types that explain an expectation about the whole game rather than about names.
RELEVANT_TYPES = {
    "winner": {"death", "execution", "game_over", "character_change", "alignment_change"},
    "executed": {"nominate", "nomination", "execution", "death"},
    "hands": {"nominate", "nomination", "hand_refused", "reminder"},
    "died_tonight": {"death", "death_prevented", "death_redirected", "no_effect"},
    # where the setup put the characters: the grimoire, the beliefs, later changes
    **{k: {"setup", "reminder", "character_change", "alignment_change"}
       for k in ("neighbours", "thinks", "teams", "in_play", "not_in_play")},
}


def _relevant(events: list[dict], value: Any, key: str = "") -> list[dict]:
    types = RELEVANT_TYPES.get(key)
    if types is not None:
        return [e for e in events if e["type"] in types][-12:]
    names = set()
    if isinstance(value, dict):
        for k, x in value.items():
            if k == "player":
                names.add(x)
            elif isinstance(x, str):
                names.add(x)
            names.add(k)
    elif isinstance(value, list):
        names |= set(map(str, value))
    elif isinstance(value, str):
        names.add(value)
    rel = [e for e in events if e["type"] != "decision" and
           (not names or names & ({str(x) for x in e.values() if isinstance(x, str)}
                                  | {str(y) for x in e.values() if isinstance(x, list) for y in x}))]
    return rel[-12:]


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(path.rglob("*.yaml")) + sorted(path.rglob("*.yml"))
            if not found:
                raise ScenarioError(str(path), None,
                                    "no scenario files (*.yaml, *.yml) in this folder")
            files += found
        elif path.exists():
            files.append(path)
        else:
            raise ScenarioError(str(path), None, "no such file or directory")
    return files


def run_file(path: Path) -> Result:
    sc = load_file(path)
    return run_scenario(sc)
