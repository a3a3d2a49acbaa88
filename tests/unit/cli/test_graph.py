"""`omahahh graph`: the winnings graph as PNG or self-contained HTML, and its errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omahahh.cli.app import app
from omahahh.dataset.ingest import ingest
from omahahh.report import graph as graph_module
from omahahh.report.graph import graph_series, value_range
from omahahh.report.graph_file import png_figure
from omahahh.report.graph_html import graph_html
from omahahh.stats.filters import StatsFilter
from omahahh.stats.players import dataset_tables
from tests.helpers.graphs import synthetic
from tests.helpers.stats_hands import HILO, SESSION, STEAL_AND_THREE_BET

runner = CliRunner()
EURO = (
    STEAL_AND_THREE_BET.replace("$", "€")
    .replace("USD", "EUR")
    .replace("300000000001", "300000000099")
)


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hh")
    (folder / "session.txt").write_text("\n\n\n".join((SESSION, HILO, EURO)), encoding="utf-8")
    out = tmp_path_factory.mktemp("ds") / "ds"
    ingest([folder], out)
    return out


def test_series_are_running_sums_in_time_order(dataset: Path) -> None:
    # A: +0.45, 0, +11.60, -10.00; hands 3 and 4 at showdown; hand 4 all-in at EV -5.23.
    data = graph_series(
        dataset_tables(str(dataset)), StatsFilter(players=("A",), currencies=("USD",))
    )
    assert (data.player, data.currency, data.unit) == ("A", "USD", 100)
    frame = data.frame
    assert frame["hand"].to_list() == [1, 2, 3, 4]
    assert frame["net"].to_list() == [45, 45, 1205, 205]
    assert frame["showdown"].to_list() == [0, 0, 1160, 160]
    assert frame["no_showdown"].to_list() == [45, 45, 45, 45]
    assert frame["allin_ev"].to_list() == [45, 45, 1205, 1205 + 477 - 1000]


def test_png_is_written(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.png"
    result = runner.invoke(
        app, ["graph", str(dataset), "--player", "A", "--currency", "USD", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "A, 4 hands, net 2.05 USD" in result.output


def test_html_is_one_self_contained_file(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.html"
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "A", "--currency", "USD", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<svg" in page and page.count("<polyline") == 4
    # Nothing is fetched: no script, stylesheet or image from anywhere.
    assert not re.search(r"<script|<link|<img|src=|href=|@import", page)
    for label in ("Net won (2.05)", "At showdown (1.60)", "Without showdown (0.45)"):
        assert label in page, label


def test_big_blinds_across_currencies(dataset: Path, tmp_path: Path) -> None:
    out = tmp_path / "a.html"
    result = runner.invoke(app, ["graph", str(dataset), "-p", "A", "--out", str(out)])
    assert result.exit_code == 1
    assert "money is never added across currencies" in result.output
    result = runner.invoke(app, ["graph", str(dataset), "-p", "A", "--bb", "--out", str(out)])
    assert result.exit_code == 0, result.output
    # 20.5 bb in dollars + 4.5 bb in euros (hand 1 again).
    assert "A, 5 hands, net 25.00 big blinds" in result.output


def test_one_player_only(dataset: Path, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "[AB]", "--out", str(tmp_path / "x.png")]
    )
    assert result.exit_code == 1
    assert "--player matches 2 players (A, B)" in result.output
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "Nobody", "--out", str(tmp_path / "x.png")]
    )
    assert result.exit_code == 1
    assert "no hand of the player matches" in result.output


def test_usage_errors(dataset: Path, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["graph", str(dataset), "-p", "A", "--out", str(tmp_path / "x.svg")]
    )
    assert result.exit_code == 2
    assert "written as .png or .html" in result.output
    result = runner.invoke(app, ["graph", str(dataset), "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 2  # --player is required
    result = runner.invoke(app, ["graph", "--help"])
    assert result.exit_code == 0
    for option in ("--player", "--out", "--alias", "--bb", "--since", "--position"):
        assert option in result.output


# -- legend outside, axes over the data, every hand drawn ---------------------------


def _svg_numbers(page: str, pattern: str) -> list[float]:
    return [float(v) for v in re.findall(pattern, page)]


def _polyline(page: str, colour: str) -> list[tuple[float, float]]:
    m = re.search(rf'<polyline fill="none" stroke="{colour}"[^>]*points="([^"]*)"', page)
    assert m, colour
    return [tuple(map(float, p.split(","))) for p in m.group(1).split()]  # type: ignore[misc]


def test_html_legend_stands_outside_the_plotting_area() -> None:
    page = graph_html(synthetic(16))
    plot = re.search(r'<rect class="plot" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', page)
    assert plot
    right = float(plot.group(1)) + float(plot.group(3))
    legend_x = _svg_numbers(page, r'<line class="legend" x1="([\d.]+)"')
    assert len(legend_x) == 4 and min(legend_x) > right


def test_html_axes_run_over_the_data_not_to_the_next_round_number() -> None:
    """The axes ran to 20 hands for 16, to -100 for a low of -82."""
    page = graph_html(synthetic(16))
    x_labels = re.findall(r'<text x="[\d.]+" y="\d+" text-anchor="middle">([\d,]+)</text>', page)
    assert x_labels and max(int(v.replace(",", "")) for v in x_labels) <= 16
    y_labels = re.findall(r'text-anchor="end">(-?[\d,.]+)</text>', page)
    assert min(float(v.replace(",", "")) for v in y_labels) > -85.4
    plot = re.search(r'<rect class="plot" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', page)
    assert plot
    points = _polyline(page, "#2ca02c")
    assert points[0][0] == float(plot.group(1))  # hand 1 at the left edge
    assert points[-1][0] == pytest.approx(float(plot.group(1)) + float(plot.group(2)), abs=0.1)


def test_value_range_is_the_data_and_zero_with_a_small_margin() -> None:
    low, high = value_range([[-82.0, 12.0], [30.0]])
    assert -82 - 0.05 * 112 < low < -82 and 30 < high < 30 + 0.05 * 112


def test_every_hand_is_a_point_of_the_line() -> None:
    """A 7,800-hand graph was drawn with ~40 points."""
    page = graph_html(synthetic(7_800))
    assert len(_polyline(page, "#2ca02c")) == 7_800


def test_beyond_the_limit_an_envelope_keeps_every_swing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph_module, "MAX_POINTS", 1_000)
    data = synthetic(25_000, spike_at=12_345)
    d = graph_module.drawn([float(x) for x in data.frame["hand"]], data.values("net"))
    assert d.low is not None and d.high is not None and len(d.x) == 500
    assert max(d.high) == 9_000.0 and min(d.low) == -82.0  # the spike and the low survive
    page = graph_html(data)
    assert page.count('class="envelope"') == 4 and "<polyline" not in page


def test_png_legend_outside_axes_and_axes_over_the_data() -> None:
    fig = png_figure(synthetic(16))
    try:
        fig.canvas.draw()
        (ax,) = fig.axes
        legend = ax.get_legend()
        assert legend is not None
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
        assert not legend.get_window_extent(renderer).overlaps(ax.get_window_extent(renderer))
        assert ax.get_xlim() == (1.0, 16.0)
        low, high = ax.get_ylim()
        assert -85.4 < low < -82 and high > 0
        (net,) = [line for line in ax.get_lines() if line.get_label().startswith("Net won")]
        assert len(net.get_xdata()) == 16  # type: ignore[arg-type]
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)


def test_png_beyond_the_limit_draws_bands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph_module, "MAX_POINTS", 1_000)
    fig = png_figure(synthetic(25_000, spike_at=12_345))
    try:
        (ax,) = fig.axes
        assert len(ax.collections) == 4  # one band a line
        assert ax.get_ylim()[1] > 9_000
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
