"""Marionette & Summoner: "The Marionette neighbours the Demon. If the Summoner is in play,
the Marionette enters play only after the Summoner summons the Demon." (Reference
paraphrase: a Marionette, if there would be one, enters play only after the Demon does, and
must start seated next to that Demon.)

A Marionette drawn with the Summoner (no Demon is dealt) is not seated at setup: it is in
play as a token nobody holds. When the summoned Demon enters play, the Storyteller makes one
of its good neighbours the Marionette (key `marionette`; a good player not believing
another character): they are not told and keep believing their old character (the
Marionette's `on_character_change`), and the Demon learns them that night (a Marionette
made mid-game acts as on a first night). With no such neighbour, no Marionette enters.
"""
from __future__ import annotations

from .. import data as D
from ..engine.jinx import Jinx


class MarionetteSummoner(Jinx):
    pair = ("marionette", "summoner")

    def on_character_change(self, player, old, new) -> None:
        game = self.game
        if D.get(new).team != "demon":
            return
        token = next((a for a in game.free_abilities
                      if a.id == "marionette" and a.player is None and a.active), None)
        if token is None:
            return
        beside = [q for q in game.neighbours(player, alive_only=False)
                  if q is not None and q is not player and not q.traveller
                  and q.thinks is None and D.get(q.character).team in ("townsfolk", "outsider")
                  and q.character not in ("drunk", "lunatic")]
        if not beside:
            return
        name = game.storyteller_choice("marionette", [q.name for q in beside],
                                       "Which good neighbour of the summoned Demon is the "
                                       "Marionette?", player=player.name)
        game.revoke(token)
        game.in_play_extra.discard("marionette")
        game.change_character(game.by_name[name], "marionette", alignment="evil", tell=False)
