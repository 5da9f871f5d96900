"""The day: nominations and their votes, executions, the day's end, public claims,
Travellers' exiles and day abilities used in public. Functions of the game (`Game.nominate`
and the other public names are thin methods over them); moved out of `engine/game.py`,
which keeps the state and the shared rules. The votes themselves: `engine/voting.py`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .. import data as D
from ..errors import IllegalAction
from . import voting
from .decisions import Choice
from .outcome import GameOver
from .state import holder

if TYPE_CHECKING:  # pragma: no cover
    from .ability import Ability
    from .game import Game
    from .state import Player


def start_day(game: Game) -> None:
    """A new day: the day's state afresh, the `day` event, the day-start hooks."""
    game.day += 1
    game.phase = "day"
    game.nominators = set()
    game.nominees = set()
    game.about_to_die = None
    game.top_votes = 0
    game.executed_today = None
    game.execution_happened = False
    game.day_over = False
    game.deaths_today = []
    game.nominations_today = []
    game.claims_today = {}
    game.exile_called = set()
    game.prompt_now = []
    game._push(game._ev0("day", "all"))
    for ab in list(game.hooks("on_day_start")):
        ab.on_day_start()


def can_nominate(game: Game, by: Player, target: Player) -> str | None:
    """None if `by` may nominate `target` now, else the reason why not."""
    if game.day_over:
        return "the day is over (someone was executed)"
    if not by.alive:
        return f"{by.name} is dead and cannot nominate"
    if by.name in game.nominators:
        return f"{by.name} has already nominated today"
    if target.name in game.nominees:
        return f"{target.name} has already been nominated today"
    for ab in game.hooks("may_nominate"):
        if holder(ab) is by and not ab.may_nominate(target):
            return f"{by.name} may not nominate {target.name}"
    return None


def nomination_refusal(game: Game, by: Player, target: Player,
                       votes: list[str] | None = None) -> str | None:
    """Why the nomination of `target` by `by`, with the written hands `votes` (names), is
    refused before anything of it happens, or None: a nomination the rules forbid
    (`can_nominate`), a hand written for no player (an error), or a counted hand of a dead
    player without a ghost vote. The one check: `nominate` makes it first, and
    `engine/inputs.refusal` asks it before a written action is logged."""
    why = can_nominate(game, by, target)
    if why:
        return why
    if votes is not None:
        voting.check_written(game, votes)
        for name in votes:
            if not voting.has_vote(game, game.by_name[name]):
                return f"{name} is dead and has no ghost vote left"
    return None


def voting_order(game: Game, target: Player) -> list[Player]:
    """Hands are counted clockwise from the player after `target`, `target` last."""
    seat = target.seat
    return game.players[seat + 1:] + game.players[:seat + 1]


def can_vote(game: Game, voter: Player) -> bool:
    """Whether `voter` may raise a hand on a nomination now (see `engine/voting.py`)."""
    return voting.has_vote(game, voter)


def nominate(game: Game, by: Player, target: Player,
             votes: Callable[[Player], bool] | list[str] | None = None,
             claim: str | None = None, hands: list[str] | None = None) -> dict | None:
    """A nomination and its vote. `votes` is the list of names raising hands, or a
    callable asked per voter, or None to ask each voter's answerer. `hands` (instead
    of `votes`): the names of the players who try to raise a hand; those the rules
    allow are counted, each other is a Storyteller-only `hand_refused` event
    (`voting.collect_hands`).

    `claim`: a character the nominee publicly claims before the vote. With `votes=None`
    and no written claim, the nominee is asked whether to claim one of the script's
    characters whose ability asks for a claim when nominated (`nomination_claim`):
    anyone may make it, whoever they are."""
    why = nomination_refusal(game, by, target, votes if isinstance(votes, list) else None)
    if why:
        raise IllegalAction(why)
    game.nominators.add(by.name)
    game.nominees.add(target.name)
    game._push(game._ev2("nominate", "all", "by", by.name, "target", target.name))
    for ab in list(game.hooks("on_nomination")):
        ab.on_nomination(by, target)
    for ab in list(game.hooks("on_nominated")):
        if holder(ab) is target:
            ab.on_nominated(by)
    if game.day_over:           # an ability executed someone at the nomination
        return None
    if claim is not None:
        game.claim(target, claim)    # the parameter `claim` hides the function
    elif votes is None and hands is None and game.nomination_claims:
        said = game.decide(Choice("claim", target.name, [None] + game.nomination_claims,
                                  "claim a character before the vote",
                                  {"player": target.name, "form": "character"},
                                  default=None))
        if said is not None:
            game.claim(target, said)
    if hands is not None:
        voters, refused = voting.collect_hands(game, by, target, hands)
        for name, why in refused:
            game.emit("hand_refused", "storyteller", player=name, target=target.name,
                      reason=why)
    else:
        voters = voting.collect(game, by, target, votes)
    tally = voting.tally(game, voters)
    threshold = voting.threshold(game)
    ev = game._push(game._ev5("nomination", "all", "by", by.name, "target", target.name,
                              "votes", tally, "voters", [v.name for v in voters],
                              "threshold", threshold))
    game.nominations_today.append(ev)
    voting.record(game, target, tally, threshold)
    for ab in list(game.hooks("on_vote_tallied")):
        ab.on_vote_tallied(target, voters)
    return ev


def execute(game: Game, p: Player, votes: int | None = None) -> None:
    """Execute a player: at most one execution a day; the day then ends."""
    for ab in list(game.hooks("redirect_execution")):
        other = ab.redirect_execution(p)
        if other is not None and other is not p:
            game.emit("execution_redirected", "storyteller", player=p.name,
                      instead=other.name, ability=ab.id)
            p = other
            break
    game.executed_today = p
    game.execution_happened = True
    game.day_over = True
    game._push(game._ev2("execution", "all", "player", p.name, "votes", votes))
    died = False
    # The base rules' win check waits until the execution's reactions have run, died
    # or not (`on_executed`: the Evil Twin, the Fearmonger, the Goblin).
    game._executing = True
    try:
        if p.truly_alive:
            died = game.kill(p, "execution", None)
    finally:
        game._executing = False
    for ab in list(game.hooks("on_executed")):
        ab.on_executed(p, died)
    game.check_win()


def end_day(game: Game) -> None:
    """The day's end: the player about to die is executed (if nobody was yet), the
    day-end hooks, the `day_end` event, the win checked."""
    try:
        if not game.day_over and game.about_to_die is not None:
            execute(game, game.about_to_die, game.top_votes)
        game.day_over = True
        for ab in list(game.hooks("on_day_end")):
            ab.on_day_end()
        game._push(game._ev1("day_end", "all", "executed", game.executed_today.name
                             if game.executed_today else None))
        game.check_win()
    except GameOver:
        pass


def claim(game: Game, player: Player, character: str, night: int | None = None,
          info: dict | None = None, chose: list[str] | None = None) -> None:
    """A public claim (e.g. a nominee claiming to be the Goblin; a player saying who
    they are by day). `night` and `info`: what the claimed character's ability learned
    on that night, in the fields of its `learn` event (given together, or neither);
    `chose`: the players it chose that night (with them; a public claim, unchecked)
    Nothing is checked against the grimoire: anyone may say anything."""
    cid = D.get(character).id
    game.claims_today[player.name] = cid
    game.claimed[player.name] = cid
    if info is None:
        game.emit("claim", "all", player=player.name, character=cid)
    elif chose is None:
        game.emit("claim", "all", player=player.name, character=cid, night=night,
                  info=dict(info))
    else:
        game.emit("claim", "all", player=player.name, character=cid, night=night,
                  info=dict(info), chose=list(chose))


def exile(game: Game, by: Player, target: Player, votes: list[str] | None = None) -> dict:
    """Exile a Traveller: votes of at least half of all players, alive or dead.

    Ghost votes are not spent; exile is not an execution, and no ability affects it
    (each hand counts one: no vote weights, no Butler or Beggar limits). `votes`: the
    names raising hands, or None to ask every player, clockwise from the Traveller.
    """
    if not target.traveller:
        raise IllegalAction(f"{target.name} is not a Traveller and cannot be exiled")
    if target.name in game.exile_called:
        raise IllegalAction(f"{target.name}'s exile was already called today")
    if votes is None:
        context = {"exile": target.name, "nominator": by.name}
        hands: list[Player] = []
        game.hands_up = hands       # the hands up so far, for a live table
        for v in voting_order(game, target):
            if game.ask_vote(v, context):
                hands.append(v)
        votes = [v.name for v in hands]
    for n in votes:
        game.player(n)
    game.exile_called.add(target.name)
    threshold = voting.exile_threshold(game)
    tally = len(set(votes))
    ev = game.emit("exile_vote", "all", by=by.name, target=target.name, votes=tally,
                   voters=list(votes), threshold=threshold)
    if tally >= threshold:
        game.emit("exile", "all", player=target.name)
        if target.alive:
            game.die(target, "exile", None)
        for ab in list(target.held):
            ab.active = False
        target.held = []
        game.abilities_changed()
    return ev


def use_day_ability(game: Game, by: Player, character: str, args: dict) -> None:
    """A player publicly uses (or pretends to use) a day ability.

    What the table sees does not tell a real use from a pretend or a malfunction: if the
    use made nothing public (a death, a token, the game's end), the Storyteller
    announces that nothing happens. Arguments the ability keeps private
    (`Ability.private_args`: the Artist's question) are not announced, and nothing is
    announced after such a use."""
    cls = game.registry.get(character)
    private = cls.private_args if cls is not None else ()
    game.emit_fields("claim_ability", "all", {
        "player": by.name, "character": character,
        **{k: v for k, v in args.items() if k not in private}})
    start = len(game.log)
    day_use(game, by, character, args)
    if not private and not any(ev["visible_to"] == "all" for ev in game.log[start:]):
        game.emit_fields("nothing_happens", "all",
                         {"ability": character, "player": by.name, **args})


def pretend_uses(game: Game, player: Player) -> list[dict]:
    """The day uses `player` may pretend to make now, as day-action answers {"ability":
    id, **args}: those of the character they last claimed publicly (`claimed`) when they
    hold no ability of it (a Slayer bluffer's shot). Which uses, is the claimed
    character's own rule code's (`Ability.pretend_options`). Carried out as any pretended
    use (`use_day_ability`: announced, and "nothing happens"). Legal in a day action
    (`DayActionChoice.pretends`) but not among its options: a random pick never makes
    one, as it never makes a claim."""
    cid = game.claimed.get(player.name)
    if cid is None or game.day_over:
        return []
    for ab in player.abilities():
        if ab.id == cid:
            return []
    cls = game.registry.get(cid)
    if cls is None:
        return []
    return [{"ability": cid, **args} for args in cls.pretend_options(game, player)]


def day_use(game: Game, by: Player, character: str, args: dict) -> None:
    """What a public day-ability use does: the ability's own use, an ability another
    offers, or nothing (a pretend, a spent ability)."""
    ab = next((a for a in by.abilities() if a.id == character), None)
    if ab is None:
        for other in game.hooks("offers_day_action"):
            if other.id == character and args in other.offers_day_action(by):
                other.offered_action(by, args)
                return
        game.emit("no_effect", "storyteller", player=by.name, ability=character,
                  effect="pretend")
        return
    legal = ab.day_options()
    if not legal:       # spent, dead, or not now: a public claim that does nothing
        game.emit("no_effect", "storyteller", player=by.name, ability=character,
                  effect="unavailable")
        return
    why = use_refusal(by, ab, args, legal)
    if why:
        raise IllegalAction(why)
    ab.day_ability(args)


def use_refusal(by: Player, ab: Ability, args: dict, legal: list) -> str | None:
    """Why a use of the day ability `ab` by `by` with `args` is refused, or None: it has
    uses now (`legal`: its `day_options()`) and these arguments are not one of them
    (`accepts_day_use`). The one check: `day_use` makes it, and
    `engine/inputs.refusal` asks it before a written action is logged (`day_use_refusal`)."""
    if legal and not ab.accepts_day_use(args, legal):
        return f"{by.name} cannot use {ab.id} with {args} now"
    return None


def day_use_refusal(game: Game, by: Player, character: str, args: dict) -> str | None:
    """Why the public use of `character`'s day ability by `by` with `args` is refused
    before anything of it happens (`use_refusal` on `by`'s own ability of that id), or
    None (the use is carried out, pretended or announced as doing nothing: `day_use`)."""
    ab = next((a for a in by.abilities() if a.id == character), None)
    if ab is None:
        return None
    return use_refusal(by, ab, args, ab.day_options())
