"""replayer: the illustrative hands of the classic bridge books, validated and replayed."""

__version__ = "0.1.0"
