"""The table's look, described once for both of its renderers: the desktop's
pygame table (``game.ui``) and the guest page in a browser (``game.web``).

``colours`` holds every colour (the felt, the wood, the panels, the ivory and
brass of a tile, the seats' and the pips' palettes), ``tile`` a domino's
proportions, ``pips`` where the pips of each value lie, and ``export`` the
whole description as the JSON the page reads. No pygame here: the table
server imports it.
"""
