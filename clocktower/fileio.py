"""Writing output files the normal way, with one-line errors.

`check_output_path(path)` says before any work is done whether `path` can be written (a
missing folder, a folder given as the file, no permission); `write_text(path, text)`
writes it:

- a regular file, or a name that does not exist yet, is replaced atomically: a temporary
  file in the same folder, then a rename. A new file gets the mode the umask gives (0644
  with umask 022); an existing file keeps its mode;
- a symlink is written through: its target is written, the link stays;
- anything else that is not a folder (a device such as /dev/null or /dev/stdout, a FIFO) is
  opened and written directly, never replaced.

Every failure (no room on the device, no permission, a missing folder) is a
ClocktowerError reading `<path>: <reason>`, which the command line prints as one line and
exit code 2.
"""
from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from .errors import ClocktowerError


def _reason(e: OSError) -> str:
    return e.strerror or str(e)


def _target(path: Path) -> tuple[Path, os.stat_result | None]:
    """What writing `path` writes, and its status (None: it does not exist yet).

    A regular file or a new name behind symlinks is their final target (replaced or created
    there); anything else is `path` itself, opened through its symlinks (`/dev/stdout`,
    whose target may be a pipe with no name to resolve)."""
    try:
        st: os.stat_result | None = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        st = None
    except OSError as e:
        raise ClocktowerError(f"{path}: cannot write: {_reason(e)}") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        return path, st
    if path.is_symlink():
        return Path(os.path.realpath(path)), st
    return path, st


def check_output_path(path: str | Path) -> None:
    """A ClocktowerError naming `path` and the reason if a file cannot be written there."""
    path = Path(path)
    target, st = _target(path)
    folder = target.parent
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise ClocktowerError(f"{path}: is a folder; give a file name")
        if not os.access(target, os.W_OK):
            raise ClocktowerError(f"{path}: cannot write: permission denied")
        if not stat.S_ISREG(st.st_mode):
            return                      # a device or a FIFO: written directly
    if not folder.is_dir():
        what = "does not exist" if not folder.exists() else "is not a folder"
        raise ClocktowerError(f"{path}: the folder {str(folder)!r} {what}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ClocktowerError(f"{path}: cannot write: permission denied in the folder "
                              f"{str(folder)!r}")


def write_text(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` as the module docstring says."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | Path, data: bytes) -> None:
    path = Path(path)
    check_output_path(path)
    target, st = _target(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_direct(path, target, data)
    else:
        _write_atomic(path, target, data, st)


def _write_direct(path: Path, target: Path, data: bytes) -> None:
    try:
        fd = os.open(target, os.O_WRONLY)
    except OSError as e:
        raise ClocktowerError(f"{path}: cannot write: {_reason(e)}") from None
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
    except OSError as e:
        raise ClocktowerError(f"{path}: cannot write: {_reason(e)}") from None
    finally:
        os.close(fd)


def _write_atomic(path: Path, target: Path, data: bytes, old: os.stat_result | None) -> None:
    folder = target.parent
    while True:
        tmp = folder / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            # Mode 0o666 through the umask, as a plain open() would create the file.
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:
            continue
        except OSError as e:
            raise ClocktowerError(f"{path}: cannot write: {_reason(e)}") from None
    try:
        try:
            if old is not None:
                os.fchmod(fd, stat.S_IMODE(old.st_mode))
                if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                    try:
                        os.fchown(fd, old.st_uid, old.st_gid)
                    except PermissionError:
                        pass
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise ClocktowerError(f"{path}: cannot write: {_reason(e)}") from None
