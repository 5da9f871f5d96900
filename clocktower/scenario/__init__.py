"""Scenario files: executable rulings (docs/scenarios.md)."""
from .loader import ScenarioError, load_file, load_text
from .runner import Result, collect, run_file, run_scenario

__all__ = ["ScenarioError", "load_file", "load_text", "Result", "collect", "run_file", "run_scenario"]
