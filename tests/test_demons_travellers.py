"""Kazali, Fang Gu, Balloonist and the Travellers Harlot, Gangster and Voudon: setup,
written-file errors, and many simulated games on a small script with them."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.engine.events import validate_event
from clocktower.engine.replay import replay
from clocktower.engine.setup import build_bag
from clocktower.play import new_game, play_game
from clocktower.scripts import load_script
from conftest import log_text as dump, scenario, scenario_error

SCRIPT = ["balloonist", "washerwoman", "librarian", "investigator", "chef", "empath",
          "fortuneteller", "undertaker", "monk", "ravenkeeper", "virgin", "slayer", "soldier",
          "mayor", "butler", "drunk", "recluse", "saint", "poisoner", "spy", "scarletwoman",
          "baron", "summoner", "kazali", "fanggu", "imp", "harlot", "gangster", "voudon"]
TEAMS = D.teams()


def bag(ids, n, seed, picks=None):
    rng = random.Random(seed)
    asked = []

    def st_pick(cid, options):
        asked.append((cid, list(options)))
        return (picks or {}).get(cid, options[0])
    dealt, _nd = build_bag(load_script(ids), n, rng, st_pick)
    return dealt, asked


# ---------------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [5, 7, 10, 13, 15])
def test_kazali_bag_deals_no_minions_and_storyteller_may_change_outsiders(n):
    ids = ["kazali", "poisoner", "spy", "baron", "scarletwoman"] + SCRIPT[:14] + SCRIPT[14:18]
    base = D.player_counts(n)
    for seed in range(5):
        for delta in (None, 1, -base["outsider"]):
            picks = {"kazali": delta} if delta is not None else {}
            dealt, asked = bag(ids, n, seed, picks)
            teams = Counter(TEAMS[c] for c in dealt)
            assert teams["minion"] == 0 and teams["demon"] == 1 and "kazali" in dealt
            d = delta if delta is not None else -base["outsider"]
            assert teams["outsider"] == base["outsider"] + d
            assert teams["townsfolk"] == base["townsfolk"] + base["minion"] - d
            assert ("kazali", list(range(-base["outsider"], base["minion"] + 1))) in asked


def test_fanggu_adds_an_outsider_and_balloonist_may_add_one():
    ids = ["fanggu", "poisoner", "spy"] + SCRIPT[:14] + SCRIPT[14:18]
    dealt, _ = bag(ids, 10, 1)
    assert Counter(TEAMS[c] for c in dealt)["outsider"] == D.player_counts(10)["outsider"] + 1
    ids = ["imp", "poisoner", "spy", "balloonist"] + SCRIPT[1:14] + SCRIPT[14:18]
    for add in (0, 1):
        for seed in range(20):
            dealt, asked = bag(ids, 7, seed, {"balloonist": add})
            if "balloonist" in dealt:
                assert ("balloonist", [0, 1]) in asked
                assert Counter(TEAMS[c] for c in dealt)["outsider"] == \
                    D.player_counts(7)["outsider"] + add
                break
        else:
            pytest.fail("the Balloonist was never drawn")


def test_random_setup_automatic_storyteller_keeps_the_kazali_table():
    ids = ["kazali", "poisoner", "spy"] + SCRIPT[:14] + SCRIPT[14:18]
    game = new_game(ids, 9, 3)
    setup = next(e for e in game.log if e["type"] == "setup")
    teams = Counter(TEAMS[p["character"]] for p in setup["players"])
    base = D.player_counts(9)
    assert teams["minion"] == 0 and teams["outsider"] == base["outsider"]
    asked = [e for e in game.log if e["type"] == "decision" and e.get("key") == "setup.kazali"]
    assert all(e["answer"] == 0 for e in asked)


def test_travellers_come_from_the_script():
    for seed in range(4):
        game = new_game(SCRIPT, 8, seed, travellers=3)
        travellers = sorted(p.character for p in game.players if p.traveller)
        assert travellers == ["gangster", "harlot", "voudon"]


# ---------------------------------------------------------------------------- written files
HEAD = """\
name: t
players:
  - {name: Ann, character: balloonist}
  - {name: Bob, character: soldier}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: saint}
  - {name: Fay, character: monk}
  - {name: Gil, character: harlot}
bluffs: [washerwoman, librarian, investigator]
steps:
"""


def error(text: str) -> str:
    return str(scenario_error(text))


def test_sober_balloonist_cannot_be_shown_the_same_type_twice():
    msg = error(HEAD + """\
      - night: 1
        choices: {Dan: Bob}
        storyteller: {Ann: {players: [Fay]}}
      - day: 1
      - night: 2
        choices: {Dan: Bob, Fay: Bob, Cat: Bob, Gil: Bob, Bob: {yes: false}}
        storyteller: {Ann: {players: [Ann]}}
    """)
    assert "not legal" in msg and "Ann" in msg


def test_harlot_must_choose_a_living_player_other_than_themself():
    for pick in ("Eve", "Gil"):
        msg = error(HEAD + f"""\
      - night: 1
        choices: {{Dan: Ann}}
        storyteller: {{Ann: {{players: [Fay]}}}}
      - day: 1
      - night: 2
        choices: {{Dan: Ann, Fay: Ann, Cat: Eve, Gil: Bob, Bob: {{yes: false}}}}
        storyteller: {{Ann: {{players: [Cat]}}}}
      - day: 2
      - night: 3
        choices: {{Dan: Ann, Fay: Ann, Cat: Fay, Gil: {pick}}}
        storyteller: {{Ann: {{players: [Bob]}}}}
    """)
        assert "illegal for harlot" in msg


def test_harlot_storyteller_key_unused_when_player_refuses():
    msg = error(HEAD + """\
      - night: 1
        choices: {Dan: Ann}
        storyteller: {Ann: {players: [Fay]}}
      - day: 1
      - night: 2
        choices: {Dan: Ann, Fay: Ann, Cat: Bob, Gil: Eve, Eve: {yes: false}}
        storyteller: {Ann: {players: [Cat]}, harlot: yes}
    """)
    assert "harlot" in msg and "not needed" in msg


VOUDON = """\
name: t
players:
  - {name: Ann, character: mayor}
  - {name: Bob, character: empath}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: soldier}
  - {name: Fay, character: monk}
  - {name: Gil, character: voudon}
bluffs: [washerwoman, librarian, investigator]
steps:
  - night: 1
    choices: {Dan: Ann}
  - day: 1
    actions:
      - nominate: {by: Ann, target: Eve, votes: [VOTERS]}
"""


def test_voudon_living_players_may_not_vote_but_the_voudon_may():
    msg = error(VOUDON.replace("VOTERS", "Ann, Gil"))
    assert "Ann is alive and cannot vote" in msg
    res = scenario(VOUDON.replace("VOTERS", "Gil"))
    assert res.ok and [e["player"] for e in res.game.log if e["type"] == "execution"] == ["Eve"]


KAZALI = """\
name: t
script: [kazali, poisoner, spy, scarletwoman, mayor, chef, soldier, saint, monk, butler, washerwoman, librarian, investigator]
players:
  - {name: Ann, character: mayor}
  - {name: Bob, character: chef}
  - {name: Cat, character: kazali}
  - {name: Dan, character: soldier}
  - {name: Eve, character: saint}
  - {name: Fay, character: monk}
  - {name: Gil, character: butler}
  - {name: Hal, character: washerwoman}
  - {name: Ida, character: librarian}
  - {name: Jon, character: investigator}
bluffs: []
steps:
  - night: 1
    choices:
      Cat: PICKS
"""


def test_kazali_picks_are_checked():
    dup = "[{player: Dan, character: spy}, {player: Eve, character: spy}]"
    assert "illegal for kazali" in error(KAZALI.replace("PICKS", dup))
    self_pick = "[{player: Cat, character: spy}, {player: Eve, character: poisoner}]"
    assert "illegal for kazali" in error(KAZALI.replace("PICKS", self_pick))
    three = ("[{player: Dan, character: spy}, {player: Eve, character: poisoner}, "
             "{player: Fay, character: scarletwoman}]")
    assert "lists 3 picks, but only 2" in error(KAZALI.replace("PICKS", three))
    one = "{player: Dan, character: spy}"
    assert "pick 2 of kazali" in error(KAZALI.replace("PICKS", one))


def test_kazali_made_mid_game_does_not_choose_minions():
    summoned = False
    for seed in range(40):
        g = play_game(["summoner", "poisoner", "kazali", "chef", "empath", "monk", "soldier", "mayor",
                       "washerwoman", "saint", "butler", "librarian", "investigator"], 7, seed)
        made = [e for e in g.log if e["type"] == "summon" and e["character"] == "kazali"]
        if made:
            summoned = True
            i = g.log.index(made[0])
            picks = [e for e in g.log[i:] if e["type"] == "choice"
                     and e.get("ability") == "kazali" and "character" in e]
            assert picks == []
    assert summoned


# ---------------------------------------------------------------------------- simulated games
@pytest.mark.parametrize("players,travellers", [(5, 3), (7, 3), (9, 2), (11, 3), (13, 1),
                                                (15, 3)])
def test_simulated_games(players, travellers):
    seen: Counter = Counter()
    for seed in range(40):
        game = play_game(SCRIPT, players, seed, travellers=travellers)
        assert game.winner in ("good", "evil", "none")
        log = game.log
        for ev in log:
            assert validate_event(ev) == [], ev
        setup = next(e for e in log if e["type"] == "setup")
        dealt = {p["name"]: p["character"] for p in setup["players"] if not p.get("traveller")}
        demon = next(c for c in dealt.values() if TEAMS[c] == "demon") \
            if any(TEAMS[c] == "demon" for c in dealt.values()) else None
        seen[demon] += 1
        if demon == "kazali":
            assert not any(TEAMS[c] == "minion" for c in dealt.values())
            picks = [e for e in log if e["type"] == "choice" and e.get("ability") == "kazali"
                     and "character" in e]
            if players >= 7 or picks:
                want = D.player_counts(players)["minion"]
                assert len(picks) == want, (seed, picks)
                for e in picks:
                    who = e["players"][0]
                    assert any(c["type"] == "learn" and c["player"] == who
                               and c.get("character") == e["character"]
                               and c.get("alignment") == "evil" for c in log)
            if players >= 7:
                info = [e for e in log if e["type"] == "learn" and e["ability"] == "minioninfo"]
                assert sorted(e["player"] for e in info) == \
                    sorted(e["players"][0] for e in picks)
        jumps = [e for e in log if e["type"] == "ability_triggered" and e["ability"] == "fanggu"]
        assert len(jumps) <= 1
        for e in jumps:
            seen["jump"] += 1
            i = log.index(e)
            after = log[i:]
            assert any(a["type"] == "character_change" and a["player"] == e["target"]
                       and a["new"] == "fanggu" for a in after)
            assert any(a["type"] == "death" and a["player"] == e["player"] for a in after)
        for e in log:
            if e["type"] == "nomination" and e["threshold"] == 1:
                seen["voudon_vote"] += 1
            if e["type"] == "claim_ability" and e["character"] == "gangster":
                seen["gangster"] += 1
            if e["type"] == "learn" and e.get("ability") == "harlot":
                seen["harlot"] += 1
            if e["type"] == "learn" and e.get("ability") == "balloonist":
                seen["balloonist"] += 1
        if seed % 8 == 0:
            assert dump(replay(log, REGISTRY)) == dump(game)
    assert seen["kazali"] and seen["fanggu"], seen
    if travellers >= 3:
        assert seen["gangster"] and seen["harlot"] and seen["voudon_vote"], seen


def test_voudon_tallies_only_dead_and_voudon_hands():
    checked = 0
    for seed in range(60):
        game = new_game(SCRIPT, 8, seed, travellers=3)
        voudon = next(p for p in game.players if p.character == "voudon")

        def watch(ev, game=game, voudon=voudon):
            nonlocal checked
            if ev["type"] == "nomination" and voudon.alive and game.in_force(voudon.ability):
                checked += 1
                assert ev["threshold"] == 1
                for v in ev["voters"]:
                    p = game.by_name[v]
                    assert p is voudon or not p.alive
        game.on_event = watch
        from clocktower.engine.runner import play
        play(game)
    assert checked > 10


GANGSTER = """\
name: t
players:
  - {name: Ann, character: mayor}
  - {name: Bob, character: empath}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: soldier}
  - {name: Fay, character: monk}
  - {name: Gil, character: gangster}
  - {name: Hal, character: ravenkeeper}
bluffs: [washerwoman, librarian, investigator]
steps:
  - night: 1
    choices: {Dan: Ann}
    storyteller: {Bob: {count: 1}}
  - day: 1
    actions:
      - ability: {by: Gil, character: gangster, ARGS}
"""


def test_gangster_deal_must_name_both_alive_neighbours():
    for args in ("target: Eve, agree: Hal", "target: Fay, agree: Fay", "target: Fay, agree: Ann"):
        msg = error(GANGSTER.replace("ARGS", args))
        assert "cannot use gangster" in msg
    res = scenario(GANGSTER.replace("ARGS", "target: Hal, agree: Fay"))
    assert res.ok and not res.game.by_name["Hal"].alive


def test_kazali_may_choose_only_minions_on_the_script():
    pick = "[{player: Dan, character: baron}, {player: Eve, character: spy}]"
    assert "illegal for kazali" in error(KAZALI.replace("PICKS", pick))
