"""A game's rule texts (``Game.rules_file``), read once per process and kept by the game's module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import TcgError

if TYPE_CHECKING:
    from .game import Game

__all__ = ["rule_texts_of"]


#: (game module, rules file) -> the rule texts read from it
_RULE_TEXTS: dict[tuple[str, str], Mapping[str, Mapping[str, Any]]] = {}


def _module_of(cls: Any) -> str:
    """The module that defines ``cls`` (typed Any: mypyc refuses ``__module__`` through a compiled class object)."""
    return str(cls.__module__)


def rule_texts_of(cls: type[Game]) -> Mapping[str, Mapping[str, Any]]:
    """The rule texts of ``cls`` from its ``rules_file`` (the rule IDs start with its ``contract_rule``'s prefix)."""
    module: str = _module_of(cls)
    key = (module, cls.rules_file)
    texts = _RULE_TEXTS.get(key)
    if texts is None:
        if not cls.rules_file:
            raise TcgError(f"{cls.name} declares no rules file (Game.rules_file)")
        import sys
        from pathlib import Path

        from .data import load_rule_texts

        where = sys.modules[module].__file__
        if where is None:
            raise TcgError(f"{cls.name}: the package {module} has no folder to read {cls.rules_file} from")
        prefix = cls.contract_rule.partition("-")[0]
        texts = _RULE_TEXTS[key] = load_rule_texts(Path(where).parent / cls.rules_file, prefix, checked=True)
    return texts
