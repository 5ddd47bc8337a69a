"""`kartentisch-art pnp` and `pnp-calibrate`: the PDF read back with pypdf, box by box, in mm."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tools import art
from tools.arttool.calibrate import label_signs
from tools.arttool.pnp import PAPERS, back_box, crop_marks, layout, with_bleed

PT = 72 / 25.4  # points per mm
A4_MM = (210.0, 297.0)
LETTER_MM = (215.9, 279.4)
TOLERANCE = 0.05  # mm


Box = tuple[float, float, float, float]


@dataclass
class Page:
    size: tuple[float, float]
    clips: list[Box]  # each card's bleed box: the clip its image is drawn in
    images: list[Box]  # each image as drawn: the trim box with the bleed round it
    names: list[str]  # each image's name: the same picture has the same name
    lines: list[tuple[float, float, float, float]]
    text: str


def read_pages(path: Path) -> list[Page]:
    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        box = page.mediabox
        clips: list[Box] = []
        images: list[Box] = []
        names: list[str] = []
        lines = []
        start: tuple[float, float] | None = None
        pending: Box | None = None
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            values = [float(v) for v in operands] if op in (b"re", b"cm", b"m", b"l") else []
            if op == b"re":
                pending = (values[0] / PT, values[1] / PT, values[2] / PT, values[3] / PT)
            elif op in (b"W", b"W*") and pending is not None:
                clips.append(pending)
            elif op == b"cm" and values[:4] != [1, 0, 0, 1]:
                a, _, _, d, e, f = values
                images.append((e / PT, f / PT, a / PT, d / PT))
            elif op == b"Do":
                names.append(str(operands[0]))
            elif op == b"m":
                start = (values[0] / PT, values[1] / PT)
            elif op == b"l" and start is not None:
                lines.append((*start, values[0] / PT, values[1] / PT))
        pages.append(Page((float(box.width) / PT, float(box.height) / PT), clips, images, names, lines,
                          page.extract_text()))
    return pages


def close(a: Box | tuple[float, ...], b: Box | tuple[float, ...]) -> bool:
    return all(abs(x - y) < TOLERANCE for x, y in zip(a, b, strict=True))


def inside(box: Box, outer: Box) -> bool:
    return (box[0] >= outer[0] - TOLERANCE and box[1] >= outer[1] - TOLERANCE
            and box[0] + box[2] <= outer[0] + outer[2] + TOLERANCE
            and box[1] + box[3] <= outer[1] + outer[3] + TOLERANCE)


def touches(line: tuple[float, float, float, float], box: Box) -> bool:
    x1, y1, x2, y2 = line
    return not (max(x1, x2) < box[0] or min(x1, x2) > box[0] + box[2]
                or max(y1, y2) < box[1] or min(y1, y2) > box[1] + box[3])


def trim_of(image: Box, bleed: float) -> Box:
    return (image[0] + bleed, image[1] + bleed, image[2] - 2 * bleed, image[3] - 2 * bleed)


def run(tmp_path: Path, *args: str, name: str = "out.pdf") -> tuple[int, Path]:
    out = tmp_path / name
    return art.main(["pnp", *args, "--out", str(out)]), out


# -- the layout ------------------------------------------------------------------------------------
def test_nine_cards_with_their_own_bleed_fit_on_a4() -> None:
    page = layout(PAPERS["a4"], (63, 88), 3)
    assert (page.columns, page.rows, page.shared) == (3, 3, False)
    for slot in page.slots:
        assert close(slot.bleed, (slot.trim[0] - 3, slot.trim[1] - 3, 69, 94))
        assert inside(slot.bleed, (0, 0, *A4_MM))
    for i, a in enumerate(page.slots):  # no two bleeds overlap
        for b in page.slots[i + 1:]:
            overlap_w = min(a.bleed[0] + a.bleed[2], b.bleed[0] + b.bleed[2]) - max(a.bleed[0], b.bleed[0])
            overlap_h = min(a.bleed[1] + a.bleed[3], b.bleed[1] + b.bleed[3]) - max(a.bleed[1], b.bleed[1])
            assert overlap_w < TOLERANCE or overlap_h < TOLERANCE


def test_on_letter_the_cards_share_their_cut_lines_to_fit_three_rows() -> None:
    page = layout(PAPERS["letter"], (63, 88), 3)
    assert (page.columns, page.rows, page.shared) == (3, 3, True)
    middle = page.slots[4]
    assert close(middle.bleed, middle.trim)  # no bleed between cards
    corner = page.slots[0]  # top left: bleed to the left and above only
    assert close(corner.bleed, (corner.trim[0] - 3, corner.trim[1], 66, 91))
    # with no bleed the cards would fit one way or the other: never fewer than with it
    assert layout(PAPERS["letter"], (63, 88), 0).per_page >= page.per_page


def test_back_boxes_mirror_for_the_edge_and_move_against_the_offset() -> None:
    box = (10.0, 20.0, 63.0, 88.0)
    assert close(back_box(box, A4_MM, "long", (0, 0)), (210 - 73, 20, 63, 88))
    assert close(back_box(box, A4_MM, "short", (0, 0)), (10, 297 - 108, 63, 88))
    assert close(back_box(box, A4_MM, "long", (1.5, -2)), (210 - 73 - 1.5, 22, 63, 88))


# -- the PDF, read back ----------------------------------------------------------------------------
def test_a_palace_deck_on_a4_with_long_edge_backs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(tmp_path, "default", "--game", "palace", "--deck", "--backs", "long")
    assert code == 0
    said = capsys.readouterr().out
    assert "52 cards" in said and "300 dpi" in said  # the default pack's 400 px faces are named soft
    pages = read_pages(out)
    assert len(pages) == 12  # six of faces, each followed by its backs
    assert all(close(page.size, A4_MM) for page in pages)
    fronts, backs = pages[0::2], pages[1::2]
    assert sum(len(page.images) for page in fronts) == 52
    front = fronts[0]
    assert "Palace" in front.text and "page 1 of 6" in front.text and "63x88 mm" in front.text
    assert len(front.clips) == 9
    for clip, image in zip(front.clips, front.images, strict=True):
        assert close(clip[2:], (69, 94)) and close(image, clip)  # each card with its own 3 mm bleed
        trim = trim_of(image, 3)
        assert close(trim[2:], (63, 88))
        # the crop marks continue the trim's cut lines
        xs = {round(line[0], 2) for line in front.lines if abs(line[0] - line[2]) < TOLERANCE}
        ys = {round(line[1], 2) for line in front.lines if abs(line[1] - line[3]) < TOLERANCE}
        assert round(trim[0], 2) in xs and round(trim[0] + trim[2], 2) in xs
        assert round(trim[1], 2) in ys and round(trim[1] + trim[3], 2) in ys
    assert front.lines and not any(touches(line, clip) for line in front.lines for clip in front.clips)
    assert all(inside((min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)), (0, 0, *A4_MM))
               for x1, y1, x2, y2 in front.lines)
    for clip, back in zip(front.clips, backs[0].clips, strict=True):
        assert close(back, (210 - clip[0] - clip[2], clip[1], clip[2], clip[3]))


def test_short_edge_backs_on_letter_share_cut_lines(tmp_path: Path) -> None:
    code, out = run(tmp_path, "default", "--game", "palace", "--paper", "letter", "--backs", "short")
    assert code == 0
    front, back = read_pages(out)[:2]
    assert close(front.size, LETTER_MM) and len(front.clips) == 9
    assert sum(1 for clip in front.clips if close(clip[2:], (63, 88))) == 1  # the middle card: no bleed
    for clip, mirrored in zip(front.clips, back.clips, strict=True):
        assert close(mirrored, (clip[0], LETTER_MM[1] - clip[1] - clip[3], clip[2], clip[3]))
    assert not any(touches(line, clip) for line in front.lines for clip in front.clips)


def test_a_palastgefluester_set_for_three_players_with_the_king_cards_own_back(tmp_path: Path) -> None:
    code, out = run(tmp_path, "default", "--game", "palastgefluester", "--deck", "--players", "3",
                    "--backs", "long")
    assert code == 0
    pages = read_pages(out)
    fronts, backs = pages[0::2], pages[1::2]
    king_cards = 6
    assert sum(len(page.images) for page in fronts) == 7 * 3 + 14 + king_cards
    back_names = [name for page in backs for name in page.names]
    assert len(back_names) == 7 * 3 + 14 + king_cards
    assert sorted(back_names.count(name) for name in set(back_names)) == [king_cards, 7 * 3 + 14]


def test_fold_puts_each_back_beside_its_front_on_the_paper_across(tmp_path: Path) -> None:
    code, out = run(tmp_path, "default", "--game", "palace", "--backs", "fold")
    assert code == 0
    pages = read_pages(out)
    assert len(pages) == 13  # 52 cards, four pairs a page, no back pages
    front = pages[0]
    assert close(front.size, (A4_MM[1], A4_MM[0]))  # across: two pairs in a row instead of one
    assert len(front.images) == 8
    back_name = front.names[1]
    assert front.names[1::2] == [back_name] * 4 and back_name not in front.names[0::2]
    for (face_clip, back_clip), (face, back) in zip(zip(front.clips[0::2], front.clips[1::2], strict=True),
                                                    zip(front.images[0::2], front.images[1::2], strict=True),
                                                    strict=True):
        fold = trim_of(face, 3)[0] + 63
        assert close(trim_of(face, 3)[2:], (63, 88)) and close(trim_of(back, 3), (fold, face[1] + 3, 63, 88))
        # the bleed runs round the pair, never across the fold
        assert close((face_clip[0] + face_clip[2],), (fold,)) and close((back_clip[0],), (fold,))
        assert close((face_clip[2], back_clip[2]), (66, 66))
        folds = [line for line in front.lines if abs(line[0] - fold) < TOLERANCE and line[0] == line[2]]
        assert len(folds) == 2  # above and below the block, in the margin
    assert not any(touches(line, clip) for line in front.lines for clip in front.clips)


def pack_with(tmp_path: Path, manifest: str) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "pack.toml").write_text(manifest, encoding="utf-8")
    return folder


def test_the_pack_keeps_its_card_size_and_the_printers_offset(tmp_path: Path) -> None:
    folder = pack_with(tmp_path, 'name = "Mine"\n[print]\ncard_mm = [56, 87]\noffset_mm = [1.5, -2]\n'
                                 '[games.palace]\n')
    code, out = run(tmp_path, str(folder), "--game", "palace", "--backs", "long", "--bleed-mm", "2")
    assert code == 0
    front, back = read_pages(out)[:2]
    assert all(close(trim_of(image, 2)[2:], (56, 87)) for image in front.images)
    for clip, moved in zip(front.clips, back.clips, strict=True):
        assert close(moved, (210 - clip[0] - clip[2] - 1.5, clip[1] + 2, clip[2], clip[3]))
    # the command line wins over the pack
    code, out = run(tmp_path, str(folder), "--game", "palace", "--backs", "long", "--offset-mm", "0,0",
                    "--card-mm", "63x88", name="again.pdf")
    front, back = read_pages(out)[:2]
    assert close(front.images[0][2:], (69, 94))
    assert close(back.clips[0], (210 - front.clips[0][0] - 69, front.clips[0][1], 69, 94))


# -- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["--offset-mm", "11,0"], ["--offset-mm", "1"], ["--card-mm", "300x88"], ["--card-mm", "63x"],
    ["--bleed-mm", "-1"], ["--bleed-mm", "nan"], ["--paper", "a3"], ["--card-mm", "200x280"],
    ["--backs", "fold", "--card-mm", "150x100"], ["--deck", "--players", "9"],
])
def test_a_size_paper_or_offset_out_of_range_is_a_usage_error(
    tmp_path: Path, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code, out = run(tmp_path, "default", "--game", "palastgefluester", *args)
    except SystemExit as exc:
        code, out = int(exc.code or 0), tmp_path / "out.pdf"
    assert code == 2
    assert "usage:" in capsys.readouterr().err
    assert not out.exists()


def test_a_pack_that_cannot_be_printed_is_named_with_its_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = pack_with(tmp_path, 'name = "Mine"\n\n[print]\noffset_mm = [50, 0]\n')
    code, out = run(tmp_path, str(folder), "--game", "palace")
    assert code == 1
    assert "pack.toml line 4" in capsys.readouterr().err
    assert list(tmp_path.glob("*.pdf*")) == []

    (folder / "pack.toml").write_text('[games.palace.cards]\n2C = "nowhere.png"\n', encoding="utf-8")
    code, out = run(tmp_path, str(folder), "--game", "palace")
    assert code == 1
    err = capsys.readouterr().err
    assert "2C" in err and "nowhere.png" in err
    assert list(tmp_path.glob("*.pdf*")) == []


def test_check_accepts_the_print_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = pack_with(tmp_path, 'name = "Mine"\n[print]\noffset_mm = [0.5, 0]\n')
    art.main(["check", str(folder)])
    assert "'print' is not a manifest field" not in capsys.readouterr().out


def test_crop_marks_stay_on_the_paper_for_every_size_that_fits() -> None:
    for paper in PAPERS.values():
        for card in ((63, 88), (44, 68), (70, 120), (89, 127)):
            page = layout(paper, card, 3)
            marks = crop_marks(page)
            assert marks
            for x1, y1, x2, y2 in marks:
                assert all(0 <= v <= paper[0] for v in (x1, x2)) and all(0 <= v <= paper[1] for v in (y1, y2))
                assert not any(touches((x1, y1, x2, y2), slot.bleed) for slot in page.slots)


# -- the calibration sheet -------------------------------------------------------------------------
@pytest.mark.parametrize("backs", ["long", "short"])
def test_both_sides_of_the_calibration_sheet_read_the_printers_offset(backs: str) -> None:
    """A back side shifted by (dx, dy): where the other side's zero lines cross each side's rulers."""
    dx, dy = 1.5, -2.0
    # seen on the back: the front's zero lines stand at (-dx, -dy) from the back's own
    sx, sy = label_signs("back", backs)
    assert (sx * -dx, sy * -dy) == (dx, dy)
    # seen on the front: the back's zero lines, mirrored by the turn over the edge
    seen = (-dx, dy) if backs == "long" else (dx, -dy)
    sx, sy = label_signs("front", backs)
    assert (sx * seen[0], sy * seen[1]) == (dx, dy)


def test_the_calibration_sheet_is_a_duplex_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cal.pdf"
    assert art.main(["pnp-calibrate", "--paper", "letter", "--out", str(out)]) == 0
    pages = read_pages(out)
    assert len(pages) == 2 and all(close(page.size, LETTER_MM) for page in pages)
    for page in pages:
        assert "offset_mm" in page.text and "DX" in page.text and "DY" in page.text
        assert "+10" in page.text and "-10" in page.text
    assert "offset_mm" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        art.main(["pnp-calibrate", "--paper", "a3", "--out", str(out)])
    assert exc.value.code == 2


def test_art_without_bleed_has_its_edge_pixels_stretched_outward() -> None:
    image = pygame.Surface((4, 6), pygame.SRCALPHA)
    image.fill((250, 250, 250, 255))
    image.set_at((0, 2), (255, 0, 0, 255))  # on the left edge
    image.set_at((3, 5), (0, 0, 255, 255))  # the bottom right corner
    bled = with_bleed(image, 3, 2)
    assert bled.get_size() == (10, 10)
    assert all(tuple(bled.get_at((x, 2 + 2))) == (255, 0, 0, 255) for x in range(4))  # out to the left
    assert tuple(bled.get_at((3 + 1, 2 + 1))) == (250, 250, 250, 255)  # the art itself stays in place
    assert tuple(bled.get_at((9, 9))) == (0, 0, 255, 255)  # the corner of the bleed takes the corner's
