"""The good bots' answers to the evil characters of a script: one small function per
character, keyed by the character's id (as `plays.py` keys evil's plays). A good bot looks
up every evil character on the script (the sheet is public), so a character added later is
answered by adding its entry here.

* `GUARDS`: character -> (bot, view, table, nominee) -> the least chance of being evil the
  nominee must have for a good bot to help execute them now, or None (no guard). A guard
  says when an execution may lose the game because of that character's ending:
  - **the Evil Twin** ("If the good player is executed, evil wins"): the Twins know each
    other and each nominates the other (`plays._eviltwin_nominee`), so two living players
    who have nominated each other may be the pair, one good, one evil: a good bot helps
    execute one of them only when it believes them the evil one (`TWIN_SURE`);
  - **the Fearmonger** ("if you nominate & execute them, their team loses"), once the table
    was told it chose a player (its public announcement): the nominator may be the
    Fearmonger and the nominee its chosen good player. A good bot helps execute the nominee
    only when the nominee's chance of being the Demon is above the chance that the
    nominator is the Fearmonger (a Minion, one of the script's Minions in play, by its
    belief, and `FEAR_NOMINATES` times likelier to nominate than a good player: it
    nominates its chosen player every day) and the nominee good.

  - **the Vizier** ("If good voted, you may choose to execute immediately"), once the
    Vizier is known (its announcement, a `learn` every player gets unless a jinx hides it:
    the Investigator's, on The Return of Jafar; or its first public use, `Table.exposed`)
    and while it lives: one good hand lets the evil Vizier execute the nominee at once,
    and it does so when the nominee is good (at 13 players on The Return of Jafar, 168 of
    its 186 executions were of good players). A good bot's hand then helps execute now:
    it is raised only for a nominee it believes likelier evil than `VIZIER_SURE`.

* `CHOICES`: a good bot's own choice for its character: **the Huntsman** chooses the
  player likeliest to be the hidden Damsel (`_huntsman_choice`); **the Klutz**, dead, the
  living player it believes least likely evil (`_klutz_choice`: any evil player chosen
  loses the game, so the Demon chance is the wrong measure).
"""
from __future__ import annotations

from typing import Any, Callable

TWIN_SURE = 0.5
FEAR_NOMINATES = 3.0
VIZIER_SURE = 0.5


def _twin_guard(bot, view, table, nominee: str) -> float | None:
    """Two living players who nominated each other (any day) may be the Twins."""
    pairs = {(by, target) for by, target, _v, _c in table.noms}
    if any((nominee, other) in pairs and (other, nominee) in pairs and view.alive(other)
           for other in table.players if other != nominee):
        return TWIN_SURE
    return None


def _fear_guard(bot, view, table, nominee: str) -> float | None:
    """The Fearmonger announced a choice: the nominee may be its chosen player."""
    if "fearmonger" not in table.announced:
        return None
    by = bot.nominator
    if by is None or by == bot.name or by == nominee:
        return None
    e = table.evil_chances(bot.name)
    d = table.demon_chances(bot.name, fresh=False)
    # The nominator is the Fearmonger: a Minion, one of the script's Minions in play, and
    # a Fearmonger nominates its chosen player every day where a good player nominates
    # now and then (FEAR_NOMINATES times likelier to have made this nomination).
    f = max(e.get(by, 0.0) - d.get(by, 0.0), 0.0) / max(table.n_minions, 1)
    fearmonger = f * FEAR_NOMINATES / (f * FEAR_NOMINATES + 1.0 - f)
    if d.get(nominee, 0.0) > fearmonger * (1.0 - e.get(nominee, 0.0)):
        return None
    return 1.0          # not now: the risk is above the gain


def _vizier_guard(bot, view, table, nominee: str) -> float | None:
    """A living Vizier this bot knows of (told, or its public use) may execute any nominee
    a good player voted for: a hand is an execution now."""
    known = [n for n, c in table.exposed.items() if c == "vizier"]
    for _night, ab, info, _c in getattr(bot, "learned", ()):
        if ab == "vizier" and info.get("character") == "vizier":
            known += info.get("players") or ()
    if any(who != bot.name and view.alive(who) for who in known):
        return VIZIER_SURE
    return None


def _huntsman_choice(bot, view, table, living: list[str]) -> list[str] | None:
    """The Huntsman looks for the Damsel, who hides as good bots hide her
    (`reasoning._queue_cover`): a claim, once the town has spoken, of a Townsfolk that
    learns nothing on the first night. From the second night, its choice is the player it
    trusts most among those claimants, late claimants first; none on the first night
    (nothing said yet) or with no such claimant (it keeps its one use)."""
    from .. import data as D
    if bot._evil(view) or view.night < 2:
        return []
    late = {who for who, as_minion, _d in table.timing if as_minion > 1.0}
    e = table.evil_chances(bot.name)
    quiet = []
    for n in living:
        c = table.claims.get(n)
        if n == bot.name or c is None or c not in D.all_characters() \
                or D.get(c).team != "townsfolk":
            continue
        if table.informs(c) and D.get(c).first_night:
            continue
        quiet.append(n)
    if not quiet:
        return []
    return [min(quiet, key=lambda n: (n not in late, e.get(n, 0.0), table.seat[n]))]


def _klutz_choice(bot, view, table, living: list[str]) -> list[str] | None:
    """The dead Klutz's public choice ("if they are evil, your team loses"): the living
    player this bot believes least likely evil (Minion or Demon alike), its own belief;
    ties by seat. Asked at the end of the day it learned it died (`Klutz.on_day_end`): it
    waits the day out for the town's claims (`plays._klutz_use`)."""
    if bot._evil(view):
        return None
    e = table.evil_chances(bot.name)
    pool = [n for n in living if n != bot.name and view.alive(n)] or list(living)
    if not pool:
        return None
    return [min(pool, key=lambda n: (e.get(n, 0.0), table.seat[n]))]


# `CHOICES`: character -> (bot, view, table, living candidates) -> the players a good bot
# chooses at night for that character's ability, [] to decline (an optional choice), None
# for the general rule.
CHOICES: dict[str, Callable[[Any, Any, Any, list[str]], "list[str] | None"]] = {
    "huntsman": _huntsman_choice,
    "klutz": _klutz_choice,
}


GUARDS: dict[str, Callable[[Any, Any, Any, str], "float | None"]] = {
    "eviltwin": _twin_guard,
    "fearmonger": _fear_guard,
    "vizier": _vizier_guard,
}


def guard(bot, view, table, nominee: str) -> float:
    """The least evil chance `nominee` must have for good bot `bot` to help execute them now
    (0: no guard), from the guards of the script's characters."""
    need = 0.0
    for cid in table.script:
        g = GUARDS.get(cid)
        if g is not None:
            found = g(bot, view, table, nominee)
            if found is not None and found > need:
                need = found
    return need
