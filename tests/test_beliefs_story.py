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


def test_a_night_one_count_is_read_as_a_mixture_over_the_teams_it_could_frame(monkeypatch):
    """On night 1 the team frames a fake team it draws privately from the record
    (`evilplan.night_one`: the public posterior's teams without a member, by weight); the
    beliefs read an evil claimant's night-1 claim as that mixture (`Table._mixture`). With
    everyone claimed and nothing else said, every team is alike: of the 30 teams (a Demon
    and a Minion) without Eve, 16 put exactly one evil player beside her, 12 none, 2 both;
    her claim weighs STORY_TRUE x that share + STORY_FALSE x the rest where she is evil.
    So her 0 is no longer a sign of evil (a frame makes evil Empaths say 1 and 2 too), and
    a 2 (rarely framed) marks her neighbours, not her. (Each claim its own mixture: JOINT
    off, the sixth session's reading; `_joint` below reads a team's claims together.)"""
    monkeypatch.setattr(B, "STORY", True)
    monkeypatch.setattr(B, "JOINT", False)
    for count, share in ((0, 12 / 30), (1, 16 / 30), (2, 2 / 30)):
        t = public_table("trouble-brewing", CLAIMS, [("Eve", 1, {"count": count}, None)])
        (c,) = t.infos
        assert abs(c.mix - share) < 1e-9, (count, c.mix)
        full, _sampled, _n = t._claimants()
        evil, demon = t._matrix()
        eve = t.seat["Eve"]
        as_demon = [hi for hi in range(len(demon)) if demon[hi] == eve]
        want = B.STORY_TRUE * share + B.STORY_FALSE * (1.0 - share)
        assert all(abs(full[hi] - want) < 1e-9 for hi in as_demon)
    pub = {count: public_table("trouble-brewing", CLAIMS,
                               [("Eve", 1, {"count": count}, None)]).public_evil()
           for count in (0, 2)}
    assert pub[2]["Eve"] < pub[0]["Eve"]
    assert min(pub[2]["Dan"], pub[2]["Fay"]) > pub[2]["Eve"]


def test_a_minion_may_be_the_spy_whose_information_holds_in_the_true_world(monkeypatch):
    """Information true in a hypothesis's world: where its claimant is a Minion (who may
    be the Spy, whose information is the Grimoire's) it weighs more than where it is the
    Demon (read as the mixture over the teams it could have framed; JOINT off: each claim
    its own mixture)."""
    monkeypatch.setattr(B, "STORY", True)
    monkeypatch.setattr(B, "JOINT", False)
    t = public_table("trouble-brewing", CLAIMS, [("Eve", 1, {"count": 1}, None)])
    full, _sampled, _n = t._claimants()
    evil, demon = t._matrix()
    eve, dan = t.seat["Eve"], t.seat["Dan"]
    minion = [hi for hi in range(len(demon)) if evil[hi, eve] and demon[hi] != eve
              and evil[hi, dan]]
    as_demon = [hi for hi in range(len(demon)) if demon[hi] == eve and evil[hi, dan]]
    assert minion and as_demon
    # Dan (her neighbour) evil: her 1 holds in the true world
    assert all(full[hi] > full[as_demon[0]] for hi in minion)
    mix = t.infos[0].mix
    assert abs(full[as_demon[0]] - (B.STORY_TRUE * mix + B.STORY_FALSE * (1 - mix))) < 1e-9


def _joint_by_hand(t: B.Table, hi: int) -> float:
    """`Table._joint` of hypothesis `hi`, one team and one draw at a time: the teams of
    the ranks kept at its first member's night-1 claim without any of its members (the
    first FRAME_RANKS of them), each member's claim STORY_TRUE where it holds in that
    team's world, else STORY_FALSE, or where the member is a Minion that is the Spy
    (`spy_each`) the same in the true world (not for a claim read on the whole table,
    `reads_all`: a Chef's count there is read as a frame)."""
    h = t.hypotheses()[hi]
    said = [c for c in t.infos if c.ranks is not None]
    mine = [c for c in said if h[1] & t.bit[c.who]]
    if not mine:
        return 1.0
    before = said[:said.index(mine[0])]         # all said by players outside the team
    idx, w = mine[0].ranks
    teams = [(int(f), float(wf)) for f, wf in zip(idx, w)
             if not t.hypotheses()[int(f)][1] & h[1]][:B.FRAME_RANKS]
    # a team whose world a claim said before makes false is (nearly) never drawn
    teams = [(f, wf * B.FRAME_MISS ** sum(t._factor(c, t.hypotheses()[f]) != 1.0
                                          for c in before))
             for f, wf in teams]
    S = {True: B.STORY_TRUE, False: B.STORY_FALSE}
    total = num = 0.0
    for f, wf in teams:
        p = 1.0
        for c in mine:
            q = t.spy_each if t.bit[c.who] != h[0] and not c.reads_all else 0.0
            framed = S[t._factor(c, t.hypotheses()[f]) == 1.0]
            p *= (1 - q) * framed + q * S[t._factor(c, h) == 1.0]
        total += wf
        num += wf * p
    assert total > 0.0
    return num / total


def test_a_teams_night_one_claims_are_read_together_over_one_draw(monkeypatch):
    """With JOINT (and STORY) a hypothesis's evil team drew one fake team for all its
    members' night-1 claims, from the teams without any of them as the record stood before
    its first member's claim: `_joint` is that mixture, checked team by team by hand,
    and the per-claim factors of those claims are 1 (`_claimants`)."""
    monkeypatch.setattr(B, "STORY", True)
    t = public_table("trouble-brewing", CLAIMS, [("Eve", 1, {"count": 1}, None),
                                                 ("Ann", 1, {"count": 0}, None),
                                                 ("Bob", 1, {"players": ["Cat", "Gus"],
                                                             "character": "monk"}, None)])
    assert all(c.ranks is not None for c in t.infos)
    joint = t._joint()
    for hi in range(len(t.hypotheses())):
        assert abs(joint[hi] - _joint_by_hand(t, hi)) < 1e-9 * max(joint[hi], 1.0), hi
    full, _sampled, _n = t._claimants()
    evil, demon = t._matrix()
    eve = t.seat["Eve"]
    as_demon = [hi for hi in range(len(demon)) if demon[hi] == eve]
    # Eve's evil weight is the joint's alone (Ann's and Bob's claims: good where not evil)
    good_else = [hi for hi in as_demon if not evil[hi, t.seat["Ann"]]
                 and not evil[hi, t.seat["Bob"]]]
    assert good_else
    # a team of two claimants framing one draw: not the product of their own mixtures
    both = [hi for hi in range(len(demon)) if evil[hi, eve] and evil[hi, t.seat["Ann"]]]
    ann, eve_c = t.infos[1], t.infos[0]
    prods = [(B.STORY_TRUE * a.mix + B.STORY_FALSE * (1 - a.mix)) for a in (ann, eve_c)]
    assert any(abs(joint[hi] - prods[0] * prods[1]) > 1e-6 for hi in both)


def test_the_team_frames_one_drawn_team_from_night_1(monkeypatch):
    """With `reasoning.FRAME_DAY1` the team draws its night-1 fake team once
    (`evilplan.night_one`: none of its members, the same for every member) and its
    members' night-1 information (the Spy's aside) holds in that team's world."""
    from clocktower.agents import reasoning
    monkeypatch.setattr(reasoning, "FRAME_DAY1", True)
    held = n = 0
    for s in range(12):
        evilplan._PLANS.clear()             # this game's team only
        (g, char, align), = _played(10, [s])
        t = B.Table(g.view("spectator"))
        for ev in g.log:
            if ev["visible_to"] == "all":
                t.add(ev)
        team = {x for x in char if align[x] == "evil"}
        mask = sum(t.bit[x] for x in team)
        fakes = [days[1] for _tab, teams in evilplan._PLANS.values()
                 for m, days in teams.items() if m == mask and 1 in days]
        claims = [c for c in t.infos if c.ability is not None and c.night == 1
                  and align[c.who] == "evil" and char[c.who] != "spy"]
        if not claims or not fakes or not fakes[-1]:
            g.dispose()
            continue
        fake = fakes[-1]
        assert not team & set(fake)
        fm = sum(t.bit[x] for x in fake)
        h = next(h for h in t.hypotheses() if h[0] == t.bit[fake[0]] and h[1] == fm)
        for c in claims:
            n += 1
            held += t._factor(c, h) == 1.0
        g.dispose()
    assert n >= 8
    assert held >= 0.85 * n, (held, n)


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


def test_night_one_frames_leave_out_the_teams_the_good_claims_refute():
    """`Table.night_one_frames`: the teams an evil team may frame on night 1 (none of its
    members, the FRAME_RANKS likeliest), each weighed FRAME_MISS for each night-1 claim of
    a player outside the team that is false in its world; the team's own claims do not
    count (it knows they are its own)."""
    t = public_table("trouble-brewing", CLAIMS, [("Eve", 1, {"count": 0}, None),
                                                 ("Ann", 1, {"count": 1}, None)])
    idx_w = dict(zip(*t._weights()))
    eve, ann = t.infos
    for team in (("Gus",), ("Ann", "Gus")):
        mask = sum(t.bit[x] for x in team)
        idx, w = t.night_one_frames(mask)
        assert idx and len(idx) <= B.FRAME_RANKS
        for hi, wi in zip(idx, w):
            h = t.hypotheses()[hi]
            assert not h[1] & mask
            said = [c for c in (eve, ann) if not t.bit[c.who] & mask]
            misses = sum(t._factor(c, h) != 1.0 for c in said)
            assert abs(wi - idx_w[hi] * B.FRAME_MISS ** misses) < 1e-12 * max(idx_w[hi], 1.0)
        # the likeliest frame the good claims allow outweighs any they refute
        assert max(w) > 100 * min(w)


def test_an_evil_bot_tells_its_night_one_information_once_the_town_has_spoken(monkeypatch):
    """With FRAME_DAY1 and FRAME_WAIT an evil bot that claims before every living player
    outside its team has claimed says its character then and its night-1 information on a
    later turn, after every good player's first claim (the team's frame is drawn then, from
    a record that holds every good player's night-1 claim)."""
    from clocktower.agents import reasoning
    monkeypatch.setattr(reasoning, "FRAME_DAY1", True)
    held = 0
    for g, char, align in _played(10, range(8)):
        claims = [e for e in g.log if e["type"] == "claim" and e.get("number") == 1]
        for e in claims:
            who = e["player"]
            if align[who] != "evil" or "info" in e:
                continue
            told = [x for x in claims if x["player"] == who and x.get("night") == 1]
            if not told:
                continue
            held += 1
            after = claims[:claims.index(told[0])]
            said = {x["player"] for x in after}
            good = [x for x in char if align[x] == "good"]
            assert all(x in said for x in good), (who, [x for x in good if x not in said])
        g.dispose()
    assert held >= 4
