"""The setup rules' one API for the bag arithmetic (engine/setup.py:legal_counts)."""
from clocktower.engine.setup import legal_counts


def test_legal_counts_one_api_for_the_bag_arithmetic():
    plain = list(legal_counts(7, ["imp", "poisoner", "chef"]))
    assert plain[0][0] == {"townsfolk": 5, "outsider": 0, "minion": 1, "demon": 1}
    baron = [c for c, _ in legal_counts(7, ["imp", "baron"])]
    assert {"townsfolk": 3, "outsider": 2, "minion": 1, "demon": 1} in baron
