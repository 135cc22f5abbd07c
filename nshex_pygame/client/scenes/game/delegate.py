"""An attribute kept by one of an object's parts: ``scene.partial`` is ``scene.model.partial``,
``scene.hint`` is ``scene.helpers.hint``, ``scene.log`` is ``scene.game_log.lines``. The
scene's public names stay (the other scenes and the tests read them) while the part owns the
state; the seat panels read the scene's model and state by the names they know.

Typed by what it holds: ``partial: Delegated[dict[str, Any]] = Delegated("model")``.
"""

from __future__ import annotations

from typing import Generic, TypeVar, overload

T = TypeVar("T")


class Delegated(Generic[T]):
    """The attribute ``attr`` (by default: of the same name) of the owner's part ``part``
    (read and written)."""

    def __init__(self, part: str, attr: str = "") -> None:
        self.part = part
        self.name = attr

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    @overload
    def __get__(self, obj: None, owner: type) -> Delegated[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object, owner: type | None = None) -> T | Delegated[T]:
        if obj is None:
            return self
        value: T = getattr(getattr(obj, self.part), self.name)
        return value

    def __set__(self, obj: object, value: T) -> None:
        setattr(getattr(obj, self.part), self.name, value)
