"""Where the logical canvas goes in a window of any size: the layout that adapts to it.

Scenes draw on one logical canvas of 1280x800. In a window where that canvas, scaled as a
whole, keeps its small captions readable (a scale of ``READABLE_SCALE`` or more: 13-pixel
text at 10 pixels or more) it is scaled as a whole, centred. In a smaller window the layout
adapts to the window's real size, by the kind of screen on top (its ``scene_name``):

- ``columns`` (the game, the battle, a puzzle, a lesson, a replay): the side columns of panels
  keep the largest size the window's height allows, at its left and right edges, and the board
  between them shrinks to the room that is left. The panels' text stays as large as the height
  allows; the board is a picture, and its hover boxes are drawn at the panels' scale.
- ``centre`` (the main menu, the settings, the pause menu, a lesson's card, a puzzle's
  result): what they show lies in the middle ``CENTRE_WIDTH`` pixels; the sides are cut, so
  the middle gets the height's scale.
- ``reflow`` (the new-game screen, the puzzle list, the gallery, the rules, the achievements,
  the game's end): these lay themselves out again in the part of the canvas the window shows
  (:func:`frame`): its middle ``REFLOW_ROWS``, as wide as the window allows at the scale that
  draws 13-pixel captions at 10 pixels (at least ``REFLOW_MIN_WIDTH`` wide). At 800x600 that
  is the canvas's x 120-1160, y 10-790, at 10/13 of its size. A screen reads its frame with
  :func:`frame_of` and keeps all it draws inside it.
- anything else is scaled as a whole.

Below ``HARD_MINIMUM`` every screen is scaled as a whole. The window system's size is never
changed here: :func:`pieces` says which part of the canvas goes where in the window.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

LOGICAL = (1280, 800)
READABLE_SCALE = 0.8  # a whole-canvas scale at which 13-pixel captions are still 10 pixels
HARD_MINIMUM = (640, 480)  # below this the canvas is scaled as a whole, whatever the screen
SIDE = 320  # the width of a side column of panels in the game's layout (x 0-320, 960-1280)
MIN_BOARD_SHARE = 0.3  # the board keeps at least this share of the window's width
CENTRE_WIDTH = 800  # a centred screen's content lies within this middle width
COLUMNS = frozenset({"game", "battle", "puzzle", "tutorial", "replay"})
CENTRE = frozenset({"menu", "settings", "pause", "load", "error"})
REFLOW = frozenset({"setup", "puzzles", "gallery", "rules", "achievements", "gameover"})
REFLOW_ROWS = (10, 790)  # the canvas rows a reflowed screen keeps what it draws in
REFLOW_MIN_WIDTH = 1000  # the narrowest frame a reflowed screen lays itself out in
CAPTION, READABLE_PX = 13, 10  # the small captions' size, and the least they are drawn at


@dataclass(frozen=True)
class Piece:
    """A part of the logical canvas (``source``) and where it is drawn in the window."""

    source: pygame.Rect
    target: pygame.Rect

    @property
    def scale(self) -> float:
        return self.target.height / self.source.height if self.source.height else 1.0


def policy_of(scene_name: str) -> str:
    """How a screen adapts to a small window: "columns", "centre", "reflow" or "whole"."""
    if scene_name in COLUMNS:
        return "columns"
    if scene_name in CENTRE:
        return "centre"
    if scene_name in REFLOW:
        return "reflow"
    return "whole"


def policy_for(scene: object) -> str:
    """The policy of a screen on top: by its name, except that a card shown over the board
    (a lesson's first or last card, a puzzle's result) is read like a centred screen."""
    policy = policy_of(str(getattr(scene, "scene_name", "")))
    card = getattr(scene, "modal", None) or getattr(scene, "state", None) == "result"
    return "centre" if policy == "columns" and card else policy


def whole(window: tuple[int, int]) -> list[Piece]:
    """The canvas scaled as a whole, as large as fits, centred (bars on two sides)."""
    w, h = window
    if (w, h) == LOGICAL or w <= 0 or h <= 0:
        return [Piece(pygame.Rect((0, 0), LOGICAL), pygame.Rect((0, 0), LOGICAL))]
    scale = min(w / LOGICAL[0], h / LOGICAL[1])
    target = pygame.Rect(0, 0, round(LOGICAL[0] * scale), round(LOGICAL[1] * scale))
    target.center = (w // 2, h // 2)
    return [Piece(pygame.Rect((0, 0), LOGICAL), target)]


def adapts(window: tuple[int, int]) -> bool:
    """Whether the layout adapts to this window (rather than the canvas being scaled)."""
    w, h = window
    if w < HARD_MINIMUM[0] or h < HARD_MINIMUM[1]:
        return False
    return min(w / LOGICAL[0], h / LOGICAL[1]) < READABLE_SCALE


def pieces(window: tuple[int, int], policy: str) -> list[Piece]:
    """Which parts of the canvas go where in a window of this size, for a screen of this
    kind (see the module's text)."""
    if policy == "whole" or not adapts(window):
        return whole(window)
    if policy == "centre":
        return _centre(window)
    if policy == "reflow":
        return _reflow(window)
    return _columns(window)


def frame(window: tuple[int, int]) -> pygame.Rect:
    """The part of the canvas a reflowed screen shows in a window of this size, which it lays
    itself out in: the whole canvas in a window that does not adapt; else the middle rows
    (``REFLOW_ROWS``) and as much of the width as the window shows at the scale of readable
    captions (or less, down to ``REFLOW_MIN_WIDTH``), centred."""
    if not adapts(window):
        return pygame.Rect((0, 0), LOGICAL)
    scale = _reflow_scale(window)
    rect = pygame.Rect(
        0,
        0,
        min(LOGICAL[0], round(window[0] / scale)),
        min(LOGICAL[1], round(window[1] / scale)),
    )
    rect.center = (LOGICAL[0] // 2, LOGICAL[1] // 2)
    return rect


def frame_of(app: object) -> pygame.Rect:
    """:func:`frame` for the window of ``app`` (the whole canvas without one)."""
    window = getattr(app, "window", None)
    return frame(window.get_size()) if window is not None else pygame.Rect((0, 0), LOGICAL)


def _reflow_scale(window: tuple[int, int]) -> float:
    rows = REFLOW_ROWS[1] - REFLOW_ROWS[0]
    return min(window[1] / rows, window[0] / REFLOW_MIN_WIDTH, 1.0)


def _reflow(window: tuple[int, int]) -> list[Piece]:
    source = frame(window)
    scale = _reflow_scale(window)
    target = pygame.Rect(0, 0, round(source.width * scale), round(source.height * scale))
    target.center = (window[0] // 2, window[1] // 2)
    return [Piece(source, target)]


def _centre(window: tuple[int, int]) -> list[Piece]:
    w, h = window
    scale = min(h / LOGICAL[1], w / CENTRE_WIDTH)
    shown = min(LOGICAL[0], round(w / scale))
    source = pygame.Rect((LOGICAL[0] - shown) // 2, 0, shown, LOGICAL[1])
    target = pygame.Rect(0, 0, min(w, round(shown * scale)), round(LOGICAL[1] * scale))
    target.center = (w // 2, h // 2)
    return [Piece(source, target)]


def _columns(window: tuple[int, int]) -> list[Piece]:
    w, h = window
    height = LOGICAL[1]
    side = min(1.0, h / height)  # the panels' scale: as large as the height allows
    side = min(side, (1 - MIN_BOARD_SHARE) * w / (2 * SIDE))
    side_w, side_h = round(SIDE * side), round(height * side)
    top = (h - side_h) // 2
    middle_w = LOGICAL[0] - 2 * SIDE
    board = min(side, (w - 2 * side_w) / middle_w)
    board_rect = pygame.Rect(0, 0, round(middle_w * board), round(height * board))
    board_rect.center = (w // 2, h // 2)
    return [
        Piece(pygame.Rect(0, 0, SIDE, height), pygame.Rect(0, top, side_w, side_h)),
        Piece(pygame.Rect(SIDE, 0, middle_w, height), board_rect),
        Piece(
            pygame.Rect(LOGICAL[0] - SIDE, 0, SIDE, height),
            pygame.Rect(w - side_w, top, side_w, side_h),
        ),
    ]


def to_logical(parts: list[Piece], pos: tuple[int, int]) -> tuple[int, int] | None:
    """A window position on the canvas; None when it falls between the pieces (the
    letterbox of an adapted layout); outside the canvas beyond a whole one's bars."""
    for piece in parts:
        if piece.target.collidepoint(pos) or len(parts) == 1:
            s, t = piece.source, piece.target
            return (
                int(s.left + (pos[0] - t.left) * s.width / max(1, t.width)),
                int(s.top + (pos[1] - t.top) * s.height / max(1, t.height)),
            )
    return None


def to_window(parts: list[Piece], pos: tuple[float, float]) -> tuple[int, int]:
    """A canvas position in the window (the piece it lies in; the nearest one else)."""
    piece = next((p for p in parts if p.source.collidepoint(pos)), None)
    if piece is None:
        piece = min(parts, key=lambda p: _distance(p.source, pos))
    s, t = piece.source, piece.target
    return (
        round(t.left + (pos[0] - s.left) * t.width / max(1, s.width)),
        round(t.top + (pos[1] - s.top) * t.height / max(1, s.height)),
    )


def _distance(rect: pygame.Rect, pos: tuple[float, float]) -> float:
    dx = max(rect.left - pos[0], 0, pos[0] - rect.right)
    dy = max(rect.top - pos[1], 0, pos[1] - rect.bottom)
    return dx * dx + dy * dy


def text_scale(parts: list[Piece]) -> float:
    """The scale of the largest piece: hover boxes are drawn at it (never at the board's)."""
    return max(piece.scale for piece in parts)
