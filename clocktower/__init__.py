"""clocktower: a Blood on the Clocktower rules engine, Storyteller assistant and simulator.

The names a library user needs are importable from here:

>>> from clocktower import play_game, replay, view
>>> game = play_game("trouble-brewing", players=7, seed=1)
>>> game.winner in ("good", "evil")
True
>>> replay(game.log).log == game.log          # same inputs, same game, event for event
True
>>> all(e["visible_to"] == "all" for e in view(game.log, "spectator"))
True

- games: `play_game` (a whole game: bots for every player and the automatic Storyteller
  unless `storyteller=` / `agents=` say otherwise), `new_game` (the same, set up but not
  played), `Game`, `Session` (answers from outside, one at a time), `view` (what one viewer
  sees of a log). (`clocktower.play` is the module of `new_game` and `play_game`.)
- scripts: `load_script` (a built-in name, a script file, or a list of ids), `Script`;
- logs: `read_log` (a JSON-lines log file), `replay` (a log, as a path or a list of
  events, replayed and checked identical);
- answerers: `AutoStoryteller`, `RandomBot`; the characters: `REGISTRY`;
- decision support: `advise` (good's chance from here and after each option of a pending
  Storyteller decision, by rollouts played by bots: docs/storyteller.md, "Decision support");
- errors: `ClocktowerError` (every error a user can cause) and its kinds.

Everything but the errors is imported on first use, so `import clocktower` stays cheap.
"""
from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import _compiled

# Before any engine module can be imported: the compiled build runs only when it matches its
# sources, else the whole package runs as pure Python (clocktower/_compiled.py).
_compiled.install()

from .errors import (ClocktowerError, IllegalAnswer, NotImplementedCharacters,
                     ReplayMismatch, ScriptError, SetupError, UnknownCharacter)

if TYPE_CHECKING:  # pragma: no cover
    from .agents import RandomBot
    from .characters import REGISTRY
    from .engine.game import Game
    from .engine.session import Session
    from .engine.views import view
    from .play import new_game, play_game
    from .engine.replay import read_log
    from .scripts import Script, load_script
    from .storyteller import AutoStoryteller
    from .storyteller.advise import advise

__version__ = "0.1.0"

_LAZY = {
    "Game": ".engine.game", "Session": ".engine.session",
    "view": ".engine.views", "new_game": ".play", "play_game": ".play",
    "read_log": ".engine.replay", "Script": ".scripts", "load_script": ".scripts",
    "AutoStoryteller": ".storyteller", "RandomBot": ".agents", "REGISTRY": ".characters",
    "advise": ".storyteller.advise",
}

__all__ = sorted([*_LAZY, "replay", "ClocktowerError", "IllegalAnswer",
                  "NotImplementedCharacters", "ReplayMismatch", "ScriptError",
                  "SetupError", "UnknownCharacter", "__version__"])


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


def replay(log: str | Path | list[dict], script: Any = None) -> "Game":
    """Replay a game from its log (a log file's path, or its events) and return the replayed
    Game; a ReplayMismatch says where the log and the replay differ. `script`: the script
    the game was played on, when it was a script file (see `clocktower replay --script`)."""
    from .characters import REGISTRY
    from .engine.replay import read_log, replay as _replay
    events = read_log(log) if isinstance(log, (str, Path)) else log
    return _replay(events, REGISTRY, script)
