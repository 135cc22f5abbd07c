"""The client's scenes: menu, new game, game, battle playback, rules and gallery, settings, game
over."""
