"""The pygame-ce user interface: scenes, drawing, input, tweens and layout.

The only package that imports pygame. ``game.ui.main.run_game`` opens the window.
"""
