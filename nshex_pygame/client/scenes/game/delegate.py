"""A scene attribute kept by one of its parts: ``scene.partial`` is ``scene.model.partial``,
``scene.hint`` is ``scene.helpers.hint``, ``scene.log`` is ``scene.game_log.lines``. The
scene's public names stay (the views, the other scenes and the tests read them) while the
part owns the state."""

from __future__ import annotations

from typing import Any


class Delegated:
    """The attribute ``attr`` (by default: of the same name) of the scene's part ``part``
    (read and written)."""

    def __init__(self, part: str, attr: str = "") -> None:
        self.part = part
        self.name = attr

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, scene: Any, owner: type | None = None) -> Any:
        if scene is None:
            return self
        return getattr(getattr(scene, self.part), self.name)

    def __set__(self, scene: Any, value: Any) -> None:
        setattr(getattr(scene, self.part), self.name, value)
