"""What the menus say about each game: its name and player range while its rules are not built yet, and a
concise English rules summary for the pause menu (from the short rules and docs/rulings.md).

The summaries use the few tags pygame-gui's text box knows (<b>, <i>, <br>).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, tr


@dataclass(frozen=True)
class GameInfo:
    title: str
    min_players: int
    max_players: int
    blurb: str


#: Shown for a game whose rules are not built yet; a built game's own title and description win.
GAME_INFO: dict[str, GameInfo] = {
    "palastgefluester": GameInfo(
        "Palastgeflüster", 3, 5,
        "Play courtiers into your row; each card's colour names who plays next. "
        "Never show a person twice."),
    "palace": GameInfo(
        "Palace", 2, 5,
        "Shed your hand, then your face-up and blind cards on a rising pile. Tens burn, twos reset."),
    "gloria_picktoria": GameInfo(
        "Gloria Picktoria", 2, 5,
        "Three action points a turn to build the longest collections of chicken treasures. Beware the fox."),
    "three_chapters": GameInfo(
        "3 Chapters", 2, 6,
        "Draft a hand, play it out in tricks, then score your cards' abilities in the final chapter."),
}

_PALASTGEFLUESTER = N_("""\
<b>Goal</b><br>
Be the first to reach 6 / 5 / 4 points (with 3 / 4 / 5 players). Points come at the end of each round.<br><br>
<b>Cards</b><br>
Seven persons: Chamberlain, Treasurer, Wizard, Maid, Cupbearer, Guard, Jester. \
Each player colour has one of every person; 14 brown cards (two of every person) join them. \
A card's border colour names who plays next.<br><br>
<b>Your turn</b><br>
You must play one hand card face up to the end of your row, then carry out its action. \
Everyone always holds hand + row = 6 cards.<br><br>
<b>End of a round</b> (checked as the card lands, before its action)<br>
• The person is now twice in your row (a <i>Palastgeflüster</i>): every other player scores 1.<br>
• A Jester is played while the King card shows the Jester: every other player scores 1.<br>
• Your row shows 6 different persons: you alone score 1 (but a Jester played under the Jester \
King card scores for the others instead).<br>
Then all person cards are shuffled and 6 dealt to each; the player who ended the round starts. \
King cards stay.<br><br>
<b>Actions</b> (mandatory when possible; the person on the current King card has no action)<br>
• <b>Chamberlain</b>: reveal the next King card; its person is blocked until another is revealed. \
When all six are revealed, they are shuffled into a new stack first.<br>
• <b>Treasurer</b>: show your whole hand to everyone.<br>
• <b>Wizard</b>: pick a player and a number; you both choose that many hand cards and swap them unseen.<br>
• <b>Maid</b>: discard a hand card face down, then draw one.<br>
• <b>Cupbearer</b>: swap one card between two different rows (yours may be one), but not the \
Cupbearer just played; no row may then show a person twice. No action as the 1st or 2nd card of a round.<br>
• <b>Guard</b>: take another card of your row back into your hand.<br>
• <b>Jester</b>: no action.<br><br>
<b>Who plays next</b><br>
The player of the card's colour (perhaps you again). Brown: the player with the fewest cards in their row; \
on a tie you choose among the tied players.<br><br>
<b>Game end</b><br>
If several reach the goal together, the one with more cards in their row wins; \
still tied, they share the win. \
With the <i>noted</i> scoring option, ties go to the higher total of row sizes noted after each round.""")

_PALACE = N_("""\
<b>Goal</b><br>
Get rid of all your cards. Everyone who gets out is one of the winners, in the order they went \
out; play goes on until one player is left holding cards: the loser, who deals the rematch.<br><br>
<b>Set-up</b><br>
Each player gets 3 face-down cards, 3 face-up cards on them and 3 hand cards. Before play you may swap \
hand cards with your face-up cards. The first player is the one showing the lowest face-up card \
(3 … 9, 10, J, Q, K, A, 2), the first clockwise from the dealer on a tie.<br><br>
<b>Your turn</b><br>
Play one or more cards of one rank, equal to or higher than the top of the pile (3 is low, ace is high). \
Then draw back up to 3 while the draw pile lasts. If you cannot play, you pick up the whole pile.<br><br>
<b>Special cards</b><br>
• <b>2</b>: always playable; the next player may play anything.<br>
• <b>10</b>: always playable; burns the pile, and you play again.<br>
• <b>Four of a rank</b> in one play or in a row on the pile also burn it.<br><br>
<b>Your table cards</b><br>
When your hand is empty and the draw pile is gone, play from your face-up cards, then your face-down cards \
one at a time, blind. A blind card that cannot be played goes to your hand with the whole pile.<br><br>
<b>Options</b><br>
Redraw (play cards of the same rank you just drew: after every draw a player finishes the turn, \
so nobody else can tell whether they could), and variants for 7s, 8s and 3s, as chosen in the setup.""")

_GLORIA_PICKTORIA = N_("""\
<b>Goal</b><br>
Score the most points with your collections of chicken treasures over three scorings.<br><br>
<b>Your turn</b>: 3 action points, spent in any order<br>
• <b>Treasure</b> (1): show a hand card, lay it face down: a new collection.<br>
• <b>Open card</b> (1): lay a hand card face up on one of your collections: on a lone treasure card \
(this sets its motif) or at the end of a row of the same motif. One collection per motif. \
A joker stands for any motif, but never as the first open card. \
The first open card on a treasure brings the fox there.<br>
• <b>Doubler</b> (1): closes a collection and doubles its score.<br>
• <b>Take</b>: one of the 3 open cards (1), or the top of the draw pile (2).<br>
• <b>Fox</b>, once a turn, while it stands on your collection: to another of yours (1) \
or to one of your left neighbour's (2). After your turn you may pass it there for free.<br><br>
<b>Genghis Rooster</b><br>
Each Genghis Rooster card that appears goes to the middle. The 4th, 7th and 10th trigger a scoring at once; \
the 10th ends the game.<br><br>
<b>Scoring</b>, per motif, ignoring collections with the fox<br>
Only collector: 4. Otherwise longest row 3, second-longest 1. \
A tie for first gives each 2 and no second place; a tie for second gives nothing. \
At the last scoring: −2 per lone treasure card (not the one under the fox), −1 per hand card.""")

_THREE_CHAPTERS = N_("""\
<b>Goal</b><br>
The most points after three chapters: 2 per star, 1 per heart, 1 per pair of crystals.<br><br>
<b>Chapter I — draft</b><br>
Everyone picks one card of their 8 face down and passes the rest to the left, until each has 7 \
(3 players: two drafts of 4 from 8; 2 players: you also draft for your ghost).<br><br>
<b>Chapter II — tricks</b><br>
The start player leads any card, everyone adds one. The highest value wins the trick and a star. \
Then each player checks the chapter-II abilities of their card (Cheshire Cat and Queen of Hearts last) and \
lays it face up in front of them. The winner leads next.<br><br>
<b>Chapter III — scoring</b><br>
Every player scores the chapter-III abilities of all their cards against all their cards. \
The player(s) with the most crystals get 4 more.<br><br>
<b>Ties</b><br>
The tied player with the highest single card value wins.""")

RULES: dict[str, str] = {
    "palastgefluester": _PALASTGEFLUESTER,
    "palace": _PALACE,
    "gloria_picktoria": _GLORIA_PICKTORIA,
    "three_chapters": _THREE_CHAPTERS,
}


def summary(game_id: str) -> str:
    """The rules summary of a game (a short note for a game without one)."""
    text = tr(RULES[game_id]) if game_id in RULES else tr("There is no rules summary for this game yet.")
    return text.replace("\n", "")  # the source lines are for reading here; <br> breaks the lines on screen


def title(game_id: str) -> str:
    """The game's name as the menus show it, without loading its rules."""
    info = GAME_INFO.get(game_id)
    return info.title if info is not None else game_id
