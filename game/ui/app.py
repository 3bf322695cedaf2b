"""The window, the scene stack and the one game loop."""

from __future__ import annotations

import os
import time
import traceback
import warnings
from collections.abc import Callable, Iterable

import pygame

from ..speech import Voice
from . import fonts
from .intents import translate
from .scene import Routes, Scene
from .settings import Settings
from .sound import Sounds
from .window_sizes import SMALLEST, clamped

MIN_SIZE = SMALLEST
START_SIZE = (1280, 800)
FPS = 60


class App:
    """Owns the window and a stack of scenes; runs the loop at 60 frames per second.

    ``headless`` draws into an off-screen surface (tests, screenshots, bench);
    ``routes`` makes the scenes that scenes move on to."""

    def __init__(
        self,
        size: tuple[int, int] = START_SIZE,
        settings: Settings | None = None,
        headless: bool = False,
        routes: Routes | None = None,
    ) -> None:
        pygame.display.init()
        fonts.ready()
        pygame.key.set_repeat(350, 40)
        self.settings = settings or Settings()
        self.headless = headless
        self._routes = routes
        self.stack: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.quit_without_saving = False
        self.sounds: Sounds | None = None
        """The sound effects (None: silent, as in tests)."""
        self.voice = Voice()
        """What the game says aloud (off unless the game was opened with speech)."""
        self.clock = pygame.time.Clock()
        self.frame_count = 0
        self.on_frame: Callable[[App], None] | None = None
        if headless:
            self.screen = pygame.Surface(size)
        else:
            if pygame.display.get_driver() == "x11":
                # Paint through X's shared memory, not an OpenGL texture SDL would
                # re-upload whole every frame (with software OpenGL that alone
                # cost a third of a core): a waiting window then costs almost nothing.
                os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
            self.screen = pygame.display.set_mode(clamped(size, self.screen_size()), pygame.RESIZABLE)
            pygame.display.set_caption("Mexican Train")
        self.fullscreen = False
        self._windowed_at: tuple[int, int] = (0, 0)

    @property
    def routes(self) -> Routes:
        """The routes between scenes this app was made with."""
        if self._routes is None:
            raise RuntimeError("this App was made without routes between scenes")
        return self._routes

    # ------------------------------------------------------------------ stack
    @property
    def top(self) -> Scene | None:
        """The scene that gets input and updates."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        if self.stack:
            self.stack[-1].pause()
        self._attach(scene)
        self.stack.append(scene)
        self._announce(scene)

    def pop(self) -> Scene | None:
        """Remove the top scene and resume the one below."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.close()
        if self.stack:
            below = self.stack[-1]
            with fonts.room(below.text_room):
                below.resume()
            if below is self.top:
                self.voice.say(below.spoken_return())
        return scene

    def _announce(self, scene: Scene) -> None:
        """Say what ``scene`` has to say as it comes on top (after what is being said: a key stops that)."""
        if self.voice.on and scene is self.top:
            self.voice.say(scene.spoken_intro())

    def _attach(self, scene: Scene) -> None:
        """Attach ``scene``, its text at its own size (not the size of the scene that opened it)."""
        with fonts.room(scene.text_room):
            scene.attach(self)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().close()
        self._attach(scene)
        self.stack.append(scene)
        self._announce(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start again from ``scene`` (what the scenes cleared were saying stops)."""
        while self.stack:
            self.stack.pop().close()
        self.voice.stop()
        self.push(scene)

    def quit(self, code: int = 0, without_saving: bool = False) -> None:
        """Stop the loop after this frame (``without_saving``: the player chose to
        leave although the game could not be saved)."""
        self.running = False
        self.exit_code = code
        self.quit_without_saving = without_saving

    @property
    def size(self) -> tuple[int, int]:
        """Window size in pixels."""
        return self.screen.get_size()

    def screen_size(self) -> tuple[int, int]:
        """The screen's size in pixels (a headless run's screen holds every size offered)."""
        if self.headless:
            return (7680, 4320)
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return (7680, 4320)  # unknown: no size is held back
        return (int(desktop[0]), int(desktop[1]))

    def set_window(self, size: tuple[int, int] | None) -> None:
        """A window of ``size`` pixels (held to the screen) or fullscreen (None), at once; remembered."""
        if size is None:
            if not self.fullscreen:
                self.toggle_fullscreen()
            return
        self.settings.window = clamped(size, self.screen_size())
        if self.fullscreen:
            self.toggle_fullscreen()  # back to a window of that size
            return
        if self.headless:
            self.screen = pygame.Surface(self.settings.window)
        else:
            try:
                pygame.display.set_mode(self.settings.window, pygame.RESIZABLE)
                self._keep_on_screen()
            except pygame.error:
                return
        self._resized()
        self.settings.remember()

    def _keep_on_screen(self) -> None:
        """Move a window grown past the screen's edge back onto it (in the middle)."""
        screen = self.screen_size()
        x, y = pygame.display.get_window_position()
        w, h = pygame.display.get_window_size()
        if x + w > screen[0] or y + h > screen[1]:
            pygame.display.set_window_position((max(0, (screen[0] - w) // 2), max(0, (screen[1] - h) // 2)))

    # ------------------------------------------------------------------- loop
    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on the desktop's resolution, or back to a window (remembered).

        The window is first moved to the desktop's corner and sized to it: a
        window manager then makes it fullscreen, and with no window manager
        (which would ignore the request) it covers the screen all the same."""
        if self.headless:
            return
        self.fullscreen = not self.fullscreen
        try:
            if self.fullscreen:
                self._windowed_at = pygame.display.get_window_position()
                self.settings.window = pygame.display.get_window_size()
                pygame.display.set_window_position((0, 0))
                pygame.display.set_mode(pygame.display.get_desktop_sizes()[0], pygame.FULLSCREEN)
            else:
                size = tuple(self.settings.window)
                with warnings.catch_warnings():  # leaving fullscreen, SDL may first keep the desktop's size
                    warnings.simplefilter("ignore", RuntimeWarning)
                    pygame.display.set_mode(size, pygame.RESIZABLE)
                    if pygame.display.get_window_size() != size:
                        pygame.display.set_mode(size, pygame.RESIZABLE)
                pygame.display.set_window_position(self._windowed_at)
        except pygame.error:
            self.fullscreen = False
        self._resized()
        self.settings.fullscreen = self.fullscreen
        self.settings.remember()

    def _resized(self) -> None:
        """Take the display's new surface and tell every scene its size."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        if not self.fullscreen and not self.headless:
            self.settings.window = (max(MIN_SIZE[0], self.size[0]), max(MIN_SIZE[1], self.size[1]))
        for scene in self.stack:
            with fonts.capped(scene.text_room):
                scene.resize(self.size)

    def _keep_minimum_size(self) -> None:
        """Grow the window back to 1024x640 if it was made smaller."""
        if self.headless or self.fullscreen:
            return
        w, h = pygame.display.get_window_size()
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            try:
                pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
            except pygame.error:
                pass

    def dispatch(self, events: Iterable[pygame.event.Event]) -> None:
        """Translate raw events into intents and hand them to the top scene."""
        for event in events:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED) and not self.headless:
                self._keep_minimum_size()
                self._resized()
                continue
            if event.type == pygame.KEYDOWN and speech_key(event):
                self.toggle_speech()
                continue
            if event.type == pygame.KEYDOWN:
                self.voice.stop()  # the person's next key interrupts speech (and the computers wait no longer)
            intent = translate(event)
            if intent is None:
                continue
            if intent.kind == "quit":
                if all(scene.allow_quit() for scene in reversed(self.stack)):
                    self.quit()
                return
            if self.top is not None:
                with fonts.capped(self.top.text_room):
                    self.top.handle(intent)

    def toggle_speech(self) -> None:
        """Ctrl+Alt+S on any screen: speech off, or on again (kept for the next run);
        back on, the screen says where the person is."""
        self.settings.speech = self.voice.toggle()
        self.settings.remember()
        if self.voice.on and self.top is not None:
            self.voice.say(self.top.spoken_intro())

    def draw(self) -> None:
        """Paint from the lowest visible scene up."""
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        log = fonts.logging_text()
        for place in range(max(0, start), len(self.stack)):
            if log is not None:
                log.layer = place
            scene = self.stack[place]
            with fonts.capped(scene.text_room):
                scene.draw(self.screen)

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / FPS) -> None:
        """One frame: input, update, draw (tests call this directly)."""
        self.dispatch(events)
        if self.top is not None and self.running:
            with fonts.capped(self.top.text_room):
                self.top.update(dt)
        if not self.stack:
            self.running = False
            return
        self.draw()
        self.frame_count += 1
        if self.on_frame is not None:
            self.on_frame(self)

    def _show(self, had_input: bool) -> None:
        """Put the frame on the window: only the parts the top scene says changed
        when it knows (a table waiting for the person pulses in a few places),
        else all of it."""
        top = self.top
        rects = None if had_input or top is None else top.dirty_rects()
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def frame_rate(self, fps: int) -> int:
        """Frames per second for the next frame: what the top scene needs now, at most ``fps``."""
        top = self.top
        wanted = fps if top is None else top.frame_rate()
        return max(1, min(fps, wanted))

    def run(self, fps: int = FPS) -> int:
        """The game loop; returns the exit code. While the top scene needs fewer
        frames than ``fps`` (nothing moves), the loop sleeps until the next frame
        is due or input arrives, so an idle game costs almost nothing."""
        dt = 1 / FPS
        longest = 0.1
        failures = 0
        while self.running:
            started = time.perf_counter()
            events = pygame.event.get()
            try:
                self.step(events, min(dt, longest))
                failures = 0
            except Exception:  # noqa: BLE001 - no crash reaches the player: report it and keep the window alive
                failures += 1
                traceback.print_exc()
                if failures > 30:
                    self.quit(1)
            if not self.headless:
                self._show(bool(events))
            if not fps:
                dt = 1 / FPS
                continue
            rate = self.frame_rate(fps)
            longest = max(0.1, 1.5 / rate)  # a frame's time step: a long stall does not jump animations
            if rate < fps and not events and self.running:
                _wait_for_input(started + 1 / rate)
            dt = self.clock.tick(fps) / 1000
        for scene in reversed(self.stack):
            scene.close()
        self.stack.clear()
        return self.exit_code


SPEECH_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT


def speech_key(event: pygame.event.Event) -> bool:
    """Whether a key press is Ctrl+Alt+S, which turns speech on or off from any screen."""
    mods = getattr(event, "mod", 0)
    return bool(event.key == pygame.K_s and mods & pygame.KMOD_CTRL and mods & pygame.KMOD_ALT)


INPUT_POLL = 0.01
"""Seconds between looks at the event queue while the loop waits (SDL's own wait polls every millisecond)."""


def _wait_for_input(until: float) -> None:
    """Sleep until the ``time.perf_counter()`` moment ``until``, or until input arrives (it stays queued)."""
    while True:
        rest = until - time.perf_counter()
        if rest <= 0 or pygame.event.peek():
            return
        time.sleep(min(INPUT_POLL, rest))
