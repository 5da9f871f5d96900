"""Words for game things (character names, information, answers), shared by every face."""
from __future__ import annotations

from typing import Any

from . import data as D


def cname(cid: str | None) -> str:
    if not cid:
        return "?"
    try:
        return D.get(cid).name
    except Exception:
        cls = _ability_class(cid)       # an invented ability (the Amnesiac's variants)
        return cls.data.name if cls is not None else str(cid)


def team_style(cid: str) -> str:
    try:
        team = D.get(cid).team
    except Exception:
        return "white"
    return {"townsfolk": "blue", "outsider": "cyan", "minion": "red", "demon": "bold red",
            "traveller": "magenta"}.get(team, "white")


# A learn event that carries only a character, shown by that character's own ability.
_BARE_LEARN = {"type", "phase", "number", "visible_to", "player", "ability", "character"}
# The fields of an event that say where and to whom, not what.
_EVENT_META = {"type", "phase", "number", "visible_to", "player", "ability"}


def _ability_class(cid: Any):
    from .characters import REGISTRY
    from .characters._variants import VARIANTS      # abilities invented for the Amnesiac
    if not isinstance(cid, str):
        return None
    return REGISTRY.get(cid) or VARIANTS.get(cid)


def describe_use(ev: dict) -> str:
    """A `claim_ability` event in words, after the player's name: the ability's own words
    (`Ability.describe_use`: a Minion 'guesses that Eve is the Damsel'), else 'uses the X
    ability: target Eve'."""
    args = {k: v for k, v in ev.items() if k not in _EVENT_META | {"character"}}
    cls = _ability_class(ev.get("character"))
    words = cls.describe_use(args) if cls is not None else None
    if words:
        return words
    return f"uses the {cname(ev.get('character'))} ability: " + ", ".join(
        f"{k} {v}" for k, v in args.items())


def describe_info(ev: dict) -> str:
    cls = _ability_class(ev.get("ability"))
    if cls is not None:
        words = cls.describe_info({k: v for k, v in ev.items() if k not in _EVENT_META})
        if words:
            return words
    parts = []
    if "grimoire" in ev:
        return "sees the Grimoire"
    if "character" in ev and "players" in ev and len(ev["players"]) == 2:
        return f"one of {ev['players'][0]} and {ev['players'][1]} is the {cname(ev['character'])}"
    if "character" in ev and "players" in ev:
        return f"{', '.join(ev['players'])} is the {cname(ev['character'])}"
    if ev.get("ability") == "minioninfo":
        s = f"the Demon is {', '.join(ev['players']) or 'nobody'}"
        if ev.get("minions"):
            s += f"; fellow Minions: {', '.join(ev['minions'])}"
        return s
    if ev.get("ability") == "traveller":
        return f"(an evil Traveller) the Demon is {', '.join(ev['players'])}"
    if ev.get("ability") == "demoninfo":
        return (f"Minions: {', '.join(ev['players']) or 'none'}; bluffs: "
                f"{', '.join(cname(c) for c in ev.get('characters', []))}")
    if ev.get("ability") == ev.get("character") and not set(ev) - _BARE_LEARN:
        return f"the {cname(ev['character'])} is in play"     # e.g. Minions told of a Damsel
    if "character" in ev:
        parts.append(f"you are the {cname(ev['character'])}" if ev.get("reason") == "you are"
                     or ev.get("ability") == "setup" else f"character {cname(ev['character'])}")
    if "players" in ev:
        parts.append("players " + ", ".join(ev["players"]))
    if "characters" in ev:
        parts.append("characters " + ", ".join(cname(c) for c in ev["characters"]))
    if "count" in ev:
        parts.append(f"the number {ev['count']}")
    if "yes" in ev:
        parts.append("yes" if ev["yes"] else "no")
    for k in ("alignment", "direction", "answer"):
        if k in ev:
            parts.append(f"{k} {ev[k]}")
    return "; ".join(parts) or "nothing"


def describe_answer(answer: Any) -> str:
    """A decision's option in words: a character's name, a list of players, information."""
    if answer is None:
        return "none / decline"
    if answer is True or answer is False:
        return "yes" if answer else "no"
    if isinstance(answer, str):
        # A character's id, or a player's name: looked up without D.get's error, whose
        # "did you mean" search cost a view of a decision over pairs of players 0.4 s.
        rec = D.all_characters().get(answer) or D.all_characters().get(D.normalise_id(answer))
        return rec.name if rec is not None else answer
    if isinstance(answer, list):
        return ", ".join(describe_answer(a) for a in answer) or "nobody"
    if isinstance(answer, dict):
        if "nominate" in answer:
            return f"nominate {answer['nominate']}"
        if "exile" in answer:
            return f"call for the exile of {answer['exile']}"
        if {"character", "alignment"} == set(answer):
            return f"registers as {cname(answer['character'])} ({answer['alignment']})"
        if {"player", "character"} <= set(answer):
            return f"{answer['player']} as the {cname(answer['character'])}"
        return describe_info(answer)
    return str(answer)
