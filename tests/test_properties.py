"""Random games across scripts and player counts: every game ends, and the rules' invariants hold.

2,000+ seeded games (the count is set by GAMES_PER_CASE). Each game is checked from its event
log, so the checks are independent of the engine's own bookkeeping.
"""
from __future__ import annotations

from collections import Counter

import pytest

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.engine.decisions import Decision
from clocktower.engine.runner import play
from clocktower.engine.setup import _counts
from clocktower.errors import SetupError
from clocktower.play import new_game
from clocktower.scripts import load_script

# TB at 5-15, the Saga at 5-9 (all it can seat), Regalia at 5-15 with 0-5 Travellers:
# 27 cases x 130 = 3,510 games; Alternate Endings at 5-15 with 0-5 Travellers: 11 x 70;
# The Return of Jafar likewise: 11 x 100.
GAMES_PER_CASE = 130


def _implemented(script: str) -> bool:
    return all(c in REGISTRY for c in load_script(script).characters)


class Checked:
    """Wraps an answerer: every answer must be one of the decision's legal options."""

    def __init__(self, inner):
        self.inner = inner
        self.count = 0

    def __call__(self, decision: Decision, game):
        ans = self.inner(decision, game)
        norm = decision.canonical(ans) if hasattr(decision, "canonical") and isinstance(ans, list) else ans
        assert decision.is_legal(norm), f"illegal answer {ans!r} to {decision.kind}"
        if isinstance(norm, dict) and "why" in norm:     # a judgement's reason, annotated
            norm = {k: v for k, v in norm.items() if k != "why"}
        if decision.kind != "day_action":
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
    # looks like a real use that did nothing).
    next_action = {"claim_ability", "nominate", "exile_vote", "day_end", "night"}
    for i, ev in enumerate(log):
        if ev["type"] == "claim_ability":
            first_public = next(e for e in log[i + 1:] if e["visible_to"] == "all")
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


CASES = [("trouble-brewing", n, 0) for n in range(5, 16)] + \
        [("the-saga-of-the-summoner", n, 0) for n in range(5, 10)] + \
        [("regalia", n, n % 6) for n in range(5, 16)] + \
        [("alternate-endings", n, n % 6) for n in range(5, 16)] + \
        [("the-return-of-jafar", n, n % 6) for n in range(5, 16)]
# Alternate Endings games cost more (the General's estimate plays continuations).
GAMES = {"alternate-endings": 70, "the-return-of-jafar": 100}


@pytest.mark.parametrize("script,players,travellers", CASES)
def test_random_games(script, players, travellers):
    assert _implemented(script)
    for seed in range(GAMES.get(script, GAMES_PER_CASE)):
        game = new_game(script, players, seed, travellers=travellers)
        game.answerers = {k: Checked(v) for k, v in game.answerers.items()}
        play(game)
        check_log(game, script, travellers)


def _dealt_and_acted(script_name: str, games: int) -> tuple[set, set]:
    """The characters dealt, and the abilities seen acting (an event their ability made),
    over `games` simulated games of a script at 5-15 players with 0-5 Travellers."""
    dealt: set[str] = set()
    acted: set[str] = set()
    for seed in range(games):
        game = new_game(script_name, 5 + seed % 11, seed, travellers=seed % 6)
        play(game)
        dealt |= {p["character"] for p in game.log[0]["players"]}
        acted |= {e.get("ability") for e in game.log
                  if e["type"] in ("wake", "learn", "choice", "claim_ability", "effect", "claim")}
        acted |= {e.get("character") for e in game.log if e["type"] in ("claim", "claim_ability")}
    return dealt, acted


# Characters that act by day (seen through their claims and uses), per script.
DAY_USERS = {
    "regalia": {"slayer", "gunslinger", "goblin"},
    "alternate-endings": {"artist", "alsaahir", "cultleader", "gangster", "goblin", "slayer"},
    "the-return-of-jafar": {"fisherman", "amnesiac", "slayer"},
}
# On Regalia's night sheet as reminders only: they never wake.
NEVER_WAKE = {"regalia": {"magician", "scarletwoman"}}


@pytest.mark.parametrize("script_name,games", [("regalia", 150), ("alternate-endings", 300),
                                               ("the-return-of-jafar", 300)])
def test_every_character_of_a_script_plays(script_name, games):
    """Every character of the script is dealt in some simulated game, and every one that
    wakes at night or acts by day is seen acting (an event made by its ability)."""
    script = load_script(script_name)
    dealt, acted = _dealt_and_acted(script_name, games)
    assert set(script.characters) <= dealt, sorted(set(script.characters) - dealt)
    wakers = {c for c in script.characters if D.get(c).first_night or D.get(c).other_night}
    wakers -= NEVER_WAKE.get(script_name, set())
    day_users = DAY_USERS[script_name] & set(script.characters)
    assert wakers | day_users <= acted, sorted((wakers | day_users) - acted)


@pytest.mark.parametrize("players", range(10, 16))
def test_the_saga_cannot_seat_ten_or_more(players):
    # Six Townsfolk and two Minions: 10+ players need 7+ Townsfolk, 13+ need 3 Minions.
    with pytest.raises(SetupError, match="cannot seat"):
        new_game("the-saga-of-the-summoner", players, 0)
