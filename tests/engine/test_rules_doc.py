"""docs/rules.md lists every option and is generated from the option object."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.engine.options import OPTION_HELP, option_names

ROOT = Path(__file__).resolve().parents[2]


def test_every_option_has_help_text() -> None:
    """No option goes undocumented."""
    assert set(OPTION_HELP) == set(option_names())


def test_rules_doc_is_up_to_date() -> None:
    """Changing an option without regenerating docs/rules.md fails here."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_rules_doc.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
