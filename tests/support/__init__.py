"""Helpers shared by the tests and the benchmarks (not tests themselves)."""
