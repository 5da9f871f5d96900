"""clocktower: a Blood on the Clocktower rules engine, Storyteller assistant and simulator."""

__version__ = "0.1.0"
