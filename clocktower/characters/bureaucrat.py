"""Bureaucrat (Trouble Brewing, Traveller).

"Each night, choose a player (not yourself): their vote counts as 3 votes tomorrow."

How to Run: each night, the first included, the Bureaucrat points at another player, marked
3 VOTES until the next dusk. Each time that player votes for an execution the next day, their
vote counts three (every nomination that day). The triple vote is lost at once if the
Bureaucrat dies or is exiled (the mark is an effect of the Bureaucrat's ability, which then
stops working), or is drunk or poisoned. Exiles are never affected: a marked player's hand
counts one for an exile.

Rulings: a vote marked by both the Bureaucrat and the Thief counts -3 (weights multiply).
A drunk or poisoned Bureaucrat still wakes and chooses, but marks nobody.
"""
from __future__ import annotations

from ._votes import VoteMarker


class Bureaucrat(VoteMarker):
    id = "bureaucrat"
    kind = "voting"
    factor = 3
    effect = "three_votes"
    token = "3 Votes"
