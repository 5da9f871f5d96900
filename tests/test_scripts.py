"""Scripts: the four seeds, official JSON in and out, validation, night sheets, the CLI."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clocktower import data as D
from clocktower.errors import NotImplementedCharacters, ScriptError
from clocktower.scripts import (builtin_names, dump_script, load_script, parse_script_json,
                                read_document, script_document)
from clocktower.scripts.almanac import parse_almanac
from clocktower.scripts.nightsheet import night_steps
from clocktower.scripts.sheet import render_html
from clocktower.scripts.validate import seat_problem, validate

from conftest import SHARED

SEEDS = SHARED / "seeds"

# seed file, built-in name, title, author, count, first id, last id, (TF, Out, Min, Dem, Trav)
SEED_FACTS = [
    ("000_f3e16c523e727d08.txt", "regalia", "Regalia", "AV", 27, "steward", "beggar",
     (13, 4, 4, 1, 5)),
    ("001_78af26e932c05cb9.txt", "alternate-endings", None, "", 29, "philosopher", "voudon",
     (13, 5, 4, 3, 4)),
    ("002_4d4a57caa1cf4b44.txt", "the-return-of-jafar", "The Return of Jafar", "jimothy", 25,
     "librarian", "imp", (13, 4, 4, 4, 0)),
    ("004_db87852d21c23228.txt", "the-saga-of-the-summoner", "The Saga of the Summoner",
     "Marelyn C", 12, "investigator", "zombuul", (6, 2, 2, 2, 0)),
]
TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller")

# Skipped (saying why) when ../shared/seeds is missing; a failure on CI (tests/conftest.py).
needs_seeds = pytest.mark.usefixtures("shared_seeds")


def team_split(script) -> tuple[int, ...]:
    return tuple(sum(1 for c in script.characters if script.team_of(c) == t) for t in TEAMS)


def write(tmp_path: Path, name: str, content) -> Path:
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    elif isinstance(content, str):
        p.write_text(content, encoding="utf-8")
    else:
        p.write_text(json.dumps(content), encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def cli():
    from clocktower.cli import _register_subcommands, app
    _register_subcommands()
    runner = CliRunner()

    def run(*args):
        return runner.invoke(app, ["script", *map(str, args)])
    return run


# --- the four seeds ---------------------------------------------------------------------

@needs_seeds
@pytest.mark.parametrize("seed,builtin,title,author,count,first,last,split", SEED_FACTS)
def test_seed_imports_to_exactly_its_characters(seed, builtin, title, author, count, first,
                                                last, split):
    script = load_script(SEEDS / seed)
    assert len(script.characters) == count
    assert script.characters[0] == first and script.characters[-1] == last
    assert team_split(script) == split
    assert script.name == (title or Path(seed).stem)
    assert script.author == author
    assert not script.homebrew
    # the built-in copy is the same script, in the same order
    built = load_script(builtin)
    assert built.characters == script.characters
    if title:
        assert built.name == title and built.author == author


@needs_seeds
@pytest.mark.parametrize("seed", [f[0] for f in SEED_FACTS])
def test_seed_teams_match_the_almanac_headings(seed):
    text = (SEEDS / seed).read_text(encoding="utf-8")
    headings = re.findall(r"^\s*(?:\d+\.\s+)?(Townsfolk|Outsider|Minion|Demon|Traveller)\s*$",
                          text, re.M)
    script = load_script(SEEDS / seed)
    assert [h.lower() for h in headings] == [script.team_of(c) for c in script.characters]


@needs_seeds
def test_both_layouts_are_read():
    layouts = {f: parse_almanac((SEEDS / f).read_text("utf-8")).layout for f, *_ in SEED_FACTS}
    assert layouts["000_f3e16c523e727d08.txt"] == "numbered"
    assert layouts["004_db87852d21c23228.txt"] == "plain"
    assert layouts["001_78af26e932c05cb9.txt"] == "plain"


@needs_seeds
def test_garbled_names_are_repaired_with_a_warning_for_each():
    alm = parse_almanac((SEEDS / "001_78af26e932c05cb9.txt").read_text("utf-8"))
    ids = [e.id for e in alm.entries]
    for cid in ("highpriestess", "huntsman", "goblin", "fanggu", "scapegoat"):
        assert cid in ids
    names = "\n".join(alm.repairs)
    assert "line 36: name 'Highpriestess1 75 2-75' read as High Priestess" in names
    assert "line 198: name 'Fanggu1 75 3-75' read as Fang Gu" in names
    assert "'Huntsman1-75' read as Huntsman" in names
    assert sum("not in English" in r for r in alm.repairs) == 5
    # the built-in English text is used, never the Korean
    for e in alm.entries:
        assert re.search(r"[\uac00-\ud7a3]", e.ability) is None


@needs_seeds
def test_almanac_warnings_reach_the_script_and_the_cli(cli, tmp_path):
    out = tmp_path / "s.json"
    r = cli("import", SEEDS / "001_78af26e932c05cb9.txt", "-o", out, "--name", "Alternate Endings")
    assert r.exit_code == 0, r.output
    assert "read as High Priestess" in r.output and "read as Fang Gu" in r.output
    assert json.loads(out.read_text()) == json.loads(
        (Path(__file__).parents[1] / "clocktower/scripts/builtin/alternate-endings.json").read_text())


@needs_seeds
@pytest.mark.parametrize("seed", [f[0] for f in SEED_FACTS])
def test_ability_lines_match_the_seeds(seed):
    """Every English ability line of a seed is the data file's ability line, word for word."""
    lines = [l.strip() for l in (SEEDS / seed).read_text("utf-8").splitlines() if l.strip()]
    alm = parse_almanac((SEEDS / seed).read_text("utf-8"))
    checked = 0
    for e in alm.entries:
        seed_line = next(l for i, l in enumerate(lines) if i and lines[i - 1] and
                         D.normalise_id(re.sub(r"[\d\s-]+$", "", lines[i - 1])) ==
                         D.normalise_id(e.name) and D.normalise_id(l) != D.normalise_id(e.name))
        if re.search(r"[\uac00-\ud7a3]", seed_line):
            continue
        assert D.get(e.id).ability == seed_line
        checked += 1
    assert checked >= len(alm.entries) - 5


def test_character_data_covers_the_seeds_and_tb():
    chars = {cid: c for cid, c in D.all_characters().items() if c.implemented}
    assert len(chars) == 71
    assert {"chef", "empath", "virgin"} <= set(chars)
    assert D.get("highpriestess").ability.startswith("Each night, you learn who the Storyteller")
    for c in chars.values():
        assert c.ability and c.ability != D.ABILITY_NOT_INCLUDED and c.team in D.TEAMS
        for night in ("first", "other"):
            pos = c.first_night if night == "first" else c.other_night
            from clocktower.scripts.nightsheet import night_reminder
            assert bool(pos) == bool(night_reminder(c.id, night)), (c.id, night)


@needs_seeds
def test_all_seed_characters_are_in_the_data_file():
    seen = set()
    for f, *_ in SEED_FACTS:
        seen |= set(load_script(SEEDS / f).characters)
    assert len(seen) == 68


# --- official JSON in and out --------------------------------------------------------------

@pytest.mark.parametrize("name", builtin_names())
def test_export_then_import_gives_the_same_script(name, tmp_path):
    script = load_script(name)
    p = write(tmp_path, "out.json", dump_script(script))
    again = load_script(p)
    assert (again.name, again.author, again.characters, again.homebrew) == \
        (script.name, script.author, script.characters, script.homebrew)
    assert json.loads(p.read_text())[0] == {"id": "_meta", "name": script.name,
                                            **({"author": script.author} if script.author else {})}


def test_builtins_are_the_five_named_scripts():
    assert builtin_names() == ["alternate-endings", "regalia", "the-return-of-jafar",
                               "the-saga-of-the-summoner", "trouble-brewing"]
    assert load_script("regalia").author == "AV"
    assert load_script("the-return-of-jafar").author == "jimothy"
    assert load_script("the-saga-of-the-summoner").author == "Marelyn C"
    assert load_script("alternate-endings").name == "Alternate Endings"


def test_ids_are_normalised_like_the_official_tools():
    s = load_script(["fortune_teller", "Fortune Teller", "Scarlet-Woman", {"id": "Lil' Monsta"}][1:]
                    + ["imp"])
    assert s.characters == ["fortuneteller", "scarletwoman", "lilmonsta", "imp"]
    s = parse_script_json(["fortune_teller", "pit-hag" if False else "imp"], "<t>", "t")
    assert s.characters == ["fortuneteller", "imp"]


def test_meta_fields_are_kept_through_export(tmp_path):
    doc = [{"id": "_meta", "name": "Night Test", "author": "me", "almanac": "https://example.org/a",
            "bootlegger": ["The Imp may not kill themself."],
            "firstNight": ["dusk", "empath", "poisoner", "dawn"], "otherNight": ["imp", "empath"]},
           "empath", "poisoner", "imp", "saint", "chef"]
    p = write(tmp_path, "meta.json", doc)
    s = load_script(p)
    assert s.name == "Night Test" and s.meta["bootlegger"] == ["The Imp may not kill themself."]
    assert json.loads(dump_script(s))[0] == doc[0]
    first = [st.id for st in night_steps(s, "first")]
    assert first[:4] == ["dusk", "empath", "poisoner", "dawn"]
    assert "chef" in first       # wakes on night 1 but not listed: appended, not lost
    assert [st.id for st in night_steps(s, "other")][:2] == ["imp", "empath"]
    assert "The Imp may not kill themself." in render_html(s)


HOMEBREW = {"id": "tinker_bell", "name": "Tinker <Bell>", "team": "townsfolk",
            "ability": "Each night*, choose a player: they learn a secret. [+1 Outsider]",
            "otherNight": 50, "otherNightReminder": "Wake Tinker Bell; they point to a player."}


def test_homebrew_characters_show_validate_export_but_a_game_is_refused(tmp_path, cli):
    doc = [{"id": "_meta", "name": "Brew"}, "washerwoman", "librarian", "investigator", "chef",
           "empath", "fortuneteller", "undertaker", HOMEBREW, "butler", "drunk", "poisoner", "imp"]
    p = write(tmp_path, "brew.json", doc)
    s = load_script(p)
    assert "tinkerbell" in s.homebrew and s.team_of("tinkerbell") == "townsfolk"
    assert json.loads(dump_script(s))[8]["name"] == "Tinker <Bell>"
    assert any(st.id == "tinkerbell" for st in night_steps(s, "other"))
    html = render_html(s)
    assert "Tinker &lt;Bell&gt;" in html and "<Bell>" not in html
    r = cli("show", p)
    assert r.exit_code == 0 and "Tinker <Bell>" in r.output and "homebrew" in r.output
    r = cli("validate", p)
    assert r.exit_code == 0, r.output
    assert "homebrew characters: Tinker <Bell>" in r.output
    from clocktower.characters import REGISTRY
    from clocktower.engine.setup import check_implemented
    with pytest.raises(NotImplementedCharacters) as e:
        check_implemented(s, REGISTRY)
    assert "tinkerbell" in str(e.value)


# --- malformed input ------------------------------------------------------------------------

@pytest.mark.parametrize("content,fragment", [
    ('["imp", "poisoner",\n  "chef" "empath"]', "bad.json:2:10: malformed JSON"),
    ('["imp",', "bad.json:1:8: malformed JSON"),
    ('{"id": "_meta", "name": "x"}', "bad.json:1:1: a script is a JSON array"),
    ('"imp"', "bad.json:1:1: a script is a JSON array of character ids and objects, not a string"),
    ('["imp",\n 42]', "bad.json:2:2: item 2: expected a character id (a string) or an object, not a number"),
    ('["imp", {"name": "x"}]', "bad.json:1:9: item 2: an object without an \"id\""),
    ('["imp", {"id": 7}]', "bad.json:1:9: item 2: \"id\" must be a string, not a number"),
    ('["imp", {"id": "x", "name": "X", "team": "demon", "ability": 3}]',
     "'ability' must be a string, not a number"),
    ("", "bad.json: the file is empty"),
    ("   \n\n", "bad.json: the file is empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "bad.json: byte 8: a binary file"),
    (b'["imp", "\xff\xfe"]', "bad.json:1: byte 9: not UTF-8 text"),
])
def test_malformed_files_fail_with_a_position_and_exit_2_writing_nothing(content, fragment,
                                                                         tmp_path, cli):
    p = write(tmp_path, "bad.json", content)
    with pytest.raises(ScriptError) as e:
        load_script(p)
    assert fragment in str(e.value).replace(str(tmp_path) + "/", "")
    for args in (("export", p, "-o", tmp_path / "out.json"),
                 ("sheet", p, "-o", tmp_path / "out.html"),
                 ("import", p, "-o", tmp_path / "out.json"),
                 ("validate", p), ("show", p), ("nightsheet", p)):
        r = cli(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "error:" in r.output or "fatal:" in r.output
        assert fragment in r.output.replace(str(tmp_path) + "/", "")
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "out.html").exists()
    assert [f.name for f in tmp_path.iterdir()] == ["bad.json"]


def test_an_empty_list_is_a_script_with_a_problem(cli, tmp_path):
    p = write(tmp_path, "empty.json", "[]")
    with pytest.raises(ScriptError, match="empty.json: the script lists no characters"):
        load_script(p)
    r = cli("validate", p)
    assert r.exit_code == 1 and "the script lists no characters" in r.output
    r = cli("export", p, "-o", tmp_path / "out.json")
    assert r.exit_code == 2 and not (tmp_path / "out.json").exists()


def test_unknown_script_name_and_missing_file(cli, tmp_path):
    r = cli("show", "regalla")
    assert r.exit_code == 2 and "unknown script 'regalla'" in r.output
    r = cli("import", tmp_path / "nope.txt")
    assert r.exit_code == 2 and "no such file" in r.output


def test_text_without_characters_is_refused(tmp_path):
    p = write(tmp_path, "notes.txt", "Just some notes\nabout nothing\n")
    with pytest.raises(ScriptError, match="no characters found"):
        load_script(p)


def test_output_folder_must_exist(cli, tmp_path):
    r = cli("export", "regalia", "-o", tmp_path / "missing" / "r.json")
    assert r.exit_code == 2 and "does not exist" in r.output


# --- validation -----------------------------------------------------------------------------

def problems(tmp_path, doc) -> list[str]:
    p = write(tmp_path, "v.json", doc)
    rep = validate(p)
    return [f"{x.level}: {x}".replace(str(tmp_path) + "/", "") for x in rep.problems], rep


TB = ["washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller",
      "undertaker", "monk", "ravenkeeper", "butler", "drunk", "recluse", "saint", "poisoner",
      "spy", "scarletwoman", "baron", "imp"]


def test_valid_script_exits_0(tmp_path, cli):
    msgs, rep = problems(tmp_path, [{"id": "_meta", "name": "Mini TB"}] + TB)
    assert rep.exit_code() == 0
    assert "note: v.json: setup change: Baron [+2 Outsiders]" in msgs
    assert rep.supported == list(range(5, 16))   # 9 Townsfolk, 4 Outsiders: every count
    r = cli("validate", tmp_path / "v.json")
    assert r.exit_code == 0 and "valid" in r.output


def test_unknown_ids_get_the_closest_suggestion(tmp_path):
    msgs, rep = problems(tmp_path, [{"id": "_meta", "name": "x"}, "imp", "fortune_tellr",
                                    "washerwomen", "zzzzzz"] + TB[1:5])
    assert rep.exit_code() == 1
    assert "error: v.json:1:39: item 3: unknown character id 'fortune_tellr' " \
           "(did you mean 'fortuneteller'?)" in msgs
    assert any("'washerwomen' (did you mean 'washerwoman'?)" in m for m in msgs)
    assert any("unknown character id 'zzzzzz'" in m and "did you mean" not in m for m in msgs)


def test_duplicates_are_reported_with_both_positions(tmp_path):
    msgs, rep = problems(tmp_path, [{"id": "_meta", "name": "x"}] + TB + ["Fortune Teller"])
    assert rep.exit_code() == 1
    assert any("item 20: 'fortuneteller' is listed twice (first as item 7)" in m for m in msgs)


def test_missing_and_malformed_meta(tmp_path):
    msgs, rep = problems(tmp_path, TB)
    assert rep.exit_code() == 0 and rep.exit_code(strict=True) == 1
    assert any(m.startswith("warning: v.json: no _meta object") for m in msgs)
    msgs, rep = problems(tmp_path, [{"id": "_meta", "name": 5, "bootlegger": "no"}] + TB)
    assert rep.exit_code() == 1
    assert "error: v.json:1:2: item 1: _meta.name must be a string, not a number" in msgs
    assert "error: v.json:1:2: item 1: _meta.bootlegger must be a list of strings, not a string" in msgs
    msgs, rep = problems(tmp_path, [{"id": "_meta", "author": "me"}] + TB)
    assert any("_meta has no \"name\"" in m for m in msgs)
    msgs, rep = problems(tmp_path, [{"id": "_meta", "name": "a"}, {"id": "_meta", "name": "b"}] + TB)
    assert any("a second _meta object (the first is item 1)" in m for m in msgs)
    msgs, rep = problems(tmp_path, [{"id": "_meta", "name": "a", "firstNight": ["dusk", "imp"]}]
                         + TB[:-5])
    assert any("_meta.firstNight[1]: 'imp' is not a character on this script" in m for m in msgs)


def test_not_enough_characters_for_player_counts(tmp_path):
    tiny = [{"id": "_meta", "name": "tiny"}, "washerwoman", "librarian", "chef", "poisoner", "imp"]
    msgs, rep = problems(tmp_path, tiny)
    assert rep.supported == [5]
    assert rep.exit_code() == 0
    assert any("cannot seat 6, 9, 12, 15 players: not enough Outsiders (0 on the script, 1 needed)"
               in m or "cannot seat" in m and "Outsiders" in m for m in msgs)
    msgs, rep = problems(tmp_path, tiny[:-1] + ["recluse"])
    assert rep.exit_code() == 1 and rep.supported == []
    assert any("cannot seat any player count from 5 to 15: not enough Demons" in m for m in msgs)


def test_setup_changes_are_counted():
    # Baron needs 2 Outsiders; with only 1 on the script the Baron can't be in the bag, but the
    # Poisoner can, so 5 players still work; a Baron-only script cannot seat 5.
    five = ["washerwoman", "librarian", "chef", "empath", "fortuneteller", "saint", "imp"]
    assert seat_problem(load_script(five + ["baron"]), 5) is not None
    assert "Outsiders" in seat_problem(load_script(five + ["baron"]), 5)
    assert seat_problem(load_script(five + ["baron", "recluse"]), 5) is None
    assert seat_problem(load_script(five + ["baron", "poisoner"]), 5) is None
    # Summoner: no Demon in the bag, so a script with no Demon at all can still seat players
    summ = ["washerwoman", "librarian", "chef", "empath", "summoner"]
    assert seat_problem(load_script(summ), 5) is None
    # Lil' Monsta: an extra Minion in place of the Demon
    assert seat_problem(load_script(["washerwoman", "librarian", "chef", "spy", "lilmonsta"]), 5) \
        is not None
    assert seat_problem(load_script(["washerwoman", "librarian", "chef", "spy", "poisoner",
                                     "lilmonsta"]), 5) is None
    # the Huntsman brings the Damsel
    hs = ["washerwoman", "librarian", "chef", "empath", "huntsman", "poisoner", "imp"]
    assert seat_problem(load_script(hs), 5) is None


def test_jinxes_present_are_listed(tmp_path, cli):
    r = cli("validate", "the-return-of-jafar")
    assert r.exit_code == 0
    assert "jinx Investigator & Vizier" in r.output and "jinx Courtier & Vizier" in r.output
    r = cli("show", "the-return-of-jafar")
    assert "Courtier & Vizier" in r.output


def test_validate_notes_not_implemented_characters(cli):
    r = cli("validate", "regalia")
    assert r.exit_code == 0
    from clocktower.characters import REGISTRY
    missing = [c for c in load_script("regalia").characters if c not in REGISTRY]
    if missing:
        assert "not implemented yet" in r.output


def test_validate_an_almanac_file(tmp_path, cli):
    text = ("Tiny\nAlmanac · me · 6 characters\nTownsfolk\nChef\nx\nTownsfolk\nEmpth\nx\n"
            "Townsfolk\nWasherwoman1 2 3\nx\nMinion\nPoisoner\nx\nDemon\nImp\nx\n"
            "Townsfolk\nFrog Prince\nYou are a frog.\n")
    p = write(tmp_path, "tiny.txt", text)
    r = cli("validate", p)
    assert "tiny.txt:7: name 'Empth' read as Empath" in r.output
    assert "tiny.txt:10: name 'Washerwoman1 2 3' read as Washerwoman" in r.output
    assert "tiny.txt:19: 'Frog Prince' is not a known character; kept as a homebrew" in r.output
    assert "the almanac says 6 characters but 6 were found" not in r.output
    s = load_script(p)
    assert s.name == "Tiny" and s.author == "me" and s.homebrew["frogprince"]["team"] == "townsfolk"


# --- night sheet, sheet, CLI ----------------------------------------------------------------

def test_trouble_brewing_night_order():
    first = [s.id for s in night_steps("trouble-brewing", "first")]
    assert first == ["dusk", "minioninfo", "demoninfo", "poisoner", "washerwoman", "librarian",
                     "investigator", "chef", "empath", "fortuneteller", "butler", "spy", "dawn"]
    other = [s.id for s in night_steps("trouble-brewing", "other")]
    assert other == ["dusk", "poisoner", "monk", "scarletwoman", "imp", "ravenkeeper", "empath",
                     "fortuneteller", "undertaker", "butler", "spy", "dawn"]
    assert all(s.text for s in night_steps("trouble-brewing", "other"))


def test_cli_list(cli):
    r = cli("list")
    assert r.exit_code == 0
    for name in builtin_names():
        assert name in r.output
    assert "27 (13/4/4/1 +5)" in r.output and "12 (6/2/2/2)" in r.output


def test_cli_show(cli):
    r = cli("show", "regalia")
    assert r.exit_code == 0
    assert "Regalia by AV" in r.output and "Townsfolk" in r.output and "Travellers" in r.output
    assert "Baron: [+2 Outsiders]" in r.output and "Choirboy: [+the King]" in r.output


def test_cli_nightsheet(cli):
    r = cli("nightsheet", "regalia")
    assert r.exit_code == 0
    assert "first night" in r.output and "other nights" in r.output
    assert r.output.index("Bureaucrat") < r.output.index("Minion info") < r.output.index("King")
    r = cli("nightsheet", "regalia", "--night", "tuesday")
    assert r.exit_code == 2 and "--night must be first, other or both" in r.output


def test_cli_export_and_import_round_trip(cli, tmp_path):
    out = tmp_path / "r.json"
    r = cli("export", "regalia", "-o", out)
    assert r.exit_code == 0 and out.is_file()
    assert json.loads(out.read_text()) == script_document(load_script("regalia"))
    r = cli("export", "regalia")
    assert json.loads(r.stdout) == json.loads(out.read_text())
    r = cli("import", out, "-o", tmp_path / "again.json")
    assert r.exit_code == 0
    assert (tmp_path / "again.json").read_text() == out.read_text()


def test_cli_sheet(cli, tmp_path):
    out = tmp_path / "r.html"
    r = cli("sheet", "regalia", "-o", out)
    assert r.exit_code == 0
    html = out.read_text()
    for cid in load_script("regalia").characters:
        assert D.get(cid).name in html
    assert html.count('class="page') == 3 and "First night" in html and "Other nights" in html


def test_read_document_collects_every_problem(tmp_path):
    p = write(tmp_path, "many.json", ["imp", 3, {"id": 4}, "nobody"])
    loaded = read_document(p)
    assert loaded.script is None
    assert [x.level for x in loaded.problems].count("fatal") == 2


@pytest.mark.parametrize("name", builtin_names())
def test_player_counts_agree_with_the_engines_setup(name):
    """The validator's 'can seat n players' is exactly when the engine can build a bag."""
    import random

    from clocktower.engine.setup import build_bag
    from clocktower.errors import SetupError
    script = load_script(name)
    for n in range(5, 16):
        try:
            build_bag(script, n, random.Random(n), lambda cid, options: options[0])
            engine_can = True
        except SetupError:
            engine_can = False
        assert (seat_problem(script, n) is None) == engine_can, (name, n)
