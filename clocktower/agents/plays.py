"""Per-character plays of the reasoning bots: what a bot does because of one character, as
one small function keyed by the character's id. Adding a character's play is adding one
entry here; the bots (`reasoning.py`) look the character up and fall back to their general
play when it has none.

* `PRETENDS`: an evil bot that claims a character whose day ability it does not hold
  pretends to use it (`Game.pretend_uses` lists the uses the claimed character's own rule
  code offers; the table sees a use that did nothing). `play(bot, view, table, uses)` ->
  one of `uses`, or None for not now. A bluffed character with an entry here is one an evil
  bot likes to claim when nobody has (`pretend_bluffs`).
* `USES` (a bot's own day ability), `VOTES` (a vote an ability asks for), `NOMINATES` and
  `HANDS` (whom a character's bot nominates, how it votes), `CHOICES` (a night choice),
  `PICKS` (a choice of a player and a character), `AGREES` (a consent asked of the bot),
  `BLUFFS` and `INVENTS` (a claim built from what the bot saw), `FLIPPERS`,
  `PEACEMAKERS`, `CATCHERS`, `EXECUTE_TO_WIN` (characters the general play reads): each
  documented where it is defined, and in docs/bots.md.
"""
from __future__ import annotations

from typing import Any, Callable

from .. import data as D
from ..engine.rand import randrange

Play = Callable[[Any, Any, Any, list[dict]], "dict | None"]

# The chance an evil bot pretends its claimed Slayer's shot on day 1, on day 2; from day 3
# it does in any case (a good Slayer bot shoots by its belief, mostly on days 1-3).
PRETEND_DAY1 = 0.4
PRETEND_DAY2 = 0.6


def _slayer(bot, view, table, uses: list[dict]) -> dict | None:
    """A pretended Slayer's shot (once): a Minion shoots its Demon (nothing happens, so the
    table believes the Demon is not the Demon unless it doubts the shooter); a Demon shoots
    the good player the table suspects least (a shot that clears nobody who mattered)."""
    if "slayer" in bot.pretended:
        return None
    day = view.day
    r = bot.rng.random()
    if (day == 1 and r >= PRETEND_DAY1) or (day == 2 and r >= PRETEND_DAY2):
        return None
    by_target = {u.get("target"): u for u in uses}
    team = bot._teammates(view)
    demons = [d for d in sorted(bot.demons, key=table.seat.__getitem__)
              if d != bot.name and view.alive(d) and d in by_target]
    if demons:
        return by_target[demons[0]]
    p = table.public_demon(fresh=False)
    good = [n for n in view.living if n not in team and n in by_target]
    if not good:
        return None
    least = min(p.get(n, 0.0) for n in good)
    pool = [n for n in good if p.get(n, 0.0) <= least + 1e-9]
    return by_target[pool[randrange(bot.rng, len(pool))]]


PRETENDS: dict[str, Play] = {
    "slayer": _slayer,
}


def pretend_bluffs() -> frozenset[str]:
    """Characters an evil bot would rather bluff, when nobody claimed them: it has a play
    pretending their day ability."""
    return frozenset(PRETENDS)


# ---- a bot's own day abilities ---------------------------------------------------------------
# `USES`: character -> (bot, view, table, uses) -> one of `uses` (the bot's own ability's
# listed uses) or None; a character without an entry is used by the general rule
# (`ReasoningBot._day_use`: a targeted use at the top suspect).

# The Alsaahir guesses the evil team it believes likeliest when at least this sure of it,
# from day 3 at ALSAAHIR_LATER, and with four alive or fewer in any case.
ALSAAHIR_SURE = 0.5
ALSAAHIR_LATER = 0.3


def _alsaahir(bot, view, table, uses: list[dict]) -> dict | None:
    """Guess the whole evil team (good wins if right) when the belief is sure enough of
    one team: the likeliest hypothesis of the bot's belief, among the offered guesses."""
    if bot._evil(view):
        return None
    best = table.likeliest_team(bot.name)
    if best is None:
        return None
    (demon, minions), chance = best
    late = view.day >= 3 and chance >= ALSAAHIR_LATER
    if chance < ALSAAHIR_SURE and not late and len(view.living) > 4:
        return None
    want = {"minions": sorted(minions), "demons": [demon]}
    for u in uses:
        if sorted(u.get("minions", ())) == want["minions"] and u.get("demons") == [demon]:
            return u
    return None


# A good bot joins a cult when the chance that the Cult Leader's team is evil today is at
# most this, by its belief (`cult_risk`): if that team is good, the cult wins at once; if
# it is evil and every good player joins, evil wins at once.
CULT_SAFE = 0.5


def _cultleader(bot, view, table, uses: list[dict]) -> dict | None:
    """Form a cult (every good player joining wins for the Cult Leader's team, its own
    alignment now) every day, good or evil: a cult that fails costs nothing (nothing
    happens), and the good players' doubt, not the leader's patience, decides it."""
    return uses[0] if uses else None


def cult_risk(bot, view, table, leader: str) -> float:
    """The chance, by `bot`'s belief, that the Cult Leader `leader`'s team is evil today:
    the claimant is evil (a lie, or a Cult Leader turned evil before), or a good one took
    an evil neighbour's alignment last night (its alive neighbours: both evil, evil; one
    of each, the Storyteller's pick, taken as even). A neighbour that is `bot` itself,
    good, counts as good."""
    e = table.evil_chances(bot.name)
    lie = e.get(leader, 0.0) if leader != bot.name else 0.0
    near = [0.0 if n == bot.name else e.get(n, 0.0)
            for n in _alive_neighbours(view, table, leader)]
    turned = sum(near) / len(near) if near else 0.0
    return lie + (1.0 - lie) * turned


def _alive_neighbours(view, table, name: str) -> list[str]:
    seats = [n for n in table.players]
    i = table.seat[name]
    out = []
    for step in (-1, 1):
        for k in range(1, len(seats)):
            q = seats[(i + step * k) % len(seats)]
            if q != name and view.alive(q):
                out.append(q)
                break
    return out


# An evil Vizier hidden by a jinx (the Investigator's, on The Return of Jafar) keeps its
# ability for the last days: with this many alive or fewer. Its first use tells the town
# who it is (`beliefs.Table.exposed`), and the good bots then raise a hand only for a
# likely evil nominee (`goodplays._vizier_guard`): measured on seeds below 50000 (The
# Return of Jafar, 300 games a count), using it from day 1 left good 62.3 / 71.0 / 72.3%
# at 7 / 10 / 13 players, never using it 63.7% at 13, with five alive or fewer 57.3 /
# 63.3 / 63.0% (seven: 62.7% at 13); the town not reading its use, 59.3% at 13.
VIZIER_LATE = 5


def _vizier(bot, view, table, uses: list[dict]) -> dict | None:
    """An evil Vizier executes the nominee just voted on at once when it is a good player
    and a player outside its team voted (a good vote is needed; the tally does not matter):
    a good player dies today whatever the town would have decided; it waits for the last
    days (`VIZIER_LATE` alive or fewer), where a good execution brings the final two near,
    unless the town already knows it (announced, or used before). A good Vizier, as any
    good bot's aimed ability (`_aimed_use`)."""
    if not bot._evil(view):
        return bot._aimed_use(view, table, uses)
    known = table.exposed.get(bot.name) == "vizier" or any(
        ab == "vizier" and info.get("character") == "vizier"
        for _n, ab, info, _c in getattr(bot, "learned", ()))
    if len(view.living) > VIZIER_LATE and not known:
        return None
    team = bot._teammates(view)
    noms = view.nominations
    if not noms:
        return None
    last = noms[-1]
    voters = [v for v in last.get("voters", ()) if v not in team]
    for u in uses:
        if u.get("target") == last.get("target") and u["target"] not in team and voters:
            return u
    return None


def _gangster(bot, view, table, uses: list[dict]) -> dict | None:
    """An evil Gangster kills a good neighbour every day, the one the table trusts most (its
    other neighbour's agreement is part of the use); a good one, as any good bot's aimed
    ability (its likeliest Demon among its neighbours, when sure enough)."""
    if not bot._evil(view):
        return bot._aimed_use(view, table, uses)
    team = bot._teammates(view)
    good = [u for u in uses if u.get("target") not in team]
    if not good:
        return None
    trust = table.public_evil(fresh=False)
    return min(good, key=lambda u: (trust.get(u["target"], 0.0), table.seat[u["target"]]))


def _klutz_use(bot, view, table, uses: list[dict]) -> dict | None:
    """The dead Klutz's choice as a day action: not by day (an aimed ability's general rule
    would point at the likeliest Demon, and an evil choice loses): it waits for the end of
    the day, where the engine asks it (`goodplays._klutz_choice`, `_klutz_choice` below for
    an evil Klutz), having heard the day's claims."""
    return None


def _klutz_choice(bot, view, table, candidates: list[str]) -> list[str] | None:
    """An evil Klutz (turned evil) chooses a good player (an evil one would make good win):
    the living player outside its team the table trusts most; a good one: `goodplays`."""
    good = _evil_choosers_targets(bot, view, candidates)
    if not good:
        return None
    trust = table.public_evil(fresh=False)
    return [min(good, key=lambda n: (trust.get(n, 0.0), table.seat[n]))]


USES: dict[str, Play] = {
    "alsaahir": _alsaahir,
    "klutz": _klutz_use,
    "cultleader": _cultleader,
    "vizier": _vizier,
    "gangster": _gangster,
}


# ---- votes an ability asks for ------------------------------------------------------------
# `VOTES`: a vote's context key -> (bot, view, table, context) -> the hand. Votes on a
# nomination (and exiles) are the general rule's.

def _cult(bot, view, table, context: dict) -> bool:
    """Join a cult: an evil bot always (only good players' hands decide it: a hand for a
    teammate's cult may win, one for a good leader's changes nothing and looks good; a
    refusal would be a tell, the hands being public); a good bot when the leader's team is
    probably good today (`cult_risk` at most CULT_SAFE), by its belief."""
    leader = context.get("cult")
    if not isinstance(leader, str) or leader not in table.seat:
        return False
    if bot._evil(view):
        return True
    return cult_risk(bot, view, table, leader) <= CULT_SAFE


VOTES: dict[str, Callable[[Any, Any, Any, dict], bool]] = {
    "cult": _cult,
}


# ---- characters that change the ending ---------------------------------------------------
# Characters whose ability swaps the winner of every ending for everyone (the Heretic:
# "Whoever wins, loses & whoever loses, wins"): with one claimed by a player believed good,
# each team's bots play for the other's ending (`ReasoningBot._flipped`).
FLIPPERS: frozenset[str] = frozenset({"heretic"})

# Good characters whose execution loses the game for good (the Saint): an evil bot
# nominates a living claimant outside its team, and votes for them, when its team's hands
# alone reach the vote's threshold (`ReasoningBot._evil_wins_by_vote`).
EXECUTE_TO_WIN: frozenset[str] = frozenset({"saint"})

# Characters whose ability answers their first nomination by the nominator's character
# type (the Virgin: a Townsfolk nominator is executed at once): an evil bot that claims a
# Townsfolk (or means to) never makes the first nomination of a claimant of one
# (`evil_avoids`): if the claim is true, nothing happening shows it is no Townsfolk (and a
# Spy registering as one would die). One claiming an Outsider may: that spends her.
NOMINATION_TESTS: frozenset[str] = frozenset({"virgin"})


def evil_avoids(bot, view, table) -> frozenset[str]:
    """The players evil bot `bot` does not nominate because of `NOMINATION_TESTS`: living
    claimants of such a character nobody has nominated yet, while its own claim (or its
    planned bluff, not yet said) is a Townsfolk."""
    claims = table.claims
    untested = [n for n, c in claims.items()
                if c in NOMINATION_TESTS and n not in table.nominated and n != bot.name]
    if not untested:
        return frozenset()
    mine = claims.get(bot.name) or bot.bluff
    if not mine or _TEAMS.get(mine) != "townsfolk":
        return frozenset()
    return frozenset(untested)


_TEAMS = D.teams()


# Good characters whose team wins when only three live and nobody is executed that day (the
# Mayor): good bots let nobody die then if they trust the claimant (`_peace_wins`).
PEACEMAKERS: frozenset[str] = frozenset({"mayor"})


# ---- whom a character's bot nominates, how it votes, whom it chooses --------------------
# `NOMINATES`: character -> (bot, view, table, living) -> a nominee among `living` (the
# players it may nominate) or None for the general rule. `HANDS`: character -> (bot, view,
# table, nominee) -> True / False, or None for the general rule. `CHOICES`: ability ->
# (bot, view, table, candidates) -> the candidates in the order the bot wants them, or None.
# Each is looked up by the bot's own character (the ability for `CHOICES`).

def _learned(bot, ab: str) -> list[dict]:
    """What the bot's own ability `ab` told it, oldest first."""
    return [info for _n, a, info, _c in bot.learned if a == ab]


def twin_of(bot, ab: str = "eviltwin") -> str | None:
    """The player the Evil Twin's information named: for the Evil Twin its Good Twin, for
    the Good Twin the Evil Twin (a `learn` event with one player)."""
    found = _learned(bot, ab)
    for info in found[::-1]:
        players = list(info.get("players") or [])
        if len(players) == 1:
            return str(players[0])
    return None


def _eviltwin_nominee(bot, view, table, living: list[str]) -> str | None:
    """The Evil Twin nominates its Good Twin (executed, evil wins); the Good Twin nominates
    the Evil Twin (good cannot win while both live)."""
    twin = twin_of(bot)
    return twin if twin is not None and twin in living else None


def _eviltwin_hand(bot, view, table, nominee: str) -> bool | None:
    """Either Twin votes to execute its twin: the Evil Twin's execution of the good one
    wins for evil; the good one's of the Evil Twin frees good to win."""
    twin = twin_of(bot)
    if twin is not None and nominee == twin:
        return True
    return None


# The Fearmonger's team wins if it nominates and executes the player it chose: it chooses
# the good player the table suspects most (the one a vote is likeliest to execute) and
# nominates them by day.
def _fearmonger_nominee(bot, view, table, living: list[str]) -> str | None:
    if not bot._evil(view):
        return None
    chosen = [c for (night, ab), c in sorted(bot.chose.items()) if ab == "fearmonger" and c]
    if not chosen:
        return None
    feared = chosen[-1][0]
    return feared if feared in living and feared not in bot._teammates(view) else None


def _fearmonger_choice(bot, view, table, candidates: list[str]) -> list[str] | None:
    """The good player the table suspects most (its Demon chance): a vote on them passes
    most easily."""
    good = _evil_choosers_targets(bot, view, candidates)
    if not good:
        return None
    p = table.public_demon(fresh=False)
    return sorted(good, key=lambda n: (-p.get(n, 0.0), table.seat[n]))


def _evil_choosers_targets(bot, view, candidates: list[str]) -> list[str]:
    """The living good players among `candidates` when the chooser is evil (none when it is
    good: a good chooser follows the general rule)."""
    if not bot._evil(view):
        return []
    team = bot._teammates(view)
    return [n for n in candidates if n not in team and view.alive(n)]


# Characters that take the Demon's place when it dies (the Scarlet Woman: `_catching`):
# they back their Demon's execution instead of drawing the town off it.
CATCHERS: frozenset[str] = frozenset({"scarletwoman"})

# The Scarlet Woman's catch: with five or more alive, a Demon's death makes her the Demon.
# When the table is about to find her Demon anyway (its chance at least CATCH_AT and the
# top), she nominates and votes for it: the execution costs evil nothing and the good
# players' trust in her grows.
CATCH_AT = 0.4


def _catching(bot, view, table, target: str | None = None) -> str | None:
    """The Scarlet Woman's Demon, if she would now take over at its execution and the table
    suspects it most (at least CATCH_AT); or None."""
    if not bot._evil(view) or len(view.living) < 5 or not view.alive(bot.name):
        return None
    demons = [d for d in bot.demons if d != bot.name and view.alive(d)]
    if len(demons) != 1 or (target is not None and target != demons[0]):
        return None
    p = table.public_demon()
    d = demons[0]
    mine = p.get(d, 0.0)
    if mine < CATCH_AT or mine < max((p.get(n, 0.0) for n in view.living), default=0.0):
        return None
    return d


def _scarletwoman_nominee(bot, view, table, living: list[str]) -> str | None:
    d = _catching(bot, view, table)
    return d if d in living else None


def _scarletwoman_hand(bot, view, table, nominee: str) -> bool | None:
    return True if _catching(bot, view, table, nominee) is not None else None


# The Politician wins with the other team when most responsible for its own team's loss
# (the Storyteller judges; the automatic one counts nominations and hands on the executions
# of its team's players). It plays for both endings: it nominates its top suspect every day
# even when unsure, and raises its hand for any nominee it does not believe good.
def _politician_nominee(bot, view, table, living: list[str]) -> str | None:
    if bot._evil(view):
        return None
    if about_to_die(view) is not None:
        return None
    p = bot._belief(view, table)
    ok = [n for n in living if bot._may_execute(view, table, n, p.get(n, 0.0))]
    if not ok:
        return None
    return max(ok, key=lambda n: (p.get(n, 0.0), -table.seat[n]))


def _politician_hand(bot, view, table, nominee: str) -> bool | None:
    if bot._evil(view) or not view.alive(bot.name):
        return None
    p = bot._belief(view, table)
    if len(view.living) <= 4:
        return None                 # the last days: the general rule's care
    return bot._may_execute(view, table, nominee, p.get(nominee, 0.0)) \
        and p.get(nominee, 0.0) > 0.0


NOMINATES: dict[str, Callable[[Any, Any, Any, list[str]], "str | None"]] = {
    "eviltwin": _eviltwin_nominee,
    "fearmonger": _fearmonger_nominee,
    "scarletwoman": _scarletwoman_nominee,
    "politician": _politician_nominee,
}

HANDS: dict[str, Callable[[Any, Any, Any, str], "bool | None"]] = {
    "eviltwin": _eviltwin_hand,
    "scarletwoman": _scarletwoman_hand,
    "politician": _politician_hand,
}

CHOICES: dict[str, Callable[[Any, Any, Any, list[str]], "list[str] | None"]] = {
    "fearmonger": _fearmonger_choice,
    "klutz": _klutz_choice,
}
# (the Harlot's entry is added below, with its other plays)


# ---- bluffs built from what the bot saw ---------------------------------------------------
# `BLUFFS`: character -> (bot, view, table, taken) -> the character it claims (not in
# `taken`), or None for the general bluff. `INVENTS`: character -> (bot, view, table, bluff,
# day, rng) -> {"night", "info", "chose"?} for its claim, or None for the general invention
# (`Table.invent`: true in the world its team pretends).

def _spy_bluff(bot, view, table, taken: set[str]) -> str | None:
    """The Spy has seen the Grimoire: it claims a Townsfolk that is not in play (no good
    player can contradict it), one that learns something on the first night if it can (its
    information will be true, `_spy_invent`)."""
    grim = bot.grimoire
    if not grim:
        return None
    in_play = {g.get("character") for g in grim} | {g.get("thinks") for g in grim}
    free = [c for c in table.townsfolk if c not in in_play and c not in taken
            and c not in bot.bluffs]
    if not free:
        return None
    from .beliefs import truths_of
    informs = [c for c in free if truths_of(c) is not None and D.get(c).first_night]
    pool = informs or free
    return pool[randrange(bot.rng, len(pool))]


def _spy_invent(bot, view, table, bluff: str, day: int, rng) -> dict | None:
    """The Spy's information for its bluff: true in the Grimoire it saw (every claim the
    good players make will agree with it), the Spy itself as its bluff. Among the true
    answers, one that names a player the team frames (as the decoy of a pair) and no
    teammate; else one that names no teammate."""
    grim = bot.grimoire
    from .beliefs import truths_of
    ab = truths_of(bluff)
    if not grim or ab is None:
        return None
    data = D.get(bluff)
    night = day
    if not (data.first_night if night == 1 else data.other_night):
        return None
    from ..engine.world import World, WorldPlayer
    by_name = {g.get("name"): g for g in grim}
    players = []
    for i, n in enumerate(table.players):
        g = by_name.get(n)
        if n == bot.name:
            ch, al = bluff, "good"
        elif g is None:
            return None
        else:
            ch, al = g.get("character", ""), g.get("alignment", "good")
        players.append(WorldPlayer(n, i, ch, al, table.alive_at_night(n, night),
                                   n in table.travellers, False))
    world = World(tuple(players), executed=table.executed.get(night - 1))
    team = bot._teammates(view)
    frames = [f for f in bot.frames if f not in team]
    others = [n for n in table.players if n != bot.name and n not in team]
    tries: list[list[str]] = [[]]
    if data.first_night and data.other_night and others:
        for k in (2, 1):
            first = frames[0] if frames else others[randrange(rng, len(others))]
            pick = {first, others[randrange(rng, len(others))]}
            tries.append(sorted(pick, key=table.seat.__getitem__)[:k])
    for chose in tries:
        w = world._replace(choices={bot.name: tuple(chose)}) if chose else world
        try:
            true = ab.truths(w, bot.name)
        except Exception:
            continue
        if not true:
            continue
        clean = [t for t in true if not set(t.get("players", ())) & team]
        framing = [t for t in clean if set(t.get("players", ())) & set(frames)]
        pool = framing or clean or true
        out: dict[str, Any] = {"night": night, "info": dict(pool[randrange(rng, len(pool))])}
        if chose:
            out["chose"] = chose
        return out
    return None


BLUFFS: dict[str, Callable[[Any, Any, Any, set], "str | None"]] = {
    "spy": _spy_bluff,
}

INVENTS: dict[str, Callable[..., "dict | None"]] = {
    "spy": _spy_invent,
}


# ---- a choice of a player and a character (`form: player_character`) -------------------
# `PICKS`: ability -> (bot, view, table, options) -> one of `options` (dicts {player,
# character}, or None when optional), or None for the random bot's answer.

def _summoner(bot, view, table, options: list) -> Any:
    """The Summoner's third night: a living good player becomes the Demon (evil gains a
    player and good loses one; summoning itself would only swap a Minion for a Demon), the
    one the table trusts most (a Demon the town trusts is the last it looks at); never a
    dead player (a dead Demon: good wins at once) nor a teammate. The Demon: one of those
    offered, from the bot's generator. The Summoner then counts it as its Demon."""
    real = [o for o in options if isinstance(o, dict)]
    if not real or not bot._evil(view):
        return None
    team = bot._teammates(view)
    living = sorted({o["player"] for o in real if view.alive(o["player"])
                     and o["player"] not in team and not view.traveller(o["player"])},
                    key=table.seat.__getitem__)
    if not living:
        living = [n for n in sorted({o["player"] for o in real}, key=table.seat.__getitem__)
                  if view.alive(n)]
    if not living:
        return None
    trust = table.public_evil(fresh=False)
    who = min(living, key=lambda n: (trust.get(n, 0.0), table.seat[n]))
    demons = sorted({o["character"] for o in real if o["player"] == who})
    demon = demons[randrange(bot.rng, len(demons))]
    bot.demons.add(who)
    bot.team.add(who)
    return {"player": who, "character": demon}


def _kazali(bot, view, table, options: list) -> Any:
    """The Kazali's first night: its Minions are players who sit apart from it and from
    each other (an Empath or a neighbour's reading finds no pair), chosen from the bot's
    generator; the Minion character too."""
    real = [o for o in options if isinstance(o, dict)]
    if not real:
        return None
    players = sorted({o["player"] for o in real}, key=table.seat.__getitem__)
    near = {bot.name, *bot.team}
    seats = list(table.players)
    for n in list(near):
        if n in table.seat:
            i = table.seat[n]
            near.update((seats[i - 1], seats[(i + 1) % len(seats)]))
    apart = [n for n in players if n not in near] or players
    who = apart[randrange(bot.rng, len(apart))]
    chars = sorted({o["character"] for o in real if o["player"] == who})
    return {"player": who, "character": chars[randrange(bot.rng, len(chars))]}


PICKS: dict[str, Callable[[Any, Any, Any, list], Any]] = {
    "summoner": _summoner,
    "kazali": _kazali,
}


# ---- the Harlot's visit -------------------------------------------------------------------
# `AGREES`: ability -> (bot, view, table, context) -> True / False: a player's answer to
# another player's ability that asks for its consent (`form: yes`, asked of the chosen).

# A good player shows its character to a Harlot it trusts this much (evil chance below).
HARLOT_TRUST = 0.25


def _harlot_agree(bot, view, table, context: dict) -> bool:
    """Shown the Harlot: an evil player agrees only when the Harlot is a teammate (the
    Demon revealed to a good Harlot loses the game; a Minion, its cover); a good player
    when it trusts the Harlot (its character told to a good player is a confirmation the
    town can use; both might die, so not to a player it doubts)."""
    harlot = _harlot_of(view, table, bot.name)
    if harlot is None:
        return False
    if bot._evil(view):
        return harlot in bot._teammates(view)
    return table.evil_chances(bot.name).get(harlot, 1.0) < HARLOT_TRUST


def _harlot_of(view, table, me: str) -> str | None:
    """Who the Harlot is (a Traveller's character is public, `Table.traveller_chars`):
    the living Traveller who is the Harlot, other than `me`."""
    for n, c in sorted(table.traveller_chars.items()):
        if c == "harlot" and n != me and view.alive(n):
            return n
    return None


def _harlot_choice(bot, view, table, candidates: list[str]) -> list[str] | None:
    """An evil Harlot visits the good player the table trusts most (if they agree, both
    might die: a Traveller's life for a trusted good player's); a good one as any good
    information ability (the general rule)."""
    good = _evil_choosers_targets(bot, view, candidates)
    if not good:
        return None
    trust = table.public_evil(fresh=False)
    return sorted(good, key=lambda n: (trust.get(n, 0.0), table.seat[n]))


AGREES: dict[str, Callable[[Any, Any, Any, dict], bool]] = {
    "harlot": _harlot_agree,
}
CHOICES["harlot"] = _harlot_choice


def about_to_die(view) -> str | None:
    """The nominee about to die now, from today's public tallies (the engine's rule)."""
    best, top, tie = None, 0, False
    for ev in view.nominations:
        v = ev["votes"]
        if v >= ev["threshold"]:
            if v > top:
                best, top, tie = ev["target"], v, False
            elif v == top:
                tie = True
    return None if tie else best
