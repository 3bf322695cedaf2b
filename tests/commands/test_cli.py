"""The `mexican-train` command's own help and usage: what a person reads when they ask."""

from __future__ import annotations

import pytest

from game.commands.cli import build_parser, main


def test_the_help_names_the_demo_options_values_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    shown = capsys.readouterr().out
    assert "--players N" in shown and "--seed N" in shown
    assert "DEMO_" not in shown


def test_saves_alone_shows_what_saves_can_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert "list" in out and "check" in out and "usage: mexican-train saves" in out
    assert "required" not in out + err
