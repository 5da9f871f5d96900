"""`clocktower.env`: a PettingZoo AEC environment on the game driver (docs/agents.md).

The engine asks one decision at a time; a `Session` (`engine/session.py`) runs the game in
a coroutine that pauses when an outside party must answer. The environment's agents are
those outside parties: the seats it was asked to leave to agents (every seat by default),
and `storyteller` when asked for. `agent_selection` is whoever the pending decision is
for; `observe(agent)` is built from that agent's own view (`engine/views.py`: the log
filtered to what they may see) and nothing else; `step(action)` answers the decision
(an index into its listed options, or the answer itself) and runs the game to the next
outside decision. Needs the `env` extra (pettingzoo, gymnasium, numpy).
"""
from __future__ import annotations

import sys
from functools import partial
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from . import data as D
from .agents.policies import bots_of, check_policy
from .agents.random_bot import random_bots
from .engine.decisions import Decision
from .engine.runner import MAX_DAYS, play
from .engine.session import Session
from .envstep import AgentIter, BotAgent, Core, Table
from .errors import ClocktowerError
from .narrate import Lines
from .play import NAMES, new_game
from .scripts import load_script
from .storyteller import storyteller_policy
from .text import cname

STORYTELLER = "storyteller"
SLOTS = 20                      # seats in the observation vector (15 players + 5 Travellers)
HEAD = 5                        # day, phase, seat, character, alignment
PHASES = {"setup": 0, "night": 1, "day": 2}
RENDER_MODES = ["ansi", "human"]


class JSONSpace(spaces.Space):
    """A JSON-able value (the structured view): any dict."""

    def __init__(self) -> None:
        super().__init__(None, None)

    def sample(self, mask: Any = None, probability: Any = None) -> dict:
        return {}

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, JSONSpace)


class TextSpace(spaces.Space):
    """A text of any length (the rendered view)."""

    def __init__(self) -> None:
        super().__init__(None, None)

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        return ""

    def contains(self, x: Any) -> bool:
        return isinstance(x, str)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, TextSpace)


_KEYS = dict.fromkeys(("observation", "action_mask", "view", "text")).keys()


class Observation(dict):
    """An observation: a dict of the four keys whose "observation", "view" and "text" are
    made when first read, from what `observe` kept of its moment (the decision then
    pending, the log's length then, the table then): building every agent's view at every
    step would cost more than the game, so the moment costs a tuple, and its `_Snap` is
    made at the first read. Read at any time, it is the observation of its moment."""

    __slots__ = ("_moment",)
    _moment: "tuple | _Snap"        # the moment, then its snapshot once read

    def __missing__(self, key: str) -> Any:
        if key not in _KEYS:
            raise KeyError(key)
        snap = self._moment
        if snap.__class__ is tuple:
            snap = self._moment = _Snap(*snap)
        assert isinstance(snap, _Snap)
        value = snap.make(key)
        dict.__setitem__(self, key, value)
        return value

    def keys(self) -> Any:
        return _KEYS

    def __iter__(self) -> Any:
        return iter(_KEYS)

    def __len__(self) -> int:
        return 4

    def __contains__(self, key: object) -> bool:
        return key in _KEYS

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in _KEYS else default

    def items(self) -> Any:
        return [(k, self[k]) for k in _KEYS]

    def values(self) -> Any:
        return [self[k] for k in _KEYS]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, dict) and dict(self.items()) == dict(other.items())

    __hash__ = None

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self) -> Any:
        """Copied or pickled as a plain dict, made whole (not with its snapshot)."""
        return (dict, (dict(self.items()),))


class _Snap:
    """What an observation is made from (`Observation`): its moment, as `observe` kept it
    (the env, the agent, the decision pending for them, the game, the log's length then,
    the table then, the Storyteller's grimoire then, the events then if during setup),
    made when the observation is first read."""

    __slots__ = ("env", "lines", "agent", "d", "v", "events", "n", "table", "grimoire",
                 "_told", "seat")

    def __init__(self, env: "ClocktowerEnv", lines: dict, agent: str, d: Decision | None,
                 g: Any, n_log: int, table: Table, grimoire: list | None, early: list | None):
        self.env, self.agent, self.d, self.table, self.grimoire = env, agent, d, table, grimoire
        self.lines = lines          # the narration said so far, by agent, of this game
        v = self.v = g.view(agent)
        self.seat: int | None = None if agent == STORYTELLER else v.seat
        self._told: tuple | None = None
        if early is not None:               # taken during setup: the moment's, copied
            self.events, self.n = early, len(early)
            return
        events = self.events = v.events     # only ever grows: the first n are the moment's
        if agent == STORYTELLER:
            self.n = n_log
        else:                               # those of the log's first n_log events
            log = g.log
            later = 0
            for i in range(n_log, len(log)):     # (`PlayerView._sync`'s rule)
                to = log[i]["visible_to"]
                if to == "all" or (to.__class__ is list and agent in to):
                    later += 1
            self.n = len(events) - later

    def detach(self) -> None:
        """Keep what is read later without the game (left by `reset`, then disposed
        of): the moment's events, a copy, and who the player was told they are."""
        self.told()
        self.events = self.events[:self.n]
        self.v = None

    def told(self) -> tuple[str | None, str | None]:
        """(character, alignment) the player was last told as of the snapshot: the last
        "you are" among its first n events (`PlayerView.character`'s rule), else, before
        any (during setup), what the view says."""
        if self._told is None:
            if self.agent == STORYTELLER:
                self._told = (None, None)
            else:
                name, events = self.agent, self.events
                c = a = None
                for i in range(self.n - 1, -1, -1):
                    ev = events[i]
                    if ev["type"] == "learn" and ev.get("player") == name \
                            and "character" in ev and (ev.get("ability") == "setup"
                                                       or ev.get("reason") == "you are"):
                        c = ev["character"]
                        a = ev.get("alignment")
                        if a is None:       # told a character only: the alignment before
                            a = self._alignment_before(i)
                        break
                if c is None:
                    c, a = self.v.character, self.v.alignment
                self._told = (c, a)
        return self._told

    def _alignment_before(self, i: int) -> str | None:
        name, events = self.agent, self.events
        for j in range(i - 1, -1, -1):
            ev = events[j]
            if ev["type"] == "learn" and ev.get("player") == name and "alignment" in ev \
                    and (ev.get("ability") == "setup" or ev.get("reason") == "you are"):
                return ev["alignment"]
        return self.v.alignment

    @property
    def character(self) -> str | None:
        return self.told()[0]

    @property
    def alignment(self) -> str | None:
        return self.told()[1]

    def make(self, key: str) -> Any:
        env = self.env
        if key == "action_mask":
            return env._mask(self.d)
        if key == "observation":
            return env._features(self)
        if key == "view":
            return self.view()
        if key == "text":
            return env._text(self)
        raise KeyError(key)

    def view(self) -> dict:
        events = self.events[:self.n]
        if self.agent == STORYTELLER:
            out: dict = {"viewer": STORYTELLER, "table": self.table.to_json(),
                         "grimoire": self.grimoire, "events": events}
        else:
            out = {"viewer": self.agent, "seat": self.seat, "character": self.character,
                   "alignment": self.alignment, "table": self.table.to_json(),
                   "events": events}
        d = self.d
        out["decision"] = decision_json(d, self.env.max_actions) if d is not None else None
        return out


def decision_json(d: Decision, limit: int) -> dict:
    """The pending decision as JSON: its kind, prompt, context and the first `limit` of
    its listed options (`n_options` counts them all)."""
    n = d.n_options()
    out = {"kind": d.kind, "who": d.who, "prompt": d.prompt, "context": dict(d.context),
           "n_options": n, "options": [d.option(i) for i in range(min(n, limit))]}
    for key in ("count", "optional", "candidates", "nominees", "uses", "exiles", "others"):
        v = getattr(d, key, None)
        if v is not None:
            out[key] = list(v) if isinstance(v, (list, tuple)) else v
    return out


class ClocktowerEnv(AECEnv):
    """Blood on the Clocktower as a PettingZoo AEC environment (docs/agents.md)."""

    metadata = {"name": "clocktower_v0", "render_modes": RENDER_MODES,
                "is_parallelizable": False}

    def __init__(self, script: Any = "trouble-brewing", players: int = 10,
                 travellers: int = 0, agents: list[str] | None = None, bots: str = "random",
                 storyteller: str = "auto", talk: int = 0,
                 rewards: tuple[float, float, float] = (1.0, -1.0, 0.0),
                 max_cycles: int | None = None, max_steps: int | None = None,
                 max_actions: int = 256, illegal: str = "raise",
                 max_days: int = MAX_DAYS, render_mode: str | None = None):
        super().__init__()
        if not 5 <= players <= 15:
            raise ClocktowerError(f"players: {players} is not supported (5 to 15)")
        if not 0 <= travellers <= 5:
            raise ClocktowerError(f"travellers: {travellers} is not supported (0 to 5)")
        if storyteller not in ("auto", "neutral", "agent"):
            raise ClocktowerError(f"storyteller must be auto, neutral or agent, not "
                                  f"{storyteller!r}")
        if illegal not in ("raise", "wrap"):
            raise ClocktowerError(f"illegal must be raise or wrap, not {illegal!r}")
        if max_actions < 2:
            raise ClocktowerError(f"max_actions must be at least 2, not {max_actions}")
        if talk < 0:
            raise ClocktowerError(f"talk must be 0 or more rounds, not {talk}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ClocktowerError(f"render_mode must be ansi or human, not {render_mode!r}")
        check_policy(bots, "bots")
        self.script = load_script(script)
        self.n_players = players
        self.n_travellers = travellers
        self.seats = NAMES[:players + travellers]
        seats_out = list(agents) if agents is not None else list(self.seats)
        if len(set(seats_out)) != len(seats_out) or not seats_out:
            raise ClocktowerError(f"agents: give each seat once, at least one: {seats_out}")
        for a in seats_out:
            if a not in self.seats:
                raise ClocktowerError(f"agents: {a!r} is not a seat ({', '.join(self.seats)})")
        self.bots = bots
        self.storyteller = storyteller
        self.talk = talk
        self.reward_values = tuple(float(x) for x in rewards)
        self.max_cycles = max_cycles
        self.max_steps = max_steps
        self.max_actions = max_actions
        self.illegal = illegal
        self.max_days = max_days
        self.render_mode = render_mode
        self.possible_agents = seats_out + ([STORYTELLER] if storyteller == "agent" else [])
        # Characters by index in the observation vector: every character the data knows.
        self.characters: list[str] = sorted(D.all_characters())
        self._char_index = {c: i for i, c in enumerate(self.characters)}
        width = HEAD + 3 * SLOTS
        obs_space = spaces.Dict({
            "observation": spaces.Box(-1, 32767, (width,), np.int16),
            "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
            "view": JSONSpace(),
            "text": TextSpace(),
        })
        self.observation_spaces = {a: obs_space if i == 0 else _copy_space(obs_space)
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self.seed_value: int | None = None
        self._session: Session | None = None
        self._handed = False            # the game or a view of it handed out (`_release`)
        self._core: Core | None = None
        self._selection = ""            # agent_selection before the first reset
        self.agents: list[str] = []

    @property
    def agent_selection(self) -> str:
        """The agent to step: kept by the game's `envstep.Core` (set at every step)."""
        core = self._core
        return core.selected if core is not None else self._selection

    @agent_selection.setter
    def agent_selection(self, agent: str) -> None:
        core = self._core
        if core is not None:
            core.selected = agent
        else:
            self._selection = agent

    # ---- PettingZoo API --------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game: `seed` as `clocktower play --seed` (None: the seed after the
        last one, 0 at first)."""
        if seed is None:
            seed = 0 if self.seed_value is None else self.seed_value + 1
        self.seed_value = seed = int(seed)
        if self._core is not None:
            self._release(self._core)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._done: set[str] = set()
        self.decisions = {a: 0 for a in self.agents}
        outside = {a for a in self.agents}
        self._session = session = Session(self._build, outside,
                                         run=partial(play, max_days=self.max_days,
                                                     talk=self.talk))
        core = self._core = Core(self, session, Observation, _is_index, self.max_actions,
                                 self.illegal, self.max_cycles, self.max_steps)
        # The step's calls go to the compiled core directly (`envstep.py`): these
        # attributes stand for the methods of the same names, which call them.
        self.step, self.last, self.observe = core.step, core.last, core.observe  # type: ignore[method-assign]
        self._select()

    def _build(self, answerers: dict) -> Any:
        seed = self.seed_value
        assert seed is not None
        st = answerers.get(STORYTELLER)
        if st is None:
            st = storyteller_policy(self.storyteller, seed)
        given = {n: a for n, a in answerers.items() if n != STORYTELLER}
        others = [n for n in self.seats if n not in given]
        if self.bots != "random" and others:
            given.update(bots_of(self.bots, seed, others))
        return new_game(self.script, self.n_players, seed, storyteller=st, agents=given,
                        travellers=self.n_travellers)

    @property
    def session(self) -> Session | None:
        """The game's `Session` (`engine/session.py`); handed out, the game is kept
        whole after the next `reset` (`_release`)."""
        self._handed = True
        return self._session

    @property
    def game(self) -> Any:
        """The game (the engine's `Game`: it holds every secret; for analysis). Handed
        out, it is kept whole after the next `reset` (`_release`)."""
        self._handed = True
        return self._game()

    def _game(self) -> Any:
        s = self._session
        return s.game if s is not None else None

    def log(self) -> list[dict]:
        """The game's event log (the Storyteller's: every event; a copy)."""
        g = self._game()
        return list(g.log) if g is not None else []

    def decision(self, agent: str) -> Decision | None:
        """The engine's decision pending for `agent`, or None."""
        s = self._session
        d = s._pending if s is not None else None
        return d if d is not None and d.who == agent else None

    def view(self, agent: str) -> Any:
        """`agent`'s own view (`engine/views.py`: `PlayerView`, or the Storyteller's)."""
        g = self._game()
        if g is None:
            return None
        self._handed = True
        return g.view(agent)

    def step(self, action: Any) -> None:
        """Answer the decision pending for `agent_selection` (`envstep.Core.step`)."""
        self._started().step(action)

    def observe(self, agent: str) -> Observation:
        """`agent`'s observation now (made once a step, its parts when read)."""
        obs: Observation = self._started().observe(agent)
        return obs

    def last(self, observe: bool = True) -> tuple:
        """PettingZoo's `last` (the observation, cumulative reward, termination, truncation
        and info of `agent_selection`) without its extra calls: read at every step."""
        return self._started().last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """PettingZoo's `agent_iter` (`agent_selection` until no agent is left, at most
        `max_iter` times), as an iterator: its `next` is read at every step."""
        if self._core is None:
            return iter(())
        return AgentIter(self._core, max_iter)

    @property
    def steps(self) -> int:
        """The decisions answered through `step` since `reset`."""
        return self._core.steps if self._core is not None else 0

    def _started(self) -> Core:
        if self._core is None:
            raise RuntimeError("the environment was not reset")
        return self._core

    def render(self) -> str | None:
        """The game so far as the table sees it (public events in words)."""
        g = self._game()
        if g is None:
            return None
        lines = Lines(player_view=True)
        text = "\n".join(s for ev in g.log if ev["visible_to"] == "all"
                         for s in [lines(ev)] if s)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self._core is not None:
            self._release(self._core)
        self._session = None

    # ---- inside ----------------------------------------------------------------------
    def _release(self, core: Core) -> None:
        """The last game is left (`reset`, `close`): its observations still held outside
        keep what they were made from (`_Snap.detach`: they read as before), and a game
        that ended and was not handed out (`game`, `session`, `view`) is disposed of
        (`Game.dispose`): its cycles broken now, freed at once, as `clocktower bench`
        frees its games, not later by the cycle collector."""
        core.current = None
        core.cache.clear()
        kept, core.kept = core.kept, []
        getrefcount = sys.getrefcount
        for obs in kept:
            if getrefcount(obs) > 3:        # (the list, `obs` and the call's own: held)
                moment = obs._moment
                snap = _Snap(*moment) if moment.__class__ is tuple else moment
                snap.detach()
                obs._moment = snap
        del kept
        s = core.session
        g = s.game
        if g is not None and not self._handed and s._pending is None and g.winner is not None:
            g.dispose()
        self._handed = False

    def _hand_over(self, agent: str) -> None:
        """`agent` has decided `max_cycles` times: truncated; its seat's bot (or the
        automatic Storyteller) answers for it from now on."""
        s = self._session
        assert s is not None
        game = s.game
        assert game is not None
        seed = self.seed_value or 0
        if agent == STORYTELLER:
            bot: Any = storyteller_policy("auto", seed)
        else:
            bot = bots_of(self.bots, seed, [agent])[agent]
        self.truncations[agent] = True
        self._done.add(agent)
        game.answerers[agent] = bot
        s.outside.discard(agent)
        while s._pending is not None and s._pending.who == agent:
            d = s._pending
            answerer, view = game.fast_answerer(agent)[:2]
            s.answer(answerer(d, view))

    def _select(self) -> None:
        """The next agent to step (`envstep.Core.pick`)."""
        self._started().pick()

    def _end(self) -> None:
        g = self._game()
        win, loss, none = self.reward_values
        winner = g.winner if g is not None else None
        for a in self.agents:
            self.terminations[a] = True
            self._done.add(a)
            if a == STORYTELLER or self.truncations[a]:
                r = 0.0
            elif winner not in ("good", "evil"):
                r = none
            else:
                r = win if g.player(a).alignment == winner else loss
            self.rewards[a] = r
            self.infos[a] = {"winner": winner}

    # ---- observations ----------------------------------------------------------------
    def _empty_observation(self) -> Observation:
        """The observation while there is no game (`envstep.Core.observation`)."""
        obs = Observation()
        obs.update(observation=np.zeros(HEAD + 3 * SLOTS, np.int16),
                   action_mask=np.zeros(self.max_actions, np.int8), view={}, text="")
        return obs

    def _mask(self, d: Decision | None) -> np.ndarray:
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if d is not None:
            n = d.n_options()
            mask[:n if n < self.max_actions else self.max_actions] = 1
        return mask

    def _features(self, snap: _Snap) -> np.ndarray:
        x = np.full(HEAD + 3 * SLOTS, -1, dtype=np.int16)
        t = snap.table
        x[0] = t.day
        x[1] = PHASES.get(t.phase, 3)
        idx = self._char_index
        if snap.agent != STORYTELLER:
            x[2] = snap.seat if snap.seat is not None else -1
            c = snap.character
            x[3] = idx.get(c, -1) if c is not None else -1
            a = snap.alignment
            x[4] = 0 if a == "good" else 1 if a == "evil" else -1
        k = min(len(t.names), SLOTS)
        x[HEAD:HEAD + k] = t.alive[:k]
        x[HEAD + SLOTS:HEAD + SLOTS + k] = t.ghost[:k]
        claims = t.claims
        if claims:
            for i, name in enumerate(t.names[:k]):
                c = claims.get(name)
                if c is not None:
                    x[HEAD + 2 * SLOTS + i] = idx.get(c, -1)
        return x

    def _text(self, snap: _Snap) -> str:
        """The view in words: the narration of the agent's events up to the snapshot
        (each event said once per agent; `upto[i]`: the lines said for the first i
        events), then the decision."""
        agent, events, n = snap.agent, snap.events, snap.n
        entry = snap.lines.get(agent)       # (of the snapshot's game: `Core.lines`)
        if entry is None:
            entry = snap.lines[agent] = (Lines(player_view=agent != STORYTELLER), [], [0])
        lines: Lines = entry[0]
        said: list[str] = entry[1]
        upto: list[int] = entry[2]
        for ev in events[len(upto) - 1:n]:
            s = lines(ev)
            if s:
                said.append(s)
            upto.append(len(said))
        if agent == STORYTELLER:
            head = "You are the Storyteller."
        else:
            head = f"You are {agent} (seat {snap.seat}); you were told you are the " \
                   f"{cname(snap.character)} ({snap.alignment})."
        parts = [head, "\n".join(said[:upto[n]])]
        d = decision_json(snap.d, self.max_actions) if snap.d is not None else None
        if d is not None:
            opts = "\n".join(f"  {i}: {o!r}" for i, o in enumerate(d["options"]))
            more = d["n_options"] - len(d["options"])
            parts.append(f"Decision ({d['kind']}): {d['prompt']}\n{opts}"
                         + (f"\n  ... and {more} more (give the answer itself)" if more else ""))
        return "\n".join(p for p in parts if p)


def _is_index(action: Any) -> bool:
    """Whether an action that is neither an int nor an answer's type is an index."""
    return isinstance(action, np.integer)


def _copy_space(space: spaces.Dict) -> spaces.Dict:
    return spaces.Dict({k: (spaces.Box(s.low, s.high, s.shape, s.dtype)
                            if isinstance(s, spaces.Box) else type(s)())
                        for k, s in space.spaces.items()})


def env(**kw: Any) -> ClocktowerEnv:
    """The environment (docs/agents.md)."""
    return ClocktowerEnv(**kw)


def parallel_env(**kw: Any) -> Any:
    """The environment in PettingZoo's parallel form (its turn-based wrapper: one step is
    one decision of the table). `max_cycles` here counts the table's decisions."""
    if "max_cycles" in kw:
        kw["max_steps"] = kw.pop("max_cycles")
    return turn_based_aec_to_parallel(ClocktowerEnv(**kw))


def random_agents(env: ClocktowerEnv) -> dict[str, BotAgent]:
    """The random bots of `clocktower play` for the env's agent seats (one generator shared
    as `play` shares it): with every seat an agent, the game `play --seed` plays."""
    seats = [a for a in env.possible_agents if a != STORYTELLER]
    return {n: BotAgent(b) for n, b in random_bots(env.seed_value or 0, seats).items()}


def bot_agents(env: ClocktowerEnv, policy: str) -> dict[str, BotAgent]:
    """The bots of `policy` ("random", "reasoning", ...) as agents for the env's seats."""
    check_policy(policy, "policy")
    seats = [a for a in env.possible_agents if a != STORYTELLER]
    return {n: BotAgent(b) for n, b in bots_of(policy, env.seed_value or 0, seats).items()}
