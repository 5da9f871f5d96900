"""Marionette & Kazali: "The Marionette neighbours the Demon. If the Kazali is in play, the
Marionette enters play only after the Kazali chooses its Minions." (Reference paraphrase: a
Marionette, if there would be one, enters play only after the Demon does, and must start
seated next to that Demon.)

No Marionette is dealt with the Kazali (it deals no Minion at all). On night 1 the Kazali
may make one of its Minions the Marionette:

- Jinx point `minion_picks` of the Kazali: a {player, Marionette} pick is offered only for
  a good player beside the Kazali (not a Traveller, not believing another character).
- Jinx point `tells_pick`: the player made the Marionette is not woken nor told; they keep
  believing their old character (the Marionette's `on_character_change`), and the Demon
  learns them at the Marionette's step, as usual.
"""
from __future__ import annotations

from .. import data as D
from ..engine.jinx import Jinx


class MarionetteKazali(Jinx):
    pair = ("marionette", "kazali")

    def adjust(self, ability, point, value):
        if ability.id != "kazali":
            return value
        if point == "minion_picks":
            game, me = self.game, ability.player
            beside = [q for q in game.neighbours(me, alive_only=False)
                      if q is not None and not q.traveller and q.thinks is None
                      and D.get(q.character).team in ("townsfolk", "outsider")]
            names = {q.name for q in beside}
            return [o for o in value if o["character"] != "marionette" or o["player"] in names]
        if point == "tells_pick" and ability.declared("pick") == "marionette":
            return False
        return value
