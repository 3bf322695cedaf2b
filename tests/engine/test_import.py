"""The engine stays pure Python: importing it loads no pygame."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_engine_and_ai_loads_no_pygame() -> None:
    """A fresh interpreter that imports game.engine and game.ai has no pygame module."""
    code = "import sys, game.engine, game.ai, game.commands.simulate; print(any(m.startswith('pygame') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
