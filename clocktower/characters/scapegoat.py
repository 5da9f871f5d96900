"""Scapegoat (Trouble Brewing, Traveller).

"If a player of your alignment is executed, you might be executed instead."

How to Run: if a player of the same alignment as the Scapegoat would be executed, the
Storyteller may choose that the Scapegoat is executed instead: the Scapegoat dies. It is
still the day's execution (no more nominations; the Undertaker learns the Scapegoat).
Only executions: never a death by the Demon, the Slayer, the Gunslinger or an exile.

Rulings:
- The Storyteller's decision is keyed `scapegoat`: the Scapegoat's name (executed instead)
  or `no` (the execution stands). The automatic Storyteller always takes an evil
  Scapegoat's ability when a Demon would be executed ("always use an evil Scapegoat's
  ability to prevent evil from losing"); otherwise it chooses at random.
- "Your alignment" is the Scapegoat's true (secret) alignment and the executed player's
  true alignment: the Storyteller knows both (registration does not apply).
- A dead, exiled, drunk or poisoned Scapegoat is never executed instead. The Scapegoat's
  own execution is simply an execution. The executed player may be dead already.
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import Ability


class Scapegoat(Ability):
    id = "scapegoat"
    kind = "protection"

    def redirect_execution(self, executed):
        game, me = self.game, self.player
        if executed is me or not me.alive or not self.functioning:
            return None
        if executed.alignment != me.alignment:
            return None
        suggested = None
        if me.alignment == "evil" and D.get(executed.character).team == "demon":
            suggested = [me.name]
        name = game.storyteller_choice(
            "scapegoat", [None, me.name],
            f"{executed.name} would be executed: is the Scapegoat ({me.name}) executed "
            f"instead (None: no)?", player=executed.name,
            **({"suggested": suggested} if suggested else {}))
        return me if name else None
