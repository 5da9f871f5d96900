"""Player agents: answerers for decisions whose `who` is a player."""
from .random_bot import RandomBot

__all__ = ["RandomBot"]
