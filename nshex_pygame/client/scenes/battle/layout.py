"""The battle scene's places, timings, keys and explanations; a question's answer rows and
their places (:func:`lay_out_question`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from nshex_pygame.client import widgets

# seconds per step at speed 1
DURATIONS = {
    "banner": 1.1,
    "netted": 0.45,
    "slot_lost": 0.5,
    "attack": 0.75,
    "attack-idle": 0.0,
    "hit": 0.45,
    "armor": 0.6,
    "save": 0.8,
    "explode": 1.0,
    "redirected": 0.7,  # a loop's tracer goes round LOOP_TIMES times in it, then stops
    "hq_damage": 0.5,
    "converted": 0.6,
    "control": 0.9,
    "removed": 0.7,
    "end": 0.0,
}
LOG_RECT = pygame.Rect(10, 410, 300, 380)
CONTROLS_RECT = pygame.Rect(970, 410, 300, 380)
BANNER_RECT = pygame.Rect(330, 38, 620, 36)  # between the caption and the board's top hexes
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
ANSWER_GRACE = 0.3  # seconds a new question is shown before it takes answers (no double clicks)
QUESTION_EDGE = (120, 230, 255)
PANEL_ROW_EDGE = (70, 76, 92)
DIGIT_KEYS = {
    **{pygame.K_1 + i: i + 1 for i in range(9)},
    **{pygame.K_KP1 + i: i + 1 for i in range(9)},
}
EXPLAIN = {
    "clown": (
        "Explode: 1 wound to every adjacent tile, friend or foe, HQs included (armor does not "
        "help); the Clown is removed at the end of this phase. Attack: it attacks as printed."
    ),
    "convert": (
        "A linked Quartermaster lets this unit turn the attack of one printed edge into the "
        "other kind for this attack, once per battle; the new kind gets that kind's bonuses. "
        "If it attacks as printed, it is asked again at its next attack."
    ),
    "medic": (
        "A medic cancels one whole attack on a friendly tile it is linked to and is removed "
        "instead. Which attack does it take? Hover a choice to see it on the board."
    ),
}


@dataclass
class Option:
    """One answer to a battle question: a row of the question panel."""

    number: int  # 1, 2, ... (the key that picks it)
    action: int  # the engine's action
    label: str
    suggested: bool  # the automatic answer
    desc: dict[str, Any]
    rect: pygame.Rect
    lines: list[str]
    size: int = 15
    bold: bool = True
    hover: bool = False


def lay_out_question(
    question: dict[str, Any], answers: list[tuple[int, dict[str, Any], str]]
) -> tuple[pygame.Rect, list[Option]]:
    """The question panel and its rows, one per answer (``(action, desc, label)``), placed
    before drawing so clicks can find them: the panel grows upwards as the rows need."""
    x, width = CONTROLS_RECT.left + 12, CONTROLS_RECT.width - 24
    text_width = width - 44
    rows = []
    for i, (action, desc, label) in enumerate(answers):
        suggested = action == question.get("automatic")
        room = text_width - (78 if suggested else 0)
        size, bold = next(
            ((n, True) for n in (15, 13) if widgets.font(n, True).size(label)[0] <= room),
            (14, False),
        )
        lines = widgets.wrap(label, size, room, bold=bold)
        height = max(40, 16 + (size + 4) * len(lines))
        rows.append((i, action, label, suggested, desc, lines, height, size, bold))
    explained = widgets.wrap(EXPLAIN.get(question["kind"], ""), 13, width)
    head = 52 + 22 + 8 + 17 * len(explained) + 10
    total = head + sum(row[6] + 8 for row in rows) + 44
    top = min(CONTROLS_RECT.top, max(10, CONTROLS_RECT.bottom - total))
    rect = pygame.Rect(CONTROLS_RECT.left, top, CONTROLS_RECT.width, CONTROLS_RECT.bottom - top)
    options = []
    y = top + head
    for i, action, label, suggested, desc, lines, height, size, bold in rows:
        box = pygame.Rect(x, y, width, height)
        options.append(Option(i + 1, action, label, suggested, desc, box, lines, size, bold))
        y += height + 8
    return rect, options
