"""Players and effects: the parts of game state the rules talk about."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .ability import Ability


class Player:
    """A seat at the table. `character` is the truth; `ability` is what acts for them.

    For most players `ability.id == character`. The Drunk's ability is the Townsfolk they
    think they are (always drunk); a player may also hold extra abilities.
    """

    __slots__ = ("name", "seat", "character", "alignment", "alive", "secretly_alive",
                 "ghost_vote", "ability", "extra", "traveller", "effects", "thinks", "tokens")

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
        self.ability: Ability | None = None
        self.extra: list[Ability] = []
        self.traveller = traveller
        self.effects: list[Effect] = []
        self.thinks: str | None = None
        self.tokens: dict[str, Any] = {}

    @property
    def truly_alive(self) -> bool:
        return self.alive or self.secretly_alive

    def abilities(self):
        if self.ability is not None:
            yield self.ability
        yield from self.extra

    def __repr__(self):
        return f"<{self.name}:{self.character}{'' if self.alive else ' (dead)'}>"


class Effect:
    """A lasting effect on a player: poisoned, drunk, protected, ...

    `source` is the player whose ability made it, `source_ability` that ability's id; the
    effect is active only while that ability still works (unless `needs_source` is False).
    `ends` is ("dusk", n) or ("dawn", n): removed at that moment of night n; None: lasting.
    """

    __slots__ = ("kind", "target", "source", "source_ability", "ends", "needs_source", "data")

    def __init__(self, kind: str, target: Player, source: Player | None = None,
                 source_ability: str | None = None, ends: tuple[str, int] | None = None,
                 needs_source: bool = True, data: dict | None = None):
        self.kind = kind
        self.target = target
        self.source = source
        self.source_ability = source_ability
        self.ends = ends
        self.needs_source = needs_source
        self.data = data or {}

    def __repr__(self):
        src = f" from {self.source.name}" if self.source else ""
        return f"<{self.kind} on {self.target.name}{src} until {self.ends}>"
