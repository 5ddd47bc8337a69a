"""The balance lab on the command line (`python -m tools.balance study|compare`): the engine is
`game.balance`; here are the command line (`__main__.py`), the progress bar (`progress.py`) and the
figures as text on the terminal (`text.py`).
"""
