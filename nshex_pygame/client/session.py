"""Starting and loading games: what the new-game screen, the menu and a rematch share."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from nshex_pygame.client import storage
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import Game

log = logging.getLogger(__name__)


def new_game(
    seats: list[SeatSetup],
    seed: int,
    auto_battle_choices: bool,
    board: str = "standard",
    mode: str | None = None,
    variants: list[str] | tuple[str, ...] = (),
    mercenaries: int = 0,
    random_mercenaries: bool = False,
    mad_bomber: str = "off",
) -> Game:
    """A new game for two to four ``seats`` on ``board`` (``"standard"``, ``"expanded"`` or
    ``"duel"``) in ``mode`` (None: the engine's default for the seat count). The engine
    refuses a combination it cannot play (ValueError, its message says why). With automatic
    battle choices off, the human seats answer their own battle choices (a Clown's explosion,
    a Quartermaster conversion, which attack a medic takes); computer seats always get the
    automatic answers. ``variants`` ("alternative_start", "reinforcements", "no_unlucky_draw")
    and ``mercenaries`` (how many each seat hires, picked in turn, or dealt with
    ``random_mercenaries``) are the game's options; the engine checks them, its save keeps
    them; ``mad_bomber`` ("off", "neutral" or "mercenary", D-24) too."""
    manual = [] if auto_battle_choices else [i for i, s in enumerate(seats) if s.is_human]
    armies = [s.army for s in seats]
    return Game(
        armies,
        seed,
        board=board,
        manual_battle_choices=manual,
        mode=mode,
        variants=list(variants),
        mercenaries=mercenaries,
        random_mercenaries=random_mercenaries,
        mad_bomber=mad_bomber,
    )


def load_game(path: Path) -> tuple[Any, str | None]:
    """((the game, the save), None) or (None, one sentence for the player).

    The file is checked whole: the client's wrapper (:func:`storage.examine_save`), then the
    game by the engine (``Game.load``: whatever it raises is a refusal), then the seats against
    the game's armies. A damaged file is moved aside (``NAME.bad-STAMP``, the sentence says
    so); a file that is gone or was saved by a newer version is left where it is.
    """
    saved, problem, damaged = storage.examine_save(path)
    if saved is not None:
        try:
            game = Game.load(saved.game_text)
            armies = list(game.view()["armies"])
        except Exception as exc:  # SaveError, EngineError, and anything else the loader raises
            log.warning("%s: the engine refused the game: %s", path, exc)
            problem, damaged = "the game in it does not follow the rules of the game", True
        else:
            if [s.army for s in saved.seats] == armies:
                return (game, saved), None
            problem, damaged = "its seats do not match the armies of the game in it", True
    if damaged:
        return None, storage.set_aside_notice(path, str(problem), OUTCOME, verb="loaded")
    return None, f"{path.name} could not be loaded: {problem}."


OUTCOME = "the game goes on without it"
