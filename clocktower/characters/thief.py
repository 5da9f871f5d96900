"""Thief (Trouble Brewing, Traveller).

"Each night, choose a player (not yourself): their vote counts negatively tomorrow."

How to Run: each night, the first included, the Thief points at another player, marked
NEGATIVE VOTE until the next dusk. Each time that player votes for an execution the next day,
their vote subtracts one from the tally instead of adding one (every nomination that day).
The vote turns positive again at once if the Thief dies or is exiled (the mark is an effect
of the Thief's ability, which then stops working), or is drunk or poisoned. Exiles are never
affected: a marked player's hand counts one for an exile.

Rulings: a vote marked by both the Thief and the Bureaucrat counts -3 (weights multiply).
A drunk or poisoned Thief still wakes and chooses, but marks nobody.
"""
from __future__ import annotations

from ._votes import VoteMarker


class Thief(VoteMarker):
    id = "thief"
    kind = "voting"
    factor = -1
    effect = "negative_vote"
    token = "Negative Vote"
