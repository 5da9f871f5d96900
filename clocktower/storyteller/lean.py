"""The lean's model's inputs (`features`), compiled with the engine core.

The automatic Storyteller reads how the game stands (`estimate.standing`: good's chance by
the lean's model) before a misregistration or a false answer whose chance depends on it:
a few times a game, each a pass over the grimoire. Interpreted, that pass was about 5% of
a 15-player game's time (docs/architecture.md, "Sixth round"); `estimate` keeps the model
and re-exports these names.
"""
from __future__ import annotations

from ..characters._common import last_day_nominees
from ..engine.game import Game

# What the lean's model reads of the grimoire and the public record (`features`), in order.
FEATURES = ("players", "alive", "living", "suspected", "endgame", "day")


def features(game: Game) -> tuple[float, ...]:
    """The lean's model's inputs (`FEATURES`), cheap to read at any moment:

    * `players`: non-Travellers seated;
    * `alive`: the share of living non-Travellers who are good, minus that share at the
      start (about -0.3..+0.3: good players dying faster than evil ones push it down);
    * `living`: the share of non-Travellers alive;
    * `suspected`: 1 when a living Demon was nominated on the last day that had
      nominations (good is on its trail), else 0;
    * `endgame`: 1 when four or fewer non-Travellers live, a Demon among them, else 0;
    * `day`: the day number (the night before day n counts as day n)."""
    players = living = good_all = good_now = 0
    for p in game.players:
        if not p.traveller:
            good = p.alignment == "good"
            players += 1
            if good:
                good_all += 1
            if p.alive:
                living += 1
                if good:
                    good_now += 1
    day = float(game.day if game.phase == "day" else game.day + 1)
    if not players or not living:
        return (float(players), 0.0, 0.0, 0.0, 0.0, day)
    by_name = game.by_name
    suspected = False
    for n in last_day_nominees(game):
        q = by_name.get(n)
        if q is not None and q.alive and game.is_demon(q):
            suspected = True
            break
    endgame = False
    if living <= 4:
        for p in game.players:
            if p.alive and not p.traveller and game.is_demon(p):
                endgame = True
                break
    return (float(players), good_now / living - good_all / players, living / players,
            1.0 if suspected else 0.0, 1.0 if endgame else 0.0, day)
