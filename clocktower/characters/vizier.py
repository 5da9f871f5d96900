"""Vizier (The Return of Jafar, Minion).

"All players know you are the Vizier. You can not die during the day. If good voted, you
may choose to execute immediately."

How to Run: when the first night has ended, the Storyteller declares that the Vizier is in
play and who it is: at the start of day 1 every player is shown `{players: [Dan],
character: vizier}` (a `learn` event each), unless a jinx hides it. During the day the
Vizier cannot die by any means (a `protects` hook by day). After a vote is tallied the
Vizier may choose to execute that nominee at once (`ability: {by: Dan, character: vizier,
target: Eve}`, right after Eve's nomination): if at least one good player voted, the
nominee is executed now, whatever the tally; this is the day's one execution. If no good
player voted, nothing happens.

Rulings:
- The window is from a nomination's tally until the next nomination (or the day's end):
  only the latest nominee may be executed, once.
- "Good voted" asks each voter's registration (a Spy may register as good, a Recluse as
  evil, as the Storyteller chooses; a jinx may offer more: the Politician's) to the Vizier.
- A drunk or poisoned Vizier may use it: nothing happens. A drunk or poisoned Vizier can
  die by day (no ability), unless a jinx says otherwise (the Courtier jinx).
- A dead Vizier has no ability, unless the Vigormortis killed them: a kept Vizier may
  still execute immediately.
- A player who becomes the Vizier later (a Barber swap) is announced the next day: all
  players know who the Vizier is.
"""
from __future__ import annotations

from ..engine.ability import Ability, State
from ..engine.jinx import adjusted


class Vizier(Ability):
    id = "vizier"
    kind = "killing"

    # ---- "All players know you are the Vizier" -------------------------------------------
    announced: State[str | None] = State(None)
    used: State[tuple[int, int] | None] = State(None)   # (day, nominations) of its last use
    def on_day_start(self) -> None:
        game, me = self.game, self.player
        if me is None or self.announced == me.name:
            return
        self.announced = me.name
        if not adjusted(self, "announce", True):
            return
        for p in game.players:
            self.learn(p, players=[me.name], character=self.id)

    # ---- "You can not die during the day" ------------------------------------------------
    def protects(self, target, cause, by) -> bool:
        game = self.game
        if target is not self.player or game.phase != "day":
            return False
        if not self.functioning and not adjusted(self, "immune_without_ability", False):
            return False
        return adjusted(self, "day_protection", {"cause": cause, "protected": True})["protected"]

    # ---- "If good voted, you may choose to execute immediately" ------------------------
    def _latest(self) -> dict | None:
        game = self.game
        me = self.player
        if game.phase != "day" or game.day_over or me is None:
            return None
        if not me.alive and not game.in_force(self):    # dead: only if kept (Vigormortis)
            return None
        noms = game.nominations_today
        if not noms or self.used == (game.day, len(noms)):
            return None
        return noms[-1]

    def day_options(self) -> list[dict]:
        nom = self._latest()
        return [{"target": nom["target"]}] if nom is not None else []

    def on_vote_tallied(self, nominee, voters) -> None:
        if self.day_options():
            self.game.prompt_now.append(self.player)    # bots: now or never

    def day_ability(self, args: dict) -> None:
        game = self.game
        nom = self._latest()
        assert nom is not None          # day_options checked by the engine
        self.used = (game.day, len(game.nominations_today))
        target = game.player(args["target"])
        if not self.functioning:
            self.no_effect("execution", target=target)
            return
        if adjusted(self, "immune", {"target": target, "immune": False})["immune"]:
            self.no_effect("immune", target=target)
            return
        good = False
        for name in nom["voters"]:
            voter = game.by_name[name]
            if game.registration(voter, self.id)[1] == "good":
                good = True
                break
        if not good:
            self.no_effect("no_good_vote", target=target)
            return
        self.triggered(target=target)
        game.execute(target, nom["votes"])

    # ---- words ----------------------------------------------------------------------------
    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        if set(args) == {"target"}:
            return f"chooses to execute {args['target']} immediately (as the Vizier)"
        return None

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        if info.get("yes") is False and not info.get("players"):
            return "you have lost your ability (the Vizier)"
        if info.get("character") == "fearmonger" and info.get("players"):
            return f"the Fearmonger chose {info['players'][0]}"
        if info.get("character") == "vizier" and info.get("players"):
            return f"{info['players'][0]} is the Vizier"
        return None
