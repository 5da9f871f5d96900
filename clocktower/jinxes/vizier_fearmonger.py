"""Vizier & Fearmonger (reference/jinxes.md #25): the Vizier wakes with the Fearmonger,
learns whom the Fearmonger picks, and may not use their immediate execution on that player.

The jinx has its own step just after the Fearmonger's in the night order: each living
Vizier is woken and shown the player the Fearmonger chose tonight (a `learn` event
`{ability: vizier, players: [Eve]}`). The Vizier's immediate execution of the Fearmonger's
current pick is immune (jinx point `immune` of the Vizier): announced, and nothing happens.
"""
from __future__ import annotations

from typing import Any

from .. import data as D
from ..engine.ability import State
from ..engine.jinx import Jinx


class VizierFearmonger(Jinx):
    pair = ("vizier", "fearmonger")
    pick: State[str | None] = State(None)

    def night_position(self, first: bool) -> Any:
        d = D.get("fearmonger")
        pos = d.first_night if first else d.other_night
        return pos + 0.25 if pos else 0

    def _pick(self) -> str | None:
        """Whom a Fearmonger chose tonight (the latest choice), if anyone."""
        game = self.game
        for ev in reversed(game.log):
            if ev["type"] == "night" and ev["number"] == game.night:
                return None
            if ev["type"] == "choice" and ev.get("ability") == "fearmonger" \
                    and ev["phase"] == "night" and ev["number"] == game.night:
                return ev["players"][0]
        return None

    def _viziers(self) -> list:
        return [p for p in self.game.players if p.alive
                and any(ab.id == "vizier" and ab.origin != "believed" for ab in p.held)]

    def wakes(self, first: bool) -> bool:
        return self._pick() is not None and bool(self._viziers())

    def woken(self, first: bool) -> list:
        return []       # woken in `night`, for the Vizier's ability (a jinx has no id)

    def night(self, first: bool) -> None:
        pick = self._pick()
        if pick is None:
            return
        self.pick = pick
        for p in self._viziers():
            vizier = next(ab for ab in p.held if ab.id == "vizier" and ab.origin != "believed")
            vizier.wake(p)
            vizier.learn(p, players=[pick], character="fearmonger")

    def adjust(self, ability, point, value):
        if ability.id == "vizier" and point == "immune" \
                and value["target"].name == self.pick:
            return {**value, "immune": True}
        return value
