"""Evil Twin (Minion).

"You & an opposing player know each other. If the good player is executed, evil wins. Good
can't win if you both live."

How to Run: while setting up, the Storyteller chooses the Good Twin, a player of the other
alignment (a TWIN reminder; setup key `eviltwin`, also written `evil_twin`). During the
first night both Twins wake and learn each other: the Good Twin is shown the Evil Twin and
the Evil Twin token, the Evil Twin is shown the Good Twin and their character. While both
Twins are alive, the good team cannot win. If the good-aligned Twin is executed, evil wins.

Rulings:
- What matters is alignment: a good Evil Twin has an evil twin, and executing the good one
  (the Evil Twin's own player then) makes evil win. The execution counts even if the
  executed twin does not die.
- A dead Evil Twin has no ability: executing the Good Twin later does nothing, and good can
  win again. A drunk or poisoned Evil Twin neither blocks good's win nor wins by the
  execution (`Game.in_force`); while the Evil Twin's own execution triggers it (a good Evil
  Twin executed), its death does not stop it.
- "Good can't win" is a veto of a proposed good win (`veto_outcome`, before the Heretic's
  flip: see `heretic.py`); the game goes on (an `outcome_vetoed` event each time a good win
  is proposed) until one twin dies.
- If both Twins are of the same alignment (an alignment changed), the Storyteller chooses a
  new twin at the next dusk or dawn (`eviltwin`, a night step's Storyteller key), and the
  two learn each other at once. So does an Evil Twin made mid-game, on its first night.
- In bot games the veto can outlast the Demon by many days: nobody dies at night and the
  random bots execute slowly when few are alive, up to the runner's 40-day limit in (by
  extrapolation) fewer than one game in a million (docs/architecture.md, The day limit). Left as it is: the rules
  give the Storyteller no way to end it, and the bots use no information by design.
- Twins must neighbour nobody in particular; the automatic Storyteller suggests a player
  who is not a Traveller ("rarely a good idea").
"""
from __future__ import annotations

from .. import data as D
from ..engine.ability import State
from ..engine.outcome import Outcome
from ._info import Information


class EvilTwin(Information):
    id = "eviltwin"
    kind = "ending"
    outcome_reasons = {"eviltwin": "the good twin was executed while the Evil Twin lived: "
                                   "evil wins"}

    # ---- the twin ------------------------------------------------------------------------
    twin_name: State[str | None] = State(None)   # the twin; unset until chosen
    def twin(self):
        name = self.twin_name
        return self.game.by_name.get(name) if name else None

    def _choose_twin(self) -> bool:
        """Choose a twin of the other alignment; True if one was chosen."""
        game, me = self.game, self.player
        others = [p.name for p in game.players if p is not me and p.alignment != me.alignment]
        if not others:
            self.twin_name = None
            return False
        suggested = [n for n in others if not game.by_name[n].traveller] or others
        self.twin_name = game.storyteller_choice(
            "eviltwin", others, "Who is the Evil Twin's twin (a player of the other alignment)?",
            player=me.name, suggested=suggested)
        self.reminder("Twin", self.twin_name)
        return True

    def _needs_twin(self) -> bool:
        t = self.twin()
        return t is None or t.alignment == self.player.alignment

    def on_setup(self) -> None:
        self._choose_twin()

    def _rechoose(self) -> None:
        me = self.player
        if me is None or not me.alive or not self.has(EvilTwin.twin_name) or not self._needs_twin():
            return
        if self._choose_twin():
            self._tell_both()

    def on_dusk(self) -> None:
        self._rechoose()

    def on_dawn(self) -> None:
        self._rechoose()

    # ---- first night: the twins learn each other ------------------------------------------
    def woken(self, first: bool) -> list:
        # A twin still to be chosen (made mid-game, or no longer of the other alignment) is
        # woken once chosen, in `night`: not the old one.
        t = None if self._needs_twin() else self.twin()
        return [self.player] + ([t] if t is not None else [])

    def night(self, first: bool) -> None:
        if not self.has(EvilTwin.twin_name) or self._needs_twin():   # made mid-game, or mismatched
            if not self._choose_twin():
                return
            if self.twin_name is not None:      # chosen: `_choose_twin` set it
                self.wake(self.twin_name)
        self._tell_both()

    def _tell_both(self) -> None:
        game, me, t = self.game, self.player, self.twin()
        if t is None:
            return
        world = self.world(twin=t.name)
        chars = list(game.script.characters)

        def false_for(who):
            return lambda: [{"players": [q.name], "character": c}
                            for q in game.players if q is not who for c in chars]
        game.tell(me, self.truths(world, me.name), false_for(me), self)
        game.tell(t, self.truths(world, t.name), false_for(t), self)

    def truths(self, world, player=None) -> list[dict]:
        """The Evil Twin is shown their twin and the twin's character; the twin is shown
        the Evil Twin and the Evil Twin token."""
        me = self.player.name
        who = self.holder(player)
        twin = world.mark(me, "twin")
        if twin is None:
            return []
        if who == me:
            return [{"players": [twin], "character": world.player(twin).character}]
        if who == twin:
            return [{"players": [me], "character": self.id}]
        return []

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        if len(info.get("players", ())) == 1 and "character" in info:
            return f"your twin is {info['players'][0]}, the {D.get(info['character']).name}"
        return None

    # ---- good can't win while both live ---------------------------------------------------
    def _pair_opposed(self):
        t = self.twin()
        if t is None or t.alignment == self.player.alignment:
            return None
        return t

    def veto_outcome(self, outcome: Outcome) -> bool:
        t = self._pair_opposed()
        return (outcome.winner == "good" and t is not None and self.player.truly_alive
                and t.truly_alive and self.game.in_force(self))

    # ---- the good twin executed -----------------------------------------------------------
    def on_executed(self, executed, died: bool) -> None:
        # Died or not: the engine checks the base win only after this (`Game.execute`).
        self._executed(executed)

    def _executed(self, p) -> None:
        game, me = self.game, self.player
        t = self._pair_opposed()
        if t is None or p not in (me, t) or p.alignment != "good":
            return
        if not game.in_force(self, even_if_dead=p is me):
            self.no_effect("win", target=p)
            return
        self.triggered(target=p)
        game.end(Outcome("evil", "eviltwin",
                         f"the good twin ({p.name}) was executed while the Evil Twin lived",
                         self.id))
