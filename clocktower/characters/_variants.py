"""Invented abilities the Storyteller may give the Amnesiac (documented variants).

The Amnesiac's almanac entry (The Return of Jafar; `clocktower/data/almanac.json`) says the hidden
ability "may be the same ability as another character ..., something similar, or something
original", gives a guess as an example ("Am I learning two players each night that are the
same alignment?", "Is my ability something to do with dead players?") and advises
"Learning a piece of information each night, or a power that affects the game in a way that
the Amnesiac notices" and an ability "slightly better than a normal Townsfolk's ability".
Each variant below is one of those examples made runnable:

| id | ability | from the almanac | like |
|---|---|---|---|
| `samealignment` | Each night, you learn 2 players of the same alignment. | the example guess | (original) |
| `evildead` | Each night*, you learn how many dead players are evil. | "something to do with dead players" | (the Oracle's ability word for word: a guess of the Oracle is `bingo`, `same`) |
| `nightinvestigator` | Each night, you learn that 1 of 2 players is a particular Minion. | information each night, slightly better (different numbers: every night, not once) | Investigator |
| `monkself` | Each night*, choose a player (you may choose yourself): they are safe from the Demon tonight. | slightly better (a different target) | Monk |
| `ravenonce` | Once per game, at night*, choose a player: you learn their character. | slightly better (once per game, no death needed) | Ravenkeeper |

A variant is an `Ability` that is not a character: it carries its own `data` (a
`CharacterData` with the variant's id, name, ability text and night positions: a twist on a
character keeps that character's place in the night order, an original ability acts at the
Amnesiac's, just after its own step) and the similarity data the guess answers use (`kind`, `like`; see
`amnesiac.py:accuracy`). It is granted with `Game.grant(player, id, source, cls)`. These
classes are not in `REGISTRY` (no player can be dealt one); `VARIANTS` maps id -> class.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from .. import data as D
from ..data import CharacterData
from ..engine.ability import Ability, State
from ..engine.world import World
from ._common import team_characters
from ._info import Information
from .investigator import Investigator
from .monk import Monk
from .oracle import Oracle
from .ravenkeeper import Ravenkeeper


def _data(vid: str, name: str, ability: str, like: str | None, first: bool, other: bool,
          reminders: tuple[str, ...] = ()) -> CharacterData:
    """The variant's data: a Townsfolk ability at `like`'s night positions (else the
    Amnesiac's), on the first night and/or the other nights."""
    at = D.get(like or "amnesiac")
    amnesiac = D.get("amnesiac")
    fn = (at.first_night or amnesiac.first_night) if first else 0
    on = (at.other_night or amnesiac.other_night) if other else 0
    return replace(at, id=vid, name=name, team="townsfolk", edition="amnesiac variant",
                   ability=ability, first_night=fn, other_night=on, reminders=reminders,
                   reminders_global=(), setup=False, setup_text=None, setup_change=None,
                   special=(), jinxes=(), first_night_reminder="", other_night_reminder="")


class Variant(Ability):
    """Mixed into each variant (first among its bases): its similarity data for the
    Amnesiac's guesses, and its place in the night order."""
    # kind: its Ability.kind (engine/ability.py:KINDS), set by each variant
    like: ClassVar[str | None] = None   # the character it is a twist on (None: original)
    same: ClassVar[str | None] = None   # the character whose ability it is, word for word
    almanac: ClassVar[str] = ""         # which almanac example it makes runnable

    def night_position(self, first: bool) -> Any:
        """A step at the Amnesiac's own position (an original ability; a twist on a
        character with no step that night) is taken just after it: the Amnesiac's own step
        wakes nobody, and two steps of one player never share a position."""
        pos = super().night_position(first)
        own = D.get("amnesiac")
        return pos + 0.5 if pos and pos == (own.first_night if first else own.other_night) \
            else pos


class SameAlignment(Variant, Information):
    id = "samealignment"
    data = _data(id, "Same Alignment", "Each night, you learn 2 players of the same "
                 "alignment.", None, True, True)
    kind, almanac = "information", "the example guess 'learning two players each night " \
        "that are the same alignment'"

    def _others(self, world: World, me: str) -> list[str]:
        return [p.name for p in world.players if p.name != me]

    def truths(self, world, player=None) -> list[dict]:
        """Every pair of other players (in seat order) who register as the same alignment."""
        me = self.holder(player)
        names = self._others(world, me)
        out = []
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if world.registers_alignment(a) == world.registers_alignment(b):
                    out.append({"players": [a, b]})
        return out

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        others = [p for p in game.players if p is not me]
        world = self.world(self.ask_registrations(others))
        names = [p.name for p in others]

        def lies():
            return [{"players": [a, b]} for i, a in enumerate(names) for b in names[i + 1:]]

        game.tell(me, self.truths(world), lies, self)

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        ps = info.get("players")
        if isinstance(ps, list) and len(ps) == 2:
            return f"{ps[0]} and {ps[1]} are of the same alignment"
        return None


class EvilDead(Variant, Oracle):
    """The Oracle's ability word for word (what the night and the truths are), as an
    invented ability at the Amnesiac's place in the night."""
    id = "evildead"
    data = _data(id, "Evil Dead", "Each night*, you learn how many dead players are evil.",
                 None, False, True)
    kind, almanac = "information", "the example guess 'something to do with dead players'"
    same = "oracle"     # a guess of the Oracle names this ability in other words: bingo


class NightInvestigator(Variant, Investigator):
    id = "nightinvestigator"
    data = _data(id, "Nightly Investigator", "Each night, you learn that 1 of 2 players is a "
                 "particular Minion.", "investigator", True, True, ("Minion", "Wrong"))
    kind, like = "information", "investigator"
    almanac = "'learning a piece of information each night', the Investigator every night"

    def wakes(self, first: bool) -> bool:
        return True

    def starts_knowing(self) -> bool:
        return False


class MonkSelf(Variant, Monk):
    id = "monkself"
    data = _data(id, "Self-Monk", "Each night*, choose a player (you may choose yourself): "
                 "they are safe from the Demon tonight.", "monk", False, True, ("Safe",))
    kind, like = "protection", "monk"
    almanac = "'slightly better than a normal Townsfolk's ability': the Monk, who may " \
        "choose themself"
    may_choose_self = True      # the Monk's night otherwise (its `wakes`, `protects`)


class RavenOnce(Variant, Ravenkeeper):
    id = "ravenonce"
    data = _data(id, "Raven Once", "Once per game, at night*, choose a player: you learn "
                 "their character.", "ravenkeeper", False, True)
    kind, like = "information", "ravenkeeper"
    almanac = "'slightly better than a normal Townsfolk's ability': the Ravenkeeper's " \
        "look, once per game, without dying"
    used = State(False)

    def acts_while_dead(self) -> bool:
        return False

    def wakes(self, first: bool) -> bool:
        return not first and not self.used

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        pick = game.choose_players(me, 1, ability=self, optional=True)
        if not pick:
            return
        self.used = True
        target = pick[0]
        world = self.world(self.ask_registrations([target]), choice=[target.name])
        game.tell(me, self.truths(world),
                  lambda: [{"character": c, "players": [target.name]}
                           for c in team_characters(game)], self)


VARIANTS: dict[str, type[Ability]] = {c.id: c for c in (
    SameAlignment, EvilDead, NightInvestigator, MonkSelf, RavenOnce)}
