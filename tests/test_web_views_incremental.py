"""A web view is a filter of the event log kept per viewer (web/views.py `events_for`):
extended by each input's new events, rebuilt when the log is not the one it was read from
(an undo, a re-run). What it gives is what filtering the whole log again gives."""
import tempfile

from clocktower.scripts import load_script
from clocktower.web import views
from clocktower.web.protocol import parse_client
from clocktower.web.service import Conn, Service
from clocktower.web.store import Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
CHARS = ["imp", "poisoner", "drunk", "chef", "empath", "monk", "fortuneteller", "undertaker"]


def whole(wg, viewer):
    """The view built from scratch (no kept filter)."""
    views._SEEN.pop(wg, None)
    return views.events_for(wg, viewer)


def test_kept_views_are_the_whole_log_filtered_again():
    svc = Service(Store(tempfile.mkdtemp() + "/g.db"))
    grim = [{"name": n, "character": c} for n, c in zip(NAMES, CHARS)]
    grim[2]["thinks"] = "mayor"
    out = svc.create(load_script("trouble-brewing"), "trouble-brewing",
                     [{"name": n, "online": False} for n in NAMES], grim, None, None, 3, "t")
    live = svc.get(out["game"])
    wg = live.wg
    viewers = ["storyteller", "spectator", "Ann", "Eve"]
    conn = Conn(send=None, role="storyteller", name=None)
    svc.message_for(live, conn)
    for step in range(60):
        if wg.over:
            break
        msg = {"type": "end_day"} if wg.day_open() else \
            {"type": "answer", "id": wg.decision_id(), "option": 0}
        svc.handle(live, "storyteller", None, parse_client(msg))
        kept = {v: views.events_for(wg, v) for v in viewers}
        assert svc.message_for(live, conn) is not None or True
        if step % 7 == 3:
            svc.handle(live, "storyteller", None, parse_client({"type": "undo"}))
            kept = {v: views.events_for(wg, v) for v in viewers}
        seen = dict(views._SEEN[wg])
        for v in viewers:
            assert kept[v] == whole(wg, v), (step, v)
            views._SEEN[wg] = seen
    assert len(wg.game.log) > 100
