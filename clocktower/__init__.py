"""clocktower: a Blood on the Clocktower rules engine, Storyteller assistant and simulator."""

__version__ = "0.1.0"

from ._compiled import check as _check_compiled

_check_compiled()       # a stale `make fast` build would run old code (see _compiled.py)
