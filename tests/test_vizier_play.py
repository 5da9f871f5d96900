"""The evil Vizier's play (`plays._vizier`): hidden by the Investigator's jinx on The Return
of Jafar, it keeps its immediate execution for the last days (`plays.VIZIER_LATE` alive or
fewer): its first use tells the town who it is, and the good bots then guard their hands."""
from clocktower.agents import plays as P
from clocktower.agents.policies import make_agents
from clocktower.engine.runner import play
from clocktower.play import NAMES, new_game


def test_a_hidden_evil_vizier_waits_for_the_last_days():
    uses = 0
    for n, seeds in ((10, range(40)), (13, range(40))):
        for seed in seeds:
            g = new_game("the-return-of-jafar", n, seed,
                         agents=make_agents(NAMES[:n], seed, "reasoning", "reasoning"))
            play(g)
            setup = next(e for e in g.log if e["type"] == "setup")
            align = {p["name"]: p["alignment"] for p in setup["players"]}
            alive = set(align)
            used: set[str] = set()
            for e in g.log:
                if e["type"] == "death":
                    alive.discard(e["player"])
                elif e["type"] == "revive":
                    alive.add(e["player"])
                elif e["type"] == "claim_ability" and e.get("character") == "vizier" \
                        and align.get(e["player"]) == "evil":
                    assert e["player"] in used or len(alive) <= P.VIZIER_LATE, \
                        (n, seed, e, len(alive))
                    used.add(e["player"])
                    uses += 1
            g.dispose()
    assert uses >= 5
