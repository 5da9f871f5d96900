"""Rules invariants checked on a finished game's event log, shared by the property tests
(tests/test_properties.py, tests/test_movers.py) and the rules sweep (tools/sweep.py).

`Checked` wraps an answerer and asserts every answer is legal; `check_log` checks the rules
every game must keep (setup counts, Travellers, deaths, nominations, votes, executions);
`check_movers` checks the ability movers (Philosopher, Alchemist, Snake Charmer, Courtier);
`catalogued_types` checks every event against the event catalogue (engine/events.py).
Each check reads the log only, independently of the engine's own bookkeeping, and fails with
an AssertionError saying what broke.
"""
from __future__ import annotations

import json
from collections import Counter

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.engine.decisions import Decision
from clocktower.engine.events import validate_event
from clocktower.engine.setup import _counts
from clocktower.scripts import load_script


def catalogued_types(log, where: str = "") -> set[str]:
    """The event types of `log`, each event checked against the catalogue
    (`validate_event`) and as JSON; a problem fails naming `where` and the event."""
    seen = set()
    for i, ev in enumerate(log):
        problems = validate_event(ev)
        assert not problems, f"{where}, event {i}: {problems}: {ev}"
        json.dumps(ev)
        seen.add(ev["type"])
    return seen


class Checked:
    """Wraps an answerer: every answer must be one of the decision's legal options."""

    def __init__(self, inner):
        self.inner = inner
        self.count = 0
        # A speaking answerer is given turns to talk (`runner.talk_turn`): so is its wrapper.
        self.speaks = getattr(inner, "speaks", False) is True

    def __call__(self, decision: Decision, game):
        ans = self.inner(decision, game)
        norm = decision.canonical(ans) if hasattr(decision, "canonical") and isinstance(ans, list) else ans
        assert decision.is_legal(norm), f"illegal answer {ans!r} to {decision.kind}"
        if isinstance(norm, dict) and "why" in norm:     # a judgement's reason, annotated
            norm = {k: v for k, v in norm.items() if k != "why"}
        if decision.kind not in ("day_action", "speak"):     # a claim is never listed
            assert norm in decision.options() or decision.kind == "vote", \
                f"{ans!r} not among the listed options of {decision.kind}"
        self.count += 1
        return ans


def check_log(game, script, travellers: int = 0) -> None:
    log = game.log
    assert log[-1]["type"] == "game_over", "the game did not end"
    assert game.winner in ("good", "evil"), f"no winner: {game.win_reason}"
    setup = log[0]
    everyone = [p["name"] for p in setup["players"]]
    trav = [p for p in setup["players"] if p.get("traveller")]
    assert len(trav) == travellers
    # Travellers: distinct, from the script, each given an alignment by the Storyteller.
    assert len({p["character"] for p in trav}) == len(trav)
    assert all(D.get(p["character"]).team == "traveller" for p in trav)
    on_script = {c for c in load_script(script).characters if D.get(c).team == "traveller"}
    if len(trav) <= len(on_script):
        assert all(p["character"] in on_script for p in trav)
    else:       # more join than the script lists: all of the script's, then others
        assert on_script <= {p["character"] for p in trav}
    aligned = {e["player"] for e in log if e["type"] == "traveller_alignment"}
    assert aligned == {p["name"] for p in trav}
    n = len(setup["players"]) - len(trav)
    # Character counts after setup changes: exactly the table (Travellers not counted), adjusted.
    dealt = [p["character"] for p in setup["players"] if not p.get("traveller")]
    chosen = dealt + setup["not_dealt"]
    # A character seated beside the Demon after the deal (the Marionette) was drawn in its
    # team and not dealt; a good token was dealt in its place, which that player believes
    # (their setup `learn` shows it).
    seated_later = {c for c in chosen if (D.get(c).setup_change or {}).get("neighbours_demon")}
    teams = Counter(D.get(c).team for c in chosen)
    for p in setup["players"]:
        if p["character"] in seated_later:
            shown = next(e["character"] for e in log if e["type"] == "learn"
                         and e.get("ability") == "setup" and e["player"] == p["name"])
            teams[D.get(shown).team] += 1
    # A required character ([+the Damsel]) moves a slot only if it was not drawn anyway:
    # the bag must fit one of the two readings.
    memo = _memo_from(log, chosen)
    required = {D.get(c).setup_change["requires"] for c in chosen
                if D.get(c).setup_change and "requires" in D.get(c).setup_change}
    fits = []
    for added in ({*()}, required):
        counts, _forced, not_dealt = _counts(D.player_counts(n), chosen, lambda c, o: None,
                                             memo, added)
        fits.append(all(teams[t] == counts[t] for t in ("townsfolk", "outsider", "minion", "demon")))
    assert any(fits), f"team counts {dict(teams)} fit no reading of the setup for {chosen}"
    assert set(not_dealt) - seated_later == set(setup["not_dealt"]) - seated_later
    # Walk the log: deaths, nominations, votes, executions.
    alive = {p["name"]: True for p in setup["players"]}
    character = {p["name"]: p["character"] for p in setup["players"]}   # (swaps move them)
    ghost_spent: set[str] = set()
    executions_by_day: Counter = Counter()
    for ev in log:
        t = ev["type"]
        if t == "death":
            alive[ev["player"]] = False
        elif t == "character_change":
            character[ev["player"]] = ev["new"]
        elif t == "nominate":
            assert alive[ev["by"]], f"dead {ev['by']} nominated on day {ev['number']}"
        elif t == "nomination":
            # While a Voudon lives, the dead vote without ghost votes (not checked then).
            voudon = any(alive[n] for n, c in character.items() if c == "voudon")
            for v in ev["voters"]:
                if not alive[v] and not voudon:
                    assert v not in ghost_spent, f"{v} voted twice while dead"
                    ghost_spent.add(v)
        elif t == "execution":
            executions_by_day[ev["number"]] += 1
        elif t == "exile_vote":
            # At least half of all players, alive or dead; no ghost vote is spent.
            assert ev["threshold"] == -(-len(everyone) // 2)
            exiled = ev["votes"] >= ev["threshold"]
            nxt = log[log.index(ev) + 1]
            assert (nxt["type"] == "exile") == exiled, (ev, nxt)
            assert ev["target"] in {p["name"] for p in trav}
        elif t == "game_over" and "two players" in ev["reason"]:
            living_dealt = [p["name"] for p in setup["players"]
                            if alive[p["name"]] and not p.get("traveller")]
            assert len(living_dealt) <= 2, living_dealt
    assert all(k <= 1 for k in executions_by_day.values()), executions_by_day
    # A public day ability use always has a public outcome (a pretend or a malfunction
    # looks like a real use that did nothing). Players' talk (`claim`: a reasoning bot
    # saying what it learned) is not an outcome.
    next_action = {"claim_ability", "nominate", "exile_vote", "day_end", "night"}
    for i, ev in enumerate(log):
        if ev["type"] == "claim_ability":
            first_public = next(e for e in log[i + 1:]
                                if e["visible_to"] == "all" and e["type"] != "claim")
            cls = REGISTRY.get(ev["character"])
            if cls is not None and cls.private_args:
                # A private request (the Artist's question): nothing public follows, real
                # use or pretend alike.
                assert first_public["type"] in next_action | {"execution", "game_over"}, \
                    (ev, first_public)
            else:
                assert first_public["type"] not in next_action, (ev, first_public)
    nominators = Counter((e["number"], e["by"]) for e in log if e["type"] == "nominate")
    nominees = Counter((e["number"], e["target"]) for e in log if e["type"] == "nominate")
    assert max(nominators.values(), default=0) <= 1
    assert max(nominees.values(), default=0) <= 1


def _memo_from(log, chosen):
    """Setup choices the Storyteller made (e.g. Balloonist's +0/+1) as recorded in the log."""
    memo = {}
    for ev in log:
        if ev["type"] == "decision" and str(ev.get("key", "")).startswith("setup."):
            memo[ev["key"].split(".", 1)[1]] = ev["answer"]
    return memo



def check_movers(game, seed):
    """The movers' invariants and that every event is well-formed (`seed` labels failures)."""
    log = game.log
    for e in log:
        assert not validate_event(e), (seed, e, validate_event(e))
    setup = next(e for e in log if e["type"] == "setup")
    first = {p["name"]: p["character"] for p in setup["players"]}
    for i, e in enumerate(log):
        t = e["type"]
        if t == "ability_granted":
            if e["source"] == "alchemist":
                assert D.get(e["ability"]).team == "minion", (seed, e)
                # The Alchemist-Spy jinx, when both are on the script (an Amnesiac's
                # Alchemist ability on a script without the Alchemist has no jinx): the Spy
                # ability only while a Spy is in play. No Summoner's on a Summoner script.
                jinxed = "alchemist" in game.script.characters
                assert not (e["ability"] == "summoner"
                            and "summoner" in game.script.characters), (seed, e)
                assert not (jinxed and e["ability"] == "spy" and "spy" in game.script.characters
                            and "spy" not in first.values()), (seed, e)
            elif e["source"] == "philosopher":     # (the Amnesiac's are not the movers')
                assert D.get(e["ability"]).team in ("townsfolk", "outsider"), (seed, e)
        # A Snake Charmer's swap: the old Demon becomes the good Snake Charmer, poisoned.
        if t == "ability_triggered" and e["ability"] == "snakecharmer":
            rest = log[i + 1:]
            swap = [x for x in rest[:8] if x["type"] == "character_change"]
            assert len(swap) == 2 and swap[0]["swapped_with"] == e["target"], (seed, e)
            # (a Philosopher's drunkenness may follow the Snake Charmer character first)
            poison = next(x for x in rest if x["type"] == "effect"
                          and x.get("ability") == "snakecharmer")
            assert poison["kind"] == "poisoned" and poison["target"] == e["target"], (seed, e)
    # Once per game: one Philosopher and one Courtier choice per player.
    for ab in ("philosopher", "courtier"):
        chose = [e["player"] for e in log if e["type"] == "choice" and e["ability"] == ab]
        assert len(chose) == len(set(chose)), (seed, ab, chose)
    # The Courtier's drunkenness ends at dusk of the third night after the choice.
    for e in log:
        if e["type"] == "effect" and e["ability"] == "courtier":
            drunk = [x for x in game.by_name[e["target"]].effects
                     if x.source is not None and x.source.id == "courtier"]
            assert all(x.ends == ("dusk", e["number"] + 3) for x in drunk), (seed, e)
            assert all(game.night < e["number"] + 3 for x in drunk), (seed, e)
    # The Alchemist is good and never learns evil info (while they are the Alchemist: one
    # the Kazali makes a Minion learns the Minions' info).
    character = dict(first)
    for e in log:
        if e["type"] == "character_change":
            character[e["player"]] = e["new"]
        elif e["type"] == "learn" and e.get("ability") in ("minioninfo", "demoninfo"):
            assert character.get(e["player"]) != "alchemist", (seed, e)


def check_table(game) -> None:
    """The table as the log tells it stays consistent: only the living die (a Zombuul's
    first, apparent death excepted) and only the dead are revived; a character or alignment
    change starts from the one the log last gave; at the start of each phase no two living
    players are the same character (Travellers too: a Barber may swap one with the Demon),
    and after a day a Demon lives (scripts with a Summoner, a Lil' Monsta or an Evil Twin
    aside: a game may go on without one); the Demon-dead and Mayor endings fit the table;
    nothing follows the end."""
    log = game.log
    setup = next(e for e in log if e["type"] == "setup")
    alive = {p["name"]: True for p in setup["players"]}
    char = {p["name"]: p["character"] for p in setup["players"]}
    align = {p["name"]: p.get("alignment") for p in setup["players"]}
    apparent: set[str] = set()         # registers as dead, lives (the Zombuul)
    no_demon_ok = bool({"summoner", "lilmonsta", "eviltwin"} & set(game.script.characters))
    phase = None
    over = None
    for e in log:
        assert over is None, ("an event after the game ended", over, e)
        t = e["type"]
        if (e["phase"], e["number"]) != phase:
            living = [char[n] for n in alive if alive[n]]    # (a Barber may swap a Traveller)
            same = [c for c, k in Counter(living).items() if k > 1]
            assert not same, ("two living players are the same character", same, e)
            if phase is not None and phase[0] == "day" and not no_demon_ok:
                assert any(D.get(c).team == "demon" for c in living), \
                    ("no Demon lives and the game goes on", e)
            phase = (e["phase"], e["number"])
        if t == "reminder" and (e.get("apparent_death") or e.get("secretly_alive")):
            # (the second: a dead player the Summoner made the Zombuul has died once)
            apparent.add(e["player"])
            alive[e["player"]] = True
        elif t == "death":
            if e["player"] in apparent and not e.get("already_registered_dead"):
                continue
            assert alive[e["player"]], ("a dead player dies", e)
            alive[e["player"]] = False
        elif t == "revive":
            assert not alive[e["player"]], ("a living player is revived", e)
            alive[e["player"]] = True
        elif t == "character_change":
            assert e["old"] == char[e["player"]], (e, char[e["player"]])
            char[e["player"]] = e["new"]
        elif t == "alignment_change":
            assert align[e["player"]] in (None, e["old"]), (e, align[e["player"]])
            align[e["player"]] = e["new"]
        elif t == "traveller_alignment":
            align[e["player"]] = e.get("alignment")
        elif t == "game_over":
            over = e
            living = [n for n in alive if alive[n]]
            if e["code"] == "demon_dead":
                assert not any(D.get(char[n]).team == "demon" for n in living), (e, living)
            elif e["code"] == "mayor":      # Travellers count; a 'dead' Zombuul is dead
                shown = [n for n in alive if alive[n] and n not in apparent]
                assert len(shown) == 3, (e, shown)
