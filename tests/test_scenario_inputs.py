"""What the Storyteller writes (SCENARIOS.md, Additions 2026-11-30), `scenario run --strict`,
scenario games replaying from their logs (`--log`, `clocktower replay`), the Storyteller's
rulings, and the runner's error reporting."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clocktower.characters import REGISTRY
from clocktower.cli import _register_subcommands, app
from clocktower.engine.replay import replay
from clocktower.errors import ClocktowerError, ReplayMismatch
from clocktower.scenario import ScenarioError, collect, load_text, run_file, run_scenario
from conftest import scenario, scenario_error

_register_subcommands()

ROOT = Path(__file__).resolve().parents[1]
TB = ROOT / "scenarios" / "trouble-brewing"


run, error = scenario, scenario_error      # (tests/conftest.py)


INVESTIGATOR = """\
    name: t
    script: trouble-brewing
    players:
      - {name: Ann, character: investigator}
      - {name: Bob, character: BOB}
      - {name: Cat, character: imp}
      - {name: Dan, character: poisoner}
      - {name: Eve, character: soldier}
    bluffs: [chef, empath, monk]
    steps:
      - night: 1
        choices: {Dan: Eve}
        storyteller:
          Ann: INFO
    """


def investigator(bob: str, info: str, extra: str = "") -> str:
    text = INVESTIGATOR.replace("BOB", bob).replace("INFO", info).rstrip(" ")
    return text + textwrap.indent(extra, "        ") if extra else text


# ================================================================= written info implies registration
def decisions(result, kind: str) -> list[dict]:
    return [e for e in result.game.log if e["type"] == "decision" and e["kind"] == kind]


def test_written_information_implies_the_recluse_registration():
    r = run(investigator("recluse", "{players: [Bob, Eve], character: baron}"))
    assert r.ok
    regs = [e for e in decisions(r, "register") if e["player"] == "Bob"]
    assert [e["answer"] for e in regs] == [{"character": "baron", "alignment": "evil"}]
    learn = [e for e in r.game.log if e["type"] == "learn" and e["player"] == "Ann"
             and e["ability"] == "investigator"]
    assert learn[0]["character"] == "baron" and set(learn[0]["players"]) == {"Bob", "Eve"}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_implied_registration_does_not_depend_on_the_seed(seed):
    text = investigator("recluse", "{players: [Bob, Eve], character: scarletwoman}")
    r = run(text.replace("name: t", f"name: t\n    seed: {seed}"))
    regs = [e["answer"] for e in decisions(r, "register") if e["player"] == "Bob"]
    assert regs == [{"character": "scarletwoman", "alignment": "evil"}]


def test_when_several_registrations_fit_the_runner_takes_the_first_whatever_the_seed():
    # Any evil registration of the Recluse beside the Imp gives the Chef a pair: the runner
    # takes the first (fewest false answers, the engine's order: the Recluse, evil), never
    # what the seeded default happened to pick.
    path = TB / "chef-recluse-registration-implied.yaml"
    text = path.read_text()
    for seed in range(10):
        r = run_scenario(load_text(text.replace("seed: 1 ", f"seed: {seed} "), str(path)))
        assert r.ok
        regs = [e["answer"] for e in decisions(r, "register") if e["player"] == "Bob"]
        assert regs == [{"character": "recluse", "alignment": "evil"}], (seed, regs)


def test_impossible_information_is_still_an_error_naming_step_and_player():
    # Bob is the Soldier: nobody may register as the Baron.
    e = error(investigator("soldier", "{players: [Bob, Eve], character: baron}"))
    assert e.line == 14 and e.file == "t.yaml"   # the line of `Ann:`
    assert "for Ann on night 1 is not legal (the player is sober and healthy)" in e.reason
    # The Recluse registers as a Minion or Demon, never as a Townsfolk.
    e = error(investigator("recluse", "{players: [Bob, Eve], character: chef}"))
    assert "for Ann on night 1 is not legal" in e.reason
    assert "however Bob registers" in e.reason


def test_a_written_registration_still_fixes_it():
    text = investigator("recluse", "{players: [Bob, Eve], character: baron}",
                        "  registers: {Bob: {character: poisoner}}\n")
    e = error(text)
    assert "for Ann on night 1 is not legal" in e.reason
    ok = run(text.replace("{Bob: {character: poisoner}}", "{Bob: {character: baron}}"))
    assert ok.ok
    assert [x["answer"] for x in decisions(ok, "register") if x["player"] == "Bob"] == \
        [{"character": "baron", "alignment": "evil"}]


def test_a_written_registration_is_a_logged_decision():
    text = investigator("recluse", "{players: [Bob, Eve], character: scarletwoman}",
                        "  registers: {Bob: {character: scarletwoman}}\n")
    r = run(text)
    assert [x["answer"] for x in decisions(r, "register") if x["player"] == "Bob"] == \
        [{"character": "scarletwoman", "alignment": "evil"}]


def test_spy_and_recluse_together_for_the_chef():
    # Ann Chef, Bob Recluse, Cat Spy, Dan Imp, Eve Soldier: a count of 2 needs the Recluse
    # to register evil (Bob-Cat and Cat-Dan pairs, the Spy staying evil); 0 needs the Spy good.
    text = """\
        name: t
        seed: SEED
        script: trouble-brewing
        players:
          - {name: Ann, character: chef}
          - {name: Bob, character: recluse}
          - {name: Cat, character: spy}
          - {name: Dan, character: imp}
          - {name: Eve, character: soldier}
        steps:
          - night: 1
            storyteller: {Ann: {count: COUNT}}
            expect: [{learned: {player: Ann, count: COUNT}}]
        """
    for seed in (0, 1, 2):
        r = run(text.replace("SEED", str(seed)).replace("COUNT", "2"))
        regs = {e["player"]: e["answer"]["alignment"] for e in decisions(r, "register")}
        assert r.ok and regs == {"Bob": "evil", "Cat": "evil"}
        r = run(text.replace("SEED", str(seed)).replace("COUNT", "0"))
        regs = {e["player"]: e["answer"]["alignment"] for e in decisions(r, "register")}
        assert r.ok and regs["Cat"] == "good"
    e = error(text.replace("SEED", "0").replace("COUNT", "3"))
    assert "for Ann on night 1 is not legal" in e.reason
    assert "however Bob and Cat register" in e.reason


# ================================================================= fields the rules fix
def test_fields_the_rules_fix_are_filled_in():
    r = run_file(TB / "ravenkeeper-spy-registration-implied.yaml")
    assert r.ok
    learn = [e for e in r.game.log if e["type"] == "learn" and e["player"] == "Bob"
             and e["ability"] == "ravenkeeper"]
    assert learn[0]["players"] == ["Dan"] and learn[0]["character"] == "chef"


def test_information_that_fits_several_answers_is_an_error_naming_them():
    e = error(investigator("recluse", "{character: poisoner}"))
    assert "for Ann on night 1 fits" in e.reason and "legal answers that show different things" in e.reason
    assert "'players': ['Dan', 'Ann']" in e.reason or "'players': ['Ann', 'Dan']" in e.reason


# ================================================================= bare or choice mapping
def _variant(path: Path, old: str, new: str) -> str:
    text = path.read_text()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize("path,old,new", [
    ("trouble-brewing/mayor-bounce-to-another-player.yaml", "mayor: Bob", "mayor: {player: Bob}"),
    ("regalia/huntsman-poisoned-damsel-still-converts.yaml", "huntsman: fortuneteller",
     "huntsman: {character: fortuneteller}"),
    ("saga/lilmonsta-kills-own-babysitter.yaml", "storyteller: {red_herring: Cat}",
     "storyteller: {red_herring: {player: Cat}}"),
])
def test_storyteller_decision_as_a_choice_mapping(path, old, new):
    full = ROOT / "scenarios" / path
    bare = run_file(full)
    mapped = run_scenario(load_text(_variant(full, old, new), str(full)))
    assert bare.ok and mapped.ok
    assert [json.dumps(e, sort_keys=True) for e in bare.game.log] == \
        [json.dumps(e, sort_keys=True) for e in mapped.game.log]
    # ... and a wrong value in a mapping is still an error.
    wrong = new.replace("Bob", "Zed").replace("fortuneteller}", "imp}").replace("Cat}", "Zed}")
    with pytest.raises(ScenarioError):
        run_scenario(load_text(_variant(full, old, wrong), str(full)))


def test_setup_keys_may_be_written_with_underscores():
    base = """\
        players:
          - {name: Ann, character: fortuneteller}
          - {name: Bob, character: imp}
          - {name: Cat, character: poisoner}
          - {name: Dan, character: soldier}
          - {name: Eve, character: monk}
        steps: [{night: 1}]
        storyteller: {KEY: Ann}
        """
    for key, want in (("evil_twin", "eviltwin"), ("eviltwin", "eviltwin"),
                      ("Scarlet_Woman", "scarletwoman"), ("red_herring", "red_herring"),
                      ("lil_monsta.kill", "lilmonsta.kill")):
        sc = load_text(textwrap.dedent(base).replace("KEY", key))
        assert set(sc.setup_storyteller) == {want}
    with pytest.raises(ScenarioError) as e:
        load_text(textwrap.dedent(base).replace("{KEY: Ann}", "{evil_twin: Ann, eviltwin: Ann}"))
    assert "written twice" in e.value.reason


# ================================================================= --strict
def _cli(*args, env=None):
    return CliRunner().invoke(app, list(args), env=env or {})


def test_strict_lists_decisions_left_to_the_default_policy(tmp_path):
    open_file = tmp_path / "open.yaml"
    open_file.write_text(textwrap.dedent(investigator("recluse", "{players: [Bob, Eve], character: baron}")))
    res = _cli("scenario", "run", "--strict", str(open_file))
    # Everything is written (the Recluse's registration is implied by Ann's information)
    # except the Imp's (Cat) night 1: no choice; Dan's poison is written. Nothing is open.
    assert res.exit_code == 0, res.output
    assert "0 decisions left to the default policy" in res.output
    # Leave Ann's information and Dan's choice unwritten: both are listed, with the
    # registrations they depend on, and the run exits 1.
    text = investigator("recluse", "{players: [Bob, Eve], character: baron}")
    text = text.replace("        choices: {Dan: Eve}\n", "").replace(
        "        storyteller:\n          Ann: {players: [Bob, Eve], character: baron}\n", "")
    open_file.write_text(textwrap.dedent(text))
    res = _cli("scenario", "run", "--strict", str(open_file))
    assert res.exit_code == 1, res.output
    out = res.output
    assert f"{open_file}: night 1: night_choice by Dan, poisoner: 5 legal answers" in out
    assert f"{open_file}: night 1: register by storyteller, Bob registering to investigator" in out
    assert f"{open_file}: night 1: info by storyteller, for Ann (investigator)" in out
    js = json.loads(_cli("scenario", "run", "--strict", "--json", str(open_file)).output)
    kinds = sorted(d["kind"] for d in js["defaulted"])
    assert kinds == ["info", "night_choice", "register"]
    # Without --strict the same file passes.
    assert _cli("scenario", "run", str(open_file)).exit_code == 0


def test_strict_keep_from_leaves_out_the_listed_decisions(tmp_path):
    """`--keep-from` (the list `scenario pin` reads) takes the decisions it names out of
    --strict's count; an unlisted one still fails the run; a bad list is a one-line error."""
    text = investigator("recluse", "{players: [Bob, Eve], character: baron}")
    text = text.replace("        choices: {Dan: Eve}\n", "")
    f = tmp_path / "open.yaml"
    f.write_text(textwrap.dedent(text))
    res = _cli("scenario", "run", "--strict", str(f))
    assert res.exit_code == 1 and "night 1: night_choice by Dan, poisoner" in res.output
    keep = tmp_path / "keep.txt"
    keep.write_text("# kept\nopen.yaml: night 1: night_choice by Dan, poisoner  # the "
                    "ruling holds whomever she poisons\n")
    res = _cli("scenario", "run", "--strict", "--keep-from", str(keep), str(f))
    assert res.exit_code == 0, res.output
    assert "0 decisions left to the default policy" in res.output
    keep.write_text("open.yaml: night 1: info by storyteller, for Ann (investigator)  # why\n")
    res = _cli("scenario", "run", "--strict", "--keep-from", str(keep), str(f))
    assert res.exit_code == 1 and "night_choice by Dan, poisoner" in res.output
    keep.write_text("open.yaml: night 1: night_choice by Dan, poisoner\n")     # no reason
    res = _cli("scenario", "run", "--strict", "--keep-from", str(keep), str(f))
    assert res.exit_code != 0 and "say why" in (res.output + str(res.exception))
    res = _cli("scenario", "run", "--keep-from", str(keep), str(f))
    assert res.exit_code != 0 and "goes with --strict" in (res.output + str(res.exception))


# ================================================================= --log and replay
def _log(events) -> list[dict]:
    return [json.loads(json.dumps(e, sort_keys=True)) for e in events]


def test_every_scenario_replays_from_its_log():
    for path in collect([str(ROOT / "scenarios")]):
        result = run_file(path)
        replay(_log(result.game.log), REGISTRY)


def test_scenario_log_and_replay_commands(tmp_path):
    out = tmp_path / "game.jsonl"
    src = TB / "undertaker-recluse-registration-implied.yaml"
    res = _cli("scenario", "run", str(src), "--log", str(out))
    assert res.exit_code == 0, res.output
    events = [json.loads(line) for line in out.read_text().splitlines()]
    setup = events[0]
    assert setup["type"] == "setup" and setup["grimoire"] == "written"
    assert [p["character"] for p in setup["players"]] == \
        ["undertaker", "recluse", "imp", "poisoner", "soldier", "monk"]
    inputs = [(e["kind"], e["who"], e["answer"]) for e in events
              if e["type"] == "decision" and e["kind"] == "day_action"]
    assert inputs == [("day_action", "Ann", {"nominate": "Bob", "votes": ["Ann", "Cat", "Dan", "Eve"]})]
    res = _cli("replay", "--quiet", str(out))
    assert res.exit_code == 0, res.output
    assert "identical" in res.output
    # A changed input changes the game: the replay says where.
    tampered = out.read_text().replace('"votes": ["Ann", "Cat", "Dan", "Eve"]', '"votes": ["Ann"]', 1)
    out.write_text(tampered)
    res = _cli("replay", "--quiet", str(out))
    assert res.exit_code == 2 and "differs" in res.output


def test_log_with_several_scenarios_is_refused(tmp_path):
    res = _cli("scenario", "run", str(TB), "--log", str(tmp_path / "x.jsonl"))
    assert res.exit_code == 2
    assert "--log writes one game" in res.output
    assert not (tmp_path / "x.jsonl").exists()


def test_replay_of_a_written_game_with_thinks_bluffs_and_travellers():
    r = run_file(TB / "drunk-learns-believed-townsfolk.yaml")
    setup = r.game.log[0]
    assert setup["thinks"] == {"Ann": "chef"}
    assert setup["bluffs_written"] == ["investigator", "soldier", "mayor"]
    events = _log(r.game.log)
    replay(events, REGISTRY)
    # The written grimoire is what replay seats: change it and the game differs.
    events[0]["thinks"] = {"Ann": "empath"}
    with pytest.raises(ReplayMismatch):
        replay(events, REGISTRY)
    travellers = sorted((ROOT / "scenarios" / "travellers").glob("*.yaml"))
    assert travellers
    for path in travellers:
        r = run_file(path)
        assert any(p.get("traveller") for p in r.game.log[0]["players"])
        replay(_log(r.game.log), REGISTRY)


# ================================================================= rulings
RULING = """\
    name: rulings
    script: trouble-brewing
    players:
      - {name: Ann, character: monk}
      - {name: Bob, character: soldier}
      - {name: Cat, character: imp}
      - {name: Dan, character: poisoner}
      - {name: Eve, character: empath}
      - {name: Fay, character: chef}
    steps:
    """


def ruling_text(steps: str) -> str:
    return textwrap.dedent(RULING) + textwrap.indent(textwrap.dedent(steps), "  ")


def rulings(steps: str):
    return run(ruling_text(steps))


def test_ruling_kill_by_day_and_revive():
    r = rulings("""\
        - night: 1
          choices: {Dan: Bob}
        - day: 1
          actions:
            - ruling: {kill: Fay}
          expect: [{dead: [Fay]}, {event: {type: death, player: Fay, cause: other}},
                   {event: {type: ruling, action: kill, player: Fay}}]
        - night: 2
          rulings: [{revive: Fay}]
          choices: {Dan: Bob, Ann: Bob, Cat: Eve}
          expect: [{alive: [Fay]}, {dead: [Eve]}, {event: {type: revive, player: Fay}}]
        """)
    assert r.ok, [(f.expectation, f.found) for f in r.failures]
    ins = [(e["kind"], e["answer"]) for e in r.game.log if e["type"] == "decision"
           and e["kind"] == "ruling"]
    assert ins == [("ruling", {"action": "kill", "player": "Fay"}),
                   ("ruling", {"action": "revive", "player": "Fay"})]
    replay(_log(r.game.log), REGISTRY)


def test_ruling_poison_at_dusk_stops_the_monk():
    steps = """\
        - night: 1
          choices: {Dan: Bob}
        - day: 1
        - night: 2
          rulings: [{poison: Ann, until: dawn}]
          choices: {Dan: Bob, Ann: Eve, Cat: Eve}
          expect: [{dead: [Eve]}, {sober: [Ann]}]
        """
    r = rulings(steps)
    assert r.ok, [(f.expectation, f.found) for f in r.failures]
    replay(_log(r.game.log), REGISTRY)
    # Without the ruling the Monk protects Eve: the expectation fails.
    r = rulings(steps.replace("          rulings: [{poison: Ann, until: dawn}]\n", ""))
    assert not r.ok


def test_ruling_character_alignment_drunk_and_sober():
    r = rulings("""\
        - night: 1
          choices: {Dan: Bob}
        - day: 1
          actions:
            - ruling: {character: {Fay: imp}}
            - ruling: {alignment: {Fay: evil}}
            - ruling: {drunk: Eve}
          expect: [{character: {Fay: imp}}, {alignment: {Fay: evil}}, {drunk: [Eve]}]
        - night: 2
          rulings: [{sober: Eve}]
          choices: {Dan: Bob, Ann: Bob, Cat: Ann, Fay: Dan}
          expect: [{sober: [Eve]}]
        """)
    assert r.ok, [(f.expectation, f.found) for f in r.failures]
    replay(_log(r.game.log), REGISTRY)


def test_ruling_that_ends_the_game():
    r = rulings("""\
        - night: 1
          choices: {Dan: Bob}
        - day: 1
          actions:
            - ruling: {kill: Cat}
            - nominate: {by: Ann, target: Dan, votes: [Ann, Bob, Eve, Fay]}
          expect: [{winner: good}, {executed: nobody}]
        """)
    assert r.ok, [(f.expectation, f.found) for f in r.failures]
    replay(_log(r.game.log), REGISTRY)


@pytest.mark.parametrize("ruling,words", [
    ("{kill: Fay}\n            - ruling: {kill: Fay}", "Fay is already dead"),
    ("{revive: Fay}", "Fay is alive"),
    ("{sober: Fay}", "no ruling made Fay drunk or poisoned"),
])
def test_illegal_rulings_are_errors_with_their_line(ruling, words):
    e = error(ruling_text(f"""\
        - night: 1
          choices: {{Dan: Bob}}
        - day: 1
          actions:
            - ruling: {ruling}
        """))
    assert words in e.reason and e.line is not None


def test_a_ruling_to_an_unimplemented_character_is_an_error(unimplemented):
    test_illegal_rulings_are_errors_with_their_line(
        f"{{character: {{Fay: {unimplemented}}}}}", "not implemented yet")


@pytest.mark.parametrize("ruling,words", [
    ("{behead: Fay}", "a ruling is one of"),
    ("{kill: Zed}", "unknown player name 'Zed'"),
    ("{poison: Fay, until: noon}", "until must be dawn or dusk"),
    ("{alignment: {Fay: chaotic}}", "alignment must be good or evil"),
    ("{kill: Fay, until: dawn}", "unknown key 'until'"),
])
def test_malformed_rulings_are_load_errors(ruling, words):
    with pytest.raises(ScenarioError) as e:
        load_text(ruling_text(f"- night: 1\n- day: 1\n  actions: [{{ruling: {ruling}}}]\n"))
    assert words in e.value.reason


def test_game_ruling_api_validates():
    from clocktower.engine.game import Game
    from clocktower.engine.inputs import setup_written
    from clocktower.scripts import load_script

    game = Game(load_script("trouble-brewing"), REGISTRY, seed=0,
                default_answerer=lambda d, g: d.options()[0])
    setup_written(game, [{"name": n, "character": c} for n, c in
                         (("Ann", "monk"), ("Bob", "soldier"), ("Cat", "imp"),
                          ("Dan", "poisoner"), ("Eve", "empath"))], bluffs=[])
    for bad in ({"action": "kill"}, {"action": "smite", "player": "Ann"}, "kill Ann",
                {"action": "poison", "player": "Ann", "until": "noon"},
                {"action": "kill", "player": "Ann", "character": "imp"}):
        with pytest.raises(ClocktowerError):
            game.ruling(bad)
    before = len(game.log)
    game.ruling({"action": "poison", "player": "Ann"})
    assert game.is_poisoned(game.by_name["Ann"])
    assert [e["type"] for e in game.log[before:]] == ["decision", "ruling", "effect"]


# ================================================================= runner hardening
def test_an_empty_folder_is_an_error(tmp_path):
    (tmp_path / "notes.txt").write_text("not a scenario")
    res = _cli("scenario", "run", str(tmp_path))
    assert res.exit_code == 2
    assert "no scenario files" in res.output and str(tmp_path) in res.output


def test_piped_errors_are_not_wrapped(tmp_path):
    bad = tmp_path / "a-rather-long-scenario-file-name-to-make-the-line-long.yaml"
    bad.write_text(textwrap.dedent(investigator("soldier", "{players: [Bob, Eve], character: baron}")))
    res = _cli("scenario", "run", str(bad), env={"COLUMNS": "80"})
    lines = [ln for ln in res.output.splitlines() if ln.startswith("ERROR")]
    assert len(lines) == 1 and len(lines[0]) > 80
    assert "for Ann on night 1 is not legal" in lines[0]


@pytest.mark.parametrize("text,words", [
    ("players: [{name: Ann, character: imp}]\nsteps: []\nstoryteller: [a, b]\n",
     "storyteller must be a mapping, not a list"),
    ("players: [[Ann, imp]]\nsteps: []\n", "a player must be a mapping, not a list"),
    ("players: [{name: Ann, character: imp}]\nsteps: [night]\n", "a step must be a mapping, not 'night'"),
    ("players: [{name: Ann, character: [imp]}]\nsteps: []\n", "a character id must be a string, not a list"),
    ("players: [{name: Ann, character: imp}]\nseed: {a: 1}\nsteps: []\n", "seed must be a whole number, not a mapping"),
    ("players: [{name: Ann, character: imp}]\nsteps: [{night: 1, choices: {Ann: [[Ann]]}}]\n",
     "a player name must be a string, not a list"),
])
def test_no_python_type_names_in_errors(text, words):
    with pytest.raises(ScenarioError) as e:
        load_text(text)
    assert words in e.value.reason
    for leak in ("Commented", "NoneType", "ordereddict", "<class"):
        assert leak not in e.value.reason, e.value.reason


def test_written_text_is_printed_as_written_not_as_markup(tmp_path):
    bad = tmp_path / "x.yaml"
    bad.write_text('players: [{name: Ann, character: imp}]\n'
                   'steps: [{night: 1, choices: {Ann: "[poisoner]"}}]\n')
    res = _cli("scenario", "run", str(bad))
    assert res.exit_code == 2
    assert "unknown player name '[poisoner]'" in res.output


def test_the_registration_search_gives_up_with_its_own_message(monkeypatch):
    from clocktower.scenario import runner as scenario_runner

    monkeypatch.setattr(scenario_runner, "MAX_RUNS", 5)
    e = error(investigator("recluse", "{players: [Bob, Eve], character: baron}")
              .replace("Eve, character: soldier", "Eve, character: spy")
              .replace("{players: [Bob, Eve], character: baron}", "{players: [Bob, Ann], character: imp}"))
    assert "gave up after 5 runs" in e.reason and "registers:" in e.reason


def test_log_to_a_missing_folder_is_refused_before_running(tmp_path):
    res = _cli("scenario", "run", str(TB / "chef-recluse-registration-implied.yaml"),
               "--log", str(tmp_path / "nowhere" / "x.jsonl"))
    assert res.exit_code == 2 and "does not exist" in res.output
    assert "passed" not in res.output


def test_a_refused_day_action_is_not_recorded():
    from clocktower.engine.game import Game
    from clocktower.engine.inputs import day_action, setup_written
    from clocktower.scripts import load_script

    game = Game(load_script("trouble-brewing"), REGISTRY, seed=0,
                default_answerer=lambda d, g: d.options()[0])
    setup_written(game, [{"name": n, "character": c} for n, c in
                         (("Ann", "monk"), ("Bob", "soldier"), ("Cat", "imp"),
                          ("Dan", "poisoner"), ("Eve", "empath"))], bluffs=[])
    game.start_day()
    day_action(game, "Ann", {"nominate": "Cat", "votes": ["Ann"]})
    n, size = game.n_decisions, len(game.log)
    with pytest.raises(ClocktowerError, match="already nominated"):
        day_action(game, "Ann", {"nominate": "Dan", "votes": []})
    with pytest.raises(ClocktowerError, match="not a day action"):
        day_action(game, "Ann", {"nominate": "Dan"})
    assert (game.n_decisions, len(game.log)) == (n, size)
