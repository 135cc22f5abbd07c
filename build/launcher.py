"""The entry point of the packaged executable: the ``nshex`` command, arguments and all."""

import sys

from nshex_pygame.cli import main

if __name__ == "__main__":
    sys.exit(main())
