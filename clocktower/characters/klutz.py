"""Klutz (Outsider).

"When you learn that you died, publicly choose 1 alive player: if they are evil, your team
loses."

How to Run: when the Klutz is declared dead, they declare that they are the Klutz and point
at any alive player (give them time). If they choose an evil player, the game ends and the
Klutz's team loses (evil wins for a good Klutz; an evil Klutz choosing an evil player makes
good win). If they choose a good player, the game continues.

When the Klutz learns they died: at once when they die by day (an execution, the Slayer's
shot), at dawn when they die at night. From then until they have chosen, the dead Klutz has
a day action (`{target: Bob}`, an alive player; a scenario writes `ability: {by: Ann,
character: klutz, target: Bob}`). The choice is compulsory ("deliberately not doing so is
cheating"): a Klutz who has not chosen by the end of that day (an executed Klutz, whose day
is over) is asked then, a `klutz` decision of the Klutz's player (a scenario answers it
with the day step's `choices:`, an extension: docs/scenarios.md).

Rulings:
- "Evil" is how the chosen player registers to the Klutz (a Recluse might register evil, a
  Spy good): a `register` decision, written with `registers:` in a scenario.
- Whether the ability works is decided when the Klutz chooses (`in_force(..., even_if_dead=
  True)`): a Klutz drunk or poisoned then chooses publicly and nothing happens. A Klutz the
  Pukka killed is still poisoned until they have chosen (`resolving_death`, see the Pukka).
- The Klutz chooses once: a second use is a claim that does nothing.
- A player who is not the Klutz "choosing" is a pretend: announced, nothing happens.
"""
from __future__ import annotations

from ..engine.ability import Ability, State
from ..engine.outcome import Outcome, opposing


class Klutz(Ability):
    id = "klutz"
    kind = "ending"
    outcome_reasons = {"klutz": "the Klutz chose an evil player when they died: their team loses"}
    died = State(False)
    chosen: State[str | None] = State(None)   # the player chosen; unset until then

    def on_death(self, dead, cause, by) -> None:
        if dead is self.player and not self.died:
            self.died = True

    def pending(self) -> bool:
        """The Klutz has learned they died and has not chosen yet (by day only: a night
        death is learned at dawn)."""
        game = self.game
        return (bool(self.died) and not self.chosen
                and game.phase == "day" and not self.player.alive)

    def day_options(self) -> list[dict]:
        if not self.pending():
            return []
        return [{"target": p.name} for p in self.game.players if p.alive]

    def day_ability(self, args: dict) -> None:
        self.choose(self.game.player(args["target"]))

    def on_day_end(self) -> None:
        game, me = self.game, self.player
        if not self.pending():
            return
        alive = [p for p in game.players if p.alive]
        if not alive:
            return
        picked = game.choose_players(me, 1, ability=self, alive_only=True, kind="klutz",
                                     prompt="You died: publicly choose an alive player")
        if picked:
            self.claimed(picked[0])
            start = len(game.log)
            self.choose(picked[0])
            if not any(ev["visible_to"] == "all" for ev in game.log[start:]):
                self.nothing_happens(target=picked[0])

    def resolving_death(self) -> bool:
        """Dead and not yet chosen (the Pukka's poison is still on them until they choose)."""
        return bool(self.died) and not self.has(Klutz.chosen)

    def choose(self, target) -> None:
        game, me = self.game, self.player
        works = game.in_force(self, even_if_dead=True)     # before the choice resolves it
        self.chosen = target.name
        if not works:
            self.no_effect("loss", target=target)
            return
        if game.registration(target, self.id)[1] == "evil":
            self.triggered(target=target)
            game.end(Outcome(opposing(me.alignment), "klutz",
                             f"the Klutz ({me.name}) chose {target.name}, who is evil: "
                             f"{me.alignment} loses", self.id))

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        if set(args) == {"target"}:
            return f"declares they are the Klutz and chooses {args['target']}"
        return None
