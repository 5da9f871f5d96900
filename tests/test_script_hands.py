"""Each script's own measured hands (`reads.hand_table`, since the seventh session): the
evil bots vote and nominate otherwise on Regalia and The Return of Jafar than on Trouble
Brewing (Regalia's Goblin, Jafar's Marionette, who votes and nominates as a good player),
and read through Trouble Brewing's rates, their hands pointed the town away from the true
team (tools/belief_gaps.py: +0.49 nats a day at Regalia's true team from the hands, +0.16
from the nominators, on seeds 41000+; -0.01 from all the evidence with Regalia's own)."""
from __future__ import annotations

import json
import math
from importlib import resources

from clocktower.agents import reads
from clocktower.scripts import load_script

from beliefs_table import add_public, day_one_table

REGALIA = {"Ann": "steward", "Bob": "librarian", "Cat": "monk", "Dan": "soldier",
           "Eve": "fortuneteller", "Fay": "undertaker", "Gus": "slayer"}


def _file(name: str) -> dict:
    return json.loads(resources.files("clocktower.data").joinpath(name).read_text())


def test_a_script_with_its_own_measured_hands_reads_them():
    names = sorted(f.name for f in resources.files("clocktower.data").iterdir()
                   if f.name.startswith("hands-") and f.name.endswith(".json"))
    assert "hands-regalia.json" in names
    for name in names:
        raw = _file(name)
        sheet = tuple(load_script(raw["script"]).characters)
        assert sorted(raw["characters"]) == sorted(sheet)
        logs, mate = reads.hand_table(sheet)
        assert mate == math.log(raw["nominate_teammate"])
        # a spot's log-ratio from this file's counts, not the default table's
        up, n = raw["spots"]["mid carry 2"]["good voter"]
        pg = (up + 1) / (n + 2)
        up, n = raw["spots"]["mid carry 2"]["evil voter, good nominee"]
        pe = (up + reads.PRIOR_HANDS * pg) / (n + reads.PRIOR_HANDS)
        assert abs(logs[("good", "mid carry 2")][0] - math.log(pe / pg)) < 1e-12
        assert logs != reads.hand_logs()


def test_a_script_without_its_own_reads_the_default_table():
    tb = tuple(load_script("trouble-brewing").characters)
    assert reads.hand_table(tb) == reads.hand_table(())
    assert reads.hand_table(tb)[1] == math.log(reads.NOMINATE_TEAMMATE)
    assert reads.hand_table(("imp", "washerwoman")) == reads.hand_table(())


def test_a_regalia_nomination_is_read_with_regalias_rates():
    """Regalia's evil voters carry a good nominee less often than good voters (49% against
    57% in "mid carry 2", measured again in the eighth session), Trouble Brewing's more
    often (75% against 55%), and nominate a teammate more often (0.353 against 0.233 of a
    good nominator's rate): a vote and a
    nomination on Regalia read through Regalia's rates, not Trouble Brewing's."""
    t = day_one_table("regalia", REGALIA)
    add_public(t, type="nominate", by="Ann", target="Bob")
    add_public(t, type="nomination", by="Ann", target="Bob", voters=["Cat", "Dan", "Eve"],
               votes=3, threshold=4)
    evil, demon = t._matrix()
    own = reads.vote_log(t, 0, evil, demon)
    key = frozenset(t.sheet)
    kept = reads._HANDS[key]
    try:
        reads._HANDS[key] = reads.hand_table(())
        reads._BY_SHEET.clear()
        default = reads.vote_log(t, 0, evil, demon)
    finally:
        reads._HANDS[key] = kept
        reads._BY_SHEET.clear()
    assert abs(own - default).max() > 0.05
    # Ann (the nominator) and Bob (the nominee) evil: the nominator's term is Regalia's
    ann, bob = t.seat["Ann"], t.seat["Bob"]
    pair = (evil[:, ann] == 1) & (evil[:, bob] == 1)
    mate = reads.hand_table(t.sheet)[1] - reads.hand_table(())[1]
    logs = reads.hand_table(t.sheet)[0]
    raw = _file("hands-regalia.json")
    assert abs(mate - (math.log(raw["nominate_teammate"]) - math.log(0.233))) < 1e-12
    assert pair.any() and logs != reads.hand_table(())[0]


def test_a_script_table_may_carry_its_fitted_power():
    """Regalia's table carries the power its nominations' evidence is counted at, fitted in
    its games (`tools/vote_power.py`: 0.45); a table of Regalia reads it, one of Trouble
    Brewing (no table of its own) keeps the beliefs' VOTE_WEIGHT, and with
    SCRIPT_VOTE_POWER off Regalia does too."""
    from clocktower.agents import beliefs as B
    raw = _file("hands-regalia.json")
    assert reads.hand_power(tuple(load_script("regalia").characters)) == raw["vote_power"]
    assert reads.hand_power(tuple(load_script("trouble-brewing").characters)) is None
    assert reads.hand_power(()) is None
    assert day_one_table("regalia", REGALIA).vote_weight == raw["vote_power"] != B.VOTE_WEIGHT
    tb = day_one_table("trouble-brewing", {"Ann": "chef", "Bob": "empath"})
    assert tb.vote_weight == B.VOTE_WEIGHT


def test_without_the_script_power_regalia_reads_the_default_weight(monkeypatch):
    from clocktower.agents import beliefs as B
    monkeypatch.setattr(B, "SCRIPT_VOTE_POWER", False)
    assert day_one_table("regalia", REGALIA).vote_weight == B.VOTE_WEIGHT


def test_the_power_scales_a_nominations_evidence():
    """The same nomination read at Regalia's power and at 1: its evidence's log-weights
    (beyond the claims' own) scale by the power."""
    def read(weight: float | None):
        t = day_one_table("regalia", REGALIA)
        if weight is not None:
            t.vote_weight = weight
        base = t._evidence().copy()
        add_public(t, type="nominate", by="Ann", target="Bob")
        add_public(t, type="nomination", by="Ann", target="Bob",
                   voters=["Cat", "Dan", "Eve"], votes=3, threshold=4)
        return t, t._evidence() - base
    t, at_power = read(None)
    power = t.vote_weight
    assert 0.0 < power < 1.0
    _t, whole = read(1.0)
    assert abs(whole).max() > 0.05
    assert abs(at_power - power * whole).max() < 1e-9
