"""The game-agnostic kernel: actions, events, flow graphs, options, RNG, states, errors.

The kernel imports no game and no registry (a game it needs is passed in: ``replay_into(game, ...)``,
``State``'s own ``game``) and formats no sentence for players in any language: it hands out values (an
``Outcome``, a rule's interpretations) that ``tcgteach.texts`` and the games' teaching put into words. Its
error messages stay here: a ``TcgError`` (and its kinds) names the parameter, the file location or the rule ID
it is about; those are the library's errors, in English, not teaching sentences. ``tests/test_layers.py``
checks both (imports, and Japanese text outside error messages)."""
