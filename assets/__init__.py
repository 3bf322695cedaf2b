"""The game's data files (the Tiled table layout, fonts and sounds), installed as ``game/assets``."""
