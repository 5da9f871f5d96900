"""Jinxes as rule objects: the base class, the registry that carries them, activation.

A jinx changes how two characters work together when both are on the script. Each one is
a small `Jinx` subclass in `clocktower/jinxes/` (one module per jinx), keyed by its
character `pair`. A jinx is an `Ability` that no player holds: it uses the hooks the engine
already dispatches (`on_setup`, `on_character_change`, `protects`, ...), and it may answer
*jinx points*: places where a character's own code asks whether a jinx changes something
(`adjusted(ability, point, value)`), e.g. the Spy's Grimoire before the Spy sees it.

The engine knows no jinx or character names: `Game.registry` (a `Registry`) carries the
jinx classes, and `activate(game)` (called at the start of setup's `finish_setup`) adds an
instance of each jinx whose two characters are both on the script to `game.free_abilities`.

Jinxes that only restrict setup ("only one of the Heretic and the Baron may be in play")
are not rule objects but data (`clocktower/data/jinxes.py`) read by the bag builder.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, cast

from ..scripts import script_memo
from .ability import HOOKS, Ability

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Player


class Jinx(Ability):
    """A jinx's rules. Subclasses set `pair` (two character ids) and override hooks or
    `adjust`. `self.player` is None; `self.game` is the game."""
    pair: ClassVar[tuple[str, str]] = ("", "")

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)     # id is "": no character data
        cls.overrides = frozenset(h for h in HOOKS if getattr(cls, h) is not getattr(Ability, h))

    @classmethod
    def key(cls) -> frozenset:
        return frozenset(cls.pair)

    @property
    def name(self) -> str:
        return "+".join(self.pair)

    def night_position(self, first: bool) -> Any:
        return 0            # a jinx never wakes anyone by itself

    def starts_knowing(self) -> bool:
        return False

    def jinxed(self, affected: str, player: "Player", effect: str) -> dict:
        """This jinx's rule changed something for `player`, as `affected` (one of `pair`): a
        `jinx` event (storyteller only) naming the pair's other character as `jinx`."""
        other = self.pair[1] if affected == self.pair[0] else self.pair[0]
        return self.game.emit("jinx", "storyteller", ability=affected, jinx=other,
                              player=player.name, effect=effect)

    def adjust(self, ability: Ability, point: str, value: Any) -> Any:
        """Change `value` at jinx point `point` of `ability` (one of this jinx's pair).
        Default: unchanged."""
        return value

    def __repr__(self):
        return f"<jinx {self.name}>"


def module_classes(package: str, path: Iterable[str], base: type) -> Iterator[Any]:
    """The subclasses of `base` that the modules of a package define (`package` its name,
    `path` its `__path__`), module by module, in name order; a module whose name starts with
    `_` is skipped (shared code, not one rule). How the characters and the jinxes register:
    one module each, found by importing the package."""
    for info in pkgutil.iter_modules(path):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{package}.{info.name}")
        for obj in vars(mod).values():
            if isinstance(obj, type) and issubclass(obj, base) and obj.__module__ == mod.__name__:
                yield obj


class Registry(dict):
    """Character id -> Ability class, plus `jinxes`: frozenset(pair) -> Jinx class."""

    def __init__(self, *args, jinxes: dict | None = None, **kw):
        super().__init__(*args, **kw)
        self.jinxes: dict[frozenset, type[Jinx]] = dict(jinxes or {})


# active_pairs' answers by (characters on the script, jinx table): a game's setup asks it,
# and a batch of games asks it again and again for the same script.
def active_pairs(script, jinxes: dict) -> list[type[Jinx]]:
    """The jinx classes whose two characters are both on `script` (not homebrew), in the
    script's order of the first character of each pair; worked out once per script and jinx
    table (`script_memo`: a table changed after a game is not seen)."""
    def compute() -> tuple[type[Jinx], ...]:
        on = frozenset(c for c in script.characters if c not in script.homebrew)
        return tuple(cls for key, cls in sorted(jinxes.items(), key=lambda kv: kv[1].pair)
                     if all(c in on for c in key))
    return list(script_memo(script, "active jinxes", compute, on=jinxes))


def activate(game: "Game") -> list[Jinx]:
    """Put each jinx whose characters are both on the script into play (free abilities)."""
    jinxes = getattr(game.registry, "jinxes", None)
    if not jinxes:
        return []
    # A jinx is held by no player (like a not-dealt character's ability: see make_ability).
    made = [cls(game, cast("Player", None)) for cls in active_pairs(game.script, jinxes)]
    if made:
        game.free_abilities.extend(made)
        game.abilities_changed()
    return made


def active(game: "Game") -> list[Jinx]:
    return [ab for ab in game.free_abilities if isinstance(ab, Jinx)]


def adjusted(ability: Ability, point: str, value: Any) -> Any:
    """`value` as the active jinxes involving `ability`'s character change it at `point`."""
    for j in ability.game.free_abilities:
        if isinstance(j, Jinx) and ability.id in j.pair:
            value = j.adjust(ability, point, value)
    return value
