"""What the good bots read in evil's plays (clocktower/agents/reads.py): hands read in
their spot by the count, a Demon's confession, a teammate's hand for its Demon, a catch."""
import math

from clocktower.agents import beliefs as B
from clocktower.agents import reads

from test_bot_evidence import CLAIMS, _nominate, _pub, _table


def test_a_hand_withheld_from_a_nominee_who_went_over_the_bar_reads_as_a_teammate(monkeypatch):
    """Everyone but Fay votes for Ann, who goes over the bar without Fay's hand (5 of 4):
    evil never helps carry its Demon to the bar, and withholds its hand even when the vote
    does not need it (the measured spot "mid over"): Fay is likelier evil, and Ann likelier
    the Demon, than had every hand gone up (a Demon's teammates would have kept theirs).
    Less so since the fifth session: evil's hand now goes up for its Demon expected over
    the bar without it (in "mid over 4" 72% of the time, a good voter's 94%; was 23%).
    Since the sixth, a nomination's hands may be counted at a power (`VOTE_WEIGHT`: 0.45
    measured, not switched on; 1 counts them as independent): the withheld hand still
    marks Fay, and the odds of two teams that differ only in Fay move by exactly that power
    of the hands' likelihood ratio."""
    def odds(table):
        idx, ws = table._weights()
        hyps, bit = table.hypotheses(), table.bit
        w = {(hyps[i][0], hyps[i][1]): wi for i, wi in zip(idx.tolist(), ws.tolist())}
        return w[(bit["Ann"], bit["Ann"] | bit["Fay"])] / w[(bit["Ann"], bit["Ann"] | bit["Bob"])]

    for weight in (1.0, 0.45):
        monkeypatch.setattr(B, "VOTE_WEIGHT", weight)
        t = _table()
        _nominate(t, "Dan", "Ann", ["Bob", "Cat", "Dan", "Eve", "Gus"])
        assert t.nom_ctx[0][0] == 4
        d = t.public_demon()
        e = t.public_evil()
        base = _table()
        _nominate(base, "Dan", "Ann", ["Bob", "Cat", "Dan", "Eve", "Fay", "Gus"])
        assert e["Fay"] > base.public_evil()["Fay"] + 0.05
        assert d["Ann"] > (1.2 if weight == 1.0 else 1.0) * base.public_demon()["Ann"]
        # Ann the Demon with Fay, or with Bob: the prior and the claims are the same in
        # both records, so their odds move by the hands' log-likelihood ratio x the power.
        shift = math.log(odds(t) / odds(base))
        hands = 0.0
        for table, sign in ((t, 1.0), (base, -1.0)):
            pair = {h[1]: i for i, h in enumerate(table.hypotheses())
                    if h[0] == table.bit["Ann"]}
            evil, demon = table._matrix()
            log = reads.vote_log(table, 0, evil, demon)
            fay, bob = (pair[table.bit["Ann"] | table.bit[x]] for x in ("Fay", "Bob"))
            hands += sign * float(log[fay] - log[bob])
        assert hands > 0.0
        assert abs(shift - weight * hands) < 1e-6 * max(1.0, hands)


def test_a_hands_spot_is_where_the_count_stood_for_that_voter():
    """`reads.spot`: the phase, the count against the bar (short of it even with this
    hand, carried by it, over it without it) and the others' share of hands."""
    assert reads.spot(2, 0.3, 4, 7) == "mid short 1"
    assert reads.spot(3, 0.5, 4, 7) == "mid carry 2"
    assert reads.spot(4, 1.0, 4, 7) == "mid over 4"
    assert reads.spot(1, 0.5, 2, 4) == "end carry 2"
    # The bar: the threshold, or one more than the most votes of a nominee about to die.
    assert reads.bar([], 4) == 4
    assert reads.bar([("Ann", 5, 4), ("Bob", 3, 4)], 4) == 6
    assert reads.bar([("Ann", 3, 4)], 4) == 4


def test_the_measured_hands_cover_the_spots_of_a_game():
    """clocktower/data/hands.json (tools/evil_rates.py --hands) has the good voters' and
    the evil voters' counts of the spots the middle of a game has, and reads them as
    likelihood ratios: a withheld hand on a Demon who goes over the bar anyway is evil's,
    a hand on a good nominee at a full vote tells little either way (since the fifth
    session evil raises it there a little less often than good: 89% against 94%)."""
    logs = reads.hand_logs()
    for q in range(reads.Q_BINS):
        assert ("good", f"mid short {q}") in logs
    assert logs[("demon", "mid over 4")][1] > 1.0      # withheld: x e or more
    assert logs[("good", "mid over 4")][0] >= -0.2      # raised: little either way


def test_a_player_who_claims_the_demon_is_a_minion_rather_than_the_demon():
    t = _table(dict(_claims(), Gus="imp"))
    assert t.public_evil()["Gus"] > 0.9
    assert t.public_demon()["Gus"] < 0.5
    assert reads.confessions(t, *t._matrix()) is not None


def test_no_hand_for_the_likeliest_demon_reads_as_its_teammate():
    """Everyone but Fay votes for Ann: in the worlds where Ann is the Demon, those with Fay
    its Minion gain on those with Fay good (an evil voter raises a hand for its Demon less
    often than a good voter in the same spot, `reads.spot`). Since evil's hands on its
    teammates follow a good player's (its hand never carries its Demon to the execution
    bar), the read is conditional: Fay's chance of being evil overall need not rise (most worlds
    have Ann good, and a good nominee gets evil's hands a little more often)."""
    t = _table()
    _nominate(t, "Dan", "Ann", ["Bob", "Cat", "Dan", "Eve", "Gus"])
    evil, demon = t._matrix()
    logw = reads.vote_log(t, 0, evil, demon)
    ann, fay = t.seat["Ann"], t.seat["Fay"]
    mate = (demon == ann) & (evil[:, fay] == 1)
    alone = (demon == ann) & (evil[:, fay] == 0)
    assert mate.any() and alone.any()
    assert logw[mate].mean() > logw[alone].mean()


def test_a_catch_takes_back_the_nominators_teammate_term():
    """Ann nominated Bob, who was executed with seven alive, and the game went on: on a
    script with the Scarlet Woman, Ann may be the Demon now (she caught it)."""
    def played(catch: bool):
        t = _table()
        _nominate(t, "Ann", "Bob", ["Ann", "Cat", "Dan", "Eve"])
        _pub(t, type="execution", player="Bob", votes=4)
        _pub(t, type="death", player="Bob", cause="execution", by=None)
        if catch:
            _pub(t, type="dawn", phase="night", number=2, deaths=[])
        return t
    assert played(True).catchers
    assert played(True).catch_noms == [0]
    assert played(True).public_demon()["Ann"] > played(False).public_demon()["Ann"]


def _claims():
    return dict(CLAIMS)


# ---- the good bots' guards against evil endings (clocktower/agents/goodplays.py) ----------
def _ae_table():
    from clocktower.agents import beliefs as B
    from clocktower.play import new_game
    t = B.Table(new_game("alternate-endings", 7, 0).view("Ann"))
    for who, c in dict(Ann="artist", Bob="general", Cat="mayor", Dan="huntsman",
                       Eve="courtier", Fay="balloonist", Gus="slayer").items():
        t.add({"type": "claim", "visible_to": "all", "player": who, "character": c,
               "phase": "day", "number": 1})
    return t


class _View:
    def alive(self, name):
        return True


def test_two_players_who_nominated_each_other_are_guarded_as_twins():
    from types import SimpleNamespace
    from clocktower.agents.goodplays import TWIN_SURE, guard
    t = _ae_table()
    bot = SimpleNamespace(name="Ann", nominator=None)
    _nominate(t, "Bob", "Cat", [])
    assert guard(bot, _View(), t, "Cat") == 0.0
    _nominate(t, "Cat", "Bob", [])
    assert guard(bot, _View(), t, "Cat") == TWIN_SURE
    assert guard(bot, _View(), t, "Bob") == TWIN_SURE


def test_after_the_fearmongers_announcement_an_untrusted_nominators_nominee_is_guarded():
    from types import SimpleNamespace
    from clocktower.agents.goodplays import guard
    t = _ae_table()
    bot = SimpleNamespace(name="Ann", nominator="Bob")
    assert guard(bot, _View(), t, "Cat") == 0.0
    _pub(t, type="announcement", ability="fearmonger", phase="night")
    assert guard(bot, _View(), t, "Cat") == 1.0
    # the bot's own nomination: no guard
    assert guard(SimpleNamespace(name="Ann", nominator="Ann"), _View(), t, "Cat") == 0.0


def test_a_demon_that_lives_on_after_its_first_death_may_be_a_dead_player():
    """On a script with the Zombuul ("The 1st time you die, you live but register as
    dead"), an executed player may still be the Demon; on Trouble Brewing not."""
    from clocktower.agents import beliefs as B
    from clocktower.play import new_game

    def after(script):
        t = B.Table(new_game(script, 7, 0).view("Ann"))
        _pub(t, type="execution", player="Bob", votes=4)
        _pub(t, type="death", player="Bob", cause="execution", by=None)
        return t.public_demon()["Bob"]
    assert B.undead_share(["zombuul", "lilmonsta"]) == 0.5
    assert after("the-saga-of-the-summoner") > 0.02
    assert after("trouble-brewing") == 0.0


def test_players_dead_from_the_start_of_a_written_grimoire_are_dead_to_the_bots():
    """A grimoire written mid-game (a town square import) seats players dead from the start:
    the `seating` event's `dead` (engine/setup.py). The bots' table reads them as dead, so
    a bot neither suspects them of being alive nor counts them among the living."""
    from clocktower.agents.beliefs import Table
    from clocktower.characters import REGISTRY
    from clocktower.engine.game import Game
    from clocktower.engine.inputs import setup_written
    from clocktower.scripts import load_script
    from clocktower.storyteller.auto import AutoStoryteller
    chars = ["washerwoman", "chef", "empath", "monk", "poisoner", "imp", "saint"]
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
    game = Game(load_script("trouble-brewing"), REGISTRY, seed=0,
                default_answerer=AutoStoryteller(0))
    setup_written(game, [{"name": n, "character": c, "dead": n in ("Bob", "Gus"),
                          "ghost_vote": n != "Bob"} for n, c in zip(names, chars)], [])
    view = game.view("Ann")
    table = Table(view)
    for ev in view.events:
        if ev["visible_to"] == "all":
            table.add(ev)
    assert set(table.died) == {"Bob", "Gus"}
    assert table.alive_at_night("Cat", 1) and not table.alive_at_night("Bob", 1)
