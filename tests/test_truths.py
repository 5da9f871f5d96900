"""Information abilities' `truths(world, player)`: what is true, apart from asking and telling.

1. Over many simulated games (every script, Travellers too), each piece of information told
   through `game.tell` is checked against a world rebuilt independently of the ability's own
   night: the grimoire at that moment (`World.from_game`), the registrations the Storyteller
   chose (captured from the decisions with their purpose), the player's choice and the marks
   read back from the event log. `truths` on that world must equal the decision's true
   options exactly, and a sober, healthy player must have been told one of them.
2. Hand-built worlds: a different assignment gives the answer for that world.
"""
from __future__ import annotations

from collections import Counter

import pytest

from clocktower.characters import REGISTRY
from clocktower.characters._info import Information
from clocktower.engine.game import Game
from clocktower.engine.runner import play
from clocktower.engine.world import World, WorldPlayer
from clocktower.play import new_game
from clocktower.scripts import load_script

INFO = sorted(cid for cid, cls in REGISTRY.items() if issubclass(cls, Information))
META = ("type", "phase", "number", "visible_to", "player", "ability")


def test_every_character_that_tells_is_an_information_ability():
    import inspect
    tellers = {cid for cid, cls in REGISTRY.items()
               if "game.tell(" in inspect.getsource(inspect.getmodule(cls))}
    assert tellers <= set(INFO)
    assert {"washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller",
            "undertaker", "ravenkeeper", "steward", "shugenja", "king", "towncrier",
            "choirboy"} <= set(INFO)


class Recorder:
    """Wraps a game's answerers to see every decision (with its context), forced ones too,
    and checks each `learn` made by `game.tell` as it is emitted."""

    def __init__(self, game: Game):
        self.game = game
        self.regs: list[tuple[int, str, str, tuple]] = []     # (log index, purpose, player, reg)
        self.info = None
        self.checked: Counter = Counter()
        self.sober_told: Counter = Counter()
        inner = dict(game.answerers)
        for who, ans in inner.items():
            game.answerers[who] = self._wrap(ans)
        game.on_forced = self.see
        game.on_event = self.event

    def _wrap(self, ans):
        def answer(decision, game):
            value = ans(decision, game)
            self.see(decision, value)
            return value
        return answer

    def see(self, decision, value) -> None:
        if decision.kind == "register":
            self.regs.append((len(self.game.log), decision.context["purpose"],
                              decision.context["player"], (value["character"], value["alignment"])))
        elif decision.kind == "info":
            self.info = decision

    def event(self, ev: dict) -> None:
        if ev["type"] != "learn" or ev["ability"] not in INFO:
            return
        d, self.info = self.info, None
        assert d is not None and d.context["player"] == ev["player"] \
            and d.context["ability"] == ev["ability"], ev
        game, aid, who = self.game, ev["ability"], ev["player"]
        ab = self.ability(aid, who)
        world = self.world(ab, aid)
        truths = ab.truths(world, who)
        assert truths == d.options()[:d.n_true], (ev, truths, d.options()[:d.n_true])
        told = {k: v for k, v in ev.items() if k not in META}
        if not d.context["droisoned"]:
            assert told in truths, (ev, truths)
            self.sober_told[aid] += 1
        self.checked[aid] += 1

    def ability(self, aid: str, who: str):
        abs_ = [a for a in self.game.all_abilities() if a.id == aid]
        mine = [a for a in abs_ if a.player is not None and a.player.name == who]
        return (mine or abs_)[0]

    def world(self, ab, aid: str) -> World:
        """The world rebuilt from the game now and the log, not from the ability's state."""
        game, log = self.game, self.game.log
        holder = ab.player.name
        since = max((i for i, e in enumerate(log[:-1]) if e["type"] == "learn"
                     and e.get("ability") == aid), default=0)
        regs = {}
        if aid == "towncrier":
            # Nominators register when they nominate: as what they were then, unless the
            # Storyteller chose otherwise (a decision, below).
            day = game.day
            for i, e in enumerate(log):
                if e["type"] == "nominate" and e["phase"] == "day" and e["number"] == day:
                    regs[e["by"]] = self.grimoire_at(i)[e["by"]]
        regs.update({p: r for i, purpose, p, r in self.regs if purpose == aid and i >= since})
        w = World.from_game(game).with_registrations(regs)
        tonight = [e for e in log if e["phase"] == game.phase and e["number"] ==
                   (game.night if game.phase == "night" else game.day)]
        picks = [e["players"] for e in tonight if e["type"] == "choice"
                 and e.get("ability") == aid and e["player"] == holder and "players" in e]
        if picks:
            w = w.with_choice(holder, picks[-1])
        herring = [e["player"] for e in log if e["type"] == "reminder"
                   and e.get("token") == "Red Herring"]
        if herring:
            w = w.with_marks(holder, red_herring=herring[-1])
        twins = [e["player"] for e in log if e["type"] == "reminder" and e.get("token") == "Twin"]
        if twins:
            w = w.with_marks(holder, twin=twins[-1])
        killed = [e["by"] for e in log if e["type"] == "death" and e["cause"] == "demon"
                  and e["by"] is not None and self.was_king(e["player"], log.index(e))]
        if killed:
            w = w.with_marks(holder, king_killer=killed[-1])
        gifts = [e["given_by"] for e in log if e["type"] == "vote_token" and "given_by" in e]
        if gifts:
            w = w.with_marks(holder, given_by=gifts[-1])
        know = [e["note"] for e in log if e["type"] == "reminder" and e.get("ability") == aid
                and e.get("token") == "Know" and "note" in e]
        if aid == "balloonist" and know:
            w = w.with_marks(holder, last_type=know[-1])
        return w

    def grimoire_at(self, upto: int) -> dict[str, tuple[str, str]]:
        """(character, alignment) of each player just before log[upto], from the log."""
        out = {p["name"]: [p["character"], p["alignment"]] for p in self.game.log[0]["players"]}
        for e in self.game.log[:upto]:
            if e["type"] == "character_change":
                out[e["player"]][0] = e["new"]
            elif e["type"] in ("alignment_change", "traveller_alignment"):
                out[e["player"]][1] = e.get("new", e.get("alignment"))
        return {k: tuple(v) for k, v in out.items()}

    def was_king(self, name: str, upto: int) -> bool:
        return self.grimoire_at(upto)[name][0] == "king"


CASES = [("trouble-brewing", n, t) for n in (5, 7, 9, 11, 13, 15) for t in (0, 2)] + \
        [("the-saga-of-the-summoner", n, t) for n in (5, 7, 9) for t in (0, 1)] + \
        [("regalia", n, n % 6) for n in range(5, 16)] + \
        [(["balloonist", "chef", "empath", "monk", "soldier", "mayor", "slayer", "saint",
           "recluse", "butler", "poisoner", "spy", "scarletwoman", "kazali", "fanggu", "imp",
           "harlot", "gangster", "voudon"], n, 3) for n in (5, 8, 11)] + \
        [(["eviltwin", "cultleader", "chef", "empath", "washerwoman", "monk", "slayer",
           "saint", "recluse", "butler", "imp", "poisoner", "baron"], n, 0) for n in (7, 9, 11)] + \
        [(["dreamer", "oracle", "innkeeper", "fisherman", "chef", "monk", "recluse", "drunk",
           "saint", "spy", "poisoner", "imp", "fanggu"], n, 2) for n in (6, 9, 12)] + \
        [(["lunatic", "marionette", "chef", "empath", "washerwoman", "monk", "slayer", "saint",
           "recluse", "butler", "soldier", "mayor", "imp", "fanggu", "poisoner"], n, 0)
         for n in (7, 9, 10)]


def test_truths_of_the_real_world_are_what_the_storyteller_could_tell():
    checked: Counter = Counter()
    sober: Counter = Counter()
    for script, players, travellers in CASES:
        for seed in range(12):
            game = new_game(script, players, seed, travellers=travellers)
            rec = Recorder(game)
            play(game)
            checked += rec.checked
            sober += rec.sober_told
    # Every information character was checked, many times, sober ones too.
    assert set(checked) == set(INFO), checked
    assert all(checked[c] >= 10 and sober[c] >= 10 for c in INFO), (checked, sober)


# ----------------------------------------------------------------------------- hand-built
def ability(world: World, name: str, script=("regalia", "trouble-brewing")):
    """The ability `name` holds in `world` (a game seated as the world, for its holder)."""
    chars = {p.character for p in world.players}
    for s in script:
        sc = load_script(s)
        if chars <= set(sc.characters):
            break
    game = Game(sc, REGISTRY)
    for p in world.players:
        game.add_player(p.name, p.character, p.alignment)
    return game.player(name).ability


TB = [("Ann", "washerwoman"), ("Bob", "imp"), ("Cat", "chef"), ("Dan", "spy"),
      ("Eve", "recluse"), ("Fay", "empath"), ("Gus", "librarian")]


def test_world_from_game_and_with_characters():
    game = new_game("trouble-brewing", 7, 3)
    w = World.from_game(game)
    assert [p.name for p in w.players] == [p.name for p in game.players]
    assert [p.character for p in w.players] == [p.character for p in game.players]
    assert all(w.registers(p.name) == (p.character, p.alignment) for p in game.players)
    other = w.with_characters({"Ann": "imp", "Bob": ("spy", "evil")})
    assert other.player("Ann").character == "imp" and other.player("Ann").alignment == "evil"
    assert other.player("Bob").team == "minion"
    assert w.player("Ann").character == game.player("Ann").character     # w unchanged
    with pytest.raises(ValueError, match="Zed"):
        w.with_characters({"Zed": "imp"})


def test_washerwoman_in_two_worlds():
    w = World.of(TB)
    ww = ability(w, "Ann")
    t = ww.truths(w)
    shown = {(x["character"], tuple(x["players"])) for x in t}
    # Ann, Cat, Fay and Gus are Townsfolk: each with every other player.
    assert ("chef", ("Bob", "Cat")) in shown and ("washerwoman", ("Ann", "Bob")) in shown
    assert {c for c, _ in shown} == {"washerwoman", "chef", "empath", "librarian"}
    assert len(t) == 4 * 6
    # The Spy registering as the Butler adds nothing (not a Townsfolk); as the Monk, it does.
    assert ww.truths(w.with_registrations({"Dan": ("butler", "good")})) == t
    spy_monk = ww.truths(w.with_registrations({"Dan": ("monk", "good")}))
    assert {"character": "monk", "players": ["Cat", "Dan"]} in spy_monk
    # Another assignment: Cat is the Poisoner, so no "chef" answer.
    w2 = w.with_characters({"Cat": "poisoner"})
    assert all(x["character"] != "chef" for x in ww.truths(w2))


def test_librarian_zero_and_investigator_recluse():
    w = World.of([("Ann", "librarian"), ("Bob", "imp"), ("Cat", "chef"), ("Dan", "poisoner"),
                  ("Eve", "monk")])
    lib = ability(w, "Ann")
    assert lib.truths(w) == [{"count": 0}]
    w2 = w.with_characters({"Eve": "saint"})
    assert {"character": "saint", "players": ["Ann", "Eve"]} in lib.truths(w2)
    assert {"count": 0} not in lib.truths(w2)
    inv = ability(w.with_characters({"Ann": "investigator"}), "Ann")
    wr = World.of([("Ann", "investigator"), ("Bob", "imp"), ("Cat", "recluse"),
                   ("Dan", "spy"), ("Eve", "monk")])
    # The Spy registering good and the Recluse as the Baron: the Baron is the only answer.
    t = inv.truths(wr.with_registrations({"Dan": ("butler", "good"), "Cat": ("baron", "evil")}))
    assert {x["character"] for x in t} == {"baron"}
    assert all("Cat" in x["players"] for x in t)
    # Nobody registers as a Minion: those who truly are Minions are used.
    t = inv.truths(wr.with_registrations({"Dan": ("butler", "good")}))
    assert {x["character"] for x in t} == {"spy"}


def test_chef_and_empath_count_in_the_world():
    w = World.of(TB)
    chef = ability(w, "Cat")
    assert chef.truths(w) == [{"count": 0}]                   # Bob and Dan sit apart
    assert chef.truths(w.with_characters({"Cat": "poisoner"})) == [{"count": 2}]  # Bob-Cat-Dan
    assert chef.truths(w.with_registrations({"Eve": ("recluse", "evil")})) == [{"count": 1}]
    empath = ability(w, "Fay")
    assert empath.truths(w) == [{"count": 0}]                 # Eve (Recluse, good), Gus
    assert empath.truths(w.with_registrations({"Eve": ("imp", "evil")})) == [{"count": 1}]
    # Dead neighbours are skipped: with Eve and Dan dead, Fay's left neighbour is Cat.
    dead = w.with_players(Eve={"alive": False}, Dan={"alive": False})
    assert empath.truths(dead.with_characters({"Cat": "poisoner"})) == [{"count": 1}]
    assert empath.truths(dead.with_characters({"Gus": "baron", "Cat": "imp"})) == [{"count": 2}]


def test_chef_counts_around_the_whole_circle():
    w = World.of([("Ann", "imp"), ("Bob", "chef"), ("Cat", "monk"), ("Dan", "empath"),
                  ("Eve", "poisoner")])
    assert ability(w, "Bob").truths(w) == [{"count": 1}]      # Eve-Ann across the seam


def test_fortune_teller_picks_red_herring_and_is_the_demon():
    w = World.of(TB).with_choice("Ann", ["Cat", "Fay"])
    ft = ability(World.of(TB).with_characters({"Ann": "fortuneteller"}), "Ann")
    assert ft.truths(w) == [{"yes": False}]
    assert ft.truths(w.with_marks("Ann", red_herring="Fay")) == [{"yes": True}]
    assert ft.truths(w.with_characters({"Cat": "imp"})) == [{"yes": True}]
    assert ft.truths(w.with_registrations({"Cat": ("imp", "evil")})) == [{"yes": True}]
    assert ft.truths(w.with_players(Cat={"is_demon": True})) == [{"yes": True}]
    assert ft.truths(World.of(TB)) == []                     # no choice: nothing to learn


def test_undertaker_ravenkeeper_steward_shugenja():
    w = World.of([("Ann", "undertaker"), ("Bob", "imp"), ("Cat", "ravenkeeper"),
                  ("Dan", "spy"), ("Eve", "monk"), ("Fay", "saint")])
    und = ability(w, "Ann")
    assert und.truths(w) == []
    assert und.truths(w.with_facts(executed="Dan")) == [{"character": "spy", "players": ["Dan"]}]
    assert und.truths(w.with_facts(executed="Dan").with_registrations(
        {"Dan": ("saint", "good")})) == [{"character": "saint", "players": ["Dan"]}]
    rk = ability(w, "Cat")
    assert rk.truths(w.with_choice("Cat", ["Bob"])) == [{"character": "imp", "players": ["Bob"]}]
    assert rk.truths(w.with_choice("Cat", ["Bob"]).with_characters({"Bob": "baron"})) == \
        [{"character": "baron", "players": ["Bob"]}]
    r = World.of([("Ann", "steward"), ("Bob", "imp"), ("Cat", "shugenja"), ("Dan", "poisoner"),
                  ("Eve", "king"), ("Fay", "monk"), ("Gus", "recluse")])
    st = ability(r, "Ann")
    assert st.truths(r) == [{"players": [n]} for n in ("Cat", "Eve", "Fay", "Gus")]
    assert st.truths(r.with_registrations({"Gus": ("imp", "evil")})) == \
        [{"players": [n]} for n in ("Cat", "Eve", "Fay")]
    sh = ability(r, "Cat")
    assert sh.truths(r) == [{"direction": "clockwise"}, {"direction": "anticlockwise"}]
    assert sh.truths(r.with_characters({"Bob": "monk"})) == [{"direction": "clockwise"}]
    assert sh.truths(r.with_characters({"Dan": "monk"})) == [{"direction": "anticlockwise"}]
    # Dan registering good and the Recluse (Gus, 3 seats anticlockwise) evil.
    assert sh.truths(r.with_characters({"Bob": "monk"}).with_registrations(
        {"Dan": ("monk", "good"), "Gus": ("imp", "evil")})) == [{"direction": "anticlockwise"}]


def test_king_towncrier_choirboy_beggar_damsel():
    r = World.of([("Ann", "king"), ("Bob", "imp"), ("Cat", "towncrier"), ("Dan", "poisoner"),
                  ("Eve", "choirboy"), ("Fay", "damsel")])
    king = ability(r, "Ann")
    assert king.truths(r) == []                       # nobody dead
    late = r.with_players(Cat={"alive": False}, Eve={"alive": False}, Fay={"alive": False})
    assert king.truths(late) == [{"character": c} for c in ("king", "imp", "poisoner")]
    assert king.truths(late, "Bob") == [{"players": ["Ann"], "character": "king"}]
    assert king.truths(late, "Dan") == []             # not the Demon
    tc = ability(r, "Cat")
    assert tc.truths(r) == [{"yes": False}]
    assert tc.truths(r.with_facts(nominators=["Eve", "Dan"])) == [{"yes": True}]
    assert tc.truths(r.with_facts(nominators=["Eve", "Dan"]).with_registrations(
        {"Dan": ("monk", "good")})) == [{"yes": False}]
    cb = ability(r, "Eve")
    assert cb.truths(r) == []
    assert cb.truths(r.with_marks("Eve", king_killer="Bob")) == [{"players": ["Bob"]}]
    dam = ability(r, "Fay")
    assert dam.truths(r, "Dan") == [{"character": "damsel"}]
    assert dam.truths(r, "Cat") == []
    assert dam.truths(r.with_characters({"Fay": "monk"}), "Dan") == []
    tb = World.of([("Ann", "beggar"), ("Bob", "imp"), ("Cat", "spy"), ("Dan", "monk"),
                   ("Eve", "chef")])
    beg = ability(tb, "Ann")
    assert beg.truths(tb) == []
    assert beg.truths(tb.with_marks("Ann", given_by="Cat")) == \
        [{"players": ["Cat"], "alignment": "evil"}]
    assert beg.truths(tb.with_marks("Ann", given_by="Cat").with_registrations(
        {"Cat": ("chef", "good")})) == [{"players": ["Cat"], "alignment": "good"}]


def test_world_player_fields():
    p = WorldPlayer("Ann", 0, "imp", "evil")
    assert p.team == "demon" and p.alive and not p.is_demon


def test_a_bot_asks_what_the_empath_would_have_learned_with_another_demon():
    """From a real seating: if each other player in turn were the Imp (and the real Demon a
    Townsfolk), the Empath's truth is the count of evil among their living neighbours."""
    tried = 0
    for seed in range(30):
        game = new_game("trouble-brewing", 8, seed)
        empaths = [p for p in game.players if p.ability is not None and p.ability.id == "empath"]
        if not empaths:
            continue
        me = empaths[0]
        real = World.from_game(game)
        demon = next(p.name for p in real.players if p.team == "demon")
        for q in real.players:
            if q.name in (me.name, demon):
                continue
            w = real.with_characters({q.name: "imp", demon: "chef"})
            left, right = w.neighbours(me.name)
            evil = sum(w.player(n).alignment == "evil" for n in {left, right})
            assert me.ability.truths(w) == [{"count": evil}]
            tried += 1
    assert tried > 20


def test_a_kings_claim_is_checked_without_a_holder():
    """The beliefs check a claimed King's information on an instance with no holder
    (`beliefs.truths_of`): the claimant is the King (its `truths` read `self.player`
    before, and raised: every King claim said nothing)."""
    from clocktower.agents.beliefs import truths_of
    r = World.of([("Ann", "king"), ("Bob", "imp"), ("Cat", "towncrier"), ("Dan", "poisoner"),
                  ("Eve", "choirboy"), ("Fay", "damsel")])
    late = r.with_players(Cat={"alive": False}, Eve={"alive": False}, Fay={"alive": False})
    king = truths_of("king", ("king", "imp", "towncrier", "poisoner", "choirboy", "damsel"))
    assert king.truths(late, "Ann") == [{"character": c} for c in ("king", "imp", "poisoner")]
    assert king.truths(r, "Ann") == []
    assert king.shows(late, {"character": "imp"}, "Ann")
    assert not king.shows(late, {"character": "towncrier"}, "Ann")
