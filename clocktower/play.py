"""Making games: the front door used by the CLI, the simulator and the tests."""
from __future__ import annotations

from .agents.random_bot import random_bots
from .characters import REGISTRY
from .engine.game import Game
from .engine.runner import play
from .engine.setup import setup_random
from .errors import SetupError
from .scripts import load_script
from .storyteller import AutoStoryteller

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe", "Kim", "Lou",
         "Max", "Ned", "Oz", "Pam", "Quin", "Roy", "Sue", "Tom"]


def new_game(script, players: int | list[str] = 10, seed: int = 0, storyteller=None,
             agents: dict | None = None, on_event=None, travellers: int = 0) -> Game:
    """A set-up game on `script` with bots for every player and the automatic Storyteller.

    `players` counts the players dealt from the setup table (5 to 15); `travellers` more
    join as Travellers (0 to 5; with names, the last `travellers` names are Travellers).
    """
    script = load_script(script)
    if isinstance(players, int):
        if not 5 <= players <= 15:
            raise SetupError(f"player count {players} is not supported: the setup table covers 5 to 15 players")
        if not 0 <= travellers <= 5:
            raise SetupError(f"{travellers} Travellers is not supported: 0 to 5 may join")
        names = NAMES[:players + travellers]
    else:
        names = list(players)
    answerers = {"storyteller": storyteller or AutoStoryteller(seed)}
    given = agents or {}
    bots = random_bots(seed, [n for n in names if not given.get(n)])
    for n in names:
        answerers[n] = given.get(n) or bots[n]
    game = Game(script, REGISTRY, seed=seed, answerers=answerers)
    game.on_event = on_event
    setup_random(game, names, travellers)
    return game


def play_game(script, players: int | list[str] = 10, seed: int = 0, **kw) -> Game:
    return play(new_game(script, players, seed, **kw))
