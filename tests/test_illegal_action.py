"""An action the rules refuse is an IllegalAction (a ClocktowerError: one line, exit 2)."""
import pytest

from clocktower.engine.inputs import day_action
from clocktower.errors import ClocktowerError, IllegalAction
from clocktower.play import new_game


def test_refused_actions_are_illegal_actions():
    g = new_game("trouble-brewing", 5, 0)
    from clocktower.engine.setup import setup_random
    setup_random(g, [f"P{i}" for i in range(5)], 0)
    g.phase, g.day = "day", 1
    a, b = g.players[0].name, g.players[1].name
    assert issubclass(IllegalAction, ClocktowerError)
    with pytest.raises(IllegalAction, match="named no player|names no player"):
        g.ruling({"action": "kill", "player": "Nobody"})
    with pytest.raises(IllegalAction, match="exile"):
        day_action(g, a, {"exile": b, "votes": []})
    n = len(g.log)
    day_action(g, a, {"nominate": b, "votes": []})
    with pytest.raises(IllegalAction):
        day_action(g, a, {"nominate": a, "votes": []})     # a second nomination today
    assert g.log[n]["type"] == "decision"



def test_the_written_action_check_is_the_engines_own(monkeypatch):
    """`inputs.refusal` asks the engine's check functions, the ones `Game.nominate` and the
    day-ability use make: a change to one reaches both (issue 19: they had drifted apart
    as two copies)."""
    from clocktower.engine import day, inputs
    g = new_game("trouble-brewing", 5, 0)
    from clocktower.engine.setup import setup_random
    setup_random(g, [f"P{i}" for i in range(5)], 0)
    g.phase, g.day = "day", 1
    a, b, c = (p.name for p in g.players[:3])
    g.by_name[c].alive, g.by_name[c].ghost_vote = False, False
    why = f"{c} is dead and has no ghost vote left"
    assert inputs.refusal(g, a, {"nominate": b, "votes": [c]}) == why
    n = len(g.log)
    with pytest.raises(IllegalAction, match=why):
        g.nominate(g.by_name[a], g.by_name[b], votes=[c])
    assert len(g.log) == n          # refused before anything happened
    seen = []
    real = day.nomination_refusal

    def spy(game, by, target, votes=None):
        seen.append(votes)
        return real(game, by, target, votes)
    monkeypatch.setattr(day, "nomination_refusal", spy)
    inputs.refusal(g, a, {"nominate": b, "votes": []})
    assert seen == [[]]
    for seed in range(40):
        g = new_game("trouble-brewing", 5, seed)
        g.phase, g.day = "day", 1
        slayer = next((p for p in g.players if p.character == "slayer"), None)
        if slayer is not None:
            break
    assert slayer is not None
    other = next(p.name for p in g.players if p is not slayer)
    why = f"{slayer.name} cannot use slayer with {{'target': 'Nobody'}} now"
    assert day.day_use_refusal(g, slayer, "slayer", {"target": "Nobody"}) == why
    assert inputs.refusal(g, slayer.name, {"ability": "slayer", "target": "Nobody"}) == why
    with pytest.raises(IllegalAction, match="cannot use slayer"):
        day.day_use(g, slayer, "slayer", {"target": "Nobody"})
    assert day.day_use_refusal(g, slayer, "slayer", {"target": other}) is None
    used = []
    monkeypatch.setattr(day, "day_use_refusal",
                        lambda game, by, cid, args: used.append(cid) or "no")
    assert inputs.refusal(g, slayer.name, {"ability": "slayer", "target": other}) == "no"
    assert used == ["slayer"]
