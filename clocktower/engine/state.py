"""Players and effects: the parts of game state the rules talk about."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .ability import Ability


class Player:
    """A seat at the table. `character` is the truth; `held` are the abilities that act for
    them, in order: the first is `ability`.

    Usually a player holds their character's ability. The Drunk holds the Townsfolk ability
    they believe is theirs (`thinks`; see `Game.believe`), which is never in force; other
    abilities can give a player more (`Game.grant`), take one away (`Game.revoke`) or move
    one to someone else (`Game.move_ability`, `Game.swap_characters`).
    """

    __slots__ = ("name", "seat", "character", "alignment", "alive", "secretly_alive",
                 "ghost_vote", "held", "traveller", "effects", "thinks", "tokens")

    def __init__(self, name: str, seat: int, character: str, alignment: str,
                 traveller: bool = False):
        self.name = name
        self.seat = seat
        self.character = character
        self.alignment = alignment
        self.alive = True
        # Registers as dead (public status) but is not truly dead yet.
        self.secretly_alive = False
        self.ghost_vote = True
        self.held: list[Ability] = []
        self.traveller = traveller
        self.effects: list[Effect] = []
        # The character this player believes they are, when it is not their own; set only
        # by `Game.believe` (a scenario may write it as the setup input the Drunk reads).
        self.thinks: str | None = None
        self.tokens: dict[str, Any] = {}

    @property
    def ability(self) -> "Ability | None":
        """The ability that acts for this player first (their character's, or the one they
        believe is theirs); None when they hold none."""
        held = self.held
        return held[0] if held else None

    @property
    def truly_alive(self) -> bool:
        return self.alive or self.secretly_alive

    def abilities(self) -> list["Ability"]:
        return self.held

    def __repr__(self):
        return f"<{self.name}:{self.character}{'' if self.alive else ' (dead)'}>"


def holder(ab: "Ability") -> Player | None:
    """The player holding `ab`; None for a free ability (a character in play that no player
    holds, such as a not-dealt token). `Ability.player` is typed `Player` for the characters'
    sake (their abilities are always held); engine code that can meet a free ability reads
    it here, which the compiled build does not check against `Player`."""
    return getattr(ab, "player")


class Effect:
    """A lasting effect on a player: poisoned, drunk, protected, ...

    `source` is the ability that made it (an `Ability`, wherever it is held now): the
    effect is active only while that ability is held and in force (unless `needs_source`
    is False). For convenience a caller may pass the source's player and the ability id
    (`Effect(kind, target, player, "poisoner")`); it is resolved to the ability at once.
    `ends` is ("dusk", n) or ("dawn", n): removed at that moment of night n; None: lasting.
    """

    __slots__ = ("kind", "target", "source", "ends", "needs_source", "data")

    def __init__(self, kind: str, target: Player, source: "Ability | Player | None" = None,
                 source_ability: str | None = None, ends: tuple[str, int] | None = None,
                 needs_source: bool = True, data: dict | None = None):
        self.kind = kind
        self.target = target
        if isinstance(source, Player):
            source = next((a for a in source.held if a.id == source_ability), source.ability)
        self.source: Ability | None = source
        self.ends = ends
        self.needs_source = needs_source
        self.data = data or {}

    @property
    def source_player(self) -> Player | None:
        """The player holding the source ability now (None: no source, or a free ability)."""
        return holder(self.source) if self.source is not None else None

    @property
    def source_ability(self) -> str | None:
        return self.source.id if self.source is not None else None

    def __repr__(self):
        src = f" from {self.source!r}" if self.source else ""
        return f"<{self.kind} on {self.target.name}{src} until {self.ends}>"
