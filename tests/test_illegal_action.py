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

