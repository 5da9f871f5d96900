"""Good bots aim at what an execution is worth, not only at the Demon (eighth session,
docs/bots.md "Aiming at evil players (eighth session)"): a living player's score is their
Demon chance plus `reasoning.MINION_WORTH` times their Minion chance, while more than
`MINION_UNTIL` live; 0 is the Demon chance alone (the games before, byte for byte)."""
import pytest

from clocktower.agents import beliefs as B
from clocktower.agents import reasoning as R
from clocktower.agents.reasoning import ReasoningBot, aim_scores
from clocktower.play import new_game

CLAIMS = [("Ann", "soldier"), ("Bob", "chef"), ("Cat", "empath"), ("Dan", "monk"),
          ("Eve", "undertaker"), ("Fay", "slayer")]


def _silent_gus(monkeypatch):
    """Ann (a good Soldier, Trouble Brewing at 7 players, seed 1) after day 1: everyone
    claimed a Townsfolk but Gus, silent at the day's end, with the silence factors as
    re-fitted in the seventh session (a silent player is x10 likelier a Minion, no likelier
    the Demon). Her bot, its view and table."""
    monkeypatch.setattr(B, "SILENT_MINION", 0.015)
    monkeypatch.setattr(B, "SILENT_DEMON", 0.0015)
    monkeypatch.setattr(B, "SILENT_GOOD", 0.0015)
    view = new_game("trouble-brewing", 7, 1).view("Ann")
    assert (view.character, view.alignment) == ("soldier", "good")
    bot = ReasoningBot(0, "Ann")
    table = bot._read(view)
    for ev in [{"type": "day"}, *({"type": "claim", "player": who, "character": c}
                                  for who, c in CLAIMS), {"type": "day_end"}]:
        table.add({"visible_to": "all", "phase": "day", "number": 1, **ev})
    bot.info_wait = -1          # (a fresh view is on day 0: nothing held to tell)
    return bot, view, table


def test_the_silent_minion_suspect_is_the_table_built(monkeypatch):
    """The table as built: Gus is far likelier a Minion than anyone, and less likely the
    Demon than anyone who claimed."""
    _bot, _view, table = _silent_gus(monkeypatch)
    d, e = table.demon_chances("Ann"), table.evil_chances("Ann")
    others = [n for n, _c in CLAIMS if n != "Ann"]
    assert e["Gus"] - d["Gus"] > 2 * max(e[n] - d[n] for n in others)     # the Minion
    assert d["Gus"] < min(d[n] for n in others)


@pytest.mark.parametrize("worth, nominee, hand", [(0.0, "Bob", False), (0.5, "Gus", True)])
def test_a_likely_minion_is_nominated_and_voted_for_when_minions_are_worth_something(
        monkeypatch, worth, nominee, hand):
    """With MINION_WORTH 0 the good bot nominates its top Demon suspect (the first in seat
    order among the claimants alike) and keeps its hand down on Gus (his Demon chance is
    below NEAR_TOP of its top's); with 0.5 Gus, likelier a Minion than anyone is the
    Demon, is its nominee and gets its hand."""
    monkeypatch.setattr(R, "MINION_WORTH", worth)
    bot, view, _table = _silent_gus(monkeypatch)
    living = [n for n in view.living if n != "Ann"]
    assert bot.fast_day_action(view, living, [], None) == {"nominate": nominee}
    bot.nominee = "Gus"
    assert bot.fast_vote(view) is hand


def test_with_four_alive_or_fewer_only_the_demon_counts(monkeypatch):
    """`aim_scores`: the Demon chances plus MINION_WORTH of the Minion chances while more
    than MINION_UNTIL live; the Demon chances themselves (the final-three arithmetic,
    SURE_AT_FOUR, the lone Demon and the Mayor's peace read them) at MINION_UNTIL or
    fewer, or with MINION_WORTH 0."""
    monkeypatch.setattr(R, "MINION_WORTH", 0.5)
    _bot, _view, table = _silent_gus(monkeypatch)
    d, e = table.demon_chances("Ann"), table.evil_chances("Ann")
    s = aim_scores(table, "Ann", d, 7)
    assert s["Gus"] == pytest.approx(d["Gus"] + 0.5 * (e["Gus"] - d["Gus"]))
    assert s["Gus"] > max(s[n] for n, _c in CLAIMS)
    assert aim_scores(table, "Ann", d, R.MINION_UNTIL) is d
    monkeypatch.setattr(R, "MINION_WORTH", 0.0)
    assert aim_scores(table, "Ann", d, 7) is d


@pytest.mark.parametrize("worth, nominee", [(0.0, None), (1.0, "Gus")])
def test_no_coin_toss_below_the_lead(monkeypatch, worth, nominee):
    """AIM_LEAD: a good bot nominates and votes only for a nominee whose score is at least
    AIM_LEAD times the mean score of the other living players. By the Demon chance alone
    (MINION_WORTH 0) nobody stands out (Bob, the first of the claimants alike, is 1.14
    times the mean): no nomination and no hand; by the evil chance (1.0) Gus does."""
    monkeypatch.setattr(R, "MINION_WORTH", worth)
    monkeypatch.setattr(R, "AIM_LEAD", 1.3)
    bot, view, _table = _silent_gus(monkeypatch)
    living = [n for n in view.living if n != "Ann"]
    got = bot.fast_day_action(view, living, [], None)
    assert got == (None if nominee is None else {"nominate": nominee})
    bot.nominee = "Bob"
    assert bot.fast_vote(view) is False
    bot.nominee = "Gus"
    assert bot.fast_vote(view) is (nominee == "Gus")
    monkeypatch.setattr(R, "AIM_LEAD", 0.0)
    bot._topc = None
    bot.nominee = "Bob"
    assert bot.fast_vote(view) is (worth == 0.0)


def test_a_claim_that_wins_if_executed_is_worth_its_demon_chance_alone():
    """A claimed Goblin (its execution while claiming wins for evil; it claims again when
    nominated) and a claimed Saint are worth their Demon chance alone: their Minion chance
    is no reason to execute them, and counted it made them the top score that no other
    nomination or hand could reach (Regalia at 10, seeds 50000+: good 36.7% -> 48.0%)."""
    from clocktower.agents.reasoning import nominee_wins, risky

    claims = {"Gob": next(iter(nominee_wins())), "Sam": "saint", "Ann": "chef"}
    evil = {"Gob": 0.9, "Sam": 0.6, "Ann": 0.6}
    assert risky("saint")
    demon = {"Gob": 0.05, "Sam": 0.1, "Ann": 0.1}
    got = R.worth(demon, evil, claims, 1.0)
    assert got["Gob"] == pytest.approx(0.05) and got["Sam"] == pytest.approx(0.1)
    assert got["Ann"] == pytest.approx(0.6)
