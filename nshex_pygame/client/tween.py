"""Tweens and timers driven by ``update(dt)``: never the wall clock, so tests can step time."""

from __future__ import annotations

from collections.abc import Callable


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


class Tween:
    """A value going from 0 to 1 over ``duration`` seconds of ``update`` time."""

    def __init__(
        self,
        duration: float,
        easing: Callable[[float], float] = linear,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.duration = max(duration, 1e-6)
        self.elapsed = 0.0
        self.easing = easing
        self.on_done = on_done
        self.done = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.elapsed = self.duration
            self.done = True
            if self.on_done is not None:
                self.on_done()

    def finish(self) -> None:
        self.update(self.duration)

    @property
    def t(self) -> float:
        return self.easing(min(1.0, self.elapsed / self.duration))


class Tweens:
    """A set of running tweens, stepped together."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        for tween in list(self.items):
            tween.update(dt)
        self.items = [t for t in self.items if not t.done]

    def clear(self) -> None:
        self.items.clear()
