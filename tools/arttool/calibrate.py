"""`pnp-calibrate --paper a4 --out cal.pdf`: a duplex sheet that measures how far a printer shifts the
back side of a page against its front.

Both sides carry a zero line across the page each way (the page's middle: where it falls on the other
side does not depend on the edge the sheet is turned over) and two rulers, one across for DX and one
upright for DY, each in a place of its own so the rulers of the two sides never lie on each other. Held
to the light, the other side's zero line crosses each ruler at the offset, in mm: the figures are
written so that both sides read the same, as the pack's `[print] offset_mm = [DX, DY]` wants it (the
shift of the back side, seen on the back: right and up). `pnp` then moves every back the other way.

Lengths in mm, origin at the bottom left, y upwards, as in pnp.py.
"""

from __future__ import annotations

import os
from pathlib import Path

from reportlab.lib.units import mm as MM
from reportlab.pdfgen.canvas import Canvas

from cards.print_settings import OFFSET_MM_LIMIT
from game.core.datafile import shown
from game.i18n import tr
from tools.arttool.pnp import EDGE_WORDS, PAPERS, TITLE_PT

#: the rulers' places, from the page's middle: each side's own, chosen so that none lands on another
#: whichever edge the sheet is turned over (the back's are mirrored onto the front one way or the other)
ACROSS_RULER_Y = {"front": 40.0, "back": 80.0}
UPRIGHT_RULER_X = {"front": 30.0, "back": 60.0}
TICK_MM = 0.5
LABEL_EVERY_MM = 2
LABEL_PT = 5


def label_signs(side: str, backs: str) -> tuple[int, int]:
    """How a ruler's figure follows from the place of a tick (mm from this side's zero, right and up
    as this side is seen): figure = sign * place, for the ruler across and the upright one.

    A back side shifted by (dx, dy) puts its zero lines at (dx, dy) from where they belong. Seen on the
    back, the front's zero lines stand at (-dx, -dy) from the back's; seen on the front, the back is
    mirrored left to right (long edge: at (-dx, dy)) or top to bottom (short edge: at (dx, -dy))."""
    if side == "back":
        return (-1, -1)
    return (-1, 1) if backs == "long" else (1, -1)


def write_calibration(out: Path, paper_name: str, backs: str) -> int:
    paper = PAPERS[paper_name]
    part = out.with_name(out.name + ".part")
    out.parent.mkdir(parents=True, exist_ok=True)
    canvas = Canvas(str(part), pagesize=(paper[0] * MM, paper[1] * MM))
    canvas.setTitle(tr("Calibration sheet"))
    try:
        for side in ("front", "back"):
            _side(canvas, paper, side, backs)
            canvas.showPage()
        canvas.save()
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
    print(tr("wrote {file}: print it on both sides, turned over {edge}, hold it to the light and read the "
             "rulers; then write [print] offset_mm = [DX, DY] into the pack's pack.toml").format(
                 file=shown(out), edge=tr(EDGE_WORDS[backs])))
    return 0


def _side(canvas: Canvas, paper: tuple[float, float], side: str, backs: str) -> None:
    pw, ph = paper
    cx, cy = pw / 2, ph / 2
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setFont("Helvetica-Bold", TITLE_PT + 3)
    heading = tr("Calibration sheet: front") if side == "front" else tr("Calibration sheet: back")
    canvas.drawString(12 * MM, (ph - 16) * MM, heading)
    canvas.setFont("Helvetica", TITLE_PT + 2)
    how = tr("Print both sides, turned over {edge}, at 100 % (no fit to page).\n"
             "Hold the sheet to the light. Where the other side's zero line crosses a ruler of this side,\n"
             "read the figure: the ruler across gives DX, the upright one DY. Both sides read the same.\n"
             "Then write into the pack's pack.toml:  [print]  offset_mm = [DX, DY]")
    for i, text in enumerate(how.format(edge=tr(EDGE_WORDS[backs])).splitlines()):
        canvas.drawString(12 * MM, (ph - 24 - 5 * i) * MM, text)
    # the zero lines, the length and width of the page
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    canvas.line(cx * MM, 10 * MM, cx * MM, (ph - 50) * MM)
    canvas.line(10 * MM, cy * MM, (pw - 10) * MM, cy * MM)
    canvas.setDash()
    sign_x, sign_y = label_signs(side, backs)
    _ruler(canvas, cx, cy + ACROSS_RULER_Y[side], across=True, sign=sign_x, name="DX")
    _ruler(canvas, cx + UPRIGHT_RULER_X[side], cy, across=False, sign=sign_y, name="DY")


def _ruler(canvas: Canvas, x: float, y: float, across: bool, sign: int, name: str) -> None:
    """Ticks every TICK_MM from -OFFSET_MM_LIMIT to +OFFSET_MM_LIMIT about (x, y), figures every
    LABEL_EVERY_MM, the zero tick longest."""
    steps = round(OFFSET_MM_LIMIT / TICK_MM)
    canvas.setFont("Helvetica", LABEL_PT)
    canvas.setLineWidth(0.15)
    for i in range(-steps, steps + 1):
        place = i * TICK_MM
        whole = abs(place - round(place)) < 1e-9
        labelled = whole and round(place) % LABEL_EVERY_MM == 0
        length = 4.0 if i == 0 else 2.5 if labelled else 1.6 if whole else 1.0
        if across:
            canvas.line((x + place) * MM, y * MM, (x + place) * MM, (y + length) * MM)
            if labelled:
                canvas.drawCentredString((x + place) * MM, (y + 4.6) * MM, f"{sign * place + 0.0:+g}")
        else:
            canvas.line(x * MM, (y + place) * MM, (x + length) * MM, (y + place) * MM)
            if labelled:
                canvas.drawString((x + 4.6) * MM, (y + place - 0.6) * MM, f"{sign * place + 0.0:+g}")
    canvas.setFont("Helvetica-Bold", LABEL_PT + 2)
    if across:
        canvas.line((x - OFFSET_MM_LIMIT) * MM, y * MM, (x + OFFSET_MM_LIMIT) * MM, y * MM)
        canvas.drawString((x + OFFSET_MM_LIMIT + 2) * MM, y * MM, name)
    else:
        canvas.line(x * MM, (y - OFFSET_MM_LIMIT) * MM, x * MM, (y + OFFSET_MM_LIMIT) * MM)
        canvas.drawString((x - 1) * MM, (y + OFFSET_MM_LIMIT + 2) * MM, name)
