"""The art tool for card designers, behind `python -m tools.art`: check a pack, draw a contact sheet,
write blank templates, print it to play, take it to Tabletop Simulator and back. Headless: SDL gets the
dummy video and audio drivers unless the shell chose others.

packs.py finds a pack, the art ids each game needs, the game's deck as the tools print and export it, and
an art library with the pack active; check.py, sheet.py and template.py are the first three commands
(report.py holds what the check measures against and writes its report); pnp.py and calibrate.py print,
tts.py and import_sheet.py export and import deck sheets; layouts/ holds each game's default card layout.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
