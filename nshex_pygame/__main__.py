"""``python -m nshex_pygame`` is the ``nshex`` command."""

import sys

from nshex_pygame.cli import main

sys.exit(main())
