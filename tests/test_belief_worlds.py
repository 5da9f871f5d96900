"""The world a claim is checked in (clocktower/agents/beliefs.py) holds what the claimed
ability's own rule code reads: the Demon the information names on a script of several
Demons, the script's sheet (the Dreamer's tokens), and the day's nominators (the Town
Crier's)."""
from beliefs_table import public_table as _table


JAFAR = {"Ann": "oracle", "Bob": "investigator", "Cat": "courtier", "Dan": "librarian",
         "Eve": "dreamer", "Fay": "innkeeper", "Gus": "undertaker"}


def test_a_dreamer_naming_a_demon_points_at_the_chosen_player():
    """Eve the Dreamer chose Bob, who claims the Investigator: an Amnesiac or the Fang Gu
    (not the script's first Demon). Bob is likelier the Demon than any other player, and than without her claim
    (the check reads the script's tokens: it used to fail and say nothing)."""
    info = [("Eve", 1, {"characters": ["amnesiac", "fanggu"], "players": ["Bob"]},
             ["Bob"])]
    plain = _table("the-return-of-jafar", JAFAR).public_demon()
    d = _table("the-return-of-jafar", JAFAR, info).public_demon()
    assert d["Bob"] > plain["Bob"]
    assert d["Bob"] == max(d.values())
    c = _table("the-return-of-jafar", JAFAR, info).infos[-1]
    assert c.named_demon == "fanggu" and c.named_minion is None


def test_a_dreamer_naming_a_minion_points_at_the_chosen_player_as_evil():
    """The Dreamer's pair names an Amnesiac and the Witch (not the script's first Minion):
    Bob, who claims the Investigator, is likelier evil than without the claim."""
    info = [("Eve", 1, {"characters": ["amnesiac", "witch"], "players": ["Bob"]},
             ["Bob"])]
    plain = _table("the-return-of-jafar", JAFAR).public_evil()
    e = _table("the-return-of-jafar", JAFAR, info).public_evil()
    assert e["Bob"] > plain["Bob"]
    assert e["Bob"] == max(v for n, v in e.items() if n != "Eve")
    t = _table("the-return-of-jafar", JAFAR, info)
    c, seat = t.infos[-1], t.seat
    minion = next(h for h in t.hypotheses() if seat["Bob"] in h[4][1:])
    good = next(h for h in t.hypotheses() if seat["Bob"] not in h[4]
                and seat["Eve"] not in h[4])
    assert t._factor(c, minion) == 1.0 and t._factor(c, good) < 1.0


def test_an_undertaker_naming_another_demon_is_true_of_the_executed_demon():
    """Gus the Undertaker: Cat, executed on day 1, was the Fang Gu. Checked in a world
    whose Demon is the Fang Gu, the claim holds where Cat was the Demon: Gus is less
    suspected than if he had named the script's first Demon wrongly... and the claim's
    world gives Cat the Fang Gu."""
    ev = [{"type": "death", "player": "Cat", "phase": "day", "number": 1,
           "cause": "execution"}]
    info = [("Gus", 2, {"character": "fanggu", "players": ["Cat"]}, None)]
    t = _table("the-return-of-jafar", JAFAR, info, events=ev)
    c = t.infos[-1]
    hyps = t.hypotheses()
    cat_demon = next(h for h in hyps if h[3] == t.seat["Cat"] and t.seat["Gus"] not in h[4])
    other = next(h for h in hyps if h[3] == t.seat["Dan"] and t.seat["Cat"] not in h[4]
                 and t.seat["Gus"] not in h[4])
    assert t._factor(c, cat_demon) == 1.0
    assert t._factor(c, other) < 1.0


REGALIA = {"Ann": "steward", "Bob": "librarian", "Cat": "towncrier", "Dan": "monk",
           "Eve": "soldier", "Fay": "undertaker", "Gus": "slayer"}


def test_a_town_crier_is_checked_against_the_days_nominators():
    """Cat the Town Crier: a Minion nominated on day 1 (yes). Dan and Gus nominated that
    day: the hypotheses where one of them is a Minion make it true, the others false."""
    ev = [{"type": "nominate", "by": "Dan", "target": "Eve", "number": 1, "phase": "day"},
          {"type": "nominate", "by": "Gus", "target": "Fay", "number": 1, "phase": "day"}]
    info = [("Cat", 2, {"yes": True}, None)]
    t = _table("regalia", REGALIA, info, events=ev)
    assert t.nominators[1] == ("Dan", "Gus")
    c = t.infos[-1]
    hyps = t.hypotheses()
    seat = t.seat
    dan_minion = next(h for h in hyps if seat["Dan"] in h[4][1:] and seat["Cat"] not in h[4])
    nobody = next(h for h in hyps if seat["Dan"] not in h[4] and seat["Gus"] not in h[4]
                  and seat["Cat"] not in h[4])
    assert t._factor(c, dan_minion) == 1.0
    assert t._factor(c, nobody) < 1.0
    e = t.public_evil()
    plain = _table("regalia", REGALIA, events=ev).public_evil()
    assert e["Dan"] > plain["Dan"] and e["Gus"] > plain["Gus"]
    assert e["Ann"] < plain["Ann"]


def test_a_public_use_of_a_minions_ability_says_what_its_user_is():
    """Gus used the Vizier's ability in public (on The Return of Jafar the Investigator's
    jinx hides the Vizier's announcement): he is taken as having claimed the Vizier, and
    a later bluff does not hide it."""
    ev = [{"type": "claim_ability", "player": "Gus", "character": "vizier", "target": "Ann",
           "number": 1, "phase": "day"},
          {"type": "claim", "player": "Gus", "character": "undertaker", "number": 2,
           "phase": "day"}]
    t = _table("the-return-of-jafar", {n: c for n, c in JAFAR.items() if n != "Gus"},
               events=ev)
    assert t.exposed == {"Gus": "vizier"} and t.claims["Gus"] == "vizier"
    e = t.public_evil()
    assert e["Gus"] > 0.9


CONFESSING = {"Ann": "steward", "Bob": "librarian", "Cat": "monk", "Dan": "soldier",
              "Eve": "fortuneteller", "Fay": "undertaker"}


def _goblin_then_bluff(stick: bool, monkeypatch):
    """Gus claimed the Goblin when nominated on day 1, then the Town Crier with a night's
    information on day 2."""
    import clocktower.agents.beliefs as B
    monkeypatch.setattr(B, "CONFESSIONS_STICK", stick)
    ev = [{"type": "nominate", "by": "Ann", "target": "Gus", "number": 1, "phase": "day"},
          {"type": "claim", "player": "Gus", "character": "goblin", "number": 1,
           "phase": "day"},
          {"type": "nomination", "by": "Ann", "target": "Gus", "votes": 0, "voters": [],
           "threshold": 4, "number": 1, "phase": "day"},
          {"type": "claim", "player": "Gus", "character": "towncrier", "night": 2,
           "info": {"yes": False}, "number": 2, "phase": "day"}]
    return _table("regalia", CONFESSING, events=ev)


def test_a_confession_is_kept_when_a_later_bluff_follows(monkeypatch):
    """With CONFESSIONS_STICK on (measured, off: docs/bots.md "(eighth session)"), Gus's
    claim of the Goblin stays his claim after he claims the Town Crier: he is a Minion to
    the town (evil, rarely the Demon: `reads.confessions`), and his Town Crier
    information is no claim of information. Off, the later claim replaces it."""
    t = _goblin_then_bluff(True, monkeypatch)
    assert t.exposed == {"Gus": "goblin"} and t.claims["Gus"] == "goblin"
    assert all(c.who != "Gus" or c.ability is None for c in t.infos)
    stuck_e, stuck_d = t.public_evil(), t.public_demon()
    t = _goblin_then_bluff(False, monkeypatch)
    assert t.claims["Gus"] == "towncrier" and not t.exposed
    e, d = t.public_evil(), t.public_demon()
    assert stuck_e["Gus"] > 0.9 and stuck_e["Gus"] > e["Gus"]
    assert stuck_d["Gus"] < d["Gus"]


class _View:
    def __init__(self, dead=()):
        self.dead = set(dead)

    def alive(self, n):
        return n not in self.dead


class _Bot:
    name = "Ann"
    learned: list = []


def test_a_good_hand_with_a_living_known_vizier_needs_a_likely_evil_nominee():
    from clocktower.agents import goodplays as G
    ev = [{"type": "claim_ability", "player": "Gus", "character": "vizier", "target": "Ann",
           "number": 1, "phase": "day"}]
    t = _table("the-return-of-jafar", JAFAR, events=ev)
    assert G.guard(_Bot(), _View(), t, "Bob") == G.VIZIER_SURE
    assert G.guard(_Bot(), _View(dead={"Gus"}), t, "Bob") == 0.0     # a dead Vizier
    told = _Bot()
    told.learned = [(1, "vizier", {"players": ["Fay"], "character": "vizier"}, [])]
    plain = _table("the-return-of-jafar", JAFAR)
    assert G.guard(_Bot(), _View(), plain, "Bob") == 0.0
    assert G.guard(told, _View(), plain, "Bob") == G.VIZIER_SURE
