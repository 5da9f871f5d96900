"""The game: state, the event log, phases, and the shared rules.

A game is its script, seed, seating and the answer to every decision. Everything that
happens is appended to `log` as an event (a JSON-able dict); replaying the same inputs
(see `clocktower.engine.replay`) reproduces the same log, byte for byte.
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Iterable

from .. import data as D
from ..errors import ClocktowerError, IllegalAnswer
from ..scripts import script_memo
from .ability import DAY_USES, HOOKS, Ability, has_day_ability
from . import day as _day
from . import night as _night
from .outcome import GameOver, Outcome
from .decisions import Choice, Decision, InfoChoice, PlayerChoice, VoteChoice
from .options import OptionSpace
from .rand import generator
from .state import Effect, Player, holder
from .views import PlayerView, StorytellerView, sees_everything

# An answerer is called with the decision and the view of the one who decides.
Answerer = Callable[[Decision, Any], Any]

MALFUNCTION = ("drunk", "poisoned")
TEAMS = D.teams()


_FAST_OK: dict[tuple[type, str], bool] = {}
# Per answerer class: whether it offers the vote's, the day turn's and the night choice's
# fast paths (`_fast_ok` of each), read once per player and game (`Game._answerer_view`).
_FAST_PATHS: dict[type, tuple[bool, bool, bool]] = {}


def _fast_ok(cls: type, method: str) -> bool:
    """Whether `cls` offers the fast path `method` for the answers its `__call__` gives: both
    come from the same class (a subclass that overrides `__call__` alone is asked with
    decision objects, so its override is seen). Answered once per class (a class changed
    after its first game is not seen)."""
    key = (cls, method)
    ok = _FAST_OK.get(key)
    if ok is None:
        def owner(name: str) -> type | None:
            for k in cls.__mro__:
                if name in k.__dict__:
                    return k
            return None
        has = owner(method)
        ok = _FAST_OK[key] = has is not None and has is owner("__call__")
    return ok



def _name(p: Player | None) -> str | None:
    return p.name if p is not None else None

def _with_granted(held: list[Ability], own: list[Ability]) -> list[Ability]:
    """`own` and what those granted among `held`, and what that granted (the Philosopher's
    Alchemist and its Minion ability)."""
    out = list(own)
    while True:
        more = [a for a in held if a.source in out and a not in out]
        if not more:
            return out
        out += more


def _hook_order(hook: str) -> Callable[[Ability], int]:
    """The sort key of the answerers of `hook`: their priority for it."""
    def key(ab: Ability) -> int:
        return ab.hook_priority.get(hook, ab.priority)
    return key


def _nomination_claims(script: Any, registry: dict) -> list[str]:
    """The characters on the script that any nominee may claim (`Ability.nomination_claim`),
    worked out once per script and registry (`script_memo`)."""
    def compute() -> list[str]:
        return [c for c in script.characters if c in registry and registry[c].nomination_claim]
    return list(script_memo(script, "nomination claims", compute, on=registry))



class DemonChange:
    """`with game.demon_change():` one step that may change who is the Demon (see
    `Game.demon_change`). Nested steps count as one: the outermost one asks the win rules."""

    def __init__(self, game: "Game") -> None:
        self.game = game
        self.before: frozenset[str] | None = None

    def __enter__(self) -> None:
        game = self.game
        if game._demon_change_depth == 0:
            self.before = game.demons()
        game._demon_change_depth += 1

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        game = self.game
        game._demon_change_depth -= 1
        if kind is None and self.before is not None:
            game._after_demon_change(self.before)

class Game:
    def __init__(self, script, registry: dict[str, type[Ability]], seed: int = 0,
                 answerers: dict[str, Answerer] | None = None,
                 default_answerer: Answerer | None = None):
        self.script = script
        self.registry = registry
        self.seed = seed
        self.rng = generator(seed)
        self.players: list[Player] = []
        self.by_name: dict[str, Player] = {}
        self.gone: list[Player] = []        # Travellers who left the game (engine/seats.py)
        self.answerers: dict[str, Answerer] = dict(answerers or {})
        self.default_answerer = default_answerer
        self.log: list[dict] = []
        self.phase = "setup"
        self.night = 0
        self.day = 0
        self.winner: str | None = None
        self.win_reason: str | None = None
        self.outcome: Outcome | None = None
        self._vetoes: set[tuple] = set()     # outcome vetoes already logged (see `end`)
        self.quiet_info = False              # see `tell`
        self._executing = False              # see `execute`
        self._demon_change_depth = 0         # see `demon_change`
        self.bluffs: list[str] = []
        self.free_abilities: list[Ability] = []   # abilities no player holds (e.g. a token)
        self.register_overrides: dict[str, dict] = {}
        self.in_play_extra: set[str] = set()      # characters in play that no player holds
        # per-day state
        self.nominators: set[str] = set()
        self.nominees: set[str] = set()
        self.about_to_die: Player | None = None
        self.top_votes = 0
        self.executed_today: Player | None = None
        self.execution_happened = False
        self.day_over = False
        self.deaths_today: list[Player] = []
        self.deaths_tonight: list[Player] = []
        self.nominations_today: list[dict] = []
        # The hands raised so far in the vote under way (the last vote's, once it ended):
        # a vote logs no event before its end (`ask_vote`), so a live table reads them here.
        self.hands_up: list[Player] = []
        self.claims_today: dict[str, str] = {}
        # Each player's last public character claim, whichever day it was made: the day
        # uses they may pretend to make (`pretend_uses`).
        self.claimed: dict[str, str] = {}
        self.exile_called: set[str] = set()
        # Players whose ability opened a now-or-never day use (the Gunslinger after the first
        # tally): the bot day gives them a turn at once. Written days ignore it.
        self.prompt_now: list[Player] = []
        self.on_event: Callable[[dict], None] | None = None
        # Called with (decision, answer) for a decision with one legal answer (not asked).
        self.on_forced: Callable[[Decision, Any], None] | None = None
        self._hooks: dict[str, list[Ability]] | None = None
        self._func_guard: set[int] = set()
        self._night_cache: tuple[tuple[bool, int], list] | None = None
        self._cursor: tuple[Any, int] = (0, -2)     # the night order step being run
        self._fresh_nights: set[int] = set()            # nights with an ability acting fresh
        self.has_travellers = False
        # Characters on the script that any nominee may claim (see `nominate`).
        self.nomination_claims: list[str] = _nomination_claims(script, registry)
        self._custom_orders: dict[str, dict[str, float] | None] = {}
        self.n_decisions = 0
        # Caches that helpers keep for this game (e.g. world.executed_today's, once a night):
        # on the game rather than in a weak-keyed table, which the compiled Game cannot be in.
        self.memo: dict[str, Any] = {}
        self._views: dict[str, PlayerView | StorytellerView] = {}
        # who -> (answerer, its view, fast_vote, fast_day_action, answers_checked, speaks,
        # fast_choose): see `fast_answerer`
        self._asked: dict[str, tuple] = {}

    # ------------------------------------------------------------------ events & decisions
    def emit(self, etype: str, visible_to: Any = "storyteller", **fields) -> dict:
        """Append an event of type `etype` (the catalogue: engine/events.py) to the log.
        `_event`'s body written out, not a call to it: emit is the most frequent call (about
        113 a 10-player game), and the call cost the pure-Python build 3.4% of a game
        (`clocktower bench`, A/B, docs/architecture.md). Keep the two the same
        (tests/test_event_envelope.py)."""
        phase = self.phase
        ev = {"type": etype, "phase": phase,
              "number": self.night if phase == "night" else self.day,
              "visible_to": visible_to, **fields}
        self.log.append(ev)
        if self.on_event is not None:
            self.on_event(ev)
        return ev

    def emit_fields(self, etype: str, visible_to: Any, fields: dict) -> dict:
        """`emit` with the fields in a dict: for a caller whose fields vary (a call that
        unpacks a dict into keywords costs a compiled build a generic call)."""
        return self._event(etype, visible_to, fields)

    def _event(self, etype: str, visible_to: Any, fields: dict) -> dict:
        """The one place an event is built: its envelope (`type`, `phase`, `number`,
        `visible_to`, in that order) then `fields`, appended to the log and handed to
        `on_event`. Every event of the log, decisions and inputs included, is made here
        (`emit` is a copy of this body, for speed)."""
        phase = self.phase
        ev = {"type": etype, "phase": phase,
              "number": self.night if phase == "night" else self.day,
              "visible_to": visible_to, **fields}
        self.log.append(ev)
        if self.on_event is not None:
            self.on_event(ev)
        return ev

    # The most frequent events of compiled engine code (decisions, choices, information,
    # nominations, wakes, deaths, the phases) are built whole, by one dict display: the
    # envelope as `_event` writes it, then n fields given as key, value (`_ev0` .. `_ev5`;
    # a caller may add more fields before `_push` appends the event). `emit` with keywords
    # builds the fields' dict and then merges it into the envelope's: about 1,800-2,500
    # instructions more an event, compiled (docs/architecture.md, "Sixth round").
    def _ev0(self, etype: str, visible_to: Any) -> dict:
        phase = self.phase
        return {"type": etype, "phase": phase,
                "number": self.night if phase == "night" else self.day,
                "visible_to": visible_to}

    def _ev1(self, etype: str, visible_to: Any, k1: str, v1: Any) -> dict:
        phase = self.phase
        return {"type": etype, "phase": phase,
                "number": self.night if phase == "night" else self.day,
                "visible_to": visible_to, k1: v1}

    def _ev2(self, etype: str, visible_to: Any, k1: str, v1: Any, k2: str, v2: Any) -> dict:
        phase = self.phase
        return {"type": etype, "phase": phase,
                "number": self.night if phase == "night" else self.day,
                "visible_to": visible_to, k1: v1, k2: v2}

    def _ev3(self, etype: str, visible_to: Any, k1: str, v1: Any, k2: str, v2: Any,
             k3: str, v3: Any) -> dict:
        phase = self.phase
        return {"type": etype, "phase": phase,
                "number": self.night if phase == "night" else self.day,
                "visible_to": visible_to, k1: v1, k2: v2, k3: v3}

    def _ev4(self, etype: str, visible_to: Any, k1: str, v1: Any, k2: str, v2: Any,
             k3: str, v3: Any, k4: str, v4: Any) -> dict:
        phase = self.phase
        return {"type": etype, "phase": phase,
                "number": self.night if phase == "night" else self.day,
                "visible_to": visible_to, k1: v1, k2: v2, k3: v3, k4: v4}

    def _ev5(self, etype: str, visible_to: Any, k1: str, v1: Any, k2: str, v2: Any,
             k3: str, v3: Any, k4: str, v4: Any, k5: str, v5: Any) -> dict:
        phase = self.phase
        return {"type": etype, "phase": phase,
                "number": self.night if phase == "night" else self.day,
                "visible_to": visible_to, k1: v1, k2: v2, k3: v3, k4: v4, k5: v5}

    def _push(self, ev: dict) -> dict:
        """Append an event built by `_ev0` .. `_ev5` to the log and hand it to `on_event`."""
        self.log.append(ev)
        if self.on_event is not None:
            self.on_event(ev)
        return ev

    def decide(self, decision: Decision) -> Any:
        """Ask the answerer for `decision.who`, validate, log. Decisions are numbered in
        order (`seq`); an answer equal to the decision's default is not logged."""
        only, value = decision.only_option()
        if only:
            if self.on_forced is not None:      # e.g. a scenario checks what it wrote
                self.on_forced(decision, value)
            return value
        seq = self.n_decisions
        self.n_decisions = seq + 1
        who = decision.who
        answerer = self.answerers.get(who, self.default_answerer)
        asked = self._asked.get(who)
        if asked is None or asked[0] is not answerer:
            asked = self._answerer_view(who, answerer)
        answer = asked[0](decision, asked[1])
        if not asked[4]:            # (a Session's answers were checked when given)
            if answer.__class__ is list and decision.__class__ is PlayerChoice:
                answer = decision.canonical(answer)
            if not decision.is_legal(answer):
                raise IllegalAnswer(decision, answer)
        if answer is decision.default or (answer == decision.default
                                          and type(answer) is type(decision.default)):
            return answer
        ev = self._ev4("decision", "storyteller" if who == "storyteller" else [who],
                       "kind", decision.kind, "who", who, "answer", answer, "seq", seq)
        ctx = decision.context
        if ctx:
            if "ability" in ctx:
                ev["ability"] = ctx["ability"]
            if "key" in ctx:
                ev["key"] = ctx["key"]
            if "player" in ctx and who == "storyteller":
                ev["player"] = ctx["player"]
        n_true = decision.n_true
        if n_true is not None:
            ev["true"] = decision.is_true(answer)
        self._push(ev)
        return answer

    def fork(self, answerers: dict[str, Answerer], default_answerer: Answerer | None = None,
             rng: Any = None) -> "Game":
        """An independent copy of this game as it stands, answered by `answerers`; `rng`:
        its generator (default: a copy of this one's). See `engine/fork.py`; continue it
        with `engine/driver.drive`."""
        from .fork import fork
        return fork(self, answerers, default_answerer, rng)

    def dispose(self) -> None:
        """Free a finished game's objects now: its players, abilities, effects, views and
        log are emptied, which breaks the cycles between them (a game, its players and
        their abilities refer to each other), so reference counting frees them at once
        instead of the cycle collector (about 6% of a 5-player game). For a batch that
        keeps only what it read from each game (`clocktower bench`); the game cannot be
        read afterwards (`winner`, `outcome`, `day` and the counts stay)."""
        for p in self.players:
            for ab in p.held:
                ab.state.clear()
            p.held.clear()
            p.effects.clear()
            p.tokens.clear()
        for ab in self.free_abilities:
            ab.state.clear()
        self.free_abilities.clear()
        for lst in (self.players, self.deaths_today, self.deaths_tonight, self.prompt_now,
                    self.log, self.nominations_today, self.gone):
            lst.clear()
        for d in (self.by_name, self.answerers, self._views, self._asked, self.memo):
            d.clear()
        self._hooks = None
        self._night_cache = None
        self.about_to_die = None
        self.executed_today = None
        self.on_event = None
        self.on_forced = None
        self.default_answerer = None

    def view(self, who: str) -> PlayerView | StorytellerView:
        """The view of `who`: "storyteller", a player's name, or "spectator" (see `views`)."""
        v = self._views.get(who)
        if v is None:
            if who == "storyteller":
                v = StorytellerView(self)
            elif who == "spectator":
                v = PlayerView(self, None)
            else:
                v = PlayerView(self, self.player(who))
            self._views[who] = v
        return v

    def _answerer_view(self, who: str, answerer: Answerer | None) -> tuple:
        """The view `answerer` is given for the decisions of `who`: a player's own view,
        unless the answerer sees everything (a Storyteller, a scenario, a replay)."""
        if answerer is None:
            raise ClocktowerError(f"nobody answers decisions for {who}")
        seen = self.view("storyteller" if who == "storyteller" or sees_everything(answerer)
                         else who)
        fast_vote = fast_day = fast_choose = None
        cls = type(answerer)
        paths = _FAST_PATHS.get(cls)
        if paths is None:
            paths = _FAST_PATHS[cls] = (_fast_ok(cls, "fast_vote"),
                                        _fast_ok(cls, "fast_day_action"),
                                        _fast_ok(cls, "fast_choose"))
        if paths[0]:
            fast_vote = getattr(answerer, "fast_vote")
        if paths[1]:
            fast_day = getattr(answerer, "fast_day_action")
        if paths[2]:
            fast_choose = getattr(answerer, "fast_choose")
        # Answers checked already, against the very decision they answer, by whoever gave
        # them (a `Session`'s outside answers: `Session.answer`): not checked twice.
        checked = getattr(answerer, "answers_checked", False) is True
        # An answerer that may want to speak when it has nothing else to do (a dead
        # player's claim): asked talk-only turns (`runner.talk_turn`); others never are.
        speaks = getattr(answerer, "speaks", False) is True
        asked = self._asked[who] = (answerer, seen, fast_vote, fast_day, checked, speaks,
                                    fast_choose)
        return asked

    # In-process bots answer the three most frequent decisions (a vote, a day turn, a
    # night choice of players) without a decision object: an answerer that has
    # `fast_vote(view) -> bool`, `fast_day_action(view, nominees, uses, exiles) -> answer`
    # and `fast_choose(view, who, kind, candidates, count, optional) -> answer`, giving the
    # same answers as when called with a `VoteChoice` / `DayActionChoice` / `PlayerChoice`
    # (one without a `check`). Numbering, checking and logging are those of `decide` (a
    # vote is not logged: `ask_vote`); everyone else (a person, a scenario, the web) gets
    # the object.
    def fast_answerer(self, who: str) -> tuple:
        """(answerer, view, fast_vote or None, fast_day_action or None, answers_checked,
        speaks, fast_choose or None) for `who`."""
        answerer = self.answerers.get(who, self.default_answerer)
        asked = self._asked.get(who)
        if asked is None or asked[0] is not answerer:
            asked = self._answerer_view(who, answerer)
        return asked

    def ask_vote(self, voter: Player, context: dict) -> bool:
        """Whether `voter` raises a hand: a `VoteChoice` (or the answerer's fast path).
        Numbered like every decision (`seq`), checked, and not logged: a vote's one record
        is the event that ends it (`nomination`, `exile_vote`, `cult_vote`), whose `voters`
        lists the hands raised, in order; replay answers each hand from it
        (docs/architecture.md, "Votes: one record")."""
        who = voter.name
        answerer = self.answerers.get(who, self.default_answerer)
        asked = self._asked.get(who)
        if asked is None or asked[0] is not answerer:
            asked = self._answerer_view(who, answerer)
        self.n_decisions += 1
        # The fast path answers a nomination's vote, whose context (the nominee and the
        # nominator) every player reads in the public record; any other vote (an exile, a
        # vote an ability calls, such as a cult) is asked with its `VoteChoice`, so that no
        # answerer has to rebuild a context it was not given.
        fast = asked[2] if "nominee" in context else None
        if fast is None:
            yes = asked[0](VoteChoice(who, context), asked[1])
        else:
            yes = fast(asked[1])
        if yes is True:
            return True
        if yes is not False:
            raise IllegalAnswer(VoteChoice(who, context), yes)
        return False

    def log_answer(self, who: str, kind: str, answer: Any, seq: int) -> None:
        """The `decision` event of a player's answer whose decision has no ability or key
        in its context (a vote, a day action): as `decide` writes it."""
        self._push(self._ev4("decision", [who], "kind", kind, "who", who, "answer", answer,
                             "seq", seq))

    def record_input(self, kind: str, who: str, answer: Any) -> None:
        """Log an input pushed by the table (a day action, a ruling: `engine/inputs.py`) as a
        numbered `decision` event."""
        seq = self.n_decisions
        self.n_decisions = seq + 1
        self._event("decision", "storyteller" if who == "storyteller" else [who],
                    {"kind": kind, "who": who, "answer": copy.deepcopy(answer), "seq": seq})

    # ------------------------------------------------------------------ players & hooks
    def add_player(self, name: str, character: str, alignment: str | None = None,
                   traveller: bool | None = None) -> Player:
        cdata = D.get(character)
        p = Player(name, len(self.players), cdata.id,
                   alignment or cdata.default_alignment,
                   traveller if traveller is not None else cdata.team == "traveller")
        self.players.append(p)
        self.by_name[name] = p
        if p.traveller:
            self.has_travellers = True
        p.held.append(self.make_ability(cdata.id, p))
        self.abilities_changed()
        return p

    def make_ability(self, char_id: str, player: Player | None) -> Ability:
        cls = self.registry.get(char_id)
        if cls is None:
            raise ClocktowerError(f"character {char_id!r} is not implemented yet")
        # An ability in play without a player (a not-dealt character's: player None) is
        # typed like the others, as hooks see them; code that can meet one reads its player
        # with `holder` (state.py).
        return cls(self, player)  # type: ignore[arg-type]

    def all_abilities(self) -> list[Ability]:
        out = []
        for p in self.players:
            out.extend(p.held)
        out.extend(self.free_abilities)
        return out

    def hooks(self, name: str) -> list[Ability]:
        table = self._hooks
        if table is None:
            table = {h: [] for h in HOOKS}
            for ab in self.all_abilities():
                for h in ab.overrides:
                    table[h].append(ab)
            for h, lst in table.items():
                # stable: seat order within a priority; `hook_priority` overrides one hook's
                # (a list of one or none is in order: most are)
                if len(lst) > 1:
                    lst.sort(key=_hook_order(h))
            # Not a hook: the abilities whose class has day uses (`has_day_ability`), in
            # `all_abilities` order; a day turn lists a player's own uses only when they
            # hold one (`runner.own_uses`)
            table[DAY_USES] = [ab for ab in self.all_abilities() if has_day_ability(ab)]
            self._hooks = table
        return table[name]

    def abilities_changed(self) -> None:
        self._hooks = None
        self._night_cache = None

    def player(self, name: str) -> Player:
        try:
            return self.by_name[name]
        except KeyError:
            raise ClocktowerError(f"no player named {name!r}") from None

    def living(self, include_travellers: bool = True) -> list[Player]:
        return [p for p in self.players if p.alive and (include_travellers or not p.traveller)]

    def neighbours(self, player: Player,
                   alive_only: bool = True) -> tuple[Player | None, Player | None]:
        """The nearest (alive) players anticlockwise and clockwise of `player` (None when
        nobody else is)."""
        n = len(self.players)
        seat = player.seat
        left = right = None
        for step in range(1, n):
            q = self.players[(seat - step) % n]
            if q is not player and (q.alive or not alive_only):
                left = q
                break
        for step in range(1, n):
            q = self.players[(seat + step) % n]
            if q is not player and (q.alive or not alive_only):
                right = q
                break
        return left, right

    def in_play(self, char_id: str) -> bool:
        return any(p.character == char_id for p in self.players) or char_id in self.in_play_extra

    # ------------------------------------------------------------------ malfunction
    def droisoned(self, player: Player | None) -> bool:
        if player is None:
            return False
        for e in player.effects:
            if e.kind in MALFUNCTION and self.effect_active(e):
                return True
        return False

    def is_poisoned(self, player: Player) -> bool:
        return any(e.kind == "poisoned" and self.effect_active(e) for e in player.effects)

    def is_drunk(self, player: Player) -> bool:
        return any(e.kind == "drunk" and self.effect_active(e) for e in player.effects)

    def in_force(self, ab: Ability, even_if_dead: bool = False) -> bool:
        """Is this ability in force now? It is held (not taken away), not a belief, its
        holder is alive (or it acts while dead, or a `keeps_in_force` hook keeps it), the
        holder is sober and healthy, and no `stops_ability` hook stops it. An ability no
        player holds (a token in play) is in force while it is held by the game.
        `even_if_dead`: for an ability that triggers on its holder's death or execution
        (the Saint, the Goblin), whether it was in force apart from that."""
        if not ab.active or ab.origin == "believed":
            return False
        if ab.origin == "granted" and ab.source is not None and ab.source.origin == "believed":
            return False        # given by a belief (a Marionette who thinks they are the Alchemist)
        p = holder(ab)
        if p is None:
            return True
        if not p.alive and not even_if_dead and not ab.acts_while_dead() and not any(
                k.keeps_in_force(ab) for k in self.hooks("keeps_in_force")):
            return False
        key = id(p)
        if key in self._func_guard:       # effects whose sources poison each other
            return True
        self._func_guard.add(key)
        try:
            if self.droisoned(p):
                return False
        finally:
            self._func_guard.discard(key)
        stops = self.hooks("stops_ability")
        return not (stops and any(k.stops_ability(ab) for k in stops if k is not ab))

    def _kept(self, ab: Ability) -> bool:
        """Does a `keeps_in_force` hook keep `ab` working while its holder is dead?"""
        return any(k.keeps_in_force(ab) for k in self.hooks("keeps_in_force"))

    def functioning(self, player: Player | None, ability: Ability | None = None) -> bool:
        """Does `ability` (default: the player's first) work now: `in_force`. A player who
        holds no ability 'functions' while alive, sober and healthy."""
        if player is None:
            return True
        ab = ability if ability is not None else player.ability
        if ab is None:
            return player.alive and not self.droisoned(player)
        return self.in_force(ab)

    def resolving_death(self, player: Player) -> bool:
        """Is something `player`'s death triggered still to be resolved: they are dead and
        an ability they hold says so (`Ability.resolving_death`: the Ravenkeeper not yet
        woken, the Barber's haircuts not yet given, the Klutz's choice not yet made)?"""
        return not player.truly_alive and any(a.resolving_death() for a in player.held)

    def effect_active(self, e: Effect) -> bool:
        """An effect lasts while the ability that made it is held and in force (wherever it
        has moved). One that lasts through its target's death (`data["through_death"]`:
        the Pukka's poison on its victim) is active on the dead target only until what
        their death triggered is resolved (`resolving_death`), and never on a living one.
        One made for the player holding its source (`data["held_by"]`: the
        Vigormortis's poison is the dead Minion's) lasts only while that player holds it:
        it does not follow the ability to someone else. A self-inflicted one (a Poisoner
        poisoning themself) would switch itself off, so it lasts while its source is held
        by that living player."""
        ab = e.source
        if not e.needs_source or ab is None:
            return True
        if not ab.active:
            return False
        held_by = holder(ab)
        data = e.data
        if data:
            if "through_death" in data and not self.resolving_death(e.target):
                return False
            if "held_by" in data and (held_by is None or held_by.name != data["held_by"]):
                return False
        if held_by is e.target:
            return e.target.alive
        return self.in_force(ab)

    def add_effect(self, effect: Effect, by: Ability | None = None) -> bool:
        """Add an effect made by ability `by`; a malfunctioning ability adds nothing."""
        if by is not None and not self.in_force(by):
            self.emit("no_effect", "storyteller", ability=by.id,
                      player=_name(holder(by)), effect=effect.kind,
                      target=effect.target.name)
            return False
        for ab in effect.target.abilities():
            if ab.refuses_effect(effect):
                self.emit("no_effect", "storyteller", ability=by.id if by else None,
                          player=_name(holder(by)) if by is not None else None,
                          effect=effect.kind, target=effect.target.name, refused_by=ab.id)
                return False
        effect.target.effects.append(effect)
        src = effect.source
        self._push(self._ev4("effect", "storyteller", "kind", effect.kind,
                             "target", effect.target.name,
                             "source", _name(holder(src)) if src is not None else None,
                             "ability", src.id if src is not None else None))
        return True

    def _expire(self, moment: str) -> None:
        key = (moment, self.night)
        for p in self.players:
            if p.effects:
                p.effects = [e for e in p.effects if e.ends != key]

    # ------------------------------------------------------------------ registration
    def registration(self, player: Player, purpose: str = "") -> tuple[str, str]:
        """(character, alignment) that `player` registers as for this query.

        Every registration the rules allow is an option of one `register` decision: the
        truth, the false registrations of the player's abilities that offer them and work
        (Recluse, Spy; their own or one granted to them: a Philosopher-Recluse), and those
        other rule objects offer for this query (`Ability.registrations`: a jinx). With
        more than one, the Storyteller chooses, per query; a scenario may fix it for the
        step, for every query or per asking ability (`purpose`: the ability id).
        """
        truth = (player.character, player.alignment)
        fixed = self.register_overrides.get(player.name)
        if fixed is not None and "per_ability" in fixed:    # written per asking ability
            fixed = fixed["per_ability"].get(purpose)
        held = player.held
        offering = self.hooks("registrations")
        if not held and not offering:
            return truth
        alts: list[tuple[str, str]] = []
        if held:
            ab = held[0]
            if ab.misregisters and self.in_force(ab, even_if_dead=ab.registers_when_dead):
                alts = ab.false_registrations()
            if len(held) > 1:        # a granted Recluse's or Spy's ability registers too
                for other in player.held[1:]:
                    if other.origin == "granted" and other.misregisters and self.in_force(
                            other, even_if_dead=other.registers_when_dead):
                        alts = alts + [x for x in other.false_registrations() if x not in alts]
        keys: list[str] = []
        for src in offering:
            more = [x for x in src.registrations(player, purpose) if x != truth and x not in alts]
            if more:
                alts = alts + more
                if src.registration_key and src.registration_key not in keys:
                    keys.append(src.registration_key)
        if not alts:        # the usual case: no decision (and no context built for one)
            if fixed and any(fixed.get(k, v) != v for k, v in zip(("character", "alignment"), truth)):
                raise IllegalAnswer(Choice("register", "storyteller", [truth],
                                           context={"player": player.name, "purpose": purpose}),
                                    fixed, f"{player.name} cannot register that way now")
            return truth
        context: dict[str, Any] = {"player": player.name, "purpose": purpose}
        options = [{"character": truth[0], "alignment": truth[1]}]
        seen = {truth}
        for c, a in alts:
            if (c, a) not in seen:      # each registration once, in order
                seen.add((c, a))
                options.append({"character": c, "alignment": a})
        if fixed is not None and not any(all(o.get(k) == v for k, v in fixed.items())
                                         for o in options):
            raise IllegalAnswer(Choice("register", "storyteller", options, context=context),
                                fixed, f"{player.name} cannot register that way")
        # A fixed registration is still a decision (logged, so the game replays from its
        # log); the answerer must pick an option that fits it.
        if keys:
            context["key"] = keys[0]
        ans = self.decide(Choice("register", "storyteller", options, context=context, n_true=1))
        if fixed is not None and any(ans.get(k) != v for k, v in fixed.items()):
            raise IllegalAnswer(Choice("register", "storyteller", options), ans,
                                f"{player.name} must register as {fixed}")
        return ans["character"], ans["alignment"]

    def registers_team(self, player: Player, purpose: str = "") -> tuple[str, str, str]:
        c, a = self.registration(player, purpose)
        return c, a, D.get(c).team

    def is_demon(self, player: Player) -> bool:
        """True Demon status (no registration): a Demon character, or 'is the Demon'."""
        if TEAMS[player.character] == "demon":
            return True
        for ab in self.hooks("counts_as_demon"):
            if ab.counts_as_demon(player):
                return True
        return False

    def demons(self) -> frozenset[str]:
        """Who is the Demon now (names; `is_demon`, alive or dead)."""
        return frozenset(p.name for p in self.players if self.is_demon(p))

    def demon_change(self) -> DemonChange:
        """A step that may change who is the Demon, as a `with` block: a character change
        (`change_character`, `swap_characters`), an ability making someone "the Demon"
        (`counts_as_demon`), with whatever the same step still does (a jinx point). When it
        ends, if who is the Demon changed, the win rules are asked at once (`check_win`):
        a dead player made the only Demon, or the living Demon no longer a Demon, ends the
        game now, not at dawn. Not during setup, nor inside an execution (the execution
        asks when it is over)."""
        return DemonChange(self)

    def _after_demon_change(self, before: frozenset[str]) -> None:
        if self.phase == "setup" or self._executing or self.winner is not None:
            return
        if self.demons() != before:
            self.check_win()

    def registers_as_demon(self, player: Player, purpose: str = "") -> bool:
        if any(ab.counts_as_demon(player) for ab in self.hooks("counts_as_demon")):
            return True
        return self.registers_team(player, purpose)[2] == "demon"

    # ------------------------------------------------------------------ asking players
    def choose_players(self, player: Player, count: int = 1, *, ability: Ability | None = None,
                       alive_only: bool = False, allow_self: bool = True, optional: bool = False,
                       exclude: Iterable[Player] = (), prompt: str = "",
                       kind: str = "night_choice",
                       check: Callable[[list[str]], bool] | None = None) -> list[Player] | None:
        ex = {p.name for p in exclude}
        cands = [p.name for p in self.players
                 if (p.alive or not alive_only) and (allow_self or p is not player)
                 and p.name not in ex]
        if len(cands) < count:
            return None
        ab = ability or player.ability
        musts = self.hooks("must_choose")
        if musts and ab is not None:
            must = [n for h in musts for n in h.must_choose(ab) if n in cands][:count]
            if must and len(must) == count and check is None:
                optional, cands = False, must
            elif must:
                optional, base = False, check
                check = (lambda pick: all(n in pick for n in must)
                         and (base is None or base(pick)))
        who = player.name
        ab_id = ab.id if ab else None
        fast = None
        if check is None and (optional or len(cands) != count) and self.on_forced is None:
            # not a forced choice (`PlayerChoice.only_option`): a bot's fast path, if any
            asked = self.fast_answerer(who)
            fast = asked[6]
        if fast is not None:
            ans = self._fast_choice(fast, asked[1], kind, who, cands, count, optional, prompt,
                                    ab_id)
        else:
            ans = self.decide(PlayerChoice(kind, who, cands, count, optional, prompt,
                                           {"ability": ab_id, "player": who}, check))
        if ans is None:
            self._push(self._ev2("declined", [who], "player", who, "ability", ab_id))
            return None
        self._push(self._ev3("choice", [who], "player", who, "ability", ab_id, "players", ans))
        if ab is not None and self._asked_again(player, ab, ans):
            first, base = list(ans), check
            d = PlayerChoice(kind, who, cands, count, False, prompt,
                             {"ability": ab_id, "player": who},
                             lambda pick: sorted(pick) != sorted(first)
                             and (base is None or base(pick)))
            if d.options():
                ans = self.decide(d)
                self.emit("choice", [player.name], player=player.name,
                          ability=d.context["ability"], players=ans)
        return [self.by_name[n] for n in ans]

    def _fast_choice(self, fast: Any, view: Any, kind: str, who: str, cands: list[str],
                     count: int, optional: bool, prompt: str, ab_id: str | None) -> Any:
        """`decide` of a `PlayerChoice` without a check, that is not forced, answered by
        `fast` (the answerer's `fast_choose`): numbered, checked and logged as `decide`
        does, without the decision object (built only for a refused answer)."""
        seq = self.n_decisions
        self.n_decisions = seq + 1
        answer = fast(view, who, kind, cands, count, optional)
        if answer is None:
            ok = optional
        elif answer.__class__ is list and len(answer) == 1:
            ok = count == 1 and answer[0] in cands
        else:           # two or more names: as `decide` (canonical order, then legal)
            d = PlayerChoice(kind, who, cands, count, optional, prompt,
                             {"ability": ab_id, "player": who})
            if answer.__class__ is list:
                answer = d.canonical(answer)
            ok = d.is_legal(answer)
        if not ok:
            raise IllegalAnswer(PlayerChoice(kind, who, cands, count, optional, prompt,
                                             {"ability": ab_id, "player": who}), answer)
        # never the default (a `PlayerChoice` has none): logged, as `decide` logs it
        ev = self._ev5("decision", "storyteller" if who == "storyteller" else [who],
                       "kind", kind, "who", who, "answer", answer, "seq", seq,
                       "ability", ab_id)
        if who == "storyteller":
            ev["player"] = who
        self._push(ev)
        return answer

    def _asked_again(self, player: Player, ab: Ability, answer: Any) -> bool:
        """Does a `choose_again` hook ask `player` to choose differently (an event if so)?"""
        hooks = self.hooks("choose_again")
        if hooks and any(h.choose_again(ab, answer) for h in hooks):
            self.emit("choose_again", [player.name], player=player.name, ability=ab.id)
            return True
        return False

    def choose_character(self, player: Player, options: list[str], *, ability: Ability | None = None,
                         optional: bool = False, prompt: str = "",
                         kind: str = "night_choice") -> str | None:
        ab = ability or player.ability
        opts: list = ([None] if optional else []) + list(options)
        if not opts:
            return None
        context = {"ability": ab.id if ab else None, "player": player.name, "form": "character"}
        ans = self.decide(Choice(kind, player.name, opts, prompt, context))
        if ans is None:
            self.emit("declined", [player.name], player=player.name, ability=ab.id if ab else None)
        else:
            self.emit("choice", [player.name], player=player.name,
                      ability=ab.id if ab else None, character=ans)
            rest = [o for o in options if o != ans]
            if ab is not None and rest and self._asked_again(player, ab, ans):
                ans = self.decide(Choice(kind, player.name, rest, prompt, context))
                self.emit("choice", [player.name], player=player.name, ability=ab.id,
                          character=ans)
        return ans

    def storyteller_choice(self, key: str, options: list, prompt: str = "", **context) -> Any:
        """A decision the rules leave to the Storyteller, keyed for scenarios (`mayor: Bob`)."""
        if not options:
            return None
        return self.decide(Choice("storyteller", "storyteller", options, prompt,
                                  {"key": key, **context}))

    # ------------------------------------------------------------------ information
    def tell(self, player: Player, truths: list[dict],
             falsehoods: Callable[[], Any] | None = None,
             ability: Ability | None = None) -> dict | None:
        """Show `player` information: the Storyteller picks one of the legal answers.

        A sober, healthy player may only be shown one of `truths`; a drunk or poisoned one
        may be shown anything well-formed (`truths` + `falsehoods()`).

        In a game nobody reads (`quiet_info`: the Storyteller's fast continuations of a game)
        the first truth is returned without a decision or an event.
        """
        if self.quiet_info:
            return truths[0] if truths else None
        ab = ability or player.ability
        # Information is as reliable as the ability giving it: its holder's (the King's
        # ability shows the Demon who the King is), else the player's.
        held_by = holder(ab) if ab is not None else None
        if held_by is None:
            held_by = player
        ok = self.functioning(held_by, ab)
        options = list(truths)
        context = {"player": player.name, "ability": ab.id if ab else None, "droisoned": not ok}
        decision: Choice | None = None
        if not ok and falsehoods is not None:
            lies = falsehoods()
            if isinstance(lies, OptionSpace):   # too many to list: counted and indexed
                decision = InfoChoice("storyteller", options, lies, context)
            else:
                seen = {info_key(o) for o in options}
                for o in lies:
                    k = info_key(o)
                    if k not in seen:
                        seen.add(k)
                        options.append(o)
        if decision is None:
            decision = Choice("info", "storyteller", options, context=context,
                              n_true=len(truths))
        if not decision.n_options():
            return None
        info = self.decide(decision)
        ev = self._ev2("learn", [player.name], "player", player.name,
                       "ability", ab.id if ab else None)
        ev.update(info)     # as `**info` after those: a key of `info` replaces in place
        self._push(ev)
        return info

    def players_info(self, players: Iterable[Player]) -> list[str]:
        return [p.name for p in sorted(players, key=lambda p: p.seat)]

    # ------------------------------------------------------------------ death
    def kill(self, target: Player, cause: str, by: Player | None = None,
             source: Ability | None = None, _redirected: bool = False) -> bool:
        """Would-die then died. Returns True if the target died.

        `source`, when given, is the ability causing the death: if it does not work, nothing
        happens. Protection hooks act in the would-die step; reactions in the died step.
        """
        if source is not None and not self.in_force(source):
            self.emit("no_effect", "storyteller", ability=source.id, target=target.name,
                      player=_name(holder(source)), effect="death")
            return False
        if not self.would_die(target, cause, by):
            return False
        if not _redirected:
            for ab in self.hooks("redirect_death"):
                other = ab.redirect_death(target, cause, by)
                if other is not None and other is not target:
                    self.emit("death_redirected", "storyteller", player=target.name,
                              instead=other.name, ability=ab.id)
                    return self.kill(other, cause, by, _redirected=True)
        self.die(target, cause, by)
        return True

    def would_die(self, target: Player, cause: str, by: Player | None = None) -> bool:
        """The would-die step alone: False if `target` is not truly alive or a `protects`
        hook stops the death (a `death_prevented` event). `kill` starts with it; an ability
        that replaces a death with something else (a Demon jumping into its victim) asks it
        and then does that instead of `die`."""
        if not target.truly_alive:
            return False
        for ab in self.hooks("protects"):
            if ab.protects(target, cause, by):
                self.emit("death_prevented", "storyteller", player=target.name, cause=cause,
                          by=by.name if by else None, protector=ab.id)
                return False
        return True

    def die(self, p: Player, cause: str, by: Player | None = None) -> None:
        """The died step: the player dies; reactions run; the game may end."""
        was_public_alive = p.alive
        self._record_death(p, cause, by, False,
                           None if was_public_alive else {"already_registered_dead": True})
        for ab in list(self.hooks("on_death")):
            ab.on_death(p, cause, by)
        if not self._executing:
            self.check_win()

    def fake_death(self, p: Player, cause: str, by: Player | None = None) -> None:
        """The player registers as dead but lives on (an ability says so)."""
        self._record_death(p, cause, by, True)
        if not self._executing:
            self.check_win()

    def _record_death(self, p: Player, cause: str, by: Player | None, secretly_alive: bool,
                      extra: dict | None = None) -> None:
        p.alive = False
        p.secretly_alive = secretly_alive
        if self.phase == "night":
            self.deaths_tonight.append(p)
        else:
            self.deaths_today.append(p)
        ev = self._ev3("death", "all" if self.phase == "day" else "storyteller",
                       "player", p.name, "cause", cause, "by", by.name if by else None)
        if extra:
            ev.update(extra)
        self._push(ev)

    # ------------------------------------------------------------------ character change
    def change_character(self, player: Player, new: str, alignment: str | None = None,
                         tell: bool = True, successor: bool = False) -> None:
        """The player becomes `new`: the abilities their old character gave them (its own,
        and a belief) are replaced by the new character's, and so are the abilities those
        granted (the Alchemist's Minion ability, what the Philosopher gained: one
        `ability_removed` each) and the effects that were part of the old character
        (`with_character`: the Drunk's drunkenness); other granted abilities stay. The
        replaced abilities are no longer held (`active` False): effects they made that need
        their source end.
        `successor`: a Demon taking over from a Demon who dies with it, at once (a jump):
        it waits until the next night, as `_new_at_night` says for every successor.
        Who is the Demon may change: the step is a `demon_change` (the game may end at once)."""
        with self.demon_change():
            self._change_character(player, new, alignment, tell, successor)

    def _change_character(self, player: Player, new: str, alignment: str | None,
                          tell: bool, successor: bool) -> None:
        old = player.character
        player.character = D.get(new).id
        ab = self.make_ability(player.character, player)
        gone = _with_granted(player.held, [a for a in player.held if a.origin != "granted"])
        lost = [a for a in player.held if a.origin == "granted" and a in gone]
        player.held = [ab] + [a for a in player.held if a.origin == "granted" and a not in gone]
        # What those abilities made part of their own character ends with them (an effect
        # marked `with_character`: the Drunk's drunkenness; a swap moves it with the
        # character, see `swap_characters`). Other effects stay on the player (the Snake
        # Charmer's poison on the old Demon is for good).
        player.effects = [e for e in player.effects
                          if not (e.source in gone and e.data.get("with_character"))]
        # The old character's abilities are no longer held by anyone: what they still do
        # through effects that need their source ends (the Spy jinx's poison on "the
        # Damsel" once she is a Townsfolk; a Poisoner's poison once they are the Imp).
        # Effects that do not need their source stay (the Snake Charmer's poison).
        for a in gone:
            a.active = False
        player.thinks = None
        if self.phase != "setup" and ab.starts_knowing():
            # "If created mid-game, learns that night": acts as on a first night, tonight
            # (by day: the coming night), right away if its position has passed.
            self.mark_fresh(ab)
        self._new_at_night(ab, successor)
        self.abilities_changed()
        self.emit("character_change", "storyteller", player=player.name, old=old, new=new)
        for a in lost:
            a.active = False
            self.emit("ability_removed", "storyteller", player=player.name, ability=a.id)
        if alignment and alignment != player.alignment:
            self.change_alignment(player, alignment)
        if tell:
            self._tell_character(player)
        for hook in self.hooks("on_character_change"):
            hook.on_character_change(player, old, new)

    def _tell_character(self, player: Player) -> None:
        """A player whose character changed is told who they are now (by day: that night)."""
        if self.phase == "day":
            player.tokens["learn_character_tonight"] = True     # woken and told that night
        else:
            self.emit("learn", [player.name], player=player.name, ability=None,
                      character=player.character, alignment=player.alignment, reason="you are")

    def swap_characters(self, a: Player, b: Player, alignments: bool = False,
                        tell: bool = True) -> None:
        """`a` and `b` swap characters (and alignments, if `alignments`) in one operation.

        The abilities their characters gave them (and what those granted) move with the
        characters, with their state; effects those abilities made stay tied to them; an
        effect that is part of a character (`data["with_character"]`: the Drunk's
        drunkenness) moves with it, any other stays on its player (the Snake Charmer's
        poison). Hooks see a
        consistent table: `on_character_change` runs once per player, after both moved.
        Who is the Demon may change: the step is a `demon_change` (the game may end at once)."""
        with self.demon_change():
            self._swap_characters(a, b, alignments, tell)

    def _swap_characters(self, a: Player, b: Player, alignments: bool, tell: bool) -> None:
        if a is b:
            raise ClocktowerError(f"{a.name} cannot swap characters with themself")
        old_a, old_b = a.character, b.character
        # What a character's ability granted (the Amnesiac's hidden ability, what the
        # Philosopher gained, and what that granted) goes with the character.
        mine_a = _with_granted(a.held, [x for x in a.held if x.origin != "granted"])
        mine_b = _with_granted(b.held, [x for x in b.held if x.origin != "granted"])
        a.character, b.character = old_b, old_a
        a.thinks, b.thinks = b.thinks, a.thinks
        a.held = mine_b + [x for x in a.held if x not in mine_a]
        b.held = mine_a + [x for x in b.held if x not in mine_b]
        for ab in mine_b:
            ab.player = a
        for ab in mine_a:
            ab.player = b
        moved_a = [e for e in a.effects if e.source in mine_a and e.data.get("with_character")]
        moved_b = [e for e in b.effects if e.source in mine_b and e.data.get("with_character")]
        a.effects = [e for e in a.effects if e not in moved_a] + moved_b
        b.effects = [e for e in b.effects if e not in moved_b] + moved_a
        for e in moved_a:
            e.target = b
        for e in moved_b:
            e.target = a
        for ab in mine_a + mine_b:
            self._new_at_night(ab)
        self.abilities_changed()
        self.emit("character_change", "storyteller", player=a.name, old=old_a, new=old_b,
                  swapped_with=b.name)
        self.emit("character_change", "storyteller", player=b.name, old=old_b, new=old_a,
                  swapped_with=a.name)
        for ab in mine_a:
            if ab.origin == "granted":
                self.emit("ability_moved", "storyteller", ability=ab.id, player=a.name, to=b.name)
        for ab in mine_b:
            if ab.origin == "granted":
                self.emit("ability_moved", "storyteller", ability=ab.id, player=b.name, to=a.name)
        if alignments and a.alignment != b.alignment:
            al_a, al_b = a.alignment, b.alignment
            self.change_alignment(a, al_b)
            self.change_alignment(b, al_a)
        if tell:
            self._tell_character(a)
            self._tell_character(b)
        for hook in self.hooks("on_character_change"):
            hook.on_character_change(a, old_a, old_b)
        for hook in self.hooks("on_character_change"):
            hook.on_character_change(b, old_b, old_a)

    def grant(self, player: Player, char_id: str, source: Ability | None = None,
              invented: type[Ability] | None = None) -> Ability:
        """`player` gains the ability of `char_id` besides their own (given by `source`):
        one `ability_granted` event. It acts at its own night position; a 'start knowing'
        ability granted mid-game acts that night (see `mark_fresh`). An ability that is no
        character's (invented by the Storyteller: the Amnesiac's variants) is given as its
        class, `invented`, whose `id` is `char_id`."""
        if invented is not None:
            ab = invented(self, player)
        else:
            ab = self.make_ability(D.get(char_id).id, player)
        ab.origin = "granted"
        ab.source = source
        player.held.append(ab)
        if self.phase != "setup" and ab.starts_knowing():
            self.mark_fresh(ab)
        self._new_at_night(ab)
        self.abilities_changed()
        self.emit("ability_granted", "storyteller", player=player.name, ability=ab.id,
                  source=source.id if source is not None else None)
        return ab

    def revoke(self, ab: Ability) -> None:
        """Take `ab` away from whoever holds it: one `ability_removed` event. Effects it
        made end (they need their source held)."""
        p = holder(ab)
        if p is not None and ab in p.held:
            p.held.remove(ab)
        elif ab in self.free_abilities:
            self.free_abilities.remove(ab)
        else:
            raise ClocktowerError(f"{ab.id} is not held by anyone")
        ab.active = False
        self.abilities_changed()
        self.emit("ability_removed", "storyteller", player=p.name if p else None,
                  ability=ab.id)

    def move_ability(self, ab: Ability, to: Player) -> None:
        """Move `ab`, with its state, to `to`: one `ability_moved` event. Effects it made
        stay tied to it."""
        src = holder(ab)
        if src is None or ab not in src.held:
            raise ClocktowerError(f"{ab.id} is not held by a player")
        src.held.remove(ab)
        to.held.append(ab)
        ab.player = to
        self._new_at_night(ab)
        self.abilities_changed()
        self.emit("ability_moved", "storyteller", ability=ab.id, player=src.name, to=to.name)

    def believe(self, player: Player, char_id: str, source: Ability | None = None) -> Ability:
        """`player` believes they are `char_id` (the Drunk's Townsfolk; later the Lunatic's
        Demon, the Marionette's good character): the one place a belief is made. They hold
        that character's ability first, never in force (they wake and are told what the
        Storyteller chooses), and keep their true character's ability behind it."""
        cid = D.get(char_id).id
        ab = self.make_ability(cid, player)
        ab.origin = "believed"
        ab.source = source
        player.thinks = cid
        player.held = [ab] + [a for a in player.held if a.origin != "believed"]
        self.abilities_changed()
        return ab

    def _new_at_night(self, ab: Ability, successor: bool = False) -> None:
        """The one rule for an ability that starts being held at night: it acts tonight at
        its place in the night order if that is still to come (each ability acts at most
        once a night), except a Demon that succeeds a Demon who died tonight (the Imp's
        star-pass, the Scarlet Woman) or dies with its making (`successor`: a jump):
        "does not act that same night"."""
        if self.phase != "night" or ab.data.team != "demon":   # a variant is in no table
            return
        if successor or any(not p.truly_alive and TEAMS[p.character] == "demon" and p is not holder(ab)
               for p in self.deaths_tonight):
            ab.state["waits_until"] = self.night + 1

    def mark_fresh(self, ab: Ability) -> None:
        """`ab` acts as on a first night tonight (by day: the coming night): see `Ability.fresh`."""
        night = self.night + (self.phase == "day")
        ab.fresh_night = night
        self._fresh_nights.add(night)
        self._night_cache = None

    def change_alignment(self, player: Player, new: str) -> None:
        old = player.alignment
        if old == new:
            return
        player.alignment = new
        self.emit("alignment_change", "storyteller", player=player.name, old=old, new=new)

    # ------------------------------------------------------------------ winning
    def end(self, outcome: Outcome) -> None:
        """End the game with `outcome` unless an ability vetoes it; abilities may change it
        first (see `engine/outcome.py`). Raises GameOver when the game ends."""
        if self.winner is not None:
            return
        for ab in self.hooks("veto_outcome"):
            if ab.veto_outcome(outcome):
                # Said once a phase: the same win is proposed again at every later check.
                key = (self.phase, self.night if self.phase == "night" else self.day,
                       outcome.winner, outcome.code, ab.id)
                if key not in self._vetoes:
                    self._vetoes.add(key)
                    self.emit("outcome_vetoed", "storyteller", winner=outcome.winner,
                              code=outcome.code, ability=ab.id)
                return
        for ab in self.hooks("alter_outcome"):
            outcome = ab.alter_outcome(outcome)
        self.declare(outcome)
        raise GameOver(outcome.winner)

    def declare(self, outcome: Outcome) -> None:
        """Record the game's outcome (the `game_over` event) without raising."""
        self.outcome = outcome
        self.winner = outcome.winner
        self.win_reason = outcome.reason
        self.emit_fields("game_over", "all", outcome.fields())

    def check_win(self) -> None:
        if self.winner is not None:
            raise GameOver(self.winner)
        for ab in self.hooks("check_win"):
            res = ab.check_win()
            if res:
                self.end(res)
        if self.phase == "setup":
            return
        demon_alive = any(p.truly_alive and self.is_demon(p) for p in self.players)
        if not demon_alive and not any(ab.demon_pending() for ab in self.hooks("demon_pending")):
            self.end(Outcome("good", "demon_dead", "the Demon is dead"))
        alive = sum(1 for p in self.players if p.truly_alive and not p.traveller)
        if alive <= 2:
            self.end(Outcome("evil", "two_alive", self._two_alive_words()))

    def _two_alive_words(self) -> str:
        """'just two players are alive', qualified when the table sees otherwise: living
        Travellers, or a player who registers as dead but lives (the Zombuul)."""
        words = "just two players are alive"
        hidden = [p.name for p in self.players if p.secretly_alive and not p.alive]
        if hidden:
            words = ("just two players are truly alive (" + ", ".join(hidden)
                     + (" registers" if len(hidden) == 1 else " register") + " as dead)")
        if any(p.traveller and p.alive for p in self.players):
            words += ", not counting Travellers"
        return words

    # ------------------------------------------------------------------ night
    def night_entries(self, first: bool) -> list[tuple[Any, int, Any]]:
        """(position, seat, ability or special name) for tonight, sorted
        (`night.night_entries`)."""
        return _night.night_entries(self, first)

    def custom_night_order(self, first: bool) -> dict[str, float] | None:
        """Positions from the script's own night order, if it has one
        (`night.custom_night_order`)."""
        return _night.custom_night_order(self, first)

    def run_night(self, at_dusk: Callable[[], None] | None = None) -> None:
        """The night, dusk to dawn (`engine/night.py`)."""
        _night.run_night(self, at_dusk)

    def walk_night(self, first: bool, cursor: tuple[Any, int], done: set[Ability]) -> None:
        """The night order's steps after `cursor`, then dawn (`night.walk_night`)."""
        _night.walk_night(self, first, cursor, done)

    # ------------------------------------------------------------------ day
    def start_day(self) -> None:
        """A new day (`engine/day.py`)."""
        _day.start_day(self)

    def can_nominate(self, by: Player, target: Player) -> str | None:
        """None if `by` may nominate `target` now, else why not (`day.can_nominate`)."""
        return _day.can_nominate(self, by, target)

    def voting_order(self, target: Player) -> list[Player]:
        """Hands are counted clockwise from the player after `target`, `target` last."""
        return _day.voting_order(self, target)

    def can_vote(self, voter: Player) -> bool:
        """Whether `voter` may raise a hand on a nomination now (`engine/voting.py`)."""
        return _day.can_vote(self, voter)

    def nominate(self, by: Player, target: Player,
                 votes: Callable[[Player], bool] | list[str] | None = None,
                 claim: str | None = None, hands: list[str] | None = None) -> dict | None:
        """A nomination and its vote (`day.nominate`)."""
        return _day.nominate(self, by, target, votes, claim, hands)

    def execute(self, p: Player, votes: int | None = None) -> None:
        """Execute a player: at most one execution a day; the day then ends."""
        _day.execute(self, p, votes)

    def end_day(self) -> None:
        """The day's end (`day.end_day`)."""
        _day.end_day(self)

    def claim(self, player: Player, character: str, night: int | None = None,
              info: dict | None = None, chose: list[str] | None = None) -> None:
        """A public claim (`day.claim`)."""
        _day.claim(self, player, character, night, info, chose)

    def exile(self, by: Player, target: Player, votes: list[str] | None = None) -> dict:
        """Exile a Traveller (`day.exile`)."""
        return _day.exile(self, by, target, votes)

    def use_day_ability(self, by: Player, character: str, args: dict) -> None:
        """A player publicly uses (or pretends to use) a day ability
        (`day.use_day_ability`)."""
        _day.use_day_ability(self, by, character, args)

    def pretend_uses(self, player: Player) -> list[dict]:
        """The day uses `player` may pretend to make now (`day.pretend_uses`)."""
        return _day.pretend_uses(self, player)

    def ruling(self, ruling: Any) -> dict:      # Any: a bad one is refused, not a TypeError
        """A Storyteller's ruling by their own judgement (kill, revive, poison, make drunk,
        sober, change a character or an alignment): validated, logged as an input, carried
        out. See `engine/rulings.py`."""
        from .rulings import ruling as _ruling
        return _ruling(self, ruling)

    # ------------------------------------------------------------------ setup helpers
    def snapshot(self) -> list[dict]:
        """The grimoire now: one dict per player (the Storyteller's view)."""
        out = []
        for p in self.players:
            status = []
            if self.is_poisoned(p):
                status.append("poisoned")
            if self.is_drunk(p):
                status.append("drunk")
            out.append({"name": p.name, "character": p.character, "alignment": p.alignment,
                        "alive": p.alive, "ghost_vote": p.ghost_vote, "thinks": p.thinks,
                        "status": status, "traveller": p.traveller})
        return out


def info_key(o: dict) -> tuple:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in o.items()))
