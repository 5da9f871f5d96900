"""Vizier & Politician (reference/jinxes.md #27): the Politician may register as evil to
the Vizier.

A registration like the Recluse's or the Spy's, offered by the jinx (`registrations`): when
the Vizier asks whether good voted, a good Politician among the voters may register as
evil, as the Storyteller chooses (a `register` decision with purpose `vizier`). A scenario
writes it as any registration, `registers: {Fay: {alignment: evil}}`, or with the jinx's
own key `vizier.politician: good | evil` (`registration_key`).
"""
from __future__ import annotations

from ..engine.jinx import Jinx


class VizierPolitician(Jinx):
    pair = ("vizier", "politician")
    registration_key = "vizier.politician"

    def registrations(self, player, purpose):
        if purpose == "vizier" and player.character == "politician" \
                and player.alignment == "good":
            return [("politician", "evil")]
        return []
