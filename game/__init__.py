"""Mexican Train: a desktop dominoes game against computer players."""

__version__ = "0.1.0"
