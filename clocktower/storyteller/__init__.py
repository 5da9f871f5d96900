"""Storyteller policies: answerers for decisions whose `who` is "storyteller"."""
from .auto import AutoStoryteller

__all__ = ["AutoStoryteller"]
