"""Players' names in the web grimoire: one check for every request that seats players
(`POST /api/bag/deal`, `/api/bag/check`, `/api/games`, `/api/townsquare/import`).

A name is shown on every phone and typed into nominations, so it must be visible and tell
its seat apart (docs/web.md "Names"):

- normalised to NFC (a name typed as "e + combining accent" and one typed as "é" are the
  same name, stored as "é");
- no character of the Unicode categories Cc (controls: NUL, escapes), Cf (format: zero
  width spaces and joiners, bidirectional overrides), Cs, Co, Cn (surrogates, private use,
  unassigned), Zl, Zp (line and paragraph separators);
- at least one visible character (a letter, digit, punctuation or symbol: not only spaces
  and combining marks); no leading or trailing space;
- not `storyteller` nor `spectator`, and not two seats that look the same. Names are
  compared by a *skeleton*: NFKC, case folded, combining marks dropped, runs of spaces as
  one, and the Cyrillic and Greek letters that look like Latin ones read as those Latin
  letters (a small table below; a "confusable-lite" comparison, not Unicode's full
  confusables list). "Ann", "ANN", "Ａｎｎ" (full width), "Аnn" (Cyrillic А) and "Ånn" all
  have the skeleton "ann".
"""
from __future__ import annotations

import unicodedata

from ..errors import ClocktowerError

RESERVED = ("storyteller", "spectator")
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

# Cyrillic and Greek letters (after case folding) drawn like a Latin letter.
_LOOKALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "һ": "h", "і": "i", "ї": "i",
    "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
    "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ӏ": "l",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j",
})


def normalise(name: str, where: str) -> str:
    """`name` in NFC, or ClocktowerError naming `where` and what is wrong."""
    name = unicodedata.normalize("NFC", name)
    for ch in name:
        cat = unicodedata.category(ch)
        if cat in REFUSED_CATEGORIES:
            raise ClocktowerError(f"{where}: {name!r} has an invisible or control character "
                                  f"(U+{ord(ch):04X}, category {cat})")
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in name):
        raise ClocktowerError(f"{where}: {name!r} has no visible character")
    if name.strip() != name:
        raise ClocktowerError(f"{where}: {name!r}: no leading or trailing spaces")
    return name


def skeleton(name: str) -> str:
    """What a name looks like: two names with one skeleton cannot be told apart."""
    s = unicodedata.normalize("NFKC", name).casefold()
    s = "".join(ch for ch in unicodedata.normalize("NFD", s)
                if not unicodedata.category(ch).startswith("M"))
    return " ".join(s.translate(_LOOKALIKE).split())


def check_seats(seats: list[dict], where: str = "players") -> list[dict]:
    """The seats with their names normalised (copies), or ClocktowerError: a name that is
    not visible, reserved, or looks like another seat's."""
    out: list[dict] = []
    seen: dict[str, int] = {}
    for k, seat in enumerate(seats):
        at = f"{where}[{k}].name"
        name = normalise(str(seat.get("name", "")), at)
        sk = skeleton(name)
        if sk in RESERVED:
            raise ClocktowerError(f"{at}: {name!r} is reserved")
        if sk in seen:
            other = seen[sk]
            same = "the same name" if seats[other]["name"] == seat["name"] else \
                "a name that looks the same"
            raise ClocktowerError(f"{at}: {name!r} has {same} as {where}[{other}] "
                                  f"({out[other]['name']!r})")
        seen[sk] = k
        out.append({**seat, "name": name})
    return out


def nfc_lines(lines: list[dict]) -> list[dict]:
    """Grimoire lines with their names in NFC, to match the seats' (`check_seats`)."""
    return [{**g, "name": unicodedata.normalize("NFC", g["name"])}
            if isinstance(g.get("name"), str) else g for g in lines]
