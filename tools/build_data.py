"""Build clocktower/data/characters.json from ../shared/reference, the seed almanacs and the
official toolmaker data.

Run from the repository root:

    python tools/build_data.py --official DIR

where DIR holds the official `roles.json`, `jinxes.json` and `nightsheet.json` (the folder
`resources/data` of the public repository ThePandemoniumInstitute/botc-release; the committed
data file was built from commit 3d6d930, 2026-05-11, and records the files' sha256). Nothing
is read from the network. The output is committed; the package never reads ../shared or DIR
at run time.

Two kinds of record:

- the characters the engine implements (those in ../shared/reference/characters.json): ability
  lines from the seeds (the first seed that has the character in English); Chef, Empath, Virgin
  and the High Priestess in our own words, and so is the night-sheet text
  (`first_night_reminder`, `other_night_reminder`), from the seeds' How to Run. Their facts are
  checked against the official files (any difference stops the build);
- every other official character (Fabled and Loric included): facts only, read from the
  official files: id, name, team, edition, night positions (the place in the official night
  sheet), reminder tokens, the setup flag and the [setup change] bracket, `special`, and the
  jinxed pairs. No ability line, night-sheet text or jinx rule is copied: `ability` and a jinx's
  `reason` are null, the night-sheet text empty, and `implemented` is false.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

OWN_WORDS = {
    "chef": "You start knowing how many pairs of evil players sit next to each other.",
    "empath": "Each night, you learn how many evil players are among your 2 closest alive neighbours.",
    "virgin": "The first time you are nominated: if your nominator is a Townsfolk, they are executed at once.",
    "highpriestess": "Each night, you learn who the Storyteller thinks you most need to talk to.",
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
    # Characters the engine does not implement: only brackets that read exactly as one of
    # the changes above (used by `script validate` to count seats). The other brackets
    # (Legion, Lord of Typhon, Atheist, Village Idiot, Bounty Hunter) are listed by the
    # validator as not counted.
    "godfather": {"outsiders_choice": [-1, 1]},
    "hermit": {"outsiders_choice": [0, -1]},
    "xaan": {"outsiders_any": True},
}

# Where the facts of the characters the engine does not implement come from.
OFFICIAL_SOURCE = ("ThePandemoniumInstitute/botc-release, resources/data/roles.json, jinxes.json "
                   "and nightsheet.json (the official toolmaker data): ids, names, teams, "
                   "editions, night order, reminder tokens, setup flags and [setup change] "
                   "brackets, special, jinxed pairs. No ability text, night-sheet text or jinx "
                   "rule is copied from it.")
OFFICIAL_FILES = ("roles.json", "jinxes.json", "nightsheet.json")

# What the Storyteller does at each character's place on the night sheet, in our own words
# (from the seeds' "How to Run" sections). (first night, other nights); "" = not on that sheet.
NIGHT_TEXT = {
    "kazali": ("Wake the Kazali. Each time they point to a player and a Minion on the sheet, that "
               "player becomes that Minion: wake them, show YOU ARE, the Minion token and a thumbs "
               "down. Repeat until the usual number of Minions exist.",
               "Wake the Kazali; they point to a player, who dies."),
    "bureaucrat": ("Wake the Bureaucrat; they point to a player (not themself), whose vote counts "
                   "three times tomorrow.", "Same as the first night."),
    "thief": ("Wake the Thief; they point to a player (not themself), whose vote counts negatively "
              "tomorrow.", "Same as the first night."),
    "harlot": ("", "Wake the Harlot; they point to a living player. Wake that player and show the "
               "Harlot token: if they nod, the Harlot sees their character, and you may kill both."),
    "philosopher": ("Wake the Philosopher; they may point to a good character on the sheet. Not in "
                    "play: they become it. In play: that player is drunk.", "Until they have "
                    "chosen: wake the Philosopher; they may point to a good character on the sheet."),
    "alchemist": ("Wake the Alchemist; show YOU ARE and the Minion token whose ability they have.",
                  ""),
    "magician": ("No wake. During Minion info, point to the Magician as well as the Demon; during "
                 "Demon info, point to the Magician among the Minions.", ""),
    "lunatic": ("Wake the Lunatic as if they were the Demon: show fake Minions and three good "
                "characters as bluffs. Then wake the real Demon and show them the Lunatic.",
                "Wake the Lunatic to attack as their Demon would; then wake the real Demon and show "
                "them whom the Lunatic chose."),
    "summoner": ("Wake the Summoner; show three not-in-play good characters as bluffs.",
                 "Move the NIGHT reminder on. On the third night, wake the Summoner: they point to "
                 "a player and a Demon on the sheet. Wake that player, show YOU ARE, the Demon "
                 "token and a thumbs down."),
    "king": ("Wake the Demon; point to the King and show the King token.",
             "If the dead equal or outnumber the living, wake the King and show one alive "
             "character."),
    "marionette": ("Wake the Demon; point to the Marionette (a neighbour of the Demon) and show "
                   "the Marionette token.", ""),
    "lilmonsta": ("Wake the Minions; they agree on who babysits Lil' Monsta (you decide if they "
                  "cannot). Mark that player IS THE DEMON.",
                  "Wake the Minions to choose the babysitter; mark them IS THE DEMON. Then a "
                  "player might die."),
    "poisoner": ("Wake the Poisoner; they point to a player, who is poisoned tonight and tomorrow.",
                 "Same as the first night."),
    "courtier": ("Wake the Courtier; they may point to a character on the sheet. If it is in play, "
                 "that player is drunk for three nights and days.",
                 "Until they have chosen: wake the Courtier; they may point to a character. "
                 "After: move their DRUNK reminder on each night."),
    "innkeeper": ("", "Wake the Innkeeper; they point to two players, who cannot die tonight. "
                  "One of them is drunk until dusk."),
    "snakecharmer": ("Wake the Snake Charmer; they point to a player. If it is the Demon, they swap "
                     "characters and alignments; wake both and tell them; the old Demon is "
                     "poisoned.", "Same as the first night."),
    "monk": ("", "Wake the Monk; they point to a player (not themself), who is safe from the "
             "Demon tonight."),
    "eviltwin": ("Wake both Twins together. Show each the other's character, then put them to "
                 "sleep.", ""),
    "witch": ("Wake the Witch; they point to a player, who dies if they nominate tomorrow.",
              "Same as the first night (not once only 3 players live)."),
    "fearmonger": ("Wake the Fearmonger; they point to a player. Announce that the Fearmonger has "
                   "chosen a player.", "Same as the first night; announce only if they chose a "
                   "new player."),
    "scarletwoman": ("", "If the Scarlet Woman became the Demon today, wake her; show YOU ARE and "
                     "the Demon token."),
    "pukka": ("Wake the Pukka; they point to a player, who is poisoned.",
              "Wake the Pukka; they point to a player, who is poisoned. The previously poisoned "
              "player dies, then is healthy."),
    "imp": ("", "Wake the Imp; they point to a player, who dies. If the Imp chose themself, a "
            "living Minion becomes the Imp: wake them, show YOU ARE and the Imp token."),
    "zombuul": ("", "If nobody died today, wake the Zombuul; they point to a player, who dies."),
    "fanggu": ("", "Wake the Fang Gu; they point to a player, who dies. The first Outsider chosen "
               "instead becomes an evil Fang Gu (wake them, show YOU ARE, the token and a thumbs "
               "down) and the old Fang Gu dies."),
    "vigormortis": ("", "Wake the Vigormortis; they point to a player, who dies. A Minion killed "
                    "this way keeps their ability and poisons a neighbouring Townsfolk."),
    "barber": ("", "If the Barber died today or tonight, wake the Demon; they may point to two "
               "players (not another Demon) who swap characters. Wake each and show their new "
               "character."),
    "choirboy": ("", "If the Demon killed the King tonight, wake the Choirboy and point to the "
                 "Demon."),
    "huntsman": ("Wake the Huntsman; they may point to a living player. If it is the Damsel, she "
                 "becomes a not-in-play Townsfolk.", "Until they have chosen: wake the Huntsman; they may "
                 "point to a living player. The Damsel, if chosen, becomes a not-in-play Townsfolk."),
    "damsel": ("Wake the Minions and show them the Damsel token (if not done during Minion info).",
               "If the Huntsman chose the Damsel, wake her and show YOU ARE and her new character."),
    "amnesiac": ("Wake the Amnesiac if their hidden ability needs it, and run that ability.",
                 "Same as the first night."),
    "washerwoman": ("Wake the Washerwoman; point to two players and show a Townsfolk token: one of "
                    "them is that character.", ""),
    "librarian": ("Wake the Librarian; point to two players and show an Outsider token: one of "
                  "them is that character. (Show zero fingers if no Outsider is in play.)", ""),
    "investigator": ("Wake the Investigator; point to two players and show a Minion token: one of "
                     "them is that character.", ""),
    "chef": ("Wake the Chef; show fingers for the number of pairs of evil players sitting side by "
             "side.", ""),
    "empath": ("Wake the Empath; show fingers for how many of their two living neighbours are "
               "evil.", "Same as the first night."),
    "fortuneteller": ("Wake the Fortune Teller; they point to two players. Nod if either is the "
                      "Demon or the red herring, otherwise shake your head.",
                      "Same as the first night."),
    "butler": ("Wake the Butler; they point to a player (not themself), who is their MASTER "
               "tomorrow.", "Same as the first night."),
    "dreamer": ("Wake the Dreamer; they point to a player. Show one good and one evil character "
                "token, one of which is that player's.", "Same as the first night."),
    "steward": ("Wake the Steward; point to a good player.", ""),
    "balloonist": ("Wake the Balloonist; point to any player (mark them KNOW).",
                   "Wake the Balloonist; point to a player of a different character type than the "
                   "one shown last."),
    "shugenja": ("Wake the Shugenja; point clockwise or anti-clockwise towards the closest evil "
                 "player (either way if equidistant).", ""),
    "ravenkeeper": ("", "If the Ravenkeeper died tonight, wake them; they point to a player. Show "
                    "that player's character token."),
    "undertaker": ("", "If a player was executed today, wake the Undertaker and show that "
                   "player's character token."),
    "towncrier": ("", "Wake the Town Crier; nod if a Minion nominated today, shake your head if "
                  "not."),
    "oracle": ("", "Wake the Oracle; show fingers for the number of dead evil players."),
    "cultleader": ("The Cult Leader takes the alignment of a living neighbour; if it changed, wake "
                   "them and give a thumbs up (good) or down (evil).", "Same as the first night."),
    "spy": ("Wake the Spy and show them the Grimoire for as long as they need.",
            "Same as the first night."),
    "highpriestess": ("Wake the High Priestess; point to the player you think they should talk to "
                      "most.", "Same as the first night."),
    "general": ("Wake the General; thumbs up if good is winning, down if evil is, sideways if "
                "neither.", "Same as the first night."),
    "vizier": ("After dawn, announce that the Vizier is in play and which player it is.", ""),
}

# The special steps of the night sheet: name and what to do.
SPECIAL_TEXT = {
    "dusk": ("Dusk", "Check that all eyes are closed. Some Travellers and Fabled act now.",
             "Check that all eyes are closed. Some Travellers and Fabled act now."),
    "minioninfo": ("Minion info", "With 7 or more players: wake all Minions; show them each other "
                   "and point to the Demon.", ""),
    "demoninfo": ("Demon info", "With 7 or more players: wake the Demon; point to their Minions, "
                  "then show three not-in-play good characters as bluffs.", ""),
    "dawn": ("Dawn", "Wait a few seconds, then call everyone's eyes open.",
             "Wait a few seconds, then call everyone's eyes open and announce who died tonight."),
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


def night_text(cid: str, first_night: int, other_night: int) -> tuple[str, str]:
    """The night-sheet lines of a character; "Same as the first night..." is written out."""
    first, other = NIGHT_TEXT.get(cid, ("", ""))
    same = "Same as the first night"
    if other.startswith(same):
        other = first.rstrip(".") + other[len(same):]
    for night, pos, text in (("first", first_night, first), ("other", other_night, other)):
        if bool(pos) != bool(text):
            raise SystemExit(f"{cid}: {night} night position {pos} but night text {text!r}")
    return first, other


def read_official(folder: Path) -> tuple[list[dict], dict[str, list[str]], dict[str, list[str]], dict]:
    """The official roles, jinxed pairs (id -> other ids, both ways, in file order) and night
    sheet (night -> ids in order), and the sha256 of each file read."""
    texts = {}
    for name in OFFICIAL_FILES:
        path = folder / name
        if not path.is_file():
            raise SystemExit(f"error: {path}: no such file (--official is the folder with "
                             f"{', '.join(OFFICIAL_FILES)})")
        texts[name] = path.read_bytes()
    roles = json.loads(texts["roles.json"])
    pairs: dict[str, list[str]] = {}
    for entry in json.loads(texts["jinxes.json"]):
        for j in entry["jinx"]:
            a, b = entry["id"], j["id"]
            for x, y in ((a, b), (b, a)):
                if y not in pairs.setdefault(x, []):
                    pairs[x].append(y)
    sheet = json.loads(texts["nightsheet.json"])
    order = {"first": sheet["firstNight"], "other": sheet["otherNight"]}
    digests = {name: hashlib.sha256(t).hexdigest() for name, t in texts.items()}
    return roles, pairs, order, digests


def night_positions(order: dict[str, list[str]]) -> dict[str, dict[str, int]]:
    """night -> id -> position: the 1-based place in the official night sheet (the scale the
    reference data and the engine use)."""
    return {night: {cid: i for i, cid in enumerate(ids, 1)} for night, ids in order.items()}


def setup_bracket(ability: str) -> str | None:
    """The text of an official ability's [setup change] bracket, without the brackets."""
    m = re.search(r"\[([^\]]*)\]", ability)
    return m.group(1) if m else None


def implemented_ids() -> set[str]:
    """The characters the engine implements: its registry (one module per character)."""
    sys.path.insert(0, str(ROOT))
    from clocktower.characters import REGISTRY
    return set(REGISTRY)


def check_reference(c: dict, official: dict, pos: dict) -> None:
    """A referenced (implemented) character must agree with the official files."""
    cid = c["id"]
    want = {"name": official["name"], "team": official["team"], "edition": official["edition"],
            "reminders": official.get("reminders", []),
            "remindersGlobal": official.get("remindersGlobal", []),
            "setup": official.get("setup", False),
            "firstNight": pos["first"].get(cid, 0), "otherNight": pos["other"].get(cid, 0)}
    have = dict(c, edition=c.get("officialEdition") or c["edition"])
    for key, value in want.items():
        if have[key] != value:
            raise SystemExit(f"{cid}: {key} is {have[key]!r} in the reference, {value!r} in "
                             "the official files")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--official", type=Path, required=True,
                    help="folder with the official roles.json, jinxes.json, nightsheet.json")
    ap.add_argument("--official-version", default="commit 3d6d930 (2026-05-11)",
                    help="which version of the official files DIR holds (recorded as told)")
    args = ap.parse_args()
    refs = json.loads((SHARED / "reference" / "characters.json").read_text())
    abilities = seed_abilities()
    jx = jinxes()
    roles, pairs, order, digests = read_official(args.official)
    pos = night_positions(order)
    official = {r["id"]: r for r in roles}
    implemented = implemented_ids()
    specials = {"first": {"dusk": 1, "minioninfo": 20, "demoninfo": 24, "dawn": 78},
                "other": {"dusk": 1, "dawn": 98}}
    for night, steps in specials.items():
        for sid, at in steps.items():
            if pos[night].get(sid) != at:
                raise SystemExit(f"{sid}: at {at} on the {night} night sheet here, "
                                 f"{pos[night].get(sid)} in the official one")
    records = []
    referenced = {c["id"] for c in refs}
    for c in refs:
        cid = c["id"]
        if cid not in official:
            raise SystemExit(f"{cid}: not in the official roles.json")
        check_reference(c, official[cid], pos)
        if cid not in implemented:
            raise SystemExit(f"{cid}: in the reference but not in the engine's registry")
        ability = OWN_WORDS.get(cid) or abilities.get(cid)
        if not ability:
            raise SystemExit(f"no ability line for {cid}")
        known = {j["id"] for j in jx.get(cid, [])}
        extra = [{"id": b, "reason": None} for b in pairs.get(cid, []) if b not in known]
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
            "jinxes": jx.get(cid, []) + extra,
            "first_night_reminder": night_text(cid, c["firstNight"], c["otherNight"])[0],
            "other_night_reminder": night_text(cid, c["firstNight"], c["otherNight"])[1],
            "implemented": True,
        })
    for r in roles:
        cid = r["id"]
        if cid in referenced:
            continue
        if cid in implemented:
            raise SystemExit(f"{cid}: implemented but not in the reference (no ability line)")
        records.append({
            "id": cid,
            "name": r["name"],
            "team": r["team"],
            "edition": r["edition"],
            "ability": None,
            "first_night": pos["first"].get(cid, 0),
            "other_night": pos["other"].get(cid, 0),
            "reminders": r.get("reminders", []),
            "reminders_global": r.get("remindersGlobal", []),
            "setup": r.get("setup", False),
            "setup_text": setup_bracket(r.get("ability", "")),
            "setup_change": SETUP.get(cid),
            "special": r.get("special", []),
            "jinxes": [{"id": b, "reason": None} for b in pairs.get(cid, [])],
            "first_night_reminder": "",
            "other_night_reminder": "",
            "implemented": False,
        })
    doc = {
        "source": {
            "implemented": "the reference characters.json and jinxes.md (the official data as "
                           "researched; build inputs kept beside the repository), ability lines "
                           "from the seed almanacs, night-sheet text in our own words "
                           "(tools/build_data.py)",
            "not implemented": OFFICIAL_SOURCE,
            "official version": args.official_version,
            "official files": digests,
        },
        "night_order": specials,
        "night_steps": {
            sid: {"name": name, "first_night_reminder": first, "other_night_reminder": other}
            for sid, (name, first, other) in SPECIAL_TEXT.items()
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
    done = sum(1 for r in records if r["implemented"])
    print(f"wrote {len(records)} characters ({done} implemented) to {dest.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
