"""Save and resume: versioned, checked JSON save files written atomically.

For the game: ``default_store()`` gives a ``SaveStore`` with ``autosave``,
``save_named``, ``continue_latest``, ``list_saves``, ``load`` and ``delete``;
every failure raises ``SaveError`` whose ``reason`` is written for a player.
The format is described in ``docs/saves.md``.
"""

from .codec import FORMAT_VERSION, dumps
from .document import check_bytes, load_file, session_from_bytes, summarize
from .errors import SaveError
from .store import DATA_DIR_ENV, SaveInfo, SaveStore, data_dir, default_store

__all__ = [
    "DATA_DIR_ENV",
    "FORMAT_VERSION",
    "SaveError",
    "SaveInfo",
    "SaveStore",
    "check_bytes",
    "data_dir",
    "default_store",
    "dumps",
    "load_file",
    "session_from_bytes",
    "summarize",
]
