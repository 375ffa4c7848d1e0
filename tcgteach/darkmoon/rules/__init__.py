"""DARK MOON rules: everything the engine needs to play a game exactly (state, flow, effects, cards, ids,
actions, setup). Imports none of ../teaching, no widget and no viz (tests/test_layers.py)."""
