"""Alchemist (Alternate Endings, Townsfolk).

"You have a Minion ability. When using this, the Storyteller may prompt you to choose
differently."

How to Run:
1. Setup: the Storyteller chooses the Minion whose ability the Alchemist has (keyed
   decision `alchemist`; a scenario writes `storyteller: {alchemist: poisoner}` at the top
   level). Usually a not-in-play Minion (the automatic Storyteller picks among the script's
   not-in-play Minions, else any not-in-play one), but an in-play one is legal. The
   Alchemist gains that ability (`Game.grant`): it acts at that Minion's night position,
   as a Minion would use it; its setup hook (if any) runs at once.
2. First night: the Alchemist is woken and shown YOU ARE + that Minion's token (a `learn`
   with `character`). They are still a good Townsfolk: they register as good and as the
   Alchemist, do not learn the Minions or the Demon, and win with good.
3. When the Alchemist makes a night choice with that ability, the Storyteller may ask them
   to choose differently (keyed decision `alchemist.prompt`, `yes` or `no`); they must
   (the engine's `choose_again` hook: a `choose_again` event, then the new choice). In a
   scenario a written choice is final: the Storyteller does not prompt again over it (the
   runner answers `no`, and writing `alchemist.prompt` for it is an error).

Rulings:
- Minions whose [setup change] adds or removes characters (the Baron, the Summoner) are
  offered only in a written grimoire (the Storyteller set the table up with it in mind): in
  a random game the bag is drawn before the Alchemist's Minion is chosen.
- Jinxes: the Alchemist-Spy (jinxes/alchemist_spy.py: jinx points `minions`, the Spy
  only while a Spy is in play, and `has_minion_ability`, no Spy ability; the guess after
  each day's execution phase); the Alchemist-Summoner follows its jinx
  (jinxes/alchemist_summoner.py: no bluffs, the Storyteller places the Demon, evil wins if
  the Alchemist dies first). (The Marionette, not implemented yet, will need its jinx's
  module: an Alchemist-Marionette has no ability at all.)
- An Alchemist ability gained mid-game (the Philosopher's) gets its Minion ability when it
  first acts (its first-night step, that night): the Storyteller chooses then.
- A day ability gained this way is used as written; the Storyteller's prompt is asked for
  night choices only.
- The Storyteller may prompt whether the Alchemist's ability works or not (prompting does
  not tell them anything); the automatic Storyteller prompts when the Alchemist chose only
  themself.
- The Minion ability is the Alchemist's: a player who stops being the Alchemist (the
  Kazali makes them a Minion) loses it (`Game.change_character`; a swap moves it with the
  Alchemist character).
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability, State
from ..engine.jinx import adjusted

COUNT_CHANGES = ("outsiders", "outsiders_choice", "minions", "no_demon", "requires")


class Alchemist(Ability):
    id = "alchemist"
    kind = "transformation"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"change": None, "droison": "many", "kill": None, "protect": None}
    minion: State[str | None] = State(None)   # the Minion ability given; unset until chosen

    def minion_options(self) -> tuple[list[str], list[str]]:
        """(Minions the Storyteller may give, the ones the automatic Storyteller picks)."""
        game = self.game
        written = any(e["type"] == "setup" and e.get("grimoire") == "written"
                      for e in game.log)
        options = []
        for c in sorted(game.registry):
            d = D.get(c)
            if d.team != "minion":
                continue
            change = d.setup_change or {}
            if not written and any(k in change for k in COUNT_CHANGES):
                continue
            options.append(c)
        options = adjusted(self, "minions", options)
        in_play = {p.character for p in game.players} | game.in_play_extra
        on_script = [c for c in game.script.of_team("minion") if c in options]
        suggested = ([c for c in on_script if c not in in_play]
                     or [c for c in options if c not in in_play] or options)
        return options, suggested

    def on_setup(self) -> None:
        self.gain()

    def gain(self) -> None:
        """The Storyteller chooses the Minion ability; the Alchemist gains it."""
        game, me = self.game, self.player
        if self.has(Alchemist.minion) or me is None:
            return
        self.minion = None
        options, suggested = self.minion_options()
        if not options:
            return
        minion = game.storyteller_choice("alchemist", options,
                                         "Which Minion ability does the Alchemist have?",
                                         player=me.name, suggested=suggested)
        self.minion = minion
        self.reminder("Is the Alchemist", me, character=minion)
        if not adjusted(self, "has_minion_ability", True):      # the Alchemist-Spy jinx
            return
        gained = game.grant(me, minion, source=self)
        if "on_setup" in gained.overrides:
            gained.on_setup()

    def wakes(self, first: bool) -> bool:
        if not self.has(Alchemist.minion):      # gained mid-game (the Philosopher): now
            self.gain()
        return bool(self.minion)

    def night(self, first: bool) -> None:
        me = self.player
        self.learn(me, character=self.minion, reason="you have this Minion ability")

    def choose_again(self, chooser: Ability, answer) -> bool:
        if chooser.source is not self or chooser.player is not self.player:
            return False
        me = self.player
        alone = isinstance(answer, list) and answer == [me.name]
        ans = self.game.storyteller_choice(
            "alchemist.prompt", ["no", "yes"],
            f"Ask the Alchemist to choose differently than {answer}?",
            player=me.name, reprompt=me.name, suggested=["yes" if alone else "no"])
        return ans == "yes"

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        if info.get("character"):
            return f"you have the {D.get(info['character']).name} ability"
        return None
