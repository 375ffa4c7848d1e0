"""The game-agnostic kernel: actions, events, flow graphs, options, RNG, states, errors."""
