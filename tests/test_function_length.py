"""No function longer than 120 lines in the Rust crates (rust_core/*/src) or the Python package
(nshex_pygame), unless a comment on the line above says why it must stay whole: ``// long: <why>``
(Rust, above the function or its attributes) or ``# long: <why>`` (Python, above the ``def`` or
its decorators). A failure names each offender by file:line."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 120

RAW_STRING = re.compile(r'b?r(#*)"')
CHAR_LITERAL = re.compile(r"'(\\.[^']*|[^\\'])'")
RUST_FN = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?"
    r'(?:extern\s+"[^"]*"\s+)?fn\s+(\w+)'
)


def _rust_code_mask(text: str) -> str:
    """The text with comments, strings and char literals blanked (newlines kept), so that
    counting braces counts code only."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a: int, b: int) -> None:
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif (
            c in "br" and (m := RAW_STRING.match(text, i)) and (i == 0 or not text[i - 1].isalnum())
        ):
            end = '"' + m.group(1)
            j = text.find(end, m.end())
            j = n if j < 0 else j + len(end)
            blank(i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'" and (m := CHAR_LITERAL.match(text, i)):
            blank(i, m.end())
            i = m.end()
        else:
            i += 1
    return "".join(out)


def _marked(lines: list[str], index: int, comment: str, skip: tuple[str, ...]) -> bool:
    """Whether the lines just above line `index` (0-based), past attributes or decorators and
    doc comments, hold a `long:` comment."""
    j = index - 1
    while j >= 0:
        s = lines[j].strip()
        if s.startswith(f"{comment} long:"):
            return True
        if s.startswith(skip) or s.startswith(comment):
            j -= 1
            continue
        return False
    return False


def _body_start(code: str, pos: int) -> int:
    """Where the body's ``{`` of a signature starting at ``pos`` is, or -1 for a declaration
    (a ``;`` first). Only a ``;`` outside brackets ends it: ``[u8; 6]`` in a parameter's type
    does not."""
    depth = 0
    for j in range(pos, len(code)):
        ch = code[j]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "{" and depth == 0:
            return j
        elif ch == ";" and depth == 0:
            return -1
    return -1


def rust_functions(path: Path) -> list[tuple[str, int, int, bool]]:
    """(name, first line, length in lines, marked) of each function in a Rust file."""
    text = path.read_text(encoding="utf-8")
    code = _rust_code_mask(text)
    lines = text.split("\n")
    starts = [0]
    for line in code.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    out = []
    for number, line in enumerate(code.split("\n")):
        m = RUST_FN.match(line)
        if not m:
            continue
        brace = _body_start(code, starts[number] + m.end())
        if brace < 0:
            continue  # a declaration without a body
        depth, j = 0, brace
        while j < len(code):
            if code[j] == "{":
                depth += 1
            elif code[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        last = code.count("\n", 0, j)
        marked = _marked(lines, number, "//", ("#[", "///", "//!"))
        out.append((m.group(1), number + 1, last - number + 1, marked))
    return out


def python_functions(path: Path) -> list[tuple[str, int, int, bool]]:
    """(name, first line, length in lines, marked) of each function in a Python file."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            marked = _marked(lines, first - 1, "#", ("@",))
            out.append((node.name, node.lineno, length, marked))
    return out


@cache
def long_functions() -> list[tuple[str, str, int]]:
    """Every unmarked function over the limit: (file:line, file::name, length)."""
    found = []
    files = [(p, rust_functions) for p in sorted(ROOT.glob("rust_core/*/src/**/*.rs"))]
    files += [(p, python_functions) for p in sorted((ROOT / "nshex_pygame").rglob("*.py"))]
    for path, read in files:
        rel = path.relative_to(ROOT).as_posix()
        for name, line, length, marked in read(path):
            if length > LIMIT and not marked:
                found.append((f"{rel}:{line}", f"{rel}::{name}", length))
    return found


def _report(found: list[tuple[str, str, int]]) -> str:
    return "\n".join(f"  {where} {key.split('::')[-1]} ({n} lines)" for where, key, n in found)


def test_no_function_is_too_long() -> None:
    found = long_functions()
    assert not found, (
        f"functions over {LIMIT} lines (split them, or say why above: // long: or # long:):\n"
        + _report(found)
    )


def test_the_checker_measures_functions(tmp_path: Path) -> None:
    """The checker finds a long Rust function past braces in strings and comments, a long
    Python one, and lets a marked one be."""
    body = "\n".join(f'    let s{i} = "}}{{"; // }}' for i in range(LIMIT))
    rust = tmp_path / "a.rs"
    rust.write_text(
        f"/// Doc.\n#[inline]\npub(crate) fn long_one() {{\n{body}\n}}\n\n"
        f"// long: a table\nfn marked() {{\n{body}\n}}\n\nfn short() {{\n    let c = '{{';\n}}\n"
    )
    found = {name: (line, n, marked) for name, line, n, marked in rust_functions(rust)}
    assert found["long_one"] == (3, LIMIT + 2, False)
    assert found["marked"][2] is True
    assert found["short"][1] == 3
    py = tmp_path / "a.py"
    lines = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    py.write_text(f"# long: a table\n@staticmethod\ndef marked():\n{lines}\n\ndef f():\n{lines}\n")
    got = {name: (n, marked) for name, _, n, marked in python_functions(py)}
    assert got == {"marked": (LIMIT + 1, True), "f": (LIMIT + 1, False)}


def test_the_checker_reads_past_arrays_in_a_signature(tmp_path: Path) -> None:
    """A ``;`` inside a parameter's type (``[u8; 6]``) does not make a declaration of it."""
    body = "\n".join(f"    let x{i} = {i};" for i in range(LIMIT))
    rust = tmp_path / "b.rs"
    rust.write_text(f"fn wide(\n    a: &[[u8; 6]],\n) -> u8 {{\n{body}\n    0\n}}\n")
    found = {name: n for name, _line, n, _marked in rust_functions(rust)}
    assert found["wide"] == LIMIT + 5
