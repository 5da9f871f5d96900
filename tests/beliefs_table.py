"""A public table (`clocktower.agents.beliefs.Table`) read from written public events, for
the beliefs' tests: what the good bots would read after them."""
from clocktower.agents import beliefs as B
from clocktower.play import new_game


def public_table(script: str, claims: dict, infos=(), events=(), players: int = 7,
                 drunk: bool = True) -> B.Table:
    """Ann's table of a game of `script` at `players` after `events`, then each player's
    claim (`claims`: name -> character), then each claim of information `infos`: (who,
    night, info, chose) with `chose` the players chosen that night or None. `drunk=False`:
    no Drunk in the model."""
    t = B.Table(new_game(script, players, 0).view("Ann"))
    if not drunk:
        t.drunk_each = 0.0
    for ev in events:
        t.add({"visible_to": "all", **ev})
    for who, c in claims.items():
        t.add({"type": "claim", "visible_to": "all", "player": who, "character": c})
    for who, night, info, chose in infos:
        ev = {"type": "claim", "visible_to": "all", "player": who, "character": claims[who],
              "night": night, "info": info}
        if chose:
            ev["chose"] = chose
        t.add(ev)
    return t


def add_public(t: B.Table, **ev) -> None:
    """Add one public event to `t`, on day 1 unless `ev` says otherwise."""
    ev.setdefault("visible_to", "all")
    ev.setdefault("phase", "day")
    ev.setdefault("number", 1)
    t.add(ev)


def day_one_table(script: str, claims: dict) -> B.Table:
    """Ann's table of a 7-player game of `script` after each player's day-1 claim
    (`claims`: name -> character)."""
    t = B.Table(new_game(script, 7, 0).view("Ann"))
    for who, c in claims.items():
        add_public(t, type="claim", player=who, character=c)
    return t
