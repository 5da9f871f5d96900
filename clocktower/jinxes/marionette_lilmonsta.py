"""Marionette & Lil' Monsta: "The Marionette neighbours the Demon. If Lil' Monsta is in play,
the Marionette enters play only after Lil' Monsta does." (Reference paraphrase: a
Marionette, if there would be one, enters play only after the Demon does, and must start
seated next to that Demon.)

With Lil' Monsta "the Demon" is whoever babysits it. A Marionette drawn with Lil' Monsta is
not seated at setup (no Demon is dealt): it is in play as a token nobody holds. On night 1,
once the Minions have chosen the first babysitter (Lil' Monsta's jinx point
`babysitter_chosen`), the Storyteller makes one of the babysitter's good neighbours the
Marionette (key `marionette`; a good player, not a Traveller, not believing another
character, whose character is not itself a belief): they are not told and keep believing
their character (the Marionette's `on_character_change`), and the babysitter, who "is the
Demon", learns them at the Marionette's step that night (a Marionette made mid-game acts as
on a first night, after Lil' Monsta's step). Ruling: the Marionette enters with Lil'
Monsta or never: with no such neighbour of the first babysitter, the token leaves play and
no Marionette enters (later babysitters do not make one).
"""
from __future__ import annotations

from .. import data as D
from ..engine.jinx import Jinx

# Characters that are themselves a belief: a Marionette cannot be made of them.
BELIEFS = ("drunk", "lunatic", "marionette")


class MarionetteLilMonsta(Jinx):
    pair = ("marionette", "lilmonsta")

    def adjust(self, ability, point, value):
        if ability.id != "lilmonsta" or point != "babysitter_chosen":
            return value
        game = self.game
        token = next((a for a in game.free_abilities
                      if a.id == "marionette" and a.player is None and a.active), None)
        if token is None:
            return value
        sitter = value
        beside = [q for q in game.neighbours(sitter, alive_only=False)
                  if q is not None and q is not sitter and not q.traveller
                  and q.thinks is None and q.alignment == "good"
                  and D.get(q.character).team in ("townsfolk", "outsider")
                  and q.character not in BELIEFS]
        game.revoke(token)
        game.in_play_extra.discard("marionette")
        if not beside:
            return value
        names = list(dict.fromkeys(q.name for q in beside))
        name = game.storyteller_choice("marionette", names,
                                       "Which good neighbour of Lil' Monsta's babysitter is "
                                       "the Marionette?", player=sitter.name)
        game.change_character(game.by_name[name], "marionette", alignment="evil", tell=False)
        return value
