"""One finished game's log, read into the compact record the simulator keeps.

Everything here is read from the event log (the catalogue: `engine/events.py`,
`clocktower events`), so a saved log gives the same record as the live game. Characters are
followed through the log (the `setup` event, then `character_change`), so each event is
credited to the character its player held at that moment.

The record (one JSON line of a batch file) holds:

    i, seed, players, travellers, arm   the game's index, seed, player count, Traveller
                                        count and policy pair (an index into the run's arms)
    chars        the characters dealt, in seat order (Travellers not included), then the
                 setup's `not_dealt` characters (in play, held by no player)
    trav         [character, alignment] for each Traveller (alignment as the Storyteller
                 chose it)
    outsiders    Outsiders in the grimoire as dealt (the Drunk counts as one)
    winner, code the `game_over` event's winner (good, evil or none) and reason code
    ability      the ability that decided or changed the outcome, if one did
    ending       how the game ended, finer than `code`: `code` itself, except that
                 demon_dead is split by the Demon's last death: demon_executed (its cause is
                 an execution), demon_slain (an ability: the Slayer's shot, ...),
                 demon_killed (a Demon's kill: an Imp killing itself with no Minion left),
                 demon_exiled, demon_died (another cause) and demon_gone (no Demon died:
                 the Demon left play another way); and `ability` becomes ability:<id>
    days         days begun
    final3       whether some day began with exactly three players (not Travellers) alive
                 as the table sees it (announced deaths and revivals)
    impact       character -> {metric: count}, the counts defined in IMPACT (`acted`: the
                 events naming the ability; a game in which a character has any count is
                 one in which its ability "fired", for the simulator's warnings)

A game whose setup failed for this seed (a script that cannot always seat the count, e.g.
when a character's setup change leaves a team short) is `{i, seed, players, travellers,
arm, error}` and is counted apart.
"""
from __future__ import annotations

from ..data import teams as _teams

# metric -> what is counted (the impact table's definitions; docs/simulator.md repeats them)
IMPACT: dict[str, str] = {
    "kills": "deaths (cause demon or ability) whose `by` player held this character at the "
             "time: a Demon's night kills, the Slayer's shot, the Gunslinger's, ...",
    "kills_prevented": "`death_prevented` events naming this character as the protector "
                       "(the Monk's or the Soldier's protection worked)",
    "deaths_redirected": "`death_redirected` events by this ability (the Mayor's bounce)",
    "executions_redirected": "`execution_redirected` events by this ability (the Scapegoat)",
    "false_info": "information shown that was not one of the truths (`decision` of kind "
                  "info with true: false), credited to the receiver's true character: a "
                  "droisoned Washerwoman's wrong pair counts for the Washerwoman, the "
                  "Drunk's (who believes they are the Washerwoman) for the Drunk",
    "droisonings": "`effect` events of kind poisoned or drunk made by this ability",
    "false_registrations": "registrations as something the player is not (`decision` of "
                           "kind register with true: false): the Recluse, the Spy",
    "star_passes": "`star_pass` events: this Demon killed itself and a Minion became the Demon",
    "triggers": "`ability_triggered` events: the ability's condition was met and it acted "
                "(the Virgin, the Scarlet Woman, the Goblin, ...)",
    "decided_game": "games whose `game_over` names this ability as the one that decided or "
                    "changed the outcome",
    "own_result": "games whose `game_over` gives this character's player a result of "
                  "their own, apart from their team's (the Politician)",
    "acted": "events naming this ability (their `ability` field) while some player holds "
             "it, other than being woken (`wake`), choosing nothing (`declined`), the "
             "decision records and `game_over`: a choice made, information shown, an effect "
             "or reminder placed, a trigger, a public use, an ability that did nothing",
}

# events naming an ability that are not the ability acting (see IMPACT["acted"])
NOT_ACTING = frozenset({"wake", "declined", "decision", "game_over"})

INFO_FALSE = {"info"}
DROISON = {"poisoned", "drunk"}


def ending(code: str, ability: str | None, demon_death: str | None) -> str:
    if code == "demon_dead":
        return {None: "demon_gone", "execution": "demon_executed", "ability": "demon_slain",
                "demon": "demon_killed", "exile": "demon_exiled"}.get(demon_death,
                                                                       "demon_died")
    if code == "ability":
        return f"ability:{ability}"
    return code


def analyse(log: list[dict]) -> dict:
    """The record of a finished game (see the module docstring), from its event log."""
    team = _teams()
    setup = log[0]
    assert setup["type"] == "setup", "a game's log starts with its setup event"
    chars: dict[str, str] = {}
    dealt: list[str] = []
    trav: dict[str, str] = {}
    alive: set[str] = set()
    held: dict[str, int] = {}       # character -> players holding it now (and not_dealt)
    for c in setup.get("not_dealt", []):
        held[c] = held.get(c, 0) + 1
    for p in setup["players"]:
        chars[p["name"]] = p["character"]
        held[p["character"]] = held.get(p["character"], 0) + 1
        if p.get("traveller"):
            trav[p["name"]] = p["character"]
        else:
            dealt.append(p["character"])
            alive.add(p["name"])
    trav_align: dict[str, str] = {}
    impact: dict[str, dict[str, int]] = {}

    def count(char: str | None, metric: str) -> None:
        if char:
            d = impact.setdefault(char, {})
            d[metric] = d.get(metric, 0) + 1

    days = 0
    final3 = False
    demon_death: str | None = None
    over: dict = {}
    for ev in log:
        t = ev["type"]
        ab = ev.get("ability")
        if ab is not None and t not in NOT_ACTING and held.get(ab):
            count(ab, "acted")
        if t == "decision":
            if ev.get("true") is False:
                if ev["kind"] in INFO_FALSE:
                    count(chars.get(ev.get("player", "")), "false_info")
                elif ev["kind"] == "register":
                    count(chars.get(ev.get("player", "")), "false_registrations")
        elif t == "death":
            who = ev["player"]
            alive.discard(who)
            if team.get(chars.get(who, "")) == "demon":
                demon_death = ev["cause"]
            if ev["cause"] in ("demon", "ability") and ev.get("by"):
                count(chars.get(ev["by"]), "kills")
        elif t == "day":
            days += 1
            if len(alive) == 3:
                final3 = True
        elif t == "character_change":
            old = chars.get(ev["player"])
            if old is not None and held.get(old):
                held[old] -= 1
            chars[ev["player"]] = ev["new"]
            held[ev["new"]] = held.get(ev["new"], 0) + 1
        elif t == "revive":
            if ev["player"] not in trav:
                alive.add(ev["player"])
        elif t == "death_prevented":
            count(ev["protector"], "kills_prevented")
        elif t == "death_redirected":
            count(ev["ability"], "deaths_redirected")
        elif t == "execution_redirected":
            count(ev["ability"], "executions_redirected")
        elif t == "effect":
            if ev["kind"] in DROISON:
                count(ev.get("ability"), "droisonings")
        elif t == "star_pass":
            count(chars.get(ev["player"]), "star_passes")
        elif t == "ability_triggered":
            count(ev["ability"], "triggers")
        elif t == "traveller_alignment":
            trav_align[ev["player"]] = ev["alignment"]
        elif t == "game_over":
            over = ev
            if ev.get("ability"):
                count(ev["ability"], "decided_game")
            for who in ev.get("results", {}):
                count(chars.get(who), "own_result")
    code = over.get("code", "no_result")
    return {
        "chars": dealt + list(setup.get("not_dealt", [])),
        "trav": [[c, trav_align.get(n, "good")] for n, c in trav.items()],
        "outsiders": sum(1 for c in dealt if team.get(c) == "outsider"),
        "winner": over.get("winner", "none"),
        "code": code,
        "ability": over.get("ability"),
        "ending": ending(code, over.get("ability"), demon_death),
        "days": days,
        "final3": final3,
        "impact": {k: dict(sorted(v.items())) for k, v in sorted(impact.items())},
    }
