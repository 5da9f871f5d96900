"""Summoner (Carousel, Minion).

"You get 3 bluffs. On the 3rd night, choose a player: they become an evil Demon of your
choice. [No Demon]"

How to Run: at setup the Demon is replaced by a Townsfolk (data: `setup_change.no_demon`).
On the first night the Summoner is shown 3 not-in-play characters as bluffs (the game's
bluffs, `game.bluffs`). A NIGHT 1/2/3 reminder counts the Summoner's nights. On its third
night the Summoner wakes and points at any player (alive or dead, themself too) and at a
Demon on the script: that player becomes that Demon, evil, and is woken and told ("you
are" + the Demon, thumbs down: a `learn` with `character` and `alignment: evil`). The new
Demon acts that same night (its night position comes after the Summoner's). The new Demon
and the Minions do not learn each other.

Until the summon, the game does not end for good although no Demon is in play
(`demon_pending`); once the Summoner can no longer make a Demon (dead, or drunk or
poisoned on the third night: the choice is made but nothing happens) good wins at the next
win check. "The Summoner may choose any player to become the Demon": a dead player chosen
is a dead Demon, and the summon is the engine's `demon_change` step, so the game ends at
once (good wins, before the new Demon's step); the Zombuul jinx's point `summoned_dead` is
part of the same step (a Zombuul so made is secretly alive: the game goes on).

The choice is ONE decision (`kind: night_choice`, `form: player_character`) whose options
are every {player, character} pair; a scenario writes `Eve: {player: Eve, character:
zombuul}`. The Demons offered are the implemented Demons on the script.

Summoning Lil' Monsta (a Demon no player holds): Lil' Monsta enters play as a free
ability; the chosen player keeps their character, turns evil and babysits Lil' Monsta
tonight (their choice stands for this night: the Lil' Monsta acts tonight only by its
"a player might die" step; from the next night the Minions choose the babysitter).

Jinxes: Alchemist: the jinx points `bluffs` (an Alchemist-Summoner gets none) and
`storyteller_places` (the holder chooses the Demon with a character choice, the Storyteller
the player: keyed decision `summoner.player`). Zombuul (`clocktower/jinxes/summoner_zombuul.py`,
at the jinx point `summoned_dead`): a dead player made the Zombuul counts as having died once (the Zombuul
module's `summoned_while_dead`). Hooks for the later ones: `summon_window` (Pukka: may
summon on night 2), Kazali (a second living Demon) needs nothing here. Courtier: the jinx
point `storyteller_summons` (jinxes/summoner_courtier.py: the Storyteller takes over a
living Summoner without an ability).
"""
from __future__ import annotations

from itertools import combinations

from .. import data as D
from ..engine.ability import Ability, State
from ..engine.decisions import Choice
from ..engine.jinx import adjusted


class Summoner(Ability):
    id = "summoner"
    kind = "transformation"
    start = State(0)      # the night its counter starts
    spent = State(False)

    def __init__(self, game, player):
        super().__init__(game, player)
        # The Summoner's own NIGHT 1 is the first night it sees (a Summoner made mid-game
        # counts from its first night).
        self.start = game.night + (0 if game.phase == "night" else 1)
        self.spent = False

    # ---- the night counter --------------------------------------------------------------
    def counter(self) -> int:
        """Which of the Summoner's nights it is now (1, 2, 3, ...)."""
        return self.game.night - self.start + 1

    def summon_window(self) -> tuple[list[str], bool] | None:
        """(Demons that may be summoned tonight, optional?) or None: no summon tonight.

        Night 3: any Demon on the script, not optional. Night 2: what the jinx point
        `night_two_demons` allows, optional (the Pukka jinx: the Pukka).
        """
        if self.spent:
            return None
        if self.counter() == 2:
            # Jinx point `night_two_demons` (the Pukka jinx): Demons that may be summoned
            # on night 2 instead, optionally.
            early = adjusted(self, "night_two_demons", [])
            return (early, True) if early else None
        if self.counter() != 3:
            return None
        return self.demon_options(), False

    def demon_options(self) -> list[str]:
        game = self.game
        return [c for c in game.script.of_team("demon") if c in game.registry]

    def wakes(self, first: bool) -> bool:
        n = self.counter()
        if n in (1, 2, 3):
            self.reminder(f"Night {n}", self.player)
        return (n == 1 and self.gets_bluffs()) or self.summon_window() is not None

    def gets_bluffs(self) -> bool:
        """Jinx point `bluffs` (the Alchemist jinx: an Alchemist-Summoner gets none)."""
        return adjusted(self, "bluffs", True)

    def night(self, first: bool) -> None:
        if self.counter() == 1 and self.gets_bluffs():
            self.learn(self.player, characters=self.bluffs())
        window = self.summon_window()
        if window is not None:
            self.summon(*window)

    def bluffs(self) -> list[str]:
        """The game's bluffs, topped up to 3 with other not-in-play characters when the
        script has too few not-in-play good ones ("3 not-in-play characters"): one
        Storyteller decision keyed `summoner.bluffs` (a scenario writes the list)."""
        game = self.game
        out = list(game.bluffs)
        if len(out) >= 3:
            return out[:3]
        taken = {p.character for p in game.players} | {p.thinks for p in game.players}
        taken |= game.in_play_extra | set(out)
        free = [c for c in game.script.characters if c not in game.script.homebrew
                and c not in taken and D.get(c).team != "traveller"]
        k = min(3 - len(out), len(free))
        if k > 0:
            # Suggested: the combinations with the most good characters a player could
            # claim (good bluffs are the useful ones; never the Drunk when avoidable).
            options = [list(c) for c in combinations(free, k)]
            def useful(c: str) -> bool:
                return D.get(c).team in ("townsfolk", "outsider") \
                    and not (c in game.registry and game.registry[c].unaware)
            best = max(sum(useful(c) for c in o) for o in options)
            picks = game.storyteller_choice("summoner.bluffs", options,
                                            f"{k} more not-in-play characters as bluffs",
                                            suggested=[o for o in options
                                                       if sum(useful(c) for c in o) == best])
            out += picks
        game.bluffs = list(out)
        return out

    # ---- the summon ---------------------------------------------------------------------
    def summon(self, demons: list[str], optional: bool) -> None:
        game, me = self.game, self.player
        if not demons:
            return
        if adjusted(self, "storyteller_places", False):
            self._summon_character_only(demons, optional)
            return
        options: list = [None] if optional else []
        options += [{"player": p.name, "character": c} for p in game.players for c in demons]
        works = self.functioning
        # Jinx point: the Courtier jinx has the Storyteller summon for a living Summoner
        # who has no ability (clocktower/jinxes/summoner_courtier.py).
        if works or not adjusted(self, "storyteller_summons", False):
            ans = game.decide(Choice("night_choice", me.name, options,
                                     "Choose a player and a Demon: they become that evil Demon.",
                                     {"ability": self.id, "player": me.name,
                                      "form": "player_character"}))
        else:
            ans = game.storyteller_choice("summoner", options,
                                          "The Storyteller summons in the Summoner's place.")
            works = True
        if ans is None:
            self.declined(me)
            return
        self.spent = True
        self.chose(me, players=[ans["player"]], character=ans["character"])
        if not works:
            self.no_effect("summon", game.by_name[ans["player"]])
            return
        self._make_demon(game.by_name[ans["player"]], ans["character"])

    def _summon_character_only(self, demons: list[str], optional: bool) -> None:
        """The holder chooses the Demon, the Storyteller the player (keyed `summoner.player`):
        a jinx point (the Alchemist jinx)."""
        game, me = self.game, self.player
        demon = game.choose_character(me, demons, ability=self, optional=optional,
                                      prompt="Choose a Demon: the Storyteller chooses who "
                                             "becomes it.")
        if demon is None:
            return
        self.spent = True
        if not self.functioning:
            self.no_effect("summon")
            return
        living = [p.name for p in game.players if p.alive and p is not me]
        name = game.storyteller_choice("summoner.player", [p.name for p in game.players],
                                       f"Who becomes the {D.get(demon).name}?",
                                       player=me.name, character=demon, suggested=living)
        self._make_demon(game.by_name[name], demon)

    def _make_demon(self, target, demon: str) -> None:
        game, me = self.game, self.player
        game.emit("summon", "storyteller", player=me.name, target=target.name,
                  character=demon)
        change = D.get(demon).setup_change
        if change and change.get("not_dealt"):
            self._summon_free(target, demon)
            return
        was_dead = not target.truly_alive
        # One step that changes who is the Demon, the jinx point included: the win rules are
        # asked when it is over (a dead player made the Zombuul is secretly alive by then).
        with game.demon_change():
            game.change_character(target, demon, alignment="evil")
            if was_dead:
                adjusted(self, "summoned_dead", target)     # jinx point (the Zombuul's)

    def _summon_free(self, target, demon: str) -> None:
        """A Demon no player holds (Lil' Monsta): it enters play; the target holds it."""
        game = self.game
        with game.demon_change():
            ab = game.make_ability(demon, None)
            game.in_play_extra.add(demon)
            game.free_abilities.append(ab)
            game.change_alignment(target, "evil")
            game.abilities_changed()
            hold = getattr(ab, "summoned_holder", None)
            if hold is not None:
                hold(target)
            else:
                game.emit("learn", [target.name], player=target.name, ability=None,
                          character=demon, alignment=target.alignment, reason="you are")

    # ---- winning ------------------------------------------------------------------------
    def demon_pending(self) -> bool:
        me = self.player
        if self.spent or me is None or not me.truly_alive:
            return False
        return self.counter() <= 3
