"""Character plays on the good side and the plumbing they need (clocktower/agents/plays.py,
goodplays.py; fourth session): the dead Klutz's choice, the Cult Leader's cult and the
votes it opens, answered on the engine's fast path as with the decision object."""
import functools

from clocktower.agents import goodplays, plays
from clocktower.agents.reasoning import ReasoningBot
from clocktower.play import NAMES, play_game


class _Stub:
    """The pieces of a bot, view and table a play reads."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


def _view(alive=("Ann", "Bob", "Cat", "Dan", "Eve")):
    return _Stub(alive=lambda n: n in alive, living=list(alive))


def _table(evil, seat=("Ann", "Bob", "Cat", "Dan", "Eve")):
    return _Stub(seat={n: i for i, n in enumerate(seat)}, players=list(seat),
                 evil_chances=lambda me: dict(evil),
                 public_evil=lambda fresh=True: dict(evil))


def test_a_dead_good_klutz_chooses_the_player_it_believes_least_likely_evil():
    """The Klutz ("if they are evil, your team loses"): its choice is by the chance of
    being evil, not of being the Demon (a Minion loses too), and never by day (the general
    aimed use would point at its top suspect): it waits for the day's end."""
    view, table = _view(), _table({"Bob": 0.6, "Cat": 0.05, "Dan": 0.2, "Eve": 0.3})
    good = _Stub(name="Ann", _evil=lambda v: False)
    assert goodplays.CHOICES["klutz"](good, view, table, ["Bob", "Cat", "Dan", "Eve"]) \
        == ["Cat"]
    assert plays.USES["klutz"](good, view, table, [{"ability": "klutz", "target": "Bob"}]) \
        is None
    # an evil Klutz (turned evil) chooses a good player, the one the table trusts most
    evil = _Stub(name="Ann", _evil=lambda v: True, _teammates=lambda v: {"Cat"})
    assert plays.CHOICES["klutz"](evil, view, table, ["Bob", "Cat", "Dan", "Eve"]) \
        == ["Dan"]
    assert plays.CHOICES["klutz"](good, view, table, ["Bob", "Cat"]) is None


def test_a_good_bot_joins_a_cult_when_the_leaders_team_is_likelier_good():
    """`plays.cult_risk`: the leader lies, or took an evil neighbour's alignment last night
    (both evil: evil; one each: even). A good bot joins when that risk is at most
    CULT_SAFE; an evil bot joins every cult (only good hands decide it)."""
    view = _view()
    good = _Stub(name="Ann", _evil=lambda v: False)
    # leader Cat, neighbours Bob and Dan
    low = _table({"Bob": 0.1, "Cat": 0.1, "Dan": 0.1, "Eve": 0.6})
    assert abs(plays.cult_risk(good, view, low, "Cat") - (0.1 + 0.9 * 0.1)) < 1e-9
    assert plays.VOTES["cult"](good, view, low, {"cult": "Cat"})
    high = _table({"Bob": 0.9, "Cat": 0.2, "Dan": 0.8, "Eve": 0.1})
    assert not plays.VOTES["cult"](good, view, high, {"cult": "Cat"})
    # a neighbour that is the voter itself counts as good
    me_near = _table({"Bob": 0.9, "Cat": 0.0, "Dan": 0.9})
    bob = _Stub(name="Bob", _evil=lambda v: False)
    assert abs(plays.cult_risk(bob, view, me_near, "Cat") - 0.45) < 1e-9
    evil = _Stub(name="Eve", _evil=lambda v: True, _teammates=lambda v: {"Bob"})
    assert plays.VOTES["cult"](evil, view, high, {"cult": "Cat"})
    assert plays.VOTES["cult"](evil, view, low, {"cult": "Cat"})
    assert plays._cultleader(good, view, low, [{}]) == {}


@functools.cache
def _ae(n, seeds):
    out = []
    for s in seeds:
        out.append(play_game("alternate-endings", n, s,
                             agents={m: ReasoningBot(s, m) for m in NAMES[:n]}))
    return out


class _Checked(ReasoningBot):
    """A reasoning bot that keeps the context of every vote it is asked with a decision
    object, and counts the votes it is asked on the fast path after a cult call."""
    seen: list = []
    fast_after_call: int = 0

    def __call__(self, decision, view):
        if decision.kind == "vote":
            _Checked.seen.append(dict(decision.context or {}))
        return super().__call__(decision, view)

    def fast_vote(self, view):
        last = view.events[-1] if view.events else {}
        if last.get("type") == "claim_ability" and last.get("character") == "cultleader":
            _Checked.fast_after_call += 1
        return super().fast_vote(view)


def test_a_cult_vote_is_asked_with_its_context():
    """The engine's vote fast path (`fast_vote(view)`, no context) is for a nomination's
    vote only: a cult vote is asked with its `VoteChoice`, whose context names the leader
    (`Game.ask_vote`), so the bot answers the cult and never a vote it cannot see (until
    the fourth session every cult vote was answered as an exile: a 20% random hand, and no
    cult ever won)."""
    _Checked.seen = []
    _Checked.fast_after_call = 0
    for s in range(30):
        play_game("alternate-endings", 10, s, agents={m: _Checked(s, m) for m in NAMES[:10]})
    cults = [c for c in _Checked.seen if "cult" in c]
    assert len(cults) > 50
    assert _Checked.fast_after_call == 0
    assert all("nominee" not in c for c in _Checked.seen)


def test_cult_endings_are_reached_by_both_teams():
    """Every good player joining: the Cult Leader's team wins, good's (a good leader's
    neighbours trusted) and evil's (an evil leader the good players took for good); seeds
    0-99 at 7 and 10 players."""
    ends = set()
    for n in (7, 10):
        for g in _ae(n, tuple(range(100))):
            go = next(e for e in g.log if e["type"] == "game_over")
            if go["code"] == "cultleader":
                ends.add(go["winner"])
    assert ends == {"good", "evil"}


def test_an_evil_townsfolk_claimant_never_tests_a_claimed_virgin():
    """`plays.NOMINATION_TESTS` (the Virgin): an evil bot claiming a Townsfolk (or about to)
    does not make the first nomination of a Virgin claimant (nothing happening would show
    it is no Townsfolk); one claiming an Outsider may. On a stub, then in live games: no
    first nomination of a claimed Virgin by an evil player whose claim then is a
    Townsfolk (Trouble Brewing, 8 players, seeds 0-299; 19 such in 1,000 games before)."""
    from clocktower import data as D
    table = _Stub(claims={"Ann": "virgin", "Bob": "chef", "Cat": "virgin"},
                  nominated={"Cat"})
    bot = _Stub(name="Bob", bluff=None)
    assert plays.evil_avoids(bot, None, table) == {"Ann"}
    table.claims["Bob"] = "recluse"
    assert plays.evil_avoids(bot, None, table) == frozenset()
    del table.claims["Bob"]
    bot.bluff = "empath"                 # not said yet: its planned bluff counts
    assert plays.evil_avoids(bot, None, table) == {"Ann"}
    firsts = 0
    for s in range(300):
        g = play_game("trouble-brewing", 8, s,
                      agents={m: ReasoningBot(s, m) for m in NAMES[:8]})
        align = {p["name"]: p["alignment"] for p in g.log[0]["players"]}
        claims: dict = {}
        tested: set = set()
        for ev in g.log:
            if ev["type"] == "claim":
                claims[ev["player"]] = ev["character"]
            elif ev["type"] == "nominate":
                t = ev["target"]
                if claims.get(t) == "virgin" and t not in tested:
                    firsts += 1
                    mine = claims.get(ev["by"])
                    assert not (align[ev["by"]] == "evil" and mine
                                and D.get(mine).team == "townsfolk"), (s, ev)
                tested.add(t)
    assert firsts > 50
