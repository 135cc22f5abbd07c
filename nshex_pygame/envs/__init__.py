"""The game for learning algorithms (docs/RL.md): an OpenSpiel game
(:mod:`nshex_pygame.envs.openspiel`), a PettingZoo AEC environment
(:mod:`nshex_pygame.envs.pettingzoo`) and a Gymnasium single-agent environment against a
built-in bot (:mod:`nshex_pygame.envs.gymnasium`), all on the engine's fixed action encoding
and observation tensor (``Game.action_mask``, ``Game.observation_tensor``).

They need the ``rl`` extra (``pip install '.[rl]'``: open_spiel, pettingzoo, gymnasium,
numpy); :mod:`nshex_pygame.envs.params` (what a game is made of) needs nothing.
"""
