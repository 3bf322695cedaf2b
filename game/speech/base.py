"""The speech interface every backend keeps, and the two that need nothing: off, and a recording for tests."""

from __future__ import annotations


class Speech:
    """A voice: ``say`` a line (``interrupt``: stop what is being said first, else
    it waits its turn), ``stop`` everything, ``speaking`` (None when the backend
    cannot tell) and ``close``. This base says nothing: speech is off."""

    name = "off"
    """The backend's name in words, for Settings and the speech log."""

    def say(self, text: str, interrupt: bool = False) -> None:
        """Speak ``text`` (after what is being said, unless ``interrupt``)."""

    def stop(self) -> None:
        """Stop speaking now and forget what waits."""

    def speaking(self) -> bool | None:
        """Whether anything is still being said (None: this backend cannot tell)."""
        return False

    def close(self) -> None:
        """Stop and let go of what the backend holds (a process, a socket, a library)."""
        self.stop()


class Silent(Speech):
    """Speech off: says nothing, is never speaking."""


class Recording(Speech):
    """Keeps every line said, for tests. ``held`` is its "still speaking" flag,
    which the test holds and releases; ``stop`` (a key pressed) releases it.
    With ``holding`` each line said holds it again, as a voice speaks until the
    test says it has finished."""

    name = "recording"

    def __init__(self, holding: bool = False) -> None:
        self.holding = holding
        self.lines: list[str] = []
        """Every line said, in order."""
        self.interrupts: list[bool] = []
        """Whether each line interrupted what came before."""
        self.held = False
        self.stops = 0
        """How many times speech was stopped."""
        self.closed = False

    def say(self, text: str, interrupt: bool = False) -> None:
        """Keep ``text``."""
        self.lines.append(text)
        self.interrupts.append(interrupt)
        self.held = self.held or self.holding

    def stop(self) -> None:
        """Count the stop; what was being said is over."""
        self.stops += 1
        self.held = False

    def speaking(self) -> bool | None:
        """Whether the test holds the flag."""
        return self.held

    def close(self) -> None:
        """Closed for good."""
        self.closed = True
