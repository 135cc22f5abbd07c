"""The game scene's keys: one table per mode (giving points away, answering the Mercenaries,
the turn itself), each row a key, what it does in words, the condition it needs and its handler.

A key press goes to the first row of the scene's mode whose key and condition fit; the words
are what the player reads (``key_help``), so what a key does is written in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from nshex_pygame.client.scenes.game.layout import DIGIT_KEYS

if TYPE_CHECKING:
    from nshex_pygame.client.scenes.game.scene import GameScene

Handler = Callable[["GameScene", pygame.event.Event], Any]
Condition = Callable[["GameScene", pygame.event.Event], bool]


def _always(_scene: GameScene, _event: pygame.event.Event) -> bool:
    return True


@dataclass(frozen=True)
class Binding:
    """One row of a keymap, ``name`` the action: ``keys`` (or the typed ``text``) with
    ``ctrl`` held if asked, when ``when`` holds, runs ``handler``; ``label`` (the keys) and
    ``action`` (what they do) are the player's words."""

    name: str
    label: str
    action: str
    keys: tuple[int, ...] | None  # None: any key
    handler: Handler
    when: Condition = _always
    ctrl: bool = False
    text: str = ""

    def fits(self, scene: GameScene, event: pygame.event.Event) -> bool:
        key_fits = (
            self.keys is None
            or event.key in self.keys
            or (bool(self.text) and event.unicode == self.text)
        )
        if not key_fits or (self.ctrl and not event.mod & pygame.KMOD_CTRL):
            return False
        return self.when(scene, event)


def dispatch(table: tuple[Binding, ...], scene: GameScene, event: pygame.event.Event) -> bool:
    """Run the first binding of ``table`` that fits ``event``; False when none does."""
    for binding in table:
        if binding.fits(scene, event):
            binding.handler(scene, event)
            return True
    return False


def key_help(table: tuple[Binding, ...]) -> list[tuple[str, str]]:
    """The table as the player reads it: (keys, what they do), one row per binding."""
    return [(b.label, b.action) for b in table]


def key_of(name: str, table: tuple[Binding, ...] | None = None) -> str:
    """The first key of the action ``name`` (of the turn's table unless ``table``), as a
    button names it: "Confirm (Enter)"."""
    rows = PLAY_KEYS if table is None else table
    return next(b.label.split(",")[0] for b in rows if b.name == name)


# --- handlers shared by the modes ----------------------------------------------------------


def _open_rules(scene: GameScene, _event: pygame.event.Event) -> None:
    rules = scene.app.make("rules")
    rules.page = rules.symbols_page
    scene.app.stack.push(rules)


def _menu(scene: GameScene, _event: pygame.event.Event) -> None:
    scene.open_menu()


def _danger(scene: GameScene, _event: pygame.event.Event) -> None:
    scene.toggle_danger()


def _hint(scene: GameScene, _event: pygame.event.Event) -> None:
    scene.ask_hint()


def _numbered(
    options: Callable[[GameScene], list[tuple[int, Any]]],
    take: Callable[[GameScene, int], Any],
) -> tuple[Condition, Handler]:
    """A row's number (1-9, the keypad's too) picking one of ``options``: the condition (a
    row of that number is there) and the handler (``take`` its action)."""

    def fits(scene: GameScene, event: pygame.event.Event) -> bool:
        number = DIGIT_KEYS.get(event.key)
        return number is not None and number <= len(options(scene))

    def pick(scene: GameScene, event: pygame.event.Event) -> None:
        take(scene, options(scene)[DIGIT_KEYS[event.key] - 1][0])

    return fits, pick


DANGER = Binding("danger", "D", "show what a battle now would do", (pygame.K_d,), _danger)
HINT = Binding("hint", "?", "ask the computer for a hint", (pygame.K_SLASH,), _hint, text="?")
RULES = Binding("rules", "F1, H", "the rules' symbols page", (pygame.K_F1, pygame.K_h), _open_rules)


# --- giving points away (FAQ-374): a row's number gives it, nothing else changes the game ----


_credit_number_fits, _give_credit = _numbered(
    lambda scene: scene.model.actions_of("credit"),
    lambda scene, action: scene.input.give_credit(action),
)


def _credit_reminder(scene: GameScene, _event: pygame.event.Event) -> None:
    scene.say(scene.info.credit_hint())


CREDIT_KEYS: tuple[Binding, ...] = (
    Binding(
        "give",
        "1-9",
        "give the point of that row",
        tuple(DIGIT_KEYS),
        _give_credit,
        _credit_number_fits,
    ),
    Binding("menu", "Esc", "the pause menu", (pygame.K_ESCAPE,), _menu),
    DANGER,
    HINT,
    Binding("remind", "any other key", "says how to give the points", None, _credit_reminder),
)


# --- a Mercenary offered: its number takes it, Space draws from the deck --------------------


_offer_number_fits, _take_offered = _numbered(
    lambda scene: scene.input.offer_options(), lambda scene, action: scene.input.take_offer(action)
)


def _draw_offered(scene: GameScene, _event: pygame.event.Event) -> bool:
    return scene.input.deck_draw_option() is not None


def _take_draw(scene: GameScene, _event: pygame.event.Event) -> None:
    draw = scene.input.deck_draw_option()
    if draw is not None:
        scene.input.take_offer(draw)


ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)

OFFER_KEYS: tuple[Binding, ...] = (
    Binding(
        "take", "1-9", "take that Mercenary", tuple(DIGIT_KEYS), _take_offered, _offer_number_fits
    ),
    Binding(
        "draw",
        "Space, Enter",
        "draw from the deck",
        (pygame.K_SPACE, *ENTER_KEYS),
        _take_draw,
        _draw_offered,
    ),
    Binding("menu", "Esc", "the pause menu", (pygame.K_ESCAPE,), _menu),
    RULES,
)


# --- the turn ------------------------------------------------------------------------------


def _back_or_menu(scene: GameScene, _event: pygame.event.Event) -> None:
    if not scene.input.undo():
        scene.open_menu()


def _take_back(scene: GameScene, _event: pygame.event.Event) -> None:
    scene.take_back()


def _turner(step: int, *, second: bool = False) -> Handler:
    def turn(scene: GameScene, _event: pygame.event.Event) -> None:
        scene.input.rotate(step, second=second)

    return turn


def _offered(kind: str) -> Condition:
    """A human's turn with an action of ``kind`` among the legal ones."""

    def offered(scene: GameScene, _event: pygame.event.Event) -> bool:
        return scene.human_to_move() and any(d.get("kind") == kind for _a, d in scene.model.legal)

    return offered


def _presser(kind: str) -> Handler:
    def press(scene: GameScene, _event: pygame.event.Event) -> None:
        scene.input.press(kind)

    return press


def _confirm_or_battle(scene: GameScene, _event: pygame.event.Event) -> None:
    if scene.model.partial:
        scene.input.confirm()
    elif (tile := scene.selected_tile()) and tile.endswith(".battle"):
        scene.input.press("battle")


def _tile_selected(scene: GameScene, _event: pygame.event.Event) -> bool:
    return scene.model.selected is not None


def _hurry(scene: GameScene, _event: pygame.event.Event) -> None:
    scene.hurry()


def _human_to_move(scene: GameScene, _event: pygame.event.Event) -> bool:
    return scene.human_to_move()


def _pick_from_hand(scene: GameScene, event: pygame.event.Event) -> None:
    scene.input.click_hand(scene.model.mover, event.key - pygame.K_1)


PLAY_KEYS: tuple[Binding, ...] = (
    Binding(
        "back",
        "Esc",
        "back one choice (the pause menu when none)",
        (pygame.K_ESCAPE,),
        _back_or_menu,
    ),
    Binding(
        "take_back",
        "Ctrl+Z",
        "take back the last action of the turn",
        (pygame.K_z,),
        _take_back,
        ctrl=True,
    ),
    DANGER,
    HINT,
    Binding(
        "turn_left",
        "Q, Left",
        "turn the tile anticlockwise",
        (pygame.K_q, pygame.K_LEFT),
        _turner(-1),
    ),
    Binding(
        "turn_right",
        "E, Right, R",
        "turn the tile clockwise",
        (pygame.K_e, pygame.K_RIGHT, pygame.K_r),
        _turner(1),
    ),
    Binding(
        "turn_other_left",
        "A",
        "turn a Swap's other unit anticlockwise",
        (pygame.K_a,),
        _turner(-1, second=True),
    ),
    Binding(
        "turn_other_right",
        "F",
        "turn a Swap's other unit clockwise",
        (pygame.K_f,),
        _turner(1, second=True),
    ),
    Binding(
        "keep",
        "K",
        "keep the unit as it is",
        (pygame.K_k,),
        _presser("keep_taken"),
        _offered("keep_taken"),
    ),
    Binding(
        "confirm",
        "Enter",
        "confirm (a Battle tile: start the battle)",
        ENTER_KEYS,
        _confirm_or_battle,
    ),
    Binding("end", "Space", "end the turn", (pygame.K_SPACE,), _presser("end"), _offered("end")),
    Binding(
        "discard",
        "X, Delete, Backspace",
        "discard the selected tile",
        (pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_x),
        _presser("discard"),
        _tile_selected,
    ),
    Binding("hurry", "M", "the computer plays now", (pygame.K_m,), _hurry),
    RULES,
    Binding(
        "pick",
        "1-6",
        "pick that tile of your hand",
        tuple(range(pygame.K_1, pygame.K_6 + 1)),
        _pick_from_hand,
        _human_to_move,
    ),
)
