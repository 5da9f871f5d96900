"""The evil bots' plays (clocktower/agents/reasoning.py, plays.py): holding the first claim
until the town has spoken, pretended Slayer shots, and the per-character plays."""
from clocktower.agents.reasoning import ReasoningBot
from clocktower.play import NAMES, play_game


def _games(script, n, seeds):
    for s in seeds:
        yield play_game(script, n, s, agents={m: ReasoningBot(s, m) for m in NAMES[:n]})


def _setup(g):
    setup = next(e for e in g.log if e["type"] == "setup")
    return {p["name"]: (p["character"], p["alignment"]) for p in setup["players"]}


def test_evil_bluffs_are_characters_no_good_player_claimed_first():
    """An evil player's first claim is made after the good players' on day 1, so no good
    player claims the same character before or after (a Drunk aside: its Townsfolk is
    not in play either)."""
    dups = 0
    for g in _games("trouble-brewing", 10, range(30)):
        who = _setup(g)
        first: dict = {}
        for ev in g.log:
            if ev["type"] == "claim":
                first.setdefault(ev["player"], ev["character"])
        evil = {first[n] for n in first if who[n][1] == "evil"}
        dups += sum(1 for n, c in first.items() if who[n][1] == "good" and c in evil)
    assert dups == 0


def test_an_evil_slayer_bluffer_pretends_a_shot_and_a_minion_shoots_its_demon():
    shots = at_demon = 0
    for g in _games("trouble-brewing", 10, range(80)):
        who = _setup(g)
        demon = {n for n, (c, a) in who.items() if c == "imp"}
        for i, ev in enumerate(g.log):
            if ev["type"] != "claim_ability" or ev["character"] != "slayer":
                continue
            if who[ev["player"]][0] == "slayer":
                continue
            shots += 1
            assert who[ev["player"]][1] == "evil"       # good bots never pretend
            assert any(e["type"] == "no_effect" and e.get("effect") == "pretend"
                       for e in g.log[i:i + 4])
            if who[ev["player"]][0] != "imp" and ev["target"] in demon:
                at_demon += 1
    assert shots > 0 and at_demon > 0
