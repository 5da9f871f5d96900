"""Lunatic, Marionette, Amnesiac in simulated games: no exception, and the beliefs hold."""
from __future__ import annotations

from clocktower import data as D
from clocktower.play import play_game

LUNATIC_SCRIPT = ["lunatic", "imp", "fanggu", "zombuul", "poisoner", "spy", "scarletwoman",
                  "baron", "soldier", "undertaker", "monk", "recluse", "courtier",
                  "ravenkeeper", "mayor", "saint", "investigator", "librarian", "empath",
                  "washerwoman", "chef", "fortuneteller", "slayer", "virgin", "drunk"]


def _games(script, seeds, players=(5, 7, 9, 12)):
    for seed in seeds:
        n = players[seed % len(players)]
        yield play_game(script, n, seed)


def test_lunatic_in_bot_games():
    seen = 0
    for g in _games(LUNATIC_SCRIPT, range(120)):
        assert g.winner in ("good", "evil")
        lun = [p for p in g.players if p.character == "lunatic"]
        # the Lunatic never kills: every Demon death came from a real Demon ability
        for ev in g.log:
            if ev["type"] == "death" and ev.get("cause") == "demon" and lun:
                assert ev.get("by") not in {p.name for p in lun} or \
                    D.get(g.by_name[ev["by"]].character).team == "demon"
        for p in lun:
            if p.character != "lunatic":
                continue
            seen += 1
            assert D.get(p.thinks).team == "demon"
            demons = [q.name for q in g.players if D.get(q.character).team == "demon"]
            told = [ev for ev in g.log if ev["type"] == "learn" and ev.get("ability") == "lunatic"
                    and ev.get("character") == "lunatic" and ev["number"] == 1]
            assert {ev["player"] for ev in told} <= set(demons)
            assert told, "the Demon learns the Lunatic on night 1"
    assert seen > 5


MARIONETTE_SCRIPT = ["marionette", "imp", "fanggu", "poisoner", "spy", "scarletwoman", "baron",
                     "soldier", "undertaker", "monk", "recluse", "courtier", "ravenkeeper",
                     "mayor", "saint", "investigator", "librarian", "empath", "washerwoman",
                     "chef", "fortuneteller", "slayer", "virgin", "drunk", "balloonist",
                     "huntsman", "damsel", "lunatic"]


def test_marionette_in_bot_games():
    seen = 0
    huntsman_seen: list = []
    for g in _games(MARIONETTE_SCRIPT, range(150), players=(5, 7, 8, 10, 13, 15)):
        assert g.winner in ("good", "evil")
        setup = next(ev for ev in g.log if ev["type"] == "setup")
        assert g.log[0]["type"] == "setup"
        seated = {p["name"]: p["character"] for p in setup["players"]}
        if "marionette" not in seated.values():
            continue
        seen += 1
        mar = next(n for n, c in seated.items() if c == "marionette")
        p = g.by_name[mar]
        demons = [n for n, c in seated.items() if D.get(c).team == "demon"]
        assert len(demons) == 1
        d = g.by_name[demons[0]]
        assert p in g.neighbours(d, alive_only=False), "the Marionette neighbours the Demon"
        assert p.thinks and D.get(p.thinks).team in ("townsfolk", "outsider")
        assert p.thinks not in ("drunk", "lunatic")
        assert p.alignment == "evil" or any(ev["type"] == "alignment_change" for ev in g.log)
        told = [ev for ev in g.log if ev["type"] == "learn" and ev.get("ability") == "marionette"]
        assert [ev["player"] for ev in told] in ([], [d.name])
        for ev in g.log:
            if ev["type"] == "learn" and ev.get("ability") in ("minioninfo", "demoninfo"):
                assert ev["player"] != mar
                assert mar not in ev.get("players", []) or ev["player"] != d.name
                assert mar not in (ev.get("minions") or [])
        # the believed token came from the bag, so its setup change applied (the
        # Marionette-Huntsman and Marionette-Balloonist jinxes)
        if p.thinks == "huntsman":
            huntsman_seen.append(g.seed)
            assert "damsel" in seated.values() or "damsel" in g.in_play_extra
        # the believed token was dealt from the bag: nobody else holds it
        assert sum(1 for n, c in seated.items() if c == p.thinks) == 0
    assert seen > 10


# ---------------------------------------------------------------------------- Amnesiac
import pytest  # noqa: E402

from clocktower.characters.amnesiac import KINDS, accuracy, catalogue, kind  # noqa: E402
from clocktower.scenario import ScenarioError  # noqa: E402
from conftest import scenario, scenario_error  # noqa: E402

AMNESIAC_BASE = """\
name: t
script: [amnesiac, imp, poisoner, spy, soldier, undertaker, monk, recluse, investigator, chef, librarian, washerwoman, slayer]
players:
  - {name: Ann, character: amnesiac}
  - {name: Bob, character: chef}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: undertaker}
bluffs: [librarian, washerwoman, slayer]
storyteller: {amnesiac: soldier}
steps:
  - night: 1
    choices: {Dan: Eve}
    storyteller: {Bob: {count: 1}}
  - day: 1
    actions:
      - ability: {by: Ann, character: amnesiac, guess: GUESS}
"""


def test_accuracy_scale():
    assert accuracy("soldier", "soldier") == "bingo"
    assert accuracy("monk", "soldier") == "hot"          # Townsfolk, protection
    assert accuracy("scapegoat", "soldier") == "warm"    # protection, a Traveller
    assert accuracy("imp", "soldier") == "cold"
    assert accuracy("empath", "chef") == "hot"
    assert accuracy("spy", "chef") == "warm"             # information, a Minion
    from clocktower.characters import REGISTRY
    for cid, cls in REGISTRY.items():
        assert cls.kind in KINDS and kind(cid) == cls.kind, cid
    assert kind("nosuchcharacter") == "other"


def _run(guess, answer=None):
    text = AMNESIAC_BASE.replace("GUESS", guess)
    if answer:
        text += f"    storyteller: {{Ann: {{answer: {answer}}}}}\n"
    return scenario(text)


def test_sober_amnesiac_is_not_told_bingo_for_a_wrong_guess():
    with pytest.raises(ScenarioError, match="not legal"):
        _run("chef", "bingo")
    with pytest.raises(ScenarioError, match="not legal"):
        _run("soldier", "hot")
    assert _run("chef", "hot").ok           # the Storyteller's judgement otherwise


@pytest.mark.parametrize("guess,answer", [("soldier", "bingo"), ("monk", "hot"),
                                          ("scapegoat", "warm"), ("imp", "cold")])
def test_automatic_storyteller_answers_the_similarity(guess, answer):
    g = _run(guess).game
    learned = [ev for ev in g.log if ev["type"] == "learn" and ev.get("ability") == "amnesiac"]
    assert [(ev["guess"], ev["answer"]) for ev in learned] == [(guess, answer)]
    claim = next(ev for ev in g.log if ev["type"] == "claim_ability")
    assert "guess" not in claim, "the guess is private"


def test_one_guess_a_day():
    text = AMNESIAC_BASE.replace("GUESS", "monk") + \
        "      - ability: {by: Ann, character: amnesiac, guess: chef}\n"
    res = None
    try:
        res = scenario(text)
    except ScenarioError:
        return
    learned = [ev for ev in res.game.log if ev["type"] == "learn"
               and ev.get("ability") == "amnesiac"]
    assert len(learned) == 1


AMNESIAC_SCRIPT = ["amnesiac", "imp", "fanggu", "poisoner", "spy", "scarletwoman", "baron",
                   "soldier", "undertaker", "monk", "recluse", "ravenkeeper", "mayor",
                   "saint", "investigator", "librarian", "empath", "washerwoman", "chef",
                   "fortuneteller", "slayer", "virgin", "drunk", "butler"]


def test_amnesiac_in_bot_games():
    seen = guesses = 0
    for g in _games(AMNESIAC_SCRIPT, range(120)):
        assert g.winner in ("good", "evil")
        for p in g.players:
            if p.character != "amnesiac":
                continue
            seen += 1
            ab = next(a for a in p.held if a.id == "amnesiac")
            hidden = ab.hidden()
            assert hidden and hidden not in {q.character for q in g.players}
            # Granted once (to whoever was the Amnesiac then: a Snake Charmer ability may
            # have swapped the character since), and held with the Amnesiac's character now.
            granted = [ev for ev in g.log if ev["type"] == "ability_granted"
                       and ev["source"] == "amnesiac"]
            assert [ev["ability"] for ev in granted] == [hidden]
            assert any(a.id == hidden and a.source is ab for a in p.held)
            days = [ev["number"] for ev in g.log if ev["type"] == "learn"
                    and ev.get("ability") == "amnesiac"]
            assert len(days) == len(set(days)), "one guess a day"
            guesses += len(days)
    assert seen > 5 and guesses > 0


def test_catalogue_is_runnable_townsfolk_not_in_play():
    g = play_game(AMNESIAC_SCRIPT, 7, 3)
    from clocktower.characters._variants import VARIANTS
    cat = [c for c in catalogue(g) if c not in VARIANTS]     # the characters' abilities
    assert cat and all(D.get(c).team == "townsfolk" and c in g.registry for c in cat)
    assert not set(cat) & {p.character for p in g.players}


def test_bag_games_with_beliefs_replay_identically(tmp_path):
    from clocktower.characters import REGISTRY
    from clocktower.engine.replay import read_log, replay
    import json

    def dump_log(game) -> str:
        return "".join(json.dumps(e, sort_keys=True) + "\n" for e in game.log)
    script = sorted(set(LUNATIC_SCRIPT) | set(MARIONETTE_SCRIPT) | set(AMNESIAC_SCRIPT))
    found = set()
    for seed in range(40):
        g = play_game(script, 7 + seed % 8, seed)
        found |= {p.character for p in g.players} & {"lunatic", "marionette", "amnesiac"}
        path = tmp_path / f"g{seed}.jsonl"
        path.write_text(dump_log(g))
        again = replay(read_log(path), REGISTRY)
        assert dump_log(again) == path.read_text()
    assert found == {"lunatic", "marionette", "amnesiac"}


KAZALI_MARIONETTE = """\
name: t
script: [kazali, marionette, poisoner, chef, empath, saint, mayor, slayer, soldier, monk, recluse]
players:
  - {name: Ann, character: soldier}
  - {name: Bob, character: chef}
  - {name: Cat, character: kazali}
  - {name: Dan, character: empath}
  - {name: Eve, character: saint}
  - {name: Fay, character: mayor}
  - {name: Gil, character: monk}
bluffs: [slayer, recluse, poisoner]
steps:
  - night: 1
    choices:
      Cat: {player: Eve, character: marionette}
"""


def test_kazali_cannot_make_a_marionette_away_from_it():
    assert "illegal for kazali" in scenario_error(KAZALI_MARIONETTE).reason
    ok = KAZALI_MARIONETTE.replace("player: Eve, character: marionette",
                                   "player: Eve, character: poisoner")
    assert scenario(ok).ok


def test_kazali_marionette_in_bot_games():
    script = ["kazali", "marionette", "poisoner", "chef", "empath", "saint", "mayor",
              "slayer", "soldier", "monk", "recluse", "washerwoman", "librarian",
              "investigator", "undertaker", "ravenkeeper", "butler"]
    made = 0
    for g in _games(script, range(80), players=(5, 7, 9, 11)):
        for p in g.players:
            changed = [ev for ev in g.log if ev["type"] == "character_change"
                       and ev["player"] == p.name and ev["new"] == "marionette"]
            if not changed:
                continue
            made += 1
            kaz = next(q for q in g.players if q.character == "kazali"
                       or any(ev["type"] == "character_change" and ev["player"] == q.name
                              and ev["old"] == "kazali" for ev in g.log))
            assert p in g.neighbours(kaz, alive_only=False)
            assert not any(ev["type"] == "learn" and ev["player"] == p.name
                           and ev.get("reason") == "you are" for ev in g.log)
            assert p.character != "marionette" or p.thinks == changed[0]["old"]
    assert made > 3


def test_summoner_marionette_in_bot_games():
    script = ["summoner", "marionette", "imp", "fanggu", "chef", "empath", "saint", "mayor",
              "slayer", "soldier", "monk", "recluse", "washerwoman", "librarian",
              "investigator", "undertaker", "ravenkeeper", "butler", "poisoner"]
    waited = entered = 0
    for g in _games(script, range(150), players=(10, 11, 12, 13, 14, 15)):
        setup = g.log[0]
        assert setup["type"] == "setup"
        if "marionette" not in setup["not_dealt"]:
            continue
        waited += 1
        assert not any(p["character"] == "marionette" for p in setup["players"])
        for ev in g.log:
            if ev["type"] == "character_change" and ev["new"] == "marionette":
                entered += 1
                p = g.by_name[ev["player"]]
                demon = next(e["target"] for e in g.log if e["type"] == "summon")
                assert p in g.neighbours(g.by_name[demon], alive_only=False)
                # Not told they are the Marionette (a Marionette who later takes the
                # Imp's star-pass is told "you are the Imp", rightly).
                assert not any(e["type"] == "learn" and e["player"] == p.name
                               and e.get("reason") == "you are"
                               and e.get("character") == "marionette" for e in g.log)
    assert waited > 3 and entered > 0


# ------------------------------------------------- Marionette & Balloonist (bag property)
def test_marionette_believing_the_balloonist_has_its_setup_change_applied_or_not():
    """The Marionette-Balloonist jinx ("if the Marionette thinks they are the Balloonist, +1
    Outsider might have been added"): a scenario writes the grimoire, so this bag property is
    checked on random setups. At 7 players the table deals no Outsider; the Marionette's
    believed Balloonist token came from the bag, so the Storyteller's Balloonist choice
    (`setup.balloonist`: +0 or +1 Outsider) applied: dealt Outsiders == that choice. Both
    a +1 and a +0 setup occur."""
    from clocktower.play import new_game
    script = ["marionette", "imp", "poisoner", "chef", "empath", "monk", "soldier", "slayer",
              "balloonist", "saint", "recluse", "butler", "drunk"]
    seen: dict[int, int] = {}
    for seed in range(300):
        g = new_game(script, 7, seed)
        mar = [p for p in g.players if p.character == "marionette"]
        if not mar or mar[0].thinks != "balloonist":
            continue
        added = next(ev["answer"] for ev in g.log
                     if ev["type"] == "decision" and ev.get("key") == "setup.balloonist")
        tokens = [p.thinks if p.character == "marionette" else p.character for p in g.players]
        outsiders = sum(1 for c in tokens if D.get(c).team == "outsider")
        assert outsiders == added, (seed, tokens, added)
        # 5 Townsfolk and the Marionette's slot, dealt as a Townsfolk; an added Outsider
        # takes a Townsfolk's place
        assert sum(1 for c in tokens if D.get(c).team == "townsfolk") == 6 - added
        seen[added] = seen.get(added, 0) + 1
        if len(seen) == 2 and min(seen.values()) >= 2:
            break
    assert set(seen) == {0, 1}, seen


def test_lilmonsta_marionette_in_bot_games():
    """Random bags now deal the Marionette with Lil' Monsta (the jinx is a rule object): the
    Marionette waits as a token and, on night 1, a good neighbour of the first babysitter
    becomes it, is not told, and the babysitter learns them that night."""
    script = ["lilmonsta", "marionette", "poisoner", "scarletwoman", "chef", "empath", "saint",
              "mayor", "slayer", "soldier", "monk", "recluse", "washerwoman", "librarian",
              "investigator", "undertaker", "ravenkeeper", "butler"]
    waited = entered = 0
    for g in _games(script, range(60), players=(5, 7, 9, 11)):
        setup = g.log[0]
        assert setup["type"] == "setup" and g.winner in ("good", "evil")
        if "marionette" not in setup["not_dealt"]:
            continue
        waited += 1
        assert "lilmonsta" in setup["not_dealt"]
        assert not any(p["character"] == "marionette" for p in setup["players"])
        sitter = next(ev["player"] for ev in g.log
                      if ev["type"] == "reminder" and ev.get("token") == "Is The Demon")
        made = [ev for ev in g.log if ev["type"] == "character_change"
                and ev["new"] == "marionette"]
        assert len(made) <= 1
        for ev in made:
            entered += 1
            assert ev["number"] == 1 and ev["phase"] == "night"
            p = g.by_name[ev["player"]]
            assert p in g.neighbours(g.by_name[sitter], alive_only=False)
            # not told (a Minion, they may babysit Lil' Monsta later and be told that)
            assert not any(e["type"] == "learn" and e["player"] == p.name
                           and e.get("reason") == "you are" and e.get("ability") != "lilmonsta"
                           for e in g.log)
            told = [e for e in g.log if e["type"] == "learn" and e.get("ability") == "marionette"]
            assert told and all(e["number"] == 1 and e["player"] == sitter for e in told)
            assert told[0]["players"] == [p.name]
    assert waited > 5 and entered > 3


# ------------------------------------------------------------ Amnesiac: documented variants
from clocktower.characters._variants import VARIANTS  # noqa: E402
from clocktower.play import new_game  # noqa: E402
from clocktower.engine.runner import play  # noqa: E402
from clocktower.storyteller.auto import AutoStoryteller  # noqa: E402


def test_variants_are_in_the_catalogue_and_not_characters():
    g = play_game(AMNESIAC_SCRIPT, 7, 3)
    assert catalogue(g)[-len(VARIANTS):] == list(VARIANTS)
    for vid, cls in VARIANTS.items():
        assert vid not in D.teams() and vid not in g.registry
        assert cls.data.id == vid and cls.data.team == "townsfolk" and cls.data.ability
        assert cls.kind in KINDS and (cls.like is None or cls.like in D.teams())


def test_accuracy_of_variants():
    assert accuracy("monkself", "monkself") == "bingo"
    assert accuracy("monk", "monkself") == "hot"            # the character it twists
    assert accuracy("monkself", "monk") == "hot"
    assert accuracy("soldier", "monkself") == "hot"         # Townsfolk, protection
    assert accuracy("scapegoat", "monkself") == "warm"      # protection, a Traveller
    assert accuracy("imp", "monkself") == "cold"
    assert accuracy("ravenkeeper", "ravenonce") == "hot"
    assert accuracy("spy", "samealignment") == "warm"
    assert accuracy("evildead", "samealignment") == "hot"   # two Townsfolk information
    assert accuracy("monkself", "samealignment") == "cold"


def test_sober_amnesiac_with_a_variant_is_shown_only_the_truth():
    text = AMNESIAC_BASE.replace("{amnesiac: soldier}", "{amnesiac: samealignment}") \
        .replace("GUESS", "samealignment")
    # Cat (Imp) and Bob (Chef) are not of one alignment: not legal for a sober Amnesiac.
    bad = text.replace("storyteller: {Bob: {count: 1}}",
                       "storyteller: {Bob: {count: 1}, Ann: {players: [Bob, Cat]}}")
    assert "not legal" in scenario_error(bad).reason
    res = scenario(text)
    told = [ev["players"] for ev in res.game.log if ev["type"] == "learn"
            and ev.get("ability") == "samealignment"]
    align = {p.name: p.alignment for p in res.game.players}
    assert told and all(align[a] == align[b] for a, b in told)
    guessed = [ev["answer"] for ev in res.game.log if ev["type"] == "learn"
               and ev.get("ability") == "amnesiac"]
    assert guessed == ["bingo"]


class _GivesVariant(AutoStoryteller):
    """The automatic Storyteller, but the Amnesiac's hidden ability is `vid`."""

    def __init__(self, seed, vid):
        super().__init__(seed)
        self.vid = vid

    def __call__(self, decision, view):
        if decision.context.get("key") == "amnesiac":
            return self.vid
        return super().__call__(decision, view)


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_each_variant_plays_in_bot_games(vid):
    """Bot games where the Amnesiac holds each variant: it acts (an event made by it), the
    guesses are answered, and every game replays from its log."""
    from clocktower import replay
    acted = guessed = 0
    for seed in range(40):
        n = (7, 9, 12)[seed % 3]
        g = new_game(AMNESIAC_SCRIPT, n, seed, storyteller=_GivesVariant(seed, vid))
        play(g)
        if not any(p.character == "amnesiac" for p in g.players):
            continue
        acted += sum(1 for ev in g.log if ev.get("ability") == vid
                     and ev["type"] in ("learn", "choice", "effect"))
        guessed += sum(1 for ev in g.log if ev["type"] == "learn"
                       and ev.get("ability") == "amnesiac")
        assert replay(g.log).log == g.log
    assert acted > 0 and guessed > 0


def test_a_variant_that_is_a_characters_ability_is_bingo_by_either_name():
    """The 'evildead' variant is the Oracle's ability word for word: a right guess in other
    words is still right (bingo), both ways; a twist is only hot."""
    from clocktower.characters.amnesiac import accuracy
    assert accuracy("oracle", "evildead") == "bingo"
    assert accuracy("evildead", "oracle") == "bingo"
    assert accuracy("investigator", "nightinvestigator") == "hot"
