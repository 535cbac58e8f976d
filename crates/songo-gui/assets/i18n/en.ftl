# The page in English. Every text a person reads on the page is here, by
# id; fr.ftl has the same ids (a test checks it). Ids written in the room
# (songo-room's `Say`) come with their arguments from Rust; the others
# from the page's modules (data-l10n-id, tell, t).
#
# Arguments: $side is "south" or "north"; $pit a pit letter; numbers are
# formatted by the language; SIGNED($n) writes a score with its sign and
# two decimals.

## The page

app-name = Songo

tabs =
    .aria-label = mode
tab-play = Play
tab-analysis = Analysis
language =
    .aria-label = Language
connection-connecting = connecting…
connection-connected = connected
connection-ready = ready
connection-lost = disconnected: reconnecting…
connection-failed = the game could not start in this page
not-connected = Not connected to the server.
loading = Loading…
elsewhere = songo is open in another tab or window, in use there now: this one waits, so that the two never write over each other.
claim = Use songo here instead
number = { $n }

side-name = { $side ->
    [south] South
   *[north] North
  }
the-engine = the engine
variant-songo40 = Songo 40
variant-songo36-beginner = Songo 36 · Beginner
variant-songo36-amateur = Songo 36 · Amateur
about-songo40 = 40 captured seeds end the game; pit 7 has its own rule.
about-songo36-beginner = The game of 36: feed an empty opponent with at least one seed; Interdit Solo.
about-songo36-amateur = The game of 36: feed at least 7 seeds or the most you can; Interdit Solo and Duo.

## Play

play-section =
    .aria-label = game
new-game-title = New game
form-variant = Variant
form-side = You play
form-side-south = South (you move first)
form-side-north = North (the engine moves first)
form-side-both = Two players on this device
form-name-south = South's name
form-name-north = North's name
name-south =
    .placeholder = South
name-north =
    .placeholder = North
default-south = South
default-north = North
turn-board = Turn the board to the player to move
form-level = Level
form-clock = Clock
clock-none = none
clock-preset = { $minutes }+{ $seconds } ({ $minutes } min, +{ $seconds } s a move)
clock-custom = custom…
form-minutes = Minutes
form-increment = Increment (s)
form-think = Engine think time
think-option = { $seconds } s a move
form-engine = Engine
new-game = New game
take-back = Take back
hint = Hint
flip = Flip board
resign = Resign
animate = Animate the sowing
sound = Sound
moves-title = Moves
save-game = Save game
analyse = Analyse
review = Review
keys-help = Tap or click a pit, or type its letter (A–G) or number (1–7).
rules-title = Rules of Songo
rules-not-loaded = The rules could not be loaded.
restart-engine = Restart the engine
engine-output = Engine output

level-name = { $which ->
    [weakest] { $level } (weakest)
    [strongest] { $level } (full strength)
   *[other] { $level }
  }
level-name-elo = { $which ->
    [strongest] { $level } (full strength, about +{ NUMBER($elo, useGrouping: 0) } Elo over level 1)
   *[other] { $level } (about +{ NUMBER($elo, useGrouping: 0) } Elo over level 1)
  }

player-you = You
player-named = { $name }
player-engine = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } (level { $level })
player-name = { $side ->
    [south] South
   *[north] North
  }{ $named ->
    [yes] { " · " }{ $name }
   *[no] {""}
  }
captured-label = captured
captured-aria = { $side ->
    [south] South
   *[north] North
  } has captured { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
  }
clock-label = { $side ->
    [south] South's
   *[north] North's
  } clock
pit-label = pit { $pit }, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
  }{ $playable ->
    [yes] , playable
   *[no] {""}
  }{ $suggested ->
    [yes] , suggested
   *[no] {""}
  }

status-over = Game over{ $last ->
    [none] {""}
   *[other] { " · " }last move { $last }
  }
status-your-move = Your move ({ $side ->
    [south] South
   *[north] North
  }){ $last ->
    [none] {""}
   *[other] { " · " }last move { $last }
  }
status-engine-down = Waiting for { $engine ->
    [songo] the computer
   *[other] the engine “{ $engine }”
  }: restart it below{ $last ->
    [none] {""}
   *[other] { " · " }last move { $last }
  }
status-thinking = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is thinking…{ $last ->
    [none] {""}
   *[other] { " · " }last move { $last }
  }
status-turn = { $player } to play ({ $side ->
    [south] South
   *[north] North
  }){ $last ->
    [none] {""}
   *[other] { " · " }last move { $last }
  }

you-played = You played { $effect }
engine-played = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } played { $effect }
player-played = { $player } played { $effect }

result-final = { $winner ->
    [named] { $name } wins ({ $side ->
        [south] South
       *[north] North
      })
    [you] You win ({ $side ->
        [south] South
       *[north] North
      })
    [engine] { $engine ->
        [songo] The computer
       *[other] { $engine }
      } wins ({ $side ->
        [south] South
       *[north] North
      })
   *[draw] Draw
  }: { $reason }. Final score South { $south } – North { $north }{ $variant ->
    [songo40] {""}
   *[other] {" "}(captured seeds and the seeds left in one's own row)
  }.
result-captured = { $winner ->
    [named] { $name } wins ({ $side ->
        [south] South
       *[north] North
      })
    [you] You win ({ $side ->
        [south] South
       *[north] North
      })
    [engine] { $engine ->
        [songo] The computer
       *[other] { $engine }
      } wins ({ $side ->
        [south] South
       *[north] North
      })
   *[draw] Draw
  }: { $reason }. Captured: South { $south } – North { $north }.

hint-thinking = Looking for a hint…
hint-ready = Hint: play { $pit }{ $scored ->
    [yes] { " " }(score { $score } for you)
   *[no] {""}
  }.
hint-failed = The engine found no move to suggest.

engine-failed-kept = { $why } The game is kept: restart the engine to go on.
engine-thinking = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is thinking…
engine-hinting = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is looking for a hint…
engine-ready = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is ready.
engine-hints-only = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } plays no side between two people: it only gives hints.
engine-line = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is { $hinting ->
    [yes] looking for a hint
   *[no] thinking
  }: { $forced ->
    [yes] forced
   *[no] depth { $depth }
  }{ $scored ->
    [yes] , score { $bound ->
        [lower] ≥{" "}
        [upper] ≤{" "}
       *[exact] {""}
      }{ $score } for { $engine ->
          [songo] the computer
         *[other] { $engine }
        }
   *[no] {""}
  }, line { $line }

pit-not-yours = Pit { $pit } is not yours.
take-back-question = { $asker } asks to take back the last move. { $other }, do you agree?
take-back-accept = Yes, take it back
take-back-refuse = No
take-back-refused = The take-back was refused: the move stands.
pit-not-their-turn = Pit { $pit }: it is { $player }'s turn.
move-shown-choose-again = The last move is now shown in full: choose your pit again to play.
take-back-done = The last move was taken back.
resign-question = { $player }, do you resign this game?
resign-yes = Yes, I resign
resign-no = No, play on
new-game-question = Abandon the game in progress and start a new one?
new-game-yes = Yes, a new game
new-game-no = No, play on

## Games

games-title = Your games
games-empty = No finished game yet: each game you finish is listed here.
import-games = Import games
    .title = adds the finished games of a record file (an export, a backup) to the list; those already there are skipped
export-games = Export all
delete-game = Delete
    .title = removes this game from the list; Undo puts it back
game-deleted = Deleted:
undo-delete = Undo
games-entry = { NUMBER($day, minimumIntegerDigits: 2) }/{ NUMBER($month, minimumIntegerDigits: 2) }/{ NUMBER($year, useGrouping: 0) } · { $variant } · { $south } – { $north } · { $result } ({ $termination }), { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }

## Analysis

analysis-section =
    .aria-label = analysis
eval-bar =
    .title = evaluation, South below
eval-bar-south = South: { $score }
nav-first =
    .title = the start (Home)
nav-prev =
    .title = one move back (←)
nav-next =
    .title = one move on (→)
nav-last =
    .title = the end (End)
analysis-flip = Flip
play-from-here = Play from here
analysis-engine = Engine
analysis-lines = Lines
restart-analyst = Restart
analysis-game-title = Game
record-game = Game of the file
load-record = Load record
save-record = Save record
saved = Saved:
moves-start = start

analysis-where = { $over ->
    [yes] Game over ({ $at ->
        [start] start
       *[move] after { $move }
      })
   *[no] { $side ->
        [south] South
       *[north] North
      } to move · { $variant } · { $at ->
        [start] start
       *[move] after { $move }
      }
  }
analysis-result = { $score }: { $reason }. Final score South { $south } – North { $north }.

origin-start = The start position.
origin-set-up = A position set up.
origin-play = The game played{ $named ->
    [yes] { " " }(South { $south }, North { $north })
   *[no] {""}
  }{ $changed ->
    [yes] , changed
   *[no] {""}
  }.
origin-record = { $name }, game { $game } of { $games }{ $named ->
    [yes] { " " }(South { $south }, North { $north })
   *[no] {""}
  }{ $changed ->
    [yes] , changed
   *[no] {""}
  }.
origin-games = Your games, game { $game } of { $games }{ $named ->
    [yes] { " " }(South { $south }, North { $north })
   *[no] {""}
  }{ $changed ->
    [yes] , changed
   *[no] {""}
  }.
record-game-option = { $index }. { $south } – { $north } { $result } ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  })

analyst-thinking = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is analysing…
analyst-reviewing = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is reviewing the game; the analysis waits.
analyst-idle = { $engine ->
    [songo] The computer
   *[other] { $engine }
  } is idle.
analyst-off = { $engine ->
    [songo] The computer
   *[other] { $engine }
  }: off.

line-forced = forced
line-depth = depth { $depth }{ $seldepth ->
    [0] {""}
   *[other] /{ $seldepth }
  }
line-score = { $bound ->
    [lower] ≥{" "}
    [upper] ≤{" "}
   *[exact] {""}
  }{ $score }
    .title = for { $side ->
        [south] South
       *[north] North
      }
line-wdl = win { $win }% · draw { $draw }% · loss { $loss }%
    .title = how likely a win, a draw and a loss are for { $side ->
        [south] South
       *[north] North
      }

explorer-title = Opening book
explorer-not-in-book = Not in the book.
explorer-empty-book = Not in the book: the book is empty.
explorer-move = Move
explorer-depth = Depth
explorer-visits = Visits
explorer-score = Score ({ $side ->
    [south] South
   *[north] North
  })
explorer-score-cell = { $score }
    .title = for { $side ->
        [south] South
       *[north] North
      }
explorer-play = Play { $move }: { $score } for { $side ->
    [south] South
   *[north] North
  }, depth { $depth }, { $visits ->
    [one] { $visits } visit
   *[other] { $visits } visits
  }

tablebases-title = Tablebases
tb-no-verdict = No verdict: { $why }.
tb-move = { $pit }: { $worst ->
    [none] not in the tables
    [win] win
    [draw] { $best ->
        [win] draw or win
       *[draw] draw
      }
   *[loss] { $best ->
        [win] loss, draw or win
        [draw] loss or draw
       *[loss] loss
      }
  }

record-reading = Reading { $file }…
record-read = { $file }: { $games ->
    [one] { $games } game
   *[other] { $games } games
  }, every move checked.
record-not-sent = { $file } could not be sent.

review-title = Review
review-limit =
    .aria-label = how long per position
review-depth = depth { $depth }
review-movetime = { $seconds } s a position
review-this-game = Review this game
cancel-review = Stop
review-graph =
    .aria-label = score over the game
review-graph-note = South's score over the game (up: South ahead, to ±10 seeds); dots mark the moves below. Click to go there.
review-running = Reviewing at { $limit }: { $done } of { $total } positions…
review-done = Reviewed at { $limit }. South: { $southInaccuracies ->
    [one] { $southInaccuracies } inaccuracy
   *[other] { $southInaccuracies } inaccuracies
  }, { $southMistakes ->
    [one] { $southMistakes } mistake
   *[other] { $southMistakes } mistakes
  }, { $southBlunders ->
    [one] { $southBlunders } blunder
   *[other] { $southBlunders } blunders
  }. North: { $northInaccuracies ->
    [one] { $northInaccuracies } inaccuracy
   *[other] { $northInaccuracies } inaccuracies
  }, { $northMistakes ->
    [one] { $northMistakes } mistake
   *[other] { $northMistakes } mistakes
  }, { $northBlunders ->
    [one] { $northBlunders } blunder
   *[other] { $northBlunders } blunders
  }.
review-failed = The review failed: { $why }
review-cancelled = The review was stopped.
review-thresholds = seeds lost: inaccuracy { $inaccuracy }, mistake { $mistake }, blunder { $blunder }
review-line = the engine's line from there: { $line }
review-move = ({ $side ->
    [south] South
   *[north] North
  }) { $judgement ->
    [inaccuracy] inaccuracy
    [mistake] mistake
    [blunder] blunder
   *[good] good
  }: { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } seeds lost{ $better ->
    [yes] ; better { $best }
   *[no] {""}
  }
review-dot = { $move }: { $judgement ->
    [inaccuracy] inaccuracy
    [mistake] mistake
    [blunder] blunder
   *[good] good
  }

set-up-title = Set up a position
form-position = Position
set-up = Set up
editor-title = Edit pits and captured seeds
editor-apply = Set up these counts
editor-captured = { $side ->
    [south] South
   *[north] North
  } captured
editor-to-move = { $side ->
    [south] South
   *[north] North
  } to move
editor-unplayed = { $side ->
    [south] South's
   *[north] North's
  } pit 7 not played yet
editor-bad-count = { $text } is not a number of seeds for { $what ->
    [captured] { $side ->
        [south] South's
       *[north] North's
      } captured seeds
   *[pit] pit { $pit }
  }: whole seeds only.
editor-total = { $state ->
    [ok] 70 seeds in all, as every variant has.
    [short] { $total } seeds in all: every variant has 70, add { $diff }.
   *[over] { $total } seeds in all: every variant has 70, remove { $diff }.
  }

saved-set-aside = Your saved game could not be restored; it was set aside.

## What the room says (songo-room's Say)

# Why a pit cannot be played.
pit-refused = Pit { $pit }: { $why }.
game-over = the game is over
not-yours = it is { $owner ->
    [south] South's
   *[north] North's
  } pit
empty-pit = it is empty
must-feed = { $opponent ->
    [south] South has
   *[north] North has
  } no seeds: you must feed them, and this pit's seeds do not reach their row
feed-more = { $opponent ->
    [south] South has
   *[north] North has
  } no seeds: you must feed them at least 7 seeds, or as many as any move can, and another pit feeds more
interdit-solo = pit 7 holding a single seed may be played only when it captures (Interdit Solo)
interdit-duo = pit 7 holding two seeds may be played only when it captures (Interdit Duo)
last-pit = pit 7 may be played only with more than 7 seeds, with exactly 5 if it was never played, or when it is your only pit with seeds
over-on-time = the game is over: { $side ->
    [south] South
   *[north] North
  } ran out of time
your-time-ran-out = the game is over: your time ran out
engines-move = it is the engine's move
stale = not played: the board changed before it arrived (look again, then play)
not-a-pit = '{ $text }' is not a pit (A-G, a-g or 1-7)

# How a game ended.
end-threshold = capture threshold reached
end-few-seeds = fewer than 10 seeds on the board
end-empty-row = player to move has no seeds
end-cannot-feed = player to move cannot feed
end-repetition = third repetition
end-time = { $side ->
    [south] South
   *[north] North
  } ran out of time
end-resigned = { $side ->
    [south] South
   *[north] North
  } resigned
end-resignation = resignation
end-time-forfeit = time forfeit
end-illegal-move = illegal move
end-crash = the engine failed
end-stall = the engine did not answer
end-max-moves = move limit
end-other = { $text }
end-unfinished = not finished

# What a move did (after "You played").
sown-no-capture = { $pit }: no capture.
sown-to-store = { $pit }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
  } to the store.
sown-captured = { $pit }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
  } captured from { $pits }.
sown-captured-and-store = { $pit }: { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
  } captured from { $pits }, and 1 to the store.

# Scores.
score-seeds = { SIGNED($seeds) }
score-win-in = win in { $moves }
score-loss-in = loss in { $moves }
score-over = game over
score-win = win
score-loss = loss
score-tb-win = tb win
score-tb-loss = tb loss

# The engines.
engine-start-failed = { $engine ->
    [songo] The computer
   *[other] The engine “{ $engine }”
  } failed to start: { $why }.
engine-crashed = { $engine ->
    [songo] The computer
   *[other] The engine “{ $engine }”
  } crashed (its process ended).
engine-stalled = { $engine ->
    [songo] The computer
   *[other] The engine “{ $engine }”
  } stalled (no move in { $seconds } s).
engine-silent = { $engine ->
    [songo] The computer
   *[other] The engine “{ $engine }”
  } does not answer.
engine-no-move = { $engine ->
    [songo] The computer
   *[other] The engine “{ $engine }”
  } gave no move ('{ $line }') in a game that goes on.
engine-illegal-move = { $engine ->
    [songo] The computer
   *[other] The engine “{ $engine }”
  } played an illegal move '{ $text }'.
engine-no-score = the engine answered '{ $line }' without a score at ply { $ply }

# New game, take-back, hint.
unknown-variant = unknown variant '{ $text }'
unknown-side = side '{ $text }' is neither south nor north
bad-level = level { $level } is not 1 to 10
no-engine = there is no engine { $engine }
think-with-clock = a think time is for games without a clock: on a clock the engine plays on its own time
bad-think-time = a think time of { NUMBER($ms, useGrouping: 0) } ms: it is { NUMBER($min, useGrouping: 0) } to { NUMBER($max, useGrouping: 0) } ms
bad-clock-base = a clock of { $ms } ms: the base is { $min } ms to { $max } ms
bad-clock-increment = an increment of { $ms } ms: at most { $max } ms
nothing-to-take-back = there is no move of yours to take back
take-back-not-agreed = a take-back between two players needs both to agree
lost-by-resignation = the game was lost by resignation ({ $side ->
    [south] South
   *[north] North
  }): start a new game
bad-name = '{ $name }' is not a name: one line of 1 to { $max } characters
lost-on-time = the game was lost on time by { $side ->
    [south] South
   *[north] North
  }: start a new game
hint-for-your-move = a hint is for your move
hint-engine-down = the engine is down: restart it for a hint
bad-message = the page sent a message the room could not read
message-too-long = the page sent a message too long for the room ({ NUMBER($bytes, useGrouping: 0) } bytes, at most { NUMBER($max, useGrouping: 0) })

# The analysis board.
bad-position = Bad position: { $problem }.
position-fields = a position has 5 fields (pits, side, South's and North's captured seeds, flags), not { $found }
position-rows = pits field '{ $text }' is not two rows of 7 counts separated by '/'
position-count = '{ $text }' is not a number from 0 to 70
position-total = pits and captured counts total { $total } seeds, not 70
position-side = side to move '{ $text }' is not 's' or 'n'
position-flags = flags '{ $text }' are not one of 'Gg', 'G', 'g', '-'
no-such-ply = there is no move { $ply } in the game: it has { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
  }
over-here = The game is over at this point.
bad-lines = { $lines } lines: 1 to { $max }

# Records and the games list.
record-unreadable = line { $line }{ $game ->
    [0] {""}
   *[other] { " " }(game { $game })
  }: { $problem }
record-empty = the file holds no game
record-not-text = it is not text
record-bad-tag = a tag is not written [Name "value"]
record-tag-twice = tag { $tag } appears twice
record-tag-missing = the game has no { $tag } tag
record-tag-value = bad { $tag } tag "{ $value }"
record-token = '{ $text }' is not a move (A-G, a-g), a move number, a result or a comment
record-comment = a comment '{"{"}' without its '{"}"}'
record-no-result = the moves end without a result (1-0, 0-1, 1/2-1/2 or *)
record-illegal = move { $ply } ({ $pit }) is illegal
record-after-end = move { $ply } ({ $pit }) comes after the end of the game
record-disagrees = the result does not agree with the moves
record-other = the file is not one game
record-move-bad = move { $ply }: { $problem }
no-loaded-game = there is no game { $index } loaded
no-finished-game = there is no finished game { $index }
no-finished-game-id = there is no finished game { $game }
finished-does-not-replay = game { $index } does not replay
nothing-to-export = There is no finished game to export yet.
games-imported = { $imported ->
    [one] One game imported
   *[other] { $imported } games imported
  }{ $duplicates ->
    [0] {""}
    [one] , one already in the list
   *[other] , { $duplicates } already in the list
  }{ $unfinished ->
    [0] {""}
    [one] , one not finished (left out)
   *[other] , { $unfinished } not finished (left out)
  }.
archive-failed = A finished game could not be saved ({ $detail }). It stays in the list for now, but may be lost when the page or the server stops: export your games to keep a copy.
nothing-deleted = There is no deleted game to put back.
delete-failed = The game could not be deleted from the saved games ({ $detail }); it may come back when the server restarts.
state-not-kept = The game in progress cannot be saved ({ $detail }). It is tried again at each change; until it is saved, it would not survive a restart.
file-too-large = the file is larger than { $mib } MiB
file-refused = { $file }: { $problem }

# Reviews.
bad-review-limit = a review needs a depth of 1 to { $max_depth } or a move time of { $min_ms } to { NUMBER($max_ms, useGrouping: 0) } ms, not both
nothing-to-review = The game has no move to review.
no-review-running = No review is running.
limit-depth = depth { $depth }
limit-movetime = { NUMBER($ms, useGrouping: 0) } ms a position

# The tables.
tb-verdict = { $side ->
    [south] South
   *[north] North
  }: { $worst ->
    [win] win
    [draw] { $best ->
        [win] draw or win
       *[draw] draw
      }
   *[loss] { $best ->
        [win] loss, draw or win
        [draw] loss or draw
       *[loss] loss
      }
  } ({ $share ->
    [true] mover's share { $lo } of { $seeds } seeds
   *[false] mover's margin gain { SIGNED($lo, decimals: 0) } of { $seeds } seeds
  })
tb-game-over = the game is over
tb-no-tables = no tables of { $variant }
tb-too-many-seeds = { $seeds } seeds on the board: the tables of { $variant } hold 10 to { $max }
tb-pit-seven-unplayed = a pit 7 not played yet: the tables of songo40 hold positions after both were played
tb-repetition = a position with as many seeds occurred twice in this game: a repetition may decide, the tables do not apply
tb-unreadable = the { $seeds }-seed table of { $variant } cannot be read

## The rules for players

rules-intro = Songo is the mancala game of the Fang and Beti. Here are its rules, with a small board for each idea: press "Show me" to see the move played.
rules-reference = The complete rules, for engine authors (in English)
rules-show = Show me
rules-again = See it again

rules-board-title = The board
rules-board-text =
    The board has two rows of seven pits, with five seeds in each pit: 70 seeds in all.
    South owns the row A to G, North the row a to g.
    South plays first, then each player in turn.
    The seeds always travel the same way, counter-clockwise: along your own row up to your
    pit 7, then through the opponent's row from his pit 1 to his pit 7, then back to your row.
    For South that is A, B … G, then a, b … g, then A again.
    Each player counts his pits from 1 to 7 in that direction: A is South's pit 1 and G his
    pit 7; a is North's pit 1 and g his pit 7. Pit 7 is the noble pit: it has its own rules.

rules-sowing-title = Sowing
rules-sowing-text =
    On your turn, choose one of your pits that is not empty. Take all its seeds and sow
    them one by one into the next pits, one seed per pit, in the direction of play.
    The pit you emptied gets nothing, even when the seeds go all the way round.
rules-sowing-text-2 =
    A pit with more than 13 seeds (a grenier) goes round the board. The first round puts
    one seed in each of the 13 other pits. After that, the seeds left go only into the
    opponent's row, from his pit 1 to his pit 7, round after round: your own row gets
    nothing more.
    Songo 40 only: if a new round is about to start and a single seed is left (with 14,
    21 or 28 seeds), you capture that seed at once and the move ends there, with no other
    capture. This is the direct gain.

rules-capture-title = Capturing
rules-capture-text =
    Look where your last seed fell. If it is in the opponent's row and that pit now holds
    2, 3 or 4 seeds, you capture them. Then look at the pit just before it, towards his
    pit 1: if it also holds 2, 3 or 4 seeds, you capture it too, and so on. Stop at the
    first pit with 0, 1 or more than 4 seeds, or after his pit 1.
    You never capture in your own row.
rules-capture-text-2 =
    Interdit Sec: you may not capture all seven of the opponent's pits in one move. Then
    you capture nothing, but the seeds stay where you sowed them. A smaller capture that
    leaves his row empty is allowed.
    Songo 40 only: the opponent's pit 1 is never captured alone; it is captured with his
    pit 2 when the chain takes both.

rules-feeding-title = Feeding the opponent
rules-feeding-text =
    When your opponent has no seed left in his row, you must feed him: play a pit whose
    seeds reach his row. In Songo 40 and Songo 36 · Beginner, one seed is enough.
    In Songo 36 · Amateur, you must give him at least seven seeds; if no move can, play
    a move that gives him as many as possible.
    Feeding comes first: while your opponent must be fed, the rules of the noble pit do
    not apply, and any move that feeds him is allowed.
    If no move can feed him, the game is over.

rules-noble-title = The noble pit (pit 7)
rules-noble-text =
    Songo 36: the noble pit is G for South and g for North. When it holds a single seed,
    you may not play it, unless that seed captures (Interdit Solo).
    In Songo 36 · Amateur, the same goes for two seeds (Interdit Duo), unless the move
    captures (Capture Duo). A capture cancelled by the Interdit Sec does not count.
    If you have no other move, you must play it. In Songo 36 · Amateur a single seed
    played this way is not sown: it goes straight to your captures (Capture Solo).
    Otherwise it is sown as usual.
rules-noble-text-2 =
    Songo 40: you may play your pit 7 (G or g) only if it holds more than 7 seeds, or
    exactly 5 seeds and you have never played it in this game, or if it is the only pit
    you have left with seeds.

rules-end-title = End of the game and score
rules-end-text =
    The game ends after a move as soon as a player has captured more than 35 seeds in
    Songo 36, or 40 seeds or more in Songo 40; or fewer than 10 seeds are left on the
    board; or the player whose turn it is has no seed in his row, or must feed and cannot;
    or the same position, with the same player to move, comes back for the third time.
    This last rule is the program's own: the old written rules say nothing of it.
rules-end-text-2 =
    Songo 36: each player adds the seeds still in his own row to those he captured.
    More than 35 wins; 35 each is a draw.
    Songo 40: only captured seeds count; the seeds left on the board belong to nobody.
    A lead of 5 seeds or more wins; a smaller lead is a draw.

rules-diagram-start = The start: five seeds in each pit, 70 in all. South plays first.
rules-diagram-sow = C sows its five seeds, one in each pit after it: D, E, F, G, then a in North's row.
rules-diagram-sow-lap = D has 16 seeds. The first round puts one in each of the 13 other pits, skipping D. The 3 left go only to North: a, b and c get a second seed.
rules-diagram-direct-gain = Songo 40: B has 14 seeds. After the first round one seed is left: South captures it at once (direct gain) instead of sowing it.
rules-diagram-capture = E sows up to b, which now holds 2 seeds: South captures them. Just before it, a holds only 1: the capture stops there.
rules-diagram-capture-chain = F sows up to d. Pit d holds 3, c holds 2 and b holds 4: South captures all three pits, 9 seeds. Pit a holds 5: the chain stops.
rules-diagram-grand-slam = F sows into every pit of North, and each one ends with 2 to 4 seeds. Capturing all seven is not allowed (Interdit Sec): nothing is captured, but the seeds stay sown.
rules-diagram-feed = North has no seeds left. Only F sends a seed into North's row: South must play it.
rules-diagram-noble-solo = Songo 36: G holds a single seed, and it would capture nothing (a would hold 5). South has other moves: G is forbidden (Interdit Solo).
rules-diagram-pit7-songo40 = Songo 40: G holds 6 seeds. That is not more than 7, nor 5 in a pit never played, and South has other pits with seeds: G may not be played.
rules-diagram-end-40 = Songo 40: F captures the 3 seeds of b. South reaches 40: the game is over. 40 against 18 is a lead of 5 or more: South wins. The 12 seeds left on the board count for nobody.
rules-diagram-end-36 = Songo 36: F captures the 2 seeds of a. Only 9 seeds are left on the board: the game is over. South: 32 captured + 5 in his row = 37. North: 29 + 4 = 33. South wins.

## Learn: the lessons (crates/songo-learn/lessons/lessons.json names their texts)

tab-learn = Learn
learn-section =
    .aria-label = lesson
lessons-title = Lessons
lesson-number = Lesson { $n } of { $total }
lesson-progress = { $solved } of { $total } solved
lesson-again = Start again
lesson-next = Next lesson
lesson-solved-mark = (solved)
lesson-end = End of the game ({ $how }). Final score: South { $south }, North { $north }.
no-such-lesson = there is no lesson '{ $lesson }' in { $variant }
no-such-theme = there is no puzzle theme '{ $theme }'
bad-difficulty = a difficulty is 1 to { $max }
no-puzzles = No puzzle of { $variant ->
    [songo40] Songo 40
    [songo36-beginner] Songo 36 · Beginner
   *[songo36-amateur] Songo 36 · Amateur
  } has that theme and that difficulty: choose another.
no-review-done = First review one of your games (the Analysis tab, then Review this game): its mistakes become exercises here.
no-mistakes = The review found no mistake of yours in this game.
no-such-exercise = There is no exercise { $index }.
review-under-way = A review is running: answer when it has finished.

learn-parts =
    .aria-label = learn
learn-part-lessons = Lessons
learn-part-puzzles = Puzzles
learn-part-mistakes = Your mistakes
puzzle-section =
    .aria-label = puzzle
puzzles-title = Puzzles
puzzle-theme = Theme
puzzle-difficulty = Difficulty
puzzle-any-theme = Any
puzzle-any-difficulty = Any
puzzle-theme-count = { $theme } ({ $count })
puzzle-difficulty-n = { $n } of 7
puzzle-rating = Your rating: { $rating }{ $change ->
    [up] {" "}(+{ $delta })
    [down] {" "}(−{ $delta })
   *[none] {""}
  }
puzzle-streak = Solved in a row: { $streak }
puzzle-rating-help = Your rating measures your level from your results: it starts at 1500, moves a lot at first, then settles. Difficulty 1 stands for 1000, difficulty 7 for 1900. A puzzle found without a wrong move raises it; any wrong move lowers it.
puzzle-progress = { $played } of { $total } seen
puzzle-progress-again = You had seen them all: they start again ({ $played } of { $total } seen).
puzzle-info = Difficulty { $difficulty } of 7 · { $themes }
puzzle-task = You play { $side ->
    [south] South
   *[north] North
  }: find the best move.
puzzle-step = Find move { $n } of { $steps }.
puzzle-step-first = The line has { $steps } moves of yours: find the first.
puzzle-step-reply = { $side ->
    [south] South
   *[north] North
  } answered { $pit }: find move { $n } of { $steps }.
puzzle-solved = Solved!
puzzle-failed = Not this time.
puzzle-wrong = Pit { $pit } is not the move here.{ $last ->
    [yes] {""}
   *[no] {" "}Try once more.
  }
puzzle-solved-text = { $clean ->
    [yes] You found the whole line ({ $line }). Watch it again, or go on to the next puzzle.
   *[no] You found the line ({ $line }) after a wrong move: your rating counted the puzzle as missed.
  }
puzzle-failed-text = The move was { $pit }. Watch the whole line: { $line }.
puzzle-replay = Replay the line
puzzle-next = Next puzzle
theme-capture = Capture
theme-quiet = Quiet move
theme-chain-capture = Chain capture
theme-second-lap = Second lap
theme-feeding = Feeding
theme-noble-pit = Noble pit
theme-tablebase = Solved endgame
theme-interdit-sec = Interdit Sec
exercise-section =
    .aria-label = exercise
mistakes-title = Your mistakes
mistakes-help = Review one of your games (Analysis, then Review this game): each of your mistakes becomes an exercise here.
mistakes-start = Practise the mistakes of the last review
practise-mistakes = Practise your mistakes
mistakes-progress = { $solved } of { $total } solved
exercise-none = No exercise yet.
exercise-item = { $move }: { $judgement ->
    [blunder] blunder
   *[mistake] mistake
  }{ $solved ->
    [yes] {" "}✓
   *[no] {""}
  }
exercise-number = Exercise { $n } of { $total } · move { $move }
exercise-title = In the game you played { $played }: a { $judgement ->
    [blunder] blunder
   *[mistake] mistake
  } ({ NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } seeds lost).
exercise-task = You play { $side ->
    [south] South
   *[north] North
  }: find a better move.
exercise-judging = The engine is judging { $pit }…
exercise-verdict = The engine judges { $pit }: { $judgement ->
    [good] a good move{ $better ->
        [yes] , as good as its own { $best }
       *[no] {""}
      }. Well found!
    [inaccuracy] an inaccuracy, { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } seeds lost{ $better ->
        [yes] ; better { $best }
       *[no] {""}
      }.
    [mistake] a mistake, { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } seeds lost{ $better ->
        [yes] ; better { $best }
       *[no] {""}
      }.
   *[blunder] a blunder, { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } seeds lost{ $better ->
        [yes] ; better { $best }
       *[no] {""}
      }.
  }
exercise-again = Try again
exercise-next = Next exercise

lesson-sow-title = Sowing
lesson-sow-task = Sow from C: tap your pit C, the third of your row. Its seeds go one by one into the pits that follow.
lesson-sow-wrong = That is not C. Your pits are A to G, from left to right on your row: C is the third.
lesson-sow-done = The five seeds of C went one each into D, E, F, G and North's pit a. The emptied pit stays empty.
lesson-capture-title = Capturing
lesson-capture-task = Capture: find the move whose last seed makes 2, 3 or 4 seeds in one of North's pits.
lesson-capture-wrong = Not that one: the last seed must land in North's row and leave 2, 3 or 4 seeds in that pit.
lesson-capture-done = The last seed of E fell in c, which then held 2 seeds: you captured them.
lesson-chain-title = Two pits at once
lesson-chain-task = Capture two of North's pits with one move.
lesson-chain-wrong = That takes one pit only. After a capture, the pit before it is taken too when it holds 2 to 4 seeds: find a move whose chain goes on.
lesson-chain-done = E ended in c (2 seeds), and b before it held 2 as well: you took both, 4 seeds. The chain stopped at a, which held 6.
lesson-grenier-title = The big pit goes round
lesson-grenier-task = Play A, your pit of 17 seeds, and watch where the seeds go after the first lap.
lesson-grenier-wrong = Play A, the pit with 17 seeds.
lesson-grenier-done = The first lap put one seed in each of the 13 other pits. The 4 seeds left went only into North's row, a to d, never into yours. d ended with 2 seeds, c, b and a with 3: you captured 11 seeds.
lesson-direct-gain-title = Direct gain
lesson-direct-gain-task = Songo 40: play A, your pit of 14 seeds, and watch the last seed.
lesson-direct-gain-wrong = Play A, the pit with 14 seeds.
lesson-direct-gain-done = 13 seeds made the first lap. The 14th would have started another lap: in Songo 40 you capture it at once (direct gain), and the move ends there.
lesson-grand-slam-title = Interdit Sec
lesson-grand-slam-task = Capture as many seeds as you can. Careful: a move that would take all seven of North's pits takes nothing.
lesson-grand-slam-wrong = Not that one. A move that would take all seven of North's pits takes nothing at all (Interdit Sec): find the move that captures the most.
lesson-grand-slam-done = E took a and b, 4 seeds. F would have left 2 seeds in each of North's seven pits: Interdit Sec, nothing captured.
lesson-c1-exception-title = North's first pit
lesson-c1-exception-task = Songo 40: capture North's pit a.
lesson-c1-exception-wrong = In Songo 40 North's pit a is never captured alone: it is taken only in a chain with b.
lesson-c1-exception-done = D ended in b (2 seeds), and a before it held 2: the chain took both. F would have left 2 seeds in a alone, which Songo 40 does not capture.
lesson-feed-title = Feed your opponent
lesson-feed-task = North has no seeds left. You must feed them: play a move that sends seeds into North's row.
lesson-feed-wrong = That move does not reach North's row.
lesson-feed-done = F sent seeds into a and b: North can play again. When nobody can feed an empty opponent, the game is over.
lesson-feed-seven-title = Feed seven seeds
lesson-feed-seven-task = Amateur: North has no seeds left. Feed them at least seven seeds, since a move can.
lesson-feed-seven-wrong = That move feeds too few seeds.
lesson-feed-seven-done = The nine seeds of E went into F, G and all seven of North's pits. In Amateur the feeding move must give seven seeds when one can; otherwise the most that any move gives.
lesson-noble-forbidden-title = A forbidden pit: why?
lesson-noble-forbidden-task = Your noble pit G holds a single seed. Try it: the rules forbid it here. Then capture with another pit.
lesson-noble-forbidden-wrong = That captures nothing. Find the move that captures.
lesson-noble-forbidden-done = The single seed of G would have captured nothing, so it was forbidden (Interdit Solo). F ended in d and captured 2 seeds.
lesson-noble-capture-title = The noble pit that captures
lesson-noble-capture-task = Your noble pit G holds one seed, and North's pit a holds one. Capture with G.
lesson-noble-capture-wrong = Play G: the single seed of the noble pit may be played when it captures.
lesson-noble-capture-done = The seed of G left 2 seeds in a: captured. The single seed of the noble pit may be played when it captures.
lesson-noble-duo-title = Interdit Duo
lesson-noble-duo-task = Amateur: your noble pit G holds two seeds. Try it, then capture with another pit.
lesson-noble-duo-wrong = That captures nothing. Find the move that captures.
lesson-noble-duo-done = In Amateur the two seeds of the noble pit may be played only when they capture (Interdit Duo). F captured the 2 seeds of d.
lesson-noble-forced-title = The only move
lesson-noble-forced-task = Your only seed is in your noble pit G. Play it.
lesson-noble-forced-wrong = Play G, your only pit with a seed.
lesson-noble-forced-done = When the noble pit is your only move, you play it even when it captures nothing: its seed is sown into a.
lesson-capture-solo-title = Capture Solo
lesson-capture-solo-task = Amateur: your only seed is in your noble pit G. Play it.
lesson-capture-solo-wrong = Play G, your only pit with a seed.
lesson-capture-solo-done = In Amateur the forced single seed of the noble pit is not sown: it goes straight to your captured seeds (Capture Solo).
lesson-last-pit-title = The last pit
lesson-last-pit-task = Songo 40: try your last pit G (3 seeds), then capture with another pit.
lesson-last-pit-wrong = That captures nothing. Find the move that captures.
lesson-last-pit-done = In Songo 40, G may be played only with more than 7 seeds, with its first 5 seeds when it was never played, or when it is your only pit with seeds. F captured the 2 seeds of d.
lesson-end-36-title = How does the game end?
lesson-end-36-task = You have 34 seeds. Win the game with one move.
lesson-end-36-wrong = That does not win yet. In Songo 36 more than 35 captured seeds end the game.
lesson-end-36-done = 36 captured seeds is more than 35: the game is over, and you win.
lesson-end-40-title = How does the game end?
lesson-end-40-task = Songo 40: you have 37 seeds, North 20. Win with one move.
lesson-end-40-wrong = That does not win yet. In Songo 40 the game ends at 40 captured seeds.
lesson-end-40-done = At 40 captured seeds the game is over. Only captures count, and a lead of 5 or more wins: 40 against 20.
lesson-end-few-36-title = Few seeds left
lesson-end-few-36-task = Only 12 seeds are left on the board. End the game with a capture.
lesson-end-few-36-wrong = That does not end the game: fewer than 10 seeds on the board do.
lesson-end-few-36-done = 7 seeds are left, fewer than 10: the game is over. In Songo 36 each player adds the seeds left in his own row: 35 + 6 = 41 for you, 28 + 1 = 29 for North.
lesson-end-few-40-title = Few seeds left
lesson-end-few-40-task = Only 12 seeds are left on the board. End the game with a capture.
lesson-end-few-40-wrong = That does not end the game: fewer than 10 seeds on the board do.
lesson-end-few-40-done = 7 seeds are left, fewer than 10: the game is over. In Songo 40 the seeds left belong to nobody: 35 against 28 is a lead of 7, and you win.
