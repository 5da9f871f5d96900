"""Marionette (Carousel, Minion).

"You think you are a good character, but you are not. The Demon knows who you are.
[You neighbor the Demon]"

How to Run: the Marionette token is not put in the bag; a Townsfolk token is added instead
(setup change `neighbours_demon` + `not_dealt`, `engine/setup.py`). Once everyone is seated,
the Storyteller marks a good player beside the Demon as the Marionette (`setup.marionette`,
this class's `take_seat`): that player is the evil Marionette and believes the token they
drew (`Game.believe`, as the Drunk: that ability is never in force; they wake when it would
and may be shown anything). The Marionette does not wake at Minion info and the other Minions
are not shown them; the Demon is not shown them at Demon info either, but at the
Marionette's own step on night 1: `{players: [Bob], character: marionette}` (as reliable as
the Marionette's ability). The Marionette registers as evil and as a Minion (its true
character).

Rulings: "beside the Demon" counts the dealt players (Travellers, who join outside the deal
and sit after them in a random setup, are skipped and keep their tokens). The Marionette is
chosen among good players beside a Demon whose drawn token is a
Townsfolk or Outsider that does not itself make a belief (not the Drunk, not the Lunatic);
when no neighbour fits, a fitting good player and the neighbour swap tokens before the
setup event (a different deal). Since the believed token was drawn from the bag, its own
setup change was applied with the bag (the Balloonist's and the Huntsman's jinxes: a
Marionette who thinks they are the Balloonist may have added an Outsider; as the Huntsman,
the Damsel is in play). With three Minions the How to Run swaps a good player into a Minion
on night 1 so that one Minion token is dealt; here a Demon has two neighbours and the bag
only ever deals the other Minions, which need not neighbour the Demon, so a good neighbour
can always be made: that step is not needed.

"The Demon" the Marionette neighbours and is learnt by is a true Demon (`Game.is_demon`):
with Lil' Monsta, its babysitter (the Marionette–Lil' Monsta jinx,
clocktower/jinxes/marionette_lilmonsta.py, makes a neighbour of the first babysitter the
Marionette on night 1).
"""
from __future__ import annotations

from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING

from .. import data as D
from ._info import Information
from ..engine.jinx import adjusted

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game

# Drawn tokens the Marionette cannot believe: characters that are themselves a belief.
NOT_BELIEVED = ("drunk", "lunatic", "marionette")


class Marionette(Information):
    id = "marionette"
    kind = "deception"
    unaware = True        # the holder believes another character
    believes = ("townsfolk", "outsider")    # of one of these teams
    priority = -10      # believe before other setup hooks look

    # ---- setup ---------------------------------------------------------------------------
    @classmethod
    def take_seat(cls, game: "Game") -> bool:
        def fits(p) -> bool:
            return (not p.traveller and p.thinks is None
                    and D.get(p.character).team in ("townsfolk", "outsider")
                    and p.character not in NOT_BELIEVED)
        demons = [p for p in game.players if D.get(p.character).team == "demon"]
        # The Demon's neighbours among the dealt players (Travellers sit outside the deal
        # and keep their tokens).
        dealt = [p for p in game.players if not p.traveller]
        beside: list = []
        for d in demons:
            i = dealt.index(d)
            for q in (dealt[i - 1], dealt[(i + 1) % len(dealt)]):
                if q not in beside and q not in demons:
                    beside.append(q)
        if not beside:
            return False
        options = [q.name for q in beside if fits(q)]
        if not options:
            # No good neighbour: a fitting good player's token is dealt to a neighbour's seat
            # instead (and the neighbour's to theirs).
            movers = [p for p in game.players if fits(p)]
            if not movers:
                return False
            seat = beside[0]
            other = movers[game.rng.randrange(len(movers))]
            seat.character, other.character = other.character, seat.character
            seat.alignment, other.alignment = other.alignment, seat.alignment
            seat.held = [game.make_ability(seat.character, seat)]
            other.held = [game.make_ability(other.character, other)]
            options = [seat.name]
        name = game.storyteller_choice("setup.marionette", options,
                                       "Which good neighbour of the Demon is the Marionette?")
        p = game.by_name[name]
        p.thinks = p.character
        p.character = cls.id
        p.alignment = "evil"
        p.held = [game.make_ability(cls.id, p)]
        game.abilities_changed()
        return True

    def on_setup(self) -> None:
        game, me = self.game, self.player
        if me is None or me.thinks is None:
            return      # a Marionette token waiting to enter play (the Summoner's jinx)
        believed = game.believe(me, me.thinks, source=self)
        self.thinks_reminder(me, me.thinks)
        if "on_setup" in believed.overrides:
            believed.on_setup()

    def on_character_change(self, player, old, new) -> None:
        """Made the Marionette in play (the Kazali's pick, the Marionette–Kazali jinx): they
        were not told, and keep believing the good character they had."""
        game = self.game
        if player is not self.player or new != self.id or player.thinks is not None:
            return
        if D.get(old).team not in ("townsfolk", "outsider") or old in NOT_BELIEVED:
            return
        for ev in reversed(game.log):
            if ev["type"] == "character_change" and ev.get("player") == player.name:
                break
            if ev["type"] == "learn" and ev.get("player") == player.name \
                    and ev.get("reason") == "you are":
                return          # told who they are: a Marionette who knows it
        if player.tokens.get("learn_character_tonight"):
            return
        game.believe(player, old, source=self)
        self.thinks_reminder(player, old)

    # ---- evil info: no Minion info; the Demon learns the Marionette at its own step -----
    def evil_info(self, table) -> None:
        table.unwake(self.player)
        table.unshow(self.player)

    def woken(self, first: bool) -> list:
        return self.demons()

    def wakes(self, first: bool) -> bool:
        return first and bool(self.demons())

    def demons(self) -> list:
        me = self.player
        return [p for p in self.game.players if p is not me and p.alive
                and self.game.is_demon(p)]     # a Demon, or Lil' Monsta's babysitter

    def night(self, first: bool) -> None:
        game = self.game
        world = self.world()
        for d in self.demons():
            truths = self.truths(world, d.name)
            if not truths:
                continue
            names = [p.name for p in game.players if p is not d]
            game.tell(d, truths, partial(self._falsehoods, names, len(truths[0]["players"])),
                      ability=self)

    def truths(self, world, player=None) -> list[dict]:
        """Shown to a Demon: this player is the Marionette; while a Magician lives (the
        Magician–Marionette jinx, clocktower/jinxes/magician_marionette.py) the Demon's two
        neighbours instead, one of whom is the Marionette."""
        me = self.player.name
        if player is None or player == me or not world.is_demon(player):
            return []
        shown = [me]
        if adjusted(self, "neighbours_shown", False):
            seats = [p.name for p in world.players]
            i = seats.index(player)
            around = {seats[(i - 1) % len(seats)], seats[(i + 1) % len(seats)]} - {player}
            shown = [n for n in seats if n in around]
        return [{"players": shown, "character": self.id}]

    def _falsehoods(self, names: list[str], k: int) -> list[dict]:
        return [{"players": list(c), "character": self.id} for c in combinations(names, k)]

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        players = info.get("players")
        if isinstance(players, list) and len(players) == 2:
            return f"one of {players[0]} and {players[1]} is the Marionette"
        return None                     # "<player> is the Marionette"
