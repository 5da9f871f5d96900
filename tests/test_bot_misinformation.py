"""The reasoning bots' beliefs model misinformation from the characters' own data and rule
code (clocktower/agents/beliefs.py): the Outsider count (`setup_change`), the Drunk
(`believes`), registrations (`false_registrations`), and when players first claim."""
from clocktower.agents import beliefs as B
from beliefs_table import public_table
from clocktower.play import new_game

NAMES7 = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


def _table(claims, infos=(), players=7, events=(), drunk=True):
    """Trouble Brewing's table (`beliefs_table.public_table`); an info's "_chose" key is
    the players its claimant chose."""
    infos = [(who, night, {k: v for k, v in info.items() if k != "_chose"},
              info.get("_chose")) for who, night, info in infos]
    return public_table("trouble-brewing", claims, infos, events, players, drunk)


def test_outsider_changes_come_from_the_setup_change_data():
    from clocktower import data as D
    tb = list(new_game("trouble-brewing", 7, 0).script.characters)
    assert B.outsider_deltas(tb, D.player_counts(7)) == [(0, 0.75), (2, 0.25)]  # Baron: 1 of 4
    assert B.outsider_deltas(tb, D.player_counts(13)) == [(0, 0.25), (2, 0.75)]
    assert [c for c in tb if B.believes_townsfolk(c)] == ["drunk"]
    assert ("imp", "evil") in B.misregistrations("recluse", tb)
    assert all(a == "good" for _c, a in B.misregistrations("spy", tb))
    assert B.misregistrations("chef", tb) == []


def test_more_outsider_claims_than_any_deal_allows_point_at_the_claimants():
    """Seven players: no Outsider, or two with a Baron. Three Outsider claims: one lies at
    least, so they are suspected more than the Townsfolk claimants."""
    claims = {"Ann": "chef", "Bob": "saint", "Cat": "monk", "Dan": "recluse",
              "Eve": "empath", "Fay": "butler", "Gus": "slayer"}
    e = _table(claims).public_evil()
    assert min(e["Bob"], e["Dan"], e["Fay"]) > max(e["Ann"], e["Cat"], e["Eve"], e["Gus"])
    # One Outsider claim is possible (a Baron): suspected a little, not condemned.
    one = dict(claims, Dan="soldier", Fay="undertaker")
    e1 = _table(one).public_evil()
    assert e1["Bob"] > max(e1[n] for n in NAMES7 if n != "Bob")
    assert e1["Bob"] < 0.9


def test_a_townsfolk_claimant_whose_information_is_always_wrong_may_be_the_drunk():
    """Eve the Fortune Teller says yes three nights for three disjoint pairs: two of them
    at least are false if she is good (one Demon). Evil, or the Drunk (her every night is
    then anything): she is less surely evil than without the Drunk in the model."""
    claims = {"Ann": "chef", "Bob": "washerwoman", "Cat": "monk", "Dan": "soldier",
              "Eve": "fortuneteller", "Fay": "undertaker", "Gus": "slayer"}
    infos = [("Eve", 1, {"yes": True}), ("Eve", 2, {"yes": True}), ("Eve", 3, {"yes": True})]
    chose = [["Bob", "Cat"], ["Dan", "Gus"], ["Ann", "Fay"]]
    infos = [(w, n, dict(i, _chose=c)) for (w, n, i), c in zip(infos, chose)]
    with_drunk = _table(claims, infos).public_evil()["Eve"]
    without = _table(claims, infos, drunk=False).public_evil()["Eve"]
    assert with_drunk < without


def test_information_that_a_claimed_recluse_explains_weighs_less():
    """Eve the Empath says 1: her neighbours are Dan and Fay. With Dan a claimed Recluse
    (who may register as evil), Fay is less suspected than with Dan a claimed Butler."""
    base = {"Ann": "chef", "Bob": "washerwoman", "Cat": "monk", "Eve": "empath",
            "Fay": "soldier", "Gus": "slayer"}
    info = [("Eve", 1, {"count": 1})]
    recluse = _table(dict(base, Dan="recluse"), info).public_evil()
    butler = _table(dict(base, Dan="butler"), info).public_evil()
    assert recluse["Fay"] < butler["Fay"]


def test_a_late_first_claim_and_silence_are_suspicious(monkeypatch):
    """Ten players: everyone but Joe claims at once on day 1, Joe last; Ivy never claims:
    evil, more likely than before; with silence read as a Minion's only (the seventh
    session's measured factors: SILENT_DEMON = SILENT_GOOD), no likelier the Demon."""
    monkeypatch.setattr(B, "SILENT_MINION", 0.015)
    monkeypatch.setattr(B, "SILENT_DEMON", 0.0015)
    monkeypatch.setattr(B, "SILENT_GOOD", 0.0015)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe"]
    folk = ["chef", "washerwoman", "monk", "soldier", "empath", "undertaker", "slayer",
            "investigator", None, "librarian"]
    t = B.Table(new_game("trouble-brewing", 10, 0).view("Ann"))
    t.add({"type": "day", "visible_to": "all", "number": 1})
    for n, c in zip(names, folk):
        if c is not None:
            t.add({"type": "claim", "visible_to": "all", "player": n, "character": c})
    e = t.public_evil()
    early = [e[n] for n in names[:7]]     # Hal, third from last, is late too
    assert e["Joe"] > max(early)
    demon = t.public_demon()["Ivy"]
    t.add({"type": "day_end", "visible_to": "all", "number": 1})
    e = t.public_evil()
    assert e["Ivy"] > e["Joe"] > max(e[n] for n in names[:7])
    # silence speaks of a Minion only (the bots' Demons claim at once)
    assert t.public_demon()["Ivy"] <= demon + 1e-12


def test_silence_is_read_for_a_minion_and_for_the_demon_apart():
    """By default (SILENT_MINION = SILENT_DEMON) a silent player's Demon chance rises with
    its evil chance; the factors are a Minion's and the Demon's, each against a good
    player's (`Table._timing`'s record: a ratio for each)."""
    t = B.Table(new_game("trouble-brewing", 10, 0).view("Ann"))
    t.add({"type": "day", "visible_to": "all", "number": 1})
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Joe"]
    folk = ["chef", "washerwoman", "monk", "soldier", "empath", "undertaker", "slayer",
            "investigator", "librarian"]
    for n, c in zip(names, folk):
        t.add({"type": "claim", "visible_to": "all", "player": n, "character": c})
    before = t.public_demon()["Ivy"]
    t.add({"type": "day_end", "visible_to": "all", "number": 1})
    assert ("Ivy", B.SILENT_MINION / B.SILENT_GOOD, B.SILENT_DEMON / B.SILENT_GOOD) \
        in t.timing
    assert t.public_demon()["Ivy"] > before
