"""Fang Gu (Demon).

"Each night*, choose a player: they die. The 1st Outsider this kills becomes an evil Fang
Gu & you die instead. [+1 Outsider]"

(The almanac seed's entry is garbled; this is the official ability and How to Run.)

How to Run: at setup, add an Outsider (data: `setup_change.outsiders: 1`). Each night
except the first, the Fang Gu chooses a player, who dies. The first time the Fang Gu
would kill an Outsider, that Outsider does not die: they become an evil Fang Gu (woken:
"you are" the Fang Gu, thumbs down: a `learn` with `character` and `alignment`) and the
old Fang Gu dies instead (cause `demon`, by themself). This happens once per game: the new
Fang Gu's kills of Outsiders are ordinary kills, and so are those of any Fang Gu made
later (a Scarlet Woman taking over from the new one: the log holds the jump).

Rulings:
- "Kills" means the Outsider would die: a protected Outsider (the Monk's, the Soldier who
  is an Outsider only by registration, ...) does not die, so no jump happens and the jump
  is not used up (`Game.would_die` is the would-die step without the dying).
- The old Fang Gu's death is a death like any other: it goes through the would-die step
  (`Game.would_die`), so a Fang Gu who can't die (the Innkeeper chose them; the Monk's
  SAFE, since the Fang Gu's ability kills them) does not die, and then the exchange does
  not happen: the Outsider does not become the Fang Gu (nor die) and the jump is not used
  up. This is the ruling the engine already follows for the Imp's star-pass (an Imp the
  Innkeeper chose kills themself: nothing happens, no Minion becomes the Imp): the Demon
  passes itself on by its own death, and "you die instead" cannot be only half done
  without leaving two Fang Gus.
- "Outsider" is how the player registers to the Fang Gu (a Recluse may register as a
  Minion or Demon, and then simply dies; a Spy may register as an Outsider and is jumped
  into). A dead Outsider cannot be killed: nothing happens.
- A drunk or poisoned Fang Gu kills nobody, so no jump happens either.
- The new Fang Gu does not act that night (the engine's rule for a Demon succeeding a
  Demon who dies: `Game._new_at_night`, `change_character(..., successor=True)`).
- The new Fang Gu exists before the old one dies, so when the old one dies a Demon is
  alive: the game goes on, and a Scarlet Woman stays the Scarlet Woman (the Scarlet Woman
  – Fang Gu jinx: "if two Demons would exist and one of them would be the Scarlet Woman,
  she stays the Scarlet Woman"; here her ability never sees the Demon die without another
  Demon alive).
"""
from __future__ import annotations

from ..engine.ability import Ability, State


class FangGu(Ability):
    id = "fanggu"
    kind = "killing"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"kill": None, "change": None}
    has_jumped = State(False)   # once per game (`jumped`)

    def wakes(self, first: bool) -> bool:
        return not first

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        chosen = game.choose_players(me, 1, ability=self)
        if not chosen:
            return
        target = chosen[0]
        if (target is not me and target.truly_alive and self.functioning
                and game.registers_team(target, self.id)[2] == "outsider"
                and not self.jumped()):
            # Both deaths of the exchange must be possible: the Outsider's (else no jump)
            # and then the old Fang Gu's "instead" (else nothing happens either).
            if game.would_die(target, "demon", me) and game.would_die(me, "demon", me):
                self.jump(target)
            return
        game.kill(target, "demon", me, source=self)

    def jumped(self) -> bool:
        """Has a Fang Gu jump happened this game? Once per game: a Fang Gu made later (a
        Scarlet Woman taking over from the jumped-into Fang Gu) does not jump again."""
        if not self.has_jumped and any(
                ev["type"] == "ability_triggered" and ev.get("ability") == self.id
                for ev in self.game.log):
            self.has_jumped = True
        return bool(self.has_jumped)

    def jump(self, target) -> None:
        """`target` becomes an evil Fang Gu and the old Fang Gu dies instead."""
        game, me = self.game, self.player
        self.has_jumped = True
        self.triggered("storyteller", target=target)
        game.change_character(target, self.id, alignment="evil", successor=True)
        heir = target.ability
        if heir is not None:
            if isinstance(heir, FangGu):
                heir.has_jumped = True          # the 1st Outsider: once per game
        game.die(me, "demon", me)
