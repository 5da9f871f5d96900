"""The base class every character module subclasses.

A character is its data (from the data file) plus a few hooks. The engine calls hooks by
capability ("does anything protect this player from the Demon?"), never by character name.
An Ability instance is held by one player at a time (`player`; None for an ability no
player holds, such as a token in play). It can be granted, taken away or moved
(`Game.grant`, `Game.revoke`, `Game.move_ability`, `Game.swap_characters`); a player whose
character changes gets a new one. `origin` says why it is held: "character" (their
character's), "believed" (the character they think they are: never in force), "granted"
(given by `source`, another ability). `Game.in_force(ability)` says whether it works now.

Malfunction is the engine's job: hooks that change the game go through engine methods
(`game.tell`, `game.add_effect`, `game.kill`, ...) that check whether the ability works.
A hook may ask `self.functioning` when the text makes a decision depend on it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from ..data import CharacterData, get as get_data
from .outcome import register_reason

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game, Player
    from .outcome import Outcome


# Hook names the engine dispatches by capability. A subclass that overrides one of these is
# registered for it; the engine only calls overridden hooks (this keeps the simulator fast).
HOOKS = (
    "on_setup", "on_death", "on_executed", "on_nominated", "on_nomination", "on_vote_tallied",
    "on_day_end", "on_dusk", "on_dawn", "on_character_change",
    "protects", "redirect_death", "demon_pending", "counts_as_demon", "check_win",
    "vote_weight", "may_vote", "evil_info", "may_nominate",
    "cannot_vote", "redirect_execution", "offers_day_action",
    "ghost_vote_needed", "vote_threshold", "veto_outcome", "alter_outcome",
    "keeps_in_force", "stops_ability", "choose_again", "must_choose", "on_day_start",
    "registrations",
)

# Not a hook: `Game.hooks(DAY_USES)` lists the abilities in play whose class has day uses
# (overrides `day_options`: `has_day_ability`).
DAY_USES = "day_options"

T = TypeVar("T")


class State(Generic[T]):
    """A typed field of an ability's `state`, declared on the class (`used = State(False)`,
    `master: State[str | None] = State(None)`): `self.used` reads `self.state["used"]`, the
    default while it is unset (the default is not stored: give an immutable one), and
    `self.used = True` stores it; `del self.used` unsets it. The values stay in the `state`
    dict, which forks and copies of the game carry."""
    __slots__ = ("name", "default")

    def __init__(self, default: T) -> None:
        self.default = default
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> "State[T]": ...
    @overload
    def __get__(self, obj: "Ability", owner: type | None = None) -> T: ...

    def __get__(self, obj: "Ability | None", owner: type | None = None) -> "T | State[T]":
        if obj is None:
            return self
        return obj.state.get(self.name, self.default)

    def __set__(self, obj: "Ability", value: T) -> None:
        obj.state[self.name] = value

    def __delete__(self, obj: "Ability") -> None:
        obj.state.pop(self.name, None)


class StateList(State[list[T]]):
    """A list field of an ability's `state` (`kept: StateList[str] = StateList()`):
    `self.kept` is the stored list, stored empty when first read, so that appending to it
    keeps what is appended; `self.kept = [...]` replaces it."""
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__([])

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> "StateList[T]": ...
    @overload
    def __get__(self, obj: "Ability", owner: type | None = None) -> "list[T]": ...

    def __get__(self, obj: "Ability | None",
                owner: type | None = None) -> "list[T] | StateList[T]":
        if obj is None:
            return self
        found: list[T] = obj.state.setdefault(self.name, [])
        return found


# What an ability mostly does: the Amnesiac's similarity scale (docs/storyteller.md). Each
# character declares its own (`kind = "information"`); "other" if it does not.
KINDS = ("information", "protection", "killing", "malfunction", "transformation", "ending",
         "voting", "deception", "setup", "other")


class Ability:
    id: ClassVar[str] = ""
    # Its kind on the Amnesiac's similarity scale (`KINDS`): a guess of the same kind is
    # `warm`, of the same team and kind `hot` (characters/amnesiac.py).
    kind: ClassVar[str] = "other"
    # True for abilities that act while their player is dead (e.g. "even if dead").
    works_when_dead: ClassVar[bool] = False
    # True for registration abilities that work "even if dead" (Recluse, Spy).
    registers_when_dead: ClassVar[bool] = False
    # Order among abilities answering the same hook: lower first, then seat order.
    priority: ClassVar[int] = 0
    # The same for one hook only (hook name -> priority), where an ability must come first
    # or last among that hook's answerers and nowhere else.
    hook_priority: ClassVar[dict[str, int]] = {}
    # True for a character whose ability asks for a public claim when nominated (the
    # Goblin): with this character on the script, any nominee may make that claim.
    nomination_claim: ClassVar[bool] = False
    # Ways this ability can end the game: outcome reason code -> what it means
    # (see `engine/outcome.py`); registered with the engine's enumeration.
    outcome_reasons: ClassVar[dict[str, str]] = {}
    # Day-ability arguments the table does not hear (a private question to the Storyteller):
    # `Game.use_day_ability` leaves them out of the public `claim_ability` event, and a
    # use with private arguments (real or pretended) is not followed by "nothing happens".
    private_args: ClassVar[tuple[str, ...]] = ()
    # True for a character whose holder does not know they are it (they believe they are
    # another: the Drunk, the Lunatic, the Marionette): no player ever claims it, so the
    # automatic Storyteller never offers it as a bluff (docs/storyteller.md).
    unaware: ClassVar[bool] = False
    # The teams of the character such a holder believes they are (the Drunk: a Townsfolk;
    # the Lunatic: a Demon; the Marionette: a good character), () for every other: what a
    # hand-dealt grimoire's `thinks` must be (web/setupcheck.py, web/townsquare.py).
    believes: ClassVar[tuple[str, ...]] = ()
    # The voter hooks (`may_vote`, `cannot_vote`) this ability answers only about its own
    # holder's hand: it returns the default for every other voter, so the vote loop asks it
    # only when its holder votes (an ability that limits its holder's vote).
    holder_only: ClassVar[frozenset[str]] = frozenset()
    # What this ability can do to the world beyond information, for the world solver's
    # timeline (clocktower/solver/rules.py, docs/solver.md): effect -> the form the solver
    # models ("kill": "chosen", "droison": "one", "protect": "self"...), or None for an
    # effect it does not model (the solver then constrains nothing it could change). Empty:
    # read from `kind` (killing, malfunction, transformation, protection: unmodelled).
    world_rules: ClassVar[dict[str, str | None]] = {}
    data: CharacterData
    # The ability whose night step runs this one's (`night_position`): a Lunatic's
    # believed Demon acts within the Lunatic's step (characters/lunatic.py).
    acts_within: State[str | None] = State(None)
    # The night this ability, created mid-game, acts on as on a first night (`fresh`;
    # set by `Game.mark_fresh`).
    fresh_night: State[int | None] = State(None)

    __slots__ = ("game", "player", "state", "origin", "source", "active")

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.misregisters = cls.false_registrations is not Ability.false_registrations
        if cls.id:
            if "data" not in cls.__dict__:      # an invented ability brings its own data
                cls.data = get_data(cls.id)
            cls.overrides = frozenset(h for h in HOOKS if getattr(cls, h) is not getattr(Ability, h))
            for code, meaning in cls.outcome_reasons.items():
                register_reason(code, meaning)

    overrides: ClassVar[frozenset] = frozenset()
    # True for a class that overrides `false_registrations` (set for each subclass): the
    # engine asks the others nothing when a player registers.
    misregisters: ClassVar[bool] = False

    def __init__(self, game: "Game", player: "Player"):
        self.game = game
        self.player = player
        self.state: dict[str, Any] = {}
        self.origin = "character"
        self.source: Ability | None = None      # the ability that granted this one
        self.active = True                      # False once taken away (Game.revoke)

    def has(self, field: "State[Any]") -> bool:
        """Whether the typed field `field` of this ability is set (stored, not its default):
        `self.has(Alchemist.minion)`; `del self.minion` unsets it."""
        return field.name in self.state

    def declared(self, name: str) -> Any:
        """The value of this ability's declared typed field `name` (its default while
        unset): for a rule object that reads another module's ability without importing it
        (a jinx: `ability.declared("minion")` of an Alchemist). Unlike a `state` key, a name
        the class does not declare is an error (AttributeError), not a silent None."""
        found = getattr(type(self), name, None)
        if not isinstance(found, State):
            raise AttributeError(f"{type(self).__name__} declares no state field {name!r}")
        return found.__get__(self)

    # ---- facts -------------------------------------------------------------------------
    @property
    def functioning(self) -> bool:
        """Is this ability in force right now (`Game.in_force`)?"""
        return self.game.in_force(self)

    def night_position(self, first: bool) -> Any:
        # `acts_within`: this ability has no place of its own in the night order; another
        # ability runs its night step (a Lunatic's believed Demon acts in the Lunatic's step,
        # so the real Demon learns its choices before acting).
        if self.acts_within:
            return 0
        return self.data.first_night if first else self.data.other_night

    def starts_knowing(self) -> bool:
        """True for a 'you start knowing' ability: it acts on the first night only. Such an
        ability created mid-game acts that night (or, if created by day, the next night)
        as if it were the first night (see `Game.change_character`)."""
        return bool(self.data.first_night) and not self.data.other_night

    def fresh(self) -> bool:
        """True tonight if this ability was created mid-game and acts as on a first night."""
        return self.fresh_night == self.game.night

    # ---- the log: the events a character writes itself (engine/events.py) ------------------
    # Each writes its event with the fields in the catalogue's order; `extra` fields follow.
    # (Information an ability gives through its rules, which a drunk or poisoned player may
    # get wrong, goes through `game.tell`, not `learn`.)
    def reminder(self, token: str, player: "Player | str", **extra: Any) -> dict:
        """Place this ability's reminder `token` by `player` (storyteller only)."""
        name = player if isinstance(player, str) else player.name
        return self.game.emit("reminder", "storyteller", token=token, player=name,
                              ability=self.id, **extra)

    def thinks_reminder(self, player: "Player", thinks: str | None) -> dict:
        """Place the "Is the <character>" reminder of an `unaware` character (the Drunk, the
        Lunatic, the Marionette) by `player`, who thinks they are `thinks` (storyteller only;
        the token names its character: no `ability` field)."""
        return self.game.emit("reminder", "storyteller", token=f"Is the {self.data.name}",
                              player=player.name, character=thinks)

    def learn(self, player: "Player", **info: Any) -> dict:
        """Show `player` `info` as it is (a `learn` event only they and the Storyteller see):
        what the rules show them whatever their state (bluffs, a grimoire, a character)."""
        return self.game.emit("learn", [player.name], player=player.name, ability=self.id,
                              **info)

    def wake(self, player: "Player | str") -> dict:
        """Wake `player` (a player or their name) at this ability's step (when it is not its
        holder, who `woken` already names)."""
        name = player if isinstance(player, str) else player.name
        return self.game.emit("wake", "storyteller", player=name, ability=self.id)

    def chose(self, player: "Player", visible_to: Any = None, **choice: Any) -> dict:
        """`player` made a choice for this ability (a `choice` event with `players`,
        `character` or `yes`), seen by them and the Storyteller; `visible_to="storyteller"`
        for a choice the Storyteller records for another ability (the Lunatic's)."""
        return self.game.emit("choice", [player.name] if visible_to is None else visible_to,
                              player=player.name, ability=self.id, **choice)

    def declined(self, player: "Player") -> dict:
        """`player` chose nothing for this ability, where that was allowed."""
        return self.game.emit("declined", [player.name], player=player.name, ability=self.id)

    def claimed(self, target: "Player", **extra: Any) -> dict:
        """Its holder publicly uses this ability on `target` (a `claim_ability` event seen
        by all): a public choice outside `day_ability` (the Klutz's)."""
        return self.game.emit("claim_ability", "all", player=self.player.name,
                              character=self.id, target=target.name, **extra)

    def no_effect(self, effect: str, target: "Player | None" = None, **extra: Any) -> dict:
        """This ability would have done `effect` (to `target`) but does not work now
        (storyteller only): drunk, poisoned, dead, or stopped."""
        if target is None:
            return self.game.emit("no_effect", "storyteller", ability=self.id,
                                  player=self.player.name, effect=effect, **extra)
        return self.game.emit("no_effect", "storyteller", ability=self.id,
                              player=self.player.name, target=target.name, effect=effect,
                              **extra)

    def triggered(self, visible_to: Any = "all", target: "Player | None" = None,
                  **extra: Any) -> dict:
        """This ability does what it says (an `ability_triggered` event; public by default)."""
        if target is None:
            return self.game.emit("ability_triggered", visible_to, ability=self.id,
                                  player=self.player.name, **extra)
        return self.game.emit("ability_triggered", visible_to, ability=self.id,
                              player=self.player.name, target=target.name, **extra)

    def nothing_happens(self, visible_to: Any = "all", target: "Player | None" = None,
                        **extra: Any) -> dict:
        """This ability was used and nothing happens (a `nothing_happens` event; without
        `player` for an ability no player holds: Lil' Monsta's)."""
        if target is None:
            if self.player is None:
                return self.game.emit("nothing_happens", visible_to, ability=self.id, **extra)
            return self.game.emit("nothing_happens", visible_to, ability=self.id,
                                  player=self.player.name, **extra)
        return self.game.emit("nothing_happens", visible_to, ability=self.id,
                              player=self.player.name, target=target.name, **extra)

    # ---- setup (class level: before players hold characters) -----------------------------
    @classmethod
    def adjust_bag(cls, bag, rng_choice) -> None:
        """Change the bag's counts for this character's [setup change]. Default: none."""

    @classmethod
    def take_seat(cls, game: "Game") -> bool:
        """A character the bag did not deal (`not_dealt`) that a dealt player becomes once
        everyone is seated, before the setup event (the Marionette: a good player beside the
        Demon, who keeps believing their drawn token). True: placed on a player; False
        (default): the character is a token in play that no player holds (Lil' Monsta)."""
        return False

    # ---- night -------------------------------------------------------------------------
    def wakes(self, first: bool) -> bool:
        """Whether the player is woken at this ability's night position tonight."""
        return True

    def woken(self, first: bool) -> list:
        """The players woken at this ability's step (a `wake` event each), if it `wakes`:
        its holder by default. An ability whose step wakes someone else (the King's first
        night wakes the Demon) names them."""
        return [self.player] if self.player is not None else []

    def acts_while_dead(self) -> bool:
        return self.works_when_dead

    def resolving_death(self) -> bool:
        """True while something its holder's death triggered is still to be resolved by
        this ability (the Ravenkeeper not yet woken, the Barber's haircuts not yet given,
        the Klutz's choice not yet made): an effect that lasts through its target's death
        (the Pukka's poison) is still on them until then (`Game.effect_active`)."""
        return False

    def night(self, first: bool) -> None:
        """Act at this ability's position in the night order."""

    # ---- day ---------------------------------------------------------------------------
    def day_options(self) -> list[dict]:
        """Legal day-ability uses right now, as argument dicts (empty: none)."""
        return []

    def day_ability(self, args: dict) -> None:
        """Use the day ability with validated arguments."""

    def accepts_day_use(self, args: dict, legal: list[dict]) -> bool:
        """Whether `args` is a legal use now, given `legal = day_options()` (not empty).
        Default: one of them. An ability whose uses are too many to list (a guess at the
        whole evil team, the hands raised to join a cult) lists the forms a bot picks among
        and checks written arguments here."""
        return args in legal

    # ---- capability hooks (only overridden ones are called) ------------------------------
    def on_setup(self) -> None: ...
    def on_death(self, dead: "Player", cause: str, by: "Player | None") -> None: ...
    def on_executed(self, executed: "Player", died: bool) -> None: ...
    def on_nominated(self, nominator: "Player") -> None: ...
    def on_nomination(self, nominator: "Player", nominee: "Player") -> None: ...
    def on_vote_tallied(self, nominee: "Player", voters: list) -> None: ...
    def on_day_end(self) -> None: ...
    def on_dusk(self) -> None: ...
    def on_dawn(self) -> None: ...
    def on_day_start(self) -> None:
        """At the start of each day, after the `day` event (a public declaration)."""
    def on_character_change(self, player: "Player", old: str, new: str) -> None: ...

    def protects(self, target: "Player", cause: str, by: "Player | None") -> bool:
        """True if this ability stops `target` from dying now."""
        return False

    def redirect_death(self, target: "Player", cause: str, by: "Player | None"):
        """Return another Player to die instead of `target`, or None."""
        return None

    def demon_pending(self) -> bool:
        """True while the game must not end for good because a Demon is still to come."""
        return False

    def counts_as_demon(self, player: "Player") -> bool:
        """True if `player` 'is the Demon' through this ability (Lil' Monsta's babysitter)."""
        return False

    def check_win(self) -> "Outcome | None":
        """An `Outcome` if this ability ends the game now, else None (asked at every check)."""
        return None

    def veto_outcome(self, outcome: "Outcome") -> bool:
        """True to stop the game from ending with `outcome` now (the game goes on)."""
        return False

    def alter_outcome(self, outcome: "Outcome") -> "Outcome":
        """The outcome as this ability changes it (flip the winner, a per-player result)."""
        return outcome

    def vote_weight(self, voter: "Player", weight: int) -> int:
        return weight

    def may_vote(self, voter: "Player", voters_so_far: list) -> bool:
        """False if `voter` may not raise a hand now (asked of agents, not of written votes)."""
        return True

    def evil_info(self, table) -> None:
        """Change tonight's Minion or Demon info table (`engine/evilinfo.py`: `table.step`,
        `table.rows`; `show`, `unwake`, `replace_shown`, `skip`, ...) in place."""

    def may_nominate(self, nominee: "Player") -> bool:
        return True

    def ghost_vote_needed(self, voter: "Player", needed: bool) -> bool:
        """Whether the dead `voter` needs (and spends) a ghost vote to raise a hand; chained
        from True (an ability letting the dead vote freely returns False)."""
        return needed

    def vote_threshold(self, threshold: int) -> int:
        """The votes a nominee needs to be about to die; chained from half the living."""
        return threshold

    def cannot_vote(self, voter: "Player") -> str | None:
        """Why `voter` may not raise a hand at all now (asked of written votes too), or None."""
        return None

    def redirect_execution(self, executed: "Player"):
        """Return another Player to be executed instead of `executed`, or None."""
        return None

    def offers_day_action(self, player: "Player") -> list[dict]:
        """Public day actions this ability offers to another `player` (a Minion's guess at
        the Damsel, a dead player giving their vote token to the Beggar), as argument dicts;
        used with `Game.use_day_ability(player, self.id, args)` and `offered_action`."""
        return []

    @classmethod
    def pretend_options(cls, game: "Game", player: "Player") -> list[dict]:
        """The day uses a `player` who claims this character without holding it may pretend
        to make now (`Game.pretend_uses`), as argument dicts. By default those of a stand-in:
        an instance of this ability in a fresh state, held by nobody and never in force, asked
        its own `day_options` with `player` as its holder (a pretended Slayer's shot: any
        player, while the pretender lives). [] for an ability without day uses."""
        if cls.day_options is Ability.day_options:
            return []
        stand = cls.__new__(cls)
        stand.game, stand.player, stand.state = game, player, {}
        stand.origin, stand.source, stand.active = "pretend", None, False
        return list(stand.day_options())

    def offered_action(self, player: "Player", args: dict) -> None:
        """`player` takes one of the actions of `offers_day_action` (validated)."""

    def keeps_in_force(self, ability: "Ability") -> bool:
        """True if this ability keeps `ability` working while its holder is dead (a Demon
        whose killed Minions keep their abilities)."""
        return False

    def stops_ability(self, ability: "Ability") -> bool:
        """True if this ability stops `ability` from working now (other than by drunkenness
        or poison, which are effects)."""
        return False

    def choose_again(self, chooser: "Ability", answer) -> bool:
        """True if the Storyteller asks the player who just chose `answer` with `chooser`
        (a night choice: players or a character) to choose differently; they must. Asked
        once per choice (the Alchemist: "the Storyteller may prompt you to choose
        differently")."""
        return False

    def must_choose(self, chooser: "Ability") -> list[str]:
        """Players the player choosing with `chooser` must include in this choice (a night
        choice by `game.choose_players`), when they are among the candidates: the choice is
        then not optional (the Alchemist-Spy jinx: "the Demon must choose the Spy")."""
        return []

    def refuses_effect(self, effect) -> bool:
        """True if this ability keeps its player free of `effect` ('You are sober & healthy')."""
        return False

    # ---- registration --------------------------------------------------------------------
    def false_registrations(self) -> list[tuple[str, str]]:
        """(character, alignment) pairs this player might register as, besides the truth."""
        return []

    # Scenario key of the registrations this rule object offers (`registrations`): a file
    # may answer such a registration with this Storyteller key too (written before the
    # registration was a registration: `vizier.politician: evil`). "" for none.
    registration_key: ClassVar[str] = ""

    def registrations(self, player: "Player", purpose: str) -> list[tuple[str, str]]:
        """(character, alignment) pairs `player` may register as to the asking ability
        `purpose` because of this rule object, besides the truth and the player's own
        `false_registrations` (a jinx: the Politician may register as evil to the Vizier).
        Asked of every ability that overrides it, for every registration query."""
        return []

    # ---- words (asked by the faces, never by the engine) -------------------------------------
    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        """How this ability's information `info` (a `learn` event's fields) reads, when the
        default wording (clocktower/text.py) would mislead; None for the default."""
        return None

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        """How a public use of this ability, or of an action it offers others, reads after
        the player's name (`args`: the `claim_ability` event's arguments); None for the
        default ('uses the X ability: ...')."""
        return None

    def __repr__(self):
        return f"<{self.id} of {self.player.name}>"


_HAS_DAY: dict[type, bool] = {}


def has_day_ability(ab: Ability) -> bool:
    """Whether `ab`'s class has day uses at all (overrides `day_options`): the others are
    not even asked (most abilities; a turn asks every held one)."""
    cls = type(ab)
    has = _HAS_DAY.get(cls)
    if has is None:
        has = _HAS_DAY[cls] = cls.day_options is not Ability.day_options
    return has
