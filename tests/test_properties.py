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

GAMES_PER_CASE = 130         # TB at 5-15 and the Saga at 5-9 (all it can seat): 16 x 130 = 2,080 games


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
        if decision.kind != "day_action":
            assert norm in decision.options() or decision.kind == "vote", \
                f"{ans!r} not among the listed options of {decision.kind}"
        self.count += 1
        return ans


def check_log(game, script) -> None:
    log = game.log
    assert log[-1]["type"] == "game_over", "the game did not end"
    assert game.winner in ("good", "evil"), f"no winner: {game.win_reason}"
    setup = log[0]
    n = len(setup["players"])
    # Character counts after setup changes: exactly the table, adjusted.
    dealt = [p["character"] for p in setup["players"]]
    chosen = dealt + setup["not_dealt"]
    counts, _forced, not_dealt = _counts(D.player_counts(n), chosen, lambda c, o: None,
                                         _memo_from(log, chosen))
    teams = Counter(D.get(c).team for c in chosen)
    for team in ("townsfolk", "outsider", "minion", "demon"):
        assert teams[team] == counts[team], f"{team}: {teams[team]} != {counts[team]} for {chosen}"
    assert set(not_dealt) == set(setup["not_dealt"])
    # Walk the log: deaths, nominations, votes, executions.
    alive = {p["name"]: True for p in setup["players"]}
    ghost_spent: set[str] = set()
    executions_by_day: Counter = Counter()
    for ev in log:
        t = ev["type"]
        if t == "death":
            alive[ev["player"]] = False
        elif t == "nominate":
            assert alive[ev["by"]], f"dead {ev['by']} nominated on day {ev['number']}"
        elif t == "nomination":
            for v in ev["voters"]:
                if not alive[v]:
                    assert v not in ghost_spent, f"{v} voted twice while dead"
                    ghost_spent.add(v)
        elif t == "execution":
            executions_by_day[ev["number"]] += 1
    assert all(k <= 1 for k in executions_by_day.values()), executions_by_day
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


CASES = [("trouble-brewing", n) for n in range(5, 16)] + \
        [("the-saga-of-the-summoner", n) for n in range(5, 10)]


@pytest.mark.parametrize("script,players", CASES)
def test_random_games(script, players):
    assert _implemented(script)
    for seed in range(GAMES_PER_CASE):
        game = new_game(script, players, seed)
        game.answerers = {k: Checked(v) for k, v in game.answerers.items()}
        play(game)
        check_log(game, script)


@pytest.mark.parametrize("players", range(10, 16))
def test_the_saga_cannot_seat_ten_or_more(players):
    # Six Townsfolk and two Minions: 10+ players need 7+ Townsfolk, 13+ need 3 Minions.
    with pytest.raises(SetupError, match="cannot seat"):
        new_game("the-saga-of-the-summoner", players, 0)
