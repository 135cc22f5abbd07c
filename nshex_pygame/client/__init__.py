"""The pygame-ce client: the game window, its scenes, the tile drawings and the sounds.

``nshex`` with no command calls :func:`nshex_pygame.client.app.main`. Layout:

- ``app``: the window, the loop, scaling; ``scene``: the scene stack and the scene registry;
  ``tween``: time;
- ``scenes/``: menu, new game, game, battle playback, rules and gallery, settings, game over;
  they open each other by name through the app (``app.open("battle", ...)``), never by import;
  ``scenes/game/`` and ``scenes/battle/`` are split into scene, input, info and draw parts;
- ``session``: new and loaded games; ``words``: actions in words (the battle account's text is
  ``nshex_pygame.describe``, shared with the command line);
- ``tileart``: tiles drawn from the engine's data; ``rulestext``: every text the player reads;
- ``storage``: the data folder, settings and saves (atomic); ``sound``: synthesized effects;
- ``ai``: bots thinking on a worker thread; ``resources``: where the assets are.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the terminal
