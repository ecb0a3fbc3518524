"""The YAML layer reads hand files with libyaml's parser, and says so when it cannot."""

from __future__ import annotations

import types
import warnings

import pytest
import yaml

from replayer.record import located_yaml
from replayer.record.located_yaml import SLOW_YAML, ScalarNode, compose, pick_loader


def test_the_c_loader_is_the_one_used() -> None:
    """libyaml is required: without it every hand is read about twice as slowly."""
    assert yaml.__with_libyaml__
    assert located_yaml._LOADER is yaml.CSafeLoader


def test_pyyaml_with_libyaml_is_picked_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pick_loader(yaml) is yaml.CSafeLoader


def test_pyyaml_without_libyaml_is_a_warning_not_a_silent_slowdown() -> None:
    without = types.SimpleNamespace(SafeLoader=yaml.SafeLoader)  # PyYAML built without libyaml
    with pytest.warns(RuntimeWarning, match="without libyaml") as caught:
        assert pick_loader(without) is yaml.SafeLoader
    assert str(caught[0].message) == SLOW_YAML


def test_the_pure_python_loader_gives_the_same_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback reads a file to the same nodes and places as libyaml."""
    text = "play:\n  tricks:\n    - ♣K ♣4 ♣7 ♣9\n    - [hk*, h3, hj, h5]\n"

    def shape(node: object) -> object:
        assert isinstance(node, located_yaml.Node)
        where = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
        if isinstance(node, ScalarNode):
            return (node.value, node.style or None, node.size, where)  # plain: "" in C, None in Python
        if isinstance(node, located_yaml.MappingNode):
            return ([(shape(k), shape(v)) for k, v in node.value], node.size, where)
        assert isinstance(node, located_yaml.SequenceNode)
        return ([shape(n) for n in node.value], node.size, where)

    fast = shape(compose(text))
    monkeypatch.setattr(located_yaml, "_LOADER", yaml.SafeLoader)
    assert shape(compose(text)) == fast
