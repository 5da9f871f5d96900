"""Alchemist & Marionette: "An Alchemist-Marionette has no Marionette ability & the
Marionette is in play." (Reference paraphrase: an Alchemist whose Minion ability would be
the Marionette gets no ability at all, and a real Marionette is in play.)

- Jinx point `minions` of the Alchemist: the Marionette is among the Minions the
  Storyteller may give the Alchemist only while a Marionette is in play.
- Jinx point `has_minion_ability`: an Alchemist-Marionette is told "Marionette" on the
  first night (the Alchemist's own step) but gains no ability.
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class AlchemistMarionette(Jinx):
    pair = ("alchemist", "marionette")

    def adjust(self, ability, point, value):
        if ability.id != "alchemist":
            return value
        if point == "minions" and not self.game.in_play("marionette"):
            return [c for c in value if c != "marionette"]
        if point == "has_minion_ability" and ability.declared("minion") == "marionette":
            return False
        return value
