"""The music: a short loop synthesized by code when the game starts (no files, nothing copied).

Four bars in A minor at 96 beats a minute (Am, F, Dm, E), about ten seconds: a plucked bass on
the eighths, an arpeggio over it and a soft hat on the off-beats. It is built step by step from
blocks computed once per (bass, arpeggio) pair (pure Python, no numpy: a few hundred
milliseconds at most), wrapped as a WAV like the effects (:mod:`sound`) and looped on a channel
of its own. Its volume is ``music_volume``; it is silent while the sound is muted or the
"Animations and music" setting is off, and without an audio device it does nothing.
"""

from __future__ import annotations

import contextlib
import io
import math
import operator
import random
from array import array
from functools import cache
from typing import Any

from nshex_pygame.client.sound import RATE, wav_bytes

BPM = 96
STEP = 60 / BPM / 2  # an eighth note, seconds
# (the chord's root for the bass, the arpeggio's notes), MIDI numbers; a bar of eight steps each
CHORDS = [
    (45, (57, 60, 64, 69)),  # A minor
    (41, (57, 60, 65, 69)),  # F
    (38, (57, 62, 65, 69)),  # D minor
    (40, (56, 59, 64, 68)),  # E
]
ARP = (0, 1, 2, 3, 2, 1, 2, 3)  # which arpeggio note each eighth of a bar plays
LEVEL = 0.55  # the loop's peak under full volume (the effects stay louder)
MUSIC_CHANNEL = 0  # the reserved mixer channel the loop plays on


def _freq(midi: int) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def _envelope(rate: float, n: int) -> list[float]:
    """A plucked note's fall, with a short rise and a short release (no clicks)."""
    return [
        math.exp(-rate * i / RATE) * min(1.0, i / 88) * min(1.0, (n - i) / 64) for i in range(n)
    ]


def _voice(
    freq: float, overtone: int, weight: float, envelope: list[float], level: float
) -> list[int]:
    """One note at ``level``: a sine and one overtone (of ``weight``) under ``envelope``."""
    w1 = 2 * math.pi * freq / RATE
    w2 = w1 * overtone
    scale = level * LEVEL * 30000  # 16-bit samples, never clipped: the voices sum under 1
    wave = [scale * (math.sin(w1 * i) + weight * math.sin(w2 * i)) for i in range(len(envelope))]
    return list(map(int, map(operator.mul, wave, envelope)))


@cache
def loop_samples() -> array:
    """The whole loop as 16-bit samples (the same every time: the hat's noise is seeded). Each
    note is computed once; the steps are mixed with ``map`` (fast without numpy)."""
    n = int(RATE * STEP)
    bass_env, arp_env = _envelope(5.0, n), _envelope(9.0, n)
    rng = random.Random(7)
    hat = [
        int((rng.random() * 2 - 1) * 0.18 * LEVEL * 30000 * math.exp(-60.0 * i / RATE))
        for i in range(n)
    ]
    notes: dict[tuple[str, int], list[int]] = {}
    mixed = array("h")
    for root, chord in CHORDS:
        for step, k in enumerate(ARP):
            bass = root if step % 4 else root + 12
            if ("bass", bass) not in notes:  # (each voice's weight in the mix taken in)
                notes["bass", bass] = _voice(_freq(bass), 3, 1 / 3, bass_env, 0.3)
            if ("arp", chord[k]) not in notes:
                notes["arp", chord[k]] = _voice(_freq(chord[k]), 2, 0.3, arp_env, 0.35)
            both = map(operator.add, notes["bass", bass], notes["arp", chord[k]])
            mixed.extend(map(operator.add, both, hat) if step % 2 else both)
    return mixed


class Music:
    """The looping music, or silence without an audio device (``available`` False)."""

    def __init__(self, settings: Any, audio: bool = True) -> None:
        self.available = False
        self.error: str | None = None
        self.sound: Any = None
        self.channel: Any = None
        self.volume = 0.0
        if audio:
            try:
                import pygame

                if not pygame.mixer.get_init():
                    raise RuntimeError("no mixer")
                pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)  # the effects play on the others
                self.channel = pygame.mixer.Channel(MUSIC_CHANNEL)
                self.sound = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(loop_samples())))
                self.available = True
            except Exception as exc:  # no device, a driver without channels: stay silent
                self.error = str(exc) or type(exc).__name__
        self.apply(settings)

    @staticmethod
    def volume_for(settings: Any) -> float:
        """The loop's volume, 0 to 1: off with the animations, when muted or at volume 0."""
        if not getattr(settings, "juice", True) or getattr(settings, "muted", False):
            return 0.0
        return max(0, min(100, int(getattr(settings, "music_volume", 0)))) / 100

    def apply(self, settings: Any) -> None:
        """Follow the settings: start, change the volume, or stop."""
        self.volume = self.volume_for(settings)
        if not self.available:
            return
        with contextlib.suppress(Exception):
            if self.volume <= 0:
                self.channel.stop()
                return
            if not self.channel.get_busy():
                self.channel.play(self.sound, loops=-1, fade_ms=800)
            self.channel.set_volume(self.volume)

    @property
    def playing(self) -> bool:
        if not self.available:
            return False
        try:
            return bool(self.channel.get_busy())
        except Exception:
            return False

    def stop(self) -> None:
        if self.available:
            with contextlib.suppress(Exception):
                self.channel.stop()
