"""Vizier & Alsaahir: "The Storyteller does not declare the Vizier is in play."

Jinx point `announce` of the Vizier: no reveal on day 1 (nor later): `_common.VizierNotDeclared`.
"""
from __future__ import annotations

from ._common import VizierNotDeclared


class VizierAlsaahir(VizierNotDeclared):
    pair = ("vizier", "alsaahir")
