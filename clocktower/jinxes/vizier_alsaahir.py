"""Vizier & Alsaahir: "The Storyteller does not declare the Vizier is in play."

Jinx point `announce` of the Vizier: no reveal on day 1 (nor later).
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class VizierAlsaahir(Jinx):
    pair = ("vizier", "alsaahir")

    def adjust(self, ability, point, value):
        if ability.id == "vizier" and point == "announce":
            return False
        return value
