"""The night: the night order (the sheet's, or a script's own) and its walk, step by step,
from dusk to dawn. Functions of the game (`Game.run_night` and the other public names are
thin methods over them); moved out of `engine/game.py`, which keeps the state and the
shared rules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .. import data as D
from .outcome import GameOver
from .state import holder

if TYPE_CHECKING:  # pragma: no cover
    from .ability import Ability
    from .game import Game


def night_entries(game: Game, first: bool) -> list[tuple[Any, int, Any]]:
    """(position, seat, ability or special name) for tonight, sorted.

    Cached until abilities change (a character change, a new ability).
    """
    # The order depends on the night only when some ability acts fresh tonight.
    key = (first, game.night if game.night in game._fresh_nights else 0)
    cached = game._night_cache
    if cached is not None and cached[0] == key and game._hooks is not None:
        return cached[1]
    out: list[tuple[Any, int, Any]] = []
    custom = custom_night_order(game, first)
    for name, spos in D.special_positions("first" if first else "other").items():
        out.append((custom[name] if custom else spos, -1, name))
    pos: Any        # a position: whole on the sheets, a half between two steps
    for ab in game.all_abilities():
        if key[1] and ab.fresh():
            custom_first = custom_night_order(game, True)
            pos = ab.night_position(True)
            if pos and custom_first:
                pos = custom_first.get(ab.id, custom_first["dawn"] - 0.5)
            if pos and game._cursor[0] >= pos:     # created after its place tonight
                pos = game._cursor[0] + 0.5
        else:
            pos = ab.night_position(first)
            if pos and custom:
                pos = custom.get(ab.id, custom["dawn"] - 0.5)
        if pos:
            held_by = holder(ab)
            out.append((pos, held_by.seat if held_by is not None else 99, ab))
    out.sort(key=lambda t: (t[0], t[1]))
    # One player holding two abilities at one place (a step is (position, seat)): the
    # walk passes a step once, so the later ability steps a hair later, still before
    # the next step of the sheet. Sorting is stable: the order they were held in.
    k = 0
    for i in range(1, len(out)):
        prev, cur = out[i - 1 - k], out[i]
        if cur[0] == prev[0] and cur[1] == prev[1] >= 0:
            k += 1
            out[i] = (cur[0] + 0.001 * k, cur[1], cur[2])
        else:
            k = 0
    game.hooks("on_setup")        # build the hook table so the cache is valid until it changes
    game._night_cache = (key, out)
    return out


def custom_night_order(game: Game, first: bool) -> dict[str, float] | None:
    """Positions from the script's own `_meta` firstNight/otherNight order, if it has one.

    The listed steps come first, in the script's order; steps it does not list follow in
    the official order; dusk is always first and dawn last. A custom order changes the
    order of those who wake, not who wakes (an ability that does not wake on that night
    by default still does not).
    """
    key = "firstNight" if first else "otherNight"
    cache = game._custom_orders
    if key in cache:
        return cache[key]
    custom = game.script.meta.get(key) if isinstance(game.script.meta, dict) else None
    result = None
    if isinstance(custom, list) and custom:
        night = "first" if first else "other"
        default = sorted([(pos, name) for name, pos in D.special_positions(night).items()]
                         + [(D.get(c).first_night if first else D.get(c).other_night, c)
                            for c in game.script.characters if c not in game.script.homebrew])
        listed = [D.normalise_id(x) for x in custom if isinstance(x, str)]
        order = ["dusk"] + [x for x in listed if x not in ("dusk", "dawn")]
        order += [name for pos, name in default if pos and name not in order
                  and name != "dawn"]
        order.append("dawn")
        result = {name: float(k + 1) for k, name in enumerate(order)}
    cache[key] = result
    return result


def run_night(game: Game, at_dusk: Callable[[], None] | None = None) -> None:
    """The night. `at_dusk`: called before anyone wakes (a written game's Storyteller
    rulings for the night, see `engine/inputs.py`)."""
    if game.winner:
        return
    game.night += 1
    game.phase = "night"
    first = game.night == 1
    game.deaths_tonight = []
    game._expire("dusk")
    game._push(game._ev0("night", "all"))
    for p in game.players:
        if p.tokens.pop("learn_character_tonight", False):
            game.emit("learn", [p.name], player=p.name, ability=None,
                      character=p.character, alignment=p.alignment, reason="you are")
    for ab in list(game.hooks("on_dusk")):
        ab.on_dusk()
    cursor: tuple[Any, int] = (0, -2)
    game._cursor = cursor
    try:
        if at_dusk is not None:
            at_dusk()
        walk_night(game, first, cursor, set())
    except GameOver:
        pass


def walk_night(game: Game, first: bool, cursor: tuple[Any, int], done: set[Ability]) -> None:
    """The night order's steps after `cursor` (position, seat), then dawn. `done`: the
    abilities that acted tonight (held objects, not ids: each acts once a night). The
    order is re-read after each step, since abilities may change. Raises GameOver."""
    entries: list = []
    i = 0       # entries before i are passed (at or before the cursor, or done)
    while True:
        current = night_entries(game, first)
        if current is not entries:
            entries, i = current, 0
        nxt = None
        while i < len(entries):
            e = entries[i]
            i += 1
            if (e[0], e[1]) > cursor and (isinstance(e[2], str) or e[2] not in done):
                nxt = e
                break
        if nxt is None:
            break
        cursor = game._cursor = (nxt[0], nxt[1])
        item = nxt[2]
        if isinstance(item, str):
            if item == "dawn":
                break
            special(game, item)
            continue
        done.add(item)
        wake(game, item, first or (bool(game._fresh_nights) and item.fresh()))
    dawn(game)


def wake(game: Game, ab: Ability, first: bool) -> None:
    """An ability's step in the night order: it wakes and acts if it may tonight (a dead
    holder's ability only if it acts while dead or a `keeps_in_force` hook keeps it)."""
    if ab.state.get("waits_until", 0) > game.night:
        return          # a successor Demon: not the night it took over (`_new_at_night`)
    p = holder(ab)
    if p is not None and not p.alive and not ab.acts_while_dead() and not (
            not p.truly_alive and game._kept(ab)):
        return
    if not ab.wakes(first):
        return
    for q in ab.woken(first):
        game._push(game._ev2("wake", "storyteller", "player", q.name, "ability", ab.id))
    ab.night(first)


def special(game: Game, name: str) -> None:
    """A step of the night order that is no ability's (the Minion and Demon info)."""
    if name in ("minioninfo", "demoninfo"):
        from .evilinfo import evil_info     # the table and its hooks: engine/evilinfo.py
        evil_info(game, name)


def dawn(game: Game) -> None:
    """The night's end: effects that last until dawn end, the dawn hooks, the deaths
    announced, the win checked."""
    game._expire("dawn")
    for ab in list(game.hooks("on_dawn")):
        ab.on_dawn()
    game._push(game._ev1("dawn", "all",
                         "deaths", [p.name for p in game.deaths_tonight if not p.alive]))
    game.check_win()
