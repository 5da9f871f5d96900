"""The Storyteller's rulings: what the rules leave to the Storyteller's own judgement at a
live table (kill a player, revive one, make one poisoned or drunk or sober again, change a
character or an alignment).

A ruling is an input, like a player's choice: `Game.ruling(r)` validates it, records it in
the log as a `decision` event of kind `ruling` (numbered like every decision, so a replay
meets it at the same place), emits a `ruling` event and carries it out through the engine's
own rules (`die`, `add_effect`, `change_character`, ...), so every consequence is an event
too. Forms (the logged answer):

    {"action": "kill", "player": "Bob"}                 dies now (cause `other`); on_death
                                                         reactions and the win check run
    {"action": "revive", "player": "Bob"}               alive again, with a vote
    {"action": "poison", "player": "Bob", "until": "dawn"}   poisoned (drunk: "drunk") until
    {"action": "drunk", "player": "Bob"}                the next dawn or dusk, or lasting
    {"action": "sober", "player": "Bob"}                the rulings' poison and drunkenness end
    {"action": "character", "player": "Bob", "character": "imp"}   (optional "alignment")
    {"action": "alignment", "player": "Bob", "alignment": "evil"}
    {"action": "join", "player": "Hal", "character": "beggar", "seat": 3, "alignment": "evil"}
    {"action": "leave", "player": "Hal"}                a Traveller leaves; another player
                                                         leaves the table (engine/seats.py)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import data as D
from ..errors import IllegalAction, UnknownCharacter
from . import seats
from .state import Effect

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

ACTIONS = ("kill", "revive", "poison", "drunk", "sober", "character", "alignment", "join",
           "leave")
FIELDS = {"kill": set(), "revive": set(), "poison": {"until"}, "drunk": {"until"},
          "sober": set(), "character": {"character", "alignment"}, "alignment": {"alignment"},
          "join": {"character", "seat", "alignment"}, "leave": set()}
UNTIL = ("dawn", "dusk")


def check(game: "Game", r: object) -> dict:
    """The ruling `r`, checked against the game now, in its canonical form; else
    an IllegalAction saying what is wrong."""
    if not isinstance(r, dict):
        raise IllegalAction("a ruling is a mapping with `action` and `player`")
    action = r.get("action")
    if action not in ACTIONS:
        raise IllegalAction(f"unknown ruling {action!r} (one of {', '.join(ACTIONS)})")
    extra = set(r) - {"action", "player"} - FIELDS[action]
    if extra:
        raise IllegalAction(f"a {action} ruling has no {', '.join(sorted(extra))}")
    if action == "join":
        return seats.check_join(game, r)
    if action == "leave":
        return seats.check_leave(game, r)
    name = r.get("player")
    if not isinstance(name, str) or name not in game.by_name:
        raise IllegalAction(f"a ruling names no player {name!r}")
    p = game.by_name[name]
    if p in game.gone:
        raise IllegalAction(f"{name} has left the game")
    out = {"action": action, "player": name}
    if action == "kill" and not p.truly_alive:
        raise IllegalAction(f"{name} is already dead")
    if action == "revive" and p.truly_alive:
        raise IllegalAction(f"{name} is alive")
    if action in ("poison", "drunk"):
        if "until" in r:
            if r["until"] not in UNTIL:
                raise IllegalAction(f"until must be dawn or dusk, not {r['until']!r}")
            out["until"] = r["until"]
    if action == "sober" and not _ruled_effects(p):
        raise IllegalAction(f"no ruling made {name} drunk or poisoned")
    if action == "character":
        try:
            cid = D.get(r.get("character", "")).id
        except UnknownCharacter as e:
            raise IllegalAction(str(e)) from None
        if cid not in game.registry:
            raise IllegalAction(f"character {cid!r} is not implemented yet")
        out["character"] = cid
    if action in ("character", "alignment") and ("alignment" in r or action == "alignment"):
        if r.get("alignment") not in ("good", "evil"):
            raise IllegalAction(f"alignment must be good or evil, not {r.get('alignment')!r}")
        out["alignment"] = r["alignment"]
    return out


def _ruled_effects(p) -> list[Effect]:
    return [e for e in p.effects if e.data.get("ruling") and e.kind in ("poisoned", "drunk")]


def ruling(game: "Game", r: dict) -> dict:
    """Validate, record (as an input), announce and carry out a ruling. Returns it."""
    r = check(game, r)
    game.record_input("ruling", "storyteller", r)
    game.emit("ruling", "storyteller", **r)
    action = r["action"]
    if action == "join":
        seats.join(game, r)
        return r
    p = game.by_name[r["player"]]
    if action == "leave":
        seats.leave(game, r)
    elif action == "kill":
        game.die(p, "other", None)
    elif action == "revive":
        p.alive = True
        p.secretly_alive = False
        p.ghost_vote = True
        game.emit("revive", "all" if game.phase == "day" else "storyteller", player=p.name)
        game.abilities_changed()
    elif action in ("poison", "drunk"):
        ends = None
        if "until" in r:
            # The next dawn or dusk: tonight's dawn at night, the coming night's by day.
            n = game.night + (1 if game.phase != "night" or r["until"] == "dusk" else 0)
            ends = (r["until"], n)
        game.add_effect(Effect("poisoned" if action == "poison" else "drunk", p, ends=ends,
                               needs_source=False, data={"ruling": True}))
    elif action == "sober":
        gone = _ruled_effects(p)
        p.effects = [e for e in p.effects if e not in gone]
        game.emit("effect_ended", "storyteller", target=p.name,
                  kinds=sorted({e.kind for e in gone}))
    elif action == "character":
        game.change_character(p, r["character"], r.get("alignment"))
    else:
        game.change_alignment(p, r["alignment"])
    return r
