"""Where the lessons' templates and assets are, in a wheel and in a checkout.

``templates/`` and ``site/`` live at the top of the repository, where the people who edit them
look for them; the wheel ships them inside the package as ``replayer/templates`` and
``replayer/site`` (see ``[tool.setuptools.package-dir]`` in ``pyproject.toml``).  An installed
package finds them with :mod:`importlib.resources`; a checkout, or an editable install of one,
finds them beside the package.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["assets_dir", "templates_dir"]

_CHECKOUT = Path(__file__).resolve().parents[2]


def _folder(name: str) -> Path:
    packaged = resources.files("replayer") / name
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return _CHECKOUT / name


def templates_dir() -> Path:
    """Our Jinja2 templates (``lesson.html``, ``index.html``, …)."""
    return _folder("templates")


def assets_dir() -> Path:
    """The hand-written files copied into every build (CSS, the stepper, the fonts)."""
    return _folder("site")
