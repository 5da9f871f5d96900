"""The Minion/Demon info table (engine/evilinfo.py) and the `evil_info` hook that edits it."""
from __future__ import annotations

from clocktower.characters import REGISTRY
from clocktower.engine.ability import Ability
from clocktower.engine.evilinfo import Row, build, evil_info
from clocktower.engine.game import Game
from clocktower.engine.state import Effect
from clocktower.scripts import load_script

SEATS = [("Ann", "imp"), ("Bob", "poisoner"), ("Cat", "magician"), ("Dan", "spy"),
         ("Eve", "chef"), ("Fay", "empath"), ("Gus", "monk")]


def game_of(seats, registry=REGISTRY, script="regalia") -> Game:
    g = Game(load_script(script), registry)
    for name, char in seats:
        g.add_player(name, char)
    g.bluffs = ["soldier", "mayor", "saint"]
    g.phase, g.night = "night", 1
    return g


def told(g: Game, step: str) -> dict:
    return {e["player"]: {k: v for k, v in e.items() if k in ("players", "minions", "characters")}
            for e in g.log if e["type"] == "learn" and e["ability"] == step}


def test_default_table_from_the_true_minions_and_demons():
    g = game_of([(n, "monk" if c == "magician" else c) for n, c in SEATS])
    t = build(g, "minioninfo")
    assert [r.player.name for r in t.rows] == ["Bob", "Dan"]
    assert [[p.name for p in r.players] for r in t.rows] == [["Ann"], ["Ann"]]
    assert [[p.name for p in r.minions] for r in t.rows] == [["Dan"], ["Bob"]]
    d = build(g, "demoninfo")
    assert [(r.player.name, [p.name for p in r.players], r.characters) for r in d.rows] == \
        [("Ann", ["Bob", "Dan"], ["soldier", "mayor", "saint"])]
    evil_info(g, "minioninfo")
    evil_info(g, "demoninfo")
    assert told(g, "minioninfo") == {"Bob": {"players": ["Ann"], "minions": ["Dan"]},
                                     "Dan": {"players": ["Ann"], "minions": ["Bob"]}}
    assert told(g, "demoninfo") == {"Ann": {"players": ["Bob", "Dan"],
                                            "characters": ["soldier", "mayor", "saint"]}}


def test_no_table_under_seven_players():
    g = game_of(SEATS[:6])
    assert build(g, "minioninfo") is None and evil_info(g, "demoninfo") is None
    assert told(g, "minioninfo") == {} and told(g, "demoninfo") == {}


def test_magician_is_shown_both_ways_in_seat_order_unless_drunk():
    g = game_of(SEATS)
    evil_info(g, "minioninfo")
    evil_info(g, "demoninfo")
    assert told(g, "minioninfo")["Bob"] == {"players": ["Ann", "Cat"], "minions": ["Dan"]}
    assert told(g, "demoninfo")["Ann"]["players"] == ["Bob", "Cat", "Dan"]
    g = game_of(SEATS)
    cat = g.player("Cat")
    cat.effects.append(Effect("drunk", cat, None, "test", needs_source=False))
    evil_info(g, "minioninfo")
    assert told(g, "minioninfo")["Bob"]["players"] == ["Ann"]


def test_lil_monsta_skips_both_steps():
    g = game_of([(n, "baron" if c == "imp" else c) for n, c in SEATS])
    g.free_abilities.append(g.make_ability("lilmonsta", None))
    g.abilities_changed()
    assert evil_info(g, "minioninfo").skipped == "lilmonsta"
    assert evil_info(g, "demoninfo").rows == []
    assert told(g, "minioninfo") == {} and told(g, "demoninfo") == {}


# Abilities that are not implemented yet, written as the hook would have them: the table's
# edits are enough for them (the ids only borrow those characters' data).
class Lunatic(Ability):
    """Shown to the Minions as the Demon instead of the real one; the Demon learns them."""
    id = "lunatic"

    def evil_info(self, table) -> None:
        demon = next(p for p in self.game.players if p.character == "imp")
        if table.step == "minioninfo":
            table.replace_shown(demon, self.player)
        else:
            table.unwake(demon)
            table.add_row(Row(self.player, [p for p in self.game.players
                                            if p.character in ("poisoner", "spy")],
                              characters=list(self.game.bluffs)))


class Marionette(Ability):
    """No Minion info, and the Demon is not told who the Marionette is."""
    id = "marionette"

    def evil_info(self, table) -> None:
        table.unwake(self.player)
        table.unshow(self.player)


def test_hooks_replace_who_is_shown_and_who_wakes():
    reg = {**REGISTRY, "lunatic": Lunatic, "marionette": Marionette}
    g = game_of([("Ann", "imp"), ("Bob", "poisoner"), ("Cat", "marionette"), ("Dan", "spy"),
                 ("Eve", "lunatic"), ("Fay", "empath"), ("Gus", "monk")], reg)
    evil_info(g, "minioninfo")
    evil_info(g, "demoninfo")
    assert told(g, "minioninfo") == {"Bob": {"players": ["Eve"], "minions": ["Dan"]},
                                     "Dan": {"players": ["Eve"], "minions": ["Bob"]}}
    assert told(g, "demoninfo") == {"Eve": {"players": ["Bob", "Dan"],
                                            "characters": ["soldier", "mayor", "saint"]}}


def test_the_engine_runs_the_table_at_the_night_steps():
    from clocktower.engine.night import special
    g = game_of(SEATS)
    special(g, "minioninfo")
    special(g, "dusk")
    assert set(told(g, "minioninfo")) == {"Bob", "Dan"}
    assert "evil_info" in REGISTRY["magician"].overrides
    assert "evil_info" in REGISTRY["lilmonsta"].overrides
