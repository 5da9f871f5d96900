"""Build clocktower/data/almanac.json: the almanac text of each character the seed scripts have.

Run from the repository root:

    python tools/build_almanac.py [--seeds DIR] [--check]

DIR (default ../shared/seeds) holds the seed almanacs, the plain-text documents a script tool
exports. Each is read by the package's own almanac reader (`clocktower.scripts.almanac`:
`parse_almanac`, then `entry_text` for each character's sections: flavour, the almanac's
paragraphs, How to Run, Examples & Notes). A character in several seeds is taken from the
first seed, by file name, whose entry is in English; every other English entry of it must be
the same text (the layouts differ only in list marks, which the reader drops), or the build
stops naming the difference. An entry not written or not in English is skipped (the High
Priestess's, the only one, has none anywhere).

The output is committed (the package never reads DIR at run time); `--check` builds it in
memory and exits 1 if the committed file differs (a test runs it where the seeds are).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clocktower.scripts import builtin_names, load_script  # noqa: E402
from clocktower.scripts.almanac import entry_text, parse_almanac  # noqa: E402

DEST = ROOT / "clocktower" / "data" / "almanac.json"


def script_title(alm, source: str) -> str:
    """The seed's title; an untitled seed is named as the built-in script with its
    characters (the untitled seed is shipped as Alternate Endings)."""
    if alm.title:
        return alm.title
    ids = {e.id for e in alm.entries}
    for name in builtin_names():
        script = load_script(name)
        if set(script.characters) == ids:
            return script.name
    raise SystemExit(f"error: {source}: an untitled seed that is no built-in script")


def build(seeds: Path) -> dict:
    paths = sorted(seeds.glob("*.txt"))
    if not paths:
        raise SystemExit(f"error: {seeds}: no seed almanacs (*.txt) there")
    characters: dict[str, dict] = {}
    where: dict[str, str] = {}
    sources = []
    for path in paths:
        raw = path.read_bytes()
        alm = parse_almanac(raw.decode("utf-8-sig"), path.name)
        title = script_title(alm, path.name)
        sources.append({"file": path.name, "title": title,
                        "sha256": hashlib.sha256(raw).hexdigest()})
        for e in alm.entries:
            text = entry_text(e)
            if text is None:
                continue
            if e.id in characters:
                kept = {k: v for k, v in characters[e.id].items() if k in text}
                if kept != text:
                    diff = [k for k in text if kept[k] != text[k]]
                    raise SystemExit(f"error: {path.name}:{e.line}: {e.name}'s almanac text differs "
                                     f"from {where[e.id]} in {', '.join(diff)}")
                continue
            characters[e.id] = {"name": e.name, "script": title, **text}
            where[e.id] = f"{path.name}:{e.line}"
    return {
        "source": "the almanac entries of the seed scripts, read by clocktower.scripts.almanac "
                  "(tools/build_almanac.py); each character from the first seed with its entry "
                  "in English",
        "seeds": sources,
        "characters": dict(sorted(characters.items())),
    }


def render(doc: dict) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the committed file is not what the seeds give")
    args = ap.parse_args()
    text = render(build(args.seeds))
    if args.check:
        if not DEST.exists() or DEST.read_text(encoding="utf-8") != text:
            print(f"{DEST.relative_to(ROOT)} is stale: run python tools/build_almanac.py",
                  file=sys.stderr)
            sys.exit(1)
        print(f"{DEST.relative_to(ROOT)} is up to date")
        return
    DEST.write_text(text, encoding="utf-8")
    n = len(json.loads(text)["characters"])
    print(f"wrote the almanac text of {n} characters to {DEST.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
