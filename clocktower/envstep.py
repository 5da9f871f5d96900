"""The environment's step, compiled (`clocktower.env`, docs/agents.md).

`clocktower.env.ClocktowerEnv` subclasses PettingZoo's `AECEnv`, which mypyc cannot compile
(its base is an interpreted class, and the `env` extra is optional at build time). What it
does at every step is here instead, in a module of the compiled core (`_compiled.py`) that
imports neither PettingZoo nor numpy: `Core` (one game's `step`, `last`, `observe`: the
environment binds them at `reset`), the public table at one moment (`Table`, kept across
the events that change nothing it shows), the agents' iterator (`AgentIter`) and the
project's bots as agents (`BotAgent`). The rare paths (the game's end and its rewards, a
truncated agent handed over to its bot, the observation's parts made when read) stay in
`env.py` and are called back; the step of an agent that is done (`dead_step`) and the
choice of the next agent (`pick`) are here. Same steps, answers and observations in
either build.
"""
from __future__ import annotations

from typing import Any, Callable, cast

from .engine.decisions import DayActionChoice, Decision, VoteChoice
from .engine.game import Game, _fast_ok
from .engine.session import Session
from .errors import IllegalAnswer

STORYTELLER = "storyteller"


NOBODY: frozenset[str] = frozenset()      # (the empty parts of a table, shared)
NO_CLAIMS: dict[str, str] = {}              # (never changed: a `Table` is only read)


class Table:
    """The public table at one moment (what `PlayerView.table()` reads), kept cheaply:
    every change to it is an event, so one snapshot serves while the log does not grow."""

    def __init__(self, g: Game, names: list[str], seats: list[int], traveller: list[bool]):
        self.phase: str = g.phase
        self.day: int = g.day
        self.night: int = g.night
        self.winner: str | None = g.winner
        self.names = names              # the same all game (shared by the snapshots)
        self.seats = seats
        self.traveller = traveller
        players = g.players
        self.alive: list[bool] = [p.alive for p in players]
        self.ghost: list[bool] = [p.ghost_vote for p in players]
        self.nominations: list[dict] = list(g.nominations_today)
        # (sets, copied: sorted when shown, `to_json`; a sort of names at every change of
        # the table was two thirds of the snapshot's cost)
        self.nominees: frozenset[str] = frozenset(g.nominees) if g.nominees else NOBODY
        self.nominators: frozenset[str] = frozenset(g.nominators) if g.nominators else NOBODY
        claims = g.claims_today
        self.claims: dict[str, str] = dict(claims) if claims else NO_CLAIMS

    def to_json(self) -> dict:
        return {"phase": self.phase, "day": self.day, "night": self.night,
                "players": [{"name": n, "seat": s, "alive": a, "ghost_vote": gv,
                             "traveller": t}
                            for n, s, a, gv, t in zip(self.names, self.seats, self.alive,
                                                      self.ghost, self.traveller)],
                "nominations": [dict(e) for e in self.nominations],
                "nominees": sorted(self.nominees), "nominators": sorted(self.nominators),
                "claims": dict(self.claims), "winner": self.winner}


# Events that change nothing the table shows (`Table`): every change to it is an event of
# another type (a death, a nomination, a claim, a phase, the game's end, a ghost vote
# spent: a dead voter's raised hand), so the snapshot is kept across these.
QUIET = frozenset(("wake", "choice", "learn", "reminder", "reminder_removed", "judgement",
                   "declined", "choose_again", "statement", "whisper", "whispered", "talk"))


def unchanged(log: list[dict], start: int, end: int, table: Table) -> bool:
    """Whether the events log[start:end] leave `table` as it is."""
    for i in range(start, end):
        ev = log[i]
        t = ev["type"]
        if t in QUIET:
            continue
        if t != "decision":
            return False
        kind = ev["kind"]
        if kind == "vote":
            who = ev["who"]
            names = table.names
            if who not in names or not table.alive[names.index(who)]:
                return False                # a ghost vote spent
        elif kind == "day_action":
            return False
    return True


# Answers that are not an index (a numpy integer is one): told apart without `isinstance`.
ANSWERS = frozenset((bool, dict, list, str, type(None), float, tuple))


class Core:
    """One game's stepping (from `reset` to the next): `env` is the `ClocktowerEnv` (its
    PettingZoo state: `agent_selection`, the reward and done tables), `session` the game.
    `new_obs()` makes an empty `Observation` (`env.py`), `is_index(x)` says whether an
    action of another type than those of an answer is an index (a numpy integer)."""

    def __init__(self, env: Any, session: Session, new_obs: Callable[[], Any],
                 is_index: Callable[[Any], bool], max_actions: int, illegal: str,
                 max_cycles: int | None, max_steps: int | None):
        self.env = env
        self.session = session
        self.new_obs = new_obs
        self.is_index = is_index
        # The env's own tables of this game, the same objects (made by `reset`, changed in
        # place only): read here without a lookup on the env.
        self.agents: list[str] = env.agents
        self.done: set[str] = env._done
        self.rewards: dict[str, float] = env.rewards
        self.decisions: dict[str, int] = env.decisions
        self.cumulative: dict[str, float] = env._cumulative_rewards
        self.terminations: dict[str, bool] = env.terminations
        self.truncations: dict[str, bool] = env.truncations
        self.infos: dict[str, dict] = env.infos
        self.selected = ""              # env.agent_selection (a property reading this)
        self.max_actions = max_actions
        self.wrap = illegal == "wrap"
        self.max_cycles = max_cycles
        self.max_steps = max_steps
        self.steps = 0
        # This moment's observations (emptied at each step): the selected agent's (the one
        # read at every step: `last`; `current_for` is whose it is), then any other's.
        self.current: Any = None
        self.current_for = ""
        self.cache: dict[str, Any] = {}
        self.kept: list[Any] = []               # every observation made (`env._release`)
        # Each agent's narration of this game so far (`env._Snap`, `env._text`): kept per
        # game, so that an observation read after the next `reset` is still its game's.
        self.lines: dict[str, Any] = {}
        self.table: Table | None = None
        self.table_at = -1
        self.names: list[str] | None = None     # the seating's names, seats, Travellers
        self.seats: list[int] = []
        self.traveller: list[bool] = []

    def pick(self) -> None:
        """The next agent to step: one that is done (to be removed), else the one the
        pending decision is for; at the game's end (`env._end`), everyone is done, with
        the rewards."""
        d = self.session._pending
        agents = self.agents
        if d is None and agents:
            terminations = self.terminations
            for a in agents:
                if not terminations[a]:
                    self.env._end()
                    break
        done = self.done
        if done:
            for a in agents:
                if a in done:
                    self.selected = a
                    return
        if d is not None:
            self.selected = d.who

    def dead_step(self, action: Any) -> None:
        """The step of an agent that is done: it leaves the tables (PettingZoo's rule)."""
        if action is not None:
            raise ValueError("an agent that is done is stepped with None")
        agent = self.selected
        del self.terminations[agent]
        del self.truncations[agent]
        rewards = self.rewards
        del rewards[agent]
        del self.cumulative[agent]
        del self.infos[agent]
        self.agents.remove(agent)
        self.done.discard(agent)
        for a in rewards:
            rewards[a] = 0.0
        if self.agents:
            self.pick()

    # ---- the step ----------------------------------------------------------------------
    def step(self, action: Any) -> None:
        env = self.env
        agent = self.selected
        done = self.done
        if done and agent in done:
            self.dead_step(action)
            return
        s = self.session
        d = s._pending
        if d is None or d.who != agent:
            raise RuntimeError(f"step: no decision is pending for {agent}")
        cls = action.__class__
        if cls is int or (cls not in ANSWERS and self.is_index(action)):
            action = self.option(d, int(action))
        nxt = s.answer(action)                  # IllegalAnswer: nothing changed
        # (`_cumulative_rewards[agent] = 0`, as AEC environments do, is left out: rewards
        # are given only when the game ends, after which every step is a dead one)
        self.steps += 1
        self.current = None                     # the observations of the last moment
        if self.cache:
            self.cache.clear()
        if self.max_cycles is not None:
            n = self.decisions[agent] + 1
            self.decisions[agent] = n
            if n >= self.max_cycles and nxt is not None:
                env._hand_over(agent)
                nxt = s._pending
        if self.max_steps is not None and self.steps >= self.max_steps and nxt is not None:
            truncations = self.truncations
            for a in self.agents:
                truncations[a] = True
                done.add(a)
        if nxt is not None and not done:
            self.selected = nxt.who             # the usual step: nothing else changes
            return
        self.pick()
        env._accumulate_rewards()

    def option(self, d: Decision, i: int) -> Any:
        """The listed option `i` of `d` (an index action)."""
        n = d.n_options()
        if n > self.max_actions:
            n = self.max_actions
        if not 0 <= i < n:
            if self.wrap and n:
                i %= n
            else:
                raise IllegalAnswer(d, i, f"option {i} is not one of the {n} listed")
        return d.option(i)

    # ---- observations ------------------------------------------------------------------
    def observe(self, agent: str) -> Any:
        if agent == self.selected:
            obs = self.current
            if obs is None or self.current_for != agent:
                obs = self.current = self.observation(agent)
                self.current_for = agent
            return obs
        obs = self.cache.get(agent)
        if obs is None:
            obs = self.cache[agent] = self.observation(agent)
        return obs

    def last(self, observe: bool = True) -> tuple:
        """PettingZoo's `last`: the observation, cumulative reward, termination, truncation
        and info of `agent_selection`."""
        agent = self.selected
        obs: Any = None
        if observe:
            obs = self.current
            if obs is None or self.current_for != agent:
                obs = self.current = self.observation(agent)
                self.current_for = agent
        if not self.done:
            # While no agent is done, no reward was given (they come at the game's end)
            # and none is terminated or truncated (each is added to `done` then).
            return (obs, 0.0, False, False, self.infos[agent])
        return (obs, self.cumulative[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def observation(self, agent: str) -> Any:
        """`agent`'s observation (an `Observation`): only its moment is kept (a tuple of
        the env, this game's narrations, the agent, the decision pending for them, the game, the log's length, the
        table, the Storyteller's grimoire, the events if during setup); its parts are made
        from it when read (`env._Snap`)."""
        s = self.session
        g = s.game
        if g is None:
            return self.env._empty_observation()
        d = s._pending
        if d is not None and d.who != agent:
            d = None
        log = g.log
        n_log = len(log)
        table = self.table
        if self.table_at != n_log:
            if table is None or not unchanged(log, self.table_at, n_log, table):
                table = self.table = self.snapshot(g)
            self.table_at = n_log           # (unchanged: nothing the table shows changed)
        assert table is not None
        # During setup the log is not only appended to (the bag's setup-change decisions
        # move after the setup event): the events of the moment are copied then.
        early: list | None = None
        if g.phase == "setup":
            v: Any = g.view(agent)
            early = list(v.events)
        grimoire = g.snapshot() if agent == STORYTELLER else None
        obs = self.new_obs()
        self.kept.append(obs)
        obs._moment = (self.env, self.lines, agent, d, g, n_log, table, grimoire, early)
        return obs

    def snapshot(self, g: Game) -> Table:
        names = self.names
        players = g.players
        if names is None or len(names) != len(players):    # (a game being set up seats
            names = self.names = [p.name for p in players]  # its players)
            self.seats = [p.seat for p in players]
            self.traveller = [p.traveller for p in players]
        return Table(g, names, self.seats, self.traveller)


class AgentIter:
    """PettingZoo's `agent_iter` for one game (from `reset` to the next): `agent_selection`
    until no agent is left, at most `max_iter` times."""

    def __init__(self, core: Core, max_iter: int):
        self.core = core
        self.left = max_iter if max_iter < 1 << 62 else 1 << 62     # (a machine integer)

    def __iter__(self) -> AgentIter:
        return self

    def __next__(self) -> str:
        core = self.core
        if not core.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return core.selected


class BotAgent:
    """One of the project's bots as an agent: `act(env, name)` is its answer to the
    decision pending for `name`, from that player's own view. A vote and a day turn go to
    the bot's fast paths when it offers them (`fast_vote`, `fast_day_action`: the same
    answers as its `__call__` with the decision, by their contract; a vote only when it is
    a nomination's), as the engine asks in-process bots (`Game.ask_vote`, `runner.day_turn`); other decisions to `__call__`."""

    def __init__(self, bot: Any):
        self.bot = bot
        cls = type(bot)
        self.fast_vote: Any = getattr(bot, "fast_vote") if _fast_ok(cls, "fast_vote") \
            else None
        self.fast_day: Any = getattr(bot, "fast_day_action") \
            if _fast_ok(cls, "fast_day_action") else None

    def act(self, env: Any, name: str) -> Any:
        s: Session | None = env._session    # (env.decision and env.view, inline: once a step)
        if s is None:
            return None
        d = s._pending
        if d is None or d.who != name:
            return None
        g = s.game                  # (a decision is pending: the game is there)
        assert g is not None
        view = g.view(name)
        cls = d.__class__
        if cls is VoteChoice:
            # (a nomination's vote only, as `Game.ask_vote`: another vote's context is not
            # in the view, so it goes with its decision)
            if self.fast_vote is not None and "nominee" in d.context:
                return self.fast_vote(view)
        elif cls is DayActionChoice:
            if self.fast_day is not None:
                day = cast(DayActionChoice, d)
                return self.fast_day(view, day.nominees, day.uses, day.exiles)
        return self.bot(d, view)
