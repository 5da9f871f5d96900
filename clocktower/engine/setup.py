"""Setup: the bag from the player-count table and [setup changes], seating, bluffs.

Setup changes are read from each character's `setup_change` record in the data file:

    outsiders: k          k more Outsiders, k fewer Townsfolk (Baron +2, Fang Gu +1, Vigormortis -1)
    outsiders_choice: []  the Storyteller picks one of these deltas (Balloonist [+0 or +1])
    minions: k            k more Minions in place of the Demon token (Lil' Monsta: not dealt)
    no_demon: true        the Demon token is replaced by a Townsfolk (Summoner)
    requires: id          that character must be in the bag ([+the Damsel], [+the King]):
                          if it was not drawn anyway, it replaces a Townsfolk (an Outsider
                          required by a Townsfolk then costs a Townsfolk slot); if it was
                          drawn, nothing changes ("doesn't add a second Damsel")
    not_dealt: true       this character is in play but no player is dealt it
    neighbours_demon: true
                          (with not_dealt) its slot is dealt as a Townsfolk, and after the
                          deal a good player beside the Demon becomes it, believing their
                          drawn token (the Marionette: its class's `take_seat`)
    minions_chosen_by_demon: true
                          no Minion is dealt: the Minion slots are dealt as Townsfolk (the
                          Kazali makes its Minions on night 1)
    outsiders_any: true   the Storyteller may change the Outsider count (Kazali [-? to +?
                          Outsiders]): a delta from minus the Outsiders to plus the Minion
                          slots the Demon's own change turned into Townsfolk

Setup jinxes are data too (`clocktower/data/jinxes.py`): of an `exclusive` pair on the
script (the Heretic and the Baron), a bag never holds both (such a bag is drawn again).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .. import data as D
from ..data.jinxes import exclusive_pairs, setup_jinxes
from ..errors import NotImplementedCharacters, SetupError
from ..scripts import script_memo
from .rand import randrange, shuffle
from .jinx import activate as activate_jinxes
# The bag arithmetic is the setup rules' one API (engine/setuprules.py).
from .setuprules import TEAM_ORDER, apply_changes as _counts, required as _requires

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def check_implemented(script, registry) -> None:
    missing = [c for c in script.characters if c not in registry]
    if missing:
        raise NotImplementedCharacters(missing)


def script_teams(script) -> dict[str, list[str]]:
    """The script's characters by team, in script order, plus "good" (`Script.teams`)."""
    return script.teams()


def _setup_pairs(script) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """The script's `exclusive` and `enters_after` setup-jinx pairs (data), computed once
    per list of characters (`script_memo`)."""
    def compute() -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
        on = [c for c in script.characters if c not in script.homebrew]
        exclusive: list[tuple[str, ...]] = list(exclusive_pairs(on))
        return exclusive, [tuple(j["pair"]) for j in setup_jinxes(on, "enters_after")]
    found = script_memo(script, "setup pairs", compute)
    return found[0], found[1]


def build_bag(script, n: int, rng, st_pick, ruled: Iterable[frozenset] = (),
              include: Iterable[str] = (), exclude: Iterable[str] = ()
              ) -> tuple[list[str], set[str]]:
    """Choose the characters dealt to `n` non-Traveller players. Returns (bag, not_dealt).

    Picks each team at random, applies the picked characters' setup changes, and repeats
    until the counts are stable; then a required character not drawn anyway replaces a
    Townsfolk. A bag holding both characters of an exclusive setup jinx is drawn again.
    `st_pick(cid, options)` answers Storyteller setup choices.

    `include`: characters of the script that must be in the bag (in play, for a not-dealt
    one): each starts in its team's picks and is never put back, so its setup change
    applies; the rest is drawn at random as always. `exclude`: characters of the script that
    are never drawn (nor added by a requirement). Both empty, the bag is drawn with the same
    random numbers as without them (a scenario's `deal:`, docs/scenarios.md).
    """
    base = D.player_counts(n)
    teams = script_teams(script)
    include = list(dict.fromkeys(include))
    excluded = set(exclude)
    for cid in include + sorted(excluded):
        if D.get(cid).team not in TEAM_ORDER or cid not in teams.get(D.get(cid).team, ()):
            raise SetupError(f"{D.get(cid).name} is not a character of script {script.name!r} "
                             "that the bag can hold")
    both = [c for c in include if c in excluded]
    if both:
        raise SetupError(f"{D.get(both[0]).name} is both included and excluded")
    pool = {t: [c for c in teams.get(t, ()) if c not in excluded] for t in TEAM_ORDER}
    # Setup jinxes (data): pairs of which only one may be in play; a bag with both is redrawn.
    # `enters_after` jinxes (the Marionette enters play only after a Demon made in play):
    # without a jinx rule object that runs the entering (clocktower/jinxes/: the Kazali's,
    # the Summoner's, Lil' Monsta's), a bag never holds both, as for an exclusive pair.
    # `ruled`: pairs whose jinx is a rule object that runs the entering.
    exclusive, enters_after = _setup_pairs(script)
    if enters_after:
        ruled = set(ruled)
        exclusive = exclusive + [pair for pair in enters_after if frozenset(pair) not in ruled]
    problem = ""
    for _attempt in range(100):
        memo: dict = {}
        chosen: dict[str, list[str]] = {t: [c for c in include if D.get(c).team == t]
                                        for t in TEAM_ORDER}
        counts = dict(base)
        for _round in range(8):
            flat = [c for t in TEAM_ORDER for c in chosen[t]]
            counts, forced, not_dealt = _counts(base, flat, st_pick, memo)
            stable = True
            for team in TEAM_ORDER:
                need = counts[team]
                have = chosen[team]
                if need < 0:
                    stable = False
                    break
                while len(have) > need:
                    drawn = [c for c in have if c not in include]     # included stay
                    if not drawn:
                        break
                    have.remove(drawn[randrange(rng, len(drawn))])
                    stable = False
                free = [c for c in pool[team] if c not in have]
                shuffle(rng, free)
                while len(have) < need and free:
                    have.append(free.pop())
                    stable = False
            if stable:
                break
        # "Before putting character tokens in the bag, if the Damsel [the King] is not
        # already in play, remove a Townsfolk character token and add" it: a required
        # character not drawn anyway replaces a Townsfolk that requires nothing.
        added: set[str] = set()
        flat = [c for t in TEAM_ORDER for c in chosen[t]]
        _c, forced, _n = _counts(base, flat, st_pick, memo)
        for f in sorted(forced):
            if f in flat or f not in pool[D.get(f).team]:
                continue
            swappable = [c for c in chosen["townsfolk"]
                         if not _requires(c) and c not in forced and c not in include]
            if not swappable:
                break
            chosen["townsfolk"].remove(swappable[randrange(rng, len(swappable))])
            chosen[D.get(f).team].append(f)
            added.add(f)
            flat = [c for t in TEAM_ORDER for c in chosen[t]]
        counts, forced, not_dealt = _counts(base, flat, st_pick, memo, added)
        short = [t for t in TEAM_ORDER if len(chosen[t]) != counts[t]]
        if short:
            t = short[0]
            ours = [c for c in include if D.get(c).team == t]
            if len(ours) > counts[t]:
                problem = (f"{len(ours)} {t} characters are included "
                           f"({', '.join(D.get(c).name for c in ours)}) but {counts[t]} "
                           f"are dealt for {n} players")
            else:
                problem = (f"the script has {len(pool[t])} {t} characters"
                           + (" not excluded" if excluded else "")
                           + f" but {counts[t]} are needed for {n} players")
            changers = [D.get(c).name for c in flat if D.get(c).setup_change]
            if counts[t] != base[t]:
                problem += f" ({base[t]} by the table, changed by {', '.join(changers)})"
            continue
        if any(f not in flat for f in forced):
            missing = next(f for f in sorted(forced) if f not in flat)
            problem = (f"{D.get(missing).name}, required by a setup change, is excluded"
                       if missing in excluded else
                       "a character required by a setup change is not on the script")
            continue
        clash = next((pair for pair in exclusive if all(c in flat for c in pair)), None)
        if clash:
            problem = (f"only one of {D.get(clash[0]).name} and {D.get(clash[1]).name} may be "
                       f"in play (jinx)")
            continue
        dealt = [c for c in flat if c not in not_dealt]
        if len(dealt) != n:
            problem = f"setup changes give {len(dealt)} characters for {n} players"
            continue
        return dealt, not_dealt
    raise SetupError(f"script {script.name!r} cannot seat {n} players: {problem}")


MAX_TRAVELLERS = 5


def setup_random(game: "Game", names: list[str], travellers: int = 0,
                 include: Iterable[str] = (), exclude: Iterable[str] = (),
                 extra: dict | None = None) -> None:
    """Deal a random bag to `names` (seat order), then run setup hooks and choose bluffs.

    `include` / `exclude`: characters the bag must hold / never holds (`build_bag`).
    `extra`: more fields for the `setup` event (a scenario's dealt setup records how it
    was dealt, so that its log replays: `engine/inputs.py`).

    With `travellers` = k, the last k names are Travellers: each gets a different Traveller
    from the script at random (the script's all, then other implemented ones, when more join
    than it lists); the Storyteller chooses each one's alignment (key
    `traveller`). Travellers are not counted in the setup table: the bag is dealt to the
    other names. The seats are `names` in order.
    """
    check_implemented(game.script, game.registry)
    if not 0 <= travellers <= MAX_TRAVELLERS:
        raise SetupError(f"{travellers} Travellers is not supported: 0 to {MAX_TRAVELLERS} may join")
    pool = list(script_teams(game.script).get("traveller", ()))
    others: list[str] = []
    if travellers > len(pool):
        # A script that lists no Travellers (Trouble Brewing's own list), or fewer than join,
        # may still have them: the Storyteller adds other implemented Travellers, as
        # Storytellers do (the script's own come first).
        others = sorted(c for c in game.registry
                        if D.get(c).team == "traveller" and c not in pool)
        if not pool:
            pool, others = others, []
    if travellers > len(pool) + len(others):
        raise SetupError(f"only {len(pool) + len(others)} Travellers are implemented for "
                         f"script {game.script.name!r}, not the {travellers} asked for")
    trav_names = names[len(names) - travellers:] if travellers else []
    names = names[:len(names) - travellers]
    n = len(names)
    if n < 5 or n > 15:
        raise SetupError(f"player count {n} is not supported: the setup table covers 5 to 15 players")

    def st_pick(cid, options):
        # Any Outsider count may be chosen; the automatic Storyteller keeps the table's.
        if (D.get(cid).setup_change or {}).get("outsiders_any") and 0 in options:
            return game.storyteller_choice(f"setup.{cid}", list(options),
                                           f"{D.get(cid).name}: setup change", suggested=[0])
        return game.storyteller_choice(f"setup.{cid}", list(options),
                                       f"{D.get(cid).name}: setup change")

    mark = len(game.log)
    bag, not_dealt = build_bag(game.script, n, game.rng, st_pick,
                               ruled=getattr(game.registry, "jinxes", {}),
                               include=include, exclude=exclude)
    # The Storyteller's setup-change decisions (asked while the bag is built) are logged
    # right after the setup event: a log starts with its setup event (replay, views).
    asked = game.log[mark:]
    del game.log[mark:]
    shuffle(game.rng, bag)
    dealt = dict(zip(names, bag))
    if travellers > len(pool):
        picked = game.rng.sample(pool, len(pool)) + game.rng.sample(others, travellers - len(pool))
    else:
        picked = game.rng.sample(pool, travellers) if travellers else []
    trav_chars = dict(zip(trav_names, picked))
    for name in names + trav_names:
        if name in dealt:
            game.add_player(name, dealt[name])
        else:
            p = game.add_player(name, trav_chars[name], traveller=True)
            p.tokens["choose_alignment"] = True     # chosen in finish_setup, after the setup event
    for cid in sorted(not_dealt):
        mark = len(game.log)
        placed = game.registry[cid].take_seat(game)
        asked += game.log[mark:]        # its decisions, too, follow the setup event
        del game.log[mark:]
        if placed:
            continue
        game.in_play_extra.add(cid)
        game.free_abilities.append(game.make_ability(cid, None))
    finish_setup(game, extra=extra, asked=asked)


def finish_setup(game: "Game", bluffs: list[str] | None = None,
                 extra: dict | None = None, asked: list[dict] | None = None) -> None:
    """Setup hooks (red herring, the Drunk's Townsfolk, ...), then the Demon's bluffs.

    `extra`: more fields for the `setup` event (a written grimoire, see `engine/inputs.py`).
    `asked`: decision events of the bag's setup changes, logged after the setup event."""
    activate_jinxes(game)       # the jinxes with both characters on the script
    game.abilities_changed()
    fields = {"script": game.script.name, "seed": game.seed,
              "script_ids": list(game.script.characters),
              "players": [{"name": p.name, "character": p.character,
                           "alignment": None if "choose_alignment" in p.tokens else p.alignment,
                           **({"traveller": True} if p.traveller else {})}
                          for p in game.players],
              "not_dealt": sorted(game.in_play_extra)}
    if extra:
        fields.update(extra)
    game.emit_fields("setup", "storyteller", fields)
    game.log.extend(asked or ())
    seating: dict[str, Any] = {
        "players": [p.name for p in game.players],
        "travellers": {p.name: p.character for p in game.players if p.traveller}}
    if any(not p.alive for p in game.players):      # a grimoire written mid-game
        seating["dead"] = [p.name for p in game.players if not p.alive]
        seating["voteless"] = [p.name for p in game.players if not p.alive and not p.ghost_vote]
    game.emit_fields("seating", "all", seating)
    for p in game.players:
        if p.tokens.pop("choose_alignment", False):
            side = game.storyteller_choice("traveller", ["good", "evil"],
                                           f"{p.name} joins as the {D.get(p.character).name}: "
                                           f"alignment", player=p.name, character=p.character)
            p.alignment = side
            game.emit("traveller_alignment", "storyteller", player=p.name, alignment=side)
    if bluffs is not None:
        # Written bluffs are the game's from the start: a grimoire shown (or exported) while
        # a setup decision waits has them; the event comes where it always did.
        game.bluffs = list(bluffs)
    for ab in list(game.hooks("on_setup")):
        ab.on_setup()
    if bluffs is not None:
        game.bluffs = list(bluffs)
    else:
        game.bluffs = choose_bluffs(game)
    game.emit("bluffs", "storyteller", characters=list(game.bluffs))
    for p in game.players:
        shown = p.thinks or p.character
        game._push(game._ev4("learn", [p.name], "player", p.name, "ability", "setup",
                             "character", shown, "alignment", p.alignment if not p.thinks
                             else D.get(shown).default_alignment))
    # An evil Traveller learns who the Demon is (our ruling: see docs/architecture.md).
    evil_travellers = [p for p in game.players if p.traveller and p.alignment == "evil"]
    demons = [p.name for p in game.players if D.get(p.character).team == "demon"] \
        if evil_travellers else []
    for p in evil_travellers:
        if demons:
            game.emit("learn", [p.name], player=p.name, ability="traveller", players=demons)


def not_in_play_good(game: "Game") -> list[str]:
    taken = {p.character for p in game.players} | {p.thinks for p in game.players if p.thinks}
    taken |= game.in_play_extra
    return [c for c in script_teams(game.script)["good"] if c not in taken]


def choose_bluffs(game: "Game") -> list[str]:
    free = not_in_play_good(game)
    k = min(3, len(free))
    if k == 0:
        return []
    picks = []
    remaining = list(free)
    registry = game.registry
    # Suggested: characters a player could claim (never one whose holder does not know
    # it, as the Drunk): docs/storyteller.md. (The remaining ones, kept in step.)
    claimable = [c for c in remaining if c not in registry or not registry[c].unaware]
    for i in range(k):
        # each decision its own list: a decision is not changed once asked (an agent may
        # read it later: `clocktower.env`'s observations)
        if claimable:
            c = game.storyteller_choice("bluff", list(remaining),
                                        f"Demon bluff {i + 1} of {k}", suggested=list(claimable))
        else:
            c = game.storyteller_choice("bluff", list(remaining), f"Demon bluff {i + 1} of {k}")
        picks.append(c)
        remaining.remove(c)
        if c in claimable:
            claimable.remove(c)
    return picks
