"""Answerers see views: a player's answerer gets that player's view, never the game."""
import json

import pytest

from clocktower.agents import RandomBot
from clocktower.engine.runner import play
from clocktower.engine.session import Session
from clocktower.engine.views import PlayerView, StorytellerView, view as filter_log
from clocktower.play import new_game
from clocktower.storyteller import AutoStoryteller


class Watching:
    """A random bot that checks, at every decision, what its view shows."""

    def __init__(self, seed, name, games, every=1):
        self.bot = RandomBot(seed, name)
        self.name = name
        self.games = games          # [game]: set once the game exists
        self.every = every
        self.asked = 0
        self.characters = set()

    def __call__(self, decision, view):
        assert isinstance(view, PlayerView) and not view.is_storyteller
        assert view.name == decision.who == self.name
        game = self.games[0]
        self.asked += 1
        if self.asked % self.every == 0:
            events = view.events
            assert events == filter_log(game.log, self.name)
            for ev in events:
                to = ev["visible_to"]
                assert to == "all" or (isinstance(to, list) and self.name in to), ev
        self.characters.add((view.character, view.alignment))
        return self.bot(decision, view)


def _watched_game(script, players, seed, travellers=0, every=1):
    games = []
    names_game = new_game(script, players, seed, travellers=travellers)   # names only
    agents = {p.name: Watching(seed, p.name, games, every) for p in names_game.players}
    game = new_game(script, players, seed, travellers=travellers, agents=agents)
    games.append(game)
    play(game)
    return game, agents


def test_a_drunk_bot_sees_its_townsfolk_not_the_drunk():
    game, agents = _watched_game("trouble-brewing", 8, 8)
    drunk = next(p for p in game.players if p.character == "drunk")
    assert drunk.thinks and drunk.thinks != "drunk"
    v = game.view(drunk.name)
    assert v.character == drunk.thinks and v.alignment == "good"
    # at every decision the bot was asked, it believed the same
    assert agents[drunk.name].characters == {(drunk.thinks, "good")}
    sent = json.loads(json.dumps(v.to_json()))
    assert sent["character"] == drunk.thinks
    told = [e for e in sent["events"] if e["type"] == "learn" and e.get("player") == drunk.name
            and (e.get("ability") == "setup" or e.get("reason") == "you are")]
    assert told and all(e["character"] == drunk.thinks for e in told)
    # nothing in the view leads to the grimoire
    assert not hasattr(v, "game") and not hasattr(v, "player")
    assert "drunk" not in json.dumps(sent["table"])


@pytest.mark.parametrize("script,players,travellers,seeds", [
    ("trouble-brewing", 10, 0, range(4)), ("trouble-brewing", 8, 3, range(2)),
    ("regalia", 12, 2, range(3)), ("the-saga-of-the-summoner", 9, 1, range(2)),
])
def test_player_views_hold_only_their_events_over_whole_games(script, players, travellers, seeds):
    for seed in seeds:
        game, agents = _watched_game(script, players, seed, travellers, every=7)
        assert sum(a.asked for a in agents.values()) > 5
        for p in game.players:
            mine = game.view(p.name).events
            assert mine == filter_log(game.log, p.name)
            assert not any(e["visible_to"] == "storyteller" for e in mine)
            others = [e for e in mine if isinstance(e["visible_to"], list)]
            assert all(p.name in e["visible_to"] for e in others)
        assert game.view("spectator").events == [e for e in game.log if e["visible_to"] == "all"]


def test_storyteller_and_everything_seeing_answerers_get_the_game():
    seen = []

    class St:
        def __init__(self, seed):
            self.auto = AutoStoryteller(seed)

        def __call__(self, decision, view):
            seen.append(view)
            return self.auto(decision, view)

    class Oracle:
        sees_everything = True

        def __init__(self):
            self.bot = RandomBot(0, "Ann")
            self.views = []

        def __call__(self, decision, view):
            self.views.append(view)
            return self.bot(decision, view)

    oracle = Oracle()
    game = play(new_game("trouble-brewing", 7, 2, storyteller=St(2), agents={"Ann": oracle}))
    assert seen and all(isinstance(v, StorytellerView) and v.game is game for v in seen)
    assert oracle.views and all(isinstance(v, StorytellerView) for v in oracle.views)
    assert game.view("storyteller").events is game.log


def test_an_outside_player_is_sent_their_view_with_each_decision():
    def build(answerers):
        return new_game("trouble-brewing", 8, 8, agents={"Fay": answerers["Fay"]})

    s = Session(build, outside={"Fay"})     # Fay is the Drunk in this game
    asked = 0
    while (d := s.pending()) is not None and asked < 40:
        sent = json.loads(json.dumps(s.view().to_json()))
        assert sent["viewer"] == "Fay" and sent["character"] == "undertaker"
        assert sent["events"] == filter_log(s.game.log, "Fay")
        s.answer(d.options()[0])
        asked += 1
    assert asked > 5


def test_a_bot_subclass_that_overrides_call_is_asked_with_decisions():
    """The fast path is the bot's own: a subclass that changes __call__ (and not the fast
    methods) gets every vote and day turn as a decision object."""
    from clocktower.engine.decisions import DayActionChoice, VoteChoice

    class Yes(RandomBot):
        def __init__(self, seed, name):
            super().__init__(seed, name)
            self.seen = []

        def __call__(self, decision, view):
            self.seen.append(type(decision))
            if decision.kind == "vote":
                return True
            return super().__call__(decision, view)

    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
    bots = {n: Yes(3, n) for n in names}
    game = play(new_game("trouble-brewing", names, 3, agents=bots))
    seen = [t for b in bots.values() for t in b.seen]
    assert VoteChoice in seen and DayActionChoice in seen
    tallies = [e for e in game.log if e["type"] == "nomination"]
    # every hand goes up: each nomination reaches the threshold
    assert tallies and all(len(e["voters"]) >= e["threshold"] for e in tallies)
