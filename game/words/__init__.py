"""The words the game says to the player: events narrated, the move log, the
rules help, the options in sentences and what the computer players read."""
