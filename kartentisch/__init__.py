"""The launcher of the card table (`kartentisch`, `python -m kartentisch`): kartentisch/launcher.py."""
