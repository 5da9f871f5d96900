"""The setup rules' one API (engine/setuprules.py): the team counts a bag may have, and a
hand-dealt grimoire's problems; every caller asks it (the bag builder, the web's check, the
solver, the script validator, the scenario runner)."""
import ast
from pathlib import Path

import pytest

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.engine.setuprules import (check_grimoire, implied_not_dealt, legal_counts)
from clocktower.scripts import load_script
from clocktower.scripts.validate import seat_problem

PKG = Path(__file__).resolve().parent.parent / "clocktower"


def counts(players, chosen, not_dealt=()):
    return [c for c, _ in legal_counts(players, chosen, not_dealt)]


def table(tf, out, mn, dm):
    return {"townsfolk": tf, "outsider": out, "minion": mn, "demon": dm}


def test_legal_counts_from_the_characters_own_setup_changes():
    assert counts(7, ["imp", "poisoner", "chef"])[0] == table(5, 0, 1, 1)
    assert table(3, 2, 1, 1) in counts(7, ["imp", "baron"])          # Baron +2
    assert table(4, 1, 1, 1) in counts(7, ["fanggu", "poisoner"])    # Fang Gu +1
    # Balloonist [+0 or +1]: both, nothing else
    balloonist = counts(7, ["imp", "balloonist"])
    assert table(5, 0, 1, 1) in balloonist and table(4, 1, 1, 1) in balloonist
    assert all(c["outsider"] in (0, 1) for c in balloonist)
    # Godfather [-1 or +1 Outsider] at 10 players (table: 7 2 1... 2 outsiders at 10? no: 0)
    base = D.player_counts(10)
    godfather = counts(10, ["imp", "godfather"])
    assert {c["outsider"] - base["outsider"] for c in godfather} == {-1, 1}
    # Summoner [No Demon]: a Townsfolk instead
    assert table(6, 0, 1, 0) in counts(7, ["summoner"])
    # Kazali: no Minion dealt, its slots are Townsfolk
    assert all(c["minion"] == 0 for c in counts(7, ["kazali"]))


def test_required_characters_are_forced_and_move_a_slot_only_when_added():
    found = list(legal_counts(7, ["huntsman", "damsel", "imp", "poisoner"]))
    assert all(forced == {"damsel"} for _, forced in found)
    got = [c for c, _ in found]
    assert table(5, 0, 1, 1) in got          # the Damsel drawn anyway
    assert table(4, 1, 1, 1) in got          # the Damsel added in a Townsfolk's place


def test_not_dealt_characters_fill_their_team_without_a_seat():
    # Lil' Monsta: the Demon is not dealt, one more Minion is
    assert table(5, 0, 2, 1) in counts(7, ["poisoner", "spy"], ["lilmonsta"])


def test_counts_the_changes_cannot_make_are_left_out():
    assert counts(5, ["imp", "baron", "vigormortis"])  # odd bag, still counted
    assert all(min(c.values()) >= -2 for c in counts(5, ["kazali"]))


def lines(*rows, travellers=()):
    return [{"name": f"p{k}", "character": c, **({"thinks": t} if t else {}),
             **({"traveller": True, "alignment": "good"} if k in travellers else {})}
            for k, (c, t) in enumerate(rows)]


TB = load_script("trouble-brewing")


def check(rows, **kw):
    return check_grimoire(TB, rows, REGISTRY, **kw)


def test_a_legal_grimoire_has_no_errors():
    got = check(lines(("imp", None), ("poisoner", None), ("chef", None), ("empath", None),
                      ("monk", None), ("slayer", None), ("mayor", None)))
    assert got.legal and got.errors == []
    assert got.counts["townsfolk"] == {"have": 5, "expected": 5}


def test_wrong_counts_name_what_is_needed():
    got = check(lines(("imp", None), ("poisoner", None), ("chef", None), ("empath", None),
                      ("butler", None), ("slayer", None), ("mayor", None)))
    assert not got.legal
    assert got.errors == ["the bag has 1 demon, 1 minion, 1 outsider, 4 townsfolk; 7 players "
                          "with these setup changes need 1 demon, 1 minion, 0 outsider, "
                          "5 townsfolk"]
    baron = check(lines(("imp", None), ("baron", None), ("chef", None), ("empath", None),
                        ("butler", None), ("saint", None), ("mayor", None)))
    assert baron.legal, baron.errors
    assert "setup change: Baron [+2 Outsiders]" in baron.warnings


def test_believers_are_told_by_their_own_ability():
    drunk = [("imp", None), ("baron", None), ("chef", None), ("empath", None),
             ("monk", None), ("saint", None), ("drunk", "mayor")]
    assert check(lines(*drunk)).legal
    # without thinks
    got = check(lines(*drunk[:-1], ("drunk", None)))
    assert "grimoire[6] (p6): the Drunk needs `thinks`: the character they believe they are" \
        in got.errors
    # a believed character of the wrong team
    got = check(lines(*drunk[:-1], ("drunk", "baron")))
    assert "grimoire[6] (p6): the Drunk thinks they are a Townsfolk" in got.errors
    # a character that believes nothing
    got = check(lines(("imp", None), ("poisoner", None), ("chef", "mayor"), ("empath", None),
                      ("monk", None), ("slayer", None), ("saint", None)))
    believers = [c for c, cls in REGISTRY.items() if cls.believes]
    assert {"drunk", "lunatic", "marionette"} <= set(believers)
    assert any(e.startswith("grimoire[2] (p2): only the ") and "the Drunk" in e
               for e in got.errors)
    # the Drunk's Townsfolk in play (data: not_dealt_as_self)
    got = check(lines(*drunk[:-1], ("drunk", "chef")))
    assert got.errors == ["p6: the Drunk's Townsfolk must not be in play"]


def test_other_errors_and_warnings():
    got = check(lines(("imp", None), ("imp", None), ("nosuch", None), ("fanggu", None),
                      ("monk", None), ("slayer", None), ("mayor", None)))
    assert "grimoire[1] (p1): the Imp is dealt twice" in got.errors
    assert any(e.startswith("grimoire[2] (p2): ") for e in got.errors)
    assert "grimoire[3] (p3): the Fang Gu is not on the script" in got.errors
    assert check(lines(*[("chef", None)] * 4)).errors[-1] == \
        "4 players (Travellers aside): the setup table covers 5 to 15"
    trav = lines(("imp", None), ("poisoner", None), ("chef", None), ("empath", None),
                 ("monk", None), ("slayer", None), ("mayor", None), ("chef", None),
                 travellers=(7,))
    assert "grimoire[7] (p7): a Traveller's seat needs a Traveller, not the Chef" \
        in check(trav).errors
    bluffs = check(lines(("imp", None), ("poisoner", None), ("chef", None), ("empath", None),
                         ("monk", None), ("slayer", None), ("mayor", None)),
                   bluffs=["chef", "saint"])
    assert bluffs.errors == ["bluffs: the Chef is in play"]


def test_a_character_that_neighbours_the_demon_says_so_in_its_data():
    jafar = load_script("the-return-of-jafar")
    ids = [c for c in jafar.characters if D.get(c).team == "townsfolk"][:4]
    far = lines(("fanggu", None), (ids[0], None), ("marionette", ids[3]), (ids[1], None),
                (ids[2], None), ("butler", None) if "butler" in jafar.characters else (ids[3], None))
    got = check_grimoire(jafar, far, REGISTRY)
    assert "p2: the Marionette should neighbour the Demon" in got.warnings
    near = [far[1], far[0], far[2], far[3], far[4], far[5]]
    near = [{**x, "name": f"p{k}"} for k, x in enumerate(near)]
    assert not any("neighbour" in w for w in check_grimoire(jafar, near, REGISTRY).warnings)


def test_implied_not_dealt():
    saga = load_script("the-saga-of-the-summoner")
    assert implied_not_dealt(saga.characters, ["poisoner", "spy", "chef"], REGISTRY) == \
        ["lilmonsta"]
    assert implied_not_dealt(saga.characters, ["imp", "chef"], REGISTRY) == []
    assert implied_not_dealt(saga.characters, ["summoner", "chef"], REGISTRY) == []


def test_validate_counts_the_kazali_as_the_engine_does():
    """The Kazali's Minion slots are dealt as Townsfolk: a script short of Minions still
    seats as many players as its Townsfolk allow (the validator's own copy of the arithmetic
    needed Minions the Kazali never deals)."""
    ids = (["kazali", "poisoner"] + [c for c in load_script("trouble-brewing").characters
                                     if D.get(c).team == "townsfolk"] + ["butler", "saint"])
    script = load_script(ids)
    assert seat_problem(script, 13) is None
    plain = load_script(["imp"] + ids[1:])
    assert "not enough Minions" in (seat_problem(plain, 13) or "")


def _keys_read(tree):
    """String constants read as keys: x.get("k"), x["k"], "k" in x."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "get" and node.args:
            cands = [node.args[0]]
        elif isinstance(node, ast.Subscript):
            cands = [node.slice]
        elif isinstance(node, ast.Compare):
            cands = [node.left]
        else:
            continue
        out |= {c.value for c in cands if isinstance(c, ast.Constant)
                and isinstance(c.value, str)}
    return out


def test_one_place_does_the_bag_arithmetic():
    """No module but engine/setuprules.py reads the setup-change records' count keys, and
    none names a character that believes another or neighbours the Demon."""
    keys = {"outsiders", "outsiders_choice", "minions", "minions_chosen_by_demon",
            "no_demon", "neighbours_demon", "requires"}
    assert keys <= _keys_read(ast.parse((PKG / "engine/setuprules.py").read_text()))
    for rel in ("engine/setup.py", "web/setupcheck.py", "solver/core.py",
                "scripts/validate.py", "scenario/runner.py"):
        text = (PKG / rel).read_text()
        assert not _keys_read(ast.parse(text)) & keys, (rel, _keys_read(ast.parse(text)) & keys)
    web = (PKG / "web/setupcheck.py").read_text()
    assert '"drunk"' not in web and '"marionette"' not in web and '"lunatic"' not in web


@pytest.mark.parametrize("n", [5, 7, 10, 13, 15])
def test_the_engine_deals_what_the_api_allows(n):
    from clocktower.play import new_game
    for seed in range(15):
        for script in ("trouble-brewing", "regalia", "the-return-of-jafar"):
            g = new_game(script, [f"p{i}" for i in range(n)], seed)
            rows = [{"name": p.name, "character": p.character, "alignment": p.alignment,
                     **({"thinks": p.thinks} if p.thinks else {})} for p in g.players]
            got = check_grimoire(g.script, rows, REGISTRY, sorted(g.in_play_extra), g.bluffs)
            if any("Marionette" in r for r in (D.get(p.character).name for p in g.players)):
                continue        # dealt as a Townsfolk then seated: the written form differs
            assert got.legal, (script, n, seed, got.errors)
