"""What the game keeps between runs: the one safe reader and writer of files,
the settings, the statistics, and the session a save holds."""
