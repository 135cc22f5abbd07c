"""The order of the top-level modules inside each Rust crate (docs/ARCHITECTURE.md "The
layers"): read from the sources, no module of a crate uses, directly or through others, a module
that uses it back. The crates' own order is checked on ``cargo metadata`` in
``test_crate_layers.py``; this is the same rule one level down.

A module's dependencies are the top-level modules its files name: ``crate::m``, ``super::m``
where ``super`` is the crate root, and a name the crate root re-exports (``crate::Outcome`` is
the module that ``lib.rs`` takes it from), in ``use`` lines and in paths alike. Test-only code
(``#[cfg(test)]`` modules, helpers and imports, and a module's ``tests.rs``) is left out: it
is not part of the crate's layers. A failure names the circle, module by module, with a file
and a name that make each step."""

from __future__ import annotations

import itertools
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CRATES = sorted(p.parent.parent.name for p in (ROOT / "rust_core").glob("*/src/lib.rs"))

_MOD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)
_PATH = re.compile(r"\b((?:super::)+|crate::)")
_TESTS = re.compile(r"#\[cfg\(test\)\]")
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def _strip(text: str) -> str:
    """The code of a file without comments and without its test-only items (``#[cfg(test)]``
    on a module, a function, an import: up to the end of its body or its ``;``)."""
    text = _COMMENT.sub("", text)
    while m := _TESTS.search(text):
        i, nested = m.end(), 0  # `[u8; 2]` in a signature does not end the item
        while i < len(text) and (nested or text[i] not in "{;"):
            nested += {"(": 1, "[": 1, ")": -1, "]": -1}.get(text[i], 0)
            i += 1
        if text[i : i + 1] == "{":
            depth, i = 1, i + 1
            while depth and i < len(text):
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
        else:
            i += 1  # past the `;`
        text = text[: m.start()] + text[i:]
    return text


def _heads(text: str, i: int) -> list[str]:
    """The first names of the path(s) that start at ``text[i]``: ``a::b`` gives ``a``,
    ``{a::b, c}`` gives ``a`` and ``c``."""
    if text.startswith("{", i):
        depth, j, part, parts = 0, i, "", []
        while j < len(text):
            ch = text[j]
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if depth == 0:
                break
            if ch == "," and depth == 1:
                parts.append(part)
                part = ""
            elif depth >= 1 and not (ch == "{" and depth == 1):
                part += ch
            j += 1
        parts.append(part)
        heads = (re.match(r"\s*(\w+|\*)", p) for p in parts)
        return [h.group(1) for h in heads if h]
    m = re.match(r"(\w+|\*)", text[i:])
    return [m.group(1)] if m else []


@cache
def module_graph(crate: str) -> dict[str, dict[str, str]]:
    """For each top-level module of ``crate``: the modules it uses, each with an example
    (``file: name``) of where."""
    src = ROOT / "rust_core" / crate / "src"
    lib = _strip((src / "lib.rs").read_text())
    modules = set(_MOD.findall(lib))
    # Names the root re-exports, by the module they come from.
    exported: dict[str, str] = {}
    for m in re.finditer(r"\bpub\s+use\s+(\w+)::", lib):
        if m.group(1) in modules:
            for name in _heads_after(lib, m.end()):
                exported[name] = m.group(1)
    graph: dict[str, dict[str, str]] = {m: {} for m in modules}
    for module in modules:
        files = [src / f"{module}.rs"] if (src / f"{module}.rs").exists() else []
        files += sorted((src / module).rglob("*.rs")) if (src / module).is_dir() else []
        for path in files:
            if path.name == "tests.rs":
                continue  # a `#[cfg(test)] mod tests;` in its own file: test-only code
            rel = path.relative_to(src)
            # How many `super::` reach the crate root from this file's module.
            depth = len(rel.parts) - (1 if rel.name in ("mod.rs",) else 0)
            text = _strip(path.read_text())
            for m in _PATH.finditer(text):
                ups = m.group(1).count("super::")
                if ups and ups != depth:
                    continue  # a path inside this module, not from the root
                for head in _heads(text, m.end()):
                    target = head if head in modules else exported.get(head)
                    if target and target != module:
                        graph[module].setdefault(target, f"{rel}: {m.group(1)}{head}")
    return graph


def _heads_after(text: str, i: int) -> list[str]:
    """The names a ``pub use m::...`` at ``text[i]`` makes public (the last segment of each
    path, or its alias)."""
    if text.startswith("{", i):
        end = text.index("}", i)
        names = []
        for part in text[i + 1 : end].split(","):
            part = part.strip()
            if part:
                names.append(re.split(r"\s+as\s+|::", part)[-1].strip())
        return names
    m = re.match(r"[\w:]+(?:\s+as\s+\w+)?", text[i:])
    return [re.split(r"\s+as\s+|::", m.group(0))[-1]] if m else []


def find_circle(graph: dict[str, dict[str, str]]) -> list[str] | None:
    """A circle of modules (the first one repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def describe(graph: dict[str, dict[str, str]], circle: list[str]) -> str:
    return (
        " -> ".join(circle)
        + "; "
        + "; ".join(f"{a} -> {b} ({graph[a][b]})" for a, b in itertools.pairwise(circle))
    )


@pytest.mark.parametrize("crate", CRATES)
def test_no_circle_among_a_crates_modules(crate: str) -> None:
    graph = module_graph(crate)
    circle = find_circle(graph)
    assert circle is None, f"{crate}: modules in a circle: {describe(graph, circle)}"


def test_the_reader_sees_a_known_dependency() -> None:
    """The reader is not blind: the game flow uses the battle resolver and the positions."""
    graph = module_graph("nshex_rules")
    assert {"battle", "position"} <= set(graph["game"])


def test_a_circle_is_found_and_named() -> None:
    graph = {"a": {"b": "a.rs: crate::b"}, "b": {"c": "b.rs: X"}, "c": {"a": "c.rs: Y"}, "d": {}}
    circle = find_circle(graph)
    assert circle == ["a", "b", "c", "a"]
    assert describe(graph, circle).startswith("a -> b -> c -> a; a -> b (a.rs: crate::b)")
    assert find_circle({"a": {"b": ""}, "b": {}}) is None


def test_test_only_code_is_left_out() -> None:
    text = (
        "use crate::a::X;\n#[cfg(test)]\npub(crate) fn helper(n: [u8; 2]) -> u8 { crate::b::f() }\n"
        "#[cfg(test)]\nuse crate::c::Y;\n#[cfg(test)]\nmod tests { use crate::d::Z; }\nfn g() {}\n"
    )
    kept = _strip(text)
    assert "crate::a" in kept and "fn g" in kept
    assert not any(f"crate::{m}" in kept for m in "bcd")
