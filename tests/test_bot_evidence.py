"""The reasoning bots' beliefs from what the table saw happen (clocktower/agents/beliefs.py,
"Evidence"): votes and nominations, Demon shots, the Virgin, quiet nights."""
from clocktower import data as D
from clocktower.agents import beliefs as B
from beliefs_table import add_public, day_one_table

CLAIMS = {"Ann": "chef", "Bob": "washerwoman", "Cat": "monk", "Dan": "soldier",
          "Eve": "empath", "Fay": "undertaker", "Gus": "slayer"}
NAMES = list(CLAIMS)
TEAMS = D.teams()


def _table(claims=CLAIMS):
    return day_one_table("trouble-brewing", claims)


_pub = add_public


def _nominate(t, by, target, voters):
    _pub(t, type="nominate", by=by, target=target)
    _pub(t, type="nomination", by=by, target=target, voters=voters, votes=len(voters),
         threshold=4)


def test_a_slayer_shot_that_does_nothing_clears_its_target_of_being_the_demon():
    before = _table().public_demon()["Cat"]
    t = _table()
    _pub(t, type="claim_ability", player="Gus", character="slayer", target="Cat")
    _pub(t, type="nothing_happens", ability="slayer", player="Gus", target="Cat")
    after = t.public_demon()
    assert after["Cat"] < before / 3
    # ... unless the shooter is evil: then the shot said nothing, and Gus is a suspect
    assert t.public_evil()["Gus"] > _table().public_evil()["Gus"]


def test_a_slayer_shot_that_killed_proves_the_shooter():
    t = _table()
    _pub(t, type="claim_ability", player="Gus", character="slayer", target="Cat")
    _pub(t, type="death", player="Cat", cause="ability", by="Gus")
    assert t.public_evil()["Gus"] < 0.05


def test_a_virgin_trigger_proves_the_nominator_and_the_virgin():
    claims = dict(CLAIMS, Cat="virgin")
    t = _table(claims)
    _pub(t, type="nominate", by="Ann", target="Cat")
    _pub(t, type="ability_triggered", ability="virgin", player="Cat", target="Ann")
    _pub(t, type="execution", player="Ann", votes=None)
    _pub(t, type="death", player="Ann", cause="execution", by=None)
    e = t.public_evil()
    assert e["Ann"] < 0.05 and e["Cat"] < 0.05
    # no trigger from a claimed Townsfolk's nomination: one of the two is probably evil
    t2 = _table(claims)
    _nominate(t2, "Ann", "Cat", [])
    e2 = t2.public_evil()
    base = _table(claims).public_evil()
    # (not both: an evil player nominates a teammate almost never, `reads.NOMINATE_TEAMMATE`)
    assert e2["Ann"] + e2["Cat"] > base["Ann"] + base["Cat"] + 0.2


def test_evil_votes_are_evidence():
    """Three nominations of good-claiming players; the same two hands (Dan and Fay) go up
    every time, nobody else's: at 7 players (a Demon and a Minion) they are the suspects.
    How much: as much as evil's measured hands say in that spot (few hands, short of the
    bar: an evil voter raises a hand there a little more often than a good one,
    `reads.spot`, clocktower/data/hands.json)."""
    t = _table()
    _nominate(t, "Dan", "Ann", ["Dan", "Fay"])
    _nominate(t, "Fay", "Bob", ["Dan", "Fay"])
    _nominate(t, "Dan", "Cat", ["Dan", "Fay"])
    e = t.public_evil()
    assert sorted(e, key=e.get)[-2:] in (["Dan", "Fay"], ["Fay", "Dan"])
    # a good player who knows they are not evil: the two are the evil pair
    mine = t.evil_chances("Ann")
    before = _table().evil_chances("Ann")
    assert sorted(mine, key=mine.get)[-2:] in (["Dan", "Fay"], ["Fay", "Dan"])
    assert mine["Dan"] > before["Dan"] + 0.05 and mine["Fay"] > before["Fay"] + 0.05


def test_a_quiet_night_with_a_claimed_protector_trusts_the_protector():
    t = _table()
    _pub(t, type="dawn", phase="night", number=2, deaths=[])
    base = _table().public_evil()
    e = t.public_evil()
    assert e["Cat"] < base["Cat"] and e["Dan"] < base["Dan"]     # the Monk, the Soldier
    assert B.protects("monk") and B.protects("soldier") and not B.protects("empath")


def test_evidence_is_deterministic_and_only_public_events_count():
    a, b = _table(), _table()
    for t in (a, b):
        _nominate(t, "Dan", "Ann", ["Dan", "Fay", "Gus"])
    assert a.public_demon() == b.public_demon()
    b.add({"type": "choice", "visible_to": ["Dan"], "phase": "night", "number": 2,
           "player": "Dan", "players": ["Ann"]})
    assert a.public_demon() == b.public_demon()


# ---- the evil bots' play ------------------------------------------------------------------
def _games(script, n, seeds):
    from clocktower.agents.reasoning import ReasoningBot
    from clocktower.play import NAMES, play_game
    for s in seeds:
        yield play_game(script, n, s, agents={m: ReasoningBot(s, m) for m in NAMES[:n]})


def _alignments(g):
    setup = next(e for e in g.log if e["type"] == "setup")
    return {p["name"]: p["alignment"] for p in setup["players"]}


def test_evil_votes_are_not_a_bloc():
    """Evil hands go up for a teammate now and then, and not for every good nominee."""
    on_mate = on_good = good_noms = 0
    for g in _games("trouble-brewing", 10, range(40)):
        al = _alignments(g)
        evil = {n for n, a in al.items() if a == "evil"}
        for ev in g.log:
            if ev["type"] != "nomination":
                continue
            hands = set(ev["voters"]) & evil - {ev["target"]}
            if ev["target"] in evil:
                on_mate += len(hands)
            else:
                good_noms += len(evil - {ev["target"]})
                on_good += len(hands)
    assert on_mate > 0
    assert 0 < on_good < good_noms


def test_evil_claims_follow_one_team_plan():
    """No two evil players claim the same character at once (their plan gives each its
    own). A claim a teammate gave up (a Minion giving itself up claims the Demon) is free
    again: seed 22 at 13 players, since the fourth session's evil votes, has a Spy take the
    Ravenkeeper its Poisoner gave up the day before."""
    for g in _games("trouble-brewing", 13, range(30)):
        al = _alignments(g)
        now: dict = {}
        for ev in g.log:
            if ev["type"] == "claim" and al[ev["player"]] == "evil":
                held = {c for n, c in now.items() if n != ev["player"]}
                assert ev["character"] not in held or TEAMS.get(ev["character"]) == "demon", \
                    (ev, now)
                now[ev["player"]] = ev["character"]


def test_the_imp_star_passes_to_a_living_minion():
    passes = 0
    for g in _games("trouble-brewing", 13, range(60)):
        for ev in g.log:
            if ev["type"] == "star_pass":
                passes += 1
                assert ev["to"] != ev["player"]
    assert passes > 0


def test_an_evil_goblin_claims_when_nominated():
    claims = 0
    for g in _games("alternate-endings", 10, range(120)):
        setup = next(e for e in g.log if e["type"] == "setup")
        goblin = next((p["name"] for p in setup["players"] if p["character"] == "goblin"),
                      None)
        if goblin is None:
            continue
        for i, ev in enumerate(g.log):
            if ev["type"] == "nominate" and ev["target"] == goblin:
                asked = [e for e in g.log[i:i + 6]
                         if e["type"] == "decision" and e.get("who") == goblin
                         and e.get("kind") == "claim"]
                if asked:
                    assert asked[0]["answer"] == "goblin"
                    claims += 1
    assert claims > 0
