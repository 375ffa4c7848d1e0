"""Dragon Quest teaching: the board, the texts, the card texts, the reasons, the coach's policy, the quiz and the
rule explorer's moments; it reads the rules (../rules), the rules never read it (tests/test_layers.py)."""
