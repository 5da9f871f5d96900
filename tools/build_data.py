"""Build clocktower/data/characters.json from ../shared/reference and the seed almanacs.

Run from the repository root:  python tools/build_data.py
The output is committed; the package never reads ../shared at run time.
Ability lines come from the seeds (the first seed that has the character in English);
Chef, Empath, Virgin and the High Priestess are written in our own words.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

OWN_WORDS = {
    "chef": "You start knowing how many pairs of evil players sit next to each other.",
    "empath": "Each night, you learn how many of your 2 alive neighbours are evil.",
    "virgin": "The 1st time you are nominated, if the nominator is a Townsfolk, they are executed immediately.",
    "highpriestess": "Each night, learn which player the Storyteller believes you should talk to most.",
}

# Structured setup changes: how the bracket text changes the bag (read by the engine).
SETUP = {
    "baron": {"outsiders": 2},
    "fanggu": {"outsiders": 1},
    "vigormortis": {"outsiders": -1},
    "balloonist": {"outsiders_choice": [0, 1]},
    "kazali": {"outsiders_any": True, "minions_chosen_by_demon": True},
    "huntsman": {"requires": "damsel"},
    "choirboy": {"requires": "king"},
    "summoner": {"no_demon": True},
    "lilmonsta": {"minions": 1, "not_dealt": True},
    "marionette": {"neighbours_demon": True, "not_dealt": True},
    "drunk": {"not_dealt_as_self": True},
}


def norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", s.lower())


def seed_abilities() -> dict[str, str]:
    refs = json.loads((SHARED / "reference" / "characters.json").read_text())
    names = {norm(c["name"]): c["id"] for c in refs}
    out: dict[str, str] = {}
    for path in sorted((SHARED / "seeds").glob("*.txt")):
        lines = [l.strip() for l in path.read_text().splitlines()]
        lines = [l for l in lines if l]
        for i, line in enumerate(lines[:-1]):
            key = norm(re.sub(r"\d[\d\s-]*$", "", line))
            if key in names and names[key] not in out:
                nxt = lines[i + 1]
                if nxt.lower().startswith("not written") or re.search(r"[\uac00-\ud7a3]", nxt):
                    continue
                if len(nxt) > 20 and key != norm(nxt):
                    out[names[key]] = nxt
    return out


def jinxes() -> dict[str, list[dict]]:
    text = (SHARED / "reference" / "jinxes.md").read_text()
    out: dict[str, list[dict]] = {}
    for m in re.finditer(r"^\| \d+ \| (\w+) → (\w+) \| (.+?) \|$", text, re.M):
        a, b, reason = m.groups()
        out.setdefault(a, []).append({"id": b, "reason": reason})
        out.setdefault(b, []).append({"id": a, "reason": reason})
    return out


def main() -> None:
    refs = json.loads((SHARED / "reference" / "characters.json").read_text())
    abilities = seed_abilities()
    jx = jinxes()
    records = []
    for c in refs:
        cid = c["id"]
        ability = OWN_WORDS.get(cid) or abilities.get(cid)
        if not ability:
            raise SystemExit(f"no ability line for {cid}")
        records.append({
            "id": cid,
            "name": c["name"],
            "team": c["team"],
            "edition": c.get("officialEdition") or c["edition"],
            "ability": ability,
            "first_night": c["firstNight"],
            "other_night": c["otherNight"],
            "reminders": c["reminders"],
            "reminders_global": c["remindersGlobal"],
            "setup": c["setup"],
            "setup_text": c["setupChange"],
            "setup_change": SETUP.get(cid),
            "special": c.get("special", []),
            "jinxes": jx.get(cid, []),
        })
    doc = {
        "night_order": {
            "first": {"dusk": 1, "minioninfo": 20, "demoninfo": 24, "dawn": 78},
            "other": {"dusk": 1, "dawn": 98},
        },
        "player_counts": {
            str(n): dict(zip(("townsfolk", "outsider", "minion", "demon"), row))
            for n, row in {
                5: (3, 0, 1, 1), 6: (3, 1, 1, 1), 7: (5, 0, 1, 1), 8: (5, 1, 1, 1),
                9: (5, 2, 1, 1), 10: (7, 0, 2, 1), 11: (7, 1, 2, 1), 12: (7, 2, 2, 1),
                13: (9, 0, 3, 1), 14: (9, 1, 3, 1), 15: (9, 2, 3, 1),
            }.items()
        },
        "characters": records,
    }
    dest = ROOT / "clocktower" / "data" / "characters.json"
    dest.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} characters to {dest.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
