"""Palastgeflüster's table, by idea: `table` (the table class: zones, targets, what a card says), `layout`
(where things lie for a window size), `story` (what events say and show), `panels` (plates, piles, the
centre text and the prompt) and `moments` (a round's end, a King card, the game's end as they happen)."""
