"""Cult Leader (Townsfolk).

"Each night, you become the alignment of an alive neighbor. If all good players choose to
join your cult, your team wins."

How to Run: each night (at the end of the night) the Cult Leader becomes the alignment of an
alive neighbour: good if both alive neighbours are good, evil if both are evil, either (the
Storyteller's choice, key `cultleader`: `good` or `evil`) if they differ. If the alignment
changes, the Cult Leader is woken and shown it (a `learn` event with `alignment`); if not,
they are not woken. By day, once per day, the Cult Leader may form a cult: a vote run like an
exile (no vote token needed, the dead too). If all good players raise their hands, the game
ends and the Cult Leader's team (their alignment now) wins; otherwise nothing happens.

A scenario writes `ability: {by: Ann, character: cultleader, votes: [names]}`: the players
who raise a hand to join. Bots call the cult (`{}`), and each player is asked (a `vote`
decision, context `cult`), clockwise from the Cult Leader's left. The hands are public (a
`cult_vote` event: the vote's one record, as a nomination's).

Rulings:
- "All good players" are every good player now, alive or dead, Travellers included, by
  their true alignment; the Cult Leader, who leads the cult, need not raise a hand. With no
  other good player, the cult is complete.
- A neighbour's alignment is how they register to the Cult Leader (a Recluse may register
  evil, a Spy good): a `register` decision.
- A drunk or poisoned Cult Leader does not change alignment at night, and their cult wins
  nothing (the vote is held; nothing happens). A dead Cult Leader has no ability.
- A player pretending to be the Cult Leader may call a cult: announced, nothing happens.
"""
from __future__ import annotations

from ..engine.ability import Ability, State
from ..engine.outcome import Outcome


class CultLeader(Ability):
    id = "cultleader"
    kind = "ending"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"change": None}
    outcome_reasons = {"cultleader": "every good player joined the Cult Leader's cult: the "
                                     "Cult Leader's team wins"}

    # ---- night: the alignment of an alive neighbour ------------------------------------------
    called_day: State[int | None] = State(None)   # the day it called a vote

    def woken(self, first: bool) -> list:
        return []       # woken only if the alignment changes (night() says so)

    def night(self, first: bool) -> None:
        game, me = self.game, self.player
        if not self.functioning:
            return
        left, right = game.neighbours(me)
        near = [p for p in (left, right) if p is not None]
        if left is right and left is not None:
            near = [left]
        if not near:
            return
        options = []
        for p in near:
            a = game.registration(p, self.id)[1]
            if a not in options:
                options.append(a)
        if len(options) == 1:
            new = options[0]
        else:
            new = game.storyteller_choice(
                "cultleader", sorted(options),
                f"The Cult Leader's alive neighbours differ: which alignment does {me.name} take?",
                player=me.name)
        if new == me.alignment:
            return
        self.wake(me)
        game.change_alignment(me, new)
        self.learn(me, alignment=new)

    # ---- day: form a cult ----------------------------------------------------------------------
    def day_options(self) -> list[dict]:
        game = self.game
        if not self.player.alive or self.called_day == game.day or game.day_over:
            return []
        return [{}]

    def accepts_day_use(self, args: dict, legal: list[dict]) -> bool:
        if args == {}:
            return True
        votes = args.get("votes")
        return (set(args) == {"votes"} and isinstance(votes, list)
                and all(isinstance(v, str) and v in self.game.by_name for v in votes)
                and len(set(votes)) == len(votes))

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.called_day = game.day
        if "votes" in args:
            voters = list(args["votes"])
        else:
            order = game.voting_order(me)[:-1]       # clockwise from the left, not the leader
            voters = [v.name for v in order
                      if game.ask_vote(v, {"cult": me.name})]
        game.emit("cult_vote", "all", player=me.name, voters=voters)
        good = [p.name for p in game.players if p.alignment == "good" and p is not me]
        if not all(n in voters for n in good):
            self.nothing_happens()
            return
        if not self.functioning:
            self.no_effect("win")
            self.nothing_happens()
            return
        self.triggered()
        game.end(Outcome(me.alignment, "cultleader",
                         f"every good player joined the cult of the Cult Leader ({me.name}): "
                         f"{me.alignment} wins", self.id))

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        if "alignment" in info and "players" not in info and "character" not in info:
            return f"you are now {info['alignment']}"
        return None

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        if "votes" in args:
            return ("forms a cult; joining: " + (", ".join(args["votes"]) or "nobody"))
        if not args:
            return "forms a cult"
        return None
