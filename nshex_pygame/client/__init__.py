"""The pygame-ce client: the game window, its scenes, the tile drawings and the sounds.

``nshex`` with no command calls :func:`nshex_pygame.client.app.main`. Layout:

- ``app``: the window, the loop, scaling; ``scene``: the scene stack; ``tween``: time;
- ``scenes/``: menu, new game, game, battle playback, rules and gallery, settings, game over;
- ``tileart``: tiles drawn from the engine's data; ``rulestext``: every text the player reads;
- ``storage``: the data folder, settings and saves (atomic); ``sound``: synthesized effects;
- ``ai``: bots thinking on a worker thread; ``resources``: where the assets are.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the terminal
