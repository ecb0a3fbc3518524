from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site for the browser tests (tests/support/browser.py): every hand, no PDFs."""
    from support.browser import build_site

    return build_site(tmp_path_factory.mktemp("site"))
