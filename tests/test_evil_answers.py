"""The evil bots' answer to the good side's reading (fifth session, docs/bots.md "Evil
answers the reading"): an evil voter votes and nominates from its own seat's doubts (the
public record with itself good, as a good player in its seat reads it), not from the
table's shared view, so the team's hands are not a bloc; the Demon claims an information
role among its bluffs when it has one (a bare claim was a tell)."""
from clocktower import data as D
from clocktower.agents import beliefs
from clocktower.agents.reasoning import ReasoningBot
from clocktower.play import NAMES, play_game


def _games(n, seeds):
    for s in seeds:
        yield play_game("trouble-brewing", n, s,
                        agents={m: ReasoningBot(s, m) for m in NAMES[:n]})


def _setup(g):
    setup = next(e for e in g.log if e["type"] == "setup")
    return {p["name"]: (p["character"], p["alignment"]) for p in setup["players"]}


def test_living_evil_voters_split_on_good_nominees():
    """Two living evil voters, neither nominated, do not always raise alike on a good
    nominee early in the game: each reads the record from its own seat (with the table's
    shared view, as before, they raised together on every good nominee)."""
    split = both = 0
    for g in _games(10, range(25)):
        who = _setup(g)
        evil = {n for n, (_c, a) in who.items() if a == "evil"}
        dead: set = set()
        for ev in g.log:
            if ev["type"] == "death":
                dead.add(ev["player"])
            elif ev["type"] == "dawn":
                dead.update(ev.get("deaths", ()))
            if ev["type"] != "nomination" or ev["target"] in evil:
                continue
            if len(who) - len(dead) <= 5:
                continue            # the last days: evil votes for any good nominee
            voters = [n for n in evil if n not in dead]
            if len(voters) < 2:
                continue
            hands = {n in ev["voters"] for n in voters}
            both += 1
            split += len(hands) == 2
    assert both > 20
    assert split > 0.1 * both


def test_the_demon_claims_an_information_role_among_its_bluffs():
    """The Demon's first claim is one of its bluffs, an information role when one was
    free: nearly always (not when the team's plan gave that bluff to a Minion, seeds 8 and
    20 here); a random pick among the three, as before, about half the time."""
    informed = offered = 0
    for g in _games(10, range(30)):
        who = _setup(g)
        demon = next(n for n, (c, _a) in who.items() if D.teams().get(c) == "demon")
        bluffs = next(e["characters"] for e in g.log if e["type"] == "bluffs")
        first = next((e["character"] for e in g.log
                      if e["type"] == "claim" and e["player"] == demon), None)
        if first is None or first not in bluffs:
            continue
        t = beliefs.Table(g.view("spectator"))
        if any(t.informs(c) for c in bluffs):
            offered += 1
            informed += t.informs(first)
    assert offered > 10
    assert informed >= 0.9 * offered
