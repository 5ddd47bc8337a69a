"""Palastgeflüster's table, by idea: `table` (the table class: zones, targets, what a card says), `layout`
(where things lie for a window size), `story` (what events say and show) and `panels` (plates, piles, the
centre text and the prompt)."""
