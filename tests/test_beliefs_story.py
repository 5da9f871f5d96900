"""The evil team's claims read against its story (agents/beliefs.py, `Table._story`): every
member's invented information of a night holds in one world, the one its team pretends
(`evilplan`, `Table.invent`), not in the true world; the beliefs weigh it so."""
from __future__ import annotations

from clocktower import data as D
from clocktower.agents import beliefs as B
from clocktower.agents import evilplan
from clocktower.agents.reasoning import ReasoningBot
from clocktower.play import NAMES, play_game

from beliefs_table import public_table

TEAMS = D.teams()


def _played(n: int, seeds):
    for s in seeds:
        g = play_game("trouble-brewing", n, s,
                      agents={m: ReasoningBot(s, m) for m in NAMES[:n]})
        setup = next(e for e in g.log if e["type"] == "setup")
        char = {p["name"]: p["character"] for p in setup["players"]}
        align = {p["name"]: p["alignment"] for p in setup["players"]}
        yield g, char, align


def _true_team(t: B.Table, char: dict, align: dict) -> int | None:
    demon = next((x for x in char if TEAMS.get(char[x]) == "demon"), None)
    if demon is None:
        return None
    mask = sum(t.bit[x] for x in char if align[x] == "evil" and x in t.bit)
    return next((i for i, h in enumerate(t.hypotheses())
                 if h[0] == t.bit[demon] and h[1] == mask), None)


def test_a_hypothesis_frames_the_team_its_evil_team_would_frame(monkeypatch):
    """For the true evil team, the fake team the beliefs give its story on each day is the
    one the team's own plan picks at the day's start (`evilplan.on_day`)."""
    monkeypatch.setattr(B, "STORY", True)
    compared = 0
    for g, char, align in _played(10, range(6)):
        team = {x for x in char if align[x] == "evil"}
        t = B.Table(g.view("spectator"))
        evilplan.register(t, team)
        hi = None
        for ev in g.log:
            if ev["visible_to"] != "all":
                continue
            if ev["type"] in ("character_change", "alignment_change"):
                break
            t.add(ev)
            if ev["type"] == "day" and ev["number"] >= 2:
                evilplan.on_day(t, ev["number"])
                hi = _true_team(t, char, align) if hi is None else hi
                fake = evilplan.fake_team(t, team, ev["number"])
                fi = int(t._fake(ev["number"])[hi])
                if not fake:
                    assert fi == -1
                    continue
                assert fi >= 0, (ev["number"], fake)
                h = t.hypotheses()[fi]
                assert (t.players[h[3]], *sorted(t.players[i] for i in h[4][1:])) == \
                    (fake[0], *sorted(fake[1:])), (ev["number"], fake, h)
                compared += 1
        g.dispose()
    assert compared >= 6


def test_the_teams_invented_information_holds_in_its_story_not_the_true_world(monkeypatch):
    """The evil claimants' information (the Spy's aside: it sees the Grimoire) holds in
    their team's story almost always, in the true world about half the time: what the
    beliefs' STORY_TRUE and STORY_FALSE are measured from (docs/bots.md, sixth session)."""
    monkeypatch.setattr(B, "STORY", True)
    story = true = n = 0
    for g, char, align in _played(10, range(20)):
        t = B.Table(g.view("spectator"))
        for ev in g.log:
            if ev["visible_to"] == "all":
                t.add(ev)
        hi = _true_team(t, char, align)
        if hi is None:
            continue
        h = t.hypotheses()[hi]
        for c in t.infos:
            if c.ability is None or align[c.who] != "evil" or char[c.who] == "spy" \
                    or c.night < B.STORY_FROM:
                continue
            n += 1
            story += t._story(c)[hi] == 1.0
            true += t._factor(c, h) == 1.0
        g.dispose()
    assert n >= 20
    assert story >= 0.85 * n, (story, n)
    assert true <= 0.75 * n, (true, n)


CLAIMS = {"Ann": "chef", "Bob": "washerwoman", "Cat": "monk", "Dan": "soldier",
          "Eve": "empath", "Fay": "undertaker", "Gus": "slayer"}


def test_a_night_one_count_is_read_against_the_teams_story(monkeypatch):
    """On night 1 the team frames nobody (`Table.invent` with no frames): its story has no
    evil player, so an evil Empath says 0. With the story read, an Empath's 1 on night 1 is
    a good claimant's (x STORY_FALSE where she is evil) and her 0 is no sign of good; the
    per-claim rates in the true world (STORY off) tell the two apart far less."""
    def evil_eve(count: int, story: bool) -> float:
        monkeypatch.setattr(B, "STORY", story)
        t = public_table("trouble-brewing", CLAIMS, [("Eve", 1, {"count": count}, None)])
        return t.public_evil()["Eve"]
    on = evil_eve(1, True) / evil_eve(0, True)
    off = evil_eve(1, False) / evil_eve(0, False)
    assert on < 0.25, on
    assert off > 0.6, off


def test_a_minion_may_be_the_spy_whose_information_holds_in_the_true_world(monkeypatch):
    """Information true in a hypothesis's world but not in its team's story: where its
    claimant is a Minion (who may be the Spy) it weighs more than where it is the Demon."""
    monkeypatch.setattr(B, "STORY", True)
    t = public_table("trouble-brewing", CLAIMS, [("Eve", 1, {"count": 1}, None)])
    full, _sampled, _n = t._claimants()
    evil, demon = t._matrix()
    eve, dan = t.seat["Eve"], t.seat["Dan"]
    minion = [hi for hi in range(len(demon)) if evil[hi, eve] and demon[hi] != eve
              and evil[hi, dan]]
    as_demon = [hi for hi in range(len(demon)) if demon[hi] == eve and evil[hi, dan]]
    assert minion and as_demon
    # Dan (her neighbour) evil: her 1 holds in the true world, not in the story (nobody)
    assert all(full[hi] > full[as_demon[0]] for hi in minion)
    assert abs(full[as_demon[0]] - B.STORY_FALSE) < 1e-9


def test_votes_count_at_the_vote_weight(monkeypatch):
    """A nomination's evidence is counted at the power VOTE_WEIGHT (its hands are not
    independent): at 0.5 its log-factor is half of the independent one's."""
    def votes_log(w: float):
        monkeypatch.setattr(B, "VOTE_WEIGHT", w)
        t = public_table("trouble-brewing", CLAIMS)
        for ev in ({"type": "nominate", "by": "Ann", "target": "Gus"},
                   {"type": "nomination", "by": "Ann", "target": "Gus",
                    "voters": ["Ann", "Bob", "Cat"], "votes": 3, "threshold": 4}):
            t.add({"visible_to": "all", "phase": "day", "number": 1, **ev})
        return t._evidence()
    one, half = votes_log(1.0), votes_log(0.5)
    assert abs(one).max() > 0.1
    assert abs(half - 0.5 * one).max() < 1e-9
