"""A bot thinking on a worker thread, so the window stays responsive.

``Bot.choose`` releases the GIL while it searches; it gets a clone of the game, so the UI can
read the real one meanwhile. ``progress()`` and ``cancel()`` are used when the engine's bot
has them (the search bots); the simple ones finish at once.
"""

from __future__ import annotations

import contextlib
import os
import threading
from typing import Any

from nshex_pygame.core import LEVEL_ITERATIONS, Bot, Game

FALLBACK = "greedy"

# How much lower than the window's the thinking threads' scheduling priority is (a nice
# value): the search uses every core, and the window must still draw its frames on time.
THINKING_NICENESS = 10


def lower_this_threads_priority() -> None:
    """Make the calling thread (and the threads it starts: the engine's search threads inherit
    it) yield to the window's thread. Linux sets nice values per thread; elsewhere, or when the
    system says no, nothing changes."""
    if not hasattr(os, "setpriority"):
        return
    tid = threading.get_native_id()
    with contextlib.suppress(OSError):
        now = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, max(now, THINKING_NICENESS))


# Levels that think on every core in a game: root-parallel searches, the level's iterations
# (the engine's) on each core, so a move takes the time it takes on one core and the search
# sees twice as much on two (Hard with two threads against one at equal time: 55.7% of 150
# games, docs/AI.md). Easy stays on one core: it is meant to be beatable.
PARALLEL_LEVELS = ("medium", "hard")


def game_bot_name(name: str, cores: int | None = None) -> str:
    """The engine's bot for the level ``name`` in a game on this machine: the level itself,
    or with several cores its root-parallel form (``hard:threads=2,iters=160000``)."""
    cores = (os.cpu_count() or 1) if cores is None else cores
    threads = min(cores, 4)
    if name not in PARALLEL_LEVELS or threads < 2:
        return name
    return f"{name}:threads={threads},iters={LEVEL_ITERATIONS[name] * threads}"


def make_bot(name: str, seed: int) -> tuple[Any, str | None]:
    """The bot called ``name``, or the strongest one available and why ``name`` was not."""
    try:
        return Bot(game_bot_name(name), seed), None
    except ValueError as exc:
        return Bot(FALLBACK, seed), f"{name}: {exc}; {FALLBACK} plays instead"


def available(name: str) -> bool:
    try:
        Bot(name, 0)
    except ValueError:
        return False
    return True


class Thinker:
    """One decision in the background: ``start(game)``, poll ``done``, read ``action``.

    With ``analyze``, the bot's ``analyze`` is asked instead of ``choose`` (the same choice,
    with what the search saw): its answer is kept in ``analysis`` as the engine gave it."""

    def __init__(self, bot: Any, *, analyze: bool = False) -> None:
        self.bot = bot
        self.analyze = analyze
        self.thread: threading.Thread | None = None
        self.action: int | None = None
        self.analysis: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.elapsed = 0.0

    @property
    def busy(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    @property
    def done(self) -> bool:
        return self.thread is not None and not self.thread.is_alive()

    def start(self, game: Game) -> None:
        self.action, self.error, self.elapsed = None, None, 0.0
        self.analysis = None
        snapshot = game.clone()

        def work() -> None:
            try:
                lower_this_threads_priority()
                if self.analyze and hasattr(self.bot, "analyze"):
                    analysis = dict(self.bot.analyze(snapshot))
                    self.analysis = analysis
                    self.action = int(analysis["action"])
                else:
                    self.action = self.bot.choose(snapshot)
            except BaseException as exc:  # reported by the game scene
                self.error = exc

        self.thread = threading.Thread(target=work, name="nshex-bot", daemon=True)
        self.thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the decision is made (tests and tools; the game never blocks)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def take(self) -> int | None:
        """The chosen action once done (and ready for the next start)."""
        if not self.done:
            return None
        self.thread = None
        return self.action

    def progress(self) -> dict[str, Any] | None:
        get = getattr(self.bot, "progress", None)
        if get is None or not self.busy:
            return None
        try:
            return dict(get())
        except Exception:
            return None

    @property
    def can_hurry(self) -> bool:
        """Whether the bot can be told to answer now (the search bots can)."""
        return self.busy and hasattr(self.bot, "cancel")

    def hurry(self) -> None:
        """Ask a searching bot for its best move so far, without waiting for it."""
        stop = getattr(self.bot, "cancel", None)
        if stop is not None and self.busy:
            with contextlib.suppress(Exception):
                stop()

    def cancel(self) -> None:
        stop = getattr(self.bot, "cancel", None)
        if stop is not None and self.busy:
            with contextlib.suppress(Exception):
                stop()
        if self.thread is not None:
            self.thread.join(timeout=0.5)  # a bot that cannot stop finishes on its own
        self.thread = None
