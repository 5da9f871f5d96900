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

    confirmed    players (not Travellers) hard-confirmed by public facts alone while the
                 game went on (`PUBLIC_PROOFS`), each once
    confirmed_day the day the first was (null: none)
    outsiders_public the day by whose claims the Outsider count was public (every player had
                 claimed a character, and the players whose last claim was an Outsider
                 were exactly those dealt one), or null
    misinfo      sources of misinformation that were at work: abilities that droisoned a
                 player, characters a player registered falsely as, and characters in
                 play whose holder believes they are another (the Drunk, the Lunatic, the
                 Marionette)
    final_day    whether the game was decided on a day that began with 3 or 4 players
                 (not Travellers) truly alive, or in the night after it: the living as
                 the table sees them, and those whose announced death was not real (a
                 reminder with `apparent_death`: the Zombuul's first death) until their
                 next death

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

# What a player is hard-confirmed by (public events only: `visible_to` all). Nothing the
# Storyteller can choose or a player can fake makes these happen.
PUBLIC_PROOFS: dict[str, str] = {
    "trigger": "a public `ability_triggered` of a Townsfolk's or an Outsider's ability: its "
               "holder holds that good character, sober and healthy (the Virgin nominated "
               "by a Townsfolk, ...)",
    "trigger_target": "the target of a public trigger that proves their team "
                      "(`TARGET_PROVEN`: the Virgin's nominator, executed, registered as a "
                      "Townsfolk), when no character on the script can register falsely as "
                      "that team (the Spy can as a Townsfolk: then it proves nothing)",
    "public_use": "a public use of a Townsfolk's or an Outsider's day ability "
                  "(`claim_ability`) whose target then dies of it (a public `death` by the "
                  "user, cause ability, next): only the real ability, working, kills "
                  "(the Slayer's shot)",
}

# A public trigger of these abilities proves the team its target registered as
TARGET_PROVEN: dict[str, str] = {"virgin": "townsfolk"}

GOOD_TEAMS = ("townsfolk", "outsider")

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


_FAKERS: dict[tuple[str, ...], frozenset[str]] = {}


def fakeable_teams(script_ids: list[str]) -> frozenset[str]:
    """The teams that some character of the script can register as falsely (the Spy: a
    Townsfolk or an Outsider; the Recluse: a Minion or a Demon), from each misregistering
    ability's own `false_registrations` on this script."""
    key = tuple(script_ids)
    found = _FAKERS.get(key)
    if found is not None:
        return found
    from types import SimpleNamespace
    from ..characters import REGISTRY
    from ..scripts import Script
    script = Script(name="", characters=[c for c in script_ids if c in REGISTRY])
    out: set[str] = set()
    for cid in script.characters:
        cls = REGISTRY[cid]
        if not getattr(cls, "misregisters", False):
            continue
        ab = object.__new__(cls)
        ab.state = {}
        ab.game = SimpleNamespace(script=script)
        ab.player = SimpleNamespace(character=cid)
        try:
            regs = ab.false_registrations()
        except Exception:           # cannot tell: take it as able to fake any team
            regs = [(c, "?") for c in script.characters]
        out |= {_teams().get(c, "") for c, _ in regs if c != cid}
    if len(_FAKERS) > 64:
        _FAKERS.clear()
    _FAKERS[key] = frozenset(out)
    return _FAKERS[key]


def _unaware(char: str) -> bool:
    from ..characters import REGISTRY
    cls = REGISTRY.get(char)
    return bool(cls is not None and getattr(cls, "unaware", False))


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
    # designer measures (see the module docstring)
    dealt_outsiders = {p["name"] for p in setup["players"] if not p.get("traveller")
                       and team.get(p["character"]) == "outsider"}
    fake = fakeable_teams(setup.get("script_ids", []))
    proven: dict[str, int] = {}     # player -> day proven (kept once the game goes on)
    pending: dict[str, int] = {}    # proven in this phase (dropped if the game ends in it)
    use: dict | None = None         # the last public event, when it was a claim_ability
    claims: dict[str, str] = {}
    outsiders_public: int | None = None
    misinfo: set[str] = {c for c in held if _unaware(c)}
    day_alive: int | None = None    # players alive when the last day began
    day_no = 0

    def prove(who: str | None) -> None:
        if who and who in alive | dead and who not in proven and who not in pending:
            pending[who] = day_no
    dead: set[str] = set()
    hidden: set[str] = set()        # announced dead, truly alive (final_day counts them)
    apparent: set[str] = set()      # the next death announced for them is not real
    for ev in log:
        t = ev["type"]
        ab = ev.get("ability")
        if ab is not None and t not in NOT_ACTING and held.get(ab):
            count(ab, "acted")
        if ev.get("visible_to") == "all":
            if use is not None and t == "death" and ev["player"] == use.get("target") \
                    and ev["cause"] == "ability" and ev.get("by") == use["player"] \
                    and team.get(use["character"]) in GOOD_TEAMS:
                prove(use["player"])
            use = ev if t == "claim_ability" else None
            if t == "ability_triggered":
                if team.get(ev["ability"]) in GOOD_TEAMS:
                    prove(ev["player"])
                tt = TARGET_PROVEN.get(ev["ability"])
                if tt is not None and tt not in fake:
                    prove(ev.get("target"))
            elif t == "claim" and ev["player"] not in trav:
                claims[ev["player"]] = ev["character"]
                if outsiders_public is None and len(claims) == len(alive | dead) and {
                        n for n, c in claims.items()
                        if team.get(c) == "outsider"} == dealt_outsiders:
                    outsiders_public = day_no
            elif t in ("day", "night"):
                proven.update(pending)
                pending.clear()
        if t == "decision":
            if ev.get("true") is False:
                if ev["kind"] in INFO_FALSE:
                    count(chars.get(ev.get("player", "")), "false_info")
                elif ev["kind"] == "register":
                    count(chars.get(ev.get("player", "")), "false_registrations")
                    if chars.get(ev.get("player", "")):
                        misinfo.add(chars[ev["player"]])
        elif t == "reminder" and ev.get("apparent_death"):
            apparent.add(ev["player"])
        elif t == "reminder" and ev.get("secretly_alive"):
            hidden.add(ev["player"])        # already announced dead: lives from now on
        elif t == "death":
            who = ev["player"]
            if who in apparent:
                apparent.discard(who)
                hidden.add(who)
            else:
                hidden.discard(who)     # the real death of one announced dead before
            if who in alive:
                dead.add(who)
            alive.discard(who)
            if team.get(chars.get(who, "")) == "demon":
                demon_death = ev["cause"]
            if ev["cause"] in ("demon", "ability") and ev.get("by"):
                count(chars.get(ev["by"]), "kills")
        elif t == "day":
            days += 1
            day_no = ev.get("number", days)
            day_alive = len(alive) + len(hidden)
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
                hidden.discard(ev["player"])
                alive.add(ev["player"])
                dead.discard(ev["player"])
        elif t == "death_prevented":
            count(ev["protector"], "kills_prevented")
        elif t == "death_redirected":
            count(ev["ability"], "deaths_redirected")
        elif t == "execution_redirected":
            count(ev["ability"], "executions_redirected")
        elif t == "effect":
            if ev["kind"] in DROISON:
                count(ev.get("ability"), "droisonings")
                if ev.get("ability"):
                    misinfo.add(ev["ability"])
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
        "confirmed": len(proven),
        "confirmed_day": min(proven.values()) if proven else None,
        "outsiders_public": outsiders_public,
        "misinfo": len(misinfo),
        "final_day": bool(over) and over.get("winner", "none") != "none"
        and day_alive in (3, 4),
    }
