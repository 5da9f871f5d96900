"""Exception classes. Every error a user can cause is a ClocktowerError with a one-line message."""
from __future__ import annotations

from pathlib import Path


class ClocktowerError(Exception):
    """Base class: a problem the user can fix, reported in one line (exit code 2)."""


class UnknownCharacter(ClocktowerError):
    pass


class ScriptError(ClocktowerError):
    """A script file or name that cannot be used."""


class SetupError(ClocktowerError):
    """A player count, seating or setup that the rules do not allow."""


class NotImplementedCharacters(ClocktowerError):
    """A game was asked for on a script with characters the engine cannot play yet."""

    def __init__(self, ids: list[str]):
        self.ids = ids
        super().__init__("characters not implemented yet: " + ", ".join(ids))


class IllegalAnswer(ClocktowerError):
    """An answer to a decision that is not one of its legal options."""

    def __init__(self, decision, answer, reason: str = ""):
        self.decision = decision
        self.answer = answer
        self.reason = reason
        msg = f"illegal answer {answer!r} to {decision.kind} for {decision.who}"
        if reason:
            msg += f": {reason}"
        super().__init__(msg)

    def __reduce__(self):          # picklable (sent back from a worker process)
        return (type(self), (self.decision, self.answer, self.reason))


class IllegalAction(ClocktowerError):
    """An action the rules do not allow now: a nomination, vote, exile, day-ability use or
    Storyteller's ruling that is refused (said in one line, before anything happens)."""


class ReplayMismatch(ClocktowerError):
    pass


def read_text_file(path: str | Path, error: type[ClocktowerError] = ClocktowerError) -> str:
    """The text of a UTF-8 file, or `error` naming the file and why it cannot be read (a
    missing file, a folder, no permission, binary or other non-UTF-8 bytes)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise error(f"{path}: not a UTF-8 text file") from None
    except OSError as e:
        raise error(f"{path}: cannot read: {e.strerror}") from None
