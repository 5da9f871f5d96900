"""Politician (Outsider).

"If you were the player most responsible for your team losing, you change alignment & win,
even if dead."

How to Run: when the game ends, if the Politician's team lost and the Storyteller feels
that this was significantly due to the Politician's words and actions, the Politician
changes alignment and wins with the winning team (a good Politician turns evil; an evil
one turns good). A drunk or poisoned Politician cannot change teams; a dead one can.

The judgement is the Storyteller's: the decision `politician` (a scenario writes
`storyteller: {politician: Ann}` or `politician: no` in the step where the game ends),
asked only when the Politician's team lost (after the Heretic's flip: the final result).
The automatic Storyteller answers with a documented policy (`responsibility` below; see
docs/storyteller.md, "Storyteller judgement: the Politician"): it suggests "yes" only when
the game's log shows the Politician more responsible for the executions that hurt their
team than any other player of that team.

Result: the Politician's alignment changes (`alignment_change`) and the `game_over` event
carries `results: {Politician: win}`; the reason words say so.
"""
from __future__ import annotations

from ..engine.ability import Ability
from ..engine.outcome import Outcome, opposing


def responsibility(game, losing: str) -> dict[str, int]:
    """Points per player, from the log, for the executions of players of the team `losing`
    (their alignment at the game's end): nominating the executed player scores 2, raising a
    hand on that nomination 1; the execution that ended the game counts double. Only the
    nomination that put the executed player to death counts (the day's last nomination of
    that player: each player is nominated at most once a day)."""
    score: dict[str, int] = {p.name: 0 for p in game.players}
    executions = [(i, e) for i, e in enumerate(game.log) if e["type"] == "execution"]
    last = executions[-1][0] if executions else -1
    ending = last >= 0 and not any(e["type"] in ("night", "day") for e in game.log[last:])
    for i, ex in executions:
        victim = game.by_name.get(ex["player"])
        if victim is None or victim.alignment != losing:
            continue
        nom = next((e for e in reversed(game.log[:i]) if e["type"] == "nomination"
                    and e["target"] == ex["player"] and e["number"] == ex["number"]), None)
        if nom is None:
            continue
        weight = 2 if (i == last and ending) else 1
        score[nom["by"]] = score.get(nom["by"], 0) + 2 * weight
        for v in nom["voters"]:
            score[v] = score.get(v, 0) + weight
    return score


class Politician(Ability):
    id = "politician"
    kind = "ending"
    priority = 10       # after the Heretic's flip: the Politician judges the final result

    def judgement(self, losing: str) -> tuple[bool, str]:
        """The automatic Storyteller's policy: (suggest yes, why)."""
        game, me = self.game, self.player
        score = responsibility(game, losing)
        mine = score.get(me.name, 0)
        team = [p.name for p in game.players if p.alignment == losing and p is not me]
        best_other = max((score.get(n, 0) for n in team), default=0)
        if mine > 0 and mine > best_other:
            return True, (f"{mine} points for executing {losing} players, no other "
                          f"{losing} player above {best_other}")
        return False, (f"{me.name} scores {mine} for executing {losing} players, not more than "
                       f"another {losing} player ({best_other})")

    def alter_outcome(self, outcome: Outcome) -> Outcome:
        game, me = self.game, self.player
        if outcome.winner not in ("good", "evil"):
            return outcome
        if outcome.result(me.name, me.alignment) != "lose":
            return outcome
        if not game.in_force(self, even_if_dead=True):
            return outcome
        losing = me.alignment
        yes, why = self.judgement(losing)
        answer = game.storyteller_choice(
            "politician", [None, me.name],
            f"Was the Politician ({me.name}) the player most responsible for {losing} losing?",
            player=me.name, suggested=[me.name] if yes else [None], reason=why)
        if answer != me.name:
            return outcome
        new = opposing(losing)
        game.change_alignment(me, new)
        words = (f"{outcome.reason}; the Politician ({me.name}) was the player most responsible "
                 f"for {losing} losing" + (f" ({why})" if yes else "")
                 + f": they turn {new} and win")
        out = outcome.with_result(me.name, "win")
        return Outcome(out.winner, out.code, words, out.ability, out.results)
