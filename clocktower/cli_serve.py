"""`clocktower serve`: the web grimoire (docs/web.md)."""
from __future__ import annotations

import errno
import socket
from pathlib import Path

import typer

from .cli import app
from .errors import ClocktowerError
from .fileio import check_output_path


@app.command()
def serve(db: Path = typer.Option(Path("clocktower.sqlite"), help="the SQLite file of games"),
          host: str = typer.Option("127.0.0.1", help="address to listen on"),
          port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
          allow_origin: list[str] = typer.Option(
              [], "--allow-origin", help="another origin (scheme://host[:port]) whose pages "
              "may open the game socket, e.g. a reverse proxy's public address; repeatable")
          ) -> None:
    """Run the web grimoire: a Storyteller's assistant for live games, players on their
    own devices (http://HOST:PORT)."""
    import uvicorn
    from .web.app import create_app

    if db.exists() and not db.is_file():
        raise ClocktowerError(f"--db {db}: not a regular file")
    try:
        check_output_path(db)           # a missing folder, no permission: one line, exit 2
    except ClocktowerError as e:
        raise ClocktowerError(f"--db {e}") from None
    for o in allow_origin:
        scheme, sep, rest = o.partition("://")
        if not sep or scheme not in ("http", "https") or not rest or "/" in rest.rstrip("/"):
            raise ClocktowerError(f"--allow-origin {o!r}: give scheme://host[:port] "
                                  f"(http or https, no path)")
    sock = bind(host, port)             # a busy port, an unknown host: one line, exit 2
    try:
        web = create_app(db, allowed_origins=tuple(allow_origin))
    except BaseException:
        sock.close()
        raise
    n = len(web.state.service.store.game_ids())
    typer.echo(f"clocktower web grimoire on http://{host}:{port} "
               f"({n} game{'s' if n != 1 else ''} in {db})", err=True)
    config = uvicorn.Config(web, log_level="warning", ws="websockets-sansio",
                            ws_max_size=1 << 20)
    uvicorn.Server(config).run(sockets=[sock])


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, bound here rather than by uvicorn so that an
    address that cannot be used is a one-line error (uvicorn logs it and exits 3)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise ClocktowerError(f"--host {host}: not an address of this machine "
                              f"({e.strerror})") from None
    family, kind, proto, _, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
    except OSError as e:
        sock.close()
        why = {errno.EADDRINUSE: "the port is in use (another server?): choose another "
                                 "with --port",
               errno.EADDRNOTAVAIL: "not an address of this machine",
               errno.EACCES: "permission denied (ports below 1024 need root)"}
        raise ClocktowerError(f"cannot listen on {host}:{port}: "
                              f"{why.get(e.errno or 0, e.strerror or str(e))}") from None
    sock.set_inheritable(True)
    return sock
