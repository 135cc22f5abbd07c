"""Short sound effects, synthesized when the game starts (no sound files, no third party).

Each effect is a few hundred milliseconds of 16-bit mono PCM made with ``array`` and ``math``,
wrapped as a WAV in memory and handed to ``pygame.mixer.Sound``. Without an audio device (or
with ``SDL_AUDIODRIVER=dummy`` failing) the mixer does not start and every ``play`` does
nothing: the game runs silently.
"""

from __future__ import annotations

import contextlib
import io
import math
import random
import wave
from array import array
from collections.abc import Callable
from typing import Any

RATE = 22050


def _envelope(i: int, n: int, attack: float = 0.01, curve: float = 3.0) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * (1.0 - i / n) ** curve


def _tone(seconds: float, wave_of: Callable[[float, int], float], curve: float = 3.0) -> array:
    n = int(RATE * seconds)
    out = array("h")
    for i in range(n):
        value = wave_of(i / RATE, i) * _envelope(i, n, curve=curve)
        out.append(int(max(-1.0, min(1.0, value)) * 30000))
    return out


def _sweep(t: float, hz: float, fall: float) -> float:
    """A sine at time ``t`` whose pitch starts at ``hz`` and falls by ``fall`` Hz a second."""
    return math.sin(2 * math.pi * (hz - fall * t) * t)


def _thud(
    seed: int, seconds: float, loud: float, hz: float, fall: float, noise: float, curve: float
) -> array:
    """A falling sine with a little noise (seeded): a tock, a thud, a boom."""
    rng = random.Random(seed)
    return _tone(
        seconds,
        lambda t, _i: loud * _sweep(t, hz, fall) + noise * (rng.random() * 2 - 1),
        curve=curve,
    )


def _place() -> array:
    # a soft wooden "tock"
    return _thud(1, 0.16, 0.8, 420, 900, 0.15, curve=4)


def _hit() -> array:
    rng = random.Random(2)
    return _tone(
        0.14,
        lambda t, _i: 0.6 * (rng.random() * 2 - 1) + 0.5 * math.sin(2 * math.pi * 160 * t),
        curve=2.5,
    )


def _shot() -> array:
    return _tone(0.18, lambda t, _i: 0.7 * _sweep(t, 1400, 5000), curve=2.0)


def _explosion() -> array:
    rng = random.Random(3)
    state = [0.0]

    def noise(_t: float, _i: int) -> float:
        state[0] = 0.85 * state[0] + 0.15 * (rng.random() * 2 - 1)  # low-passed noise
        return 3.5 * state[0]

    return _tone(0.7, noise, curve=1.6)


def _death() -> array:
    return _tone(
        0.45,
        lambda t, _i: 0.6 * _sweep(t, 330, 380) + 0.3 * _sweep(t, 165, 150),
        curve=1.5,
    )


def _click() -> array:
    return _tone(0.05, lambda t, _i: 0.5 * math.sin(2 * math.pi * 900 * t), curve=5)


def _block() -> array:
    return _tone(
        0.2,
        lambda t, _i: 0.5 * math.sin(2 * math.pi * 1200 * t) * math.sin(2 * math.pi * 37 * t),
        curve=3,
    )


def _hq_hit() -> array:
    # a heavy thud under the board shaking: a low falling boom with a little rumble
    return _thud(4, 0.55, 0.9, 95, 60, 0.25, curve=2.2)


def _shatter() -> array:
    # a unit breaking apart: bright crackling noise bursts over a falling tone
    rng = random.Random(5)

    def crack(t: float, i: int) -> float:
        burst = 1.0 if (i // 400) % 3 == 0 else 0.35
        return burst * 0.55 * (rng.random() * 2 - 1) + 0.3 * _sweep(t, 700, 900)

    return _tone(0.4, crack, curve=2.0)


EFFECTS: dict[str, Callable[[], array]] = {
    "hq_hit": _hq_hit,
    "shatter": _shatter,
    "place": _place,
    "hit": _hit,
    "shot": _shot,
    "explosion": _explosion,
    "death": _death,
    "click": _click,
    "block": _block,
}


def wav_bytes(samples: array) -> bytes:
    """16-bit mono samples as a WAV file in memory."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())
    return buffer.getvalue()


class Sounds:
    """The effects, or silence when there is no audio device."""

    def __init__(self, volume: int = 70, muted: bool = False) -> None:
        self.available = False
        self.error: str | None = None
        self.sounds: dict[str, Any] = {}
        self.volume = volume
        self.muted = muted
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            for name, make in EFFECTS.items():
                self.sounds[name] = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(make())))
            self.available = True
        except Exception as exc:  # pygame.error without a device; anything else: stay silent
            self.error = str(exc) or type(exc).__name__
            self.sounds = {}
        self.set_volume(volume, muted)

    def set_volume(self, volume: int, muted: bool) -> None:
        self.volume, self.muted = volume, muted
        for sound in self.sounds.values():
            sound.set_volume(0.0 if muted else volume / 100)

    def play(self, name: str) -> None:
        if self.muted or not self.available:
            return
        sound = self.sounds.get(name)
        if sound is not None:
            with contextlib.suppress(Exception):
                sound.play()
