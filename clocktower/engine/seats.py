"""Seats during play: a Traveller joins or leaves, a player leaves the table.

Rulings of the Storyteller (`engine/rulings.py` checks them, logs them as inputs and calls
these), so a game with them replays from its log like any other:

    {"action": "join", "player": "Hal", "character": "beggar", "seat": 3, "alignment": "evil"}
    {"action": "leave", "player": "Hal"}

**A Traveller joins** (the rules: a Traveller may join at any time; the Storyteller chooses
their character, from the script's Travellers or any other, and their alignment): the new
player sits at index `seat` of the circle (before whoever sat there; default: last, i.e.
clockwise after the last seat); the other seats are numbered again. Public: the
`traveller_joined` event with the new seating (as the `seating` event lists it). The
alignment is written in the ruling, or else asked of the Storyteller as at setup (a
`traveller` decision, then `traveller_alignment`); the Traveller learns their character and
alignment (a `learn`, ability `setup`), and an evil Traveller who the Demon is (as at
setup). Their ability acts from the coming night, at its place in the other nights' order
(a Traveller who joins at dusk acts that night); an ability that "starts knowing" acts as if
on its first night (`Game.mark_fresh`, as for any character created mid-game).

**A Traveller leaves** ("simply removed", the rules say): not a death. They are taken out
of the circle (`Game.players`; they stay in `Game.by_name`, so the log's names still
resolve, and are kept in `Game.gone`); their neighbours close up; the vote threshold, the
exile threshold, the voting order and the win check count only the players still seated.
Their abilities are no longer held (`active` False: effects that need their source end).
If they were about to die, nobody is (the day's tally to beat stays). Public:
`traveller_left` with the new seating.

**A player who is not a Traveller leaves the table**: their seat stays (the circle is as
it was) and they are treated as dead: if alive they die now (cause `left`, as a death by
the Storyteller's hand: what a death sets off runs, and the win check), and they have no
ghost vote (they are not there to raise a hand). Public: `left_table`. Our ruling: the
rules say nothing of a non-Traveller leaving; the Storyteller's usual practice is to treat
the player as dead, which keeps the setup's counts and every character's information about
the seating true.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import data as D
from ..errors import IllegalAction, UnknownCharacter

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Player

RESERVED = ("storyteller", "spectator", "all")
MAX_SEATED = 20     # 15 players and 5 Travellers (engine/setup.py: MAX_TRAVELLERS)


def check_join(game: "Game", r: dict) -> dict:
    """The join ruling `r` in its canonical form, or an IllegalAction saying what is wrong."""
    name = r.get("player")
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction("a join ruling names the new player (player: a name)")
    if name in game.by_name or name.lower() in RESERVED:
        raise IllegalAction(f"the name {name!r} is taken: a new player needs a new name")
    try:
        cid = D.get(r.get("character", "")).id
    except UnknownCharacter as e:
        raise IllegalAction(str(e)) from None
    if D.get(cid).team != "traveller":
        raise IllegalAction(f"{cid!r} is not a Traveller: only Travellers join during play")
    if cid not in game.registry:
        raise IllegalAction(f"character {cid!r} is not implemented yet")
    holder = next((p.name for p in game.players if p.character == cid), None)
    if holder is not None:
        raise IllegalAction(f"{holder} is already the {D.get(cid).name}")
    if len(game.players) >= MAX_SEATED:
        raise IllegalAction(f"{len(game.players)} players are seated: {MAX_SEATED} at most")
    seat = r.get("seat", len(game.players))
    if not isinstance(seat, int) or isinstance(seat, bool) \
            or not 0 <= seat <= len(game.players):
        raise IllegalAction(f"seat must be a whole number from 0 to {len(game.players)} "
                            f"(the new player's place in the circle), not {seat!r}")
    out = {"action": "join", "player": name, "character": cid, "seat": seat}
    if "alignment" in r:
        if r["alignment"] not in ("good", "evil"):
            raise IllegalAction(f"alignment must be good or evil, not {r['alignment']!r}")
        out["alignment"] = r["alignment"]
    return out


def check_leave(game: "Game", r: dict) -> dict:
    """The leave ruling `r` in its canonical form, or an IllegalAction."""
    name = r.get("player")
    if not isinstance(name, str) or name not in game.by_name:
        raise IllegalAction(f"a ruling names no player {name!r}")
    p = game.by_name[name]
    if p not in game.players:
        raise IllegalAction(f"{name} has already left")
    if not p.traveller and p.tokens.get("left_table"):
        raise IllegalAction(f"{name} has already left the table")
    return {"action": "leave", "player": name}


def _renumber(game: "Game") -> None:
    for i, q in enumerate(game.players):
        q.seat = i


def _seating(game: "Game") -> list[str]:
    return [p.name for p in game.players]


def join(game: "Game", r: dict) -> "Player":
    """Seat the Traveller the checked join ruling `r` names (module docstring)."""
    from .state import Player
    cid = r["character"]
    p = Player(r["player"], r["seat"], cid, D.get(cid).default_alignment, True)
    game.players.insert(r["seat"], p)
    game.by_name[p.name] = p
    game.has_travellers = True
    _renumber(game)
    ab = game.make_ability(cid, p)
    p.held.append(ab)
    if ab.starts_knowing():
        game.mark_fresh(ab)
    game._new_at_night(ab)
    game.abilities_changed()
    game.emit("traveller_joined", "all", player=p.name, character=cid, seat=p.seat,
              players=_seating(game))
    if "alignment" in r:
        side = r["alignment"]
    else:
        side = game.storyteller_choice("traveller", ["good", "evil"],
                                       f"{p.name} joins as the {D.get(cid).name}: alignment",
                                       player=p.name, character=cid)
    p.alignment = side
    game.emit("traveller_alignment", "storyteller", player=p.name, alignment=side)
    game.emit("learn", [p.name], player=p.name, ability="setup", character=cid,
              alignment=side)
    if side == "evil":
        demons = [q.name for q in game.players if D.get(q.character).team == "demon"]
        if demons:
            game.emit("learn", [p.name], player=p.name, ability="traveller", players=demons)
    return p


def leave(game: "Game", r: dict) -> None:
    """The checked leave ruling `r`: a Traveller is removed, another player leaves the
    table (module docstring)."""
    p = game.by_name[r["player"]]
    if not p.traveller:
        p.tokens["left_table"] = True
        p.ghost_vote = False
        game.emit("left_table", "all", player=p.name)
        if p.truly_alive:
            game.die(p, "left", None)
        return
    game.players.remove(p)
    game.gone.append(p)
    _renumber(game)
    for ab in p.held:
        ab.active = False
    if game.about_to_die is p:
        game.about_to_die = None
    game.abilities_changed()
    game.emit("traveller_left", "all", player=p.name, players=_seating(game))
    if game.phase != "setup":
        game.check_win()
