"""`clocktower serve`: the web grimoire (docs/web.md)."""
from __future__ import annotations

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
    web = create_app(db, allowed_origins=tuple(allow_origin))
    n = len(web.state.service.store.game_ids())
    typer.echo(f"clocktower web grimoire on http://{host}:{port} "
               f"({n} game{'s' if n != 1 else ''} in {db})", err=True)
    uvicorn.run(web, host=host, port=port, log_level="warning", ws="websockets-sansio",
                ws_max_size=1 << 20)
