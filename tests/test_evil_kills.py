"""Where evil lost Trouble Brewing games it could have saved (seventh session, docs/bots.md
"Evil's kills, its star-pass and its last votes (seventh session)"): the Demon's night
kill by what the kill is worth (`reasoning.night_worth`: the claimed Slayer who has not
shot first, never a claimed Soldier while others are left), the Imp's star-pass when the
town suspects it most, and evil's hands at the last days when its Demon is about to die."""
from clocktower import data as D
from clocktower.agents.plays import about_to_die
from clocktower.agents.reasoning import ReasoningBot, night_worth
from clocktower.play import NAMES, play_game

from beliefs_table import add_public, day_one_table

TEAMS = D.teams()
CLAIMS = {"Bob": "soldier", "Cat": "slayer", "Dan": "empath", "Eve": "ravenkeeper",
          "Fay": "monk", "Gus": "virgin"}
TRUST = {"Bob": 0.01, "Gus": 0.02, "Eve": 0.03, "Dan": 0.10, "Cat": 0.20, "Fay": 0.30}


def test_the_demon_kills_the_unfired_slayer_and_the_monk_first_and_the_soldier_last():
    """A claimed Slayer who has not shot and a claimed Monk first (the shot would end the
    game; the Monk keeps saving the rest), then by trust; a claimed Soldier (the kill
    fails) and a claimed Ravenkeeper (the kill hands them information) last, however much
    the town trusts them. Before: every claimed protector first, the Soldier included, and
    the Slayer by trust alone (at 8 players the Soldier was the Demon's commonest victim:
    87 kills in 300 games, every one wasted)."""
    t = day_one_table("trouble-brewing", CLAIMS)
    bot = ReasoningBot(0, "Ann")
    order = bot._targets(t, list(CLAIMS), TRUST)
    assert order == ["Cat", "Fay", "Gus", "Dan", "Bob", "Eve"]
    assert [night_worth(t, n, c) for n, c in CLAIMS.items()] == [2, 0, 1, 2, 0, 1]


def test_a_spent_ability_is_worth_less_to_kill():
    """A Slayer who has fired and a Virgin who was nominated have nothing left to use:
    their kills come after everyone else's but the Soldier's and Ravenkeeper's kind."""
    t = day_one_table("trouble-brewing", CLAIMS)
    add_public(t, type="claim_ability", player="Cat", character="slayer", target="Dan")
    add_public(t, type="nothing_happens", ability="slayer", player="Cat")
    add_public(t, type="nominate", by="Dan", target="Gus")
    assert night_worth(t, "Cat", "slayer") == 2
    assert night_worth(t, "Gus", "virgin") == 2
    bot = ReasoningBot(0, "Ann")
    assert bot._targets(t, list(CLAIMS), TRUST) == ["Fay", "Dan", "Bob", "Gus", "Eve", "Cat"]


def _games(n, seeds):
    for s in seeds:
        yield play_game("trouble-brewing", n, s,
                        agents={m: ReasoningBot(s, m) for m in NAMES[:n]})


def test_evil_hands_go_to_a_good_nominee_when_its_demon_is_about_to_die_at_the_end():
    """Four or fewer alive and the Demon about to die (today's tallies): every living evil
    voter raises its hand for a good nominee (a tie saves the Demon, more hands put the
    good nominee to death instead). Before, they held their hands down there."""
    seen = 0
    for g in _games(8, range(150)):
        setup = next(e for e in g.log if e["type"] == "setup")
        who = {p["name"]: (p["character"], p["alignment"]) for p in setup["players"]}
        demons = {n for n, (c, _a) in who.items() if TEAMS.get(c) == "demon"}
        dead: set = set()
        today: list = []
        for ev in g.log:
            t = ev["type"]
            if t in ("character_change", "alignment_change"):
                break
            if t == "death":
                dead.add(ev["player"])
            elif t == "day":
                today = []
            elif t == "nomination":
                living = len(who) - len(dead)

                class _View:
                    nominations = today
                doomed = about_to_die(_View)
                nominee = ev["target"]
                if living <= 4 and doomed in demons and who[nominee][1] == "good":
                    voters = [n for n, (_c, a) in who.items() if a == "evil"
                              and n not in dead and n != nominee]
                    for n in voters:
                        assert n in ev["voters"], (g.seed, ev)
                        seen += 1
                today = today + [ev]
    assert seen >= 3


def test_the_imp_passes_its_star_when_the_town_suspects_it_most():
    """The Imp passes its star (kills itself, a Minion becomes the Imp) when the table
    suspects it at STAR_PASS_AT or more and most of all: at 0.3 since the seventh session
    (an Imp suspected most at 0.3-0.4 at nightfall was executed the next day in 33 of 38
    such nights), more often than at 0.45 before (6 in these 150 games; 12 now)."""
    passes = sum(1 for g in _games(8, range(150)) for ev in g.log
                 if ev["type"] == "star_pass")
    assert passes >= 10
