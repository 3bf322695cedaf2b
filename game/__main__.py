"""``python -m game``: the same command as ``mexican-train``."""

import sys

from .commands.cli import main

if __name__ == "__main__":
    sys.exit(main())
