"""Bots that reason: they claim, keep a belief over who is what, and vote by it.

A `ReasoningBot(seed, name)` answers like a `RandomBot` (`__call__(decision, view)`, with
the fast paths `fast_vote` and `fast_day_action`) and sees only its view. Each day:

* **Claims.** On its first turn of a day a bot makes a public claim (a day action
  `{"claim": character, "night": n, "info": {...}, "chose": [...]}`, the `claim` event).
  A good bot claims the character it believes it is (a Drunk its Townsfolk) and, one claim
  per turn, what that ability learned each night (the `learn` event's fields) and whom it
  chose. An evil bot claims a bluff (the Demon one of its bluffs not yet claimed, an
  information role when it has one; a Minion a Townsfolk on the script not yet claimed)
  and invents information consistent with the
  world it pretends: its own bluff, the players it frames as the Demon and its Minions,
  everyone else as claimed. The information is the claimed ability's own
  `truths(world, player)` on that world, so it has the right shape and is consistent.
* **Beliefs** (`clocktower/agents/beliefs.py`): the weights of the hypotheses "who is the
  Demon, who are the Minions" given the public record (claims, deaths, votes and
  nominations, Slayer shots, the Virgin, quiet nights) and the bot's own knowledge (a good
  bot is not evil; an evil bot knows its team from its Minion or Demon information).
* **Nominations and votes.** A good bot nominates its most likely Demon and raises its
  hand for a nominee whose chance of being the Demon is near the best it sees and better
  than the player about to die; never for a player the public facts prove good, and for
  a claimed Saint (any character whose own rule ends the game at its execution) or a
  Goblin claim only when fairly sure; with four alive and the Demon probably alone it lets
  nobody die unless it is fairly sure (a wrong execution then loses); against the
  script's evil endings, only when the guards of `goodplays.py` allow (the Evil Twin's
  pair, the Fearmonger's nominee). A spent Townsfolk
  tests a claimed Virgin on day 1; the Slayer shoots its likeliest Demon. An evil bot
  nominates the good player its seat suspects most (the public record with itself good,
  as a good player in its seat reads it: framing), never a teammate but a Minion the table
  suspects most, and votes as a good player in its seat would (`_evil_vote`), its hand
  never carrying its Demon to death.
* **Night choices.** The Demon kills one of the first three good players it wants gone
  (by what the kill is worth, then the most trusted), and a Minion's one-player choice
  (the Poisoner) targets one of the first three by what the poison stops (`_stops`: the
  information that would show its team tonight first); an Imp the table suspects most
  star-passes. A good information
  ability chooses the players it most suspects, any other good ability (Monk, Butler) the
  one it most trusts. Everything else is answered as the random bot would.

One seeded generator per bot (`engine/rand.py`); same seed, same game, byte for byte.
"""
from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr     # for the compiled build; a no-op otherwise

from .. import data as D
from ..engine.decisions import PlayerChoice
from ..engine.rand import randrange, seeded
from . import evilplan
from .beliefs import SEAT_CHANGES, Table, believes_townsfolk, hides, protects, table_for
from .goodplays import CHOICES as GOOD_CHOICES
from .goodplays import guard
from .plays import (AGREES, BLUFFS, CATCHERS, CHOICES, EXECUTE_TO_WIN, FLIPPERS, HANDS,
                    INVENTS, NOMINATES, PEACEMAKERS, PICKS, PRETENDS, USES, VOTES,
                    about_to_die, evil_avoids)
from .random_bot import RandomBot

# A good bot lets nobody be executed with exactly four alive unless its top suspect is the
# Demon with at least this chance: a wrong execution then leaves three, and the night kill two.
SURE_AT_FOUR = 0.55
# ... but only when the living hold fewer evil players than this, by its belief.
LONE_DEMON = 1.5
# It votes for a nominee whose chance is at least this share of its top suspect's.
NEAR_TOP = 0.75
# A good bot aims at what an execution is worth, not only at the Demon: a living player's
# score is their Demon chance (the target chance: `Table.target_chances`) plus MINION_WORTH
# times their Minion chance (evil, not the Demon: `Table.evil_chances` less the Demon's), while
# more than MINION_UNTIL players live. A Minion executed takes an evil vote from the final
# three, a droisoner's misinformation, a Scarlet Woman's catch of the Demon's execution; with
# four alive or fewer only the Demon's execution saves good (the night then leaves three:
# the final-three arithmetic), so the score is the Demon chance alone, as are SURE_AT_FOUR,
# the lone-Demon rule and the Mayor's peace. The score replaces the Demon chance in the
# nomination, the vote, NEAR_TOP and the comparison with the player about to die; an evil
# bot's hand made to look good (`_evil_vote`) reads its seat's doubts with the same score.
# 0 plays the games of the Demon chance alone (before the eighth session), byte for byte.
# Tuned on seeds 20000-20999 (Trouble Brewing 7 / 10 / 13, 1,000 games a count): executions
# hit evil 1.12 / 1.13 / 1.18x the random pick at 0, 1.15 / 1.21 / 1.25x at 0.5, 1.25 /
# 1.27 / 1.28x at 1, 1.29 / 1.29 / 1.30x at 2, good's wins flat (55.6-60.7%). Measured at 1
# on seeds 50000+ (docs/bots.md, "Aiming at evil players (eighth session)"): 1.12 / 1.15 /
# 1.15x -> 1.21 / 1.32 / 1.25x, good wins 58.9 / 59.0 / 54.5% -> 57.3 / 60.3 / 56.5%.
MINION_WORTH = 1.0
MINION_UNTIL = 4
# While more than MINION_UNTIL live, a good bot nominates and votes only for a nominee whose
# score is at least AIM_LEAD times the mean score of the other living players (a flat belief
# makes an execution a coin toss; `aim_bar`); an evil bot's good-looking nominations and
# hands keep the same bar. 0: no such bar (the games before the eighth session).
AIM_LEAD = 0.0
EVIL_TEAMS = ("minion", "demon")
# A player the public facts prove good (their chance of being evil below this, for this bot)
# is never nominated or voted for by a good bot.
PROVEN_GOOD = 0.03
# A nominee whose execution may lose the game for good (a claimed Saint or Klutz, a Goblin
# claim today) gets a good bot's hand only if it is at least this sure they are the Demon.
SURE_RISKY = 0.5
# The Slayer (any good bot's aimed day ability) shoots its likeliest Demon when at least
# SHOOT_SURE sure and that chance is at least SHOOT_LEAD times its next suspect's (one
# shot: spent on a guess, it is gone); in any case when it is about to be executed, or
# with SHOOT_LATE alive or fewer, or from day SHOOT_DAY (it may not live to shoot later).
SHOOT_SURE = 0.6
SHOOT_LEAD = 3.0
SHOOT_LATE = 5
SHOOT_DAY = 4
# With this many alive or fewer, an evil bot nominates and votes for any good player: an
# execution of a good player brings the final two (evil's win) a day nearer, and looking
# good matters less than the count.
ENDGAME = 4
# A Demon that can pass its demonhood by killing itself (`STAR_PASSERS`) does so at night
# when the table suspects it at least this much (and most of all), a Minion is alive and
# more than four players live. (0.45 before the seventh session: an Imp the town suspected
# most at 0.3-0.4 at nightfall was executed the next day in 33 of 38 such nights, 8
# players, seeds 1000-1399; docs/bots.md, "(seventh session)".)
STAR_PASS_AT = 0.3
# An evil bot's night target (a kill, a poison) is one of the first TARGET_POOL players it
# most wants gone (`_targets`), the first with chance 1/2, the next 1/4...
TARGET_POOL = 3
# An evil bot whose bluff options include a character it can pretend the day ability of
# (`plays.PRETENDS`: the Slayer) takes one of those with this chance.
LIKE_PRETEND = 0.25
# With the winner swapped (a Heretic), a good bot votes for a nominee whose Demon chance is
# below this share of an even chance among the other living players.
FLIP_SAFE = 0.6
# With three alive, a good bot lets nobody die when a living claimed Mayor it trusts (evil
# chance below this) would then win, unless it is fairly sure of the Demon (SURE_AT_FOUR).
PEACE_TRUST = 0.35
# A Minion bluffs an Outsider (`_outsider_bluffs`) with this chance when its own setup
# change adds Outsiders (the Baron), and with OUTSIDER_ROOM when the table's count has room.
# A Minion makes its first claim on its first turn with this chance (else it waits until
# the town has spoken: no double claim, but a late claim the good players read).
MINION_EARLY = 0.7
# Whether the Demon's invented information frames the team's fake team (as its Minions'
# does). Before the fake team was read from the public record (`evilplan`), with seeded
# frames from day 1: good won 68.7% / 64.3% at 7 / 10 players without, 74.0% / 66.0% with
# (300 games). With the public record's fake team from day 2 (seventh part; 300 games at
# 8 / 10 players, seeds 5000-5299): the Minions framing from day 1 (seeded), the Demon
# not: 67.7% / 68.3%; the Demon too, from day 1: 69.0% / 70.3%; every member from day 2
# only (as now): 67.7% / 67.3%; before the fake team, 66.7% / 67.0%: all within the
# intervals of each other.
DEMON_FRAMES = True
# Whether the team's day-1 information (night 1's) frames a fake team: drawn privately,
# when the first member invents, from the public posterior's teams without a member
# (`evilplan.night_one`: a team the good claims so far agree with), the same for every
# member. Off, night-1 information frames nobody (true where the team is good), which the
# good bots' story reads as evil (an evil Empath says 0, an evil Chef 0...). Before (the
# plan's seeded players, framed by the Minions only: a frame the first good claim that read
# it refuted) it was not used. Switched on in the seventh session, with FRAME_WAIT and the
# frames the good claims refute left out (`beliefs.FRAME_MISS`), once evil's other plays were
# stronger: Trouble Brewing good wins 61.1 / 62.8 / 62.3 / 58.5 / 62.7% -> 58.9 / 59.8 /
# 59.0 / 54.5 / 62.9% at 7 / 8 / 10 / 13 / 15 players (seeds 50000+, 1,000 games a count;
# docs/bots.md, "(seventh session)"). The beliefs' STORY, which reads it, stays off.
FRAME_DAY1 = True
# With FRAME_DAY1: an evil bot whose first claim on day 1 comes before every living player
# outside its team has claimed says its character then and its night-1 information on its
# next turn, once the town has spoken (a first claim's timing is read, `beliefs._timing`;
# when it tells its information is not). The team's frame is drawn when its first member
# tells (`evilplan.night_one`), so from a posterior that has read every good player's
# night-1 claim: a frame none of them refutes. False: the information with the character.
FRAME_WAIT = True
# The Demon claims one of its bluffs (characters not in play) on its first turn.
DEMON_EARLY = True
# A Minion gives itself up for its Demon (`_sacrifice`: it claims the Demon and nominates
# itself) when the table suspects its Demon at least this much and most of all, and at
# least SACRIFICE_LIVING players live (a Minion's execution then still leaves a game).
SACRIFICE_AT = 0.35
SACRIFICE_LIVING = 6
OUTSIDER_KNOWN = 0.6
OUTSIDER_ROOM = 0.25
# The Demon's kill read against what the town learns from the death (`_targets`): a
# night death all but confirms its victim good (`beliefs.NIGHT_KILLED_EVIL`), so the
# town then reads the public record as that player would (their claims true, their
# suspicions theirs): the public chance of this Demon given the victim good is the
# victim's own (`Table.demon_chances`). After `night_worth`, the Demon kills by it, the
# lowest first (1: the victim whose confirmed word hurts the team least, the player whose
# reading is furthest from the truth) or the highest first (-1: the best reader, whose
# voice and votes would lead the town to it, though its death confirms its word); 0 (the
# default): by trust, as before.
KILL_READ = 0
# The Poisoner's choice (a Minion's one-player night choice: `_poison_targets`) by what the
# poison stops tonight and tomorrow, read from the claimed character's own rule code
# (`world_rules`, `protects`, `truths`; `_stops`): first a claimant whose information
# tonight would show the team (`_threats`; with this switch also a chooser, the Fortune
# Teller, at the players it most suspects), then an ability that still acts for good (a
# Demon-shooter who has not fired, a nomination test not yet taken, a protector of others,
# information every night), then the rest, and last a poison that stops nothing (a
# self-protector, an ability that wakes on its holder's death, information of the first
# night only, a spent ability) or helps good (a character whose execution loses for good:
# poisoned, it does not). The draw of one of the first TARGET_POOL (`_choose`) is among
# those of the best rank only, and a Minion that knows its Demon may poison the same
# player again. False (the seventh session's play): claimed every-night information, then
# every claimed protector, then the rest, with the threats of choiceless roles first;
# never last night's player twice running. Switched on in the eighth session: good wins 58.9 / 59.0 /
# 54.5% -> 56.9 / 58.8 / 54.7% at 7 / 10 / 13 players, and with the better reading
# (beliefs STORY, VOTE_WEIGHT 0.45) 67.4 / 65.7 / 65.4% -> 66.8 / 65.7 / 61.6% (seeds
# 50000+, 1,000 games a count; docs/bots.md "Evil's night against the better reading").
POISON_STOPS = True
# Evil moves the day's execution off its Demon (`_shield`): when the table suspects its
# Demon at least this much and most of all (more than four alive, nobody about to die),
# an evil bot nominates the good player the table suspects most after it, and every evil
# hand goes up for a good nominee while the Demon stays the top suspect: the execution
# bar (one more than the votes of the player about to die) then stands above what the
# Demon's own nomination may reach. 0.0 (the default): off, evil's hands and nominations
# as a good player in its seat would (`_evil_vote`).
SHIELD_AT = 0.0
STAR_PASSERS = ("imp",)     # the Imp's text: "If you kill yourself this way, a Minion
                            # becomes the Imp" (characters/imp.py)
_ENVELOPE = {"type", "phase", "number", "visible_to", "player", "ability"}


@mypyc_attr(allow_interpreted_subclasses=True)     # tests and users subclass the bot
class ReasoningBot:
    """A bot that claims, reasons over worlds and votes by its beliefs (module docstring)."""

    sees_everything = False     # its own view only (engine/views.py)
    # Asked for a turn to talk when it has nothing else to do (`runner.talk_turn`): a dead
    # bot still claims what it learned (the Ravenkeeper), a bot that nominated its claims.
    speaks = True

    def __init__(self, seed: int = 0, name: str = ""):
        self.name = name
        self.seed = seed
        self.rng = seeded(f"reasoning:{seed}:{name}")
        # Decisions the policy has no opinion on are answered as a random bot would, from
        # this bot's one generator.
        self.fallback = _Fallback(self.rng)
        self.table: Table | None = None
        self._seen = 0                  # events of the view read so far
        self._public_seen = 0           # public events among them
        self.team: set[str] = set()     # known evil teammates (evil bots), self included
        self.demons: set[str] = set()   # known Demon(s)
        self.bluffs: list[str] = []     # the Demon's bluffs, if shown
        self.learned: list[tuple[int, str, dict, list]] = []   # (night, ability, info, chose)
        self.chose: dict[tuple[int, str], list[str]] = {}      # (night, ability) -> chosen
        self.pending: list[dict] = []   # claims still to make
        self.claimed_day = 0            # the last day it queued its claims
        self.info_wait = 0              # the day an evil bot holds its night-1 information
                                        # until the town has spoken (FRAME_WAIT)
        self.told: set[tuple[int, str]] = set()     # (night, ability) of its claimed info
        self._flipc: tuple | None = None    # _flipped's answer and its record version
        self.pretended: set[str] = set()    # bluffs whose day ability it pretended
        self.turns = (0, 0)             # (day, its day turns so far): an evil bot's wait
        self.bluff: str | None = None   # an evil bot's claimed character
        self.frames: list[str] = []     # whom an evil bot's pretended world makes evil
        self.nominee: str | None = None     # the nomination being voted on
        self.nominator: str | None = None   # ... and who made it
        self.evil = False                   # told it is evil (as of the events read)
        self._topc: tuple | None = None     # _top's answer and the record version it is for
        self.quiet_dawn = False             # nobody died last night
        self.aimed: tuple[int, list[str]] = (0, [])     # an evil bot's last night's targets
        self.survived: set[str] = set()     # whom a Demon's kill did not kill: not again
        self.grimoire: list[dict] = []      # the Grimoire as last shown to it (the Spy)
        self.sacrificed = 0                 # the day a Minion claimed its Demon's character
        self.said_own = False               # an evil Traveller claimed its own character
        # (day, character) of the last claim its player made before this bot first read the
        # game (a bot handed a game mid-way: the decision support's rollouts)
        self.inherited: tuple[int, str] | None = None
        # the table its team registered with, and the team then (evilplan)
        self._planned: tuple[Table, frozenset] | None = None
        self.pool = 0           # POISON_STOPS: the poison's best-ranked targets tonight

    # ---- reading the view --------------------------------------------------------------
    def _read(self, view) -> Table:
        events = view.events
        table = self.table
        if table is None:
            table = self.table = table_for(view, events)
        n = len(events)
        name = self.name
        fresh = self._seen == 0
        for i in range(self._seen, n):
            # typed: the compiled build compares the type as a string and reads the event
            # as a dict (one C call each), not through the generic object protocol
            ev: dict[str, Any] = events[i]
            t: str = ev["type"]
            if ev["visible_to"] == "all":
                if t in SEAT_CHANGES:       # a table for the new seating (table_for)
                    table = self.table = table_for(view, events, at=i)
                elif self._public_seen >= table.n_public:
                    table.add(ev)
                    if t == "day":
                        evilplan.on_day(table, ev["number"])
                self._public_seen += 1
                if t == "dawn":
                    self.quiet_dawn = not ev["deaths"]
                    if self.aimed[0] == ev["number"] and view.character in table.demons_on_script:
                        self.survived.update(n for n in self.aimed[1] if n not in ev["deaths"])
                if t == "claim" and ev.get("player") == name:
                    if fresh:
                        self.inherited = (ev["number"], ev["character"])
                    if isinstance(ev.get("night"), int):      # said: not said again
                        self.told.add((ev["night"], ev["character"]))
                if t == "nominate":
                    self.nominee = ev["target"]
                    self.nominator = ev["by"]
                elif t == "nomination" or t == "day":
                    self.nominee = self.nominator = None
                continue
            if t == "learn" and ev.get("player") == name:
                ab = ev.get("ability")
                if ab == "minioninfo" or ab == "traveller":
                    self.demons.update(ev.get("players", ()))
                    self.team.update(ev.get("players", ()))
                    self.team.update(ev.get("minions", ()))
                elif ab == "demoninfo":
                    self.team.update(ev.get("players", ()))
                    self.bluffs = list(ev.get("characters", ()))
                elif isinstance(ev.get("grimoire"), list):
                    self.grimoire = list(ev["grimoire"])
                elif ab not in ("setup", None) and "grimoire" not in ev:
                    info = {k: v for k, v in ev.items() if k not in _ENVELOPE}
                    self.learned.append((ev["number"], ab, info, []))
            elif t == "choice" and ev.get("player") == name and ev.get("players"):
                key: Any = (ev["number"], ev.get("ability"))
                self.chose[key] = list(ev["players"])
        if n != self._seen:
            self._seen = n
            self.evil = view.alignment == "evil"
            if self.evil and (self._planned is None or self._planned[0] is not table
                              or len(self._planned[1]) != len(self.team)):
                # The team's fake team is read at each day's start (`evilplan`).
                self._planned = (table, frozenset(self.team))
                evilplan.register(table, self.team | {name})
        return table

    def _evil(self, view) -> bool:
        """Whether this bot was told it is evil (read with the view's events)."""
        if self._seen == 0:
            self.evil = view.alignment == "evil"
        return self.evil

    def _play_keys(self, view) -> list[str]:
        """The characters whose plays (`plays.py`) this bot looks up: its own, then those
        whose ability told it something (the Good Twin learns from the Evil Twin's)."""
        keys = [view.character] if view.character else []
        for _n, ab, _i, _c in self.learned:
            if ab not in keys:
                keys.append(ab)
        return keys

    def _teammates(self, view) -> set[str]:
        if not self._evil(view):
            return set()
        return self.team | {self.name}

    # ---- claims ------------------------------------------------------------------------
    def _queue_claims(self, view, table: Table) -> None:
        day = view.day
        if self.claimed_day == day:
            if self.info_wait == day:
                self.info_wait = 0          # its night-1 information, held (FRAME_WAIT)
                self._queue_bluff(view, table, day, held=True)
            return
        me = view.character
        if self._evil(view) and view.traveller(self.name):
            # A Traveller's character is public (announced when it joins): an evil one
            # claims its own, once, and has no bluff to make (a good one claims as any good
            # player does, below).
            self.claimed_day = day
            if not self.said_own:
                self.said_own = True
                if me is not None:
                    self.pending.append({"claim": me})
            return
        hiding = not self._evil(view) and me is not None and hides(me)
        if self.bluff is None and self.inherited is not None and self._evil(view) \
                and TEAMS.get(self.inherited[1]) in ("townsfolk", "outsider"):
            # A bot handed the game mid-way keeps the bluff its player already said (not a
            # Minion's Demon claim giving itself up): a second claim would out it.
            said_day, self.bluff = self.inherited
            self.frames = self._plan(view, table)[0]
            if said_day == day:
                self.claimed_day = day
                return
        said = table.claims.get(self.name)
        if self.bluff is None and self.inherited is None and self._evil(view) \
                and said is not None and TEAMS.get(said) in ("townsfolk", "outsider"):
            # Turned evil after claiming as a good player (the Summoner's Demon, a cult...):
            # its claim stays its cover (a second claim would out it).
            self.bluff = said
            self.frames = self._plan(view, table)[0]
        if hiding and self.bluff is None and not self._may_cover(view, table):
            return                      # a hidden good player waits for the town
        if self._evil(view) and self.bluff is None and not self._may_bluff(view, table):
            return                      # an evil player's first claim waits (`_may_bluff`)
        self.claimed_day = day
        if self._evil(view):
            self._queue_bluff(view, table, day)
            return
        if me is None or hiding:
            self._queue_cover(view, table)
            return
        # What its ability learned that it has not said yet: last night's, as a rule; more
        # when a turn was missed (a day ended before it), and what it learned at its death
        # (the Ravenkeeper tells on a turn to talk: `runner.talk_turn`).
        fresh = [(night, info, self.chose.get((night, ab), []))
                 for night, ab, info, _ in self.learned
                 if ab == me and night <= day and (night, ab) not in self.told]
        if not fresh:
            if table.claims.get(self.name) != me:
                self.pending.append({"claim": me})      # who it is, once
            return
        for night, info, chose in fresh:
            self.told.add((night, me))
            c: dict[str, Any] = {"claim": me, "night": night, "info": info}
            if chose:
                c["chose"] = chose
            self.pending.append(c)

    def _may_bluff(self, view, table: Table) -> bool:
        """Whether an evil bot makes its first claim now: once the good players have said
        who they are (every living player outside its team has claimed), or on its second
        turn of the day. A bluff chosen then among the characters nobody claimed is one no
        good player holds (good players claim what they believe they are), as evil players
        hold their claim until the town has spoken."""
        turn = (view.day, self.turns[1] + 1 if self.turns[0] == view.day else 1)
        self.turns = turn
        if turn[1] >= 2:
            return True
        if turn[1] == 1 and self._evil(view) and view.character not in table.demons_on_script \
                and self.rng.random() < MINION_EARLY:
            return True             # not always last: a late first claim is a tell
        if DEMON_EARLY and self._evil(view) and view.character in table.demons_on_script \
                and self.bluffs:
            # The Demon's bluffs are characters not in play: a safe claim, no need to
            # wait (a late first claim is a tell the good players read).
            _frames, roles = self._plan(view, table)
            taken = set(table.claims.values()) | set(roles.values())
            if any(c not in taken for c in self.bluffs):
                return True
        team = self._teammates(view)
        return all(n in table.claims for n in view.living if n not in team)

    def _may_cover(self, view, table: Table) -> bool:
        """Whether a good player who hides (the Damsel) makes its cover claim now: once no
        more players than the evil team have yet to claim besides itself (those are
        probably evil players waiting, as evil does: its cover is then a character no good
        player holds), or on its second turn of the day."""
        turn = (view.day, self.turns[1] + 1 if self.turns[0] == view.day else 1)
        self.turns = turn
        waiting = sum(1 for n in view.living if n != self.name and n not in table.claims)
        return turn[1] >= 2 or waiting <= 1 + table.n_minions

    def _queue_cover(self, view, table: Table) -> None:
        """A good player who must not be found (the Damsel) claims, once the town has
        spoken, a Townsfolk nobody claimed whose ability learns nothing on the first night
        (a claim without information is then no tell), as evil players bluff."""
        if self.bluff is not None:
            return
        taken = set(table.claims.values())
        free = [c for c in table.townsfolk if c not in taken]
        quiet = [c for c in free if not (table.informs(c) and D.get(c).first_night)]
        options = quiet or free
        if not options:
            return
        self.bluff = options[randrange(self.rng, len(options))]
        self.pending.append({"claim": self.bluff})

    def _plan(self, view, table: Table) -> tuple[list[str], dict[str, str]]:
        """The evil team's plan, the same for every member with no word exchanged: made
        from what each of them knows (the team, the seating, the script, the game's seed),
        so their framed players are the same and their bluffs differ. (frames, Minion ->
        the Townsfolk it claims). The Demon's own bluffs, which only it sees, are not
        shared: it takes one the Minions' plan leaves free."""
        team = sorted(self.team | {self.name}, key=table.seat.__getitem__)
        rng = seeded(f"plan:{self.seed}:{','.join(team)}")
        good = [n for n in table.seated if n not in team]
        k = min(len(good), 1 + table.n_minions)
        frames: list[str] = []
        while len(frames) < k:
            q = good[randrange(rng, len(good))]
            if q not in frames:
                frames.append(q)
        folk = list(table.townsfolk)
        order = []
        while folk:
            order.append(folk.pop(randrange(rng, len(folk))))
        demons = self.demons if view.character not in table.demons_on_script \
            else {self.name}
        minions = [n for n in team if n not in demons]
        return frames, {m: order[i % len(order)] for i, m in enumerate(minions)} \
            if order else {}

    def _queue_bluff(self, view, table: Table, day: int, held: bool = False) -> None:
        rng = self.rng
        first = self.bluff is None
        if first:
            taken = set(table.claims.values())
            frames, roles = self._plan(view, table)
            demon = view.character in table.demons_on_script
            planned = set(roles.values())
            options = [c for c in self.bluffs if c not in taken and c not in planned] \
                if demon else []
            mine = roles.get(self.name)
            own = BLUFFS.get(view.character or "")
            seen = own(self, view, table, taken | planned) if own is not None else None
            if seen is not None:
                options = [seen]        # a bluff from what it saw (the Spy's Grimoire)
            if not options and mine is not None and mine not in taken:
                options = [mine]
            if not options:
                options = [c for c in table.townsfolk if c not in taken
                           and c not in self.bluffs and c not in planned] \
                    or list(table.townsfolk)
            if not demon and seen is None:
                outs = self._outsider_bluffs(view, table, taken)
                if outs:
                    options = outs
            if demon:
                # An information role when its bluffs offer one: invented information
                # frames others (`Table.invent`), a bare claim only sits there to be read.
                options = [c for c in options if table.informs(c)] or options
                # An Outsider only while the count leaves room for one more claim
                # (`_outsider_room`): beyond it, the beliefs read the claim as a lie.
                if self._outsider_room(view, table) <= 0:
                    options = [c for c in options if TEAMS.get(c) != "outsider"] or options
            liked = [c for c in options if c in PRETENDS]
            if liked and seen is None and rng.random() < LIKE_PRETEND:
                options = liked             # a bluff whose day ability it can pretend
            self.bluff = options[randrange(rng, len(options))]
            self.frames = frames
        fake = evilplan.fake_team(table, self._teammates(view), day) if day > 1 else None
        if fake:
            # From day 2 the team frames the likeliest evil team of the public record as
            # the day began without any of its members: the same for every member, and a
            # world every good claim so far agrees with (`evilplan`).
            self.frames = list(fake)
        bluff = self.bluff
        if bluff is None:
            return
        claim: dict[str, Any] = {"claim": bluff}
        if first and day == 1 and FRAME_DAY1 and FRAME_WAIT and table.informs(bluff) \
                and D.get(bluff).first_night and not all(
                    n in table.claims for n in view.living if n not in self._teammates(view)):
            # The character now, its night-1 information once the town has spoken.
            self.info_wait = day
            self.pending.append(claim)
            return
        # Its bluff's ability learns last night only if it would have acted for this bot
        # (`acts_for`): a dead bluffer learns nothing more, but a "Ravenkeeper" killed
        # last night learns (and frames) as the true one would.
        wakes = acts_for(table, bluff, self.name, day)
        own_invent = INVENTS.get(view.character or "") if wakes else None
        info = own_invent(self, view, table, bluff, day, rng) \
            if own_invent is not None else None
        if info is None and self.frames and wakes:
            # Who the information frames: the public record's fake team from day 2 (every
            # member alike); on day 1, with FRAME_DAY1, the team's privately drawn one
            # (`evilplan.night_one`); the Demon only with DEMON_FRAMES. Otherwise nobody:
            # true in the world where everyone is as claimed and the team is good.
            demon = view.character in table.demons_on_script
            if day == 1 and FRAME_DAY1 and table.informs(bluff) and D.get(bluff).first_night:
                team = self._teammates(view)
                fake = evilplan.night_one(
                    table, team,
                    f"frame1:{self.seed}:{','.join(sorted(team, key=table.seat.__getitem__))}")
                if fake:
                    self.frames = list(fake)
            frames = list(fake) if fake and (DEMON_FRAMES or not demon) else []
            info = table.invent(bluff, self.name, frames, day, rng)
        if info is not None:
            claim.update(info)
        elif (day > 1 or held) and not first:
            return                      # nothing new to say (its first claim: said)
        self.pending.append(claim)

    def _outsider_bluffs(self, view, table: Table, taken: set[str]) -> list[str]:
        """The Outsiders a Minion bluffs, when it does: one nobody claimed that a player
        may claim (not the Drunk, who believes a Townsfolk; not a character that hides),
        while the Outsider count leaves room for one more claim. A Minion whose own setup
        change adds Outsiders (the Baron: its data's `setup_change`) knows there is room
        and bluffs one with chance OUTSIDER_KNOWN; otherwise, with room in the table's
        count, OUTSIDER_ROOM (the beliefs weigh Outsider claims beyond the count)."""
        own = (D.get(view.character).setup_change or {}).get("outsiders", 0) \
            if view.character in D.all_characters() else 0
        room = self._outsider_room(view, table)
        if room <= 0:
            return []
        chance = OUTSIDER_KNOWN if own > 0 else OUTSIDER_ROOM
        if self.rng.random() >= chance:
            return []
        return [c for c in table.script if TEAMS.get(c) == "outsider" and c not in taken
                and c not in self.bluffs and not believes_townsfolk(c) and not hides(c)]

    def _outsider_room(self, view, table: Table) -> int:
        """How many more Outsider claims the table's count leaves room for, as this evil
        bot knows it: the count for the players dealt, plus its own character's setup
        change (the Baron's +2, the Fang Gu's +1: its data's `setup_change`), less the
        Outsiders claimed."""
        own = (D.get(view.character).setup_change or {}).get("outsiders", 0) \
            if view.character in D.all_characters() else 0
        claimed = sum(1 for c in table.claims.values() if TEAMS.get(c) == "outsider")
        return table.counts.get("outsider", 0) + max(own, 0) - claimed

    # ---- beliefs -----------------------------------------------------------------------
    def _belief(self, view, table: Table) -> dict[str, float]:
        """name -> chance of being the Demon, as this bot sees it."""
        if self._evil(view):
            return table.public_demon()
        return table.target_chances(self.name)

    def _trust(self, view, table: Table) -> dict[str, float]:
        """name -> chance of being evil as the table saw it at the day's end (lower: more
        trusted)."""
        return table.public_evil(fresh=False)

    # ---- the day -----------------------------------------------------------------------
    def fast_vote(self, view) -> bool:
        # The engine's fast path asks a nomination's vote only (`Game.ask_vote`); a vote an
        # ability calls (a cult) comes with its context to `__call__` (`VOTES`).
        table = self._read(view)
        target = self.nominee
        if target is None:                      # an exile: rarely
            return self.rng.random() < 0.2
        if self._flipped(view, table):
            return self._flipped_vote(view, table, target)
        if target == self.name:
            return self.sacrificed == view.day       # a Minion giving itself up votes for it
        for key in self._play_keys(view):
            hand = HANDS.get(key)
            if hand is not None:
                said = hand(self, view, table, target)
                if said is not None:
                    return said
        if self._evil(view):
            return self._evil_vote(view, table, target)
        p, top, n_living = self._top(view, table)
        if n_living > 5 and not view.alive(self.name):
            return False                # a ghost vote is kept for the last days
        mine = p.get(target, 0.0)       # its score (MINION_WORTH); the Demon chance, `demon`
        demon = self._demon_chances(view, table).get(target, 0.0)
        if n_living == 4 and demon < SURE_AT_FOUR and self._lone_demon(view, table):
            return False
        if n_living == 3 and demon < SURE_AT_FOUR and self._peace_wins(view, table):
            return False
        if mine < NEAR_TOP * top or mine <= 0.0:
            return False
        if AIM_LEAD > 0.0 and self._topc is not None and mine < self._topc[5]:
            return False                # a coin toss (AIM_LEAD)
        if not self._may_execute(view, table, target, demon):
            return False
        doomed = about_to_die(view)
        return doomed is None or mine > p.get(doomed, 0.0)

    def _evil_vote(self, view, table: Table, target: str) -> bool:
        """An evil bot's hand, made to look like a good player's from outside: it raises it
        where a good player in its seat would (its seat's own doubts: the public record with
        itself good, `good_demon_belief`; the nominee near its top suspect and likelier than
        the player about to die) and nowhere else, teammates included, with two exceptions
        kept by the vote's count (`_vote_reaches`): its hand never carries its Demon to
        death (on a Demon nominee it votes as a good player while the vote stays short of
        the execution bar even with it, or is expected over it without it), and a Minion
        gets its hand as from a good player only while the vote stays short, or when the
        vote reaches the bar without it (a Minion lost anyway: the hand buys trust). A
        teammate about to die changes nothing beyond what it changes for a good player (a
        good nominee must be likelier than the one about to die). Always for a teammate who
        gave itself up for the Demon (`_sacrifice`); a play may say otherwise (the Scarlet
        Woman's catch). With ENDGAME alive or fewer, for every good nominee unless a
        teammate Minion is about to die: with its Demon about to die, the hand ties or
        beats the Demon's count (seventh session)."""
        team = self._teammates(view)
        if target in team and table.claims.get(target) in table.demons_on_script:
            return True                 # a teammate giving itself up for the Demon
        doomed = about_to_die(view)
        if target not in team and target in self._evil_wins_by_vote(view, table):
            return True                 # its execution wins, and the team's hands suffice
        if not view.alive(self.name) and len(view.living) > 5:
            return False                # a ghost vote is kept for the last days
        if SHIELD_AT and target not in team and \
                self._shield(view, table, voting=True) is not None:
            return True                 # the execution off its Demon
        if target not in team and len(view.living) <= ENDGAME:
            # Any good execution nears the end; with its Demon about to die, a hand on a
            # good nominee ties the Demon's count (nobody dies) or beats it: the Demon
            # lives. (A Minion about to die is let die: the night then ends the game.)
            return doomed is None or doomed not in team \
                or doomed in self.demons or doomed in self._demon_self(view, table)
        # Its seat's own doubts: the public record with itself good, as a good player
        # in its seat would read it (`good_demon_belief`), not the table's shared view
        # (which every evil voter would share, a bloc the reading finds).
        p = aim_scores(table, self.name, good_demon_belief(table, self.name),
                       len(view.living))
        top = max((p.get(n, 0.0) for n in view.living if n != self.name), default=0.0)
        mine = p.get(target, 0.0)
        as_good = mine > 0.0 and mine >= NEAR_TOP * top \
            and (doomed is None or mine > p.get(doomed, 0.0)) \
            and (AIM_LEAD <= 0.0 or mine >= aim_bar(p, view.living, self.name))
        if not as_good or target not in team:
            return as_good
        with_me, without = self._vote_reaches(view, table, team, target)
        if target in self.demons:
            # As a good voter while its hand cannot carry the Demon: the vote stays short
            # even with it, or is expected over the bar without it (`_vote_reaches`).
            return len(view.living) > ENDGAME and (not with_me or without)
        return not with_me or without

    def _vote_reaches(self, view, table: Table, team: set[str],
                      target: str) -> tuple[bool, bool]:
        """Whether the vote under way on `target` reaches the execution bar (the threshold,
        or one more than the votes of the player about to die) with this bot's hand, and
        without it: the hands raised so far (public, `view.hands_up`) and the voters still
        to come outside the team at the share of hands so far (every one of them when this
        bot votes first)."""
        names = list(view.players)          # in seat order (Travellers who joined too)
        t = names.index(target)
        order = names[t + 1:] + names[:t + 1]
        me = order.index(self.name) if self.name in order else len(order)
        can = [view.alive(n) or view.ghost_vote(n) for n in order]
        before = sum(1 for i in range(me) if can[i])
        later = sum(1 for i in range(me + 1, len(order))
                    if can[i] and order[i] not in team)
        hands = len(view.hands_up)
        share = hands / before if before else 1.0
        expected = hands + share * later
        bar = (len(view.living) + 1) // 2
        for ev in view.nominations:
            if ev["votes"] >= ev["threshold"]:
                bar = max(bar, ev["threshold"], ev["votes"] + 1)
        return expected + 1 >= bar, expected >= bar

    # ---- a swapped winner (the Heretic) -------------------------------------------------
    def _flipped(self, view, table: Table) -> bool:
        """Whether this bot plays for the other team's win: a character whose ability swaps
        the winner (`plays.FLIPPERS`: the Heretic) was claimed, by this bot itself or by a
        player it believes good (a good bot: evil chance below one half; an evil bot: not
        a teammate). Then each team wants the other's ending: good, two alive or an evil
        win; evil, its own Demon's death."""
        if not FLIPPERS:
            return False
        c = self._flipc
        if c is not None and c[0] == table.version:
            return c[1]
        claimants = [n for n, ch in table.claims.items() if ch in FLIPPERS]
        found = False
        if claimants:
            if self._evil(view):
                team = self._teammates(view)
                found = any(n not in team for n in claimants)
            else:
                e = table.evil_chances(self.name)
                found = any(n == self.name or e.get(n, 0.0) < 0.5 for n in claimants)
        self._flipc = (table.version, found)
        return found

    def _flipped_vote(self, view, table: Table, target: str) -> bool:
        """A hand when the winner is swapped: an evil bot's for its own Demon only; a good
        bot's for a nominee it believes is not the Demon (an execution of a good player
        brings the final two nearer, and executing the Demon would lose)."""
        if self._evil(view):
            return target in self.demons or (target == self.name and self.name in
                                              self._demon_self(view, table))
        if not view.alive(self.name) and len(view.living) > 5:
            return False
        p, n_living = self._demon_chances(view, table), len(view.living)
        mine = p.get(target, 0.0)
        doomed = about_to_die(view)
        if doomed is not None and p.get(doomed, 0.0) <= mine:
            return False
        return mine < FLIP_SAFE / max(n_living - 1, 1)

    def _flipped_nominee(self, view, table: Table, living: list[str]) -> str | None:
        """Whom to nominate when the winner is swapped: an evil bot its Demon; a good bot
        the living player it believes least likely the Demon."""
        if self._evil(view):
            mine = [n for n in living if n in self.demons]
            return mine[0] if mine else None
        if about_to_die(view) is not None:
            return None
        p, n_living = self._demon_chances(view, table), len(view.living)
        best = min(living, key=lambda n: (p.get(n, 0.0), table.seat[n]))
        return best if p.get(best, 0.0) < FLIP_SAFE / max(n_living - 1, 1) else None

    def _demon_self(self, view, table: Table) -> set[str]:
        return {self.name} if view.character in table.demons_on_script else set()

    def _may_execute(self, view, table: Table, target: str, mine: float) -> bool:
        """Whether a good bot may help execute `target` (its Demon chance `mine`): not a
        player the public facts prove good; a nominee whose execution may lose the game
        (a claimed character whose own rule ends the game at its death, a Goblin claim
        today) only when fairly sure they are the Demon."""
        evil = table.evil_chances(self.name).get(target, 0.0)
        if evil < PROVEN_GOOD:
            return False
        if evil < guard(self, view, table, target):
            return False            # an evil character's ending may follow (`goodplays`)
        if mine < SURE_RISKY and (risky(table.claims.get(target))
                                  or view.claims.get(target) in nominee_wins()):
            return False
        return True

    def _top(self, view, table: Table) -> tuple[dict[str, float], float, int]:
        """(its scores: the Demon chances with MINION_WORTH of the Minion chances added
        (`aim_scores`), the best among the other living, how many live), kept while the
        public record is unchanged (a day's votes), with the Demon chances (`_demon_chances`)."""
        c = self._topc
        if c is not None and c[0] == table.version:
            return c[1], c[2], c[3]
        demon = self._belief(view, table)
        living = view.living
        p = aim_scores(table, self.name, demon, len(living))    # (a good bot's: evil's
        # own hands and nominations read `good_demon_belief` with its seat's `aim_scores`)
        top = max((p.get(n, 0.0) for n in living if n != self.name), default=0.0)
        self._topc = (table.version, p, top, len(living), demon,
                      aim_bar(p, living, self.name))
        return p, top, len(living)

    def _demon_chances(self, view, table: Table) -> dict[str, float]:
        """Its Demon chances (`_belief`), kept with `_top`'s answer."""
        self._top(view, table)
        assert self._topc is not None
        return self._topc[4]

    def fast_day_action(self, view, nominees: list[str], uses: list[dict],
                        exiles: list[str] | None) -> dict | None:
        table = self._read(view)
        self._queue_claims(view, table)
        if self.pending:
            return self.pending.pop(0)
        if exiles and self.rng.random() < 0.05:
            return {"exile": exiles[randrange(self.rng, len(exiles))]}
        evil = self._evil(view)
        if evil and not self._flipped(view, table) and self._sacrifice(view, table):
            # (not when the winner is swapped: then the team wants its Demon executed)
            if self.sacrificed != view.day:
                self.sacrificed = view.day
                return {"claim": table.demon_char}
            if self.name in nominees:
                return {"nominate": self.name}
        if evil and self.bluff in PRETENDS and self.bluff not in self.pretended:
            use = self._pretend(view, table)
            if use is not None:
                return use
        if uses:
            use = self._day_use(view, table, uses, evil)
            if use is not None:
                return use
        if not nominees:
            return None
        living = [n for n in nominees if n != self.name and view.alive(n)]
        if not living:
            return None
        doomed = about_to_die(view)
        if self._flipped(view, table):
            pick = self._flipped_nominee(view, table, living)
            return {"nominate": pick} if pick is not None else None
        for key in self._play_keys(view):
            nominate = NOMINATES.get(key)
            if nominate is not None:
                pick = nominate(self, view, table, living)
                if pick is not None:
                    return {"nominate": pick}
        if evil:
            team = self._teammates(view)
            if doomed is not None and doomed not in team:
                return None                     # a good player is about to die: wait
            if SHIELD_AT and doomed is None:
                shield = self._shield(view, table)
                if shield is not None and shield in living:
                    return {"nominate": shield}
            p = aim_scores(table, self.name, good_demon_belief(table, self.name),
                           len(view.living))    # its seat's doubts (`_evil_vote`)
            good = [n for n in living if n not in team]
            wins = [n for n in good if n in self._evil_wins_by_vote(view, table)]
            avoid = evil_avoids(self, view, table)
            if avoid:
                good = [n for n in good if n not in avoid]     # an untested Virgin claim
            if wins:
                return {"nominate": wins[0]}
            top = max((p.get(n, 0.0) for n in view.living if n != self.name), default=0.0)
            first = max(living, key=lambda n: (p.get(n, 0.0), -table.seat[n]))
            if first in team and first not in self.demons and first not in avoid \
                    and doomed is None \
                    and p.get(first, 0.0) > 0.0 and len(view.living) > ENDGAME:
                # The table's top suspect is a teammate Minion: a good player holding the
                # public beliefs would nominate them, and the town will (a Minion lost
                # anyway: nominating it buys trust; the Demon is never nominated).
                return {"nominate": first}
            if not good:
                return None
            best = max(good, key=lambda n: (p.get(n, 0.0), -table.seat[n]))
            if p.get(best, 0.0) < NEAR_TOP * top and len(view.living) > ENDGAME:
                return None             # a good player would not nominate them now: wait
            if AIM_LEAD > 0.0 and p.get(best, 0.0) < aim_bar(p, view.living, self.name):
                return None             # ... nor a coin toss (AIM_LEAD)
            return {"nominate": best}
        test = self._virgin_test(view, table, living)
        if test is not None:
            return {"nominate": test}
        p, top, n_living = self._top(view, table)
        best = max(living, key=lambda n: (p.get(n, 0.0), -table.seat[n]))
        mine = p.get(best, 0.0)         # its score (MINION_WORTH); the Demon chance, `demon`
        demon = self._demon_chances(view, table).get(best, 0.0)
        if mine <= 0.0 or mine < NEAR_TOP * top:
            return None
        if AIM_LEAD > 0.0 and self._topc is not None and mine < self._topc[5]:
            return None                 # a coin toss (AIM_LEAD)
        if not self._may_execute(view, table, best, demon):
            return None
        if n_living == 4 and demon < SURE_AT_FOUR and self._lone_demon(view, table):
            return None
        if n_living == 3 and demon < SURE_AT_FOUR and self._peace_wins(view, table):
            return None
        if doomed is not None and mine <= p.get(doomed, 0.0):
            return None
        return {"nominate": best}

    def _evil_wins_by_vote(self, view, table: Table) -> list[str]:
        """Living claimants outside the team of a character whose execution loses for good
        (`plays.EXECUTE_TO_WIN`: the Saint; claimed by a player it knows is not evil, so
        probably true), when the team's own hands (its living players and its dead, a
        ghost vote each) reach the threshold of a vote now (half the living, rounded up)."""
        team = self._teammates(view)
        hands = sum(1 for n in team if n in table.seat)
        if hands < (len(view.living) + 1) // 2:
            return []
        return [n for n, c in table.claims.items() if c in EXECUTE_TO_WIN
                and n not in team and view.alive(n)]

    def _shield(self, view, table: Table, voting: bool = False) -> str | None:
        """The good player an evil bot puts up for today's execution instead of its Demon
        (`SHIELD_AT`): while the table suspects the Demon (its own, or itself) at least
        SHIELD_AT and most of all, more than ENDGAME live and the Demon is not about to die
        yet (`voting`: or is: a hand on a good nominee then ties or beats its count), the
        living good player the table suspects most (not an untested Virgin claim its own
        claim would meet: `evil_avoids`); None otherwise."""
        if len(view.living) <= ENDGAME or self._flipped(view, table):
            return None
        demons = [d for d in self.demons | self._demon_self(view, table) if view.alive(d)]
        if len(demons) != 1 or (not voting and about_to_die(view) == demons[0]):
            return None
        p = table.public_demon()
        mine = p.get(demons[0], 0.0)
        if mine < SHIELD_AT or mine < max((p.get(n, 0.0) for n in view.living), default=0.0):
            return None
        team = self._teammates(view)
        avoid = evil_avoids(self, view, table)
        good = [n for n in view.living if n not in team and n not in avoid]
        if not good:
            return None
        return max(good, key=lambda n: (p.get(n, 0.0), -table.seat[n]))

    def _sacrifice(self, view, table: Table) -> bool:
        """Whether this Minion gives itself up today so that the town executes it instead of
        its Demon: the table suspects the Demon at least SACRIFICE_AT and most of all,
        nobody is about to die yet, at least SACRIFICE_LIVING live and the Minion does not
        take the Demon's place at its death (`plays.CATCHERS`: then it backs the execution).
        It claims the Demon and nominates itself; its teammates vote for it."""
        if self.sacrificed and self.sacrificed != view.day:
            return False                # once: the town learned it was not the Demon
        if self.sacrificed == view.day:
            return True
        me = view.character
        if me in table.demons_on_script or me in CATCHERS or not view.alive(self.name) \
                or view.traveller(self.name) \
                or len(view.living) < SACRIFICE_LIVING \
                or about_to_die(view) is not None:
            return False
        demons = [d for d in self.demons if d != self.name and view.alive(d)]
        if len(demons) != 1:
            return False
        p = table.public_demon()
        mine = p.get(demons[0], 0.0)
        return mine >= SACRIFICE_AT and mine >= max((p.get(n, 0.0) for n in view.living),
                                                   default=0.0)

    def _pretend(self, view, table: Table) -> dict | None:
        """An evil bot's pretended use of its bluff's day ability (`plays.PRETENDS`), among
        those the engine offers it (`view.pretend_uses()`)."""
        bluff = self.bluff
        offered = getattr(view, "pretend_uses", None)
        pretends = offered() if offered is not None else []
        if bluff is None or not pretends:
            return None
        use = PRETENDS[bluff](self, view, table, pretends)
        if use is not None:
            self.pretended.add(bluff)
        return use

    def _virgin_test(self, view, table: Table, living: list[str]) -> str | None:
        """A good bot that believes it is a Townsfolk whose ability is spent (it acts on
        the first night only) nominates a claimed Virgin nobody has nominated yet, on the
        first day: if she is the Virgin, the nominator is executed and both are proven
        good (the table's evidence); if nothing happens, one of them is probably lying."""
        me = view.character or ""
        if view.day > 1 or TEAMS.get(me) != "townsfolk":
            return None
        data = D.get(me)
        if not data.first_night or data.other_night:
            return None
        for n in living:
            if table.claims.get(n) == "virgin" and n not in table.nominated:
                return n
        return None

    def _peace_wins(self, view, table: Table) -> bool:
        """Whether a day with no execution wins for good now (`plays.PEACEMAKERS`: a living
        Mayor with three alive): this bot is one, or a living claimant it trusts."""
        if view.character in PEACEMAKERS:
            return True
        e = table.evil_chances(self.name)
        return any(c in PEACEMAKERS and view.alive(n) and e.get(n, 1.0) < PEACE_TRUST
                   for n, c in table.claims.items())

    def _lone_demon(self, view, table: Table) -> bool:
        """Whether the Demon is probably the only evil player alive (a good bot's belief):
        then, with four alive, waiting for a final three is better than a wrong execution;
        with a Minion alive too, the final three would have two evil votes, so not; nor
        after a night nobody died (the kill may keep failing: the game would not end)."""
        if self.quiet_dawn:
            return False                # the Demon's kill failed last night: waiting may not end
        e = table.evil_chances(self.name)
        return sum(e.get(n, 0.0) for n in view.living if n != self.name) < LONE_DEMON

    def _day_use(self, view, table: Table, uses: list[dict], evil: bool) -> dict | None:
        """A use of the bot's own day ability by its character's play (`plays.USES`);
        otherwise a targeted day ability at the top suspect (a good bot fairly sure of it),
        and any other use as rarely as the random bot makes one."""
        for ab in {u.get("ability") for u in uses}:
            play = USES.get(ab) if isinstance(ab, str) else None
            if play is not None:
                use = play(self, view, table, [u for u in uses if u.get("ability") == ab])
                if use is not None:
                    return use
        uses = [u for u in uses if u.get("ability") not in USES]
        if not evil:
            best = self._aimed_use(view, table, uses)
            if best is not None:
                return best
        else:
            guess = self._evil_guess(view, table, uses)
            if guess is not None:
                return guess
        others = [u for u in uses if "target" not in u]
        if others and self.rng.random() < 0.1:
            return others[randrange(self.rng, len(others))]
        return None

    def _aimed_use(self, view, table: Table, uses: list[dict]) -> dict | None:
        """A good bot's targeted day ability (a Slayer's shot) at its likeliest Demon among
        the targets offered, when its belief stands well above the rest (SHOOT_SURE and
        SHOOT_LEAD times the next living suspect), or in any case when the shot may soon be
        lost: the bot about to be executed, SHOOT_LATE alive or fewer, or from SHOOT_DAY."""
        p = self._belief(view, table)
        aimed = [u for u in uses if "target" in u and u["target"] != self.name
                 and view.alive(u["target"])]
        if not aimed:
            return None
        best = max(aimed, key=lambda u: (p.get(u["target"], 0.0), -table.seat[u["target"]]))
        mine = p.get(best["target"], 0.0)
        if mine <= 0.0:
            return None
        if len(view.living) <= SHOOT_LATE or view.day >= SHOOT_DAY \
                or about_to_die(view) == self.name:
            return best
        if mine < SHOOT_SURE:
            return None
        rest = max((p.get(n, 0.0) for n in view.living
                    if n != self.name and n != best["target"]), default=0.0)
        return best if mine >= SHOOT_LEAD * rest else None

    def _targets(self, table: Table, good: list[str], trust: dict[str, float]) -> list[str]:
        """Good players in the order the Demon wants them dead: by what their claimed
        character's kill is worth (`night_worth`: a claimed protector of others and a
        Demon-shooter who has not fired first, a kill that fails, informs or takes a spent
        ability last), then (with KILL_READ) by what the town would read from their death,
        then by how much the table trusts them (their word and votes carry the
        town). Killing claimed every-night information roles first instead was measured
        worse for evil."""
        read: dict[str, float] = {}
        if KILL_READ:
            for n in good:
                read[n] = KILL_READ * table.demon_chances(n, fresh=False).get(self.name, 0.0)

        def key(n: str) -> tuple:
            return (night_worth(table, n, table.claims.get(n, "")), read.get(n, 0.0),
                    trust.get(n, 0.0), table.seat[n])
        return sorted(good, key=key)

    def _poison_targets(self, view, table: Table, good: list[str],
                        trust: dict[str, float]) -> list[str]:
        """Good players in the order a Minion wants them poisoned: claimed information roles
        that learn every night, those whose next information would show its team first
        (`_threats`: poisoned, what they say is false and misleads the town; a night kill
        would confirm them instead), then as `_targets`. With POISON_STOPS (on): the
        threats, then by what the poison stops (`_stops`), then the most trusted; `pool`
        is how many share the first one's rank (the draw is among those)."""
        threats = self._threats(view, table, good)
        if POISON_STOPS:
            rank = {n: 0 if n in threats else _stops(table, n, table.claims.get(n, ""))
                    for n in good}
            order = sorted(good, key=lambda n: (rank[n], trust.get(n, 0.0), table.seat[n]))
            # The draw (`_choose`) among the first TARGET_POOL of the best rank only.
            self.pool = sum(1 for n in order if rank[n] == rank[order[0]]) if order else 0
            return order

        def key(n: str) -> tuple:
            c = table.claims.get(n, "")
            rank = 0 if n in threats else \
                1 if c and table.informs(c) and D.get(c).other_night else \
                2 if protects(c) else 3
            return (rank, trust.get(n, 0.0), table.seat[n])
        return sorted(good, key=key)

    def _threats(self, view, table: Table, good: list[str]) -> set[str]:
        """The good claimants of an every-night information role whose information tonight
        would say something about this bot's team: the role's own `truths` differ between
        the world as the team knows it (its members evil, everyone else as claimed) and
        the same world with its members good. Roles that need a choice are read (with
        POISON_STOPS) at the players the claimant would choose: as many as its last claim
        chose, those it suspects most (a good player's view: `Table.demon_chances`);
        without it, not read."""
        from .beliefs import truths_of
        from ..engine.world import World, WorldPlayer
        team = self._teammates(view)
        if not team:
            return set()
        claimants = [n for n in good if table.claims.get(n) and view.alive(n)
                     and table.informs(table.claims[n]) and D.get(table.claims[n]).other_night]
        if not claimants:
            return set()
        demon = table.demons_on_script[0] if table.demons_on_script else None
        minion = table.minions_on_script[0] if table.minions_on_script else None
        if demon is None or minion is None:
            return set()
        cover = next((c for c in table.townsfolk if c not in table.claims.values()),
                     table.townsfolk[0] if table.townsfolk else None)
        if cover is None:
            return set()
        real, plain = [], []
        for i, n in enumerate(table.players):
            alive = view.alive(n)
            trav = n in table.travellers
            if n in team:
                ch = demon if n in self.demons or (n == self.name and view.character
                                                    in table.demons_on_script) else minion
                if n == self.name and view.character in D.all_characters():
                    ch = view.character
                real.append(WorldPlayer(n, i, ch, "evil", alive, trav, False))
                plain.append(WorldPlayer(n, i, cover, "good", alive, trav, False))
            else:
                ch = table.claims.get(n) or cover
                if TEAMS.get(ch) not in ("townsfolk", "outsider"):
                    ch = cover
                wp = WorldPlayer(n, i, ch, "good", alive, trav, False)
                real.append(wp)
                plain.append(wp)
        w_real, w_plain = World(tuple(real)), World(tuple(plain))
        out = set()
        chose: dict[str, int] = {}
        if POISON_STOPS:
            for c in table.infos:
                if c.chose and c.who in claimants and c.character == table.claims[c.who]:
                    chose[c.who] = len(c.chose)
        for n in claimants:
            ab = truths_of(table.claims[n])
            if ab is None:
                continue
            world_r, world_p = w_real, w_plain
            k = chose.get(n, 0)
            if k:
                # Its likeliest choice tonight: the living players it suspects most.
                p = table.demon_chances(n, fresh=False)
                picks = sorted((m for m in table.players if m != n and view.alive(m)),
                               key=lambda m: (-p.get(m, 0.0), table.seat[m]))[:k]
                world_r = w_real.with_choice(n, picks)
                world_p = w_plain.with_choice(n, picks)
            try:
                a, b = ab.truths(world_r, n), ab.truths(world_p, n)
            except Exception:
                continue
            if a and b and a != b:
                out.add(n)
        return out

    def _star_pass(self, view, table: Table, d: PlayerChoice) -> bool:
        """Whether a Demon that passes its demonhood by killing itself should (a star-pass):
        when the table suspects it at least STAR_PASS_AT and more than anyone, a teammate
        Minion is alive to take over and more than four players live."""
        if view.character not in STAR_PASSERS or self.name not in d.candidates \
                or len(view.living) <= 4 or ab_of(d) != view.character:
            return False
        if not any(view.alive(m) for m in self.team if m != self.name):
            return False
        p = table.public_demon(fresh=False)
        mine = p.get(self.name, 0.0)
        return mine >= STAR_PASS_AT and mine >= max(p.values(), default=0.0)

    def _evil_guess(self, view, table: Table, uses: list[dict]) -> dict | None:
        """A guess a good character's ability offers evil (the Damsel's, to Minions): at a
        living player who claims that character; from day 3, at a good Outsider claimant
        the table trusts. One guess: never at random."""
        team = self._teammates(view)
        offered = [u for u in uses if "target" in u and TEAMS.get(u.get("ability", ""))
                   in ("townsfolk", "outsider") and u["target"] not in team
                   and view.alive(u["target"])]
        if not offered:
            return None
        for u in offered:
            if table.claims.get(u["target"]) == u["ability"]:
                return u
        trust = table.public_evil(fresh=False)
        if view.day >= 3:
            outs = [u for u in offered
                    if TEAMS.get(table.claims.get(u["target"], "")) == "outsider"]
            if outs:
                return min(outs, key=lambda u: (trust.get(u["target"], 0.0),
                                                table.seat[u["target"]]))
        # About to be executed, or the game near its end: nothing left to lose by a guess.
        # Who hides best: a player who never claimed, then a claimant who never said what
        # their ability learned; the most trusted first.
        if about_to_die(view) != self.name and len(view.living) > 4:
            return None
        said = {c.who for c in table.infos}

        def key(u: dict) -> tuple:
            n = u["target"]
            return (0 if n not in table.claims else 1 if n not in said else 2,
                    trust.get(n, 0.0), table.seat[n])
        return min(offered, key=key)

    # ---- every decision ----------------------------------------------------------------
    def __call__(self, decision: Any, view) -> object:
        kind = decision.kind
        if kind == "vote":
            table = self._read(view)
            ctx = decision.context or {}
            for key, play in VOTES.items():
                if key in ctx:
                    return play(self, view, table, ctx)
            if "exile" in ctx:
                self.nominee = None
            return self.fast_vote(view)
        if kind == "day_action":
            return self.fast_day_action(view, decision.nominees, decision.uses,
                                        decision.exiles)
        if kind == "talk" or kind == "speak":
            # Day talk (engine/talk.py), or a turn to talk with nothing else to do (dead,
            # or having nominated: `runner.talk_turn`): the claims it would make on a day
            # turn, in the structured claim language; nothing else to say.
            table = self._read(view)
            self._queue_claims(view, table)
            return self.pending.pop(0) if self.pending else None
        if kind == "claim":
            me = view.character
            opts = decision.options()
            if me in opts and (not self._evil(view) or me in nominee_wins()):
                return me           # the truth; an evil Goblin's claim wins if executed
            return None
        ctx = decision.context if isinstance(decision.context, dict) else {}
        form = ctx.get("form")
        if form == "player_character" or form == "yes":
            # A player and a character (the Summoner's summon, the Kazali's Minions), or a
            # consent another player's ability asks for (the Harlot's visit): `plays`.
            ab = str(ctx.get("ability"))
            pick_play, agree_play = PICKS.get(ab), AGREES.get(ab)
            ans: Any = None
            if form == "player_character" and pick_play is not None:
                ans = pick_play(self, view, self._read(view), decision.options())
            elif form == "yes" and agree_play is not None:
                ans = agree_play(self, view, self._read(view), ctx)
            if ans is not None and decision.is_legal(ans):
                return ans
        if isinstance(decision, PlayerChoice) and decision.check is None \
                and len(decision.candidates) >= decision.count:
            pick = self._choose(decision, view)
            if pick is not None:
                return pick if pick or not decision.optional else None
        return self.fallback(decision, view)

    def _choose(self, d: PlayerChoice, view) -> list[str] | None:
        """Players for a night (or day) choice of this bot's own ability, by belief."""
        table = self._read(view)
        ab = (d.context or {}).get("ability")
        if not isinstance(ab, str) or ab not in D.all_characters():
            return None
        team = D.get(ab).team
        cands = [n for n in d.candidates if n != self.name] or list(d.candidates)
        living = [n for n in cands if view.alive(n)] or cands
        if len(living) < d.count:
            living = list(d.candidates)
        trust = self._trust(view, table)
        play = CHOICES.get(ab)
        if play is not None and d.count == 1:
            picked = play(self, view, table, living)
            if picked:
                self.aimed = (view.night, picked[:1])
                return picked[:1]
        if not self._evil(view) and ab in GOOD_CHOICES:
            picked = GOOD_CHOICES[ab](self, view, table, living)
            if picked is not None:
                return picked if picked or d.optional else None
        if self._evil(view):
            if team not in EVIL_TEAMS:
                return None
            mates = self._teammates(view)
            if team == "demon" and self.name in d.candidates and \
                    view.character in STAR_PASSERS and self._flipped(view, table) and \
                    not any(view.alive(m) for m in self.team if m != self.name):
                # The winner swapped and no Minion to take over: the Demon's own death
                # ends the game as a good win, which is evil's.
                self.aimed = (view.night, [self.name])
                return [self.name]
            if team == "demon" and self._star_pass(view, table, d):
                self.aimed = (view.night, [self.name])
                return [self.name]
            # The Demon skips whom its kill failed on; a Minion whom it chose last night (a
            # Minion who does not know its Demon must not poison it every night).
            skip = self.survived if team == "demon" else set(self.aimed[1])
            if POISON_STOPS and team != "demon" and self.demons:
                skip = set()        # it knows its Demon: the same threat again if need be
            good = [n for n in living if n not in mates and n not in skip]
            if len(good) < d.count:
                good = [n for n in living if n not in mates]
                # Every good player left has survived its kill: not last night's again
                # (else a protected player is chosen every night and the game stalls).
                other = [n for n in good if n not in self.aimed[1]]
                if team == "demon" and len(other) >= d.count:
                    good = other
                elif team == "demon" and d.count == 1 and len(view.living) == 3:
                    # Three alive and the good one survives its kill (a Soldier): its own
                    # Minion's death leaves two alive, evil's win.
                    own = [n for n in living if n in mates and n != self.name
                           and view.alive(n)]
                    if own:
                        good = own[:1]
            if len(good) < d.count:
                # No good player left to choose: a Demon kills its own Minions (evil wins
                # with two alive), never itself (a Pukka choosing itself poisons itself for
                # good, and the game stalls); other evil abilities answer as a random bot.
                own = [n for n in living if n != self.name]
                if team != "demon" or len(own) < d.count:
                    return None
                good = own
            order = self._targets(table, good, trust) if team == "demon" \
                else self._poison_targets(view, table, good, trust)
            if d.count == 1 and len(order) > 1:
                # Not always the most dangerous player: a Monk would protect them every
                # night. One of the first few, the first the likeliest.
                k = min(len(order), TARGET_POOL)
                if POISON_STOPS and team != "demon":
                    k = max(1, min(k, self.pool))   # what the poison stops most
                r = self.rng.random() * (2 ** k - 1)
                i = 0
                while i < k - 1 and r >= 2 ** (k - 1 - i):
                    r -= 2 ** (k - 1 - i)
                    i += 1
                order = [order[i]]
            self.aimed = (view.night, order[:d.count])
            return _in_seat_order(order[:d.count], d.candidates)
        if team in EVIL_TEAMS:
            return None
        p = table.demon_chances(self.name, fresh=False)     # as at the day's end
        if table.informs(ab):
            order = sorted(living, key=lambda n: (-p.get(n, 0.0), table.seat[n]))
        else:
            order = sorted(living, key=lambda n: (p.get(n, 0.0) + trust.get(n, 0.0),
                                                 table.seat[n]))
        return _in_seat_order(order[:d.count], d.candidates)


TEAMS = D.teams()
_RISKY: dict[str, bool] = {}
_NOMINEE_WINS: list[frozenset] = []


def nominee_wins() -> frozenset:
    """Characters a nominee may claim before the vote whose execution then wins for their
    team (the Goblin's `nomination_claim`): read from the rule code."""
    if not _NOMINEE_WINS:
        from ..characters import REGISTRY
        _NOMINEE_WINS.append(frozenset(c for c, cls in REGISTRY.items()
                                       if getattr(cls, "nomination_claim", False)))
    return _NOMINEE_WINS[0]


def ab_of(d: PlayerChoice) -> str | None:
    ab = (d.context or {}).get("ability")
    return ab if isinstance(ab, str) else None


def risky(cid: str | None) -> bool:
    """Whether a good character's own rule ends the game when its player dies or is
    executed (the Saint, the Klutz): its class has an outcome of its own and a death or
    execution hook. Read from the rule code, not a list."""
    if cid is None:
        return False
    found = _RISKY.get(cid)
    if found is None:
        from ..characters import REGISTRY
        from ..engine.ability import Ability
        cls = REGISTRY.get(cid)
        found = _RISKY[cid] = (
            cls is not None and TEAMS.get(cid) in ("townsfolk", "outsider")
            and bool(getattr(cls, "outcome_reasons", None))
            and (cls.on_death is not Ability.on_death
                 or cls.on_executed is not Ability.on_executed))
    return found


_RULES: dict[str, dict] = {}


def _world_rules(cid: str) -> dict:
    """Character `cid`'s `world_rules` (its module's model of the ability), {} if none."""
    found = _RULES.get(cid)
    if found is None:
        from ..characters import REGISTRY
        cls = REGISTRY.get(cid)
        found = _RULES[cid] = dict(cls.world_rules) if cls is not None else {}
    return found


def night_worth(table: Table, name: str, cid: str) -> int:
    """What the Demon's kill of good player `name`, who claims `cid`, is worth to the evil
    team, first to last, as the claimed character's own rules say (its module's
    `world_rules` and `protects` hook; a good player's claim is true, as the team knows,
    unless they are drunk): 0, a protector of others (a Monk keeps saving the rest) or a
    day shot at the Demon not yet fired (the Slayer's: it would end the game); 2, a kill
    that fails (a self-protector: the Soldier), hands them information (an ability that
    wakes on the night its holder dies: the Ravenkeeper), or takes an ability already
    spent (a shot fired, a nominated Virgin); 1, everyone else. (Also last, measured: a
    character whose execution loses for good, the Saint, as the town may yet execute
    them: no better for evil, and more Saint executions; an Outsider whose ability gives
    good nothing, the Recluse and the Butler: worse at 15 players, 72.0% good against
    68.4%, as those are the players the town trusts most and their deaths tell it
    least.)"""
    if not cid:
        return 1
    rules = _world_rules(cid)
    protect = rules.get("protect", "")
    shoot = rules.get("shoot") == "demon"
    fired = _spent(table, name, rules)
    if (protects(cid) and protect != "self") or (shoot and not fired):
        return 0
    if protect == "self" or rules.get("wake") == "died_tonight" or fired:
        return 2
    return 1


def _spent(table: Table, name: str, rules: dict) -> bool:
    """Whether `name`'s claimed once-a-game test is used up, as the public record has it:
    a day shot at the Demon (`world_rules` "shoot") fired, or a nomination test
    ("nominated") taken."""
    if rules.get("shoot") == "demon" and any(s == name for s, _, _ in table.shots):
        return True
    return "nominated" in rules and name in table.nominated


def _stops(table: Table, name: str, cid: str) -> int:
    """What poisoning good player `name`, who claims `cid`, stops tonight and tomorrow, as
    the claimed character's own rules say (`POISON_STOPS`), first to last: 1, an ability
    that still acts for good (a day shot at the Demon not yet fired, a nomination test not
    yet taken, a protector of others, information every night); 2, an unclaimed player;
    3, nothing, or next to nothing (a self-protector: the kill goes elsewhere; an ability
    that wakes only on its holder's death; information of the first night only; a spent
    shot or test; any other ability: a Mayor's bounce, a Butler's vote); 4, a poison that
    helps good (a character whose own rule loses the game for good at its death or
    execution: poisoned, it does not)."""
    if not cid:
        return 2
    if risky(cid):
        return 4
    rules = _world_rules(cid)
    if rules.get("shoot") == "demon" or "nominated" in rules:
        return 3 if _spent(table, name, rules) else 1
    protect = rules.get("protect", "")
    if protects(cid):
        return 3 if protect == "self" else 1
    if rules.get("wake") == "died_tonight":
        return 3
    if table.informs(cid):
        return 1 if D.get(cid).other_night else 3
    return 3


def acts_for(table: Table, cid: str, me: str, night: int) -> bool:
    """Whether character `cid`'s ability would act for `me` on `night`, as the public
    record has it: while `me` is alive through that night (on night 1 in any case: the
    first night's information, which an evil bot's first claim may give, is not weighed
    against a kill that night), or, for an ability that wakes only on the night its holder
    dies (its module's `world_rules` "wake": "died_tonight", the world solver's model: the
    Ravenkeeper), only on the night `me` was killed. What an evil bot claims it learned
    keeps to this, as a good claimant's information does."""
    if _world_rules(cid).get("wake") == "died_tonight":
        return table.died.get(me) == ("night", night)
    return table.alive_at_night(me, night) or night == 1


def aim_scores(table: Table, me: str, demon: dict[str, float],
               n_living: int) -> dict[str, float]:
    """name -> what executing them is worth to the good player `me` (MINION_WORTH): its
    Demon chances `demon` plus MINION_WORTH times the Minion chance (evil, less the Demon
    chance), while more than MINION_UNTIL live; `demon` itself otherwise. A player whose
    claim makes their execution a loss for good (a claimed Goblin, who claims it again when
    nominated and wins if executed; a claimed Saint or Klutz: `nominee_wins`, `risky`) is
    worth their Demon chance alone: their Minion chance is no reason to execute them (the
    guard, `_may_execute`, lets them die only when fairly sure of the Demon), and counted
    it made them the top score that no nomination or hand could reach (`NEAR_TOP`)."""
    w = MINION_WORTH
    if w <= 0.0 or n_living <= MINION_UNTIL:
        return demon
    return worth(demon, table.evil_chances(me), table.claims, w)


def worth(demon: dict[str, float], evil: dict[str, float], claims: dict[str, str],
          w: float) -> dict[str, float]:
    """`aim_scores`'s sum: each Demon chance plus `w` times the Minion chance (evil less
    Demon), but the Demon chance alone for a claim whose execution loses for good."""
    wins = nominee_wins()
    out: dict[str, float] = {}
    for n, d in demon.items():
        c = claims.get(n)
        if c is not None and (c in wins or risky(c)):
            out[n] = d
        else:
            out[n] = d + w * max(evil.get(n, 0.0) - d, 0.0)
    return out


def aim_bar(p: dict[str, float], living: list[str], me: str) -> float:
    """The least score a good player `me` nominates or votes for (AIM_LEAD times the mean
    score `p` of the living others) while more than MINION_UNTIL live; 0 otherwise."""
    if AIM_LEAD <= 0.0 or len(living) <= MINION_UNTIL:
        return 0.0
    others = [p.get(n, 0.0) for n in living if n != me]
    return AIM_LEAD * sum(others) / len(others) if others else 0.0


def good_demon_belief(table: Table, me: str) -> dict[str, float]:
    """name -> chance of being the Demon for the good player `me`, from the public record
    (`table`) and what `me` knows of itself: a good bot's belief (`bots report` measures it
    with this same function)."""
    return table.demon_chances(me)


class _Fallback(RandomBot):
    """The random bot's answers, drawn from the reasoning bot's own generator (no second
    generator is seeded)."""

    def __init__(self, rng):        # noqa: the random bot's defaults, without its seeding
        self.rng = rng
        self.p_nominate, self.p_vote, self.p_ability = 0.3, 0.45, 0.3
        self.p_decline, self.p_living, self.p_exile = 0.15, 0.9, 0.05


def _in_seat_order(picks: list[str], candidates: list[str]) -> list[str]:
    if len(picks) < 2:
        return picks
    order = {n: i for i, n in enumerate(candidates)}
    return sorted(picks, key=order.__getitem__)
