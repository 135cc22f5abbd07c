"""The client's scenes: menu, saved games, pause, error, new game, game, battle playback, rules
and gallery, settings, game over, replay, tutorial, puzzles, achievements.

This is the one place that knows them all: :func:`register_all` gives each its name in the
app's registry, and the scenes open one another by those names (``app.open("setup")``), never
by importing one another (tests/test_layers.py holds them to it).
"""

from __future__ import annotations

from nshex_pygame.client.scene import SceneRegistry


def register_all(registry: SceneRegistry) -> None:
    from nshex_pygame.client.scenes.achievements import AchievementsScene
    from nshex_pygame.client.scenes.battle import BattleScene
    from nshex_pygame.client.scenes.error import ErrorScene
    from nshex_pygame.client.scenes.gallery import GalleryScene
    from nshex_pygame.client.scenes.game import GameScene
    from nshex_pygame.client.scenes.gameover import GameOverScene
    from nshex_pygame.client.scenes.load import LoadScene
    from nshex_pygame.client.scenes.menu import MenuScene
    from nshex_pygame.client.scenes.pause import PauseScene
    from nshex_pygame.client.scenes.puzzlelist import PuzzleListScene
    from nshex_pygame.client.scenes.puzzles import PuzzleScene
    from nshex_pygame.client.scenes.replay import ReplayScene
    from nshex_pygame.client.scenes.rules import RulesScene
    from nshex_pygame.client.scenes.settings import SettingsScene
    from nshex_pygame.client.scenes.setup import SetupScene
    from nshex_pygame.client.scenes.tutorial import TutorialScene

    for scene in (
        MenuScene,
        LoadScene,
        PauseScene,
        ErrorScene,
        SetupScene,
        GameScene,
        BattleScene,
        GameOverScene,
        ReplayScene,
        RulesScene,
        GalleryScene,
        SettingsScene,
        TutorialScene,
        PuzzleListScene,
        PuzzleScene,
        AchievementsScene,
    ):
        registry.register(scene.scene_name, scene)
