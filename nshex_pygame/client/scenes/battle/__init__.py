"""A battle played back from the engine's log, phase by phase.

:class:`Playback` is the bookkeeping: the board as it stood when the battle began, then each
event of the log applied in order (wounds, HQ damage, removals at the end of the phase). It
knows nothing of drawing, so a test can run a real log through it and compare the board it ends
with to the engine's result. :class:`BattleScene` shows it: a banner for each initiative phase,
the acting units lit, strikes, shots, beams, blocks, saves, explosions, wounds, removals, the HQ
counters, and the log. Space pauses, N plays one phase, + and - change the speed, S skips.

A battle that asks a human player a question (a seat that answers its own battle choices,
RULES-NOTES P-16) is played up to the question from the engine's partial log, then holds
there with the question in the panel on the right; the game scene applies the answer and hands
the scene the next question or the whole battle, and the playback goes on from where it
stopped (:meth:`BattleScene.ask`, :meth:`BattleScene.conclude`).

The parts: ``playback`` (the bookkeeping); ``scene`` (timing, the controls' commands, the
question's flow), which holds the others and gives each what it reads: ``model`` (the playback,
its clock, the log, the open question), ``info`` (the words), ``input`` (the keymap, the
buttons, the answers), ``draw``, and ``behind`` (the scene behind the battle); ``layout``.
"""

from nshex_pygame.client.scenes.battle.playback import Playback, Step
from nshex_pygame.client.scenes.battle.scene import BattleScene

__all__ = ["BattleScene", "Playback", "Step"]
