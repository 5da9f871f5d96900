"""Travellers: random setup with Travellers, the CLI and replay, and the Traveller rules
that a scenario can only state as an error (illegal choices, votes and exiles).

The rulings a scenario can state are in scenarios/travellers/ and scenarios/regalia/
(thief-, bureaucrat-, gunslinger-, scapegoat-, beggar-*.yaml).
"""
import json

import pytest

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.engine.replay import replay
from clocktower.engine.runner import play
from clocktower.errors import SetupError
from clocktower.play import new_game
from clocktower.scenario import ScenarioError, load_text, run_scenario
from clocktower.storyteller import AutoStoryteller
from conftest import scenario, scenario_error

REGALIA_TRAVELLERS = {"thief", "bureaucrat", "gunslinger", "scapegoat", "beggar"}


def team(p):
    return D.get(p.character).team


# ---------------------------------------------------------------------- random setup
@pytest.mark.parametrize("n,k,seed", [(5, 1, 0), (7, 2, 3), (10, 3, 1), (12, 2, 5), (15, 5, 9)])
def test_random_setup_deals_distinct_travellers_outside_the_table(n, k, seed):
    game = new_game("regalia", players=n, travellers=k, seed=seed)
    assert len(game.players) == n + k
    travellers = [p for p in game.players if p.traveller]
    # the last k seats, each a different Traveller from the script
    assert travellers == game.players[n:]
    chars = [p.character for p in travellers]
    assert len(set(chars)) == k and set(chars) <= REGALIA_TRAVELLERS
    assert all(team(p) == "traveller" for p in travellers)
    # the setup table counts only the n other players
    dealt = game.players[:n]
    assert not any(team(p) == "traveller" for p in dealt)
    table = D.player_counts(n)
    assert sum(team(p) == "demon" for p in dealt) == table["demon"]
    assert sum(team(p) == "minion" for p in dealt) == table["minion"]
    assert sum(team(p) in ("townsfolk", "outsider") for p in dealt) \
        == table["townsfolk"] + table["outsider"]
    # setup and seating events flag them; their alignment is chosen after the setup event
    setup = next(e for e in game.log if e["type"] == "setup")
    flagged = [p["name"] for p in setup["players"] if p.get("traveller")]
    assert flagged == [p.name for p in travellers]
    assert all(p["alignment"] is None for p in setup["players"] if p.get("traveller"))
    seating = next(e for e in game.log if e["type"] == "seating")
    assert seating["visible_to"] == "all"
    assert seating["travellers"] == {p.name: p.character for p in travellers}
    chosen = {e["player"]: e["alignment"] for e in game.log if e["type"] == "traveller_alignment"}
    assert chosen == {p.name: p.alignment for p in travellers}
    for p in travellers:
        assert any(e["type"] == "learn" and e["player"] == p.name and e["ability"] == "setup"
                   and e["character"] == p.character and e["alignment"] == p.alignment
                   for e in game.log)


class Recording:
    """The automatic Storyteller, except that it makes every Traveller `side`."""

    def __init__(self, seed, side):
        self.auto = AutoStoryteller(seed)
        self.side = side
        self.asked = []

    def __call__(self, decision, game):
        key = decision.context.get("key")
        if key == "traveller":
            self.asked.append(decision.context.get("player"))
            assert decision.options() == ["good", "evil"]
            return self.side
        return self.auto(decision, game)


@pytest.mark.parametrize("side", ["good", "evil"])
def test_storyteller_chooses_traveller_alignment_and_evil_ones_learn_the_demon(side):
    st = Recording(4, side)
    game = new_game("regalia", players=9, travellers=3, seed=4, storyteller=st)
    travellers = [p for p in game.players if p.traveller]
    assert st.asked == [p.name for p in travellers]
    assert all(p.alignment == side for p in travellers)
    demons = [p.name for p in game.players if team(p) == "demon"]
    for p in travellers:
        told = [e for e in game.log if e["type"] == "learn" and e["player"] == p.name
                and e["ability"] == "traveller"]
        if side == "evil":
            assert len(told) == 1 and told[0]["players"] == demons
            assert told[0]["visible_to"] == [p.name]
        else:
            assert told == []


def test_too_many_travellers_is_refused():
    with pytest.raises(SetupError):
        new_game("regalia", players=10, travellers=6, seed=0)
    # A script listing no Travellers draws from the implemented ones (five today)
    with pytest.raises(SetupError, match="Travellers"):
        new_game(["imp", "baron", "chef", "empath", "investigator", "librarian", "monk",
                  "washerwoman", "saint", "recluse"], players=5, travellers=6, seed=0)


def test_a_script_without_travellers_draws_from_the_implemented_ones():
    implemented = {c for c in REGISTRY if D.get(c).team == "traveller"}
    for seed in range(10):
        game = new_game("trouble-brewing", players=8, travellers=2, seed=seed)
        chars = [p.character for p in game.players if p.traveller]
        assert len(set(chars)) == 2 and set(chars) <= implemented
        play(game)
        again = replay([json.loads(json.dumps(e)) for e in game.log], REGISTRY)
        assert again.log == game.log


def test_games_with_travellers_finish_and_replay_identically():
    for seed in range(12):
        game = play(new_game("regalia", players=5 + seed % 11, travellers=1 + seed % 5, seed=seed))
        assert game.winner in ("good", "evil", "none")
        again = replay([json.loads(json.dumps(e)) for e in game.log], REGISTRY)
        assert again.log == game.log


def test_cli_play_and_replay_with_travellers(cli, tmp_path):
    log = tmp_path / "game.jsonl"
    r = cli("play", "--script", "regalia", "--players", 12, "--travellers", 2, "--seed", 5,
            "--log", log, "--quiet")
    assert r.exit_code == 0, r.output
    assert "wins" in r.output
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert sum(1 for p in events[0]["players"] if p.get("traveller")) == 2
    r = cli("replay", log, "--quiet")
    assert r.exit_code == 0, r.output
    r = cli("play", "--script", "regalia", "--players", 12, "--travellers", 2, "--seed", 5)
    assert r.exit_code == 0, r.output
    assert "(Traveller)" in r.output


# ---------------------------------------------------------------------- illegal in scenarios
CAST = """\
name: x
script: regalia
players:
  - {name: Ann, character: soldier}
  - {name: Bob, character: slayer}
  - {name: Cat, character: imp}
  - {name: Dan, character: baron}
  - {name: Eve, character: undertaker}
  - {name: Fay, character: %s, alignment: good}
bluffs: [steward, monk, fortuneteller]
steps:
"""


def error_of(traveller: str, steps: str) -> ScenarioError:
    return scenario_error(CAST % traveller + steps)


def runs(traveller: str, steps: str):
    result = scenario(CAST % traveller + steps)
    assert result.ok, result.failures
    return result.game


def test_exile_of_a_player_who_is_not_a_traveller_is_an_error():
    e = error_of("thief", """\
  - night: 1
    choices: {Fay: Bob}
  - day: 1
    actions:
      - exile: {by: Fay, target: Ann, votes: [Ann, Bob, Cat]}
""")
    assert "Ann is not a Traveller and cannot be exiled" in e.reason


def test_exile_is_called_once_a_day():
    e = error_of("gunslinger", """\
  - night: 1
  - day: 1
    actions:
      - exile: {by: Ann, target: Fay, votes: [Ann]}
      - exile: {by: Bob, target: Fay, votes: [Ann, Bob, Cat]}
""")
    assert "already called today" in e.reason


@pytest.mark.parametrize("traveller", ["thief", "bureaucrat"])
def test_thief_and_bureaucrat_cannot_choose_themselves(traveller):
    e = error_of(traveller, """\
  - night: 1
    choices: {Fay: Fay}
""")
    assert f"illegal for {traveller}" in e.reason


def test_gunslinger_may_only_shoot_a_player_who_voted():
    e = error_of("gunslinger", """\
  - night: 1
  - day: 1
    actions:
      - nominate: {by: Bob, target: Dan, votes: [Ann, Bob]}
      - ability: {by: Fay, character: gunslinger, target: Cat}
""")
    assert "cannot use gunslinger" in e.reason


def test_gunslinger_may_shoot_themself_if_they_voted():
    game = runs("gunslinger", """\
  - night: 1
  - day: 1
    actions:
      - nominate: {by: Bob, target: Dan, votes: [Fay]}
      - ability: {by: Fay, character: gunslinger, target: Fay}
""")
    assert not game.player("Fay").alive


def test_beggar_cannot_vote_without_a_token():
    e = error_of("beggar", """\
  - night: 1
  - day: 1
    actions:
      - nominate: {by: Bob, target: Dan, votes: [Ann, Fay]}
""")
    assert "Fay is the Beggar and has no vote token" in e.reason


def test_beggar_token_is_spent_by_one_vote():
    e = error_of("beggar", """\
  - night: 1
  - day: 1
  - night: 2
    choices: {Cat: Bob}
  - day: 2
    actions:
      - ability: {by: Bob, character: beggar, target: Fay}
      - nominate: {by: Ann, target: Dan, votes: [Fay]}
      - nominate: {by: Dan, target: Ann, votes: [Fay]}
""")
    assert "no vote token" in e.reason


def test_a_dead_player_who_gave_their_token_cannot_vote():
    e = error_of("beggar", """\
  - night: 1
  - day: 1
  - night: 2
    choices: {Cat: Bob}
  - day: 2
    actions:
      - ability: {by: Bob, character: beggar, target: Fay}
      - nominate: {by: Ann, target: Dan, votes: [Bob]}
""")
    assert "Bob is dead and has no ghost vote left" in e.reason


def test_a_dead_player_gives_their_token_once():
    game = runs("beggar", """\
  - night: 1
  - day: 1
  - night: 2
    choices: {Cat: Bob}
  - day: 2
    actions:
      - ability: {by: Bob, character: beggar, target: Fay}
      - ability: {by: Bob, character: beggar, target: Fay}
""")
    tokens = [e for e in game.log if e["type"] == "vote_token"]
    assert [e["tokens"] for e in tokens] == [1]
    assert any(e["type"] == "no_effect" and e.get("effect") == "pretend" and e["player"] == "Bob"
               for e in game.log)


def test_a_dead_beggar_has_one_ghost_vote_only():
    e = error_of("beggar", """\
  - night: 1
  - day: 1
  - night: 2
    choices: {Cat: Fay}
  - day: 2
    actions:
      - nominate: {by: Ann, target: Dan, votes: [Fay]}
      - nominate: {by: Dan, target: Ann, votes: [Fay]}
""")
    assert "Fay is dead and has no ghost vote left" in e.reason


def test_no_nomination_after_the_scapegoat_is_executed_instead():
    """The Virgin's nominator would be executed at once; the Scapegoat is executed instead,
    and that is the day's execution: nobody nominates after it."""
    text = """\
name: x
players:
  - {name: Ann, character: chef}
  - {name: Bob, character: virgin}
  - {name: Cat, character: imp}
  - {name: Dan, character: baron}
  - {name: Eve, character: soldier}
  - {name: Fay, character: scapegoat, alignment: good}
bluffs: [washerwoman, monk, mayor]
steps:
  - night: 1
  - day: 1
    storyteller: {scapegoat: Fay}
    actions:
      - nominate: {by: Ann, target: Bob, votes: []}
      - nominate: {by: Eve, target: Dan, votes: [Eve]}
"""
    with pytest.raises(ScenarioError) as exc:
        run_scenario(load_text(text, "t.yaml"))
    assert "the day is over" in exc.value.reason


def test_bots_never_vote_for_a_beggar_without_a_token():
    """Asked votes skip a Beggar who cannot vote; every Beggar vote spends a token."""
    for seed in range(40):
        game = play(new_game("regalia", players=7, travellers=5, seed=seed))
        beggar = next(p for p in game.players if p.character == "beggar")
        tokens = 0
        for e in game.log:
            if e["type"] == "vote_token" and e["player"] == beggar.name:
                tokens = e["tokens"]
            if e["type"] == "nomination" and beggar.name in e["voters"]:
                died = any(x["type"] == "death" and x["player"] == beggar.name
                           for x in game.log[:game.log.index(e)])
                assert died or tokens > 0, (seed, e)
