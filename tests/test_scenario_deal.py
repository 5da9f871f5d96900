"""Setups the engine deals (issue 17, item 9; docs/scenarios.md, Extensions): `deal:` and
the expectations on where the characters went (`neighbours`, `thinks`, `teams`, `in_play`,
`not_in_play`).

The dealt-setup scenario files in scenarios/ are run here with many seeds, and again with
the rule they check broken (the Marionette placed away from the Demon, the Drunk shown a
Townsfolk in play, the Baron's and the Fang Gu's setup changes altered, the Huntsman
without the Damsel): each then fails. As in test_scenario_extensions.py, each expectation
that holds has a twin that fails, and a malformed `deal:` is an error with its line.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import scenariotext
from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.characters.drunk import Drunk
from clocktower.characters.marionette import Marionette
from clocktower.engine.replay import replay
from clocktower.play import new_game
from clocktower.scenario import ScenarioError, load_text, run_scenario

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(20)

MARIONETTE = ROOT / "scenarios/the-return-of-jafar/marionette-dealt-beside-the-demon.yaml"
BARON = ROOT / "scenarios/trouble-brewing/baron-dealt-two-more-outsiders.yaml"
DRUNK = ROOT / "scenarios/trouble-brewing/drunk-dealt-thinks-a-townsfolk-not-in-play.yaml"
FANGGU = ROOT / "scenarios/alternate-endings/fanggu-dealt-one-more-outsider.yaml"
HUNTSMAN = ROOT / "scenarios/regalia/huntsman-dealt-damsel-in-play.yaml"
FILES = [MARIONETTE, BARON, DRUNK, FANGGU, HUNTSMAN]


def run(text: str, file: str = "deal.yaml"):
    return scenariotext.run(text, file)


def with_seed(path: Path, seed: int):
    text = path.read_text()
    assert "\nseed: 1\n" in text
    return run_scenario(load_text(text.replace("\nseed: 1\n", f"\nseed: {seed}\n"), str(path)))


def failures(r) -> list[tuple[str, str]]:
    return [(f.expectation, f.found) for f in r.failures]


def error(text: str, words: str, at: str | None = None) -> ScenarioError:
    return scenariotext.error(text, words, at, "deal.yaml")


def grimoire(r) -> list[tuple[str, str, str | None]]:
    return [(p.name, p.character, p.thinks) for p in r.game.players]


# ============================================================ the files, seed after seed
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_dealt_setup_holds_for_every_seed(path):
    deals = set()
    for seed in SEEDS:
        r = with_seed(path, seed)
        assert r.ok, (seed, failures(r))
        deals.add(tuple(grimoire(r)))
    assert len(deals) > len(SEEDS) // 2      # the seed changes the deal


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_dealt_setup_log_replays(path):
    r = with_seed(path, 3)
    events = [json.loads(json.dumps(e)) for e in r.game.log]
    assert events[0]["grimoire"] == "dealt"
    replay(events, REGISTRY)


# ============================================================ the rules broken
def _far_from_the_demon(cls, game):
    """The Marionette placement broken: the first good Townsfolk who does not sit beside
    the Demon becomes the Marionette."""
    demon = next(p for p in game.players if D.get(p.character).team == "demon")
    i, n = game.players.index(demon), len(game.players)
    beside = {game.players[i - 1].name, game.players[(i + 1) % n].name}
    p = next(p for p in game.players if p.name not in beside and p is not demon
             and D.get(p.character).team == "townsfolk")
    p.thinks, p.character, p.alignment = p.character, "marionette", "evil"
    p.held = [game.make_ability("marionette", p)]
    game.abilities_changed()
    return True


def test_the_marionette_away_from_the_demon_fails_neighbours(monkeypatch):
    monkeypatch.setattr(Marionette, "take_seat", classmethod(_far_from_the_demon))
    for seed in SEEDS:
        r = with_seed(MARIONETTE, seed)
        assert [f.expectation for f in r.failures] == \
            ["neighbours: {'marionette': ['demon']}"], (seed, failures(r))
        assert " (marionette) sits between " in r.failures[0].found
        assert "(imp)" not in r.failures[0].found


def test_a_marionette_believing_an_evil_or_in_play_character_fails_thinks(monkeypatch):
    take_seat = Marionette.take_seat.__func__

    def believes(what):
        def seat(cls, game):
            take_seat(cls, game)
            m = next(p for p in game.players if p.character == "marionette")
            m.thinks = what(game, m)
            return True
        return seat

    for what, words in ((lambda g, m: "witch", "thinks they are the witch (minion, not in play)"),
                        (lambda g, m: next(p.character for p in g.players
                                           if D.get(p.character).team == "townsfolk"),
                         "(townsfolk, in play)")):
        monkeypatch.setattr(Marionette, "take_seat", classmethod(believes(what)))
        r = with_seed(MARIONETTE, 2)
        assert [f.expectation for f in r.failures] == [
            "thinks: {'marionette': {'team': ['townsfolk', 'outsider'], 'in_play': False}}"]
        assert words in r.failures[0].found, r.failures[0].found


def test_a_drunk_shown_a_townsfolk_in_play_fails_thinks(monkeypatch):
    on_setup = Drunk.on_setup

    def in_play(self):
        self.player.thinks = next(p.character for p in self.game.players
                                  if D.get(p.character).team == "townsfolk")
        on_setup(self)

    monkeypatch.setattr(Drunk, "on_setup", in_play)
    for seed in SEEDS:
        r = with_seed(DRUNK, seed)
        assert [f.expectation for f in r.failures] == [
            "thinks: {'drunk': {'team': ['townsfolk'], 'in_play': False}}"], seed
        assert "(townsfolk, in play)" in r.failures[0].found


@pytest.mark.parametrize("path, cid, outsiders", [(BARON, "baron", 1), (FANGGU, "fanggu", 0)])
def test_an_outsider_count_broken_fails_teams(monkeypatch, path, cid, outsiders):
    monkeypatch.setitem(D.get(cid).setup_change, "outsiders", outsiders)
    for seed in SEEDS:
        r = with_seed(path, seed)
        assert [f.expectation.split(":")[0] for f in r.failures] == ["teams"], seed


def test_the_huntsman_without_the_damsel_fails_in_play(monkeypatch):
    monkeypatch.delitem(D.get("huntsman").setup_change, "requires")
    failed = [seed for seed in SEEDS if not with_seed(HUNTSMAN, seed).ok]
    assert len(failed) > len(SEEDS) // 2, failed
    r = with_seed(HUNTSMAN, failed[0])
    assert failures(r)[0] == ("in_play: ['huntsman', 'damsel']", "not in play: ['damsel']")


# ============================================================ deal:
def test_a_deal_with_nothing_included_is_the_random_games_setup():
    """`deal:` draws the bag with the random numbers `clocktower play` draws: the same seed
    and players give the same grimoire, Storyteller setup decisions and bluffs."""
    for script, n, t in (("trouble-brewing", 8, 0), ("the-return-of-jafar", 11, 0),
                         ("regalia", 7, 2)):
        for seed in range(4):
            r = run(f"""\
                name: plain deal
                script: {script}
                seed: {seed}
                deal: {{players: {n}, travellers: {t}}}
                steps: []
                """)
            game = new_game(script, n, seed, travellers=t)
            mine = [e for e in r.game.log if e["phase"] == "setup"]
            theirs = [e for e in game.log if e["phase"] == "setup"]
            for e in mine[:1]:
                assert e.pop("grimoire") == "dealt" and e.pop("deal") == {"include": [],
                                                                         "exclude": []}
                e.pop("script_meta", None)
            assert mine == theirs


def test_player_names_are_written_or_defaulted():
    r = run("""\
        script: trouble-brewing
        deal: {players: 5}
        steps: []
        """)
    assert [p.name for p in r.game.players] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    r = run("""\
        script: trouble-brewing
        deal: {include: [imp], exclude: [baron]}
        players: [Zoe, {name: Yan}, Xia, Wil, Vic, Uma]
        steps: []
        expect:
          - in_play: [imp]
          - teams: {townsfolk: 3, outsider: 1, minion: 1, demon: 1}
        """)
    assert r.ok, failures(r)
    assert [p.name for p in r.game.players] == ["Zoe", "Yan", "Xia", "Wil", "Vic", "Uma"]


def test_travellers_join_a_dealt_setup():
    r = run("""\
        script: trouble-brewing
        seed: 4
        deal: {players: 7, travellers: 2}
        steps: []
        expect:
          - teams: {traveller: 2, demon: 1, minion: 1}
        """)
    assert r.ok, failures(r)
    assert [p.traveller for p in r.game.players] == [False] * 7 + [True] * 2


def test_excluded_characters_are_never_dealt():
    with pytest.raises(ScenarioError, match="cannot deal: .*demon characters not excluded"):
        run("""\
            script: trouble-brewing
            deal: {players: 10, exclude: [imp]}
            steps: []
            """)
    for seed in SEEDS:
        r = run(f"""\
            script: trouble-brewing
            seed: {seed}
            deal: {{players: 10, exclude: [poisoner, spy, drunk]}}
            steps: []
            expect:
              - not_in_play: [poisoner, spy, drunk]
              - in_play: [scarletwoman, baron, imp]
              - teams: {{townsfolk: 5, outsider: 2, minion: 2, demon: 1}}
            """)
        assert r.ok, (seed, failures(r))


def test_the_storytellers_setup_decisions_may_be_written():
    """`setup.marionette` (or `marionette`) at setup: which good neighbour of the Demon is
    the Marionette; written for the other neighbour, it is that one."""
    text = MARIONETTE.read_text()
    r = run_scenario(load_text(text, "m.yaml"))
    m = next(p for p in r.game.players if p.character == "marionette")
    demon = next(p for p in r.game.players if p.character == "imp")
    i = r.game.players.index(demon)
    other = {r.game.players[i - 1].name, r.game.players[(i + 1) % 8].name} - {m.name}
    assert other
    name = other.pop()
    for key in ("marionette", "setup.marionette"):
        r2 = run_scenario(load_text(text.replace("steps: []", f"storyteller: {{{key}: {name}}}"
                                                 "\nsteps: []"), "m.yaml"))
        assert r2.ok, failures(r2)
        assert r2.game.by_name[name].character == "marionette"
    far = next(p.name for p in r.game.players if p.name not in (name, m.name, demon.name))
    with pytest.raises(ScenarioError, match=f"storyteller marionette: '{far}' is not a legal"):
        run_scenario(load_text(text.replace("steps: []", f"storyteller: {{marionette: {far}}}"
                                            "\nsteps: []"), "m.yaml"))


@pytest.mark.parametrize("answer, teams", [
    ("balloonist: 1", "townsfolk: 4, outsider: 2"),
    ("setup.balloonist: 0", "townsfolk: 5, outsider: 1"),
])
def test_setup_change_choices_and_traveller_alignments_may_be_written(answer, teams):
    text = f"""\
        script: alternate-endings
        seed: 3
        deal: {{players: 8, travellers: 2, include: [balloonist, imp],
                exclude: [fanggu, huntsman, kazali]}}
        storyteller: {{{answer}, traveller: evil}}
        steps: []
        expect:
          - teams: {{{teams}, traveller: 2, evil: 4}}
        """
    r = run(text)
    assert r.ok, failures(r)
    error(text.replace(answer, "balloonist: 2"), "storyteller balloonist: 2 is not a legal "
          "choice (legal: [0, 1])", at="balloonist: 2")


def test_a_dealt_game_plays_written_days_and_replays():
    r = run("""\
        name: a dealt game with days
        script: trouble-brewing
        seed: 5
        deal: {players: 7}
        players: [Ann, Bob, Cat, Dan, Eve, Fay, Gil]
        steps:
          - night: 1
          - day: 1
            actions:
              - nominate: {by: Ann, target: Bob, votes: [Ann, Cat, Dan, Eve]}
            expect:
              - executed: Bob
          - night: 2
        """)
    assert r.ok, failures(r)
    events = [json.loads(json.dumps(e)) for e in r.game.log]
    replay(events, REGISTRY)
    # An edited deal does not replay.
    events[0]["deal"]["exclude"] = ["imp"]
    with pytest.raises(Exception):
        replay(events, REGISTRY)


# ============================================================ the expectations
TB7 = """\
name: written setup
script: trouble-brewing
players:
  - {name: Ann, character: chef}
  - {name: Bob, character: drunk, thinks: monk}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: butler}
  - {name: Fay, character: soldier}
  - {name: Gil, character: empath}
bluffs: [washerwoman, librarian, mayor]
steps: []
expect:
  - EXP
"""


@pytest.mark.parametrize("exp, found", [
    ("neighbours: {imp: [Bob, Dan]}", None),
    ("neighbours: {Cat: minion}", None),
    ("neighbours: {drunk: demon}", None),
    ("neighbours: {outsider: demon}", "Eve (butler) sits between Dan (poisoner) and Fay (soldier)"),
    ("neighbours: {demon: good}", None),
    ("neighbours: {townsfolk: evil}", "Ann (chef) sits between Gil (empath) and Bob (drunk)"),
    ("neighbours: {Ann: Gil}", None),
    ("neighbours: {baron: demon}", "no player is baron"),
    ("thinks: {drunk: monk}", None),
    ("thinks: {Bob: [townsfolk]}", None),
    ("thinks: {drunk: {character: monk, team: townsfolk, in_play: false}}", None),
    ("thinks: {drunk: outsider}", "Bob (drunk) thinks they are the monk (townsfolk, not in play)"),
    ("thinks: {drunk: {in_play: true}}", "Bob (drunk) thinks they are the monk"),
    ("thinks: {Ann: townsfolk}", "Ann (chef) thinks they are what they are"),
    ("teams: {townsfolk: 3, outsider: 2, minion: 1, demon: 1}", None),
    ("teams: {good: 5, evil: 2, traveller: 0}", None),
    ("teams: {townsfolk: 4}", "teams: {'townsfolk': 3, 'outsider': 2, 'minion': 1, "
                              "'demon': 1, 'good': 5, 'evil': 2}"),
    ("in_play: [imp, drunk, butler]", None),
    ("in_play: [monk, imp]", "not in play: ['monk']"),
    ("not_in_play: [monk, baron]", None),
    ("not_in_play: [drunk]", "in play: ['drunk']"),
])
def test_setup_expectations_on_a_written_grimoire(exp, found):
    r = run(TB7.replace("EXP", exp))
    if found is None:
        assert r.ok, failures(r)
    else:
        assert len(r.failures) == 1 and found in r.failures[0].found, failures(r)


def test_setup_expectations_are_checked_now():
    """In a step, the expectations look at the game then: after a star-pass the Minion who
    became the Imp is a second (living) Imp."""
    r = run(TB7.replace("steps: []\n", """\
steps:
  - night: 1
  - day: 1
  - night: 2
    choices: {Cat: Cat}
    expect:
      - not_in_play: [poisoner]
      - teams: {demon: 2, minion: 0, evil: 2}
      - neighbours: {Dan: imp}
""").replace("  - EXP\n", "  - in_play: [imp]\n"))
    assert r.ok, failures(r)


# ============================================================ errors
DEALT = """\
name: dealt
script: trouble-brewing
deal: DEAL
steps: []
"""


@pytest.mark.parametrize("deal, words", [
    ("{players: 4}", "deal players must be a whole number from 5 to 15"),
    ("{players: 8, travellers: 6}", "deal travellers must be a whole number from 0 to 5"),
    ("{players: eight}", "deal players must be a whole number"),
    ("{players: 8, bag: [imp]}", "unknown key 'bag' in deal"),
    ("{include: [imp]}", "deal needs players: (how many are dealt)"),
    ("{players: 8, include: imp}", "deal include must be a list of character ids"),
    ("{players: 8, include: [impp]}", "unknown character id 'impp'"),
    ("{players: 8, include: [imp, imp]}", "deal include lists 'imp' twice"),
    ("{players: 8, include: [imp], exclude: [imp]}", "'imp' is both included and excluded"),
    ("{players: 8, include: [beggar]}", "'beggar' is a traveller, not a character the bag"),
    ("{players: 8, include: [marionette]}", "deal include: 'marionette' is not on the script"),
    ("{players: 8, exclude: [damsel]}", "deal exclude: 'damsel' is not on the script"),
    ("{players: 5, include: [baron], exclude: [saint, recluse, butler]}",
     "cannot deal: script 'Trouble Brewing' cannot seat 5 players: the script has 1 outsider "
     "characters not excluded but 2 are needed for 5 players (0 by the table, changed by "
     "Baron"),
    ("{players: 5, include: [poisoner, spy]}",
     "2 minion characters are included (Poisoner, Spy) but 1 are dealt for 5 players"),
    ("[imp]", "deal must be a mapping"),
])
def test_deal_errors(deal, words):
    error(DEALT.replace("DEAL", deal), words, at="deal")


@pytest.mark.parametrize("text, words, at", [
    (DEALT.replace("DEAL", "{players: 5}") + "players:\n  - {name: Ann, character: imp}\n",
     "with deal:, a player is only a name: the engine deals the characters", "character: imp"),
    (DEALT.replace("DEAL", "{players: 6}") + "players: [Ann, Bob, Cat, Dan, Eve]\n",
     "players lists 5 names, but deal: deals 6 players", "players:"),
    (DEALT.replace("DEAL", "{}") + "players: [Ann, Bob, Cat, Dan]\n",
     "players lists 4 names: with 0 Travellers that deals 4 players", "players:"),
    (DEALT.replace("DEAL", "{players: 5}") + "players: [Ann, Bob, Ann, Dan, Eve]\n",
     "player name 'Ann' is used twice", "Ann"),
    (DEALT.replace("DEAL", "{players: 5}") + "bluffs: [chef]\n",
     "bluffs: is written with a setup as written, not with deal:", "bluffs:"),
    (DEALT.replace("DEAL", "{players: 5}") + "not_dealt: [imp]\n",
     "not_dealt: is written with a setup as written", "not_dealt:"),
    (DEALT.replace("script: trouble-brewing\n", "").replace("DEAL", "{players: 5}"),
     "deal: needs script:", "deal:"),
    (DEALT.replace("DEAL", "{players: 5}") + "storyteller: {mayor: Ann}\n",
     "storyteller setup key 'mayor' was not used", "mayor"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - thinks: {Zed: monk}\n",
     "unknown character id 'Zed'", "thinks"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - teams: {townsfolks: 3}\n",
     "teams: 'townsfolks' is not a team or an alignment", "teams"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - teams: {townsfolk: three}\n",
     "the count of townsfolk must be a whole number", "teams"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - thinks: {drunk: {team: drunk}}\n",
     "thinks: 'drunk' is not a team", "thinks"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - thinks: {drunk: {believes: monk}}\n",
     "unknown key 'believes' in thinks", "thinks"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - thinks: {drunk: {in_play: no}}\n",
     "in_play must be true or false", "thinks"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - neighbours: [imp, poisoner]\n",
     "neighbours is a mapping, e.g. {marionette: demon}", "neighbours"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - neighbours: {imp: []}\n",
     "next to nobody", "neighbours"),
    (DEALT.replace("DEAL", "{players: 5}") + "expect:\n  - in_play: imp\n",
     "in_play must be a non-empty list of character ids", "in_play"),
])
def test_dealt_file_errors(text, words, at):
    error(text, words, at=at)


def test_a_malformed_deal_exits_2_with_file_and_line(tmp_path):
    from clocktower.cli import _register_subcommands, app
    _register_subcommands()
    path = tmp_path / "bad.yaml"
    path.write_text(DEALT.replace("DEAL", "{players: 8, include: [imp, imp]}"))
    result = CliRunner().invoke(app, ["scenario", "run", str(path)], env={"COLUMNS": "400"})
    out = " ".join(result.output.split())
    assert result.exit_code == 2, out
    assert f"ERROR {path}:3: deal include lists 'imp' twice" in out
    assert "Traceback" not in out


def test_not_in_play_fails_when_the_excluded_are_dealt():
    """The Fang Gu file's `not_in_play` catches a deal that ignores `exclude` (here: the
    file run without it), and `teams` the Outsider the Balloonist or the Damsel adds."""
    text = FANGGU.read_text().replace(", exclude: [balloonist, huntsman]", "")
    keys = set()
    for seed in SEEDS:
        r = run_scenario(load_text(text.replace("\nseed: 1\n", f"\nseed: {seed}\n"), "f.yaml"))
        keys |= {f.expectation.split(":")[0] for f in r.failures}
        for f in r.failures:
            if f.expectation.startswith("not_in_play"):
                assert f.found.startswith("in play: ['"), f.found
    assert {"not_in_play", "teams"} <= keys, keys
