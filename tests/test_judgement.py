"""The Storyteller's judgement: the General, the High Priestess and the Artist.

* the question language (engine/questions.py): forms, canonical wording, errors, truths;
* the estimate of who is winning (storyteller/estimate.py): verdicts in obvious states,
  determinism, and the real game left untouched;
* the policies (storyteller/judgement.py) for whom to talk to and for questions;
* the characters in scenarios (errors) and in a few hundred simulated games.
"""
from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from clocktower.characters import REGISTRY
from clocktower.engine.decisions import PlayerChoice
from clocktower.engine.game import Game
from clocktower.engine.inputs import setup_written
from clocktower.engine.judgement import Judgement
from clocktower.engine.questions import Question, QuestionError, parse, truth, try_parse
from clocktower.engine.replay import replay
from clocktower.engine.views import view
from clocktower.play import play_game
from clocktower.scenario.loader import load_text
from clocktower.scenario.runner import run_scenario
from clocktower.scenario.loader import ScenarioError
from clocktower.scripts import load_script
from clocktower.storyteller import AutoStoryteller
from clocktower.storyteller.auto import AutoStoryteller
from clocktower.storyteller.estimate import estimate, fork, play_on

CONT = AutoStoryteller().continuation    # the continuations' Storyteller
from clocktower.storyteller.judgement import shown_information, talk_scores
from conftest import narrate as _narrate, scenario

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


# ---------------------------------------------------------------------------- questions
@pytest.mark.parametrize("text,form,players,what", [
    ("is Bob evil?", "evil", ("Bob",), None),
    ("Is bob GOOD", "good", ("Bob",), None),
    ("is Bob the Demon?", "demon", ("Bob",), None),
    ("is Bob a Minion?", "team", ("Bob",), "minion"),
    ("is Ann an Outsider?", "team", ("Ann",), "outsider"),
    ("is Bob the Scarlet Woman?", "character", ("Bob",), "scarletwoman"),
    ("is Bob the imp", "character", ("Bob",), "imp"),
    ("is the Demon one of Bob, Cat or Dan?", "demon_among", ("Bob", "Cat", "Dan"), None),
    ("is the Demon one of Bob and Cat", "demon_among", ("Bob", "Cat"), None),
    ("did Cat die to the Demon?", "died_to_demon", ("Cat",), None),
    ("is Dan drunk or poisoned?", "droisoned", ("Dan",), None),
    ("is Dan poisoned?", "poisoned", ("Dan",), None),
    ("is Dan drunk?", "drunk", ("Dan",), None),
    ("is Ann the Drunk?", "character", ("Ann",), "drunk"),     # a character, not a status
    ("is Ann the drunk", "character", ("Ann",), "drunk"),
    ("is the Mayor in play?", "in_play", (), "mayor"),
    ("  is   Bob   evil  ??", "evil", ("Bob",), None),
])
def test_question_forms_parse_and_read_back(text, form, players, what):
    q = parse(text, NAMES)
    assert (q.form, q.players, q.what) == (form, players, what)
    assert parse(q.text, NAMES) == q          # the canonical wording reads back


@pytest.mark.parametrize("text,words", [
    ("is Zed evil?", "'Zed' is not a player's name"),
    ("is Bob the Hedgewizard?", "'Hedgewizard' is not a character"),
    ("who should I trust?", "is not a question the engine understands"),
    ("", "a question is a non-empty text"),
    ("   ?", "a question is a non-empty text"),
    ("is the Demon one of Bob, Bob?", "a player is named twice"),
    ("did Zed die to the Demon?", "'Zed' is not a player's name"),
    ("is the Hedgewizard in play?", "'Hedgewizard' is not a character"),
])
def test_question_errors_say_why(text, words):
    with pytest.raises(QuestionError, match=re.escape(words)):
        parse(text, NAMES)
    assert try_parse(text, NAMES) is None


def written(players: list[tuple[str, str]], script=None, **kw) -> Game:
    ids = [c for _, c in players]
    game = Game(load_script(script or ids), REGISTRY, seed=kw.get("seed", 0),
                default_answerer=AutoStoryteller(0))
    setup_written(game, [{"name": n, "character": c, "alignment": None} for n, c in players],
                  kw.get("bluffs", []))
    return game


def test_question_truths_read_the_grimoire_not_registrations():
    game = written([("Ann", "artist"), ("Bob", "recluse"), ("Cat", "imp"), ("Dan", "poisoner"),
                    ("Eve", "saint")], bluffs=["chef", "monk", "mayor"])
    P = game.by_name
    ask = lambda text: truth(parse(text, NAMES), game)[0]     # noqa: E731
    assert ask("is Bob the Demon?") == "no"         # the Recluse is not, whatever he registers
    assert ask("is Bob evil?") == "no" and ask("is Bob good?") == "yes"
    assert ask("is Cat the Demon?") == "yes" and ask("is Cat the Imp?") == "yes"
    assert ask("is Dan a Minion?") == "yes" and ask("is Bob an Outsider?") == "yes"
    assert ask("is the Demon one of Ann, Bob or Cat?") == "yes"
    assert ask("is the Demon one of Ann, Bob?") == "no"
    assert ask("is the Imp in play?") == "yes" and ask("is the Mayor in play?") == "no"
    assert ask("did Eve die to the Demon?") == "no"
    game.phase, game.night = "night", 1
    game.kill(P["Eve"], "demon", P["Cat"])
    assert ask("did Eve die to the Demon?") == "yes"
    assert truth(parse("did Eve die to the Demon?", NAMES), game)[1] == "Eve died to the Demon"
    assert ask("is Ann drunk or poisoned?") == "no"
    assert ask("is Bob the Drunk?") == "no" and ask("is Bob the Recluse?") == "yes"


def test_bot_questions_are_all_questions_of_the_language():
    from clocktower.characters.artist import bot_questions
    game = written([("Ann", "artist"), ("Bob", "recluse"), ("Cat", "imp"), ("Dan", "poisoner"),
                    ("Eve", "saint")], bluffs=["chef", "monk", "mayor"])
    game.players[4].alive = False
    qs = bot_questions(game, game.players[0])
    assert qs and all(parse(q, NAMES).text == q for q in qs)
    assert "did Eve die to the Demon?" in qs and "is Ann evil?" not in qs


# ---------------------------------------------------------------------------- estimate
def three_left() -> Game:
    """Night 3 at the General's step: the Imp and the Poisoner and the General are left."""
    game = written([("Ann", "general"), ("Bob", "slayer"), ("Cat", "imp"), ("Dan", "poisoner"),
                    ("Eve", "saint")], script="alternate-endings",
                   bluffs=["mayor", "artist", "huntsman"])
    game.phase, game.night = "night", 3
    for n in ("Bob", "Eve"):
        game.die(game.by_name[n], "demon", game.by_name["Cat"])
    game._cursor = (94.0, 0)
    return game


def evil_ahead() -> Game:
    """Night 3 at the General's step: five alive, four of them evil (a Scarlet Woman too)."""
    game = written([("Ann", "general"), ("Bob", "slayer"), ("Cat", "imp"), ("Dan", "poisoner"),
                    ("Eve", "saint"), ("Fay", "scarletwoman"), ("Gus", "baron")],
                   bluffs=["mayor", "monk", "chef"])
    game.phase, game.night = "night", 3
    for n in ("Bob", "Eve"):
        game.die(game.by_name[n], "demon", game.by_name["Cat"])
    game._cursor = (94.0, 0)
    return game


def test_estimate_says_evil_where_evil_obviously_wins():
    est = estimate(evil_ahead(), continuations=40, days=3, storyteller=CONT)
    assert est.verdict == "evil", est
    assert est.evil >= 27 and est.of == 40 and est.continuations <= 40
    assert "evil won 27 or more" in est.reason


def test_estimate_stops_once_the_rest_cannot_change_the_verdict():
    game = evil_ahead()
    full = [estimate(game, continuations=n, days=3, storyteller=CONT) for n in (1, 2, 3, 4, 5, 6)]
    six = full[-1]
    assert six.of == 6 and six.continuations <= 6
    need = six.need
    if six.continuations < 6:
        assert six.good >= need or six.evil >= need or \
            (six.good + 6 - six.continuations < need and six.evil + 6 - six.continuations < need)
        assert "planned: the rest could not change the verdict" in six.reason
    # the continuations played are the first ones: the same as when fewer are planned
    first = estimate(game, continuations=1, days=3, storyteller=CONT)
    assert (first.good, first.evil, first.undecided) in [(1, 0, 0), (0, 1, 0), (0, 0, 1)]


def test_estimate_says_good_where_the_demon_is_about_to_be_executed():
    game = written([("Ann", "general"), ("Bob", "slayer"), ("Cat", "imp"), ("Dan", "poisoner"),
                    ("Eve", "saint"), ("Fay", "mayor"), ("Gus", "highpriestess")],
                   script="alternate-endings", bluffs=["huntsman", "artist", "goblin"])
    game.start_day()
    game.nominate(game.by_name["Ann"], game.by_name["Cat"], votes=NAMES)
    assert game.about_to_die is game.by_name["Cat"]
    est = estimate(game, continuations=8, days=2, storyteller=CONT)
    assert est.verdict == "good" and est.good >= 6, est


def test_estimate_is_deterministic_and_leaves_the_game_untouched():
    game = three_left()
    before = json.dumps(game.log, sort_keys=True)
    state = [(p.name, p.alive, p.character, p.alignment, p.ghost_vote, len(p.effects),
              [dict(a.state) for a in p.held]) for p in game.players]
    rng, decisions = game.rng.getstate(), game.n_decisions
    first = estimate(game, continuations=6, days=3, storyteller=CONT)
    assert estimate(game, continuations=6, days=3, storyteller=CONT) == first
    assert json.dumps(game.log, sort_keys=True) == before
    assert [(p.name, p.alive, p.character, p.alignment, p.ghost_vote, len(p.effects),
             [dict(a.state) for a in p.held]) for p in game.players] == state
    assert game.rng.getstate() == rng and game.n_decisions == decisions
    clone = fork(game, 1, CONT)
    assert clone.players[0] is not game.players[0]
    assert clone.players[0].held[0].game is clone and clone.players[0].held[0].player is clone.players[0]
    assert clone.by_name["Ann"] is clone.players[0] and clone.on_event is None
    play_on(clone, 5, clone.rng)
    assert clone.winner is not None and game.winner is None
    assert json.dumps(game.log, sort_keys=True) == before


@pytest.mark.parametrize("script,travellers", [("trouble-brewing", 0), ("regalia", 2),
                                               ("the-saga-of-the-summoner", 1)])
def test_estimates_from_any_moment_of_games_of_every_script(script, travellers):
    """Forks at setup, after each night and during and after each day, on every playable
    script (Travellers too): the estimate runs and the real game is untouched."""
    from clocktower.engine.game import GameOver
    from clocktower.engine.runner import bot_day
    from clocktower.play import new_game
    for seed in range(8):
        game = new_game(script, 7 + seed % 3, seed, travellers=travellers)
        moments = 0
        while game.winner is None and game.day < 8:
            before = json.dumps(game.log)
            est = estimate(game, continuations=2, days=2, storyteller=CONT)
            assert est.continuations >= 1 and json.dumps(game.log) == before
            moments += 1
            if game.phase in ("setup", "day"):
                game.run_night()
            else:
                game.start_day()
                try:
                    bot_day(game)
                except GameOver:
                    break
                before = json.dumps(game.log)
                estimate(game, continuations=2, days=2, storyteller=CONT)       # mid-day, before the day ends
                assert json.dumps(game.log) == before
                game.end_day()
        assert moments >= 2


def test_no_continuations_no_estimate_neither():
    est = estimate(three_left(), continuations=0, storyteller=CONT)
    assert est.verdict == "neither" and est.reason == "no continuations were played"


def test_a_game_with_a_general_is_deterministic_and_replays():
    ids = ["general", "highpriestess", "artist", "slayer", "mayor", "saint", "imp", "poisoner",
           "soldier", "monk", "chef", "empath", "butler", "recluse", "spy", "baron",
           "scarletwoman"]
    for seed in range(6):
        a = play_game(ids, 9, seed)
        b = play_game(ids, 9, seed)
        assert a.log == b.log
        replay(copy.deepcopy(a.log), REGISTRY)


class FixedWinning(AutoStoryteller):
    """Answers the General 'neither' always; with `estimating`, runs an estimate first."""

    def __init__(self, seed: int, estimating: bool):
        super().__init__(seed)
        self.estimating = estimating
        self.estimates: list = []

    def __call__(self, decision, view):
        if isinstance(decision, Judgement) and decision.context["judgement"] == "winning":
            if self.estimating:
                self.estimates.append(estimate(view.game, continuations=3, days=2, storyteller=CONT))
            return {"alignment": "neither"}
        return super().__call__(decision, view)


def test_the_real_log_is_unchanged_by_the_generals_estimates():
    """The same game, answered the same, with and without estimates: identical logs."""
    ids = ["general", "slayer", "mayor", "saint", "imp", "poisoner", "soldier", "monk", "chef",
           "scarletwoman", "butler", "recluse"]
    ran = 0
    for seed in range(12):
        st = FixedWinning(seed, estimating=True)
        with_est = play_game(ids, 8, seed, storyteller=st)
        without = play_game(ids, 8, seed, storyteller=FixedWinning(seed, estimating=False))
        ran += len(st.estimates)
        assert json.dumps(with_est.log) == json.dumps(without.log)
    assert ran > 10


# ---------------------------------------------------------------------------- talk_to
def test_talk_scores_favour_good_players_with_true_evil_information():
    sc = load_text((Path(__file__).resolve().parents[1] / "scenarios" / "alternate-endings" /
                    "highpriestess-automatic-storyteller-points-at-true-evil-information.yaml"
                    ).read_text(), "hp.yaml")
    game = run_scenario(sc).game
    assert game is not None
    info = shown_information(game)
    assert [t for _, t in info["Bob"]] == [True]
    scores = talk_scores(game, game.by_name["Ann"])
    assert max(scores, key=lambda n: scores[n][0]) == "Bob"
    assert "true piece(s) of information" in scores["Bob"][1]
    assert "Ann" not in scores
    # Misled players come next; evil players are worth talking to only in the end game.
    assert scores["Eve"][0] < scores["Cat"][0] < scores["Bob"][0]


def test_an_evil_high_priestess_is_shown_the_demon_and_the_endgame_demon_to_a_good_one():
    game = written([("Ann", "highpriestess"), ("Bob", "chef"), ("Cat", "imp"),
                    ("Dan", "poisoner"), ("Eve", "saint")], bluffs=["monk", "mayor", "slayer"])
    scores = talk_scores(game, game.by_name["Ann"])
    assert scores["Cat"] == scores["Dan"]         # five alive: the Demon is not singled out
    game.phase = "night"
    game.die(game.by_name["Eve"], "demon")
    scores = talk_scores(game, game.by_name["Ann"])
    assert max(scores, key=lambda n: scores[n][0]) == "Cat"      # four alive: the Demon
    game.by_name["Ann"].alignment = "evil"
    game.by_name["Eve"].alive = True
    scores = talk_scores(game, game.by_name["Ann"])
    assert max(scores, key=lambda n: scores[n][0]) == "Cat"
    assert scores["Dan"][0] > scores["Bob"][0]                  # a teammate before a good player


# ---------------------------------------------------------------------------- question policy
def artist_game(poisoned: bool) -> Game:
    game = written([("Ann", "artist"), ("Bob", "slayer"), ("Cat", "imp"), ("Dan", "poisoner"),
                    ("Eve", "saint")], script="alternate-endings",
                   bluffs=["general", "highpriestess", "huntsman"])
    if poisoned:
        from clocktower.engine.state import Effect
        ann = game.by_name["Ann"]
        game.phase = "night"
        game.night = 1
        game.add_effect(Effect("poisoned", ann, game.by_name["Dan"].ability, ends=("dusk", 2)),
                        by=game.by_name["Dan"].ability)
    game.start_day()
    return game


def test_a_sober_artist_is_told_the_truth_only_and_free_text_gets_unknown():
    game = artist_game(poisoned=False)
    seen: list = []
    game.answerers["storyteller"] = lambda d, g: seen.append(d) or AutoStoryteller(1)(d, g)
    game.use_day_ability(game.by_name["Ann"], "artist", {"question": "is Cat the Demon?"})
    learn = [e for e in game.log if e["type"] == "learn" and e["phase"] == "day"]
    assert learn[-1]["answer"] == "yes" and not seen       # one legal answer: not asked
    game2 = artist_game(poisoned=False)
    game2.use_day_ability(game2.by_name["Ann"], "artist", {"question": "who is lying?"})
    j = [e for e in game2.log if e["type"] == "judgement"][-1]
    assert j["answer"] == {"answer": "unknown"} and "cannot read" in j["reason"]


def test_a_poisoned_artist_may_be_given_a_false_answer_by_the_automatic_storyteller():
    answers = Counter()
    for seed in range(30):
        game = artist_game(poisoned=True)
        game.answerers["storyteller"] = AutoStoryteller(seed)
        game.use_day_ability(game.by_name["Ann"], "artist", {"question": "is Cat the Demon?"})
        j = [e for e in game.log if e["type"] == "judgement"][-1]
        answers[(j["answer"]["answer"], j["true"])] += 1
    assert answers[("yes", True)] and answers[("no", False)], answers


def test_judgement_answers_may_carry_a_reason_only_as_a_string():
    d = Judgement("info", "storyteller", [{"alignment": "good"}, {"alignment": "evil"}])
    assert d.is_legal({"alignment": "good"}) and d.is_legal({"alignment": "evil", "why": "x"})
    assert not d.is_legal({"alignment": "neither"}) and not d.is_legal({"alignment": "good", "why": 3})


# ---------------------------------------------------------------------------- scenarios
BASE = """name: x
script: alternate-endings
players:
  - {name: Ann, character: %s}
  - {name: Bob, character: slayer}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: saint}
bluffs: [mayor, goblin, huntsman]
steps:
"""


@pytest.mark.parametrize("character,steps,words", [
    ("highpriestess", "  - night: 1\n    choices: {Dan: Bob}\n    storyteller:\n      Ann: {players: [Ann]}\n",
     "information {'players': ['Ann']} for Ann on night 1 is not legal"),
    ("general", "  - night: 1\n    choices: {Dan: Bob}\n    storyteller:\n      Ann: {alignment: maybe}\n",
     "alignment must be good or evil (or neither: the General)"),
    ("artist", "  - night: 1\n    choices: {Dan: Bob}\n  - day: 1\n    actions:\n"
     "      - ability: {by: Ann, character: artist, question: \"is Cat the Demon?\"}\n"
     "    storyteller:\n      Ann: {answer: \"no\"}\n",
     "information {'answer': 'no'} for Ann on day 1 is not legal (the player is sober and healthy)"),
    ("artist", "  - night: 1\n    choices: {Dan: Bob}\n  - day: 1\n    actions:\n"
     "      - ability: {by: Ann, character: artist, question: \"is Cat the Demon?\"}\n"
     "    storyteller:\n      Ann: {answer: maybe}\n",
     "answer 'maybe' is not one of"),
    ("artist", "  - night: 1\n    choices: {Dan: Bob}\n  - day: 1\n    actions:\n"
     "      - ability: {by: Ann, character: artist}\n",
     "Ann cannot use artist with {} now"),
    ("artist", "  - night: 1\n    choices: {Dan: Bob}\n  - day: 1\n    actions:\n"
     "      - ability: {by: Ann, character: artist, question: [1, 2]}\n",
     "Ann cannot use artist with {'question': [1, 2]} now"),
    ("artist", "  - night: 1\n    choices: {Dan: Bob}\n  - day: 1\n    actions:\n"
     "      - ability: {by: Ann, character: artist, question: \"is Cat evil?\"}\n"
     "  - night: 2\n    choices: {Dan: Bob, Cat: Eve}\n  - day: 2\n    actions:\n"
     "      - ability: {by: Ann, character: artist, question: \"is Dan evil?\"}\n"
     "    storyteller:\n      Ann: {answer: \"yes\"}\n",
     "information for Ann, who learned nothing on day 2"),
])
def test_written_answers_are_checked(character, steps, words):
    with pytest.raises(ScenarioError, match=re.escape(words)):
        scenario(BASE % character + steps, "x.yaml")


def narrate(events, player_view=False) -> str:
    return _narrate(events, player_view, width=300)     # the reasons are long lines


# The automatic Storyteller's estimate in a written game. Not a file of scenarios/: its
# answer depends on the seeded continuations (evil wins about three in four of them here),
# and a scenario file must hold whatever its seed (tests/test_scenario_seeds.py).
GENERAL_AUTO = """name: The automatic Storyteller tells the General evil is winning when three players are left, two of them evil (evil wins most continuations)
script: alternate-endings
players:
  - {name: Ann, character: general}
  - {name: Bob, character: slayer}
  - {name: Cat, character: imp}
  - {name: Dan, character: poisoner}
  - {name: Eve, character: saint}
bluffs: [mayor, artist, huntsman]
steps:
  - night: 1
    choices: {Dan: Bob}
    storyteller:
      Ann: {alignment: neither}
  - day: 1
  - night: 2
    choices: {Dan: Bob, Cat: Bob}
    storyteller:
      Ann: {alignment: neither}
  - day: 2
  - night: 3
    # The Imp kills the Saint before the General wakes: three players are left, two evil.
    # The General's answer is not written: the automatic Storyteller's estimate decides.
    choices: {Dan: Ann, Cat: Eve}
    expect:
      - died_tonight: [Eve]
      - learned: {player: Ann, night: 3, alignment: evil}
"""


def test_the_automatic_storyteller_tells_the_general_evil_is_winning_in_a_written_game():
    result = scenario(GENERAL_AUTO, "general-auto.yaml")
    assert result.ok, result.failures
    j = [e for e in result.game.log if e["type"] == "judgement"][-1]
    assert j["answer"] == {"alignment": "evil"}
    assert j["reason"].startswith("the Storyteller believes evil is winning: good won ")
    broken = GENERAL_AUTO.replace("night: 3, alignment: evil", "night: 3, alignment: good")
    assert not scenario(broken, "general-auto.yaml").ok


def test_narration_gives_the_storyteller_the_reason_and_players_nothing_of_it():
    log = scenario(GENERAL_AUTO, "general-auto.yaml").game.log
    text = narrate(log)
    assert "the Storyteller believes evil is winning (thumbs down)" in text
    assert "Storyteller's judgement (General): the Storyteller believes evil is winning: good won" in text
    assert "✓ true" not in text.split("Night 3")[1].split("Dawn")[0]
    mine = view(log, "Ann")
    assert not any(e["type"] == "judgement" for e in mine)
    assert not any("why" in json.dumps(e) for e in mine)
    assert "Storyteller's judgement" not in narrate(mine, player_view=True)
    assert "the Storyteller believes evil is winning" in narrate(mine, player_view=True)


# ---------------------------------------------------------------------------- simulated games
def test_simulated_games_with_the_three_characters():
    ids = ["general", "highpriestess", "artist", "slayer", "mayor", "saint", "imp", "poisoner",
           "soldier", "monk", "chef", "empath", "washerwoman", "butler", "recluse", "drunk",
           "spy", "scarletwoman", "baron"]
    seen: Counter = Counter()
    for seed in range(240):
        game = play_game(ids, 7 + seed % 4, seed,
                         storyteller=AutoStoryteller(seed, continuations=2))
        asked: Counter = Counter()
        log = game.log
        for i, e in enumerate(log):
            if e["type"] != "judgement":
                continue
            learn = log[i - 1]
            assert learn["type"] == "learn" and learn["player"] == e["player"]
            assert {k: learn[k] for k in e["answer"]} == e["answer"]
            seen[e["judgement"]] += 1
            if e["judgement"] == "winning":
                assert learn["alignment"] in ("good", "evil", "neither")
            elif e["judgement"] == "talk_to":
                assert learn["players"] != [e["player"]]
            else:
                asked[e["player"]] += 1
                assert learn["answer"] in ("yes", "no", "unknown")
                decision = log[i - 2]
                assert decision["type"] == "decision" or e["true"], e   # forced: the truth
                if "true" in e and not e["true"]:
                    assert "drunk or poisoned" in e["reason"]
        assert all(n == 1 for n in asked.values()), asked
        for name in game.by_name:
            assert not any(e["type"] == "judgement" for e in view(log, name))
    assert seen["winning"] and seen["talk_to"] and seen["question"], seen


def test_a_high_priestess_is_not_simply_shown_an_evil_player_when_nobody_has_information():
    picks = Counter()
    for seed in range(20):
        game = written([("Ann", "highpriestess"), ("Bob", "soldier"), ("Cat", "imp"),
                        ("Dan", "poisoner"), ("Eve", "saint"), ("Fay", "mayor")],
                       bluffs=["monk", "chef", "slayer"])
        game.answerers["storyteller"] = AutoStoryteller(seed)
        game.phase, game.night = "night", 1
        game.by_name["Ann"].ability.night(True)
        j = [e for e in game.log if e["type"] == "judgement"][-1]
        assert "nobody holds information worth talking about yet" in j["reason"]
        picks[game.by_name[j["answer"]["players"][0]].alignment] += 1
    assert picks["good"] and picks["evil"], picks


def test_a_person_as_storyteller_answers_the_judgements_one_at_a_time():
    """Session (a person, a web client): the judgements are asked like any decision; an
    answer without a reason is legal; the game equals the same answers given in one go."""
    from clocktower.engine.runner import play
    from clocktower.engine.session import Session
    from clocktower.play import new_game
    ids = ["general", "highpriestess", "artist", "slayer", "mayor", "saint", "imp", "poisoner",
           "soldier", "monk", "chef"]

    def first(decision, game):
        return decision.options()[0]

    # the first seed whose game asks three judgements or more (the bots' draws decide)
    seed, direct = next((sd, g) for sd in range(40)
                        for g in [play(new_game(ids, 7, sd, storyteller=first))]
                        if sum(e["type"] == "judgement" for e in g.log) >= 3)
    s = Session(lambda a: new_game(ids, 7, seed, storyteller=a["storyteller"]),
                outside={"storyteller"})
    kinds = Counter()
    while (d := s.pending()) is not None:
        kinds[d.context.get("judgement")] += 1
        s.answer(d.options()[0])
    assert kinds["winning"] + kinds["talk_to"] + kinds["question"] >= 3, kinds
    assert s.game is not None and s.game.log == direct.log
    j = [e for e in direct.log if e["type"] == "judgement"]
    assert j and all(e["reason"] == "the Storyteller's own judgement (no reason given)"
                     or e.get("true") is not None for e in j)
