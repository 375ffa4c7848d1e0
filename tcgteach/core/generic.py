"""``S``, the type variable of ``Game[S]``: the state class a game makes (``Game[DarkMoonState]``).

Its default is ``State``, so a front end that takes any game writes plain ``Game``; covariant: a ``Game[DarkMoonState]``
is a ``Game``. Not compiled (setup.py does
not list it): a compiled module drops the runtime branch below as unreachable."""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from .state import State

    S = TypeVar("S", bound=State, default=State, covariant=True)
else:
    S = typing.TypeVar("S", bound="State", covariant=True)
