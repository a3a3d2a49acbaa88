"""The structured-document stream (parsers/xml_stream.py): one hand element at a time,
with its file line, whatever the file around it looks like; broken XML costs only the
hand it is in, and the failure names the element and the line."""

from __future__ import annotations

import io
import re

from omahahh.parsers.xml_stream import (
    MAX_HAND_BYTES,
    Piece,
    Spec,
    decoded_chunks,
    repair_line,
    stream,
    text_chunks,
)

SPEC = Spec(
    hands=frozenset({"game"}),
    contexts=frozenset({"general"}),
    resync=re.compile(r"<game\b|<session\b"),
)


def pieces(text: str) -> list[Piece]:
    return list(stream(text_chunks(text.split("\n")), SPEC))


def test_each_game_is_a_piece_starting_at_its_own_line_with_the_session_header() -> None:
    found = pieces(
        '<?xml version="1.0"?>\n<session code="7">\n <general><gametype>PL</gametype></general>\n'
        ' <game gamecode="1">\n  <round no="0"/>\n </game>\n'
        ' <game gamecode="2"><round no="0"/></game>\n</session>'
    )
    assert [(p.start, p.node.get("gamecode") if p.node else None) for p in found] == [
        (4, "1"),
        (7, "2"),
    ]
    first = found[0]
    assert first.lines == ['<game gamecode="1">', '  <round no="0"/>', " </game>"]
    assert first.node is not None and first.node.first("round") is not None
    assert first.node.first("round").line == 5  # type: ignore[union-attr]
    assert first.context["general"].child_text("gametype") == "PL"
    assert first.context["session"].get("code") == "7"


def test_documents_pasted_together_and_text_between_hands_are_one_stream() -> None:
    text = (
        "----PRIMA.DAT----\n"
        '<?xml version="1.0"?><session><general><gametype>A</gametype></general>\n'
        '<game gamecode="1"/></session>\n'
        "ExtendedTableName: Table - 2K Max\n"
        '<?xml version="1.0"?>\n<session><general><gametype>B</gametype></general>\n'
        '<game gamecode="2"/>\n</session>\n'
    )
    found = pieces(text)
    assert [p.context["general"].child_text("gametype") for p in found] == ["A", "B"]
    assert [p.start for p in found] == [3, 7]


def test_several_hands_on_one_line_each_keep_their_own_text() -> None:
    found = pieces(
        '<session><game gamecode="1"><a/></game><game gamecode="2"><b/></game></session>'
    )
    assert [p.lines for p in found] == [
        ['<game gamecode="1"><a/></game>'],
        ['<game gamecode="2"><b/></game>'],
    ]


def test_broken_xml_fails_the_hand_it_is_in_naming_element_and_line_and_reading_goes_on() -> None:
    found = pieces(
        "<session>\n<general/>\n"
        '<game gamecode="1">\n<round no="1">\n<action no="1" type="3" sum="$1"\n</round>\n</game>\n'
        '<game gamecode="2">\n<round no="0"/>\n</game>\n</session>'
    )
    assert len(found) == 2
    broken, good = found
    assert broken.error is not None and broken.node is None
    code, message, offset = broken.error
    assert code == "bad_xml"
    assert message.startswith("<game> of line 3: not well-formed XML at line 6")
    assert "(in <round> of line 4)" in message
    assert broken.start + offset == 6  # the failure row points at the broken line
    assert good.node is not None and good.node.get("gamecode") == "2" and good.start == 8
    assert good.context["general"].tag == "general"  # the session header survives the resync


def test_a_file_ending_inside_a_hand_is_a_truncated_piece() -> None:
    (piece,) = pieces('<session>\n<game gamecode="9">\n<round no="0">\n<action no="1"/>')
    assert piece.error is not None
    assert piece.error[0] == "truncated"
    assert "<game> opened at line 2 is not closed: the file ends at line 4" in piece.error[1]


def test_a_document_left_open_after_its_last_hand_loses_nothing() -> None:
    found = pieces('<session>\n<game gamecode="1"/>\n<game gamecode="2"/>\n')
    assert [p.error for p in found] == [None, None]


def test_a_stray_closing_tag_between_hands_is_no_hand_and_no_failure() -> None:
    found = pieces('<game gamecode="1"/></ROOT><game gamecode="2"/>\n<game gamecode="3"/>')
    assert [p.node.get("gamecode") for p in found if p.node] == ["1", "2", "3"]
    assert all(p.error is None for p in found)


def test_broken_text_between_hands_is_a_failure_of_its_own_line() -> None:
    found = pieces('<game gamecode="1"/>\nnot <<< xml\n<game gamecode="2"/>')
    assert [(p.start, p.error[0] if p.error else p.node.get("gamecode")) for p in found] == [  # type: ignore[union-attr]
        (1, "1"),
        (2, "bad_xml"),
        (3, "2"),
    ]


def test_html_entity_names_are_read_as_their_characters() -> None:
    (piece,) = pieces('<game name="&amp;&pound;&Ouml; L&apos;POOL"/>')
    assert piece.node is not None and piece.node.get("name") == "&£Ö L'POOL"


def test_cp1252_bytes_in_a_utf8_file_are_repaired_one_by_one() -> None:
    # 0x80 is the cp1252 euro; the real UTF-8 euro on the same line must stay one euro.
    raw = b"PL \x80" + "2/€4".encode() + b" Pr\xe4xn"
    assert repair_line(raw) == ("PL €2/€4 Präxn", 2)


def test_repaired_lines_travel_with_the_hands_they_concern() -> None:
    data = (
        b"<session>\n<general>\n<gametype>PL \x802/\x804</gametype>\n</general>\n"
        b'<game gamecode="1">\n<player name="Pr\xe4xn"/>\n</game>\n'
        b'<game gamecode="2">\n<player name="Bob"/>\n</game>\n</session>\n'
    )
    found = list(stream(decoded_chunks(io.BytesIO(data)), SPEC))
    assert [p.repaired for p in found] == [(3, 6), (3,)]
    assert found[0].node is not None
    assert found[0].node.first("player").get("name") == "Präxn"  # type: ignore[union-attr]
    assert found[0].context["general"].child_text("gametype") == "PL €2/€4"


def test_line_ends_and_bom_are_normalised_and_counted() -> None:
    data = b'\xef\xbb\xbf<session>\r\n\r\n<game gamecode="1"/>\r<game gamecode="2"/>\n'
    found = list(stream(decoded_chunks(io.BytesIO(data)), SPEC))
    assert [p.start for p in found] == [3, 4]


def test_utf16_files_are_read() -> None:
    data = '<session>\n<game gamecode="1"/>\n</session>\n'.encode("utf-16")
    (piece,) = list(stream(decoded_chunks(io.BytesIO(data)), SPEC))
    assert piece.start == 2 and piece.node is not None


def test_a_huge_line_comes_in_pieces_and_its_hands_still_read() -> None:
    games = "".join(f'<game gamecode="{i}"><r v="{"é" * 50}"/></game>' for i in range(40_000))
    data = ("<session>" + games + "</session>").encode()
    assert len(data) > 2 << 20  # longer than two pieces of READ_LIMIT
    found = list(stream(decoded_chunks(io.BytesIO(data)), SPEC))
    assert len(found) == 40_000 and all(p.start == 1 and p.error is None for p in found)
    assert found[-1].node is not None and found[-1].node.first("r").get("v") == "é" * 50  # type: ignore[union-attr]


def test_an_element_never_closed_stops_growing_at_the_hand_size_limit() -> None:
    body = "<x>" + "y" * 1000 + "</x>\n"
    lines = ["<session>", '<game gamecode="1">']
    lines += [body] * (MAX_HAND_BYTES // len(body) + 10)
    lines += ['<game gamecode="2"/>']
    found = list(stream(text_chunks(lines), SPEC))
    assert found[0].error is not None and found[0].error[0] == "hand_too_large"
    assert found[0].start == 2
