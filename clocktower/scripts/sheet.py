"""A printable character sheet and night sheet for a script, as one self-contained HTML file.

Page 1 is the character sheet players see: every character by team with its ability line,
setup changes in bold, and the script's jinxes. Pages 2 and 3 are the Storyteller's night
sheets, first night and other nights, in order, with what to do at each step. Each page fits
one A4 sheet; the file uses only CSS (no scripts, images or fonts from elsewhere), so it
prints the same anywhere.
"""
from __future__ import annotations

import html
import re
from typing import Any

from .nightsheet import SPECIAL_TEAM, night_steps

TEAM_TITLES = {
    "townsfolk": "Townsfolk", "outsider": "Outsiders", "minion": "Minions", "demon": "Demons",
    "traveller": "Travellers", "fabled": "Fabled", "loric": "Loric",
}
TEAM_ORDER = tuple(TEAM_TITLES)

CSS = """
@page { size: A4; margin: 11mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #1d1a16; background: #fff;
       font: 10pt/1.32 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
.page { width: 186mm; margin: 0 auto; padding: 0; }
.page + .page { break-before: page; page-break-before: always; }
header { display: flex; align-items: baseline; justify-content: space-between;
         border-bottom: 2.5pt double #3b2f23; padding-bottom: 2mm; margin-bottom: 3mm; }
h1 { font: bold 20pt/1.1 "DejaVu Serif", Georgia, serif; margin: 0; letter-spacing: .02em; }
header .by { font: italic 11pt "DejaVu Serif", Georgia, serif; color: #5a4c3d; }
header .what { font-size: 8.5pt; color: #6d6154; text-transform: uppercase; letter-spacing: .12em; }
section.team { margin: 0 0 1.8mm; break-inside: avoid; }
h2 { font: bold 10.5pt "DejaVu Serif", Georgia, serif; text-transform: uppercase;
     letter-spacing: .16em; margin: 0 0 1mm; padding: .5mm 2.5mm; color: #fff; border-radius: 1.2mm; }
.good h2 { background: #1f4e79; }
.evil h2 { background: #8b1a1a; }
.traveller h2 { background: linear-gradient(90deg, #1f4e79 50%, #8b1a1a 50%); }
.other h2 { background: #6b5a2e; }
.chars { display: grid; grid-template-columns: 1fr 1fr; column-gap: 5mm; row-gap: .9mm; }
.char { display: flex; gap: 2.2mm; align-items: flex-start; break-inside: avoid; }
.token { flex: 0 0 8.5mm; height: 8.5mm; border-radius: 50%; display: flex; align-items: center;
         justify-content: center; font: bold 8.5pt "DejaVu Serif", Georgia, serif; color: #fff;
         border: .6mm solid #e8dcc4; box-shadow: 0 0 0 .25mm #3b2f23; }
.good .token { background: #2c6aa0; }
.evil .token { background: #a32626; }
.traveller .token { background: linear-gradient(90deg, #2c6aa0 50%, #a32626 50%); }
.other .token { background: #8a7442; }
.name { font-weight: bold; font-size: 9.5pt; line-height: 1.2; }
.name .hb { font-weight: normal; font-size: 7.5pt; color: #8a7442; text-transform: uppercase;
            letter-spacing: .08em; margin-left: 1mm; }
.ability { font-size: 8.2pt; line-height: 1.25; color: #2b2620; }
.ability b { color: #6b3d0c; }
.notes { margin-top: 2.5mm; border-top: 1pt solid #b9a98f; padding-top: 1.5mm; font-size: 8.3pt;
         break-inside: avoid; }
.notes h3 { font: bold 9pt "DejaVu Serif", Georgia, serif; margin: 0 0 .8mm;
            text-transform: uppercase; letter-spacing: .12em; color: #3b2f23; }
.notes ul { margin: 0; padding-left: 4.5mm; }
.notes li { margin: .3mm 0; }
footer { margin-top: 3mm; font-size: 7.5pt; color: #7d7063; text-align: center; }
.night h2 { background: #2a2238; }
.step { display: grid; grid-template-columns: 3.6mm 32mm 1fr; column-gap: 2.5mm; padding: 1.1mm 1mm;
        border-bottom: .4pt solid #d8ccb6; break-inside: avoid; font-size: 8.8pt; }
.dot { width: 3.6mm; height: 3.6mm; border-radius: 50%; margin-top: .4mm; background: #888; }
.dot.townsfolk, .dot.outsider { background: #2c6aa0; }
.dot.minion, .dot.demon { background: #a32626; }
.dot.traveller { background: linear-gradient(90deg, #2c6aa0 50%, #a32626 50%); }
.dot.special { background: #2a2238; border-radius: .6mm; }
.step .who { font-weight: bold; }
.step.special { background: #f1ebe0; }
.step.special .who { font-variant: small-caps; letter-spacing: .04em; }
@media screen { body { background: #e9e4da; padding: 1px 0; } .page { background: #fff;
  margin: 8mm auto; padding: 11mm 12mm; width: 210mm; min-height: 297mm;
  box-shadow: 0 1mm 4mm rgba(0,0,0,.25); } }
"""


def _e(s: Any) -> str:
    return html.escape(str(s), quote=True)


def _initials(name: str) -> str:
    words = [w for w in re.split(r"[\s\-]+", name) if w and w[0].isalnum()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].title()
    return (words[0][0] + words[1][0]).upper()


def _ability_html(text: str) -> str:
    """Escape an ability line and set its [setup change] in bold."""
    return re.sub(r"\[[^\]]*\]", lambda m: f"<b>{m.group(0)}</b>", _e(text))


def _side(team: str) -> str:
    if team in ("townsfolk", "outsider"):
        return "good"
    if team in ("minion", "demon"):
        return "evil"
    return "traveller" if team == "traveller" else "other"


def character_sheet_html(script) -> str:
    parts = []
    for team in TEAM_ORDER:
        ids = [c for c in script.characters if script.team_of(c) == team]
        if not ids:
            continue
        cells = []
        for cid in ids:
            hb = '<span class="hb">homebrew</span>' if cid in script.homebrew else ""
            name = script.name_of(cid)
            cells.append(
                f'<div class="char" id="char-{_e(cid)}"><div class="token">{_e(_initials(name))}'
                f'</div><div><div class="name">{_e(name)}{hb}</div>'
                f'<div class="ability">{_ability_html(script.ability_of(cid))}</div></div></div>')
        parts.append(f'<section class="team {_side(team)}" data-team="{team}"><h2>'
                     f'{TEAM_TITLES[team]}</h2><div class="chars">{"".join(cells)}</div></section>')
    notes = []
    jinxes = script.jinx_pairs()
    if jinxes:
        items = "".join(f"<li><b>{_e(script.name_of(a))} &amp; {_e(script.name_of(b))}:</b> "
                        f"{_e(rule)}</li>" for a, b, rule in jinxes)
        notes.append(f'<div class="notes jinxes"><h3>Jinxes</h3><ul>{items}</ul></div>')
    bootlegger = script.meta.get("bootlegger")
    if isinstance(bootlegger, list) and bootlegger:
        items = "".join(f"<li>{_e(rule)}</li>" for rule in bootlegger)
        notes.append(f'<div class="notes bootlegger"><h3>Bootlegger rules</h3><ul>{items}</ul></div>')
    return "".join(parts) + "".join(notes)


def _steps_html(script, night: str) -> str:
    rows = []
    for s in night_steps(script, night):
        cls = "step special" if s.team == SPECIAL_TEAM else "step"
        rows.append(f'<div class="{cls}" data-id="{_e(s.id)}"><span class="dot {_e(s.team)}">'
                    f'</span><span class="who">{_e(s.name)}</span><span class="what">'
                    f'{_e(s.text)}</span></div>')
    return "".join(rows)


def render_html(script) -> str:
    """The whole printable document for a loaded Script."""
    title = _e(script.name)
    by = f'<span class="by">by {_e(script.author)}</span>' if script.author else ""
    count = len(script.characters)
    page1 = (f'<div class="page sheet"><header><h1>{title}</h1>{by}</header>'
             f'{character_sheet_html(script)}'
             f'<footer>{count} characters · “*” means “not the first night”</footer></div>')
    page2 = "".join(
        f'<div class="page nightsheet {night}"><header><h1>{title}</h1>'
        f'<span class="what">Storyteller’s night sheet</span></header><div class="night {night}">'
        f'<h2>{label}</h2>{_steps_html(script, night)}</div></div>'
        for night, label in (("first", "First night"), ("other", "Other nights")))
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{title} — character sheet</title><style>{CSS}</style></head>'
            f'<body>{page1}{page2}</body></html>\n')
