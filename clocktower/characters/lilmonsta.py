"""Lil' Monsta (Carousel, Demon).

"Each night, Minions choose who babysits Lil' Monsta & "is the Demon". Each night*, a player
might die. [+1 Minion]"

How to Run: at setup Lil' Monsta is not dealt and a Minion is added (data: `setup_change`
`minions: 1, not_dealt: true`); Lil' Monsta is a free ability (`player is None`). The
first night has no Minion info and no Demon info (`evil_info` skips the table). Each night the
Minions wake together and agree on a player to babysit Lil' Monsta; that player is marked
IS THE DEMON, "is the Demon" (`counts_as_demon`: the true Demon for win checks, and they
register as the Demon, e.g. to the Fortune Teller) and is told ("you are" + Lil' Monsta).
A good babysitter stays good; a babysitting Minion keeps their Minion ability. Then, each
night except the first, a player might die (a Demon kill: the Monk and Soldier protect
against it). If the babysitter dies (executed, killed, slain), the Demon is dead: good wins; a dead
player made the babysitter (the Minions' pick, or the Summoner's) ends the game at once,
before the night's kill: setting the babysitter is the engine's `demon_change` step, which
asks the win rules when who is the Demon changed (docs/architecture.md).
Lil' Monsta is not a player, so it is never drunk or poisoned.

Decisions (design choice): the Minions' group decision is modelled as the Storyteller's
keyed decision `lilmonsta` ("who babysits tonight": the Minions' agreed pick, or the
Storyteller's when they cannot agree). Options are every player (a dead babysitter ends
the game at once); the automatic Storyteller is pointed at the living Minions through the
decision's `suggested` context. A scenario writes `storyteller: {lilmonsta: Dan}`. The
kill is the Storyteller's keyed decision `lilmonsta.kill`: a living player, or `no`
(nobody dies); a scenario writes `storyteller: {lilmonsta.kill: Ann}`.

Jinxes (`clocktower/jinxes/`): Scarlet Woman (`lilmonsta_scarletwoman.py`): if Lil' Monsta
dies (its babysitter dies) while 5 or more players are alive, a living, working Scarlet
Woman becomes the babysitter for the rest of the game (the Minions no longer choose:
`locked`). Magician (`lilmonsta_magician.py`, answering the jinx point
`storyteller_picks`): while a Magician lives, the Storyteller (not the Minions) decides
which Minion babysits: the Minions are not woken or told, and the legal babysitters are the
living Minions (`babysitter_options`).
Marionette (`marionette_lilmonsta.py`, at the jinx point `babysitter_chosen`, told each
babysitter as it is set): a Marionette waiting as a token becomes a good neighbour of the
first babysitter.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability, State
from ..engine.jinx import adjusted


class LilMonsta(Ability):
    id = "lilmonsta"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"kill": None, "change": None}

    # ---- who is the Demon ---------------------------------------------------------------
    sitter: State[str | None] = State(None)   # the babysitter (`babysitter()`)
    locked = State(False)    # the Minions no longer choose (a jinx)
    summoned_tonight: State[int | None] = State(None)
    def babysitter(self):
        name = self.sitter
        return self.game.by_name.get(name) if name else None

    def counts_as_demon(self, player) -> bool:
        return player is not None and player.name == self.sitter

    def evil_info(self, table) -> None:
        # No Minion or Demon info: the Minions wake together at Lil' Monsta's step.
        table.skip(self.id)

    def demon_pending(self) -> bool:
        # Before the first babysitter is chosen (night 1, before Lil' Monsta's step).
        return self.sitter is None

    # ---- night --------------------------------------------------------------------------
    def babysitter_options(self) -> tuple[list[str], list[str]]:
        """(legal babysitters, the ones the automatic Storyteller suggests)."""
        game = self.game
        everyone = [p.name for p in game.players]
        minions = [p.name for p in game.players
                   if p.alive and D.get(p.character).team == "minion"]
        if minions and self.storyteller_picks():
            return minions, minions
        current = self.sitter
        suggested = minions or ([current] if current and game.by_name[current].alive else
                                [p.name for p in game.players if p.alive])
        return everyone, suggested

    def storyteller_picks(self) -> bool:
        """Jinx point: does the Storyteller, not the Minions, pick a Minion to babysit now?
        (The Magician's jinx: while a Magician is alive.)"""
        return adjusted(self, "storyteller_picks", False)

    def night(self, first: bool) -> None:
        game = self.game
        summoned = self.summoned_tonight
        del self.summoned_tonight
        if summoned != game.night:
            if not self.locked:
                self.choose_babysitter()
        if not first:
            self.night_kill()

    def choose_babysitter(self) -> None:
        game = self.game
        options, suggested = self.babysitter_options()
        minions = [p.name for p in game.players
                   if p.alive and D.get(p.character).team == "minion"]
        if self.storyteller_picks():
            minions = []        # the Storyteller decides: the Minions neither wake nor see
        if minions:
            game.emit("wake", "storyteller", players=minions, ability=self.id)
        name = game.storyteller_choice("lilmonsta", options,
                                       "Who babysits Lil' Monsta tonight (the Minions' choice)?",
                                       minions=minions, suggested=suggested)
        self.set_babysitter(game.by_name[name], minions)

    def set_babysitter(self, p, minions: tuple[str, ...] | list[str] = ()) -> None:
        game = self.game
        # Who "is the Demon" changes here: a `demon_change` step, so a dead babysitter ("ends
        # the game because the Demon 'is dead'") ends it when the step is over, before Lil'
        # Monsta's kill or anything later tonight (the engine asks its win rules).
        with game.demon_change():
            self.sitter = p.name
            self.reminder("Is The Demon", p)
            seen = sorted(set(minions) - {p.name})
            if seen:
                game.emit("babysitter", seen, player=p.name, ability=self.id)
            self.learn(p, character=self.id, alignment=p.alignment, reason="you are")
            # Jinx point (a notice; the value is unchanged): the Marionette–Lil' Monsta jinx
            # makes a neighbour of the first babysitter the Marionette.
            adjusted(self, "babysitter_chosen", p)

    def summoned_holder(self, target) -> None:
        """The Summoner made this Lil' Monsta tonight and chose who holds it."""
        self.summoned_tonight = self.game.night
        self.set_babysitter(target)

    def night_kill(self) -> None:
        game = self.game
        sitter = self.babysitter()
        living = [p.name for p in game.players if p.alive]
        others = [p for p in game.players if p.alive and p is not sitter]
        good = [p.name for p in others if p.alignment == "good"]
        evil = [p.name for p in others if p.alignment == "evil"]
        minions = [p.name for p in others if D.get(p.character).team == "minion"]
        # The automatic Storyteller's policy (docs/storyteller.md): kill as a Demon would,
        # a good player; but, as the almanac advises, a Minion other than the babysitter
        # when the final day nears (five or fewer alive) with two or more Minions alive, so
        # good does not face several possible babysitters. Good far behind: an evil player;
        # evil far behind: a good one.
        living_minions = [p for p in game.players if p.alive
                          and D.get(p.character).team == "minion"]
        if len(living) <= 5 and len(living_minions) >= 2 and minions:
            suggested = minions
        else:
            suggested = good or [p.name for p in others] or living
        name = game.storyteller_choice("lilmonsta.kill", [None] + living,
                                       "Lil' Monsta: who dies tonight (None: nobody)?",
                                       suggested=suggested, favours={"good": evil, "evil": good})
        if name is None:
            self.nothing_happens("storyteller")
            return
        game.kill(game.by_name[name], "demon", sitter, source=self)
