"""``mypyc_attr`` for the compiled build (setup.py, ``bash run.sh fast``) with no mypy_extensions at run time.

mypyc reads the decorator while it compiles (it never calls it); the pure-Python package gets a stand-in
that returns the class unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:
        return lambda cls: cls
