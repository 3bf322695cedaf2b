"""setuptools' script, for one thing pyproject.toml cannot say: the compiled
modules of a release build (``tools/clean_build.py`` decides; none otherwise)."""

from clean_build import extensions
from setuptools import setup

setup(ext_modules=extensions())
