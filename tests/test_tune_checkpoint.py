"""``nshex tune``'s checkpoint (docs/RELIABILITY.md): JSON with a format version, checked whole
when resumed; nothing in it can run code (an old pickle checkpoint is refused unread), a
damaged one is refused in one line naming the problem, and a good one resumes exactly (CMA-ES
rebuilt by replaying the history), or from its mean and step when it cannot be rebuilt."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli as run

from nshex_pygame import tune
from nshex_pygame.core import default_weights

BOT = "easy:iters=30"


def tiny_config() -> tune.TuneConfig:
    return tune.TuneConfig(
        bot=BOT, games=2, population=4, sigma=0.3, seed=7, weights=tuple(default_weights())
    )


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The JSON of a two-generation run's checkpoint."""
    path = tmp_path_factory.mktemp("tune") / "run.checkpoint"
    tune.tune(tune.new_state(tiny_config()), 2, tune.LocalEvaluator(2), checkpoint=path)
    return json.loads(path.read_text(encoding="utf-8"))


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "run.checkpoint"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_checkpoint_is_json_with_a_version(checkpoint: dict[str, Any]) -> None:
    assert checkpoint["format"] == "nshex-tune-checkpoint" and checkpoint["version"] == 2
    assert checkpoint["generation"] == 2 and len(checkpoint["history"]) == 2
    assert len(checkpoint["search"]["mean"]) == len(default_weights())


def test_the_replayed_search_is_the_stopped_one(checkpoint: dict[str, Any], tmp_path: Path) -> None:
    state = tune.load_checkpoint(_write(tmp_path, checkpoint))
    assert "approximate" not in state, "rebuilt exactly, not from the mean"
    assert [float(v) for v in state["es"].mean] == checkpoint["search"]["mean"]
    assert float(state["es"].sigma) == checkpoint["search"]["sigma"]


def test_a_search_that_cannot_be_rebuilt_resumes_from_its_mean(
    checkpoint: dict[str, Any], tmp_path: Path
) -> None:
    moved = json.loads(json.dumps(checkpoint))
    moved["search"]["mean"] = [0.125] * len(moved["search"]["mean"])
    moved["search"]["sigma"] = 0.5
    state = tune.load_checkpoint(_write(tmp_path, moved))
    assert "mean" in state["approximate"]
    assert list(state["es"].mean) == [0.125] * len(moved["search"]["mean"])
    assert float(state["es"].sigma) == 0.5
    row = tune.run_generation(state, tune.LocalEvaluator(2))
    assert row["generation"] == 3


class _Payload:
    """What a crafted pickle would run when unpickled: a file written."""

    def __init__(self, target: Path) -> None:
        self.target = target

    def __reduce__(self) -> Any:
        return (Path.write_text, (self.target, "ran"))


def test_a_pickle_checkpoint_never_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "pwned"
    crafted = tmp_path / "old.checkpoint"
    crafted.write_bytes(pickle.dumps({"format": _Payload(target)}, protocol=4))
    out = tmp_path / "w.json"
    code, text, err = run(capsys, "tune", "--resume", str(crafted), "--out", str(out))
    assert code == 2 and text == ""
    assert "pickle" in err and "no longer read" in err and err.count("\n") == 1, err
    assert not target.exists(), "nothing in the file ran"
    assert not out.exists()


def _damaged(good: dict[str, Any]) -> list[tuple[str, Any, str]]:
    """(what, the file's bytes or JSON, words of the refusal)."""

    def changed(change: Any) -> dict[str, Any]:
        data = json.loads(json.dumps(good))
        change(data)
        return data

    return [
        ("truncated", json.dumps(good)[:200].encode(), "not valid JSON"),
        ("empty", b"", "empty"),
        ("invalid UTF-8", b'{"format": "\xff\xfe"}', "UTF-8"),
        ("deep nesting", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        ("huge integer", b'{"version": ' + b"9" * 5000 + b"}", "number too long"),
        ("NaN", json.dumps(good).replace('"sigma": 0.3', '"sigma": NaN').encode(), "NaN"),
        ("a list", [1, 2], "no format"),
        ("version 1", changed(lambda d: d.update(version=1)), "format version"),
        ("no config", changed(lambda d: d.pop("config")), "config"),
        ("games a text", changed(lambda d: d["config"].update(games="2")), "games"),
        (
            "sigma 1e400",
            json.dumps(good).replace('"sigma": 0.3', '"sigma": 1e400').encode(),
            "sigma",
        ),
        ("seed negative", changed(lambda d: d["config"].update(seed=-1)), "seed"),
        ("unknown weight", changed(lambda d: d["config"].update(weights=["x"])), "weight"),
        ("code in a setting", changed(lambda d: d["config"].update(run="rm -rf")), "unknown"),
        ("rows missing", changed(lambda d: d.update(generation=5)), "generation"),
        ("a rate of 2", changed(lambda d: d["history"][0]["win_rates"].__setitem__(0, 2)), "rate"),
        ("rates short", changed(lambda d: d["history"][1]["win_rates"].pop()), "win_rates"),
        ("best a text", changed(lambda d: d.update(best="all")), "best"),
        ("no search", changed(lambda d: d.pop("search")), "search"),
        ("mean short", changed(lambda d: d["search"]["mean"].pop()), "search"),
        ("target behind", changed(lambda d: d.update(target=1)), "target"),
    ]


def test_damaged_checkpoints_are_refused_naming_the_problem(
    checkpoint: dict[str, Any], tmp_path: Path
) -> None:
    for what, content, words in _damaged(checkpoint):
        path = tmp_path / "damaged.checkpoint"
        raw = content if isinstance(content, bytes) else json.dumps(content).encode()
        path.write_bytes(raw)
        with pytest.raises(tune.TuneError) as refused:
            tune.load_checkpoint(path)
        message = str(refused.value)
        assert message.startswith(f"{path}: "), (what, message)
        assert words in message and "\n" not in message and len(message) < 300, (what, message)
        assert path.read_bytes() == raw, "the file is left as it is"


def test_a_folder_or_unreadable_checkpoint_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "dir.checkpoint"
    folder.mkdir()
    with pytest.raises(tune.TuneError, match="folder"):
        tune.load_checkpoint(folder)
    locked = tmp_path / "locked.checkpoint"
    locked.write_text("{}", encoding="utf-8")
    real_open = os.open

    def no_permission(path: Any, *args: Any, **kwargs: Any) -> int:
        if Path(path) == locked:  # as for a file without read permission (tests may run as root)
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_permission)
    with pytest.raises(tune.TuneError, match="not allowed to read"):
        tune.load_checkpoint(locked)


@pytest.mark.parametrize("what", ["a folder", "a FIFO"])
def test_resume_from_what_is_not_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, what: str
) -> None:
    path = tmp_path / "run.checkpoint"
    if what == "a folder":
        path.mkdir()
    else:
        os.mkfifo(path)  # never opened: it would block
    code, text, err = run(capsys, "tune", "--resume", str(path), "--out", str(tmp_path / "w"))
    assert (code, text) == (2, "") and "not a file" in err and err.count("\n") == 1
