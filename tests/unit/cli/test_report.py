"""`omahahh report`: the page's content without a browser, options, errors, and the data layer."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from omahahh.audit.findings import CATALOGUE
from omahahh.cli.app import app
from omahahh.dataset.store import scan
from omahahh.rake.builtin import resolve_schedule
from omahahh.report import page_svg, rule_texts
from omahahh.report.page_data import findings_part, kept_hands, report_data
from omahahh.report.page_html import RULE_ID
from omahahh.report.rule_texts import parse_rules
from omahahh.report.show import hands_from_dataset
from omahahh.stats.filters import StatsFilter
from tests.helpers.hands import write
from tests.helpers.paths import SAMPLES, SHARED
from tests.helpers.replay import BAD
from tests.helpers.report_input import crafted_inputs, known_dataset

runner = CliRunner()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return known_dataset(tmp_path_factory.mktemp("cli-report"))


def _report(*args: str) -> tuple[int, str, str]:
    """Exit code, the page (when written) and the command's output."""
    out = next(Path(a) for a in args if a.endswith(".html"))
    result = runner.invoke(app, ["report", *args])
    page = out.read_text(encoding="utf-8") if out.exists() else ""
    return result.exit_code, page, result.output


def _tbody(page: str, table_id: str) -> str:
    match = re.search(rf'<table id="{table_id}"[^>]*>.*?<tbody>(.*?)</tbody>', page, re.S)
    assert match, table_id
    return match.group(1)


def test_report_of_text_writes_one_self_contained_page(tmp_path: Path) -> None:
    src = crafted_inputs(tmp_path / "in")
    code, page, output = _report(str(src), "--out", str(tmp_path / "r.html"))
    assert code == 0, output
    assert "hands parsed 3, duplicates 1, failures 1" in output  # the ingest's own line
    assert re.search(r"r\.html: 3 hands, 2 findings \(2 errors, 0 warnings, 0 infos\)", output)
    # Nothing is fetched: no external address, stylesheet link or script source; a CSP says so.
    assert not re.search(r"""(src|href)=["']?(https?:|//)|<link|@import|url\(""", page)
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert page.count("<script>") == 1 and page.count("<style>") == 1
    assert "Rules profile</dt><dd>default (RULES.md)" in page


def test_every_section_and_each_hand_once(dataset: Path, tmp_path: Path) -> None:
    code, page, _ = _report(str(dataset), "--out", str(tmp_path / "r.html"))
    assert code == 0
    for section in ("overview", "findings", "rake", "players", "fairness", "failures", "rules"):
        assert f'<section id="{section}"' in page
    templates = re.findall(r'<template id="hand-([^"]+)">', page)
    assert len(templates) == len(set(templates))
    buttons = set(re.findall(r'data-template="hand-([^"]+)"', page))
    assert buttons == set(templates)  # every button opens a hand that is on the page
    assert "pokerstars:100000000002" in templates


def test_top_caps_the_findings_and_says_so_codes_taken_in_turn(tmp_path: Path) -> None:
    hands = [BAD.replace("#100000000002", f"#1000000001{i:02d}") for i in range(12)]
    src = write(tmp_path / "in", "many.txt", *hands)
    samples = SAMPLES / "pokerstars"
    code, page, _ = _report(str(src), str(samples), "--out", str(tmp_path / "r.html"), "--top", "4")
    assert code == 0
    rows = re.findall(r'data-code="([a-z_]+)"', _tbody(page, "findings-table"))
    # 12 wrong splits and 4 infos: both codes shown, the errors first.
    assert rows == ["wrong_split", "wrong_split", "unverifiable_showdown", "unverifiable_showdown"]
    assert "The 4 shown are the first of 16 findings" in page


def test_hand_filters_choose_the_hands_of_every_section(dataset: Path, tmp_path: Path) -> None:
    code, page, _ = _report(str(dataset), "--out", str(tmp_path / "r.html"), "--variant", "PLO-8")
    assert code == 0
    kept = scan(dataset, "hands").filter(pl.col("variant") == "PLO-8").collect()
    assert f"<dt>Hands</dt><dd>{kept.height} kept by the filters" in page
    shown = set(re.findall(r"(pokerstars:\d+)", _tbody(page, "findings-table")))
    assert shown and shown <= set(kept["hand_key"])
    assert "--variant PLO-8" in page


def test_player_option_chooses_the_players_rows(dataset: Path, tmp_path: Path) -> None:
    code, page, _ = _report(str(dataset), "--out", str(tmp_path / "r.html"), "--player", "He*")
    assert code == 0
    names = re.findall(r"<tr><td>([^<]+)</td>", _tbody(page, "players-table"))
    assert names and set(names) == {"Hero"}
    assert "players matching <code>--player He*</code>" in page


def test_rules_on_a_dataset_is_a_usage_error(dataset: Path, tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('[showdown]\nhi_lo_odd_chip = "low"\n', encoding="utf-8")
    code, _, output = _report(
        str(dataset), "--out", str(tmp_path / "r.html"), "--rules", str(rules)
    )
    assert code == 2 and "re-ingest" in output


def test_schedule_errors(dataset: Path, tmp_path: Path) -> None:
    out = str(tmp_path / "r.html")
    assert _report(str(dataset), "--out", out, "--schedule", "infer")[0] == 2
    code, _, output = _report(str(dataset), "--out", out, "--schedule", "nosuch")
    assert code == 2 and output.startswith("omahahh: ")  # a usage error
    assert not Path(out).exists()


def test_unwritable_out_is_a_one_line_error(dataset: Path, tmp_path: Path) -> None:
    (tmp_path / "no").write_text("a file, not a folder")
    code, _, output = _report(str(dataset), "--out", str(tmp_path / "no" / "r.html"))
    assert code == 1 and len(output.strip().splitlines()) == 1


# -- the data layer ------------------------------------------------------------------------------


def test_kept_hands_counts_cancelled_hands_under_filters() -> None:
    hands = pl.LazyFrame(
        {
            "hand_key": ["a", "b", "c"],
            "site": ["pokerstars", "pokerstars", "ggpoker"],
            "cancelled": [False, True, False],
        }
    )
    kept = kept_hands(hands, StatsFilter(sites=("pokerstars",))).collect()
    assert kept["hand_key"].to_list() == ["a", "b"]
    assert kept["cancelled"].to_list() == [False, True]


def test_findings_rows_take_codes_in_turn_most_severe_first() -> None:
    findings = pl.LazyFrame(
        {
            "hand_key": [f"h{i}" for i in range(6)],
            "code": ["a", "a", "a", "b", "b", "c"],
            "severity": ["info", "info", "info", "error", "error", "warning"],
            "action_seq": [None] * 6,
        }
    )
    part = findings_part(findings, 4)
    assert part.rows["code"].to_list() == ["b", "b", "c", "a"]
    assert part.total == 6 and part.by_severity == {"error": 2, "warning": 1, "info": 3}
    assert part.counts["code"].to_list() == ["b", "c", "a"]


def test_report_data_reads_the_hands_it_opens(dataset: Path) -> None:
    data = report_data(dataset, resolve_schedule("documented"), top=3)
    assert data.findings.rows.height == 3
    wanted = {*data.findings.rows["hand_key"], *data.rake.largest["hand_key"]}
    assert set(data.hands) == wanted
    assert all(not isinstance(v, str) for v in data.hands.values())


def test_hands_from_dataset_says_why_a_hand_cannot_be_shown(tmp_path: Path) -> None:
    src = crafted_inputs(tmp_path / "in")
    ds = known_dataset(tmp_path)
    (src / "crafted.txt").unlink()
    found = hands_from_dataset(ds, ["pokerstars:100000000002", "pokerstars:42"])
    assert "no longer there" in str(found["pokerstars:100000000002"])
    assert "not in the dataset" in str(found["pokerstars:42"])


@pytest.mark.corpus
def test_packaged_rules_are_the_projects_rules() -> None:
    shared = SHARED / "RULES.md"
    assert rule_texts.packaged_rules() == shared.read_text(encoding="utf-8")


def test_every_rule_a_finding_code_cites_has_its_text() -> None:
    texts = rule_texts.rule_texts()
    cited = {r for info in CATALOGUE.values() for r in RULE_ID.findall(info.rules)}
    assert cited and cited <= set(texts)


def test_rule_text_joins_continuation_lines_and_keeps_its_table() -> None:
    text = "## Rake\n- R-X-1 First line\n  goes on.\n\n| a | b |\n|---|---|\n- R-X-2 Next.\n"
    rules = parse_rules(text)
    assert rules["R-X-1"].text == "First line goes on."
    assert rules["R-X-1"].table == ("| a | b |", "|---|---|")
    assert rules["R-X-2"].section == "Rake" and rules["R-X-2"].table == ()


def test_a_long_winnings_graph_on_the_page_is_a_band_of_bounded_size() -> None:
    """benchmarks/report.py: three graphs of ~330,000 hands through every hand made a
    28 MiB page; on the page a long line is a min/max band, a short one every hand."""
    from tests.helpers.graphs import synthetic

    long = page_svg.winnings_chart(synthetic(300_000, spike_at=123_456))
    assert long.count('class="envelope"') == 4 and "<polyline" not in long
    assert len(long) < 250_000  # every hand: about 9 MB
    assert "Over 300,000 hands each line is the band" in long
    short = page_svg.winnings_chart(synthetic(page_svg.PAGE_POINTS))
    assert short.count("<polyline") == 4 and "band" not in short
    net = re.search(r'<polyline[^>]*stroke="#2ca02c"[^>]*points="([^"]*)"', short)
    assert net and len(net.group(1).split()) == page_svg.PAGE_POINTS


def test_report_over_every_rooms_samples_runs_and_counts_every_hand(tmp_path: Path) -> None:
    """The README's quick start (``omahahh report sample_histories``): every room at once."""
    from omahahh.dataset.ingest import ingest

    samples = SAMPLES
    counts = ingest([samples], tmp_path / "ds")
    code, page, output = _report(str(tmp_path / "ds"), "--out", str(tmp_path / "r.html"))
    assert code == 0, output
    assert f">{counts.parsed:,}<" in page or f">{counts.parsed}<" in page
