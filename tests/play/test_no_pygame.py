"""The table's turn loop and the narration stay free of pygame, so they run and test without a window."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_controller_and_the_narration_loads_no_pygame() -> None:
    code = "import sys, game.play, game.words.narrate; print(any(m.startswith('pygame') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
