"""Our town square files through bra1n/townsquare's own code, under node (issue 22 item 19):
its store and its "Load State" load our export (no seat blank, every role with a name and a
team, the Good/Evil markers and the reminders kept), and its own "Game State JSON" of what it
loaded comes back into a game of ours with every seat, alignment, belief, death, ghost vote,
reminder and bluff.

townsquare's code is read from a checkout at test time, never copied into this project:
`$TOWNSQUARE_GIT` (a git directory of bra1n/townsquare; default: the mirror beside the
repository, `../.mirror/bra1n+townsquare/repo`). Its store needs vue 2 and vuex 3, and the
harness esbuild: installed once with npm into test-artifacts/townsquare-node (git-ignored).
Without node, the checkout or the npm registry, the test is skipped with the reason.
`tests/townsquare_node/harness.mjs` is the harness (ours).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
import io
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import test_web_townsquare as W
from clocktower.web.app import create_app

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "tests" / "townsquare_node" / "harness.mjs"
CACHE = ROOT / "test-artifacts" / "townsquare-node"
PACKAGES = ["vue@2.7.16", "vuex@3.6.2", "esbuild@0.24.0"]
FILES = ["src/store", "src/roles.json", "src/editions.json", "src/fabled.json",
         "src/hatred.json", "src/components/modals/GameStateModal.vue"]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def townsquare(tmp_path_factory):
    """A function: a state (our export) -> what townsquare's store holds after loading it,
    and the Game State JSON it writes back."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        pytest.skip("node and npm are needed to run townsquare's own code")
    git = Path(os.environ.get("TOWNSQUARE_GIT",
                              ROOT.parent / ".mirror" / "bra1n+townsquare" / "repo"))
    if not git.exists():
        pytest.skip(f"no bra1n/townsquare checkout at {git} (set TOWNSQUARE_GIT)")
    src = tmp_path_factory.mktemp("townsquare")
    tar = subprocess.run(["git", f"--git-dir={git}", "archive", "HEAD", *FILES],
                         capture_output=True, check=False)
    if tar.returncode != 0:
        pytest.skip(f"cannot read townsquare's files from {git}: {tar.stderr.decode()[-300:]}")
    with tarfile.open(fileobj=io.BytesIO(tar.stdout)) as t:
        t.extractall(src, filter="data")
    modules = CACHE / "node_modules"
    if not all((modules / p.split("@")[0]).is_dir() for p in PACKAGES):
        CACHE.mkdir(parents=True, exist_ok=True)
        (CACHE / "package.json").write_text('{"private": true}\n')
        got = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--silent", *PACKAGES],
                             cwd=CACHE, capture_output=True, text=True, timeout=600, check=False)
        if got.returncode != 0:
            pytest.skip(f"npm install {' '.join(PACKAGES)} failed: {got.stderr[-300:]}")

    def load(state: dict) -> dict:
        path = src / "state.json"
        path.write_text(json.dumps(state), encoding="utf-8")
        run = subprocess.run([node, str(HARNESS), str(src), str(modules), str(path)],
                             capture_output=True, text=True, timeout=120, check=False)
        assert run.returncode == 0, run.stderr[-2000:]
        out = json.loads(run.stdout)
        assert "error" not in out, out["error"]
        return out
    return load


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def key(r: dict) -> str:
    return json.dumps(r, sort_keys=True)


def through_townsquare(client, townsquare, g) -> tuple[dict, dict, dict]:
    """Our export loaded by townsquare; its own export imported again: (our file, what
    townsquare holds, the new game)."""
    state = W.export(client, g)
    held = townsquare(state)
    assert len(held["players"]) == len(state["players"])
    for ours, theirs in zip(state["players"], held["players"]):
        assert theirs["name"] == ours["name"]
        role = theirs["role"]
        assert role and role["id"] == ours["role"], (ours["name"], role)     # not blank
        assert role["name"] and role["team"], role
        assert sorted(map(key, theirs["reminders"])) == sorted(map(key, ours["reminders"]))
        assert (theirs["isDead"], theirs["isVoteless"]) == (ours["isDead"], ours["isVoteless"])
    assert [b["id"] if b else None for b in held["bluffs"]][:len(state["bluffs"])] == \
        state["bluffs"]
    h = W.import_(client, held["gamestate"])
    return state, held, h


def same_game(client, g, h) -> None:
    before, after = W.st_view(client, g), W.st_view(client, h)
    assert [p["name"] for p in after["grimoire"]] == [p["name"] for p in before["grimoire"]]
    for b, a in zip(before["grimoire"], after["grimoire"]):
        for k in ("character", "alignment", "thinks", "traveller", "alive", "ghost_vote"):
            assert a[k] == b[k], (b["name"], k, a[k], b[k])
    assert after["bluffs"] == before["bluffs"]
    mine, again = W.export(client, g), W.export(client, h)
    for p, q in zip(mine["players"], again["players"]):
        assert sorted(map(key, q["reminders"])) == sorted(map(key, p["reminders"])), p["name"]


def test_a_regalia_game_with_travellers_through_townsquare(client, townsquare):
    g, _ = W.regalia_game(client)
    state, held, h = through_townsquare(client, townsquare, g)
    # The characters townsquare lacks are loaded from our whole roles, with its icon.
    lacking = [p for p in held["players"] if p["role"]["id"] not in held["roles"]
               or p["role"]["imageAlt"]]
    assert lacking, "Regalia has characters townsquare lacks"
    assert all(p["role"]["imageAlt"] for p in lacking)
    hal = next(p for p in held["players"] if p["name"] == "Hal")
    assert {"role": "evil", "name": "Evil"} in hal["reminders"]
    assert not any("alignment: good" in w for w in h["warnings"]), h["warnings"]
    same_game(client, g, h)


def test_a_game_under_way_through_townsquare(client, townsquare):
    grimoire = [{"name": "Ann", "character": "drunk", "thinks": "slayer"},
                {"name": "Bob", "character": "empath"}, {"name": "Cat", "character": "imp"},
                {"name": "Dan", "character": "baron"}, {"name": "Eve", "character": "monk"},
                {"name": "Fay", "character": "fortuneteller"},
                {"name": "Gus", "character": "saint"},
                {"name": "Hal", "character": "thief", "alignment": "evil"}]
    g = W.new_game(client, players=W.SEATS + [{"name": "Hal", "traveller": True}],
                   grimoire=grimoire, bluffs=["chef", "virgin", "mayor"])
    W.play_to_day_two(client, g)
    state, held, h = through_townsquare(client, townsquare, g)
    assert any(p["isDead"] and p["isVoteless"] for p in held["players"])
    assert not any("not taken" in w for w in h["warnings"]), h["warnings"]
    same_game(client, g, h)
