"""The printable sheet in a real browser: headless Chromium (Debian's `chromium` package).

Skipped, with the reason, only when no Chromium binary is installed. The screenshots and PDFs
are left in pytest's temporary folder (and in $SHEET_SCREENSHOT_DIR when set) to look at.
"""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from clocktower.scripts import builtin_names, load_script
from clocktower.scripts.sheet import render_html

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome",
                                           "google-chrome-stable") if shutil.which(n)), None)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium found on PATH: install Debian's `chromium` package "
    "(apt-get install -y chromium) to check the sheet in a real browser")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--no-first-run", "--disable-dev-shm-usage", "--no-pdf-header-footer"]


def run_chromium(tmp_path: Path, *args: str) -> None:
    profile = tmp_path / "profile"
    proc = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


def png_pixels(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and raw RGB(A) rows of a PNG written by Chromium (no filters undone for
    colour checks: we only count distinct bytes in the decoded rows)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 3
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            channels = {2: 3, 6: 4}.get(colour, 3)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels + 1
    rows = [raw[i * stride + 1:(i + 1) * stride] for i in range(height)]
    return width, height, rows


def keep(path: Path) -> None:
    folder = os.environ.get("SHEET_SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / path.name)


def test_sheet_screenshot_in_chromium(tmp_path):
    html = tmp_path / "regalia.html"
    html.write_text(render_html(load_script("regalia")), encoding="utf-8")
    png = tmp_path / "regalia.png"
    run_chromium(tmp_path, "--window-size=900,1300", f"--screenshot={png}", html.as_uri())
    keep(png)
    width, height, rows = png_pixels(png)
    assert (width, height) == (900, 1300)
    # Not blank: the page has text, the blue and red team bands and the paper background.
    distinct = {bytes(r[i:i + 3]) for r in rows[::7] for i in range(0, len(r) - 3, 21)}
    assert len(distinct) > 50
    assert png.stat().st_size > 60_000


@pytest.mark.parametrize("name", builtin_names())
def test_every_builtin_prints_on_three_a4_pages(tmp_path, name):
    """Character sheet, first night, other nights: one A4 page each, nothing spilling over."""
    html = tmp_path / f"{name}.html"
    html.write_text(render_html(load_script(name)), encoding="utf-8")
    pdf = tmp_path / f"{name}.pdf"
    run_chromium(tmp_path, f"--print-to-pdf={pdf}", html.as_uri())
    keep(pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
    assert pages == 3, f"{name}: {pages} pages"
    # A4 media boxes (595 x 842 points), one per page
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert len(boxes) == 3
    for w, h in boxes:
        assert abs(float(w) - 595.3) < 1 and abs(float(h) - 841.9) < 1
