"""A game's copy of itself: `Game.fork(answerers)` (the engine's, not a caller's).

A fork is an independent game at the same point, answered by other answerers: its players,
abilities with their state, effects, the per-day state and the log so far (a new list; the
events are shared: nothing changes an event once emitted). Nothing the fork does reaches the
original: they share only what never changes in a game's life (the script, the registry,
the logged events).

How it cannot miss a field: every attribute of the game, of each player, of each ability
and of everything they hold is copied generically (slots, `__dict__`, or a compiled
class's `__mypyc_attrs__`), deep, with one memo, so the references between the game, its
players, abilities and effects map to the copies. The only attributes named here are those
that are not the game's state (`NOT_STATE`: what is shared, given, or rebuilt on demand).
A new field is state, and is copied; a new field holding something callable (a callback,
an answerer) must be named in `NOT_STATE`, or the fork refuses (a copy would call the
original's outside world), and `tests/test_fork.py` checks that no mutable state of a fork
is shared with the original.

Continuing a fork is the game driver's (`engine/driver.drive`): from a fork taken mid-night
(an answerer forking while it is asked) the night goes on at the night-order step after the
one being run; by day, the rest of the day.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from .state import Effect, Player

if TYPE_CHECKING:
    from .game import Answerer, Game

# What a fork does with the Game attributes that are not the game's state.
SHARE, DROP, FRESH = "share", "drop", "fresh"
NOT_STATE: dict[str, Any] = {
    "script": SHARE, "registry": SHARE,     # never change in a game's life
    "answerers": "given", "default_answerer": "given", "rng": "given",
    "log": "new list, same events",
    "on_event": DROP, "on_forced": DROP,    # the outside world's callbacks
    "register_overrides": FRESH,            # a scenario step's written registrations
    "_func_guard": FRESH,                   # a recursion guard of `in_force`
    # A Demon-change step under way in the original (`Game.demon_change`): the fork goes on
    # after that step, so it starts with none open (its own steps then ask the win rules).
    "_demon_change_depth": FRESH,
    "_hooks": DROP, "_night_cache": DROP,   # caches, rebuilt on demand
    "_views": FRESH, "_asked": FRESH, "memo": FRESH,
    "_custom_orders": "copy of the dict",   # its values never change once made
}

_ATOMS = (str, int, float, bool, type(None))
_MISSING = object()
_SLOTS: dict[type, tuple[str, ...]] = {}


def slots(cls: type) -> tuple[str, ...]:
    """The slot names of `cls` and its bases (cached: a class's slots never change)."""
    known = _SLOTS.get(cls)
    if known is not None:
        return known
    out: list[str] = []
    for klass in cls.__mro__:
        # A class compiled with mypyc lists its attributes in __mypyc_attrs__.
        raw = klass.__dict__.get("__slots__", ())
        names = ((raw,) if isinstance(raw, str) else tuple(raw)) \
            + tuple(klass.__dict__.get("__mypyc_attrs__", ()))
        for name in names:
            if name not in out and name not in ("__dict__", "__weakref__"):
                out.append(name)
    _SLOTS[cls] = tuple(out)
    return _SLOTS[cls]


def _copy(v: Any, memo: dict) -> Any:
    """`copy.deepcopy(v, memo)`, faster for the plain containers a game is made of."""
    t = type(v)
    if t in _ATOMS:
        return v
    i = id(v)
    if i in memo:
        return memo[i]
    if t is list:
        out: Any = []
        memo[i] = out
        out.extend([_copy(x, memo) for x in v])
        return out
    if t is dict:
        out = {}
        memo[i] = out
        for k, x in v.items():
            out[_copy(k, memo)] = _copy(x, memo)
        return out
    if t is tuple:
        items = [_copy(x, memo) for x in v]
        return v if all(a is b for a, b in zip(items, v)) else tuple(items)
    if t is set or t is frozenset:
        return t(_copy(x, memo) for x in v)
    if t is Effect:     # compiled, it has no blank __new__: made, then filled
        out = Effect(v.kind, v.target)
        memo[i] = out
        _fill(out, v, memo)
        return out
    return copy.deepcopy(v, memo)


def _fill(new: object, obj: object, memo: dict) -> None:
    """Copy `obj`'s attributes into `new`, deep-copied with `memo`."""
    for name in slots(type(obj)):
        v = getattr(obj, name, _MISSING)
        if v is not _MISSING:
            setattr(new, name, v if type(v) in _ATOMS else _copy(v, memo))
    d = getattr(obj, "__dict__", None)
    if d:
        for k, v in d.items():
            new.__dict__[k] = _copy(v, memo)


def _game_fields(game: Game) -> list[str]:
    names = list(slots(type(game)))
    d = getattr(game, "__dict__", None)
    if d:
        names += [k for k in d if k not in names]
    return names


def fork(game: Game, answerers: dict[str, Answerer], default_answerer: Answerer | None = None,
         rng: Any = None) -> Game:
    """`Game.fork`: a copy of `game` as it stands, answered by `answerers` (and
    `default_answerer`); `rng`: its generator (default: a copy of the game's)."""
    # Made by the constructor (a compiled Game has no blank __new__); every attribute is
    # then overwritten from the original, or with what NOT_STATE says.
    clone = type(game)(game.script, game.registry, seed=game.seed)
    given = {"answerers": dict(answerers), "default_answerer": default_answerer,
             "rng": rng if rng is not None else copy.deepcopy(game.rng),
             "log": list(game.log), "_custom_orders": dict(game._custom_orders)}
    memo: dict = {id(game): clone}
    fields = _game_fields(game)
    for name in fields:
        how = NOT_STATE.get(name)
        if how is None:
            continue
        v = getattr(game, name, None)
        if v is None:
            continue
        # Mapped first, so that whatever else refers to it gets the same (a player's
        # reference to the script, a cache left in an ability: none after the fork).
        memo[id(v)] = v if how == SHARE else None if how == DROP else \
            type(v)() if how == FRESH else given[name]
    for p in game.players:      # a compiled Player has no blank __new__ either
        memo[id(p)] = Player(p.name, p.seat, p.character, p.alignment)
    abilities = game.all_abilities()
    for ab in abilities:
        memo[id(ab)] = object.__new__(type(ab))
    for obj in list(game.players) + abilities:
        _fill(memo[id(obj)], obj, memo)
    for name in fields:
        v = getattr(game, name, _MISSING)
        if v is _MISSING:
            continue
        if name in NOT_STATE:
            setattr(clone, name, given[name] if name in given else memo.get(id(v)))
        elif callable(v) and not isinstance(v, type):
            raise TypeError(f"Game.{name} holds a {type(v).__name__}, something callable: "
                            f"say in engine/fork.py (NOT_STATE) what a fork does with it")
        else:
            setattr(clone, name, v if type(v) in _ATOMS else _copy(v, memo))
    return clone
