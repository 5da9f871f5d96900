"""Pukka (The Return of Jafar, Demon).

"Each night, choose a player: they are poisoned. The previously poisoned player dies then
becomes healthy."

How to Run: each night, the first included, the Pukka chooses a player, who is poisoned at
once (a lasting POISONED reminder, tied to the Pukka's ability). Each night except the
first, just after that choice, the player poisoned earlier dies (cause `demon`), then
becomes healthy (their POISONED reminder is removed, whether or not they died: a
protected player is healthy again too).

Rulings:
- A drunk or poisoned Pukka's choice poisons nobody, so nobody dies of it the next night.
- A victim poisoned while the Pukka was sober waits while the Pukka is drunk or poisoned
  (they stay marked, not poisoned in effect: the poison's source does not work) and dies on
  the first night the Pukka is sober and healthy again, just after that night's choice.
- The Pukka may choose the player it poisoned the night before: that player dies (they
  are the previously poisoned player), and the new poison ends with their death's reminder.
- "Players that the Pukka kills are still poisoned at their time of death ... keep the
  POISONED reminder by the DEAD reminder until their death ability is resolved" (the
  almanac). The victim is poisoned as they die (`on_death` reactions see it: a Barber gives
  no haircuts) and stays poisoned, dead, until what their death triggered is resolved: the
  Pukka's poison on them (tonight's too, if the Pukka chose them again) is marked
  `through_death`, which the engine keeps active on the dead player only while an ability
  they hold says its death is unresolved (`Ability.resolving_death`: a Ravenkeeper until
  woken, who may then be shown anything; a Klutz until they choose, whose choice then does
  nothing; a Barber whose haircuts are still to come). Then they are healthy ("dies then
  becomes healthy"); a victim with no such ability at once.
"""
from __future__ import annotations

from ..engine.ability import Ability, StateList
from ..engine.state import Effect


class Pukka(Ability):
    id = "pukka"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"kill": None, "droison": "many"}
    victims: StateList[str] = StateList()   # poisoned, not yet killed (oldest first)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        # Victims poisoned on earlier nights and not yet killed (names, oldest first).
        waiting: list[str] = self.victims
        target = game.choose_players(me, 1, ability=self)
        new: Effect | None = None
        if target:
            new = Effect("poisoned", target[0], self, data={"pukka": game.night})
            if not game.add_effect(new, by=self):
                new = None
        earlier = list(waiting)
        if earlier and self.functioning:
            waiting.clear()
            for name in earlier:
                victim = game.by_name[name]
                old = [e for e in victim.effects if e.source is self
                       and e.data.get("pukka", game.night) < game.night]
                was_alive = victim.truly_alive
                try:
                    game.kill(victim, "demon", me, source=self)
                finally:
                    if was_alive and not victim.truly_alive:
                        # Dies, then becomes healthy once what the death triggered is
                        # resolved: the poison lasts through the death (`through_death`).
                        for e in victim.effects:
                            if e.source is self:
                                e.data["through_death"] = True
                    else:
                        victim.effects = [e for e in victim.effects if e not in old]
        if new is not None:
            waiting.append(new.target.name)
