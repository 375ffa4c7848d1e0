"""Texts in English and Japanese for the front ends (the games keep their own in their packages).

A front end keeps its words in one ``Text`` table, ``key -> (English, Japanese)``, and looks them up with
``TABLE.t(key, lang, **fmt)``; ``pick`` reads the ``{"en": ..., "ja": ...}`` mappings a game gives (its
title, the labels of its flow graph). Japanese when ``lang`` is ``"ja"``, English otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

#: the languages of every text
LANGS = ("en", "ja")


class Text(Mapping[str, tuple[str, str]]):
    """A table of front-end texts: ``key -> (English, Japanese)``, each a ``str.format`` template."""

    def __init__(self, entries: Mapping[str, tuple[str, str]]) -> None:
        self._entries = dict(entries)

    def t(self, key: str, lang: str, **fmt: Any) -> str:
        """The text of ``key`` in ``lang`` with ``fmt`` filled in (``{n}``, ``{r}`` ...)."""
        en, ja = self._entries[key]
        return (ja if lang == "ja" else en).format(**fmt)

    def __or__(self, other: Mapping[str, tuple[str, str]]) -> Text:
        """This table with the entries of ``other`` added (a widget that extends another one's words)."""
        return Text({**self._entries, **other})

    def __getitem__(self, key: str) -> tuple[str, str]:
        return self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def pick(texts: Mapping[str, str], lang: str, default: str | None = None) -> str:
    """The ``lang`` entry of a ``{"en": ..., "ja": ...}`` mapping, else the English one, else ``default``
    (else the mapping has no text: ``KeyError``)."""
    if lang in texts:
        return texts[lang]
    if "en" in texts or default is None:
        return texts["en"]
    return default
