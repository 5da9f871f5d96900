"""The evil bots' plays (clocktower/agents/reasoning.py, plays.py): holding the first claim
until the town has spoken, pretended Slayer shots, and the per-character plays."""
from clocktower.agents.reasoning import ReasoningBot
from clocktower.play import NAMES, play_game


def _games(script, n, seeds):
    for s in seeds:
        yield play_game(script, n, s, agents={m: ReasoningBot(s, m) for m in NAMES[:n]})


def _setup(g):
    setup = next(e for e in g.log if e["type"] == "setup")
    return {p["name"]: (p["character"], p["alignment"]) for p in setup["players"]}


def test_evil_bluffs_are_characters_no_good_player_claimed_first():
    """The Demon bluffs a character not in play (its bluffs), on its first turn: no good
    player claims it. A Minion claims on its first turn with chance MINION_EARLY (a late
    first claim is a tell the good players read), else after the good players: a double
    claim then and only then, for a minority of Minions."""
    demon_dups = minion_dups = minions = 0
    for g in _games("trouble-brewing", 10, range(30)):
        who = _setup(g)
        first: dict = {}
        for ev in g.log:
            if ev["type"] == "claim":
                first.setdefault(ev["player"], ev["character"])
        for n, c in first.items():
            if who[n][1] != "evil":
                continue
            k = sum(1 for m, c2 in first.items() if who[m][1] == "good" and c2 == c)
            if who[n][0] == "imp":
                demon_dups += k
            else:
                minions += 1
                minion_dups += k
    assert demon_dups == 0
    assert minion_dups < 0.35 * minions


def test_an_evil_slayer_bluffer_pretends_a_shot_and_a_minion_shoots_its_demon():
    shots = at_demon = 0
    for g in _games("trouble-brewing", 10, range(80)):
        who = _setup(g)
        demon = {n for n, (c, a) in who.items() if c == "imp"}
        for i, ev in enumerate(g.log):
            if ev["type"] != "claim_ability" or ev["character"] != "slayer":
                continue
            if who[ev["player"]][0] == "slayer":
                continue
            shots += 1
            assert who[ev["player"]][1] == "evil"       # good bots never pretend
            assert any(e["type"] == "no_effect" and e.get("effect") == "pretend"
                       for e in g.log[i:i + 4])
            if who[ev["player"]][0] != "imp" and ev["target"] in demon:
                at_demon += 1
    assert shots > 0 and at_demon > 0


def _endings(script, n, seeds):
    out = {}
    for g in _games(script, n, seeds):
        go = next(e for e in g.log if e["type"] == "game_over")
        out.setdefault((go["winner"], go["code"]), []).append(g)
    return out


def test_alternate_endings_are_reached_by_the_characters_plays():
    """The Alsaahir's guess, a Minion's Damsel guess and a good Cult Leader's cult win
    games (plays.USES, VOTES; ReasoningBot._evil_guess)."""
    ends = _endings("alternate-endings", 10, range(100))
    assert ("good", "alsaahir") in ends
    assert ("evil", "damsel_guessed") in ends
    assert any(code == "cultleader" for _w, code in ends)


def test_with_a_heretic_claimed_the_teams_play_for_the_swapped_ending():
    """A claimed Heretic (plays.FLIPPERS): evil bots vote only for their own Demon."""
    seen = 0
    for g in _games("alternate-endings", 10, range(60)):
        who = _setup(g)
        if not any(c == "heretic" for c, _a in who.values()):
            continue
        claimed = heretic = None
        for i, ev in enumerate(g.log):
            if ev["type"] == "claim" and ev["character"] == "heretic" \
                    and who[ev["player"]][1] == "good":
                claimed, heretic = i, ev["player"]
                break
        if claimed is None:
            continue
        demon_ids = ("imp", "fanggu", "kazali")
        demons = {n for n, (c, a) in who.items() if a == "evil" and c in demon_ids}
        for ev in g.log[:claimed]:
            if ev["type"] == "character_change" and ev["new"] in demon_ids:
                demons.add(ev["player"])
        for ev in g.log[claimed:]:
            if ev["type"] == "character_change" and ev["new"] in demon_ids:
                demons.add(ev["player"])        # a Fang Gu's jump: the new Demon
            if ev["type"] == "claim" and ev["player"] == heretic \
                    and ev["character"] != "heretic":
                break       # the Heretic claimed no more (a Fang Gu jumped into them)
            if ev["type"] == "nomination":
                for v in ev["voters"]:
                    if who[v][1] == "evil" and who[v][0] not in ("imp", "fanggu", "kazali"):
                        seen += 1
                        assert ev["target"] in demons, (ev, who)
    assert seen > 0
