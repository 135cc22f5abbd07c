"""tools/read_cost.py: the boards it measures and what its readers read."""

from __future__ import annotations

import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

import read_cost


def test_the_boards_have_the_named_sizes_and_every_reader_reads_the_same_battle() -> None:
    for units in (4, 8, 13, 19):
        pos = read_cost.board(units)
        assert len(pos.units) == units
        read = read_cost.readers(pos)
        result = pos.resolve_battle()
        fields = sum(len(row) for row in (*result.events, *result.unit_tuples, *result.cells))
        assert read["every_field"]() == fields + len(result.hq_hp)
        assert read["tuples"]() > units
        assert read["dicts"]() > 0
