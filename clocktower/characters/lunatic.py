"""Lunatic (Bad Moon Rising, Outsider).

"You think you are a Demon, but you are not. The Demon knows who you are & who you choose
at night."

How to Run: the Lunatic is dealt as an Outsider and believes they are a Demon the
Storyteller chooses (the in-play Demon, usually; `storyteller: {lunatic: imp}`, or `thinks:`
in a written grimoire), through `Game.believe` like the Drunk: that Demon's ability is held
first and is never in force, so its "kills" do nothing. On the first night, with 7 or more
players, the Lunatic wakes as the Demon would at Demon info: shown as many players as there
are Minions in play (any players: `lunatic.minions`) and three good characters as bluffs
(any, even in play: `lunatic.bluffs`); it is a row of the evil-info table
(`engine/evilinfo.py`). At the Lunatic's own step the real Demon is shown who the Lunatic is
(first night: `{players: [Bob], character: lunatic}`), and each night the believed Demon acts
(it has no place of its own in the night order: `acts_within`): the Lunatic chooses as that
Demon would, nothing happens, and the real Demon is shown the players the Lunatic chose
(`{players: [...]}`) before it acts itself.

Rulings: the Demon learns the Lunatic at any player count (it is the Lunatic's ability, not
Demon info); only the fake Minions and bluffs need 7+ players. The Demon's knowledge comes
from the Lunatic's ability: a drunk or poisoned Lunatic's Demon may be shown anything. The
Lunatic is never made to believe it is Lil' Monsta (no player is Lil' Monsta: the Minions
babysit it) or the Kazali (whose first night makes Minions): the Storyteller chooses among
the script's other implemented Demons.
"""
from __future__ import annotations

from itertools import combinations

from .. import data as D
from ..engine.ability import Ability
from ._info import Information

NOT_BELIEVED = ("lilmonsta", "kazali")


class Lunatic(Information):
    id = "lunatic"
    kind = "deception"
    unaware = True        # the holder believes another character
    believes = ("demon",)    # of one of these teams
    priority = -10      # believe before other setup hooks look

    # ---- setup ---------------------------------------------------------------------------
    def on_setup(self) -> None:
        game, me = self.game, self.player
        if me.thinks is None:
            options = [c for c in game.script.characters
                       if D.get(c).team == "demon" and c in game.registry
                       and c not in NOT_BELIEVED]
            if not options:
                return
            real = sorted({p.character for p in game.players
                           if D.get(p.character).team == "demon"} & set(options))
            me.thinks = game.storyteller_choice("lunatic", options,
                                                "Which Demon does the Lunatic think they are?",
                                                player=me.name, suggested=real or None)
        self.take_belief(me.thinks)

    def take_belief(self, demon: str) -> None:
        game, me = self.game, self.player
        believed = game.believe(me, demon, source=self)
        believed.acts_within = self.id
        game.abilities_changed()
        self.thinks_reminder(me, me.thinks)

    def believed(self) -> Ability | None:
        me = self.player
        return next((a for a in me.held if a.origin == "believed" and a.source is self
                     and a.active), None)

    # ---- evil info: the Lunatic wakes as the Demon ---------------------------------------
    def evil_info(self, table) -> None:
        if table.step != "demoninfo" or self.believed() is None or not self.player.alive:
            return
        from ..engine.evilinfo import Row
        game, me = self.game, self.player
        k = sum(1 for p in game.players if D.get(p.character).team == "minion")
        others = [p.name for p in game.players if p is not me and not p.traveller]
        minions: list = []
        if k:
            minions = game.storyteller_choice(
                "lunatic.minions", [list(c) for c in combinations(others, min(k, len(others)))],
                "Whom does the Lunatic see as their Minions?", player=me.name) or []
        good = [c for c in game.script.characters if c not in game.script.homebrew
                and D.get(c).team in ("townsfolk", "outsider") and c != self.id]
        # Suggested: bluffs as a Demon's would be (docs/storyteller.md): good characters
        # not in play that a player could claim, apart from the real Demon's bluffs when
        # there are enough (the Lunatic and the Demon would otherwise claim alike).
        k = min(3, len(good))
        taken = {p.character for p in game.players} | {p.thinks for p in game.players} \
            | game.in_play_extra
        free = [c for c in good if c not in taken
                and not (c in game.registry and game.registry[c].unaware)]
        apart = [c for c in free if c not in game.bluffs]
        pool = apart if len(apart) >= k else free
        suggested = [list(c) for c in combinations(pool, k)] if len(pool) >= k else None
        bluffs = game.storyteller_choice(
            "lunatic.bluffs", [list(c) for c in combinations(good, k)],
            "Which three good characters does the Lunatic see as bluffs?",
            player=me.name, **({"suggested": suggested} if suggested else {})) or []
        table.add_row(Row(me, [game.by_name[n] for n in minions], characters=list(bluffs)))

    # ---- night ---------------------------------------------------------------------------
    def woken(self, first: bool) -> list:
        """Night 1: the real Demon is woken to be shown the Lunatic (the Lunatic's own
        waking as the Demon is its Demon's, announced when that acts, as on later nights)."""
        me = self.player
        if first:
            return [p for p in self.game.players if p is not me and p.alive
                    and D.get(p.character).team == "demon"]
        return []

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        demons = [p for p in game.players if p is not me and p.alive
                  and D.get(p.character).team == "demon"]
        if first:
            world = self.world()
            for d in demons:
                self.show(d, world)
        believed = self.believed()
        if believed is None or not self._acts(believed, first) or not believed.wakes(first):
            return
        believed.wake(me)
        start = len(game.log)
        believed.night(first)
        chosen: list[str] = []
        for ev in game.log[start:]:
            if ev.get("type") == "choice" and ev.get("player") == me.name:
                chosen = list(ev.get("players") or [])
        # CHOSEN reminders: the Storyteller records the choice as the Lunatic's (not shown
        # to the Lunatic, who saw their choice as the Demon's).
        self.chose(me, "storyteller", players=chosen)
        world = self.world(choice=chosen)
        for d in demons:
            if d.alive:
                self.show(d, world)

    def _acts(self, believed: Ability, first: bool) -> bool:
        """Does the believed Demon have a step tonight (ignoring `acts_within`)?"""
        data = believed.data
        return bool(data.first_night if first else data.other_night)

    def truths(self, world, player=None) -> list[dict]:
        """Shown to a Demon: who the Lunatic is (no choice tonight in `world`), or the
        players the Lunatic chose tonight (`world.choices`). The Lunatic is shown nothing
        by this ability."""
        me = self.player.name
        if player is None or player == me or not world.is_demon(player):
            return []
        if me in world.choices:
            return [{"players": list(world.choices[me])}]
        return [{"players": [me], "character": self.id}]

    def show(self, demon, world) -> None:
        """Tell the real Demon (as reliable as the Lunatic's ability)."""
        game = self.game
        truths = self.truths(world, demon.name)
        if not truths:
            return
        names = [p.name for p in game.players if p is not demon]
        if "character" in truths[0]:
            lies: list[dict] = [{"players": [n], "character": self.id} for n in names]
        else:
            lies = [{"players": [n]} for n in names] + [{"players": []}]
        game.tell(demon, truths, lambda: lies, ability=self)

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        players = info.get("players")
        if set(info) != {"players"} or not isinstance(players, list):
            return None                 # "<player> is the Lunatic"
        if not players:
            return "the Lunatic chose nobody"
        return f"the Lunatic chose {', '.join(players)}"
