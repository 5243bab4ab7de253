# Wocable — interface strings, English (the fallback for every language).

back = Back
copied = Copied
cancel = Cancel
bingo = BINGO!
default-human-name = You

## Home
home-tagline = The crossword tile game. Play against the computer or pass the device round.
home-continue = Continue
home-new-game = New game
home-dictionary = Dictionary
home-settings = Settings
home-how-to-play = How to play
home-online = Online
home-trace = Trace
home-rejoin = Back to the online game
damaged-game = The saved game could not be read: { $why }.
damaged-round = The Trace round in progress could not be read: { $why }.
damaged-settings = The settings could not be read: { $why }. The defaults are used.
damaged-account = Your online account could not be read: { $why }. Your recovery code brings it back.
damaged-unreadable = the file is cut short or damaged
damaged-newer = the file comes from a newer version of Wocable
damaged-against-the-rules = its moves break the rules
damaged-kept = The file is kept as { $file }.
damaged-not-kept = It could not be kept aside.
damaged-dismiss = Got it

## The window's title (a browser's tab)
title-home = Wocable
title-home-saved = Wocable — { home-continue }: { $scores }
title-page = { $page } — Wocable
title-your-turn = Your turn · { $scores }

## New game
new-game-title = New game
new-game-rules = Rule set
new-game-language = Language of the words
new-game-word-list = Word list
word-list-standard = Standard
word-list-family = Family
new-game-players = Players
new-game-add-player = Add a player
new-game-clock = Turn clock
new-game-start = Start
clock-none = No clock
clock-minutes = { $minutes } min
seat-human = Human
seat-remote = Online player
seat-computer = Computer
level-beginner = Beginner
level-casual = Casual
level-strong = Strong
level-champion = Champion
rules-wocable = Wocable
rules-webfeud = Webfeud
rules-remote = Remote
rules-wocable-summary = 2 to 4 players, classic board, 50-point bingo. You may exchange as many tiles as the bag still holds. A word not in the dictionary is refused and you try again. The game ends after four passes in a row; racks are not counted.
rules-webfeud-summary = 2 players, Webfeud board and tiles, 40-point bingo. Exchanges need 7 tiles in the bag; the tiles you throw back go in first and may come straight back. Three passes in a row end the game; what is left on each rack is subtracted.
rules-remote-summary = 2 to 4 players, classic board, 50-point bingo. Exchanges need 7 tiles in the bag. Playing a word not in the dictionary costs your turn and counts as a pass. The game ends when every player has passed twice in a row, or when the bag is empty and nobody can play; racks are subtracted.
language-en = English
language-es = Spanish
language-fr = French

## Problems with a setup
error-no-human = Seat at least one human player.
error-player-count = This rule set is for { $min } to { $max } players.
error-player-count-exact = This rule set is for { $count } players.
error-same-name = Two players are called { $name }.
error-bad-name = A name is one word without spaces, not “{ $name }”.
error-bad-setup = This game cannot be set up.

## Why a move was refused
error-game-over = The game is over.
error-not-your-turn = It is not your turn.
error-player-left = You have left this game.
error-no-tiles = Put at least one tile on the board.
error-bad-move = That move cannot be played.
error-cell-taken = Square { $square } is already taken.
error-not-in-line = The tiles must be in one row or one column.
error-gap = The tiles leave a gap.
error-not-connected = The word must touch a tile already on the board.
error-first-move-centre = The first word must cover the centre star.
error-first-move-short = The first word needs at least two tiles.
error-not-in-lexicon = { $count ->
    [one] { $words } is not in the dictionary.
   *[other] { $words } are not in the dictionary.
}
error-left-out = { $count ->
    [one] { $words } is left out of the family word list.
   *[other] { $words } are left out of the family word list.
}
error-tile-not-on-rack = Tile { $tile } is not on your rack.
error-nothing-to-exchange = Choose at least one tile to exchange.
error-exchange-not-allowed = You cannot exchange: { $bag ->
    [one] the bag has one tile
   *[other] the bag has { $bag } tiles
} and { $needed } are needed.

## The game
premium-double-letter = DL
premium-triple-letter = TL
premium-double-word = DW
premium-triple-word = TW
action-play = Play
action-recall = Recall
action-shuffle = Shuffle
action-exchange = Exchange
action-pass = Pass
action-hint = Hint
action-resign = Resign
action-details = Log
action-home = Menu
action-pause = Pause
status-your-turn = Your turn: drag tiles to the board.
status-thinking = { $player } is thinking…
status-to-play = { $player } to play.
preview-valid = { $words }: { $score } points
preview-bingo = Bingo! { $words }: { $score } points
preview-blank = Choose the blank's letter.
bag-count = Tiles in the bag: { $count }
unseen-tiles = Unseen tiles
move-log = Moves
chat-title = Chat
chat-mute = Mute
chat-mute-player = Mute { $name }
chat-report = Report
chat-reported = reported
chat-hint = Say something…
chat-send = Send
chat-length = A line is at most 200 characters.
chat-offensive = That line has an offensive word in it.
chat-too-fast = Slow down: one line every few seconds.
chat-refused = The server refused that.
log-played = { $player }: { $word } { $score }
log-withdrawn = { $player }: { $words } not in the dictionary, turn lost
log-exchanged = { $player } exchanged { $count }
log-passed = { $player } passed
log-resigned = { $player } resigned
log-timed-out = { $player } ran out of time
log-rack-counted = { $player }: { $points } for the rack
log-game-over = Game over
notice-play-withdrawn = { $player } played { $words }, not in the dictionary: the turn is lost.
handover-title = Pass the device to { $player }
handover-hint = Their tiles stay hidden until they are ready.
handover-ready = I am { $player }: show my tiles
paused-title = Game paused
paused-hint = The clock is stopped and the game hidden.
paused-resume = Resume
blank-title = Which letter is the blank?
exchange-title = Choose the tiles to exchange
exchange-confirm = Exchange { $count }
resign-title = Resign this game?
resign-hint = You lose the game; with more players the others play on.
resign-confirm = Resign

## Results
results-title = Game over
results-winner = { $name } wins!
results-player = Player
results-score = Score
results-best-play = Best play: { $move }
results-bingos = Bingos
results-left = left
results-pair-win = { $first } beat { $second }
results-pair-draw = { $first } and { $second } drew
results-review = Review every turn
results-reviewing = Looking for the best move of every turn…
results-no-play = no play
results-played = Played
results-best = Best
results-played-move = Played: { $move }
results-best-move = Best: { $move }
results-withdrawn = not in the dictionary
results-turn = Turn { $turn }
results-review-hint = Tap a turn's number to see it on the board.
results-no-move = no move possible
results-bag-verified = Bag verified: every tile was drawn from the seed promised before the game began.
results-bag-not-verified = Bag not verified: the draws do not match the seed promised before the game began.
results-rematch = Rematch
results-no-rematch = No rematch
results-rematch-wanted = A rematch is wanted by { $names }.
results-rematch-waiting = Rematch asked for: waiting for the others…
results-rematch-starting = Everyone wants a rematch: it is starting…
results-rematch-declined = { $name } does not want a rematch.
results-rematch-refused = You said no to a rematch.
results-home = Home

## Dictionary
dictionary-title = Dictionary
dictionary-check = Check a word
dictionary-prefix = Starts with
dictionary-pattern = Pattern
dictionary-anagrams = Anagrams
dictionary-check-help = Is this word in the dictionary?
dictionary-prefix-help = Words starting with these letters.
dictionary-pattern-help = ? is any letter, * any run of letters: C?T*
dictionary-anagrams-help = Words made from these tiles; ? is a blank.
dictionary-search = Search
dictionary-valid = { $word } is in the dictionary.
dictionary-invalid = { $word } is not in the dictionary.
dictionary-count = { $count ->
    [one] One word
   *[other] { $count } words
}
dictionary-more = More words match; only the first ones are shown.
dictionary-bad-character = “{ $character }” is not a letter, ? or *.
dictionary-too-long = The search is too long.
dictionary-empty = Type at least one letter.

## Settings
settings-title = Settings
settings-language = Language
settings-sound-volume = Sound volume
settings-music-volume = Music volume
settings-animations = Animations
settings-colour-blind = Colour-blind palette for premium squares
settings-family-words = Family word lists by default (no offensive words)

## How to play
how-title = How to play
how-goal = Make words across or down on the board with the tiles of your rack. Each tile has points; the highest score at the end wins.
how-example = WORD on a double word square with D on a triple letter: (4 + 1 + 1 + 2×3) × 2 = 24 points.
how-turn = On your turn, play tiles in one row or column so that they make a word with the tiles they touch, exchange tiles, or pass.
how-first-move = The first word covers the centre star; every later word touches a tile already on the board. Every word formed must be in the dictionary.
how-premiums = Premium squares count only when a tile is first put on them: letter premiums before word premiums. Playing all seven tiles at once is a bingo, with a bonus.
how-blank = A blank tile stands for any letter you choose and scores nothing.
how-end = The game ends when a player uses their last tile with the bag empty (they take the points left on the other racks), after a run of passes, or after three turns each in a row with no tile put down (passes and exchanges), as after passes.
how-resign = Resigning loses the game. With more than two players the others play on, and you rank last.
how-clock = With a turn clock, a player whose time runs out has left the game, as if they had resigned. The clock stops while the game is paused.
how-premium-colours = Double letter, triple letter, double word, triple word.
how-controls = Drag a tile to a square, or tap a tile and then a square. On a keyboard: arrows move to a square and set the direction (left and right: across, up and down: down), Space turns it, letters place tiles, Backspace takes one back, Enter plays, Esc recalls. In a dialog, Esc closes it and Enter resumes or takes the device; typing a letter names the blank's.
lexicon-fetching = Fetching the word list…
lexicon-unavailable = The word list could not be fetched: { $reason }
word-list-removed = The word list “{ $name }” this game is played on was removed.
word-list-damaged = The word list could not be opened: { $reason }
word-list-changed = The word list “{ $name }” is not the one this game was played on.

## Online
online-title = Online
online-name = Your name online
online-create = Create a room
online-join = Join with a code
online-random = Random game
online-computers = Computer players
online-hints = Hints allowed (the game is not rated)
online-code = Room code
online-code-hint = six letters
online-join-on = on { $server }
online-bad-code = A room code has six letters and digits.
online-wait = Wait for people
online-wait-seconds = { $seconds } s
online-room = Your room
online-room-code = Send this code, or the link, to your friends:
online-copy-code = Copy the code
online-copied = Copied: { $text }
online-copy-link = Copy the link
online-not-sent = Not connected: your move was not sent. Play it again once reconnected.
online-share = Share the link
online-share-text = Play Wocable with me: room { $code }
online-room-word-list = Played on the word list “{ $name }”
online-waiting = Players
online-free-seat = (waiting…)
online-leave = Leave the room
online-connecting = Connecting…
online-reconnecting = Reconnecting…
online-lost = This game is closed to this device.
online-unreachable = The server could not be reached. Check your connection.
online-unreadable = The server's answer could not be read.
online-refused = The server said: { $reason }
## The lobby's refusals, by their code (wocable_net::ErrorCode)
lobby-bad-request = The server could not read the request. Update the app and try again.
lobby-unknown-rules = The server does not know this rule set.
lobby-unknown-language = The server does not know this language.
lobby-player-count = This rule set is not for that many players.
lobby-bad-clock = A turn clock is one second to one day.
lobby-no-person-seat = Leave at least one seat for a person.
lobby-wait-too-long = A random game waits for people ten minutes at most.
lobby-bad-settings = The game cannot start with these settings.
lobby-bad-room-code = A room code has six letters and digits.
lobby-no-such-room = There is no room with this code. Check it, or ask for a new one.
lobby-room-full = The room is full.
lobby-name-taken = Someone in the room has this name already: choose another.
lobby-already-seated = You have a seat in this room already.
lobby-bad-name = A name online is 1 to 20 letters or digits, without spaces.
lobby-computer-name = That name is for computer players: choose another.
lobby-offensive-name = That name is offensive: choose another.
lobby-no-such-word-list = The server does not have this word list.
lobby-nick-taken = This name is another player's: choose another.
lobby-unknown-key = The server does not know your account.
lobby-wrong-recovery = That name and recovery code do not go together.
lobby-too-many-accounts = Too many accounts were asked for from here: try again in an hour.
lobby-too-many-requests = Too many requests from here: wait a while and try again.
lobby-too-many-asked = Too many of your requests to be friends are waiting: wait for some answers.
lobby-too-many-invitations = Too many of your invitations are waiting: wait for some answers.
lobby-no-such-player = There is no player of that name.
lobby-no-such-arena = That arena is not running.
lobby-arena-not-started = That arena has not started yet.
lobby-arena-over = That arena is over.
lobby-not-in-arena = You are not in that arena.
lobby-already-waiting = You are waiting for a random game already.
lobby-unavailable = The server cannot do that just now: try again in a moment.
lobby-shutting-down = The server is restarting: try again in a moment.
lobby-unreachable = The server that holds this game cannot be reached just now.
lobby-game-not-over = The game is not over yet.
lobby-not-seated = You have no seat in that game.
lobby-already-answered = You answered already.
lobby-not-friends = Only your friends can be invited.
lobby-no-such-invitation = That invitation has expired or was answered already.
lobby-yourself = That is you.
lobby-blocked-by-you = You block that player: unblock them first.
lobby-members-only = Games that last days are for players with an account.
lobby-illegal-move = The rules do not allow that move.
lobby-stale-view = The game moved on: here is what changed.
online-retry = Try again
online-no-name = Choose your name online first.
online-account-gone = Your account was taken back on another device with its recovery code. Play under another name, or take it back here with the code.
online-playing-as = Playing as { $nick }
online-recovery = Your account's recovery code. Write it down: with it, your account comes back on another device.
online-recovery-noted = I have written it down
online-recover-account = Recover my account
online-recovery-code = Recovery code
online-recover = Recover
online-bad-recovery = A recovery code is 20 letters and digits, such as 7KQ2M-X4ABC-9PQRS-T5VWX.
online-name-taken = The name { $name } is taken online: choose another.
online-leaderboards = Leaderboards
online-my-profile = My profile
online-friends = Friends
friends-add = Add a friend by their nickname
friends-ask = Ask
friends-add-player = Add { $nick } as a friend
friends-asking = { $nick } wants to be your friend.
friends-accept = Accept
friends-refuse = Refuse
friends-none = No friends yet: ask one by their nickname.
friends-remove = Remove
friends-block = Block
friends-unblock = Unblock
friends-blocked = Blocked
friends-unrated = not rated yet
friends-watch = Watch
friends-asked = Waiting for { $nick } to accept.
friends-invite-pick = Tick one to three friends to invite them to a game.
friends-invite = Invite { $names }
friends-sent-waiting = { $nick } has not answered yet.
friends-sent-accepted = { $nick } accepted.
friends-sent-declined = { $nick } declined.
invitation = Invitation
invitation-from = { $nick } invites you to a game: { $rules }, { $language }, { $players } players, { $clock }.
invitation-accept = Play
invitation-decline = Not now
ratings-none = No settled ratings here yet: a rating settles after a few games.
ratings-no-games = No rated games yet.
ratings-your-place = You: #{ $place } · { $rating }
ratings-games = { $games ->
    [one] one game
   *[other] { $games } games
}
ratings-rating = Rating { $rating } ± { $deviation }
ratings-record = Games { $games }: { $wins } won, { $draws } drawn, { $losses } lost
ratings-figures = { $average } points a turn · bingos { $bingos }
ratings-best = Best play: { $word }, { $score } points
online-arenas = Arenas
online-watch = Watch a game
online-watch-code = Watch this room's game
watch-none = No game is being played just now.
watch-turns = { $turns ->
    [one] one turn played
   *[other] { $turns } turns played
}
watch-delayed = shown a turn late
watch-refresh = Refresh
arenas-running = Running now
arenas-none = No arena is running just now.
arenas-recent = Ended
arena-entrants = { $entrants ->
    [one] one player
   *[other] { $entrants } players
}
arena-ends-in = ends in { $minutes } min
arena-ended = ended
arena-won-by = Won by { $nick }
arena-standings = Standings
arena-scoring = A win scores 2, a draw 1. After two wins in a row, points count double until a game is not won.
arena-join = Join the arena
arena-next = Next arena game
arena-pairing = Looking for an opponent…
arena-leave = Leave the arena
arena-no-one = No one has joined yet.
results-rating = { $nick }: rating { $before } → { $after } ({ $change })

# Word lists of the player's own
settings-word-lists = Word lists
word-lists-title = Word lists
word-lists-intro = Play on a word list of your own: a text file with one word a line. Drop its file on the window, or type where it is.
word-lists-words = { $count ->
    [one] one word
   *[other] { $count } words
}
word-lists-rename = Rename
word-lists-save = Save
word-lists-remove = Remove
word-lists-remove-sure = Remove for good?
word-lists-import = Import a word list
word-lists-file = File
word-lists-name = Name
word-lists-import-button = Import
word-lists-intro-web = Play on a word list of your own: a text file with one word a line. Choose its language and a name, then the file: it is built and kept in this browser.
word-lists-choose-file = Choose a file and import it
word-lists-building = Building { $name }…
word-lists-built = { $name }: words kept { $words }; lines skipped { $skipped } (repeated { $duplicates }, with other characters { $characters }, too short or too long { $length }, blank { $blank }).
word-lists-failed = { $name } could not be imported: { $reason }

## Trace
trace-title = Trace
trace-intro = Trace words through neighbouring letters before the clock runs out. Find the words of the hidden crossword; every other word is a bonus.
trace-circle = Circle · 2 min
trace-circle-name = Circle
trace-circle-help = Six or seven letters on a wheel: any letter may follow any other. Find the ten words of the crossword.
trace-grid = Grid · 3 min
trace-grid-name = Grid
trace-grid-help = A grid of letters: each letter follows one of its eight neighbours. Find the ten words of the crossword.
trace-score-mode = Score · 6 min
trace-score-mode-name = Score
trace-score-mode-help = A grid and no crossword: find as many words as you can.
trace-best = Best score: { $score }
trace-new-best = New best score!
trace-new-puzzle = New puzzle
trace-new-ends-paused = A new puzzle ends the round left paused.
trace-no-puzzle = No puzzle could be drawn from this word list. Try a new puzzle.
trace-daily = Puzzle of the day ({ $date })
trace-resume = Resume Trace: { $mode }, { $time } left
trace-date = { $day } { $month ->
    [1] Jan
    [2] Feb
    [3] Mar
    [4] Apr
    [5] May
    [6] Jun
    [7] Jul
    [8] Aug
    [9] Sep
    [10] Oct
    [11] Nov
   *[12] Dec
}
trace-share = Trace { $mode } { $date } — { $found }/{ $targets } words, { $bonus } bonus, { $score } pts
trace-share-score = Trace { $mode } { $date } — { $bonus } { $bonus ->
    [one] word
   *[other] words
}, { $score } pts
trace-share-copy = Copy the result
trace-score = Score
trace-time = Time
trace-bonus = Bonus words
trace-words = Words
trace-time-up = Time's up!
trace-perfect = Perfect!
trace-perfect-bonus = Every word found: +{ $bonus }
trace-final-score = { $score } points
trace-words-to-find = Words to find: { $found }/{ $count }
trace-bonus-words = Bonus words: { $found }/{ $count }
trace-again = Play again

## Credits
credits-title = Credits
credits-fonts = Fonts
credits-fonts-text = Inter, by Rasmus Andersson and the Inter Project Authors (SIL Open Font License 1.1); the stopwatch from emoji-icon-font by John Slegers (MIT Licence).
credits-word-lists = Word lists
credits-word-lists-text = English: ENABLE (public domain). French: Dicollecte by Olivier R. (MPL 2.0). Spanish: the LibreOffice Spanish dictionary (GPL 3+, LGPL 3+ or MPL 1.1+). Every form of their words is expanded.
credits-familiar = Familiar words
credits-familiar-text = Trace hides words people know, chosen with the word frequencies of wordfreq 3.1.1 by Robyn Speer (CC BY-SA 4.0), drawn from Wikipedia, subtitles, news, books, the web, Twitter and Reddit. Offensive words are left out with the List of Dirty, Naughty, Obscene, and Otherwise Bad Words by Shutterstock (CC BY 4.0).
credits-sounds = Sounds and music
credits-sounds-text = Made for Wocable with sox, dedicated to the public domain (CC0 1.0).
action-my-games = My games
online-my-games = My games
online-my-games-badge = My games ({ $count } to play)
online-pace = Pace
pace-live = Live
pace-days = { $days ->
    [one] 1 day a move
   *[other] { $days } days a move
}
my-games-none = No games that last days yet: make one with a pace of days, or ask for a random one.
my-games-your-turn = Your turn
my-games-their-turn = { $name }'s turn
my-games-left = { $time } left
my-games-waiting = Waiting for players
my-games-waiting-note = Pass on the code: the game starts when every seat is taken, and it waits in My games.
my-games-won = You won
my-games-lost = You lost
my-games-drawn = A draw
home-my-turn = { $count ->
    [one] Your turn in 1 game
   *[other] Your turn in { $count } games
}
my-games-notify = Tell me when it is my turn
my-games-notifying = This browser is told when it is your turn.
my-games-not-notifying = Notifications are off in this browser: allow them in its settings, then ask again.
