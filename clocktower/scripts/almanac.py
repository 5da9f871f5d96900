"""Almanac text: the plain-text documents a script tool exports, like the four seeds.

Two layouts appear in the seeds. *Numbered*: each section heading carries a number
(``1. Regalia``, ``  2. Townsfolk``) and the How-to-Run steps are numbered too. *Plain*: the
same headings without numbers (``Townsfolk``), steps as ``-`` bullets or bare lines. Both are
read the same way: a line that is only a team word (optionally numbered) starts a character,
the next non-blank line is the character's name and the one after it the ability line.
Everything else (flavour, almanac paragraphs, How to Run, Examples & Notes) is skipped.

Before the first character an optional title line and a ``Almanac · <author> · <n> characters``
line give the script's name, author and the number of characters the tool meant to export.

Names garbled by the exporting tool (``Highpriestess1 75 2-75``, ``Huntsman1-75``) and ability
lines that are not in English (``Not written yet.``, Korean text) are repaired from the
character data; every repair is reported in `Almanac.repairs`.

>>> alm = parse_almanac("My Script\\nAlmanac · Me · 1 characters\\nDemon\\nImp\\nEach night*...")
>>> alm.title, alm.author, [e.id for e in alm.entries]
('My Script', 'Me', ['imp'])
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from .. import data as D
from ..errors import ScriptError

TEAM_WORDS = {
    "townsfolk": "townsfolk", "townsfolks": "townsfolk", "outsider": "outsider",
    "outsiders": "outsider", "minion": "minion", "minions": "minion", "demon": "demon",
    "demons": "demon", "traveller": "traveller", "travellers": "traveller",
    "traveler": "traveller", "travelers": "traveller", "fabled": "fabled", "loric": "loric",
}
HEADER = re.compile(r"^\s*(?:(\d+)\.\s+)?([A-Za-z]+)\s*$")
TITLE_NUMBER = re.compile(r"^\s*\d+\.\s+")
BYLINE = re.compile(r"^\s*Almanac\s*[·•|\-–]\s*(.*?)\s*[·•|\-–]\s*(\d+)\s+characters?\s*$", re.I)
# What a broken exporter appends to a name: digits, spaces, dashes (e.g. "1 75 2-75").
GARBLE_TAIL = re.compile(r"[\d\s\-–.]+$")
FOOTER = re.compile(r"^back to script$", re.I)    # the link an exporter puts after the last one
NOT_WRITTEN = re.compile(r"^\s*not written yet\.?\s*$", re.I)


@dataclass
class AlmanacEntry:
    id: str
    name: str
    team: str
    ability: str
    line: int                 # 1-based line of the character's name
    homebrew: bool = False
    # The entry's other lines, stripped, blank ones left out: from the one after the ability
    # line up to the next character (flavour, almanac paragraphs, How to Run, Examples &
    # Notes; `entry_text` sorts them into sections). An exporter's "Back to script" footer
    # after the last character is not part of it.
    body: list[str] = field(default_factory=list)

    def homebrew_object(self) -> dict:
        """The official full character object for a character the data file does not know."""
        return {"id": self.id, "name": self.name, "team": self.team, "ability": self.ability}


@dataclass
class Almanac:
    title: str
    author: str
    declared_count: int | None
    layout: str                                   # "numbered" or "plain"
    entries: list[AlmanacEntry] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)   # "line 36: ..." one per repair
    warnings: list[str] = field(default_factory=list)  # other things worth knowing


def looks_like_text(raw: bytes, source: str) -> str:
    """Decode a file's bytes as UTF-8 text, or raise a ScriptError saying why it is not text."""
    if not raw.strip():
        raise ScriptError(f"{source}: the file is empty")
    nul = raw.find(b"\x00")
    if nul >= 0:
        raise ScriptError(f"{source}: byte {nul}: a binary file, not a script (NUL byte)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise ScriptError(f"{source}:{line}: byte {e.start}: not UTF-8 text ({e.reason})") from None
    return text


def _is_english(line: str) -> bool:
    if NOT_WRITTEN.match(line):
        return False
    letters = [ch for ch in line if ch.isalpha()]
    if not letters:
        return False
    latin = sum(1 for ch in letters if ch.isascii())
    return latin / len(letters) >= 0.8


def _name_index() -> dict[str, str]:
    """Normalised name or id → id, for every character in the data file."""
    out = {}
    for c in D.all_characters().values():
        out[D.normalise_id(c.name)] = c.id
        out[c.id] = c.id
    return out


def resolve_name(raw: str) -> tuple[str | None, str]:
    """The id a name line means, and how it was found: 'exact', 'garbled' or 'close'.

    A garbled tail (digits, dashes) is stripped only when what remains is a known character
    (`Huntsman1-75` is the Huntsman). Returns (None, the whole name) for a name that matches
    no known character: a homebrew `Agent 47` or `R2-D2` keeps its digits.
    """
    index = _name_index()
    key = D.normalise_id(raw)
    if key in index:
        return index[key], "exact"
    cleaned = GARBLE_TAIL.sub("", raw).strip()
    key2 = D.normalise_id(cleaned)
    if key2 in index:
        return index[key2], "garbled"
    close = difflib.get_close_matches(key2 or key, list(index), n=1, cutoff=0.85)
    if close:
        return index[close[0]], "close"
    return None, raw.strip()


def parse_almanac(text: str, source: str = "<almanac>") -> Almanac:
    """Read almanac text. Raises ScriptError when no character can be found at all."""
    lines = text.splitlines()
    nonblank = [(i, l) for i, l in enumerate(lines) if l.strip()]

    def header_team(line: str) -> tuple[str | None, bool]:
        m = HEADER.match(line)
        if not m:
            return None, False
        team = TEAM_WORDS.get(m.group(2).lower())
        return team, m.group(1) is not None

    headers = [(k, i) for k, (i, l) in enumerate(nonblank) if header_team(l)[0]]
    if not headers:
        raise ScriptError(f"{source}: no characters found: expected a line that is only a team "
                          "(Townsfolk, Outsider, Minion, Demon, Traveller) followed by a name")
    numbered = any(header_team(nonblank[k][1])[1] for k, _ in headers)

    # Title and byline: the lines before the first character.
    title, author, declared = "", "", None
    for _i, l in nonblank[:headers[0][0]]:
        m = BYLINE.match(l)
        if m:
            author, declared = m.group(1).strip(), int(m.group(2))
        elif not title and l.strip().lower() != "notes":
            title = TITLE_NUMBER.sub("", l).strip()
        if declared is not None:
            break

    alm = Almanac(title=title, author=author, declared_count=declared,
                  layout="numbered" if numbered else "plain")
    seen: dict[str, int] = {}
    ends = [k for k, _i in headers[1:]] + [len(nonblank)]
    for (k, _i), end in zip(headers, ends):
        team = header_team(nonblank[k][1])[0] or ""     # a header: never empty
        if k + 1 >= len(nonblank):
            alm.warnings.append(f"line {nonblank[k][0] + 1}: a team line with no character after it")
            continue
        name_no, raw_name = nonblank[k + 1]
        line_no = name_no + 1
        raw_name = raw_name.strip()
        if header_team(raw_name)[0]:
            alm.warnings.append(f"line {line_no}: a team line with no character name after it")
            continue
        ability_raw = nonblank[k + 2][1].strip() if k + 2 < len(nonblank) else ""
        cid, how = resolve_name(raw_name)
        if cid is None:
            hb_id = D.normalise_id(how)
            if not hb_id:
                alm.warnings.append(f"line {line_no}: {raw_name!r} is not a character name; skipped")
                continue
            if team in ("fabled", "loric"):
                alm.warnings.append(f"line {line_no}: {how!r} is not an official "
                                    f"{team.title()}; skipped")
                continue
            entry = AlmanacEntry(id=hb_id, name=how, team=team, ability=ability_raw,
                                 line=line_no, homebrew=True)
            alm.warnings.append(f"line {line_no}: {how!r} is not a known character; "
                                "kept as a homebrew character")
            if not _is_english(ability_raw):
                alm.warnings.append(f"line {line_no}: {how}: the ability line is missing or not "
                                    "in English")
        else:
            c = D.get(cid)
            if how != "exact":
                alm.repairs.append(f"line {line_no}: name {raw_name!r} read as {c.name}")
            if team != c.team:
                alm.repairs.append(f"line {line_no}: {c.name} is listed under {team.title()} but "
                                   f"is a {c.team.title()}; using {c.team.title()}")
            if not _is_english(ability_raw):
                alm.repairs.append(f"line {line_no}: {c.name}: ability text missing or not in "
                                   "English; " + ("using the built-in ability line"
                                                  if c.implemented else "none is built in"))
            entry = AlmanacEntry(id=cid, name=c.name, team=c.team, ability=c.ability, line=line_no)
        entry.body = [l.strip() for _n, l in nonblank[k + 3:end]]
        while entry.body and FOOTER.match(entry.body[-1]):
            entry.body.pop()
        if entry.id in seen:
            alm.warnings.append(f"line {line_no}: {entry.name} is listed again (first at line "
                                f"{seen[entry.id]}); the repeat is ignored")
            continue
        seen[entry.id] = line_no
        alm.entries.append(entry)

    if declared is not None and declared != len(alm.entries):
        alm.warnings.append(f"the almanac says {declared} characters but {len(alm.entries)} "
                            "were found")
    return alm


HOW_TO_RUN = re.compile(r"^how to run$", re.I)
EXAMPLES = re.compile(r"^examples\s*(?:&|and)\s*notes$", re.I)
LIST_MARK = re.compile(r"^(?:\d+\.|[-•*])\s+")


def entry_text(entry: AlmanacEntry) -> dict | None:
    """An entry's almanac text in sections, or None when it has none in English.

    The body reads, in both layouts: a flavour line, the almanac's paragraphs (the first
    quotes the ability), ``How to Run`` and its steps, then optionally ``Examples & Notes``
    and its notes. Steps and notes lose their list marks (``1.``, ``-``, ``•``): the layouts
    differ only there. An entry whose paragraphs are missing or not in English (``Not written
    yet.``, a translated entry) has no text; the flavour line may be in any language.
    """
    body = entry.body
    if not body or NOT_WRITTEN.match(body[0]):
        return None
    flavour, rest = body[0], body[1:]
    sections: dict[str, list[str]] = {"almanac": [], "how_to_run": [], "notes": []}
    into = "almanac"
    for line in rest:
        if HOW_TO_RUN.match(line):
            into = "how_to_run"
        elif EXAMPLES.match(line):
            into = "notes"
        else:
            sections[into].append(line if into == "almanac" else LIST_MARK.sub("", line))
    if not sections["almanac"] or not _is_english(" ".join(sections["almanac"])):
        return None
    return {"flavour": flavour, **sections}


def almanac_meta(alm: Almanac, default_name: str) -> dict:
    meta = {"id": "_meta", "name": alm.title or default_name}
    if alm.author:
        meta["author"] = alm.author
    return meta


def almanac_to_document(alm: Almanac, default_name: str) -> list:
    """The official script JSON (a list) for a parsed almanac."""
    doc: list = [almanac_meta(alm, default_name)]
    for e in alm.entries:
        doc.append(e.homebrew_object() if e.homebrew else e.id)
    return doc
