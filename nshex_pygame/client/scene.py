"""A scene stack in the manner of Tuxemon: the top scene gets the events and the time.

A scene draws itself; one that is ``transparent`` (an overlay, a dialog) has the scenes under
it drawn first. Scenes never read the clock: ``update(dt)`` is all the time they know.

Scenes never import each other: each is registered once under a name
(:func:`nshex_pygame.client.scenes.register_all`) and one scene opens another through the app,
``app.open("battle", ...)`` or ``app.make("game", ...)``. A scene made that way knows its name
(``scene.scene_name``), which is how a scene recognises another on the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from nshex_pygame.client.app import App


class Scene:
    transparent = False
    scene_name = ""  # the name it was registered under (set when made through the registry)

    def __init__(self, app: App) -> None:
        self.app = app

    def opener(self, name: str) -> Callable[[], None]:
        """An action (a button's) that opens the scene ``name`` on top of this one."""
        return lambda: self.app.open(name)

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (mouse positions already in the logical 1280x800 space)."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto the logical surface."""

    def busy(self) -> bool:
        """Something on screen moves by itself (an animation, a bot thinking): while the top
        scene is busy the app draws every frame; otherwise only when something changed."""
        return False

    def look(self) -> object:
        """A value that changes when the picture changes with time alone (a hint running out,
        a slow decoration); the app redraws an idle scene when it changes."""
        return None

    def idle_for(self) -> float | None:
        """Seconds until ``look`` changes next with time alone, if the scene knows (an idle
        app sleeps that long); None: the app looks again every tenth of a second."""
        return None

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_resume(self) -> None:
        """The scene above was popped."""

    def on_exit(self) -> None:
        """Popped off the stack (or the program ends)."""


class SceneRegistry:
    """Scene factories by name: how scenes reach one another without importing each other."""

    def __init__(self) -> None:
        self._factories: dict[str, Callable[..., Scene]] = {}

    def register(self, name: str, factory: Callable[..., Scene]) -> None:
        """``factory(app, *args, **kwargs)`` makes the scene called ``name``."""
        if name in self._factories:
            raise ValueError(f"a scene named {name!r} is registered already")
        self._factories[name] = factory

    def names(self) -> list[str]:
        return sorted(self._factories)

    def create(self, app: App, name: str, *args: Any, **kwargs: Any) -> Scene:
        try:
            factory = self._factories[name]
        except KeyError:
            raise KeyError(f"no scene named {name!r} (known: {', '.join(self.names())})") from None
        scene = factory(app, *args, **kwargs)
        scene.scene_name = name
        return scene


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Pop the top scene (only if it is ``scene``, when given)."""
        if not self.scenes or (scene is not None and self.scenes[-1] is not scene):
            return None
        popped = self.scenes.pop()
        popped.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        return popped

    def push_below(self, scene: Scene, above: Scene) -> Scene:
        """Put ``scene`` just under ``above`` (it comes up when ``above`` is popped)."""
        self.scenes.insert(self.scenes.index(above), scene)
        scene.on_enter()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop().on_exit()
        return self.push(scene)

    def clear_to(self, scene: Scene) -> Scene:
        """Pop everything and push ``scene`` (back to the main menu)."""
        while self.scenes:
            self.scenes.pop().on_exit()
        return self.push(scene)

    def find(self, kind: type[Any] | str) -> Any:
        """The topmost scene of a class, or (a string) of a registered name; None if none."""
        for scene in reversed(self.scenes):
            if scene.scene_name == kind if isinstance(kind, str) else isinstance(scene, kind):
                return scene
        return None

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.transparent:
                break
        return list(reversed(out))
