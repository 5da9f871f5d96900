"""Facts from a game's events: the public timeline, and what players learned.

`facts_from_events(events)` reads a list of events (a game's log, or the `events` of a
player's view: the same dicts) and returns the facts a solver can use:

- the public timeline: each night's deaths (`dawn`), executions, Virgin triggers, Slayer
  shots (`claim_ability` with the Slayer, and whether the target died of it);
- every `learn` of an information ability in the list (with the player's choice that
  night), as `Info` facts;
- every night `choice` in the list (a player's own, in a view) as a `known` `Chose`,
  once that night's dawn has come (a choice whose outcome is not known yet, as the
  Demon's on the night the game ended, would read as "nobody died");
- for a player's view: its own setup `learn` as a claim (with `truthful_claims`, the Drunk's
  belief is handled as any claim), its alignment, and what evil players are shown
  (the Demon, fellow Minions, the Demon's bluffs).

`problem_from_game(game, claims, ...)` builds a whole problem from a game: the script,
the seats, `facts_from_events` of its log (or of one player's view) and the claims.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from .. import data as D
from ..characters import REGISTRY
from ..characters._info import Information
from .facts import (Alignment, Chose, Claim, Died, Execution, Fact, Info, NightDeaths,
                    NotInPlay, Seating, SlayerShot, Team, Traveller, VirginTrigger)
from .problem import Problem

META = ("type", "phase", "number", "visible_to", "player", "ability")


def _is_info(ability: Any) -> bool:
    cls = REGISTRY.get(ability) if isinstance(ability, str) else None
    return cls is not None and issubclass(cls, Information)


def facts_from_events(events: Iterable[Mapping], viewer: str | None = None,
                      until: tuple[str, int] | None = None) -> list[Fact]:
    """Facts from `events` (see the module docstring). `viewer`: whose view these are (its
    setup learn, alignment and evil info become facts). `until` = (phase, number): stop
    before that phase starts, e.g. ("day", 3) keeps nights 1-3 and days 1-2."""
    facts: list[Fact] = []
    seats: tuple[str, ...] = ()             # the dealt players, in the setup's order
    circle: tuple[str, ...] = ()            # who sits where now (Travellers join, leave)
    written: tuple[str, ...] = ()           # the circle of the last Seating fact
    travellers: dict[str, list] = {}        # name -> [character, alignment, died]
    choices: dict[tuple[str, str], tuple[str, ...]] = {}
    virgin_today: dict[str, str] = {}       # nominator -> virgin, for today's trigger
    shots: list[list] = []                  # [day, shooter, target, died]
    chosen: list[Fact] = []                 # tonight's choices, kept until dawn
    phase, number = "setup", 0
    for e in events:
        t = e["type"]
        if t in ("night", "day"):
            if until is not None and (t, e["number"]) == until:
                break
            phase, number = t, e["number"]
            choices.clear()
            virgin_today.clear()
            if t == "night" and circle != written:
                facts.append(Seating(number, circle))
                written = circle
            continue
        if t == "game_over":
            break
        if t == "seating":
            circle = tuple(e["players"])
            travellers.update({x: [c, None, None] for x, c in e.get("travellers", {}).items()})
            seats = written = tuple(x for x in circle if x not in travellers)
            continue
        if t in ("traveller_joined", "traveller_left"):
            if t == "traveller_joined":
                travellers[e["player"]] = [e["character"], None, None]
            circle = tuple(e["players"])
            if phase == "night":        # at dusk or in the night: tonight's circle
                facts.append(Seating(number, circle))
                written = circle
            continue
        who = str(e.get("player"))
        if who in travellers:
            # a Traveller's own events: its alignment (the Storyteller's, or its own
            # learn) and its death; its abilities are not modelled
            if e.get("alignment") and (t == "traveller_alignment" or (
                    t == "learn" and e.get("ability") == "setup")):
                travellers[who][1] = e["alignment"]
            elif t == "death":
                travellers[who][2] = (phase, number)
            continue
        if t == "learn":
            ab = str(e.get("ability"))
            if ab == "setup" and who == viewer:
                facts.append(Claim(who, e["character"]))
                facts.append(Alignment(who, e["alignment"]))
            elif ab == "minioninfo" and who == viewer:
                facts += [Team(p, "demon") for p in e.get("players", ())]
                facts += [Alignment(p, "evil") for p in e.get("minions", ())]
            elif ab == "demoninfo" and who == viewer:
                facts += [Alignment(p, "evil") for p in e.get("players", ())]
                if e.get("characters"):
                    facts.append(NotInPlay(tuple(e["characters"])))
            elif _is_info(ab) and phase == "night":
                answer = {k: v for k, v in e.items() if k not in META}
                facts.append(Info(number, who, ab, answer, choices.get((who, ab), ())))
        elif t == "choice" and e.get("players") is not None:
            choices[(e["player"], e.get("ability", ""))] = tuple(e["players"])
            if phase == "night" and e.get("ability") in REGISTRY:
                chosen.append(Chose(number, e["player"], e["ability"], tuple(e["players"]),
                                    known=True))
        elif t == "dawn":
            facts += chosen
            chosen.clear()
            if number >= 2:
                facts.append(NightDeaths(number, tuple(x for x in e.get("deaths", ())
                                                       if x not in travellers)))
        elif t == "ability_triggered" and e.get("ability") == "virgin" and "target" in e:
            virgin_today[e["target"]] = e["player"]
        elif t == "claim_ability" and e.get("character") == "slayer" and "target" in e:
            shots.append([number, e["player"], e["target"], False])
            facts.append(SlayerShot(number, e["player"], e["target"], False))
        elif t == "death" and phase == "day":
            if e.get("cause") == "execution":
                who = e["player"]
                if who in virgin_today:
                    facts.append(VirginTrigger(number, who, virgin_today[who]))
                else:
                    facts.append(Execution(number, who))
            elif e.get("cause") == "ability" and shots and shots[-1][0] == number \
                    and shots[-1][2] == e["player"] and e.get("by") == shots[-1][1]:
                # the shot just announced killed its target
                i = max(i for i, f in enumerate(facts) if isinstance(f, SlayerShot))
                f = facts[i]
                assert isinstance(f, SlayerShot)
                facts[i] = SlayerShot(f.day, f.shooter, f.target, True)
            else:
                facts.append(Died(number, who))     # another public death by day
    if travellers:
        # facts naming a Traveller elsewhere than in the circle (a choice of one, its
        # information) are left out: the Travellers' abilities are not modelled
        facts = [f for f in facts if isinstance(f, Seating) or not (_names(f) - set(seats))]
        facts += [Traveller(x, c, a, d) for x, (c, a, d) in travellers.items()]
    return facts


def _names(f: Fact) -> set[str]:
    """The players a fact names."""
    out: set[str] = set()
    for k in ("seat", "shooter", "target", "nominator", "virgin"):
        v = getattr(f, k, None)
        if isinstance(v, str):
            out.add(v)
    for k in ("seats", "players", "choice"):
        out |= set(getattr(f, k, ()) or ())
    ans = getattr(f, "answer", None)
    if isinstance(ans, dict):
        out |= set(ans.get("players", ()) or ())
    return out


def public_claims(events: Iterable[Mapping], until: tuple[str, int] | None = None
                  ) -> list[Fact]:
    """The table's public claims in `events` (`claim` events: the bots' and the players'
    claims of a character, with the information and choices they said): each player's
    last claimed character as a `Claim`, each claimed piece of information as an `Info`
    of that character (with the choice said). What a puzzle states, from a game."""
    last: dict[str, str] = {}
    said: list[Fact] = []
    for e in events:
        if e["type"] in ("night", "day") and until is not None and \
                (e["type"], e["number"]) == until:
            break
        if e["type"] != "claim":
            continue
        who, c = str(e["player"]), str(e["character"])
        last[who] = c
        info = e.get("info")
        if isinstance(info, Mapping) and e.get("night"):
            said.append(Info(int(e["night"]), who, c, dict(info),
                             tuple(e.get("chose") or ())))
    return [Claim(w, c) for w, c in last.items()] + said


def told_claims(game) -> dict[str, str]:
    """Public claims of a table where every good player claims the character they were told
    (the Drunk its Townsfolk) and every evil player a Demon bluff (then a good character
    not in play): the claims the solver's tests and `tools/bench_solver.py` play with."""
    told = {e["player"]: e["character"] for e in game.log
            if e["type"] == "learn" and e.get("ability") == "setup"}
    bluffs = list(game.bluffs)
    free = [c for c in game.script.characters if D.get(c).team in ("townsfolk", "outsider")
            and c not in told.values() and c not in bluffs]
    pool = bluffs or free
    spare = [c for c in game.script.characters if D.get(c).team == "townsfolk"]
    return {p["name"]: told[p["name"]] if p["alignment"] == "good"
            else pool.pop(0) if pool else spare[0]      # none left: a Townsfolk in play
            for p in game.log[0]["players"]}


def problem_from_game(game, claims: Mapping[str, str], viewer: str | None = None,
                      until: tuple[str, int] | None = None, **options: Any) -> Problem:
    """A problem from a game: its script and seats, the facts of its log (every player's
    learns: as if each shared them) or of `viewer`'s view, and the public `claims`."""
    events = game.view(viewer).events if viewer is not None else game.log
    facts = facts_from_events(events, viewer, until)
    seats = [p.name for p in game.players if not p.traveller]
    facts += [Claim(n, c) for n, c in claims.items() if n != viewer and n in seats]
    return Problem(game.script, seats, facts, **options)
