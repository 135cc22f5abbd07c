#!/usr/bin/env python3
"""Set up, build, run and test the project with nothing but python3 and cargo.

    python3 dev.py play     set up, build (release) and open the game window
    python3 dev.py test     set up, build, then cargo test --workspace, pytest and the lint below
    python3 dev.py build    set up and build only
    python3 dev.py lint     ruff check, ruff format --check, cargo fmt --check, cargo clippy, mypy
    python3 dev.py package  set up, build, then the executable in dist/nshex/ (PyInstaller)

Setting up means: a virtualenv in .venv (created when missing) holding maturin, the project's
Python dependencies (pygame-ce), its dev tools (pytest, hypothesis, ruff, mypy), the `tune` extra
(cma, which `nshex tune` and its tests need) and the `rl` extra (open_spiel, pettingzoo,
gymnasium, numpy: the learning environments of docs/RL.md and their tests), all from PyPI.
The `ray` extra (for `nshex tune --ray` and the tests marked `ray`) is never installed here:
`.venv/bin/pip install '.[ray]'`.
Building means `maturin develop --release`: cargo compiles the engine and the binding (it
rebuilds only what changed, so this is quick after the first time) and puts the native module
into nshex_pygame/, where the editable install finds it. The packages are installed again only
when pyproject.toml changes. The development build has the binding's `bench` feature (the
benchmarks behind `nshex bench`); the packaged game is built without it.

Arguments after `test` go to pytest (`python3 dev.py test -k cli -x`); such a narrowed run
skips the lint, which the whole run (CI's) ends with: any finding fails it.

`package` installs PyInstaller (the `package` extra of pyproject.toml) into .venv when it is
missing and builds build/nshex.spec: the one-folder executable dist/nshex/nshex, or with
`--onefile` the single file dist/nshex. PyInstaller's scratch files go to target/pyinstaller/.
It ends by running the executable's `--selftest`. It builds the engine without the benchmarks
for the executable (whose `nshex bench` says so), then builds the development engine again.
`--no-build` packages the engine already in nshex_pygame/ without running cargo (it must be a
release build; a development build carries the benchmarks into the executable).

Standard library only: this file runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXE = ".exe" if os.name == "nt" else ""
PYTHON = BIN / f"python{EXE}"
STAMP = VENV / ".nshex-setup"
MATURIN = "maturin>=1.16,<2"
SPEC = ROOT / "build" / "nshex.spec"
DIST = ROOT / "dist"
PYINSTALLER_WORK = ROOT / "target" / "pyinstaller"
PYTEST_NO_TESTS = 5
# The binding's `bench` feature links the benchmarks (`nshex bench`, the bench crate) into the
# development build; the packaged game is built without it (rust_core/nshex_py/Cargo.toml).
BENCH_FEATURE = ["--features", "bench"]


class Failed(Exception):
    """A step failed; the message says which."""


def say(text: str) -> None:
    print(f"\n==> {text}", flush=True)


def run(command: list[str | Path], *, env: dict[str, str] | None = None) -> int:
    """Run a command from the repository root, its output going straight to ours."""
    print(f"$ {shlex.join(str(part) for part in command)}", flush=True)
    return subprocess.call([str(part) for part in command], cwd=ROOT, env=env)


def must(command: list[str | Path], what: str, *, env: dict[str, str] | None = None) -> None:
    code = run(command, env=env)
    if code != 0:
        raise Failed(f"{what} failed (exit code {code})")


def pip_env() -> dict[str, str]:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    if os.environ.get("CI"):
        env["PIP_PROGRESS_BAR"] = "off"
    env.pop("CONDA_PREFIX", None)  # maturin would install there instead of into .venv
    env["VIRTUAL_ENV"] = str(VENV)
    env["PATH"] = os.pathsep.join([str(BIN), env.get("PATH", "")])
    return env


def check_tools() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py must run far enough to say so)
        raise Failed(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}")
    if shutil.which("cargo") is None:
        raise Failed("cargo was not found: install Rust (https://rustup.rs) and try again")


def setup_fingerprint() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def setup() -> bool:
    """Create .venv and install the project's packages into it, when needed; True if it did."""
    if not PYTHON.exists():
        say("Creating the virtualenv .venv")
        must([sys.executable, "-m", "venv", VENV], "creating .venv")
    installed = STAMP.read_text().strip() if STAMP.exists() else ""
    script = BIN / f"nshex{EXE}"
    if installed == setup_fingerprint() and script.exists():
        return False
    say("Installing maturin into .venv (from PyPI)")
    must([PYTHON, "-m", "pip", "install", "--quiet", MATURIN], "installing maturin", env=pip_env())
    say("Building the engine (release) and installing nshex with its dev tools into .venv")
    # The tests run `nshex tune` and the learning environments, so the set-up installs their
    # extras (cma; open_spiel, pettingzoo, gymnasium) too; never `ray`.
    print("The first build compiles every crate and takes a few minutes.", flush=True)
    must(
        [BIN / f"maturin{EXE}", "develop", "--release", "--extras", "dev,tune,rl", *BENCH_FEATURE],
        "building and installing the project",
        env=pip_env(),
    )
    STAMP.write_text(setup_fingerprint() + "\n")
    return True


def build(*, bench: bool = True) -> None:
    """Set up if needed, then rebuild the native module (cargo rebuilds only what changed):
    the development build, or with `bench=False` the game's (no benchmarks)."""
    check_tools()
    if setup() and bench:
        return  # setup() has just built and installed everything
    say("Building the engine (release)" if bench else "Building the game's engine (release)")
    must(
        [
            BIN / f"maturin{EXE}",
            "develop",
            "--release",
            "--skip-install",
            *(BENCH_FEATURE if bench else []),
        ],
        "building the native module",
        env=pip_env(),
    )


def checks() -> dict[str, int]:
    """The linters and formatters, each by its exit code (0: no finding)."""
    ruff = BIN / f"ruff{EXE}"
    return {
        "ruff check": run([ruff, "check", "."]),
        "ruff format": run([ruff, "format", "--check", "."]),
        "cargo fmt": run(["cargo", "fmt", "--all", "--check"]),
        "cargo clippy": run(
            # the binding's bench feature on, so its benchmark functions are linted too
            [
                *["cargo", "clippy", "--workspace", "--all-targets"],
                *["--features", "nshex_py/bench", "--", "-D", "warnings"],
            ]
        ),
        # nshex_pygame, as [tool.mypy] in pyproject.toml sets it (its overrides: the debt left)
        "mypy": run([PYTHON, "-m", "mypy"]),
    }


def test(pytest_args: list[str]) -> int:
    build()

    say("Rust tests: cargo test --workspace")
    cargo = run(["cargo", "test", "--workspace", "--no-fail-fast"])

    say("Python tests: pytest")
    pytest = run([PYTHON, "-m", "pytest", *pytest_args])

    linted: dict[str, int] = {}
    if not pytest_args:  # the whole run, as CI runs it, also lints; a narrowed run does not
        say("Lint: ruff check, ruff format --check, cargo fmt --check, cargo clippy, mypy")
        linted = checks()

    say("Summary")
    print(f"  cargo test   {'ok' if cargo == 0 else f'FAILED (exit code {cargo})'}")
    if pytest == PYTEST_NO_TESTS:
        print("  pytest       FAILED: no tests were collected")
    else:
        print(f"  pytest       {'ok' if pytest == 0 else f'FAILED (exit code {pytest})'}")
    for name, code in linted.items():
        print(f"  {name:<12} {'ok' if code == 0 else 'FAILED (findings above)'}")
    clean = all(code == 0 for code in linted.values())
    return 0 if cargo == 0 and pytest == 0 and clean else 1


def play() -> int:
    build()
    say("Opening the game window (nshex)")
    return run([BIN / f"nshex{EXE}"])


def package_requirements() -> list[str]:
    """The `package` extra of pyproject.toml: what building the executable needs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project["optional-dependencies"]["package"])


def ensure_pyinstaller() -> None:
    """Install the `package` extra into .venv unless PyInstaller is already there."""
    probe = subprocess.call(
        [PYTHON, "-c", "import PyInstaller"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    if probe == 0:
        return
    say("Installing PyInstaller into .venv (from PyPI)")
    must(
        [PYTHON, "-m", "pip", "install", "--quiet", *package_requirements()],
        "installing PyInstaller",
        env=pip_env(),
    )


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def package(
    *,
    onefile: bool = False,
    build_engine: bool = True,
    distpath: Path = DIST,
    workpath: Path = PYINSTALLER_WORK,
) -> Path:
    """Build the executable with PyInstaller and run its self test; returns its path."""
    if build_engine:
        build(bench=False)
        try:
            return _package(onefile=onefile, distpath=distpath, workpath=workpath)
        finally:
            build()  # the development engine again, with the benchmarks
    if not PYTHON.exists():
        raise Failed("--no-build needs the engine built in .venv first: python3 dev.py build")
    return _package(onefile=onefile, distpath=distpath, workpath=workpath)


def _package(*, onefile: bool, distpath: Path, workpath: Path) -> Path:
    """PyInstaller on the engine now in nshex_pygame/, then the executable's self test."""
    ensure_pyinstaller()
    say(f"Packaging nshex with PyInstaller ({'one file' if onefile else 'one folder'})")
    target = distpath / "nshex"
    if target.is_dir():  # one kind of build must not trip over the other
        shutil.rmtree(target)
    elif target.exists():
        target.unlink()
    command: list[str | Path] = [
        BIN / f"pyinstaller{EXE}",
        SPEC,
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        distpath,
        "--workpath",
        workpath,
    ]
    if onefile:
        command += ["--", "--onefile"]
    must(command, "PyInstaller", env=dict(pip_env(), PYGAME_HIDE_SUPPORT_PROMPT="1"))
    executable = target if onefile else target / f"nshex{EXE}"
    if not executable.is_file():
        raise Failed(f"PyInstaller finished but {executable} is not there")
    say("Self test of the executable")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    must([executable, "--selftest"], "the executable's self test", env=env)
    size = tree_size(target) / 1e6
    print(f"\nThe game is {executable} ({'one file' if onefile else 'the folder'} {size:.1f} MB).")
    if not onefile:
        print(f"Give a player the whole folder {target}; they run {executable.name} in it.")
    return executable


def lint() -> int:
    build()
    return 0 if all(code == 0 for code in checks().values()) else 1


COMMANDS = {"play", "test", "build", "lint", "package"}
PACKAGE_OPTIONS = {"--onefile", "--no-build"}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "package" and not set(rest) <= PACKAGE_OPTIONS:
        print(
            f"dev.py package: takes only {' and '.join(sorted(PACKAGE_OPTIONS))}", file=sys.stderr
        )
        return 2
    if rest and command not in ("test", "package"):
        print(f"dev.py {command}: takes no arguments", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        if command == "build":
            build()
            code = 0
        elif command == "test":
            code = test(rest)
        elif command == "play":
            code = play()
        elif command == "package":
            package(onefile="--onefile" in rest, build_engine="--no-build" not in rest)
            code = 0
        else:
            code = lint()
    except Failed as failure:
        print(f"\ndev.py {command}: {failure}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    elapsed = time.monotonic() - started
    print(f"\ndev.py {command}: {'done' if code == 0 else 'FAILED'} in {elapsed:.0f} s")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
