"""One place builds an event's envelope (`Game._event`; `Game.emit` is its body written out
for speed, and `Game._ev0` .. `_ev5` the same with n fields as one dict display, for the most
frequent events of compiled code): no other code builds a dict with the envelope's keys, and
they agree."""
import ast
from pathlib import Path

from clocktower.characters import REGISTRY
from clocktower.engine.game import Game
from clocktower.scripts import load_script

ROOT = Path(__file__).resolve().parents[1] / "clocktower"


def test_only_the_event_builder_and_emit_build_an_envelope():
    builders = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Dict) and {"type", "visible_to"} <= {
                        k.value for k in node.keys if isinstance(k, ast.Constant)}:
                    builders.append(f"{path.relative_to(ROOT)}:{fn.name}")
    assert sorted(set(builders)) == sorted(
        ["engine/game.py:_event", "engine/game.py:emit"]
        + [f"engine/game.py:_ev{n}" for n in range(6)]), builders


def body(name: str) -> str:
    """Game.<name>'s statements but its docstring, from the source (compiled or not)."""
    tree = ast.parse((ROOT / "engine" / "game.py").read_text(encoding="utf-8"))
    game = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    fn = next(n for n in game.body if isinstance(n, ast.FunctionDef) and n.name == name)
    start = 1 if isinstance(fn.body[0], ast.Expr) else 0
    return "\n".join(ast.unparse(s) for s in fn.body[start:])


def test_emit_is_the_builder_written_out():
    assert body("emit") == body("_event")


def test_emit_and_the_builder_make_the_same_event():
    seen = []
    for build in ("emit", "_event"):
        g = Game(load_script("trouble-brewing"), REGISTRY, seed=1)
        g.on_event = seen.append
        if build == "emit":
            ev = g.emit("announcement", "all", words="hi")
        else:
            ev = g._event("announcement", "all", {"words": "hi"})
        assert g.log == [ev] and seen[-1] is ev
    assert list(seen[0].items()) == list(seen[1].items())


def test_the_builders_with_n_fields_make_the_same_event():
    """`_ev0` .. `_ev5` then `_push`: the event `_event` makes of the same fields, in order,
    in either phase."""
    fields = [("player", "Ann"), ("ability", "monk"), ("players", ["Bob"]), ("seq", 3),
              ("votes", 2)]
    for phase in ("night", "day"):
        for n in range(6):
            seen = []
            for build in ("push", "_event"):
                g = Game(load_script("trouble-brewing"), REGISTRY, seed=1)
                g.phase, g.night, g.day = phase, 2, 1
                g.on_event = seen.append
                if build == "push":
                    args = [x for kv in fields[:n] for x in kv]
                    ev = g._push(getattr(g, f"_ev{n}")("choice", ["Ann"], *args))
                else:
                    ev = g._event("choice", ["Ann"], dict(fields[:n]))
                assert g.log == [ev] and seen[-1] is ev
            assert list(seen[0].items()) == list(seen[1].items())
