"""Snake Charmer (Alternate Endings, Townsfolk).

"Each night, choose an alive player: a chosen Demon swaps characters & alignments with you
& is then poisoned."

How to Run:
1. Each night (the first too), wake the Snake Charmer: they point at any living player.
2. If that player is not the Demon, nothing happens.
3. If that player is the Demon, the Snake Charmer and the Demon swap characters and
   alignments (`Game.swap_characters(..., alignments=True)`): the Snake Charmer becomes
   the (evil) Demon, the Demon the (good) Snake Charmer, who is then poisoned for the rest
   of the game (POISONED). Each is woken and told what they are now (a `learn` with
   `character` and `alignment`, `reason: you are`).
4. The new Demon acts tonight if the Demon's place in the night order is still to come and
   it has not acted tonight (the engine's rule for an ability that starts being held at
   night, `Game._new_at_night`: no Demon died tonight, so it does not wait); the almanac
   says nothing to the contrary.

Examples & Notes: "In the strange situation that the Snake Charmer is evil, or the Demon
good, swap their alignments as appropriate": alignments always swap. "If the Philosopher
has the Snake Charmer ability and becomes the Demon, the Demon becomes a poisoned
Philosopher" (the Philosopher module moves what it gained with the Philosopher character).

Rulings:
- "A chosen Demon" is a player who registers as the Demon to the Snake Charmer (a
  registration query, purpose `snakecharmer`): a Recluse registering as the Demon swaps
  characters and alignments with the Snake Charmer (both good: alignments stay) and is
  then poisoned, the Snake Charmer becoming the Recluse.
- A drunk or poisoned Snake Charmer who chooses the Demon: nothing happens.
- The poison on the old Demon is permanent: it does not need the Snake Charmer ability
  to stay in force (the almanac: "poisoned permanently").
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.state import Effect


class SnakeCharmer(Ability):
    id = "snakecharmer"
    kind = "transformation"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"change": None, "droison": "many"}

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        chosen = game.choose_players(me, 1, ability=self, alive_only=True,
                                     prompt="Snake Charmer: choose a living player")
        if not chosen:
            return
        target = chosen[0]
        if not self.functioning:
            self.no_effect("swap", target=target)
            return
        if target is me or not game.registers_as_demon(target, self.id):
            self.nothing_happens("storyteller", target=target)
            return
        self.triggered("storyteller", target=target)
        game.swap_characters(me, target, alignments=True)
        game.add_effect(Effect("poisoned", target, self, needs_source=False))
        self.reminder("Poisoned", target)
