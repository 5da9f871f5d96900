"""Rules that more than one jinx states word for word (the jinx modules subclass them and
name their pair; this module, its name starting with `_`, registers no jinx)."""
from __future__ import annotations

from ..engine.jinx import Jinx


class VizierNotDeclared(Jinx):
    """"The Storyteller does not declare the Vizier is in play." (the Vizier's jinxes with
    the Alsaahir and the Investigator): the Vizier's jinx point `announce` is refused, so
    there is no reveal on day 1 (nor later)."""

    def adjust(self, ability, point, value):
        if ability.id == "vizier" and point == "announce":
            return False
        return value
