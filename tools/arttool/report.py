"""What `check PACK` measures a pack against, and its report: the findings (error, warning or note, with
the manifest line of each) as text for a card designer or as one JSON object."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cards.manifest import MANIFEST
from game.core.datafile import shown
from game.i18n import N_, ntr, tr
from scenes.art import TABLE_SIZE
from tools.arttool.legibility import MIN_CONTRAST, MIN_TEXT_PX, SCREENS

Size = tuple[int, int]

#: a face may differ this much (relative) in aspect ratio from card_size: 1% is at most 6 px over a
#: 560 px card, too little to see; more shows as squashed figures and lettering
ASPECT_TOLERANCE = 0.01
#: the screen a pack should look sharp on
FOUR_K: Size = (3840, 2160)
#: the largest card a table draws, as a share of the window height: a revealed hand
#: (scenes.table.kit.scene.TableScene.reveal_card_size; tests/test_art_cli.py keeps the two in step)
LARGEST_CARD_SHARE = 0.22
#: a table background is cropped to fill the window and lies under cards and panels: up to 2x upscaling
#: on a 4K screen stays unobtrusive, so half of 4K (the stand-in table's size) is enough
MIN_TABLE: Size = TABLE_SIZE
TABLE_ASPECT = 16 / 9
TABLE_ASPECT_TOLERANCE = 0.15  # 16:10 screens (10% off) are common; 3:2 and 4:3 lose too much
LEVELS = ("error", "warning", "note")
#: the `lint` of the legibility lint's findings
LEGIBILITY = "legibility"
#: a finding's level as the report writes it (the JSON keeps the key above)
LEVEL_WORDS = {"error": N_("error"), "warning": N_("warning"), "note": N_("note")}


def min_face_height() -> int:
    """Faces at least this tall are never upscaled on a 3840x2160 table."""
    return int(FOUR_K[1] * LARGEST_CARD_SHARE)


@dataclass
class Finding:
    level: str  # "error", "warning" or "note"
    message: str
    game: str | None = None
    art_id: str | None = None  # a card id, a back kind or "table"
    file: str | None = None  # as the manifest names it, relative to the pack folder
    line: int | None = None  # in pack.toml
    lint: str | None = None  # LEGIBILITY for a finding of tools/arttool/legibility.py


@dataclass
class Report:
    pack: str
    folder: Path
    title: str = ""
    author: str = ""
    complete: bool = False
    findings: list[Finding] = field(default_factory=list)

    def add(self, level: str, message: str, **where: Any) -> None:
        """A finding; its text made printable (names from the disk may not be UTF-8)."""
        file = where.pop("file", None)
        self.findings.append(Finding(level, shown(message), file=shown(file) if file else None, **where))

    def count(self, level: str, lint: str | None = None) -> int:
        """The findings of a level: those of the pack's own checks, or those of one lint. A lint's
        warnings are advice on how the faces read at a screen size, counted on their own, so a pack
        whose every file the table can use still checks clean (an imported sheet, the shipped art)."""
        return sum(1 for f in self.findings if f.level == level and f.lint == lint)

    @property
    def exit_code(self) -> int:
        return 1 if self.count("error") else 0

    def ordered(self) -> list[Finding]:
        return sorted(self.findings, key=lambda f: (LEVELS.index(f.level), f.line is None, f.line or 0))

    def text(self) -> str:
        title = f': "{self.title}"' if self.title and self.title != self.pack else ""
        author = tr(" by {author}").format(author=self.author) if self.author else ""
        out = [
            tr("art pack {pack}").format(pack=shown(repr(self.pack))) + title + author,
            "  " + tr("folder: {folder}").format(folder=shown(self.folder)),  # a name may not be UTF-8
            "  " + tr("faces: aspect within {tolerance} of card_size, at least {height} px tall (the "
                      "largest card the table draws on a {width}x{screen_height} screen, a revealed hand, "
                      "is {share} of its height)").format(
                tolerance=f"{ASPECT_TOLERANCE:.0%}", height=min_face_height(), width=FOUR_K[0],
                screen_height=FOUR_K[1], share=f"{LARGEST_CARD_SHARE:.0%}"),
            "  " + tr("table backgrounds: at least {width}x{height}, aspect within {tolerance} of 16:9")
            .format(width=MIN_TABLE[0], height=MIN_TABLE[1], tolerance=f"{TABLE_ASPECT_TOLERANCE:.0%}"),
            "  " + tr("words on faces: at least {height} px tall on a hand card at {screens}, "
                      "contrast at least {contrast}:1").format(
                height=f"{MIN_TEXT_PX:g}", contrast=f"{MIN_CONTRAST:g}",
                screens=", ".join(f"{w}x{h}" for w, h in SCREENS)),
        ]
        if self.complete:
            out.append("  " + tr("every art id must be in the pack (missing ones are errors)"))
        for finding in self.ordered():
            where = f"{MANIFEST}:{finding.line}: " if finding.line else ""
            out.append(f"{where}{tr(LEVEL_WORDS[finding.level])}: {finding.message}")
        errors, warnings = self.count("error"), self.count("warning")
        verdict = tr("fix the errors") if errors else tr("usable") if warnings else tr("clean")
        counted = ", ".join((ntr("{n} error", "{n} errors", errors).format(n=errors),
                             ntr("{n} warning", "{n} warnings", warnings).format(n=warnings)))
        out.append(f"{counted}: {verdict}")
        if legible := self.count("warning", LEGIBILITY):
            out.append(ntr("legibility: {n} warning (words that read small or faint in the hand)",
                           "legibility: {n} warnings (words that read small or faint in the hand)",
                           legible).format(n=legible))
        return "\n".join(out)

    def as_json(self) -> dict[str, Any]:
        return {
            "pack": shown(self.pack),  # printable, as every text of the report (a name may not be UTF-8)
            "folder": shown(self.folder),
            "title": shown(self.title),
            "author": shown(self.author),
            "complete": self.complete,
            "ok": self.exit_code == 0,
            "errors": self.count("error"),
            "warnings": self.count("warning"),
            "legibility_warnings": self.count("warning", LEGIBILITY),
            "thresholds": {
                "aspect_tolerance": ASPECT_TOLERANCE,
                "min_face_height": min_face_height(),
                "screen": list(FOUR_K),
                "min_table": list(MIN_TABLE),
                "table_aspect_tolerance": TABLE_ASPECT_TOLERANCE,
                "min_text_px": MIN_TEXT_PX,
                "min_contrast": MIN_CONTRAST,
                "legibility_screens": [list(screen) for screen in SCREENS],
            },
            "findings": [asdict(f) for f in self.ordered()],
        }
