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
from .errors import ClocktowerError, IllegalAnswer
from .narrate import Lines
from .play import NAMES, new_game
from .scripts import load_script
from .storyteller import storyteller_policy

STORYTELLER = "storyteller"
SLOTS = 20                      # seats in the observation vector (15 players + 5 Travellers)
HEAD = 5                        # day, phase, seat, character, alignment
PHASES = {"setup": 0, "night": 1, "day": 2}


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

    metadata = {"name": "clocktower_v0", "render_modes": ["ansi", "human"],
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
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ClocktowerError(f"render_mode must be ansi or human, not {render_mode!r}")
        check_policy(bots, "bots")
        self.script = load_script(script)
        self.n_players = players
        self.n_travellers = travellers
        self.seats = NAMES[:players + travellers]
        seats_out = list(agents) if agents is not None else list(self.seats)
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
        self.session: Session | None = None
        self.agents = []

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
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.steps = 0
        self.decisions = {a: 0 for a in self.agents}
        self._lines: dict[str, tuple[Lines, list[str], list[int]]] = {}
        self._obs_cache: dict[str, tuple[tuple, dict]] = {}
        outside = {a for a in self.agents}
        talk, max_days = self.talk, self.max_days
        self.session = Session(self._build, outside,
                               run=lambda game: play(game, max_days, talk))
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
    def game(self) -> Any:
        """The game (the engine's `Game`: it holds every secret; for analysis)."""
        return self.session.game if self.session is not None else None

    def log(self) -> list[dict]:
        """The game's event log (the Storyteller's: every event)."""
        g = self.game
        return list(g.log) if g is not None else []

    def decision(self, agent: str) -> Decision | None:
        """The engine's decision pending for `agent`, or None."""
        d = self.session.pending() if self.session is not None else None
        return d if d is not None and d.who == agent else None

    def view(self, agent: str) -> Any:
        """`agent`'s own view (`engine/views.py`: `PlayerView`, or the Storyteller's)."""
        g = self.game
        return g.view(agent) if g is not None else None

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        assert self.session is not None
        d = self.session.pending()
        assert d is not None and d.who == agent
        answer = self._answer_of(d, action)
        self.session.answer(answer)             # IllegalAnswer: nothing changed
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        self.steps += 1
        self.decisions[agent] += 1
        if self.max_cycles is not None and self.decisions[agent] >= self.max_cycles \
                and self.session.pending() is not None:
            self._hand_over(agent)
        if self.max_steps is not None and self.steps >= self.max_steps \
                and self.session.pending() is not None:
            for a in self.agents:
                self.truncations[a] = True
        self._select()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict:
        g = self.game
        d = self.session.pending() if self.session is not None else None
        key = (len(g.log) if g is not None else 0, id(d) if d is not None else 0,
               self.steps)
        cached = self._obs_cache.get(agent)
        if cached is not None and cached[0] == key:
            return cached[1]
        mine = d if d is not None and d.who == agent else None
        obs = self._observation(agent, mine)
        self._obs_cache[agent] = (key, obs)
        return obs

    def render(self) -> str | None:
        """The game so far as the table sees it (public events in words)."""
        g = self.game
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
        self.session = None

    # ---- inside ----------------------------------------------------------------------
    def _answer_of(self, d: Decision, action: Any) -> Any:
        if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
            i = int(action)
            n = min(d.n_options(), self.max_actions)
            if not 0 <= i < n:
                if self.illegal == "wrap" and n:
                    i %= n
                else:
                    raise IllegalAnswer(d, action, f"option {i} is not one of the {n} listed")
            return d.option(i)
        return action

    def _hand_over(self, agent: str) -> None:
        """`agent` has decided `max_cycles` times: truncated; its seat's bot (or the
        automatic Storyteller) answers for it from now on."""
        assert self.session is not None and self.session.game is not None
        seed = self.seed_value or 0
        if agent == STORYTELLER:
            bot: Any = storyteller_policy("auto", seed)
        else:
            bot = bots_of(self.bots, seed, [agent])[agent]
        self.truncations[agent] = True
        s = self.session
        s.game.answerers[agent] = bot
        s.outside.discard(agent)
        while s._pending is not None and s._pending.who == agent:
            d = s._pending
            answerer, view = s.game.fast_answerer(agent)[:2]
            s.answer(answerer(d, view))

    def _select(self) -> None:
        """The next agent to step: one that is done (to be removed), else the one the
        pending decision is for; at the game's end, everyone is done, with the rewards."""
        assert self.session is not None
        d = self.session.pending()
        if d is None and self.agents and not all(self.terminations.values()):
            self._end()
        for a in self.agents:
            if self.terminations[a] or self.truncations[a]:
                self.agent_selection = a
                return
        if d is not None:
            self.agent_selection = d.who

    def _end(self) -> None:
        g = self.game
        win, loss, none = self.reward_values
        winner = g.winner if g is not None else None
        for a in self.agents:
            self.terminations[a] = True
            if a == STORYTELLER or self.truncations[a]:
                r = 0.0
            elif winner not in ("good", "evil"):
                r = none
            else:
                r = win if g.player(a).alignment == winner else loss
            self.rewards[a] = r
            self.infos[a] = {"winner": winner}

    def _dead_step(self, action: Any) -> None:
        if action is not None:
            raise ValueError("an agent that is done is stepped with None")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards,
                      self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        for a in self.rewards:
            self.rewards[a] = 0.0
        if self.agents:
            self._select()

    # ---- observations ----------------------------------------------------------------
    def _observation(self, agent: str, d: Decision | None) -> dict:
        g = self.game
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if d is not None:
            mask[:min(d.n_options(), self.max_actions)] = 1
        if g is None:
            return {"observation": np.zeros(HEAD + 3 * SLOTS, np.int16), "action_mask": mask,
                    "view": {}, "text": ""}
        v = g.view(agent)
        view = v.to_json()
        view["decision"] = decision_json(d, self.max_actions) if d is not None else None
        return {"observation": self._features(v), "action_mask": mask, "view": view,
                "text": self._text(agent, v, view)}

    def _features(self, v: Any) -> np.ndarray:
        x = np.full(HEAD + 3 * SLOTS, -1, dtype=np.int16)
        x[0] = v.day
        x[1] = PHASES.get(v.phase, 3)
        idx = self._char_index
        if not getattr(v, "is_storyteller", False):
            x[2] = v.seat if v.seat is not None else -1
            c = v.character
            x[3] = idx.get(c, -1) if c is not None else -1
            a = v.alignment
            x[4] = {"good": 0, "evil": 1}.get(a, -1) if a is not None else -1
        claims = v.claims
        for i, name in enumerate(v.players[:SLOTS]):
            x[HEAD + i] = int(v.alive(name))
            x[HEAD + SLOTS + i] = int(v.ghost_vote(name))
            c = claims.get(name)
            x[HEAD + 2 * SLOTS + i] = idx.get(c, -1) if c is not None else -1
        return x

    def _text(self, agent: str, v: Any, view: dict) -> str:
        entry = self._lines.get(agent)
        if entry is None:
            entry = self._lines[agent] = (Lines(player_view=agent != STORYTELLER), [], [0])
        lines, said, done = entry
        events = view["events"]             # only ever grows: said up to done[0]
        for ev in events[done[0]:]:
            s = lines(ev)
            if s:
                said.append(s)
        done[0] = len(events)
        if agent == STORYTELLER:
            head = "You are the Storyteller."
        else:
            head = f"You are {agent} (seat {v.seat}); you were told you are the " \
                   f"{v.character} ({v.alignment})."
        parts = [head, "\n".join(said)]
        d = view.get("decision")
        if d is not None:
            opts = "\n".join(f"  {i}: {o!r}" for i, o in enumerate(d["options"]))
            more = d["n_options"] - len(d["options"])
            parts.append(f"Decision ({d['kind']}): {d['prompt']}\n{opts}"
                         + (f"\n  ... and {more} more (give the answer itself)" if more else ""))
        return "\n".join(p for p in parts if p)


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


class BotAgent:
    """One of the project's bots as an agent: `act(env, name)` is its answer to the
    decision pending for `name`, from that player's own view."""

    def __init__(self, bot: Any):
        self.bot = bot

    def act(self, env: ClocktowerEnv, name: str) -> Any:
        d = env.decision(name)
        if d is None:
            return None
        return self.bot(d, env.view(name))


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
