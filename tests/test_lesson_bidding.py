"""The auction of an Auction or Contract hand as a bidding table in the lesson's facts (issue 17)."""

from __future__ import annotations

from pathlib import Path

from replayer.lessons.bidding import bidding_table
from replayer.lessons.build import BuildOptions, build_site
from replayer.rules.seats import Seat
from replayer.validation.files import check_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_the_calls_run_from_the_dealer_in_the_lesson_s_columns() -> None:
    checked = check_file(
        FIXTURES / "laws" / "insufficient-bid-stood.yaml"
    )  # S deals: 1♠ 3R 4♣ pass pass pass
    assert checked.game is not None
    table = bidding_table(checked.game, [Seat.W, Seat.N, Seat.E, Seat.S], ["W", "N", "E", "S"])
    assert table is not None and table.headings == ("W", "N", "E", "S")
    cells = [[(c.level + c.strain) if c else "" for c in row] for row in table.rows]
    assert cells == [["", "", "", "1♠"], ["3R", "4♣", "Pass", "Pass"], ["Pass", "", "", ""]]
    assert table.rows[0][3] is not None and table.rows[0][3].spoken == "one spade"
    assert table.rows[1][0] is not None and table.rows[1][0].spoken == "three royals"


def test_a_hand_without_calls_has_no_table() -> None:
    checked = check_file(Path(__file__).resolve().parents[1] / "hands" / "foster-1904" / "hand-5.yaml")
    assert checked.game is not None
    assert bidding_table(checked.game, list(Seat), ["N", "E", "S", "W"]) is None


def test_the_lesson_page_shows_the_auction(tmp_path: Path) -> None:
    hands = tmp_path / "hands"
    hands.mkdir()
    (hands / "auction.yaml").write_text((FIXTURES / "valid" / "auction.yaml").read_text(encoding="utf-8"))
    build_site([str(hands)], BuildOptions(out=tmp_path / "site", pdf=False))
    html = (tmp_path / "site" / "auction.html").read_text(encoding="utf-8")
    assert "<caption>The auction</caption>" in html
    assert '<span class="suit red">♥</span></span><span class="vh">one heart</span>' in html
    assert (
        html.count('<span class="vh">pass</span>') == 6
    )  # the facts box is written for screen and for print
