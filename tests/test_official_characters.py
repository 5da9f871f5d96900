"""Every official character is in the data file, implemented or not (issue 22 item 18).

A community script with characters the engine does not implement (tests/data/
community-lanterns.json: the Grandmother, Shabaloth, a Fabled, two Loric, ...) loads,
validates, shows, exports and prints (its night sheet too), the web reads it, and only a game
refuses it, naming those characters. "Did you mean" never turns one official character into
another.
"""
import hashlib
import json
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from conftest import one_line_error
from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.play import new_game
from clocktower.errors import NotImplementedCharacters, UnknownCharacter
from clocktower.scripts import dump_script, load_script
from clocktower.scripts.nightsheet import night_steps
from clocktower.scripts.sheet import render_html
from clocktower.scripts.validate import validate

LANTERNS = Path(__file__).parent / "data" / "community-lanterns.json"
NOT_IMPLEMENTED_ON_IT = ["grandmother", "noble", "pixie", "sailor", "tealady", "poppygrower",
                         "mutant", "sweetheart", "godfather", "boomdandy", "shabaloth", "po",
                         "barista", "sentinel", "djinn", "bootlegger", "stormcatcher"]


def raw_records() -> list[dict]:
    text = resources.files("clocktower.data").joinpath("characters.json").read_text("utf-8")
    return json.loads(text)["characters"]


# --- the data file -------------------------------------------------------------------------

def test_every_official_character_is_in_the_data_file():
    chars = D.all_characters()
    assert len(chars) == 181
    assert Counter(c.team for c in chars.values()) == {
        "townsfolk": 69, "outsider": 23, "minion": 27, "demon": 19, "traveller": 18,
        "fabled": 14, "loric": 11}
    missing = Counter(c.team for c in chars.values() if not c.implemented)
    assert missing == {"townsfolk": 34, "outsider": 13, "minion": 16, "demon": 12,
                       "traveller": 10, "fabled": 14, "loric": 11}
    assert {c.team for c in chars.values()} == set(D.ALL_TEAMS)
    for cid in ("grandmother", "bootlegger", "shabaloth", "sentinel", "djinn", "stormcatcher",
                "leviathan", "riot", "legion", "atheist"):
        assert cid in chars and not chars[cid].implemented


def test_implemented_is_the_engines_registry():
    assert {cid for cid, c in D.all_characters().items() if c.implemented} == set(REGISTRY)
    assert D.not_implemented(["imp", "grandmother", "homebrewthing", "po"]) == ["grandmother", "po"]


def test_characters_not_implemented_are_facts_only():
    for r in raw_records():
        if r["implemented"]:
            assert r["ability"] and all(j["reason"] for j in r["jinxes"]
                                        if D.get(j["id"]).implemented)
            continue
        assert r["ability"] is None
        assert r["first_night_reminder"] == r["other_night_reminder"] == ""
        assert all(j["reason"] is None for j in r["jinxes"])
    g = D.get("grandmother")
    assert g.ability == D.ABILITY_NOT_INCLUDED
    assert (g.name, g.team, g.edition, g.reminders) == ("Grandmother", "townsfolk", "bmr",
                                                        ("Grandchild", "Dead"))
    assert g.first_night_reminder == D.NIGHT_NOT_INCLUDED and g.first_night and g.other_night
    assert D.get("godfather").setup_text == "-1 or +1 Outsider"
    assert D.get("godfather").setup_change == {"outsiders_choice": [-1, 1]}


def test_jinxed_pairs_are_recorded_both_ways():
    for c in D.all_characters().values():
        for j in c.jinxes:
            assert any(k["id"] == c.id for k in D.get(j["id"]).jinxes), (c.id, j["id"])
    assert any(j["id"] == "poppygrower" for j in D.get("spy").jinxes)
    # a pair of two implemented characters keeps its rule
    assert next(j for j in D.get("spy").jinxes if j["id"] == "damsel")["reason"].startswith("If a Spy")


def test_night_positions_of_the_implemented_characters_are_unchanged():
    # A digest of (id, first night, other night) of the 71 as they were before the other
    # official characters were added: their places (and game logs) must not move.
    rows = sorted((c.id, c.first_night, c.other_night)
                  for c in D.all_characters().values() if c.implemented)
    digest = hashlib.sha256(json.dumps([list(r) for r in rows]).encode()).hexdigest()
    assert digest == "98c0d8c96717eda919a99faa1d4b0cc3c12102907f56ba47eb768dab6596d08c"
    assert D.special_positions("first") == {"dusk": 1, "minioninfo": 20, "demoninfo": 24,
                                            "dawn": 78}
    assert D.special_positions("other") == {"dusk": 1, "dawn": 98}


@pytest.mark.parametrize("night", ["first", "other"])
def test_night_positions_are_one_official_order(night):
    taken = {pos: sid for sid, pos in D.special_positions(night).items()}
    for c in D.all_characters().values():
        pos = c.first_night if night == "first" else c.other_night
        if pos:
            assert pos not in taken, (c.id, taken.get(pos))
            taken[pos] = c.id
    assert sorted(taken) == list(range(1, len(taken) + 1))


# --- did you mean --------------------------------------------------------------------------

def test_did_you_mean_never_turns_an_official_character_into_another():
    for cid, c in D.all_characters().items():
        assert D.get(cid) is c and D.get(c.name).id == cid
        assert D.suggest(cid) == ""
    assert D.get("bootlegger").name == "Bootlegger"
    assert D.get("Shabaloth").team == "demon"
    assert D.suggest("bootleger") == " (did you mean 'bootlegger'?)"
    with pytest.raises(UnknownCharacter, match="did you mean 'grandmother'"):
        D.get("grandmom")


def test_validate_names_no_official_id_unknown(tmp_path):
    f = tmp_path / "s.json"
    f.write_text(json.dumps([{"id": "_meta", "name": "x"}] + list(D.all_characters())))
    report = validate(f, set(REGISTRY))
    assert not [p for p in report.problems if p.level in ("fatal", "error")]
    f.write_text(json.dumps([{"id": "_meta", "name": "x"}, "bootlegger", "butlr", "imp",
                             "chef", "empath", "monk", "poisoner", "grandmother"]))
    errors = [p.message for p in validate(f).problems if p.level == "error"]
    assert errors == ["item 3: unknown character id 'butlr' (did you mean 'butler'?)"]


# --- a community script --------------------------------------------------------------------

def test_community_script_loads():
    s = load_script(LANTERNS)
    assert s.name == "Lanterns at the Crossroads" and len(s.characters) == 33
    assert not s.homebrew
    assert s.of_team("fabled") == ["sentinel", "djinn"]
    assert s.of_team("loric") == ["bootlegger", "stormcatcher"]
    assert [c for c in s.characters if not D.get(c).implemented] == NOT_IMPLEMENTED_ON_IT
    assert ("spy", "poppygrower", D.JINX_NOT_INCLUDED) in [
        (a, b, r) for a, b, r in s.jinx_pairs()] or \
        ("poppygrower", "spy", D.JINX_NOT_INCLUDED) in s.jinx_pairs()


def test_community_script_validates(cli):
    r = cli("script", "validate", LANTERNS)
    assert r.exit_code == 0, r.output
    assert "valid (0 errors, 0 warnings" in r.output
    assert "seats every player count from 5 to 15" in r.output
    assert "setup change: Godfather [-1 or +1 Outsider]" in r.output
    assert "does not count (not implemented yet): Sentinel, Bootlegger" in r.output
    assert ("not implemented yet, so a game on this script is refused: Grandmother, Noble, "
            "Pixie") in r.output
    assert "unknown" not in r.output


def test_community_script_shows(cli):
    r = cli("script", "show", LANTERNS)
    assert r.exit_code == 0, r.output
    for word in ("Lanterns at the Crossroads by clocktower tests", "Fabled", "Loric",
                 "Grandmother", "Shabaloth", "Bootlegger", "Storm Catcher",
                 D.ABILITY_NOT_INCLUDED, "not implemented", "Godfather: [-1 or +1 Outsider]",
                 "Poppy Grower & Spy"):
        assert word in r.output, word


def test_community_script_exports_and_reads_back(cli, tmp_path):
    out = tmp_path / "out.json"
    r = cli("script", "export", LANTERNS, "-o", out)
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert doc[0] == {"id": "_meta", "name": "Lanterns at the Crossroads",
                      "author": "clocktower tests", "almanac": "https://example.invalid/lanterns",
                      "bootlegger": ["The Storyteller may wake the Sailor before the Poisoner."]}
    first, again = load_script(LANTERNS), load_script(out)
    assert doc[1:] == first.characters       # plain official ids, in order
    assert (again.name, again.author, again.meta, again.characters) == \
        (first.name, first.author, first.meta, first.characters)
    assert dump_script(again) == out.read_text()


def test_community_script_night_sheet():
    first = [s.id for s in night_steps(LANTERNS, "first")]
    assert first == ["dusk", "stormcatcher", "barista", "thief", "poppygrower", "minioninfo",
                     "demoninfo", "sailor", "poisoner", "godfather", "pixie", "damsel",
                     "washerwoman", "chef", "empath", "fortuneteller", "butler", "grandmother",
                     "noble", "spy", "dawn"]
    other = [s.id for s in night_steps(LANTERNS, "other")]
    assert other == ["dusk", "barista", "thief", "poppygrower", "sailor", "poisoner", "monk",
                     "imp", "shabaloth", "po", "godfather", "sweetheart", "damsel",
                     "grandmother", "empath", "fortuneteller", "undertaker", "butler", "spy",
                     "dawn"]
    steps = {s.id: s for s in night_steps(LANTERNS, "other")}
    assert steps["shabaloth"].text == D.NIGHT_NOT_INCLUDED
    assert steps["imp"].text.startswith("Wake the Imp")


def test_community_script_prints(cli, tmp_path):
    out = tmp_path / "sheet.html"
    r = cli("script", "sheet", LANTERNS, "-o", out)
    assert r.exit_code == 0, r.output
    page = out.read_text()
    assert page == render_html(load_script(LANTERNS))
    for team in ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric"):
        assert f'data-team="{team}"' in page, team
    for cid in ("grandmother", "shabaloth", "sentinel", "bootlegger"):
        assert f'id="char-{cid}"' in page
    assert 'data-id="shabaloth"' in page and 'data-id="grandmother"' in page   # night sheets
    assert "Bootlegger rules" in page and "wake the Sailor before the Poisoner" in page
    r = cli("script", "nightsheet", LANTERNS)
    assert r.exit_code == 0 and "Shabaloth" in r.output and "Storm Catcher" in r.output


def test_the_web_reads_and_shows_the_community_script():
    from clocktower.web.service import script_from_spec, script_json
    script, builtin = script_from_spec(None, LANTERNS.read_text())
    view = script_json(script, builtin)
    chars = {c["id"]: c for c in view["characters"]}
    assert chars["grandmother"]["implemented"] is False and chars["imp"]["implemented"] is True
    assert chars["sentinel"]["team"] == "fabled" and chars["bootlegger"]["team"] == "loric"
    assert "shabaloth" in [s["id"] for s in view["nightsheet"]["other"]]


# --- only a game refuses -------------------------------------------------------------------

def test_play_refuses_naming_the_characters_not_implemented(cli):
    out = one_line_error(cli("play", "--script", LANTERNS, "--players", 8, "--quiet"),
                         "not implemented", *NOT_IMPLEMENTED_ON_IT)
    assert len(out.splitlines()) == 1


def test_a_game_refuses_them():
    with pytest.raises(NotImplementedCharacters) as e:
        new_game(load_script(LANTERNS), 8, seed=0)
    assert e.value.ids == NOT_IMPLEMENTED_ON_IT


def test_a_scenario_refuses_them(unimplemented):
    from conftest import scenario_error
    e = scenario_error(f"""\
        name: a dealt game on a community script
        script: {LANTERNS}
        seed: 3
        deal: {{players: 8}}
        steps: []
        """)
    assert "characters not implemented yet: " + ", ".join(NOT_IMPLEMENTED_ON_IT) in str(e)
    e = scenario_error(f"""\
        name: a written setup with a character not implemented
        script: {LANTERNS}
        players:
          - {{name: Ann, character: {unimplemented}}}
          - {{name: Bob, character: imp}}
          - {{name: Cat, character: poisoner}}
          - {{name: Dan, character: chef}}
          - {{name: Eve, character: empath}}
        steps: []
        """)
    assert f"characters not implemented yet: {unimplemented}" in str(e) and e.line == 4


def test_almanac_text_with_characters_not_implemented(tmp_path):
    f = tmp_path / "lanterns.txt"
    f.write_text("Lanterns\nAlmanac · tester · 6 characters\n\n"
                 + "".join(f"{team}\n{name}\nNot written yet.\n\n" for team, name in (
                     ("Townsfolk", "Grandmother"), ("Townsfolk", "Chef"), ("Minion", "Poisoner"),
                     ("Demon", "Shabaloth"), ("Loric", "Bootlegger"), ("Fabled", "Djinn"),
                     ("Fabled", "Homebrew Fable"))))
    s = load_script(f)
    assert s.characters == ["grandmother", "chef", "poisoner", "shabaloth", "bootlegger", "djinn"]
    assert not s.homebrew
    warnings = "\n".join(s.warnings)
    assert "Grandmother: ability text missing or not in English; none is built in" in warnings
    assert "Chef: ability text missing or not in English; using the built-in" in warnings
    assert "'Homebrew Fable' is not an official Fabled; skipped" in warnings


def test_the_web_api_parses_the_community_script_and_refuses_to_deal_it(tmp_path):
    from fastapi.testclient import TestClient
    from clocktower.web.app import create_app
    text = LANTERNS.read_text()
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        r = c.post("/api/scripts/parse", json={"text": text})
        assert r.status_code == 200 and len(r.json()["characters"]) == 33
        r = c.get("/api/characters/bootlegger")
        assert r.status_code == 200 and (r.json()["team"], r.json()["implemented"]) == ("loric", False)
        r = c.post("/api/bag/deal", json={"script": {"text": text}, "seed": 1,
                                          "players": [{"name": n} for n in "ABCDEFGH"]})
        assert r.status_code == 400
        assert r.json()["error"] == "characters not implemented yet: " + ", ".join(NOT_IMPLEMENTED_ON_IT)
