"""The window, the scene stack and the one game loop."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable

import pygame

from . import fonts
from .intents import translate
from .scene import Routes, Scene
from .settings import Settings
from .sound import Sounds

MIN_SIZE = (1024, 640)
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
        if not pygame.font.get_init():
            pygame.font.init()
            fonts.forget_fonts()
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
        self.clock = pygame.time.Clock()
        self.window: pygame.Window | None = None
        self.frame_count = 0
        self.on_frame: Callable[[App], None] | None = None
        if headless:
            self.screen = pygame.Surface(size)
        else:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.display.set_caption("Mexican Train")
            try:
                self.window = pygame.Window.from_display_module()
                self.window.minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):
                self.window = None
        self.fullscreen = False

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
        scene.attach(self)
        self.stack.append(scene)

    def pop(self) -> Scene | None:
        """Remove the top scene and resume the one below."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.close()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().close()
        scene.attach(self)
        self.stack.append(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start again from ``scene``."""
        while self.stack:
            self.stack.pop().close()
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

    # ------------------------------------------------------------------- loop
    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on the desktop's resolution, or back to a window."""
        if self.headless:
            return
        self.fullscreen = not self.fullscreen
        try:
            if self.window is not None:
                if self.fullscreen:
                    self.window.set_fullscreen(desktop=True)
                else:
                    self.window.set_windowed()
            else:
                pygame.display.toggle_fullscreen()
        except pygame.error:
            self.fullscreen = False
        self._resized()

    def _resized(self) -> None:
        """Take the display's new surface and tell every scene its size."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        for scene in self.stack:
            scene.resize(self.size)

    def _keep_minimum_size(self) -> None:
        """Grow the window back to 1024x640 if a window manager let it shrink below."""
        if self.window is None or self.fullscreen:
            return
        w, h = self.window.size
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            try:
                self.window.size = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
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
            intent = translate(event)
            if intent is None:
                continue
            if intent.kind == "quit":
                if all(scene.allow_quit() for scene in reversed(self.stack)):
                    self.quit()
                return
            if self.top is not None:
                self.top.handle(intent)

    def draw(self) -> None:
        """Paint from the lowest visible scene up."""
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[max(0, start):]:
            scene.draw(self.screen)

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / FPS) -> None:
        """One frame: input, update, draw (tests call this directly)."""
        self.dispatch(events)
        if self.top is not None and self.running:
            self.top.update(dt)
        if not self.stack:
            self.running = False
            return
        self.draw()
        self.frame_count += 1
        if self.on_frame is not None:
            self.on_frame(self)

    def run(self, fps: int = FPS) -> int:
        """The game loop; returns the exit code."""
        dt = 1 / FPS
        failures = 0
        while self.running:
            try:
                self.step(pygame.event.get(), min(dt, 0.1))
                failures = 0
            except Exception:  # noqa: BLE001 - no crash reaches the player: report it and keep the window alive
                failures += 1
                traceback.print_exc()
                if failures > 30:
                    self.quit(1)
            if not self.headless:
                pygame.display.flip()
            dt = self.clock.tick(fps) / 1000 if fps else 1 / FPS
        for scene in reversed(self.stack):
            scene.close()
        self.stack.clear()
        return self.exit_code

