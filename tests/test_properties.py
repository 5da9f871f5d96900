"""Random games across scripts and player counts: every game ends, and the rules' invariants hold.

2,000+ seeded games (the count is set by GAMES_PER_CASE). Each game is checked from its event
log, so the checks are independent of the engine's own bookkeeping.
"""
from __future__ import annotations

import pytest

from clocktower import data as D
from clocktower.characters import REGISTRY
from clocktower.engine.runner import play
from clocktower.errors import SetupError
from clocktower.play import new_game
from clocktower.scripts import load_script
from logchecks import Checked, check_log, check_table

# TB at 5-15, the Saga at 5-9 (all it can seat), Regalia at 5-15 with 0-5 Travellers:
# 27 cases x 130 = 3,510 games; Alternate Endings at 5-15 with 0-5 Travellers: 11 x 70;
# The Return of Jafar likewise: 11 x 100.
GAMES_PER_CASE = 130


def _implemented(script: str) -> bool:
    return all(c in REGISTRY for c in load_script(script).characters)


CASES = [("trouble-brewing", n, 0) for n in range(5, 16)] + \
        [("the-saga-of-the-summoner", n, 0) for n in range(5, 10)] + \
        [("regalia", n, n % 6) for n in range(5, 16)] + \
        [("alternate-endings", n, n % 6) for n in range(5, 16)] + \
        [("the-return-of-jafar", n, n % 6) for n in range(5, 16)]
# Alternate Endings games cost more (the General's estimate plays continuations).
GAMES = {"alternate-endings": 70, "the-return-of-jafar": 100}


# The sweeps at 13-15 players are the slowest games: `slow` (not in `make quick`).
SWEEP = [pytest.param(*case, marks=pytest.mark.slow) if case[1] >= 13 else case
         for case in CASES]


@pytest.mark.parametrize("script,players,travellers", SWEEP)
def test_random_games(script, players, travellers):
    assert _implemented(script)
    for seed in range(GAMES.get(script, GAMES_PER_CASE)):
        game = new_game(script, players, seed, travellers=travellers)
        game.answerers = {k: Checked(v) for k, v in game.answerers.items()}
        play(game)
        check_log(game, script, travellers)
        check_table(game)


def _dealt_and_acted(script_name: str, games: int) -> tuple[set, set]:
    """The characters dealt, and the abilities seen acting (an event their ability made),
    over `games` simulated games of a script at 5-15 players with 0-5 Travellers."""
    dealt: set[str] = set()
    acted: set[str] = set()
    for seed in range(games):
        game = new_game(script_name, 5 + seed % 11, seed, travellers=seed % 6)
        play(game)
        dealt |= {p["character"] for p in game.log[0]["players"]}
        acted |= {e.get("ability") for e in game.log
                  if e["type"] in ("wake", "learn", "choice", "claim_ability", "effect", "claim")}
        acted |= {e.get("character") for e in game.log if e["type"] in ("claim", "claim_ability")}
    return dealt, acted


# Characters that act by day (seen through their claims and uses), per script.
DAY_USERS = {
    "regalia": {"slayer", "gunslinger", "goblin"},
    "alternate-endings": {"artist", "alsaahir", "cultleader", "gangster", "goblin", "slayer"},
    "the-return-of-jafar": {"fisherman", "amnesiac", "slayer"},
}
# On Regalia's night sheet as reminders only: they never wake.
NEVER_WAKE = {"regalia": {"magician", "scarletwoman"}}


@pytest.mark.slow                   # a sweep of 5-15 players: hundreds of games
@pytest.mark.parametrize("script_name,games", [("regalia", 150), ("alternate-endings", 300),
                                               ("the-return-of-jafar", 300)])
def test_every_character_of_a_script_plays(script_name, games):
    """Every character of the script is dealt in some simulated game, and every one that
    wakes at night or acts by day is seen acting (an event made by its ability)."""
    script = load_script(script_name)
    dealt, acted = _dealt_and_acted(script_name, games)
    assert set(script.characters) <= dealt, sorted(set(script.characters) - dealt)
    wakers = {c for c in script.characters if D.get(c).first_night or D.get(c).other_night}
    wakers -= NEVER_WAKE.get(script_name, set())
    day_users = DAY_USERS[script_name] & set(script.characters)
    assert wakers | day_users <= acted, sorted((wakers | day_users) - acted)


@pytest.mark.parametrize("players", range(10, 16))
def test_the_saga_cannot_seat_ten_or_more(players):
    # Six Townsfolk and two Minions: 10+ players need 7+ Townsfolk, 13+ need 3 Minions.
    with pytest.raises(SetupError, match="cannot seat"):
        new_game("the-saga-of-the-summoner", players, 0)
