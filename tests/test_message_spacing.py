"""The engine's messages read as sentences: no string literal in the rules crate, once Rust's
line continuation (a backslash at a line's end eats the newline and the next line's indent)
is applied, holds a run of spaces where a word break should be. Two refusals once told a
player to "let the                  deck fill the hand"."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "rust_core").glob("nshex_*/src/**/*.rs"))
# A plain string literal (raw strings and char literals are not messages).
LITERAL = re.compile(r'(?<![r\'\w])"((?:[^"\\]|\\.)*)"', re.S)


def continued(text: str) -> str:
    """The literal as Rust reads it: a backslash-newline drops the following whitespace."""
    return re.sub(r"\\\n\s*", "", text)


def spaced_out(path: Path) -> list[str]:
    found = []
    source = path.read_text(encoding="utf-8")
    for match in LITERAL.finditer(source):
        text = continued(match.group(1))
        if re.search(r"\S {2,}\S", text) and "\\n" not in text:
            line = source.count("\n", 0, match.start()) + 1
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            found.append(f"{shown}:{line}: {text[:80]!r}")
    return found


def test_the_checker_finds_a_spaced_out_message(tmp_path: Path) -> None:
    bad = tmp_path / "x.rs"
    bad.write_text('fn f() -> &str { "let the          deck fill" }\n', encoding="utf-8")
    good = tmp_path / "y.rs"
    good.write_text('fn f() -> &str { "let the \\\n        deck fill" }\n', encoding="utf-8")
    assert spaced_out(bad) and not spaced_out(good)


def test_no_message_of_the_engine_holds_a_run_of_spaces() -> None:
    assert SOURCES
    found = [line for path in SOURCES for line in spaced_out(path)]
    assert not found, "\n".join(found)
