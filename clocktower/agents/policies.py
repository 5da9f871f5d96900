"""Policies: named kinds of bot, so a simulation can say who plays each team.

A policy is a factory `(seed, player_name) -> answerer` registered under a name in
`POLICIES` (`register_policy`), and optionally a table `(seed, names) -> {name: answerer}`
that makes the bots of one game at once (`TABLES`: the random bots of a game share one
generator, `random_bots`); `make_agents` uses the table when there is one. "random" is `RandomBot`, "reasoning" is `ReasoningBot` (the
default); other bots register the same way, here, at import (pool and Ray workers import
the package fresh). `make_agents(names, seed, good, evil)` gives every player an answerer: the one
policy's bot when both teams play the same policy, else a `TeamPolicy` that holds both bots
and answers each decision with the bot of the team the player believes they are on now
(`view.alignment`, the alignment they were last told: it can change mid-game). Each bot
draws from its policy's generator, so a player's good and evil bots never share draws.

Register a policy here, at import: the simulator's worker processes (and Ray's) import this
module afresh, so a policy registered later by a program exists only in that process.
"""
from __future__ import annotations

from typing import Any, Callable

from .random_bot import RandomBot, random_bots
from .reasoning import ReasoningBot

Answerer = Callable[[Any, Any], object]
Factory = Callable[[int, str], Any]
Table = Callable[[int, list[str]], dict[str, Any]]

POLICIES: dict[str, Factory] = {}
TABLES: dict[str, Table] = {}
# Policies that call a service outside this process (a chat model's endpoint): never
# picked by "all" (`simulate --policy-table all`) nor offered by the web grimoire.
EXTERNAL: set[str] = set()


def local_policies() -> list[str]:
    """The registered policies that need no outside service, sorted."""
    return sorted(p for p in POLICIES if p not in EXTERNAL)


def register_policy(name: str, factory: Factory, table: Table | None = None) -> None:
    """Register (or replace) the policy `name`: `factory(seed, player_name) -> answerer`,
    and `table(seed, names) -> {name: answerer}` when the bots of one game are made together."""
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"a policy name is letters, digits, '-' or '_', not {name!r}")
    POLICIES[name] = factory
    if table is not None:
        TABLES[name] = table
    else:
        TABLES.pop(name, None)


def bots_of(policy: str, seed: int, names: list[str]) -> dict[str, Any]:
    """The bots of `policy` for `names` in one game: its table's, else one from its factory each."""
    table = TABLES.get(policy)
    if table is not None:
        return table(seed, names)
    return {n: POLICIES[policy](seed, n) for n in names}


register_policy("random", lambda seed, name: RandomBot(seed, name), random_bots)
register_policy("reasoning", lambda seed, name: ReasoningBot(seed, name))   # docs/bots.md


def _llm_one(seed: int, name: str) -> Any:
    from .llm import LLMConfig, LLMPlayer
    return LLMPlayer(seed, name, LLMConfig.from_env())


def _llm_table(seed: int, names: list[str]) -> dict[str, Any]:
    from .llm import llm_bots
    return llm_bots(seed, names)


# a chat model behind an OpenAI-compatible endpoint (docs/agents.md, LLM players)
register_policy("llm", _llm_one, _llm_table)
EXTERNAL.add("llm")


def default_policy() -> str:
    """The bots a simulation uses when none are named: the reasoning bots when registered."""
    return "reasoning" if "reasoning" in POLICIES else "random"


def check_policy(name: str, option: str = "--bots") -> str:
    from ..errors import ClocktowerError
    if name not in POLICIES:
        raise ClocktowerError(f"{option} {name!r}: unknown policy; known: "
                              f"{', '.join(sorted(POLICIES))}")
    return name


def team_policies(bots: str, good_bots: str | None = None,
                  evil_bots: str | None = None) -> tuple[str, str]:
    """(good, evil) from the options `--bots` and `--good-bots` / `--evil-bots` (each team's
    own, when given, over `--bots`), checked; an unknown name is blamed on the option that
    gave it."""
    return (check_policy(good_bots or bots, "--good-bots" if good_bots else "--bots"),
            check_policy(evil_bots or bots, "--evil-bots" if evil_bots else "--bots"))


class TeamPolicy:
    """One player's answerer when good and evil play different policies: each decision goes
    to `good` or `evil` according to the alignment in the player's own view."""

    def __init__(self, good: Any, evil: Any):
        self.good = good
        self.evil = evil
        # Asked for turns to talk (`runner.talk_turn`) when either bot speaks; the bot of
        # the player's team then answers, or passes for one that never speaks.
        self.speaks = _speaks(good) or _speaks(evil)

    def bot(self, view) -> Any:
        return self.evil if view.alignment == "evil" else self.good

    def __call__(self, decision: Any, view) -> object:
        bot = self.bot(view)
        if decision.kind == "speak" and not _speaks(bot):
            return None
        return bot(decision, view)


class FastTeamPolicy(TeamPolicy):
    """A `TeamPolicy` whose two bots both offer the engine's fast paths (`fast_vote`,
    `fast_day_action`): it offers them too, from the same class as its `__call__`."""

    def __call__(self, decision: Any, view) -> object:
        bot = self.bot(view)
        if decision.kind == "speak" and not _speaks(bot):
            return None
        return bot(decision, view)

    def fast_vote(self, view) -> bool:
        return self.bot(view).fast_vote(view)

    def fast_day_action(self, view, nominees, uses, exiles):
        return self.bot(view).fast_day_action(view, nominees, uses, exiles)


def _speaks(bot: Any) -> bool:
    """Whether `bot` asks for turns to talk (`runner.talk_turn`)."""
    return getattr(bot, "speaks", False) is True


def _fast(bot: Any) -> bool:
    from ..engine.game import _fast_ok
    return _fast_ok(type(bot), "fast_vote") and _fast_ok(type(bot), "fast_day_action")


def make_agents(names: list[str], seed: int, good: str, evil: str) -> dict[str, Any]:
    """name -> answerer for each player: `good`'s bot when they are good, `evil`'s when evil."""
    check_policy(good, "--good-bots")
    check_policy(evil, "--evil-bots")
    if good == evil:
        return bots_of(good, seed, names)
    goods, evils = bots_of(good, seed, names), bots_of(evil, seed, names)
    out: dict[str, Any] = {}
    for n in names:
        g, e = goods[n], evils[n]
        out[n] = FastTeamPolicy(g, e) if _fast(g) and _fast(e) else TeamPolicy(g, e)
    return out
