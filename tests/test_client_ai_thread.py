"""The computer thinks on threads that yield to the window: its search uses every core, and
the window must still draw its frames on time (the frame-time target while the AI thinks)."""

from __future__ import annotations

import os
import threading

import pytest

from nshex_pygame.client import ai
from nshex_pygame.core import Game


class _Probe:
    """A stand-in bot that records the scheduling priority of the thread it is asked on."""

    def __init__(self) -> None:
        self.niceness: int | None = None

    def choose(self, game: Game) -> int:
        self.niceness = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        return game.legal_actions()[0]


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="per-thread priority is Linux's")
def test_the_thinking_thread_yields_to_the_window() -> None:
    window = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    probe = _Probe()
    thinker = ai.Thinker(probe)
    game = Game(["borgo", "moloch"], seed=1)
    thinker.start(game)
    thinker.wait(10)
    assert thinker.take() == game.legal_actions()[0]
    assert probe.niceness is not None and probe.niceness >= max(window, ai.THINKING_NICENESS)
    # The window's own thread keeps its priority.
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == window


def test_a_game_thinks_on_every_core_at_medium_and_hard_not_at_easy() -> None:
    """With several cores Medium and Hard search root-parallel with the iterations scaled by
    the threads (a move takes the time it takes on one core); Easy and named settings stay."""
    from nshex_pygame.client.ai import game_bot_name
    from nshex_pygame.core import LEVEL_ITERATIONS, Bot

    # The engine's levels, each searching more than the one below.
    assert LEVEL_ITERATIONS["easy"] < LEVEL_ITERATIONS["medium"] < LEVEL_ITERATIONS["hard"]
    assert LEVEL_ITERATIONS["medium"] == 1_000
    hard = LEVEL_ITERATIONS["hard"]
    assert game_bot_name("hard", 2) == f"hard:threads=2,iters={2 * hard}"
    assert game_bot_name("medium", 8) == "medium:threads=4,iters=4000"
    Bot(game_bot_name("hard", 2), 1)
    assert game_bot_name("hard", 1) == "hard"
    assert game_bot_name("easy", 4) == "easy"
    assert game_bot_name("hard:iters=5", 4) == "hard:iters=5"
