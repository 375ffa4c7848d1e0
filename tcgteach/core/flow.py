"""Turn structure as data. The same declaration drives the engine and becomes ``game.flow``.

A ``Flow`` lists nodes (phases, steps, decision points) and edges (the only transitions the
engine may make). States move with ``_goto`` which refuses any move that is not an edge, and
record every move, so tests can show that the diagram *is* the program.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # networkx is imported lazily: ``import tcgteach`` stays fast
    import networkx as nx


@dataclass(frozen=True)
class Node:
    id: str
    label: Mapping[str, str]
    rules: tuple[str, ...]
    #: "start", "decision" (a player acts here), "step" (the engine passes through), "end"
    kind: str = "step"
    #: one-line en/ja explanation shown in lessons and tooltips
    help: Mapping[str, str] | None = None
    #: name of a sub-flow the node belongs to (drawn as a cluster, e.g. "combat")
    cluster: str | None = None


@dataclass(frozen=True)
class Edge:
    src: str
    dst: str
    label: Mapping[str, str]
    rule: str


class Flow:
    """A named graph of nodes and edges with en/ja labels and rule IDs."""

    def __init__(
        self,
        name: str,
        title: Mapping[str, str],
        nodes: tuple[Node, ...],
        edges: tuple[Edge, ...],
        cluster_titles: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.name = name
        self.cluster_titles = dict(cluster_titles or {})
        self.title = title
        self.nodes = nodes
        self.edges = edges
        self.node_ids = tuple(n.id for n in nodes)
        self.by_id = {n.id: n for n in nodes}
        for e in edges:
            if e.src not in self.by_id or e.dst not in self.by_id:
                raise ValueError(f"flow {name}: edge {e.src}->{e.dst} names an unknown node")
        self.edge_set = frozenset((e.src, e.dst) for e in edges)
        if len(self.edge_set) != len(edges):
            raise ValueError(f"flow {name}: duplicate edge")
        self._graph: nx.DiGraph | None = None

    def subflow(self, cluster: str, name: str, title: Mapping[str, str]) -> Flow:
        """The nodes of one cluster plus the nodes that enter or leave it, with the edges among them."""
        inner = {n.id for n in self.nodes if n.cluster == cluster}
        edges = tuple(e for e in self.edges if e.src in inner or e.dst in inner)
        keep = inner | {e.src for e in edges} | {e.dst for e in edges}
        return Flow(name, title, tuple(n for n in self.nodes if n.id in keep), edges, self.cluster_titles)

    def label(self, node: str, lang: str = "en") -> str:
        """The node's label in ``lang`` (English when that language has none)."""
        lab = self.by_id[node].label
        return lab.get(lang, lab["en"])

    def to_networkx(self) -> nx.DiGraph:
        """The flow as a ``networkx.DiGraph`` (built once, then shared: do not mutate it)."""
        if self._graph is None:
            import networkx as nx

            g = nx.DiGraph(name=self.name, title_en=self.title["en"], title_ja=self.title["ja"])
            for n in self.nodes:
                g.add_node(
                    n.id,
                    label_en=n.label["en"],
                    label_ja=n.label["ja"],
                    rules=n.rules,
                    kind=n.kind,
                    help_en=(n.help or {}).get("en", ""),
                    help_ja=(n.help or {}).get("ja", ""),
                    cluster=n.cluster or "",
                )
            for e in self.edges:
                g.add_edge(e.src, e.dst, label_en=e.label["en"], label_ja=e.label["ja"], rule=e.rule)
            self._graph = g
        return self._graph

    def __repr__(self) -> str:
        return f"Flow({self.name!r}, {len(self.nodes)} nodes, {len(self.edges)} edges)"


def lang_pair(en: str, ja: str) -> dict[str, str]:
    """A label in both languages of the package: ``{"en": en, "ja": ja}``."""
    return {"en": en, "ja": ja}
