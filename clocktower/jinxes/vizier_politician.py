"""Vizier & Politician (reference/jinxes.md #27): the Politician may register as evil to
the Vizier.

Jinx point `voter_alignment` of the Vizier ("if good voted"): a good Politician among the
voters registers as good or evil, as the Storyteller chooses (keyed `vizier.politician`,
`good` or `evil`).
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class VizierPolitician(Jinx):
    pair = ("vizier", "politician")

    def adjust(self, ability, point, value):
        if ability.id == "vizier" and point == "voter_alignment" \
                and value["voter"].character == "politician" and value["alignment"] == "good":
            said = self.game.storyteller_choice(
                "vizier.politician", ["good", "evil"],
                f"Does {value['voter'].name} (the Politician) register as good or evil to "
                "the Vizier?", player=value["voter"].name)
            return {**value, "alignment": said}
        return value
