"""The web grimoire: `clocktower serve` (FastAPI, WebSockets, SQLite). See docs/web.md."""
