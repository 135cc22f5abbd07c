"""The packaged executable: build it the way `python3 dev.py package` does, then run it.

Marked ``packaging`` and left out of the default run (it takes about a minute):
``python3 dev.py test -m packaging``. The engine already in nshex_pygame/ is packaged (the run
of dev.py has just built it); PyInstaller is installed into .venv when missing, and the test is
skipped when it cannot be.

The executable is copied out of the build folder and run from another folder with a bare
environment (no Python, no virtualenv, no repository on any path, no display), as a player's
machine would run it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parent.parent
SELFTEST_LINE = re.compile(r"nshex selftest: ok: .+ actions, .+ turns, .+ battles, .+\n")
WINDOW_TIMEOUT = 60.0


def load_dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("nshex_dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bare_env(home: Path, **extra: str) -> dict[str, str]:
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        **extra,
    }


def run_installed(
    installed: Path, *args: str, cwd: Path, home: Path, timeout: float
) -> subprocess.CompletedProcess[str]:
    """The installed game run with ``args`` in a bare environment (no Python, no repository)."""
    return subprocess.run(
        [str(installed), *args],
        cwd=cwd,
        env=bare_env(home),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def files_under(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()}


@pytest.fixture(scope="module", params=["onefolder", "onefile"])
def installed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The executable, built by dev.py's package step and copied to a folder of its own."""
    dev = load_dev()
    try:
        dev.ensure_pyinstaller()
    except dev.Failed as failure:
        pytest.skip(f"PyInstaller cannot be installed: {failure}")
    scratch = tmp_path_factory.mktemp("pyinstaller")
    onefile = request.param == "onefile"
    built = dev.package(
        onefile=onefile,
        build_engine=False,
        distpath=scratch / "dist",
        workpath=scratch / "work",
    )
    elsewhere = tmp_path_factory.mktemp("player")
    if onefile:
        target = elsewhere / "nshex"
        shutil.copy2(built, target)
        return target
    shutil.copytree(built.parent, elsewhere / "nshex", symlinks=True)
    return elsewhere / "nshex" / built.name


def test_selftest_runs_without_python_or_repository(installed: Path, tmp_path: Path) -> None:
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    home.mkdir()
    cwd.mkdir()
    result = run_installed(installed, "--selftest", cwd=cwd, home=home, timeout=120)
    assert result.returncode == 0, result.stderr
    assert SELFTEST_LINE.fullmatch(result.stdout), result.stdout
    assert result.stderr == ""


def test_bundled_scenario_resolves(installed: Path, tmp_path: Path) -> None:
    """The example scenarios travel inside the bundle; a battle from one is resolved."""
    home = tmp_path / "home"
    home.mkdir()
    bundled = installed.parent / "_internal" / "nshex_pygame" / "scenarios"
    if bundled.is_dir():  # one folder: the data files sit in _internal/
        path = bundled / "example_borgo_moloch.toml"
    else:  # one file: it unpacks them only while it runs, so give it a copy to read
        path = tmp_path / "example.toml"
        shutil.copy2(ROOT / "nshex_pygame" / "scenarios" / "example_borgo_moloch.toml", path)
    result = run_installed(
        installed, "battle", str(path), "--json", cwd=tmp_path, home=home, timeout=60
    )
    assert result.returncode == 0, result.stderr
    battle = json.loads(result.stdout)
    assert {"hq_hp", "units", "phases", "winner"} <= battle.keys()


def test_window_opens_menu_and_keeps_data_in_home(installed: Path, tmp_path: Path) -> None:
    """`nshex` alone draws the main menu; its data folder is under HOME, not by the program."""
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    home.mkdir()
    cwd.mkdir()
    shot = tmp_path / "menu.png"
    beside = installed.parent
    before = files_under(beside)
    process = subprocess.Popen(
        [str(installed)],
        cwd=cwd,
        env=bare_env(home, NSHEX_SCREENSHOT=str(shot), NSHEX_SCREENSHOT_FRAME="5"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + WINDOW_TIMEOUT
        while not (shot.exists() and shot.stat().st_size > 0):
            if process.poll() is not None or time.monotonic() > deadline:
                break
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            out, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
    assert shot.exists(), f"no menu frame was drawn (exit {process.returncode}): {err}{out}"
    assert (home / ".local" / "share" / "nshex").is_dir()
    assert files_under(beside) - before == set(), "the program wrote next to itself"
    assert not any(cwd.iterdir()), "the program wrote into the working folder"
    assert os.path.getsize(shot) > 1000
