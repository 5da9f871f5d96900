"""Drunk (Trouble Brewing, Outsider).

"You do not know you are the Drunk. You think you are a Townsfolk character, but you are not."

How to Run: the Drunk is dealt a Townsfolk token that is not in play and is treated as that
Townsfolk, always drunk: woken when it would wake, shown what the Storyteller chooses
(true or false). Information about the player shows the Drunk, not the Townsfolk.

Ruling: the drunkenness is the Drunk's. A Drunk who becomes another character (the Fang Gu
jumps into them) is sober (`Game.change_character` ends it); a swap moves it with the
Drunk character.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.state import Effect


class Drunk(Ability):
    id = "drunk"
    kind = "deception"
    unaware = True        # the holder believes another character
    believes = ("townsfolk",)    # of one of these teams
    priority = -10      # become the believed Townsfolk before other setup hooks look

    def on_setup(self) -> None:
        game, me = self.game, self.player
        if me.thinks is None:
            taken = {p.character for p in game.players} | {p.thinks for p in game.players}
            options = [c for c in game.script.of_team("townsfolk")
                       if c not in taken and c in game.registry]
            if not options:
                return
            me.thinks = game.storyteller_choice("drunk", options,
                                                "Which Townsfolk does the Drunk think they are?",
                                                player=me.name)
        # The Drunk character's own drunkenness: it goes where the character goes
        # (`with_character`: a swap moves it, a change of character ends it).
        me.effects.append(Effect("drunk", me, self, needs_source=False,
                                 data={"with_character": True}))
        believed = game.believe(me, me.thinks, source=self)
        self.thinks_reminder(me, me.thinks)
        if "on_setup" in believed.overrides:
            believed.on_setup()
