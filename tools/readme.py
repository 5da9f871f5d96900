"""Regenerate the command-output samples of README.md and docs/*.md by running their
commands, or check that they still match (`make readme`, `tools/readme.py --check`).

A sample is a fenced block (```) whose first line is a command, `$ clocktower ...`: every
line starting with `$ ` is a command (a line ending in `\\` continues on the next), and the
lines after it, up to the next command, are its output. Each block runs in a fresh
temporary folder (links to the checkout's tests/, scenarios/, tools/, docs/ and .venv/,
so `tests/puzzles/x.yaml` and `.venv/bin/python tools/sweep.py` work and the files a
command writes, such as results/, land there), through bash, with the checkout's virtual
environment first on PATH, COLUMNS=80 (the terminal width: a command may set its own, as
in `$ COLUMNS=100 clocktower script list`), NO_COLOR and unbuffered Python output; what a
command writes to stderr is shown with its stdout. Trailing spaces and leading or trailing
blank lines of an output are dropped (a blank line between two commands' outputs in the
block is kept). A `$ cat FILE` command is an input, not a result:
the lines shown after it are written to FILE in the folder before the block runs.

A marker, an HTML comment on the line just before the block's opening fence, tells how to
rebuild a sample that is not the whole output of its commands run plainly. Its options are
separated by `;`:

    <!-- sample: lines 1-52, ..., last 5 -->            an excerpt (see below)
    <!-- sample: slow; lines 3-40, ... -->              only with --slow (make readme SLOW=1)
    <!-- sample: volatile -->                           timings: masked by --check
    <!-- sample: build pure -->                         run only on that build
    <!-- sample: exit 1 -->                             the last command's exit status
    <!-- sample: background 8799; fold 90 -->           a server, then the other commands
    <!-- sample: skip (why) -->                         never regenerated

- `slow`: the command takes too long for a routine run; regenerated or checked only with
  `--slow`.
- `volatile`: the output holds timings. `--check` compares it with every number masked on
  the lines that report time or speed (` s`, `s CPU`, `games/s`, `per second`,
  `wall-clock`, `per CPU second`), so it stays stable; writing puts the real new figures.
- `build pure` / `build compiled`: the sample shows that build (`make fast` compiles the
  engine core); on the other build it is skipped, saying so.
- `exit N`: the last command exits with status N (by default every command must exit 0;
  a command that fails is an error, not a sample).
- `background PORT`: the block's first command is a server: it is started in the
  background, its output is what it printed once PORT accepts connections, the other
  commands run, and then it is stopped.
- `fold N`: output lines longer than N characters are cut into lines of at most N, after
  the last comma, colon or space that leaves at least N/2 on the line (else at N).
- `columns N`: the terminal width (default 80).
- `timeout N`: seconds a command may take (default 900).
- `skip REASON`: the block is a sample of output that cannot be regenerated here; listed
  by --list, never run.
- Anything else is the excerpt: which lines of the (single) command's output to keep, a
  list separated by commas, in the order given:
  `lines N-M` or `line N` (line numbers, from 1; the word may be left out), `last N` (the last N lines), `/RE/` (every line
  matching the regular expression; `/RE/ -B +A` also B lines before and A after each),
  `next /RE/ -B +A` (only the first matching line after the lines selected so far),
  `from /RE1/ to /RE2/ +A` (from the next line matching RE1, after those selected so far,
  to the next line matching RE2, both kept, and A lines after), `...` (a line `  ...` marking the cut) and
  `"TEXT"` (the line TEXT as written). A line selected twice is kept once (where first
  selected). An item that matches nothing is an error (the sample must be looked at).

Usage: `tools/readme.py` rewrites the stale samples (fast ones; `--slow` adds the slow),
`--check` only compares and exits 1 listing the stale ones, `--list` lists the samples,
`--only TEXT` keeps the samples whose file:line or command contains TEXT,
`--skip-volatile` leaves the volatile ones out. Files: README.md and docs/*.md by default.
A sample that repeats another's commands, inputs and marker (the same sample in two files)
is run once.
"""
from __future__ import annotations

import argparse
import difflib
import glob
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LINKED = ("tests", "scenarios", "tools", "docs", ".venv", "clocktower", "pyproject.toml")
MARKER = re.compile(r"^<!--\s*sample:(.*?)-->\s*$")
FENCE = re.compile(r"^```")
TIMING_LINE = re.compile(r"\d s\b|s CPU|games/s|per second|wall-clock|per CPU second")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
CUT = "  ..."


def shown(path: Path) -> str:
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


class SampleError(Exception):
    """A malformed marker or block, or a command that failed."""


@dataclass
class Segment:
    command: str                 # as written, continuation lines joined by newlines
    output: list[str]            # the lines shown after it
    gap: bool = False            # a blank line after the output (before the next command)


@dataclass
class Sample:
    file: Path
    line: int                    # 1-based line of the opening fence
    start: int                   # index of the first line inside the block
    end: int                     # index of the closing fence
    segments: list[Segment]
    options: dict[str, str] = field(default_factory=dict)
    excerpt: str = ""

    @property
    def where(self) -> str:
        return f"{shown(self.file)}:{self.line}"

    @property
    def title(self) -> str:
        runs = [s.command.splitlines()[0] for s in self.segments if not is_input(s)]
        return runs[0] if runs else self.segments[0].command

    def kinds(self) -> list[str]:
        return [k + (f" {v}" if v else "") for k, v in self.options.items()]


OPTION_NAMES = {"slow": False, "volatile": False, "build": True, "exit": True,
                "background": True, "fold": True, "columns": True, "timeout": True,
                "skip": None}


def parse_marker(text: str, where: str) -> tuple[dict[str, str], str]:
    options: dict[str, str] = {}
    excerpt = ""
    for part in split_outside(text, ";"):
        part = part.strip()
        if not part:
            continue
        word, _, rest = part.partition(" ")
        if word in OPTION_NAMES:
            takes = OPTION_NAMES[word]
            rest = rest.strip()
            if takes is False and rest:
                raise SampleError(f"{where}: marker option '{word}' takes no value")
            if takes is True and not rest:
                raise SampleError(f"{where}: marker option '{word}' needs a value")
            if word == "build" and rest not in ("pure", "compiled"):
                raise SampleError(f"{where}: 'build' is 'pure' or 'compiled', not {rest!r}")
            if word in ("exit", "background", "fold", "columns", "timeout") \
                    and not rest.isdigit():
                raise SampleError(f"{where}: '{word}' needs a number, not {rest!r}")
            options[word] = rest
        elif excerpt:
            raise SampleError(f"{where}: two excerpts in one marker ({excerpt!r}, {part!r})")
        else:
            parse_excerpt(part, where)          # refuse a bad one early
            excerpt = part
    return options, excerpt


def split_outside(text: str, sep: str) -> list[str]:
    """Split on sep, but not inside /regex/ or "text"."""
    parts, cur, quote, i = [], "", "", 0
    while i < len(text):
        c = text[i]
        if quote:
            cur += c
            if c == "\\" and i + 1 < len(text):
                cur += text[i + 1]
                i += 1
            elif c == quote:
                quote = ""
        elif c in "/\"":
            quote = c
            cur += c
        elif c == sep:
            parts.append(cur)
            cur = ""
        else:
            cur += c
        i += 1
    if quote:
        raise SampleError(f"unclosed {quote} in {text!r}")
    parts.append(cur)
    return parts


ITEM = [
    ("range", re.compile(r"^(?:lines? )?(\d+)(?:-(\d+))?$")),
    ("last", re.compile(r"^last (\d+)$")),
    ("cut", re.compile(r"^\.\.\.$")),
    ("text", re.compile(r'^"(.*)"$')),
    ("grep", re.compile(r"^/(.+)/((?:\s+[-+]\d+)*)$")),
    ("next", re.compile(r"^next /(.+)/((?:\s+[-+]\d+)*)$")),
    ("span", re.compile(r"^from /(.+)/ to /(.+)/((?:\s+\+\d+)?)$")),
]


def parse_excerpt(spec: str, where: str) -> list[tuple[str, re.Match[str]]]:
    items = []
    for raw in split_outside(spec, ","):
        item = raw.strip()
        for kind, pattern in ITEM:
            m = pattern.match(item)
            if m:
                break
        else:
            raise SampleError(f"{where}: cannot read excerpt item {item!r} (lines N-M, "
                              "last N, /RE/, next /RE/ +A, from /RE/ to /RE/, ..., \"TEXT\")")
        for g in m.groups():
            if g and kind in ("grep", "next", "span") and not g.lstrip().startswith(("+", "-")):
                try:
                    re.compile(g)
                except re.error as e:
                    raise SampleError(f"{where}: bad regular expression /{g}/: {e}") from None
        items.append((kind, m))
    return items


def context(extra: str) -> tuple[int, int]:
    before = after = 0
    for tok in extra.split():
        if tok.startswith("-"):
            before = int(tok[1:])
        else:
            after = int(tok[1:])
    return before, after


def select(lines: list[str], spec: str, where: str) -> list[str]:
    """The excerpt of lines the spec names (see the module docstring)."""
    out: list[str] = []
    taken: set[int] = set()
    cursor = 0                  # just after the last line selected: where `next` looks

    def take(indices: list[int]) -> None:
        nonlocal cursor
        for i in indices:
            if 0 <= i < len(lines):
                cursor = i + 1
                if i not in taken:
                    taken.add(i)
                    out.append(lines[i])

    def missing(what: str) -> SampleError:
        return SampleError(f"{where}: excerpt item {what} matches nothing in the output")

    for kind, m in parse_excerpt(spec, where):
        if kind == "range":
            first = int(m.group(1))
            last = int(m.group(2) or first)
            if first < 1 or last < first or first > len(lines):
                raise SampleError(f"{where}: lines {first}-{last} out of the output's "
                                  f"{len(lines)}")
            take(list(range(first - 1, min(last, len(lines)))))
        elif kind == "last":
            n = int(m.group(1))
            take(list(range(max(0, len(lines) - n), len(lines))))
        elif kind == "cut":
            out.append(CUT)
        elif kind == "text":
            out.append(m.group(1).replace('\\"', '"'))
        elif kind in ("grep", "next"):
            rx = re.compile(m.group(1))
            before, after = context(m.group(2))
            hits = [i for i, line in enumerate(lines) if rx.search(line)
                    and (kind == "grep" or i >= cursor)]
            if not hits:
                raise missing(m.group(0))
            if kind == "next":
                hits = hits[:1]
            for i in hits:
                take(list(range(i - before, i + after + 1)))
        elif kind == "span":
            rx1, rx2 = re.compile(m.group(1)), re.compile(m.group(2))
            start = next((i for i in range(cursor, len(lines)) if rx1.search(lines[i])), None)
            if start is None:
                raise missing(f"/{m.group(1)}/")
            until = next((i for i in range(start, len(lines)) if rx2.search(lines[i])), None)
            if until is None:
                raise missing(f"/{m.group(2)}/ (after /{m.group(1)}/)")
            take(list(range(start, until + 1 + context(m.group(3))[1])))
    return out


def is_input(seg: Segment) -> bool:
    return re.fullmatch(r"cat \S+", seg.command.strip()) is not None


def parse_file(path: Path) -> tuple[list[str], list[Sample]]:
    lines = path.read_text().split("\n")
    samples: list[Sample] = []
    i = 0
    pending: tuple[int, str] | None = None
    rel = shown(path)
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line)
        if m:
            if pending:
                raise SampleError(f"{rel}:{pending[0] + 1}: marker not followed by a sample")
            pending = (i, m.group(1))
            i += 1
            continue
        if FENCE.match(line):
            close = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")),
                         None)
            if close is None:
                raise SampleError(f"{rel}:{i + 1}: unclosed fence")
            body = lines[i + 1:close]
            if body and body[0].startswith("$ "):
                if pending and pending[0] != i - 1:
                    raise SampleError(f"{rel}:{pending[0] + 1}: a marker goes on the line "
                                      "just before the block's fence")
                sample = Sample(path, i + 1, i + 1, close, split_segments(body))
                if pending:
                    sample.options, sample.excerpt = parse_marker(
                        pending[1], f"{rel}:{pending[0] + 1}")
                    runs = [s for s in sample.segments if not is_input(s)]
                    if sample.excerpt and len(runs) != 1:
                        raise SampleError(f"{rel}:{pending[0] + 1}: an excerpt needs a block "
                                          "with a single command")
                samples.append(sample)
                pending = None
            elif pending:
                raise SampleError(f"{rel}:{pending[0] + 1}: marker not followed by a sample "
                                  "(a fenced block starting with '$ ')")
            i = close + 1
            continue
        if pending and line.strip():
            raise SampleError(f"{rel}:{pending[0] + 1}: marker not followed by a sample")
        i += 1
    if pending:
        raise SampleError(f"{rel}:{pending[0] + 1}: marker not followed by a sample")
    return lines, samples


def split_segments(body: list[str]) -> list[Segment]:
    segments: list[Segment] = []
    i = 0
    while i < len(body):
        line = body[i]
        if line.startswith("$ "):
            cmd = [line[2:]]
            while (cmd[-1].endswith("\\") or not complete("\n".join(cmd))) \
                    and i + 1 < len(body):
                i += 1
                cmd.append(body[i])
            segments.append(Segment("\n".join(cmd), []))
        else:
            segments[-1].output.append(line)
        i += 1
    for seg in segments:
        seg.gap = bool(seg.output) and not seg.output[-1].strip()
    return segments


def complete(command: str) -> bool:
    """Whether a command's quotes are closed (else it goes on on the next line)."""
    try:
        shlex.split(command, comments=True)
    except ValueError:
        return False
    return True


def render(segments: list[Segment]) -> list[str]:
    out: list[str] = []
    for k, seg in enumerate(segments):
        out.extend(("$ " + seg.command).split("\n"))
        out.extend(seg.output)
        if seg.gap and k + 1 < len(segments):
            out.append("")
    return out


def clean(text: str, fold: int | None) -> list[str]:
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        line = line.rsplit("\r", 1)[-1].rstrip()
        while fold and len(line) > fold:
            cut = max(line.rfind(c, fold // 2, fold) for c in ",: ") + 1 or fold
            lines.append(line[:cut].rstrip())
            line = line[cut:]
        lines.append(line)
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def venv_bin() -> Path:
    here = Path(sys.executable).parent
    if (here / "clocktower").exists():
        return here
    return REPO / ".venv" / "bin"


def compiled_build() -> bool:
    return bool(glob.glob(str(REPO / "clocktower" / "**" / "*.so"), recursive=True))


def environment(columns: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FORCE_COLOR", "CLICOLOR_FORCE", "LINES", "VIRTUAL_ENV",
                        "PYTHONPATH", "PYTHONHASHSEED")}
    env.update(COLUMNS=str(columns), NO_COLOR="1", TERM="dumb", PYTHONUNBUFFERED="1",
               PATH=f"{venv_bin()}{os.pathsep}{env.get('PATH', '')}")
    return env


def wait_port(port: int, proc: subprocess.Popen[str], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SampleError(f"the server exited ({proc.returncode}) before port {port} "
                              "accepted connections")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SampleError(f"port {port} accepted no connection within {timeout:.0f} s")


def stop(proc: subprocess.Popen[str]) -> str:
    """Stop a background command we started (its own process group) and read its output."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        out, _ = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
    return out or ""


def run_sample(sample: Sample) -> list[str]:
    """The block's new text (without its fences)."""
    opts = sample.options
    columns = int(opts.get("columns", 80))
    fold = int(opts["fold"]) if "fold" in opts else None
    timeout = int(opts.get("timeout", 900))
    env = environment(columns)
    new: list[Segment] = []
    with tempfile.TemporaryDirectory(prefix="clocktower-readme-") as tmp:
        for name in LINKED:
            if (REPO / name).exists():
                os.symlink(REPO / name, Path(tmp) / name)
        for seg in sample.segments:
            if is_input(seg):
                target = Path(tmp) / seg.command.split()[1]
                target.write_text("\n".join(seg.output) + "\n")
        background: subprocess.Popen[str] | None = None
        runs = [s for s in sample.segments if not is_input(s)]
        try:
            for seg in sample.segments:
                if is_input(seg):
                    new.append(seg)
                    continue
                gap = seg.gap
                if "background" in opts and seg is runs[0]:
                    background = subprocess.Popen(
                        ["bash", "-c", seg.command], cwd=tmp, env=env, text=True,
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        start_new_session=True)
                    wait_port(int(opts["background"]), background, 60)
                    new.append(Segment(seg.command, [], gap))   # output read when stopped
                    continue
                try:
                    proc = subprocess.run(["bash", "-c", seg.command], cwd=tmp, env=env,
                                          text=True, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, timeout=timeout)
                except subprocess.TimeoutExpired:
                    raise SampleError(f"{sample.where}: `{seg.command}` took more than "
                                      f"{timeout} s") from None
                want = int(opts["exit"]) if "exit" in opts and seg is runs[-1] else 0
                if proc.returncode != want:
                    tail = "\n    ".join(clean(proc.stdout, None)[-8:])
                    raise SampleError(f"{sample.where}: `{seg.command}` exited "
                                      f"{proc.returncode}, not {want}:\n    {tail}")
                output = clean(proc.stdout, fold)
                if sample.excerpt:
                    output = select(output, sample.excerpt, sample.where)
                new.append(Segment(seg.command, output, gap))
        finally:
            if background is not None:
                out = stop(background)
                first = next(s for s in new if s.command == runs[0].command)
                first.output = clean(out, fold)
    return render(new)


def mask(lines: list[str]) -> list[str]:
    return [NUMBER.sub("#", line) if TIMING_LINE.search(line) else line for line in lines]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", help="Markdown files (default: README.md docs/*.md)")
    ap.add_argument("--check", action="store_true",
                    help="compare only; exit 1 listing the stale samples")
    ap.add_argument("--slow", action="store_true", help="also the samples marked slow")
    ap.add_argument("--skip-volatile", action="store_true",
                    help="leave out the samples marked volatile")
    ap.add_argument("--only", action="append", default=[], metavar="TEXT",
                    help="only samples whose file:line or command contains TEXT")
    ap.add_argument("--list", action="store_true", help="list the samples and their options")
    args = ap.parse_args(argv)

    files = [Path(f).resolve() for f in args.files] or \
        [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))
    compiled = compiled_build()
    # A block that repeats another's commands, inputs and marker (the same sample in two
    # files) is run once: its output is the first one's.
    ran: dict[tuple, list[str]] = {}
    stale: list[str] = []
    skipped: list[str] = []
    changed = 0
    try:
        for path in files:
            if not path.exists():
                raise SampleError(f"{path}: no such file")
            lines, samples = parse_file(path)
            edits: list[tuple[Sample, list[str]]] = []
            for s in samples:
                label = f"{s.where}  {s.title}"
                if args.list:
                    print(f"{label}  [{', '.join(s.kinds()) or 'fast'}"
                          f"{'; excerpt: ' + s.excerpt if s.excerpt else ''}]")
                    continue
                if args.only and not any(t in label for t in args.only):
                    continue
                why = None
                if "skip" in s.options:
                    why = f"skip {s.options['skip']}"
                elif "slow" in s.options and not args.slow:
                    why = "slow (--slow)"
                elif "volatile" in s.options and args.skip_volatile:
                    why = "volatile"
                elif s.options.get("build") == "pure" and compiled:
                    why = "needs the pure-Python build (make pure)"
                elif s.options.get("build") == "compiled" and not compiled:
                    why = "needs the compiled build (make fast)"
                if why:
                    skipped.append(f"{label}: {why}")
                    continue
                started = time.monotonic()
                key = (tuple((g.command, g.gap, tuple(g.output) if is_input(g) else ())
                             for g in s.segments), tuple(sorted(s.options.items())), s.excerpt)
                if key not in ran:
                    ran[key] = run_sample(s)
                new = ran[key]
                old = lines[s.start:s.end]
                a, b = (mask(old), mask(new)) if "volatile" in s.options else (old, new)
                took = time.monotonic() - started
                if a == b and (args.check or old == new):
                    print(f"ok     {label} ({took:.1f} s)", flush=True)
                    continue
                if args.check:
                    stale.append(label)
                    print(f"STALE  {label} ({took:.1f} s)")
                    diff = list(difflib.unified_diff(a, b, s.where,
                                                     "now", lineterm="", n=1))
                    for d in diff[:40]:
                        print("    " + d)
                    if len(diff) > 40:
                        print(f"    ... ({len(diff) - 40} more diff lines)")
                else:
                    print(f"wrote  {label} ({took:.1f} s)", flush=True)
                    edits.append((s, new))
            for s, new in reversed(edits):
                lines[s.start:s.end] = new
                changed += 1
            if edits:
                path.write_text("\n".join(lines))
    except SampleError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.list:
        return 0
    for line in skipped:
        print(f"skip   {line}")
    if args.check:
        if stale:
            print(f"{len(stale)} stale sample(s): run `make readme` (tools/readme.py) to "
                  "regenerate them")
            return 1
        return 0
    print(f"{changed} sample(s) rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
