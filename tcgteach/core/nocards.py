"""The empty zone of a player's view (``State.view``): one shared read-only list."""

from __future__ import annotations

from typing import Any, NoReturn

from .errors import TcgError

__all__ = ["NO_CARDS"]


def _refuse_change(*args: Any, **kwargs: Any) -> NoReturn:
    raise TcgError("the zones of a player's view are a snapshot and cannot be changed; change the real state")


#: The empty zone of a view: one shared object, so it refuses every change (a view is a snapshot: a zone of it
#: never changes, and changing it could not change the state). Copying it (``z[:]``, ``list(z)``, as ``clone`` and
#: ``determinize`` do) gives an ordinary list. Made by ``type()``: mypyc compiles no class derived from list (nor a
#: non-native class whose body assigns one function to several names).
_NoCards = type(
    "_NoCards",
    (list,),
    {
        "__slots__": (),
        "__module__": __name__,
        **dict.fromkeys(
            (
                "append",
                "extend",
                "insert",
                "remove",
                "pop",
                "clear",
                "sort",
                "reverse",
                "__setitem__",
                "__delitem__",
                "__iadd__",
                "__imul__",
            ),  # fmt: skip
            _refuse_change,
        ),
    },
)


#: every empty zone of every view (see ``State.view``)
NO_CARDS: list[int] = _NoCards()
