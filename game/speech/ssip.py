"""The person's screen reader on Linux: speech-dispatcher (which Orca speaks
through too), over its socket with its own text protocol, SSIP.

Each command is a line ending in CR LF; the answer is one or more lines, the
last of which starts with a three-digit code and a space (2xx: done). A line
is spoken with ``SPEAK``, then the text, then a line holding only a dot (a
line of the text that starts with a dot gets a second one). speech-dispatcher
does not say when it has finished unless asked for events, so ``speaking``
answers None and the game estimates the time from the text."""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from pathlib import Path

from .base import Speech

TIMEOUT = 2.0
"""Seconds to wait for speech-dispatcher's answer to one command."""


class SsipError(Exception):
    """speech-dispatcher refused a command or could not be reached; the message says why in words."""


def socket_path(env: Mapping[str, str]) -> Path | None:
    """Where speech-dispatcher listens: ``$SPEECHD_ADDRESS`` (``unix_socket:PATH``), else
    ``$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock``; None when neither names one."""
    address = env.get("SPEECHD_ADDRESS", "")
    if address.startswith("unix_socket:"):
        return Path(address.split(":", 1)[1])
    runtime = env.get("XDG_RUNTIME_DIR")
    return Path(runtime) / "speech-dispatcher" / "speechd.sock" if runtime else None


class SsipSpeech(Speech):
    """Speaks through speech-dispatcher at the Unix socket ``path``."""

    name = "speech-dispatcher"

    def __init__(self, path: Path) -> None:
        self.link = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.link.settimeout(TIMEOUT)
        self.pending = b""
        try:
            self.link.connect(str(path))
            self.command(f"SET self CLIENT_NAME {os.environ.get('USER', 'player') or 'player'}:mexican-train:main")
        except (OSError, SsipError) as error:
            self.link.close()
            raise SsipError(f"speech-dispatcher did not answer at {path} ({error})") from None

    def _answer(self) -> tuple[int, list[str]]:
        """speech-dispatcher's answer: its code and every line of it."""
        lines: list[str] = []
        while True:
            while b"\r\n" not in self.pending:
                chunk = self.link.recv(4096)
                if not chunk:
                    raise SsipError("speech-dispatcher closed the connection")
                self.pending += chunk
            line, self.pending = self.pending.split(b"\r\n", 1)
            text = line.decode("utf-8", "replace")
            lines.append(text)
            if len(text) >= 4 and text[:3].isdigit() and text[3] == " ":
                return int(text[:3]), lines

    def command(self, line: str) -> list[str]:
        """Send one command and return its answer's lines (SsipError for a refusal)."""
        self.link.sendall(line.encode("utf-8") + b"\r\n")
        code, lines = self._answer()
        if code >= 300:
            raise SsipError(f"speech-dispatcher refused {line.split()[0]}: {lines[-1]}")
        return lines

    def say(self, text: str, interrupt: bool = False) -> None:
        """Queue ``text`` (after cancelling what is said, with ``interrupt``)."""
        try:
            if interrupt:
                self.command("CANCEL self")
            self.command("SPEAK")
            body = "\r\n".join("." + line if line.startswith(".") else line for line in text.splitlines() or [""])
            self.command(body + "\r\n.")
        except (OSError, SsipError):
            pass  # a voice gone quiet is no reason to stop the game

    def stop(self) -> None:
        """Cancel what is being said and what waits."""
        try:
            self.command("CANCEL self")
        except (OSError, SsipError):
            pass

    def speaking(self) -> bool | None:
        """speech-dispatcher does not say (without its events): unknown."""
        return None

    def close(self) -> None:
        """Say goodbye and close the socket."""
        try:
            self.link.sendall(b"QUIT\r\n")
        except OSError:
            pass
        self.link.close()


def dispatcher(env: Mapping[str, str]) -> tuple[SsipSpeech | None, str]:
    """speech-dispatcher, or None and why not in words."""
    path = socket_path(env)
    if path is None:
        return None, "speech-dispatcher is not running (this session names no folder for its socket)"
    if not path.exists():
        return None, f"speech-dispatcher is not running (no socket at {path})"
    try:
        return SsipSpeech(path), ""
    except SsipError as error:
        return None, str(error)
