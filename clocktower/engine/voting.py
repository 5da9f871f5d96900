"""Voting: the rules of a nomination's vote, and the hook points abilities change.

The base rules (docs/architecture.md, "Voting"): hands are counted clockwise from the player after
the nominee, the nominee last; a living player may always raise a hand; a dead player has
one ghost vote for the rest of the game, spent when they raise a hand; each hand counts one;
the nominee is about to die with votes of at least half the living players (rounded up)
and more than any earlier nominee that day (a tie with the top clears it).

Each of those rules is a hook point, so a character changes it without a branch here:

| rule | hook (on `Ability`) | used by |
|---|---|---|
| who may raise a hand at all (written votes too) | `cannot_vote(voter)`: a reason, or None | Beggar, Voudon |
| when an agent may raise it | `may_vote(voter, voters_so_far)`: False defers the ask | Butler |
| whether a dead voter needs (and spends) a ghost vote | `ghost_vote_needed(voter, needed)` | (Voudon) |
| what a raised hand counts | `vote_weight(voter, weight)` | Thief, Bureaucrat |
| the execution threshold | `vote_threshold(threshold)` | (Voudon) |

An ability that answers `may_vote` or `cannot_vote` only about its own holder's hand declares
it (`holder_only`): the vote loop then asks it about that voter alone (`voter_hooks`).

Written hands come in two kinds: `votes` (a list: the hands counted, each checked with
`cannot_vote` and the ghost vote, an error otherwise; no `may_vote` limit applies) and
`hands` (`collect_hands`: the hands players try to raise; the engine counts those the rules
allow, as for an agent's, and says why each other is refused: a `hand_refused` event).

Exile votes are not nominations: each hand counts one, the threshold is half of all
players and no ghost vote is spent, and no ability changes that (`Game.exile`).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

from ..errors import IllegalAction
from .state import holder

if TYPE_CHECKING:  # pragma: no cover
    from .ability import Ability
    from .game import Game
    from .state import Player


def needs_ghost_vote(game: "Game", voter: "Player") -> bool:
    """Whether `voter` needs a ghost vote to raise a hand (and spends it): the dead do."""
    if voter.alive:
        return False
    needed = True
    for ab in game.hooks("ghost_vote_needed"):
        needed = ab.ghost_vote_needed(voter, needed)
    return needed


def has_vote(game: "Game", voter: "Player") -> bool:
    """Alive, or dead with a ghost vote left (or not needing one)."""
    return voter.alive or voter.ghost_vote or not needs_ghost_vote(game, voter)


def threshold(game: "Game") -> int:
    """Votes needed to put a nominee about to die: half the living (rounded up), as hooks
    change it."""
    t = math.ceil(len(game.living()) / 2)
    for ab in game.hooks("vote_threshold"):
        t = ab.vote_threshold(t)
    return t


def weight(game: "Game", voter: "Player") -> int:
    w = 1
    for ab in game.hooks("vote_weight"):
        w = ab.vote_weight(voter, w)
    return w


def check_written(game: "Game", names: list[str]) -> None:
    """Written hands must name players who may raise them now (else a specific error)."""
    for name in names:
        if name not in game.by_name:
            raise IllegalAction(f"no player named {name!r} can vote")


def voter_hooks(game: "Game", name: str) -> tuple[list["Ability"], dict[str, list["Ability"]]]:
    """The abilities answering the voter hook `name`: those asked about every voter, and per
    holder of an ability that answers only about its holder (`Ability.holder_only`) the list
    asked about that holder (in the hook's order). A voter's list: `own.get(name, every)`."""
    answering = game.hooks(name)
    every = [ab for ab in answering if name not in ab.holder_only]
    own: dict[str, list[Ability]] = {}
    if len(every) < len(answering):
        for ab in answering:
            p = holder(ab)
            if p is not None and name in ab.holder_only and p.name not in own:
                own[p.name] = [a for a in answering
                               if name not in a.holder_only or holder(a) is p]
    return every, own


def collect(game: "Game", by: "Player", target: "Player",
            votes: Callable[["Player"], bool] | list[str] | None) -> list["Player"]:
    """The players who raise a hand on `target`'s nomination, in voting order.

    `votes`: the names raising hands (written: each is checked), a callable asked per voter,
    or None to ask each voter's answerer (a `vote` decision, not logged: the `nomination`
    event's `voters` is the vote's one record, `Game.ask_vote`)."""
    order = game.voting_order(target)
    voters: list[Player] = []
    game.hands_up = voters      # the hands up so far, for a live table (`Game.hands_up`)
    listed = set(votes) if isinstance(votes, list) else None
    if listed is not None:
        check_written(game, list(listed))
    may_every, may_own = voter_hooks(game, "may_vote")
    cannot_every, cannot_own = voter_hooks(game, "cannot_vote")
    deferred: list[Player] = []
    context = {"nominee": target.name, "nominator": by.name}
    ask = votes if callable(votes) else None     # asked per voter (once: not per hand)
    for v in order:
        if listed is not None:
            if v.name not in listed:
                continue
            if not has_vote(game, v):
                raise IllegalAction(f"{v.name} is dead and has no ghost vote left")
            for ab in cannot_own.get(v.name, cannot_every):
                why = ab.cannot_vote(v)
                if why:
                    raise IllegalAction(why)
            voters.append(v)
            continue
        if not v.alive and not has_vote(game, v):
            continue
        cannot_vote = cannot_own.get(v.name, cannot_every) if cannot_own else cannot_every
        if cannot_vote and any(ab.cannot_vote(v) for ab in cannot_vote):
            continue
        may_vote = may_own.get(v.name, may_every) if may_own else may_every
        if may_vote and any(not ab.may_vote(v, voters) for ab in may_vote):
            deferred.append(v)      # not yet: asked again once every other hand is up
            continue
        if ask is not None:
            yes = ask(v)
        else:
            yes = game.ask_vote(v, context)     # a VoteChoice (or a bot's fast path)
        if yes:
            voters.append(v)
    for v in deferred:
        if all(ab.may_vote(v, voters) for ab in may_own.get(v.name, may_every)):
            if votes(v) if callable(votes) else game.ask_vote(v, context):
                voters.append(v)
    return voters


def refusal(game: "Game", voter: "Player", voters: list["Player"]) -> str:
    """Why `voter`'s hand, tried on a nomination whose counted hands are `voters`, does not
    count: no ghost vote left, a `cannot_vote` reason, or a `may_vote` limit (the Butler
    whose master's hand is not up)."""
    if not has_vote(game, voter):
        return f"{voter.name} is dead and has no ghost vote left"
    for ab in game.hooks("cannot_vote"):
        why = ab.cannot_vote(voter)
        if why:
            return why
    for ab in game.hooks("may_vote"):
        if not ab.may_vote(voter, voters):
            return f"{voter.name} may not vote now ({ab.id})"
    return f"{voter.name} may not vote now"


def collect_hands(game: "Game", by: "Player", target: "Player",
                  hands: list[str]) -> tuple[list["Player"], list[tuple[str, str]]]:
    """The hands players try to raise (`hands`: names; the order written does not matter,
    hands go round the circle): (the voters counted, in voting order; the refused hands,
    (name, reason), in voting order). A hand counts when the rules allow it, exactly as an
    agent's raised hand would (`collect`: ghost votes, `cannot_vote`, `may_vote` asked again
    once the other hands are up)."""
    check_written(game, hands)
    tried = set(hands)
    voters = collect(game, by, target, lambda v: v.name in tried)
    counted = set(voters)
    refused = [(v.name, refusal(game, v, voters)) for v in game.voting_order(target)
               if v.name in tried and v not in counted]
    return voters, refused


def tally(game: "Game", voters: list["Player"]) -> int:
    """The count of raised hands, each weighted by the hooks; spends the ghost votes used."""
    total = 0
    if game.hooks("vote_weight"):
        for v in voters:
            total += weight(game, v)
    else:
        total = len(voters)
    for v in voters:
        if not v.alive and needs_ghost_vote(game, v):
            v.ghost_vote = False
    return total


def record(game: "Game", target: "Player", votes: int, needed: int) -> None:
    """The about-to-die rule: at least the threshold and more than any earlier nominee
    today; a tie with the top clears it."""
    if votes >= needed and votes > game.top_votes:
        game.about_to_die = target
        game.top_votes = votes
    elif votes >= needed and votes == game.top_votes:
        game.about_to_die = None


def exile_threshold(game: "Game") -> int:
    """An exile needs half of all players, alive or dead, rounded up; no ability changes it."""
    return math.ceil(len(game.players) / 2)
