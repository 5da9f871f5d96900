"""Extensions of the scenario format for issue 17 (docs/scenarios.md, Extensions):
registrations from every source, legal answers (`options`), refused steps (`refused`) and
hands tried (`hands`). Setups the engine deals (`deal`) are tested in test_scenario_deal.py.

As in test_scenario_contract.py, each expectation that holds has a twin that fails when
the game says otherwise.
"""
from __future__ import annotations

import pytest

import scenariotext
from clocktower.scenario import ScenarioError


def run(text: str, file: str = "ext.yaml"):
    return scenariotext.run(text, file)


def passes(text: str):
    r = run(text)
    assert r.ok, [(f.expectation, f.found) for f in r.failures]
    return r


def fails(text: str, count: int = 1):
    r = run(text)
    assert len(r.failures) == count, [(f.expectation, f.found) for f in r.failures]
    return r


def error(text: str, words: str, at: str | None = None) -> ScenarioError:
    return scenariotext.error(text, words, at, "ext.yaml")


# ============================================================ item 4: registrations
VIZIER_POLITICIAN = """\
name: vizier-politician
script: [imp, vizier, politician, chef, empath, monk, saint, soldier, washerwoman]
bluffs: [washerwoman, monk]
players:
  - {name: Ann, character: chef}
  - {name: Bob, character: empath}
  - {name: Cat, character: imp}
  - {name: Dan, character: vizier}
  - {name: Eve, character: saint}
  - {name: Fay, character: politician}
steps:
  - night: 1
  - day: 1
    actions:
      - nominate: {by: Ann, target: Eve, votes: [Fay]}
      - ability: {by: Dan, character: vizier, target: Eve}
    storyteller:
      REG
    expect:
      - executed: WHO
"""


@pytest.mark.parametrize("reg, who", [
    ("registers: {Fay: {alignment: evil}}", "nobody"),
    ("registers: {Fay: {character: politician, alignment: evil}}", "nobody"),
    ("registers: {Fay: {vizier: {alignment: evil}}}", "nobody"),
    ("registers: {Fay: {alignment: good}}", "Eve"),
    ("vizier.politician: evil", "nobody"),          # the jinx's own key, as before
    ("vizier.politician: good", "Eve"),
])
def test_a_jinx_registration_is_written_like_any_registration(reg, who):
    passes(VIZIER_POLITICIAN.replace("REG", reg).replace("WHO", who))
    other = "Eve" if who == "nobody" else "nobody"
    fails(VIZIER_POLITICIAN.replace("REG", reg).replace("WHO", other))


def test_a_registration_no_source_offers_is_still_refused():
    # The jinx offers the Politician an evil registration, not a Demon's character.
    error(VIZIER_POLITICIAN.replace("REG", "registers: {Fay: {character: imp}}")
          .replace("WHO", "nobody"), "Fay cannot register that way", at="registers:")
    # Nor to another asking ability than the Vizier: Bob's Empath number is not the
    # Vizier's question (no source offers it): refused before any decision.
    error(VIZIER_POLITICIAN.replace("REG", "registers: {Fay: {vizier: {character: imp}}}")
          .replace("WHO", "nobody"), "Fay cannot register that way", at="registers:")


def test_the_jinx_registration_is_one_register_decision():
    r = passes(VIZIER_POLITICIAN.replace("REG", "registers: {Fay: {alignment: evil}}")
               .replace("WHO", "nobody"))
    regs = [e for e in r.game.log if e["type"] == "decision" and e["kind"] == "register"]
    assert [(e["player"], e["answer"], e.get("key")) for e in regs] == [
        ("Fay", {"character": "politician", "alignment": "evil"}, "vizier.politician")]
    assert not any(e["type"] == "decision" and e["kind"] == "storyteller" for e in r.game.log)


def test_the_jinx_key_must_name_a_legal_registration():
    error(VIZIER_POLITICIAN.replace("REG", "vizier.politician: imp").replace("WHO", "nobody"),
          "storyteller vizier.politician: 'imp' is not a legal registration",
          at="vizier.politician")


MARIONETTE_LUNATIC = """\
name: marionette and lunatic register as what they are
script: trouble-brewing
players:
  - {name: Ann, character: investigator}
  - {name: Bob, character: marionette, thinks: monk}
  - {name: Cat, character: imp}
  - {name: Dan, character: lunatic, thinks: imp}
  - {name: Eve, character: chef}
bluffs: [washerwoman, soldier, mayor]
steps:
  - night: 1
    storyteller:
      REG
"""


@pytest.mark.parametrize("reg", [
    "registers: {Bob: {alignment: evil, character: marionette}}",
    "registers: {Bob: {alignment: evil}}",
    "registers: {Dan: {alignment: good, character: lunatic}}",
])
def test_the_marionette_and_the_lunatic_register_as_what_they_are(reg):
    # The almanac: "The Marionette registers as evil, and as a Minion"; the Lunatic is a
    # good Outsider who only thinks they are the Demon. Their truth is always legal.
    passes(MARIONETTE_LUNATIC.replace("REG", reg))


@pytest.mark.parametrize("reg, who", [
    ("registers: {Bob: {alignment: good}}", "Bob"),
    ("registers: {Bob: {character: monk}}", "Bob"),
    ("registers: {Dan: {character: imp}}", "Dan"),
    ("registers: {Dan: {alignment: evil}}", "Dan"),
])
def test_the_marionette_and_the_lunatic_have_no_false_registration(reg, who):
    error(MARIONETTE_LUNATIC.replace("REG", reg), f"{who} cannot register that way now",
          at="registers:")


# ============================================================ item 8: hands tried
TB7 = """\
name: hands
script: trouble-brewing
players:
  - {name: Ann, character: butler}
  - {name: Bob, character: chef}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: soldier}
  - {name: Fay, character: empath}
  - {name: Gil, character: monk}
bluffs: [washerwoman, investigator, mayor]
steps:
  - night: 1
    choices: {Ann: Fay, Dan: Gil}
"""


def test_a_dead_players_second_hand_is_refused_and_the_first_spends_the_ghost_vote():
    body = TB7 + """\
  - day: 1
    actions:
      - ruling: {kill: Eve}
      - nominate: {by: Bob, target: Gil, hands: [Eve, Dan]}
      - nominate: {by: Gil, target: Bob, hands: [Eve, Dan]}
    expect:
      - hands: {nominee: Gil, counted: [Eve, Dan], refused: []}
      - hands: {nominee: Bob, counted: [Dan], refused: [Eve]}
      - event: {type: hand_refused, player: Eve, target: Bob, reason: "Eve is dead and has no ghost vote left"}
"""
    passes(body)
    # The same hand written as counted (`votes:`) is an error, as the contract says.
    error(body.replace("target: Bob, hands: [Eve, Dan]", "target: Bob, votes: [Eve, Dan]"),
          "Eve is dead and has no ghost vote left", at="target: Bob")


def test_hands_expectation_fails_when_the_hands_differ():
    r = fails(TB7 + """\
  - day: 1
    actions:
      - nominate: {by: Bob, target: Eve, hands: [Ann, Dan]}
    expect:
      - hands: {nominee: Eve, counted: [Ann, Dan]}
      - hands: {nominee: Eve, refused: []}
      - hands: {nominee: Bob, counted: []}
""", count=3)
    found = [f.found for f in r.failures]
    assert found[0] == "counted: ['Dan'], refused: ['Ann']"
    assert found[2] == "Bob was not nominated (and voted on) on day 1"


def test_hands_is_an_input_the_log_replays():
    from clocktower.characters import REGISTRY
    from clocktower.engine.replay import replay
    r = passes(TB7 + """\
  - day: 1
    actions:
      - nominate: {by: Bob, target: Eve, hands: [Ann, Dan]}
    expect:
      - hands: {nominee: Eve, counted: [Dan], refused: [Ann]}
""")
    inputs = [e["answer"] for e in r.game.log if e["type"] == "decision"
              and e["kind"] == "day_action"]
    assert inputs == [{"nominate": "Eve", "hands": ["Ann", "Dan"]}]
    import json
    replay([json.loads(json.dumps(e)) for e in r.game.log], REGISTRY)


@pytest.mark.parametrize("action, words", [
    ("{by: Bob, target: Eve, votes: [Dan], hands: [Ann]}", "write votes: (the hands counted) "
     "or hands: (the hands tried, the engine counts the legal ones), not both"),
    ("{by: Bob, target: Eve, hands: [Zed]}", "unknown player name 'Zed'"),
    ("{by: Bob, target: Eve, hands: {Ann: 1}}", "expected a list of player names"),
])
def test_hands_errors(action, words):
    error(TB7 + f"""\
  - day: 1
    actions:
      - nominate: {action}
""", words, at="nominate:")


@pytest.mark.parametrize("exp, words", [
    ("hands: {counted: [Ann]}", "hands needs `nominee`"),
    ("hands: {nominee: Eve}", "hands needs `counted` and/or `refused`"),
    ("hands: {nominee: Zed, counted: []}", "unknown player name 'Zed'"),
    ("hands: {nominee: Eve, voted: [Ann]}", "unknown key 'voted' in hands"),
    ("hands: {nominee: Eve, day: one, counted: []}", "day must be a number"),
    ("hands: [Ann]", "hands must be a mapping, not a list"),
])
def test_hands_expectation_errors(exp, words):
    error(TB7 + f"""\
  - day: 1
    expect:
      - {exp}
""", words, at="- hands")


# ============================================================ item 7: legal answers, refused
MONK = TB7.replace("{name: Gil, character: monk}", "{name: Gil, character: monk}") + """\
  - day: 1
  - night: 2
    choices: {Gil: Bob, Dan: Fay, Cat: Eve}
"""


@pytest.mark.parametrize("exp", [
    "options: {player: Gil, night: 2, include: [Bob, Ann], exclude: [Gil]}",
    "options: {player: Gil, ability: monk, exclude: [Gil]}",
    "options: {storyteller: red_herring, include: [Ann]}",   # no Fortune Teller: not asked
])
def test_options_expectation(exp):
    body = MONK + f"    expect:\n      - {exp}\n"
    if "red_herring" in exp:
        r = fails(body)
        assert r.failures[0].found == "storyteller red_herring was not asked"
    else:
        passes(body)


def test_options_expectation_fails_naming_what_was_offered():
    r = fails(MONK + "    expect:\n      - options: {player: Gil, night: 2, include: [Gil], "
              "exclude: [Bob]}\n")
    assert r.failures[0].found.startswith("Gil's choice: night 2: not offered ['Gil']; "
                                          "night 2: offered ['Bob']; 6 legal answers:")


def test_options_for_information_and_registrations():
    body = """\
name: info
script: trouble-brewing
players:
  - {name: Ann, character: investigator}
  - {name: Bob, character: recluse}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: chef}
bluffs: [washerwoman, soldier, mayor]
steps:
  - night: 1
    choices: {Dan: Eve}
    storyteller: {Ann: {players: [Bob, Dan], character: poisoner}, Eve: {count: 0}}
    expect:
      - options: {storyteller: Ann, night: 1, include: [{character: poisoner}], exclude: [{character: imp}]}
      - options: {registers: Bob, include: [{character: imp, alignment: evil}], exclude: [{alignment: good, character: imp}]}
      - options: {storyteller: Eve, include: [{count: 0}, {count: 4}], exclude: [{count: 6}]}
"""
    passes(body)
    fails(body.replace("exclude: [{character: imp}]", "exclude: [{character: poisoner}]"))


def test_a_refused_choice_holds_when_refused_and_fails_when_accepted():
    passes(MONK.replace("  - night: 2\n", "  - night: 2\n    refused: {Gil: Gil}\n"))
    r = fails(MONK.replace("  - night: 2\n", "  - night: 2\n    refused: {Gil: Bob}\n"))
    assert r.failures[0].found == "accepted: 'Bob' is a legal answer to Gil's monk choice"


def test_a_refused_day_action():
    body = TB7 + """\
  - day: 1
    actions:
      - nominate: {by: Bob, target: Eve, votes: []}
      - nominate: {by: Bob, target: Cat, votes: [], refused: "has already nominated today"}
      - nominate: {by: Ann, target: Eve, votes: [], refused: true}
      - exile: {by: Ann, target: Eve, votes: [], refused: "not a Traveller"}
      - nominate: {by: Ann, target: Cat, votes: []}
    expect:
      - event: {type: nomination, by: Ann, target: Cat}
"""
    r = passes(body)
    # Nothing of a refused action is in the log (it replays).
    assert [e["answer"] for e in r.game.log if e["type"] == "decision"
            and e["kind"] == "day_action"] == [{"nominate": "Eve", "votes": []},
                                               {"nominate": "Cat", "votes": []}]
    r = fails(body.replace("target: Cat, votes: [], refused: \"has already nominated today\"",
                           "target: Cat, votes: [], refused: \"is dead\""))
    assert r.failures[0].found.startswith("refused for another reason: Bob has already")
    r = fails(body.replace("      - nominate: {by: Ann, target: Cat, votes: []}\n", "")
              .replace("{by: Ann, target: Eve, votes: [], refused: true}",
                       "{by: Ann, target: Cat, votes: [], refused: true}"))
    assert r.failures[0].found == "accepted"


def test_a_refused_day_ability_leaves_no_trace():
    body = """\
name: gangster
script: [gangster, imp, chef, empath, monk, soldier, saint]
players:
  - {name: Ann, character: chef}
  - {name: Bob, character: gangster}
  - {name: Cat, character: imp}
  - {name: Dan, character: empath}
  - {name: Eve, character: soldier}
bluffs: [monk, saint]
steps:
  - night: 1
    storyteller: {Ann: {count: 0}, Dan: {count: 1}}
  - day: 1
    actions:
      - ability: {by: Bob, character: gangster, target: Dan, agree: Ann, refused: true}
    expect:
      - no_event: {type: claim_ability}
      - alive: [Dan]
"""
    passes(body)


@pytest.mark.parametrize("exp, words", [
    ("options: {include: [Ann]}", "options names one decision"),
    ("options: {player: Gil, storyteller: Ann, include: [Ann]}", "options names one decision"),
    ("options: {player: Zed, include: [Ann]}", "unknown player name 'Zed'"),
    ("options: {player: Gil}", "options needs `include` and/or `exclude`"),
    ("options: {player: Gil, include: []}", "include must be a non-empty list"),
    ("options: {player: Gil, include: [Zed]}", "unknown player name 'Zed'"),
    ("options: {player: Gil, offered: [Ann]}", "unknown key 'offered' in options"),
    ("options: {storyteller: redherring, include: [Ann]}", "not a player name or a Storyteller key"),
    ("options: {storyteller: Ann, include: [{number: 1}]}", "unknown information field 'number'"),
    ("options: {registers: Bob, include: [{team: demon}]}", "unknown key 'team' in a registration"),
    ("options: {player: Gil, night: 2, day: 2, include: [Ann]}", "not both"),
    ("options: {player: Gil, night: 2, include: [[Ann, Bob]]}", "is not an answer to Gil's choice (1 player)"),
])
def test_options_errors(exp, words):
    error(MONK + f"    expect:\n      - {exp}\n", words, at="- options")


@pytest.mark.parametrize("step, words, at", [
    ("    refused: {Zed: Ann}\n", "unknown player name 'Zed'", "Zed"),
    ("    refused: {Eve: Bob}\n", "a refused choice is written for Eve, who was not woken",
     "refused:"),
    ("    refused: {Gil: {butler: Ann}}\n", "a refused choice is written for Gil (butler), who "
     "was not woken", "refused:"),
])
def test_refused_choice_errors(step, words, at):
    error(MONK.replace("  - night: 2\n", "  - night: 2\n" + step), words, at=at)


def test_refused_action_errors():
    error(TB7 + """\
  - day: 1
    actions:
      - nominate: {by: Bob, target: Eve, votes: [], refused: 3}
""", "refused must be true or the words the reason must contain", at="nominate:")
