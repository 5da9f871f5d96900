"""Views are filters of the event log.

The Storyteller sees every event; a player sees public events and the events addressed to
them; a spectator sees public events only. No client, file or prompt should ever be given
more than its view.

An answerer is called as `answerer(decision, view)` with the view of the one who decides:

* `PlayerView`: a player's own name and seat, the character and alignment they were told
  they have (the Drunk sees their Townsfolk), the public table (who is alive, ghost votes,
  today's nominations, nominees and claims) and the events visible to them. It holds no
  reference a bot could follow to the grimoire.
* `StorytellerView`: everything, and the game itself (`view.game`): for the automatic and
  terminal Storytellers, a scenario's answers, a replay's recorded answers. A player's
  answerer that must see everything says so with `sees_everything = True` (an attribute of
  the callable or its class).

Views are cheap: `Game.view(who)` keeps one per viewer, the table is read from the game
when asked, and the filtered log is extended from where it stopped only when `events` is
read (a bot that never reads it costs nothing).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, TypeVar

from .. import data as D

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Player

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


A = TypeVar("A")


def sees_all(answerer: A) -> A:
    """Mark an answerer (a function, or a method in its class body) as one given the
    Storyteller's view for players' decisions too (a scenario's answers)."""
    setattr(answerer, "sees_everything", True)
    return answerer


def sees_everything(answerer: Any) -> bool:
    """Whether `answerer` is given the Storyteller's view for a player's decisions."""
    return getattr(answerer, "sees_everything", False) is True


class _Table:
    """The public table, read from the game when asked (nothing is copied until then)."""

    __slots__ = ("_game",)
    name: str

    def __init__(self, game: "Game"):
        self._game = game

    # -- phase -------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._game.phase

    @property
    def day(self) -> int:
        return self._game.day

    @property
    def night(self) -> int:
        return self._game.night

    # -- the table ---------------------------------------------------------------------
    @property
    def script(self) -> tuple[str, ...]:
        """The script's character ids: public, as the script sheet on the table is."""
        return tuple(self._game.script.characters)

    @property
    def players(self) -> list[str]:
        """Every player's name, in seat order."""
        return [p.name for p in self._game.players]

    def alive(self, name: str) -> bool:
        """Whether `name` is alive as the table knows it (a player who registers as dead
        but secretly lives is shown dead)."""
        return self._game.by_name[name].alive

    @property
    def living(self) -> list[str]:
        return [p.name for p in self._game.players if p.alive]

    def ghost_vote(self, name: str) -> bool:
        """Whether a dead `name` still has their vote token (the living always vote)."""
        return self._game.by_name[name].ghost_vote

    def traveller(self, name: str) -> bool:
        """Travellers are public: their characters are announced when they join."""
        return self._game.by_name[name].traveller

    @property
    def nominations(self) -> list[dict]:
        """Today's nomination tallies so far (the public `nomination` events)."""
        return list(self._game.nominations_today)

    @property
    def hands_up(self) -> list[str]:
        """The hands raised so far on the vote under way, in voting order (public: hands
        go up one by one round the circle; `Game.hands_up`). Only meaningful during a
        vote."""
        return [p.name for p in self._game.hands_up]

    @property
    def nominees(self) -> frozenset[str]:
        return frozenset(self._game.nominees)

    @property
    def nominators(self) -> frozenset[str]:
        return frozenset(self._game.nominators)

    @property
    def claims(self) -> dict[str, str]:
        """Today's public character claims: player -> character."""
        return dict(self._game.claims_today)

    @property
    def winner(self) -> str | None:
        return self._game.winner

    def table(self) -> dict:
        """The public table as JSON: what a client shows every seat."""
        g = self._game
        return {"phase": g.phase, "day": g.day, "night": g.night,
                "players": [{"name": p.name, "seat": p.seat, "alive": p.alive,
                             "ghost_vote": p.ghost_vote, "traveller": p.traveller}
                            for p in g.players],
                "nominations": [dict(e) for e in g.nominations_today],
                "nominees": sorted(g.nominees), "nominators": sorted(g.nominators),
                "claims": dict(g.claims_today), "winner": g.winner}


class PlayerView(_Table):
    """What one player knows: who they are as they were told, the table, their events.

    `player` None is a spectator: public events only, no character.
    """

    __slots__ = ("name", "seat", "_events", "_seen", "_character", "_alignment", "_player")
    is_storyteller = False

    def __init__(self, game: "Game", player: "Player | None"):
        super().__init__(game)
        self._player = player
        self.name = player.name if player is not None else SPECTATOR
        self.seat = player.seat if player is not None else None
        self._events: list[dict] = []
        self._seen = 0          # game.log[:_seen] has been filtered into _events
        self._character: str | None = None
        self._alignment: str | None = None

    def _sync(self) -> list[dict]:
        log = self._game.log
        n = len(log)
        if self._seen < n:
            name = self.name
            spectator = self._player is None
            out = self._events
            for i in range(self._seen, n):
                ev = log[i]
                to = ev["visible_to"]
                if to == "all":
                    out.append(ev)
                elif not spectator and to.__class__ is list and name in to:
                    out.append(ev)
                    # Being told who you are: at setup, or "you are" after a change.
                    if ev["type"] == "learn" and ev.get("player") == name and "character" in ev \
                            and (ev.get("ability") == "setup" or ev.get("reason") == "you are"):
                        self._character = ev["character"]
                        if "alignment" in ev:
                            self._alignment = ev["alignment"]
            self._seen = n
        return self._events

    @property
    def events(self) -> list[dict]:
        """The events of the log visible to this player, in order (shared: do not modify)."""
        return self._sync()

    @property
    def character(self) -> str | None:
        """The character this player believes they are: what they were last told (the
        Drunk's Townsfolk). Before being told (during setup): the one they will be shown."""
        self._sync()
        if self._character is None and self._player is not None:
            return self._player.thinks or self._player.character
        return self._character

    @property
    def alignment(self) -> str | None:
        """This player's alignment as they were last told it."""
        self._sync()
        if self._alignment is None and self._player is not None:
            p = self._player
            if p.thinks:
                return D.get(p.thinks).default_alignment
            return p.alignment
        return self._alignment

    def pretend_uses(self) -> list[dict]:
        """The day uses this player may pretend to make now (`Game.pretend_uses`: of the
        character they last claimed, when they do not hold it): legal day actions that a
        day action's options do not list."""
        if self._player is None:
            return []
        return self._game.pretend_uses(self._player)

    def to_json(self) -> dict:
        """The whole view as JSON: what a client for this seat would be sent."""
        return {"viewer": self.name, "seat": self.seat, "character": self.character,
                "alignment": self.alignment, "table": self.table(),
                "events": list(self._sync())}


class StorytellerView(_Table):
    """The Storyteller's view: every event, and the game itself."""

    __slots__ = ()
    is_storyteller = True
    name = STORYTELLER

    @property
    def game(self) -> "Game":
        return self._game

    @property
    def events(self) -> list[dict]:
        return self._game.log

    def grimoire(self) -> list[dict]:
        return self._game.snapshot()

    def to_json(self) -> dict:
        return {"viewer": STORYTELLER, "table": self.table(), "grimoire": self.grimoire(),
                "events": list(self._game.log)}
