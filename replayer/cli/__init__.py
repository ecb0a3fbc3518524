"""The command line: `replayer validate|show|score|rubber|annotate|import|export|build|read|analyse|serve`."""

from .main import main

__all__ = ["main"]
