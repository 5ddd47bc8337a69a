"""The Palace table, split by idea: `table` (the table class: zones, what may be clicked, picking and
playing), `layout` (where things lie for a window size), `story` (what events say and show: the log, the
table's memory of them, the announcements below the pile) and `panels` (plates, boxes, labels, and the
words they hold)."""
