"""Detectors: defence (rules-reference §7).  Being written."""

from __future__ import annotations
