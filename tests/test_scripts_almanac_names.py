"""Almanac names: a garbled tail is stripped only when what remains is a known character."""
import pytest

from clocktower.scripts.almanac import parse_almanac, resolve_name


@pytest.mark.parametrize("raw", ["Agent 47", "R2-D2", "Catch-22", "Apollo 13.", "Area 51 - 2"])
def test_an_unknown_name_with_digits_is_kept_whole(raw):
    assert resolve_name(raw) == (None, raw)


@pytest.mark.parametrize("raw,cid", [("Huntsman1-75", "huntsman"),
                                     ("Highpriestess1 75 2-75", "highpriestess"),
                                     ("Washerwoman1 2 3", "washerwoman"),
                                     ("Imp 2", "imp")])
def test_a_garbled_known_name_is_repaired(raw, cid):
    assert resolve_name(raw) == (cid, "garbled")


def test_homebrew_characters_with_digits_keep_their_names():
    text = ("Robots\nAlmanac · me · 3 characters\n"
            "Townsfolk\nAgent 47\nEach night, learn a player.\n"
            "Outsider\nR2-D2\nYou beep.\n"
            "Demon\nImp1-75\nEach night*, choose a player: they die.\n")
    alm = parse_almanac(text, "robots.txt")
    assert [(e.id, e.name, e.homebrew) for e in alm.entries] == [
        ("agent47", "Agent 47", True), ("r2d2", "R2-D2", True), ("imp", "Imp", False)]
    assert "line 4: 'Agent 47' is not a known character; kept as a homebrew character" \
        in alm.warnings
    assert "line 7: 'R2-D2' is not a known character; kept as a homebrew character" \
        in alm.warnings
    assert "line 10: name 'Imp1-75' read as Imp" in alm.repairs


def test_import_keeps_a_homebrew_name_whole(cli, tmp_path):
    import json
    src = tmp_path / "robots.txt"
    src.write_text("Robots\nTownsfolk\nAgent 47\nEach night, learn a player.\n"
                   "Demon\nImp\nEach night*, choose a player: they die.\n")
    r = cli("script", "import", src)
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output[r.output.index("["):])
    assert {"id": "agent47", "name": "Agent 47", "team": "townsfolk",
            "ability": "Each night, learn a player."} in doc
