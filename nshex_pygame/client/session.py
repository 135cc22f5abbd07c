"""Starting and loading games: what the new-game screen, the menu and a rematch share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nshex_pygame.client import storage
from nshex_pygame.client.storage import SeatSetup
from nshex_pygame.core import EngineError, Game, SaveError


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
        mad_bomber=mad_bomber,  # type: ignore[arg-type]
    )


def load_game(path: Path) -> tuple[Any, str | None]:
    """((the game, the save), None) or (None, why the file cannot be loaded)."""
    saved, problem = storage.read_save(path)
    if saved is None:
        return None, problem
    try:
        game = Game.load(saved.game_text)
    except (SaveError, EngineError, ValueError) as exc:
        return None, f"{path.name}: {exc}"
    armies = list(game.view()["armies"])
    if [s.army for s in saved.seats] != armies:
        return None, f"{path.name}: the seats do not match the game's armies"
    return (game, saved), None
