"""The almanac text shipped with the package (clocktower/data/almanac.json): read from the
seed almanacs by the package's own reader (`scripts/almanac.entry_text`), built by
tools/build_almanac.py, served with a character's entry (`GET /api/characters/{id}`)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.scripts.almanac import entry_text, parse_almanac
from clocktower.web.app import create_app

ROOT = Path(__file__).resolve().parents[1]

NUMBERED = """1. Tiny

    Almanac · Me · 2 characters

  2. Townsfolk

    Monk

    Each night*, choose a player (not yourself): they are safe from the Demon tonight.

    'Tis an ill and deathly wind that blows tonight.

    "Each night*, choose a player (not yourself)..." The Monk protects other players.

    Only the Demon is stopped.

    How to Run

    1. Each night except the first, wake the Monk.
    2. Put the Monk to sleep.

    Examples & Notes

    • The Monk may choose a dead player.

  3. Demon

    Imp

    Each night*, choose a player: they die.

    We must keep our wits sharp.

    "Each night*, choose a player: they die." The Imp kills a player each night.

    How to Run

    1. Each night except the first, wake the Imp.
Back to script
"""

PLAIN = """Tiny
Almanac · Me · 3 characters
Townsfolk
Monk
Each night*, choose a player (not yourself): they are safe from the Demon tonight.
'Tis an ill and deathly wind that blows tonight.
"Each night*, choose a player (not yourself)..." The Monk protects other players.
Only the Demon is stopped.
How to Run
- Each night except the first, wake the Monk.
- Put the Monk to sleep.
Examples & Notes
The Monk may choose a dead player.
Outsider
Goblin
Not written yet.
Not written yet.
Demon
Fang Gu
각 밤*마다 플레이어 한 명을 선택합니다.
그대들이 쌓아 올린 벽도 무기도.
"각 밤*마다 플레이어 한 명을 선택합니다." 팡구는 첫 번째로 죽인 아웃사이더로 변합니다.
"""


def test_both_layouts_give_the_same_sections():
    a = {e.id: entry_text(e) for e in parse_almanac(NUMBERED).entries}
    b = {e.id: entry_text(e) for e in parse_almanac(PLAIN).entries}
    monk = {"flavour": "'Tis an ill and deathly wind that blows tonight.",
            "almanac": ['"Each night*, choose a player (not yourself)..." The Monk protects '
                        "other players.", "Only the Demon is stopped."],
            "how_to_run": ["Each night except the first, wake the Monk.", "Put the Monk to sleep."],
            "notes": ["The Monk may choose a dead player."]}
    assert a["monk"] == monk and b["monk"] == monk
    # The exporter's footer after the last character is not the Imp's.
    assert a["imp"]["how_to_run"] == ["Each night except the first, wake the Imp."]
    assert a["imp"]["notes"] == []


def test_an_entry_not_written_or_not_in_english_has_no_text():
    b = {e.id: entry_text(e) for e in parse_almanac(PLAIN).entries}
    assert b["goblin"] is None and b["fanggu"] is None


def test_the_shipped_almanac():
    doc = json.loads((ROOT / "clocktower" / "data" / "almanac.json").read_text(encoding="utf-8"))
    chars = doc["characters"]
    assert len(chars) == 67
    # Only characters the engine plays (the seeds' own); the High Priestess's entry is not
    # written in any seed, and Chef, Empath and Virgin are in none.
    assert set(chars) <= set(REGISTRY)
    assert set(REGISTRY) - set(chars) == {"highpriestess", "chef", "empath", "virgin"}
    for cid, e in chars.items():
        assert e["name"] == D.get(cid).name
        assert e["flavour"] and e["almanac"] and e["script"], cid
        assert e["almanac"][0].startswith('"'), cid          # the paragraph quoting the ability
        assert not any(s.startswith(("1.", "- ", "• ")) for s in e["how_to_run"] + e["notes"]), cid
    king = D.almanac_text("king")
    assert king is not None and king["script"] == "Regalia" and king["notes"]
    assert D.almanac_text("highpriestess") is None and D.almanac_text("grandmother") is None


@pytest.mark.usefixtures("shared_seeds")
def test_the_shipped_almanac_is_what_the_seeds_give(shared_seeds):
    spec = importlib.util.spec_from_file_location("build_almanac", ROOT / "tools" / "build_almanac.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    built = tool.render(tool.build(shared_seeds))
    assert built == (ROOT / "clocktower" / "data" / "almanac.json").read_text(encoding="utf-8")


def test_a_characters_entry_carries_its_almanac_text(tmp_path):
    with TestClient(create_app(tmp_path / "g.sqlite")) as client:
        tc = client.get("/api/characters/towncrier").json()
        assert tc["almanac"]["how_to_run"][0].startswith("Each dawn, mark the Town Crier")
        assert tc["almanac"]["script"] == "Regalia"
        assert client.get("/api/characters/highpriestess").json()["almanac"] is None
        assert client.get("/api/characters/grandmother").json()["almanac"] is None
        # The script detail lists its characters without it.
        tb = client.get("/api/scripts/trouble-brewing").json()
        assert all("almanac" not in c for c in tb["characters"])
