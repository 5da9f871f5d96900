"""Views are filters of the event log.

The Storyteller sees every event; a player sees public events and the events addressed to
them; a spectator sees public events only. No client, file or prompt should ever be given
more than its view.
"""
from __future__ import annotations

from typing import Iterable

STORYTELLER = "storyteller"
SPECTATOR = "spectator"


def visible(event: dict, viewer: str) -> bool:
    to = event.get("visible_to", STORYTELLER)
    if viewer == STORYTELLER:
        return True
    if to == "all":
        return True
    if viewer == SPECTATOR or to == STORYTELLER:
        return False
    return isinstance(to, list) and viewer in to


def view(events: Iterable[dict], viewer: str) -> list[dict]:
    """The events `viewer` (a player's name, "storyteller" or "spectator") may see."""
    return [e for e in events if visible(e, viewer)]
