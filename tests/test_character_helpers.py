"""What a character module declares and writes through `Ability` (docs/architecture.md,
"Adding a character"): its kind, typed state fields, typed event helpers."""
from clocktower.characters import REGISTRY
from clocktower.engine.ability import KINDS, Ability, State
from clocktower.play import new_game


class Counter(Ability):
    used = State(False)
    until: State[int | None] = State(None)


def test_every_character_declares_a_kind_on_the_scale():
    undeclared = [cid for cid, cls in REGISTRY.items() if "kind" not in vars(cls)
                  and not any("kind" in vars(b) for b in cls.__mro__[1:] if b is not Ability)]
    assert not undeclared
    assert all(cls.kind in KINDS for cls in REGISTRY.values())


def test_a_state_field_reads_and_writes_the_state_dict():
    g = new_game("trouble-brewing", 5, 0)
    ab = Counter(g, g.players[0])
    assert ab.used is False and ab.until is None and ab.state == {}     # defaults not stored
    ab.used, ab.until = True, 3
    assert ab.state == {"used": True, "until": 3}
    del ab.until
    assert ab.state == {"used": True} and ab.until is None
    assert isinstance(Counter.used, State)


def test_event_helpers_write_the_catalogues_fields_in_order():
    g = new_game("trouble-brewing", 5, 0)
    me, other = g.players[0], g.players[1]
    ab = REGISTRY["slayer"](g, me)
    ev = ab.reminder("Used", other, note="x")
    assert list(ev)[4:] == ["token", "player", "ability", "note"]
    assert (ev["type"], ev["visible_to"], ev["player"]) == ("reminder", "storyteller", other.name)
    ev = ab.no_effect("death", target=other)
    assert list(ev)[4:] == ["ability", "player", "target", "effect"]
    assert (ev["player"], ev["target"]) == (me.name, other.name)
    ev = ab.learn(other, character="imp")
    assert ev["visible_to"] == [other.name] and list(ev)[4:] == ["player", "ability", "character"]
    ev = ab.triggered(target=other)
    assert ev["visible_to"] == "all" and list(ev)[4:] == ["ability", "player", "target"]
    assert g.log[-1] is ev                  # appended to the log like any event


def test_choice_declined_wake_and_thinks_reminder_helpers():
    g = new_game("trouble-brewing", 5, 0)
    me, other = g.players[0], g.players[1]
    ab = REGISTRY["slayer"](g, me)
    ev = ab.chose(other, yes=True)
    assert ev["visible_to"] == [other.name] and list(ev)[4:] == ["player", "ability", "yes"]
    ev = ab.chose(me, "storyteller", players=[other.name])
    assert ev["visible_to"] == "storyteller" and list(ev)[4:] == ["player", "ability", "players"]
    ev = ab.declined(me)
    assert (ev["type"], ev["visible_to"], list(ev)[4:]) == ("declined", [me.name],
                                                            ["player", "ability"])
    assert ab.wake(other.name) == ab.wake(other)
    ev = REGISTRY["drunk"](g, me).thinks_reminder(other, "chef")
    assert (ev["token"], ev["player"], ev["character"]) == ("Is the Drunk", other.name, "chef")
    assert "ability" not in ev


def test_declared_reads_a_declared_field_and_refuses_any_other_name():
    g = new_game("trouble-brewing", 5, 0)
    ab = Counter(g, g.players[0])
    assert ab.declared("until") is None
    ab.until = 2
    assert ab.declared("until") == 2
    for name in ("untill", "state", "reminder"):     # a typo, a slot, a method
        try:
            ab.declared(name)
        except AttributeError as e:
            assert name in str(e)
        else:
            raise AssertionError(f"{name} read as a field")


def test_recluse_and_spy_false_registrations_from_class_data():
    g = new_game("trouble-brewing", 7, 0)
    ab = REGISTRY["recluse"](g, g.players[0])
    regs = ab.false_registrations()
    assert regs[0] == (g.players[0].character, "evil")
    assert {c for c, _ in regs[1:]} == set(g.script.of_team("minion") + g.script.of_team("demon"))
    assert ab.registers_as is regs and ab.false_registrations() is regs      # kept
    assert REGISTRY["spy"].false_alignment == "good"
