"""The game: the board, both hands, the turn, the AI, and the way into battles and game over.

Everything the rules allow comes from the engine: the scene asks ``legal_actions()``, reads
each one with ``describe_action`` and narrows that list with the player's clicks (a tile from
the hand, then a hex, then a facing, then a confirming click). A click no legal action uses is
explained (the engine's own reason when it has one) and changes nothing.

The parts, each held by the scene (``scene``: the flow of play) and given what it reads:
``model`` (what the scene knows of the game and the choice under way), ``info`` (the prompt,
reasons), ``input`` (clicks and keys), ``keys`` (the keymap tables), ``panel`` (the actions
panel's buttons), ``draw`` (the pictures), ``seats`` (the seat panels), ``tooltips`` (which
hover box) with ``hoverbox`` (its words), ``log`` (the game log), ``telling`` (the game told
in the log's words), ``helpers`` (the danger view and the hint), ``motion`` (tiles landing,
instants striking), ``bomber`` (the Mad Bomber's flights); ``layout`` (places, colours,
timings).
"""

from nshex_pygame.client.scenes.game.layout import plain_reason
from nshex_pygame.client.scenes.game.scene import GameScene

__all__ = ["GameScene", "plain_reason"]
