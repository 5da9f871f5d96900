"""`clocktower serve`: the web grimoire (docs/web.md)."""
from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import Optional

import typer

from .cli_app import app
from .errors import ClocktowerError
from .fileio import check_output_path
from .web.reach import WILDCARD, serve_addresses


@app.command()
def serve(db: Path = typer.Option(Path("clocktower.sqlite"), help="the SQLite file of games"),
          host: str = typer.Option("127.0.0.1", help="address to listen on"),
          port: int = typer.Option(8000, min=0, max=65535,
                                   help="port to listen on (0: any free port)"),
          allow_origin: list[str] = typer.Option(
              [], "--allow-origin", help="another origin (scheme://host[:port]) whose pages "
              "may open the game socket, e.g. a reverse proxy's public address; repeatable"),
          url: Optional[str] = typer.Option(
              None, help="the address players open, as the join links give it "
              "(scheme://host[:port]; default: this machine's LAN address with --host "
              "0.0.0.0, else the address the grimoire is opened at)"),
          advise: bool = typer.Option(
              False, "--advise", help="the Storyteller's forecast (good's chance, each "
              "option's effect, by rollouts played by bots on this machine's cores) starts "
              "on in every game; the Storyteller turns it on or off in the grimoire"),
          sync: str = typer.Option(
              "normal", help="normal: each input survives a crash or kill -9 of the server; "
              "full: also a power cut (every input synced to the disk, a few ms more each)"),
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
        _check_origin("--allow-origin", o)
    if url is not None:
        _check_origin("--url", url)
    if sync not in ("normal", "full"):
        raise ClocktowerError(f"--sync: normal or full, not {sync!r}")
    sock = bind(host, port)             # a busy port, an unknown host: one line, exit 2
    port = sock.getsockname()[1]        # (--port 0: the port the system chose)
    addresses, links_base = serve_addresses(host, port)
    links_base = url.rstrip("/") if url else links_base
    try:
        web = create_app(db, allowed_origins=tuple(allow_origin), public_url=links_base,
                         advise=advise, sync=sync)
    except BaseException:
        sock.close()
        raise
    n = len(web.state.service.store.game_ids())
    lines = [f"clocktower web grimoire: {n} game{'s' if n != 1 else ''} in {db}"]
    if host in WILDCARD:
        lines += [f"  open it at {a}" for a in addresses]
        lines.append(f"  join links and QR codes use {links_base}" if links_base else
                     "  no network address found: join links use the address the grimoire "
                     "is opened at (give one with --url)")
    else:
        lines.append(f"  open it at {addresses[0]}")
        if url:
            lines.append(f"  join links and QR codes use {links_base}")
        elif host in ("127.0.0.1", "localhost", "::1"):
            lines.append("  only this machine can open it: for players' phones, "
                         "--host 0.0.0.0 (a trusted network only)")
    typer.echo("\n".join(lines), err=True)
    config = uvicorn.Config(web, log_level="warning", ws="websockets-sansio",
                            ws_max_size=1 << 20)
    uvicorn.Server(config).run(sockets=[sock])


def _check_origin(option: str, o: str) -> None:
    scheme, sep, rest = o.partition("://")
    if not sep or scheme not in ("http", "https") or not rest or "/" in rest.rstrip("/"):
        raise ClocktowerError(f"{option} {o!r}: give scheme://host[:port] "
                              f"(http or https, no path)")


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
