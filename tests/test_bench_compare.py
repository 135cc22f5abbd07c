"""``nshex bench``'s tools for a noisy machine: the spread of a row's rounds, the warnings,
and ``--compare``, which times two builds in alternating rounds and reports their ratio."""

from __future__ import annotations

from pathlib import Path

import pytest

from nshex_pygame import bench, cli


def test_compare_alternates_the_builds_and_reports_the_paired_ratio(monkeypatch) -> None:
    calls: list[str] = []
    # Build "a" is 10% faster than "b"; the machine slows down round after round.
    slow = iter([1.0, 1.0, 0.8, 0.8, 0.6, 0.6, 0.5, 0.5])

    def fake(path: Path) -> dict[str, float]:
        calls.append(path.name)
        factor = next(slow)
        return {"battle": factor * (110.0 if path.name == "a" else 100.0)}

    monkeypatch.setattr(bench, "_one_build", fake)
    rows = bench.compare(Path("a"), Path("b"), rounds=4)
    assert calls == ["a", "b", "b", "a", "a", "b", "b", "a"], "each round alternates the order"
    (row,) = rows
    assert row["ratio"] == pytest.approx(1.1)
    assert row["low"] <= 1.1 <= row["high"]
    assert row["rounds"] == 4


def test_a_debug_build_and_a_busy_machine_are_warned_about(monkeypatch) -> None:
    monkeypatch.setattr(bench.os, "getloadavg", lambda: (9.0, 9.0, 9.0))
    monkeypatch.setattr(bench.os, "cpu_count", lambda: 2)
    warnings = bench.machine_warnings("debug")
    assert any("debug build" in w for w in warnings)
    assert any("busy" in w for w in warnings)
    monkeypatch.setattr(bench.os, "getloadavg", lambda: (0.5, 0.5, 0.5))
    assert bench.machine_warnings("release") == []


def test_the_spread_of_a_row() -> None:
    row = {"per_second": 100.0, "rates": [90.0, 100.0, 120.0]}
    assert bench.spread(row) == pytest.approx(0.3)


def test_compare_with_a_missing_build_is_a_usage_error(capsys) -> None:
    assert cli.main(["bench", "--compare", "/nonexistent/_core.so"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_every_engine_row_runs_untimed_and_an_unknown_one_is_refused() -> None:
    from nshex_pygame.core import EngineError, bench_ops

    for name in bench.INSTRUCTION_OPS:
        once = bench_ops(name, 2)
        assert bench_ops(name, 2) == once, f"{name}: the same work gives the same value"
    with pytest.raises(EngineError, match="no benchmark row"):
        bench_ops("no_such_row", 1)


def test_instructions_are_the_difference_of_two_run_lengths(monkeypatch) -> None:
    # Start-up costs 1,000,000 instructions and 9,000 mispredicted branches; a battle 7,000
    # and 80: N and 2N battles differ by N battles, whose cost over N is one battle's.
    monkeypatch.setattr(bench, "valgrind", lambda: "valgrind")
    monkeypatch.setattr(
        bench, "_collected", lambda _p, _name, n: (1_000_000 + 7_000 * n, 9_000 + 80 * n)
    )
    (row,) = bench.instructions(["battle"])
    assert row == {
        "name": "battle",
        "instructions": 7_000.0,
        "mispredicts": 80.0,
        "ops": bench.INSTRUCTION_OPS["battle"],
    }


def test_callgrinds_summary_gives_instructions_and_mispredicted_branches() -> None:
    stderr = (
        "==27453== Events    : Ir Bc Bcm Bi Bim\n"
        "==27453== Collected : 125902967 18489054 1788462 253333 6790\n"
        "==27453== I   refs:      125,902,967\n"
    )
    # Mispredicted: the conditional branches' plus the indirect ones'.
    assert bench.parse_collected(stderr) == (125_902_967, 1_788_462 + 6_790)
    # Without the branch simulator's columns the line says nothing of branches: no guess.
    assert bench.parse_collected("==1== Collected : 125902967\n") is None
    assert bench.parse_collected("valgrind: no such tool\n") is None


@pytest.mark.skipif(bench.valgrind() is None, reason="valgrind is not installed")
def test_callgrind_counts_a_battle_in_thousands_of_instructions() -> None:
    program = bench.valgrind()
    assert program is not None
    once = bench._collected(program, "battle", 64)
    twice = bench._collected(program, "battle", 128)
    per_battle = (twice[0] - once[0]) / 64
    # The resolver takes a few thousand instructions a battle (about 6,000 in a release
    # build); a count far outside that means the difference did not isolate the battles.
    assert 1_000 < per_battle < 200_000, per_battle
    # Every bit set walked, every phase with or without a shot: a battle mispredicts some
    # dozens of branches (about 90), never none, and far fewer than a tenth of its
    # instructions (a count that high would be the whole run's, not the battles').
    mispredicts = (twice[1] - once[1]) / 64
    assert 5 < mispredicts < per_battle / 10, mispredicts


def test_bench_instructions_without_valgrind_says_how_to_get_it(monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench, "valgrind", lambda: None)
    assert cli.main(["bench", "--instructions"]) == cli.EXIT_FAILURE
    assert "valgrind is not installed" in capsys.readouterr().err
