"""Harlot (Traveller).

"Each night*, choose a living player: if they agree, you learn their character, but you
both might die."

How to Run: each night except the first, wake the Harlot, who points at a living player.
Wake the chosen player and show them the Harlot token: they nod (agree) or shake their
head. If they refuse, nothing happens. If they agree, wake the Harlot and show them the
chosen player's character; the Storyteller may decide that both players die.
"If the Demon reveals to the Harlot, you should not end the game by killing them."

Decisions, as docs/scenarios.md writes them: the Harlot's choice (`Gil: Eve`), the
chosen player's answer (`Eve: {yes: true}` or `{yes: false}`: a `night_choice` of form
`yes` asked of the chosen player; a player who also chooses for their own ability that
night writes `Eve: {harlot: {yes: true}, imp: Ann}`), and the Storyteller's decision
whether both die (key `harlot`: `yes` or `no`), asked only when the player agreed.

Rulings:
- The Harlot may not choose themself ("choose a living player": someone to visit).
- The Harlot learns the character only (not the alignment), as the player registers to
  the Harlot (a Spy may register as a good character). A drunk or poisoned Harlot may be
  shown any character on the script, and the Storyteller's "you both might die" does not
  happen (a malfunctioning ability kills nobody): the `harlot` key is not asked.
- Both deaths are by the Harlot's ability (cause `ability`); a protection that stops
  ability deaths protects. The automatic Storyteller never kills when the chosen player is
  the Demon (`suggested: no`); otherwise it decides at random.
"""
from __future__ import annotations

from .. import data as D
from ..engine.decisions import Choice
from ..engine.world import World
from ._info import Information


class Harlot(Information):
    id = "harlot"
    kind = "information"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"kill": None}

    def wakes(self, first: bool) -> bool:
        return not first

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        chosen = game.choose_players(me, 1, ability=self, alive_only=True, allow_self=False,
                                     prompt="Choose a living player: if they agree, you "
                                            "learn their character, but you both might die.")
        if not chosen:
            return
        target = chosen[0]
        self.wake(target)
        agrees = game.decide(Choice("night_choice", target.name, [True, False],
                                    f"The Harlot ({me.name}) chose you: do you agree to show "
                                    "them your character? You both might die.",
                                    {"ability": self.id, "player": target.name, "form": "yes"}))
        self.chose(target, yes=agrees)
        if not agrees:
            return
        self.wake(me)
        world = self.world(self.ask_registrations([target]), choice=[target.name])
        script = [c for c in game.script.characters if c not in game.script.homebrew
                  and c in game.registry]
        game.tell(me, self.truths(world),
                  lambda: [{"players": [target.name], "character": c} for c in script], self)
        if not self.functioning:
            return
        suggested = ["no"] if game.is_demon(target) else None
        # Good far behind: both die only to take an evil (non-Demon) player with the
        # Harlot; evil far behind: only to take a good one (docs/storyteller.md).
        evil = target.alignment == "evil"
        favours = {"good": ["yes" if evil and not game.is_demon(target) else "no"],
                   "evil": ["no" if evil else "yes"]}
        both = game.storyteller_choice("harlot", ["no", "yes"],
                                       f"{target.name} agreed to reveal to the Harlot: do both "
                                       "die?", player=target.name, favours=favours,
                                       **({"suggested": suggested} if suggested else {}))
        if both == "yes":
            game.kill(target, "ability", me, source=self)
            game.kill(me, "ability", me, source=self)

    def truths(self, world: World, player: str | None = None) -> list[dict]:
        """The chosen player's character, as they register to the Harlot."""
        holder = self.holder(player)
        chosen = world.choice(holder)
        if not chosen:
            return []
        name = chosen[0]
        character = world.registers(name)[0]
        return [{"players": [name], "character": D.get(character).id}]
