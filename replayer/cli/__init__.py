"""The command line: `replayer validate|show|score|rubber|annotate|build|import|export`."""

from .main import main

__all__ = ["main"]
