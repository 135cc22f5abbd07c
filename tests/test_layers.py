"""The package's layers, checked on the source (``ast``, nothing imported or installed).

- The client never imports the command line (``nshex_pygame.cli``): text both use lives in
  ``nshex_pygame.describe``.
- A scene never imports another scene: scenes reach each other through the app's registry
  (``app.open("game", ...)``), filled in one place, ``nshex_pygame/client/scenes/__init__.py``.
  A scene split into a package (``scenes/game/``) may import its own parts.
- Only ``nshex_pygame/core.py`` touches the native module ``nshex_pygame._core``.

Each failure names the file, the line and the import that breaks the rule.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nshex_pygame"
CLIENT = PACKAGE / "client"
SCENES = CLIENT / "scenes"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import in the file, at any depth (in functions too); for
    ``from a import b`` both ``a`` and ``a.b`` (``b`` may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                here = _module_name(path).split(".")
                base = here if is_package else here[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def _python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def _where(path: Path, line: int, module: str) -> str:
    return f"{path.relative_to(ROOT)}:{line} imports {module}"


def test_the_client_never_imports_the_command_line() -> None:
    bad = [
        _where(path, line, module)
        for path in _python_files(CLIENT)
        for line, module in _imports(path)
        if _within(module, "nshex_pygame.cli")
    ]
    assert not bad, "the client must not import nshex_pygame.cli:\n" + "\n".join(bad)


def _scene_unit(module: str) -> str | None:
    """``game`` for ``nshex_pygame.client.scenes.game.draw``; None outside the scenes."""
    prefix = "nshex_pygame.client.scenes."
    if not module.startswith(prefix):
        return None
    return module[len(prefix) :].split(".")[0]


def test_no_scene_imports_another_scene() -> None:
    registry = SCENES / "__init__.py"
    scene_files = [p for p in _python_files(SCENES) if p != registry]
    assert len(scene_files) >= 7, "the scenes were not found"
    bad = []
    for path in scene_files:
        own = _scene_unit(_module_name(path))
        for line, module in _imports(path):
            if _within(module, "nshex_pygame.client.scenes") and _scene_unit(module) != own:
                bad.append(_where(path, line, module))
    assert not bad, (
        "a scene imports another scene (open it by name through the app instead):\n"
        + "\n".join(bad)
    )


def test_only_core_touches_the_native_module() -> None:
    allowed = {PACKAGE / "core.py"}
    bad = [
        _where(path, line, module)
        for path in _python_files(PACKAGE)
        if path not in allowed
        for line, module in _imports(path)
        if _within(module, "nshex_pygame._core")
    ]
    assert not bad, "only nshex_pygame/core.py may import nshex_pygame._core:\n" + "\n".join(bad)


def test_every_scene_is_registered_once() -> None:
    """Each scene class is in the registry under its name, and every name is distinct."""
    from nshex_pygame.client.scene import SceneRegistry
    from nshex_pygame.client.scenes import register_all

    registry = SceneRegistry()
    register_all(registry)
    classes = set()
    for path in _python_files(SCENES):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Name) and b.id == "Scene" for b in node.bases
            ):
                classes.add(node.name)
    assert len(registry.names()) == len(classes), (registry.names(), sorted(classes))


def test_the_checks_see_a_forbidden_import(tmp_path: Path) -> None:
    """The import reader finds imports inside functions and ``from`` forms."""
    path = tmp_path / "x.py"
    path.write_text(
        "def f():\n    from nshex_pygame import cli\n    import nshex_pygame._core\n",
        encoding="utf-8",
    )
    found = {module for _line, module in _imports(path)}
    assert {"nshex_pygame.cli", "nshex_pygame._core"} <= found
