"""The balance lab's engine: studies of a game's seats, lengths, cards, drama and skill, and paired
comparisons of two set-ups, on one process, several local processes or a Ray cluster. Headless: the
command line (`python -m tools.balance`) and the app's Lab screen both run it.

| module       | what it holds                                                                        |
|--------------|--------------------------------------------------------------------------------------|
| `lab.py`     | running a study: chunks on this process, a pool or Ray; chunk file, progress, cancel |
| `study.py`   | one game's facts and a chunk of deals summed into a tally                            |
| `cards.py`   | per game: which cards are counted, held, played, and each seat's standing            |
| `figures.py` | the figures with 95% intervals from the summed tallies, and the bias paragraph       |
| `compare.py` | A against B on the same deals, in deal order, until the SPRT decides                 |
| `sprt.py`    | the sequential test (two one-sided Wald SPRTs on the paired difference)              |
| `report.py`  | report.html with its charts (matplotlib, imported only there) and report.json        |
| `cluster.py` | Ray (imported only when a study asks for it)                                         |
"""
