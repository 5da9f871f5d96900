"""SQLite persistence for web games (the standard library's sqlite3, WAL journal).

Every input and the events it produced are written in one transaction, committed before any
client is told. A game is reloaded by re-running its inputs; the stored events are checked
against the re-run's log. See docs/web.md "Persistence and reliability".
"""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import threading
import time
from pathlib import Path
from typing import Any

from ..errors import ClocktowerError

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    title TEXT NOT NULL,
    config TEXT NOT NULL,           -- script document, seed, grimoire, bluffs, not_dealt
    storyteller_token TEXT NOT NULL UNIQUE,
    spectator_token TEXT NOT NULL UNIQUE,
    epoch INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    traveller INTEGER NOT NULL,
    bot INTEGER NOT NULL,
    online INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS inputs (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    record TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""


def _dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


# How each commit reaches the disk (`serve --sync`): "normal" (the default) lets SQLite's
# WAL journal skip the fsync of each commit, so a committed input survives the server's
# crash or `kill -9` (it is in the WAL file, written to the operating system) but the last
# inputs may be rolled back by a power cut or an operating system crash (the file stays
# consistent); "full" syncs every commit to the disk (2-11 ms an input on a busy machine,
# docs/web.md, "Persistence and reliability").
SYNC_MODES = ("normal", "full")


class Store:
    def __init__(self, path: str | Path, sync: str = "normal"):
        if sync not in SYNC_MODES:
            raise ClocktowerError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
        self.path = str(path)
        self.lock = threading.Lock()
        try:
            _private(self.path)
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={sync.upper()}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            rows = self.db.execute("SELECT version FROM schema_version").fetchall()
        except sqlite3.DatabaseError as e:
            raise ClocktowerError(f"{self.path}: not a usable game database ({e})") from None
        except OSError as e:
            raise ClocktowerError(f"{self.path}: {e.strerror or e}") from None
        if not rows:
            self.db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
        elif rows[0][0] > SCHEMA_VERSION:
            raise ClocktowerError(f"{self.path}: made by a newer version (schema {rows[0][0]}, "
                                  f"this one knows {SCHEMA_VERSION})")

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ writing
    def _tx(self):
        return _Tx(self)

    def create_game(self, gid: str, title: str, config: dict, st_token: str, sp_token: str,
                    seats: list[dict], events: list[dict], inputs: list[dict]) -> None:
        with self._tx() as db:
            db.execute("INSERT INTO games (id, created, title, config, storyteller_token, "
                       "spectator_token) VALUES (?, ?, ?, ?, ?, ?)",
                       (gid, time.time(), title, _dump(config), st_token, sp_token))
            for s in seats:
                db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (gid, s["seat"], s["name"], s["token"], int(s["traveller"]),
                            int(s["bot"]), int(s["online"])))
            for n, rec in enumerate(inputs):
                db.execute("INSERT INTO inputs VALUES (?, ?, ?, ?)",
                           (gid, n, _dump(rec), time.time()))
            self._write_events(db, gid, 0, events)

    @staticmethod
    def _write_events(db, gid: str, start: int, events: list[dict]) -> None:
        db.executemany("INSERT INTO events VALUES (?, ?, ?)",
                       [(gid, start + k, _dump(ev)) for k, ev in enumerate(events)])

    def append(self, gid: str, n: int, record: dict, keep: int, events: list[dict],
               new_epoch: bool = False, seat: dict | None = None) -> int | None:
        """Input number `n`, and the log from event `keep` on (the events before are
        unchanged). `new_epoch`: earlier events were rewritten; returns the new epoch.
        `seat`: the seat row the input adds (a Traveller who joins), in the same write."""
        with self._tx() as db:
            db.execute("INSERT INTO inputs VALUES (?, ?, ?, ?)",
                       (gid, n, _dump(record), time.time()))
            if seat is not None:
                db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (gid, seat["seat"], seat["name"], seat["token"],
                            int(seat["traveller"]), int(seat["bot"]), int(seat["online"])))
            db.execute("DELETE FROM events WHERE game_id = ? AND n >= ?", (gid, keep))
            self._write_events(db, gid, keep, events[keep:])
            if new_epoch:
                db.execute("UPDATE games SET epoch = epoch + 1 WHERE id = ?", (gid,))
                return db.execute("SELECT epoch FROM games WHERE id = ?", (gid,)).fetchone()[0]
        return None

    def undo(self, gid: str, n: int, keep_events: int, seat: str | None = None) -> int:
        """Drop input `n` (the last) and the events beyond `keep_events`; a new epoch.
        `seat`: the name of the seat that input added (a Traveller who joined), dropped too."""
        with self._tx() as db:
            db.execute("DELETE FROM inputs WHERE game_id = ? AND n = ?", (gid, n))
            if seat is not None:
                db.execute("DELETE FROM seats WHERE game_id = ? AND name = ?", (gid, seat))
            db.execute("DELETE FROM events WHERE game_id = ? AND n >= ?", (gid, keep_events))
            db.execute("UPDATE games SET epoch = epoch + 1 WHERE id = ?", (gid,))
            return db.execute("SELECT epoch FROM games WHERE id = ?", (gid,)).fetchone()[0]

    def set_config(self, gid: str, key: str, value: Any) -> None:
        """One entry of the game's configuration (the table's tools: `tools`)."""
        with self._tx() as db:
            row = db.execute("SELECT config FROM games WHERE id = ?", (gid,)).fetchone()
            config = json.loads(row[0])
            config[key] = value
            db.execute("UPDATE games SET config = ? WHERE id = ?", (_dump(config), gid))

    def set_online(self, gid: str, name: str, online: bool) -> None:
        with self._tx() as db:
            db.execute("UPDATE seats SET online = ? WHERE game_id = ? AND name = ?",
                       (int(online), gid, name))

    # ------------------------------------------------------------------ reading
    def game_ids(self) -> list[str]:
        with self.lock:
            return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY created")]

    def load(self, gid: str) -> dict | None:
        with self.lock:
            row = self.db.execute("SELECT title, config, storyteller_token, spectator_token, "
                                  "epoch FROM games WHERE id = ?", (gid,)).fetchone()
            if row is None:
                return None
            seats = [{"seat": r[0], "name": r[1], "token": r[2], "traveller": bool(r[3]),
                      "bot": bool(r[4]), "online": bool(r[5])}
                     for r in self.db.execute("SELECT seat, name, token, traveller, bot, online "
                                              "FROM seats WHERE game_id = ? ORDER BY seat",
                                              (gid,))]
            inputs = [json.loads(r[0]) for r in self.db.execute(
                "SELECT record FROM inputs WHERE game_id = ? ORDER BY n", (gid,))]
            events = [json.loads(r[0]) for r in self.db.execute(
                "SELECT event FROM events WHERE game_id = ? ORDER BY n", (gid,))]
        return {"id": gid, "title": row[0], "config": json.loads(row[1]),
                "storyteller_token": row[2], "spectator_token": row[3], "epoch": row[4],
                "seats": seats, "inputs": inputs, "events": events}

    def find_token(self, token: str) -> tuple[str, str, str | None] | None:
        """(game id, role, seat name) of a token, or None."""
        with self.lock:
            r = self.db.execute("SELECT id FROM games WHERE storyteller_token = ?",
                                (token,)).fetchone()
            if r:
                return r[0], "storyteller", None
            r = self.db.execute("SELECT id FROM games WHERE spectator_token = ?",
                                (token,)).fetchone()
            if r:
                return r[0], "spectator", None
            r = self.db.execute("SELECT game_id, name FROM seats WHERE token = ?",
                                (token,)).fetchone()
            if r:
                return r[0], "player", r[1]
        return None


def _private(path: str) -> None:
    """The database and its -wal and -shm files hold every token: readable by their owner
    only (0600). A new database file is created so before SQLite opens it (SQLite creates
    the -wal and -shm files with the database file's permissions); an existing one, and
    its -wal and -shm files, are made so (a file made by an older version was 0644)."""
    if path == ":memory:" or path.startswith("file:"):
        return
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        pass
    else:
        os.close(fd)
    for p in (path, path + "-wal", path + "-shm"):
        try:
            st = os.stat(p)
        except FileNotFoundError:
            continue
        if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077:
            try:
                os.chmod(p, stat.S_IMODE(st.st_mode) & 0o700)
            except PermissionError:         # not ours: left as it is (SQLite may still
                pass                        # read it; the owner chose its permissions)


class _Tx:
    def __init__(self, store: Store):
        self.store = store

    def __enter__(self):
        self.store.lock.acquire()
        self.store.db.execute("BEGIN IMMEDIATE")
        return self.store.db

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                self.store.db.execute("COMMIT")
            else:
                self.store.db.execute("ROLLBACK")
        finally:
            self.store.lock.release()
        return False
