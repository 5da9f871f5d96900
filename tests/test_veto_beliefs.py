"""The beliefs on a script with a Minion whose own rule vetoes good's win (the Evil Twin,
"good can't win if you both live": `beliefs.veto_share`): the game going on after an
execution does not prove the executed player was not the Demon, a good bot then looks for
the living Minion that holds the veto (`Table.target_chances`), and two players who
nominated each other may be the Twins (`TWIN_PAIR`, `Table._pair_hand`)."""
from clocktower.agents import beliefs as B
from beliefs_table import add_public, day_one_table

CLAIMS = {"Ann": "balloonist", "Bob": "general", "Cat": "artist", "Dan": "courtier",
          "Eve": "slayer", "Fay": "mayor", "Gus": "highpriestess"}


def _table(script: str, claims=CLAIMS):
    return day_one_table(script, claims)


_pub = add_public


def _nominate(t, by, target, voters, number=1):
    _pub(t, type="nominate", by=by, target=target, number=number)
    _pub(t, type="nomination", by=by, target=target, voters=voters, votes=len(voters),
         threshold=4, number=number)


def _execute(t, who, voters):
    _nominate(t, "Bob", who, voters)
    _pub(t, type="execution", player=who, votes=len(voters))
    _pub(t, type="death", player=who, cause="execution", by=None)
    _pub(t, type="day_end", executed=who)


def test_the_veto_share_is_read_from_the_minions_rule_code():
    assert B.veto_share(["eviltwin", "goblin", "poisoner", "fearmonger", "imp"]) == 0.25
    assert B.veto_share(["poisoner", "spy", "baron", "scarletwoman", "imp"]) == 0.0


def test_a_game_going_on_after_an_execution_leaves_the_executed_a_possible_demon():
    voters = ["Bob", "Cat", "Dan", "Eve"]
    t = _table("alternate-endings")
    _execute(t, "Gus", voters)
    # With an Evil Twin on the script, Gus may have been the Demon (the veto)...
    assert t.public_demon()["Gus"] > 0.02
    # ... and a good bot's target is then a living Minion: the chances on the dead go to
    # the living, and sum to one.
    target = t.target_chances("Ann")
    assert target["Gus"] == 0.0
    assert abs(sum(target.values()) - 1.0) < 1e-9
    demon = t.demon_chances("Ann")
    living = [n for n in CLAIMS if n not in ("Ann", "Gus")]
    assert sum(target[n] for n in living) > sum(demon[n] for n in living) + 0.02
    # Without such a Minion on the script (Trouble Brewing), the game going on proves it.
    tb = _table("trouble-brewing", {"Ann": "chef", "Bob": "washerwoman", "Cat": "monk",
                                    "Dan": "soldier", "Eve": "empath", "Fay": "undertaker",
                                    "Gus": "slayer"})
    _execute(tb, "Gus", voters)
    assert tb.public_demon()["Gus"] == 0.0
    assert tb.target_chances("Ann") == tb.demon_chances("Ann")


def test_two_players_who_nominated_each_other_are_likelier_one_minion_one_good(monkeypatch):
    def one_evil() -> float:
        t = _table("alternate-endings")
        _nominate(t, "Cat", "Dan", ["Cat"])
        _nominate(t, "Dan", "Cat", ["Dan"])
        total = one = 0.0
        for _d, evil, _m, w in t.posterior():
            names = {t.players[i] for i in evil}
            total += w
            one += w * (("Cat" in names) != ("Dan" in names))
        return one / total

    paired = one_evil()
    monkeypatch.setattr(B, "TWIN_PAIR", 1.0)
    assert paired > one_evil() + 0.05


def test_a_twins_hand_for_its_pair_is_taken_back_from_the_vote():
    """On a script with the Evil Twin, the hand of a player for the nominee it nominated
    and was nominated by is the Twins' convention (each votes to execute the other), not
    read as a good or an evil voter's choice: the correction (`Table._pair_hand`) takes
    back that voter's term, in the hypotheses where it is evil and nowhere else."""
    import numpy as np

    def nominations(script: str):
        t = _table(script, CLAIMS if script == "alternate-endings" else
                   {"Ann": "chef", "Bob": "washerwoman", "Cat": "monk", "Dan": "soldier",
                    "Eve": "empath", "Fay": "undertaker", "Gus": "slayer"})
        _nominate(t, "Cat", "Dan", ["Cat"])
        _nominate(t, "Dan", "Cat", ["Dan"])
        _nominate(t, "Eve", "Dan", ["Eve", "Cat"], number=2)
        return t

    t = nominations("alternate-endings")
    evil, demon = t._matrix()
    back = t._pair_hand(2, evil, demon)
    assert back is not None and np.any(back != 0.0)
    cat_good = evil[:, t.seat["Cat"]] == 0
    assert np.all(back[cat_good] == 0.0)
    # Before Dan answered, Cat's nomination of Dan was an ordinary one, read as any vote.
    assert t._pair_hand(0, evil, demon) is None or np.all(t._pair_hand(0, evil, demon) == 0.0)
    tb = nominations("trouble-brewing")
    evil, demon = tb._matrix()
    assert tb._pair_hand(2, evil, demon) is None
