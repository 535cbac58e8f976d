# La page en français. Chaque texte qu'une personne lit sur la page est
# ici, par identifiant ; en.ftl a les mêmes identifiants (un test le
# vérifie). Les identifiants dits par la salle (`Say` de songo-room)
# arrivent de Rust avec leurs arguments ; les autres viennent des modules
# de la page (data-l10n-id, tell, t).
#
# Arguments : $side vaut "south" ou "north" ; $pit est une lettre de case ;
# les nombres sont formatés selon la langue ; SIGNED($n) écrit un score
# avec son signe et deux décimales.

## La page

app-name = Songo

tabs =
    .aria-label = mode
tab-play = Jouer
tab-analysis = Analyse
language =
    .aria-label = Langue
connection-connecting = connexion…
connection-connected = connecté
connection-ready = prêt
connection-lost = déconnecté : reconnexion…
connection-failed = la partie n'a pas pu démarrer dans cette page
not-connected = Pas de connexion au serveur.
loading = Chargement…
elsewhere = songo est ouvert dans un autre onglet ou une autre fenêtre, utilisé en ce moment : celui-ci attend, pour que les deux n'écrivent jamais l'un sur l'autre.
claim = Utiliser songo ici
number = { $n }

side-name = { $side ->
    [south] Sud
   *[north] Nord
  }
the-engine = l'ordinateur
variant-songo40 = Songo 40
variant-songo36-beginner = Songo 36 · Débutant
variant-songo36-amateur = Songo 36 · Amateur
about-songo40 = La partie s'arrête à 40 graines récoltées ; la case 7 a sa propre règle.
about-songo36-beginner = Le jeu à 36 : nourrir d'au moins une graine l'adversaire qui n'en a plus ; Interdit Solo.
about-songo36-amateur = Le jeu à 36 : nourrir l'adversaire d'au moins 7 graines, ou du plus possible ; Interdit Solo et Duo.

## Jouer

play-section =
    .aria-label = partie
new-game-title = Nouvelle partie
form-variant = Variante
form-side = Vous jouez
form-side-south = Sud (vous jouez en premier)
form-side-north = Nord (l'ordinateur joue en premier)
form-side-both = Deux joueurs sur cet appareil
form-name-south = Nom de Sud
form-name-north = Nom de Nord
name-south =
    .placeholder = Sud
name-north =
    .placeholder = Nord
default-south = Sud
default-north = Nord
turn-board = Tourner le plateau vers le joueur qui doit jouer
form-level = Niveau
form-clock = Pendule
clock-none = aucune
clock-preset = { $minutes }+{ $seconds } ({ $minutes } min, +{ $seconds } s par coup)
clock-custom = personnalisée…
form-minutes = Minutes
form-increment = Incrément (s)
form-think = Temps de réflexion de l'ordinateur
think-option = { $seconds } s par coup
form-engine = Moteur
new-game = Nouvelle partie
take-back = Annuler le coup
hint = Indice
flip = Retourner le plateau
resign = Abandonner
animate = Animer les semailles
sound = Son
moves-title = Coups
save-game = Enregistrer la partie
analyse = Voir la partie
review = Analyse de la partie
keys-help = Touchez une case (ou cliquez dessus), ou tapez sa lettre (A–G) ou son numéro (1–7).
rules-title = Règles du Songo
rules-not-loaded = Les règles n'ont pas pu être chargées.
restart-engine = Relancer le moteur
engine-output = Messages du moteur

level-name = { $which ->
    [weakest] { $level } (le plus faible)
    [strongest] { $level } (pleine force)
   *[other] { $level }
  }
level-name-elo = { $which ->
    [strongest] { $level } (pleine force, environ +{ NUMBER($elo, useGrouping: 0) } Elo par rapport au niveau 1)
   *[other] { $level } (environ +{ NUMBER($elo, useGrouping: 0) } Elo par rapport au niveau 1)
  }

player-you = Vous
player-named = { $name }
player-engine = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } (niveau { $level })
player-name = { $side ->
    [south] Sud
   *[north] Nord
  }{ $named ->
    [yes] { " · " }{ $name }
   *[no] {""}
  }
captured-label = récoltées
captured-aria = { $side ->
    [south] Sud
   *[north] Nord
  } a récolté { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
  }
clock-label = Pendule de { $side ->
    [south] Sud
   *[north] Nord
  }
pit-label = case { $pit }, { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
  }{ $playable ->
    [yes] , jouable
   *[no] {""}
  }{ $suggested ->
    [yes] , suggérée
   *[no] {""}
  }

status-over = Partie terminée{ $last ->
    [none] {""}
   *[other] { " · " }dernier coup { $last }
  }
status-your-move = À vous de jouer ({ $side ->
    [south] Sud
   *[north] Nord
  }){ $last ->
    [none] {""}
   *[other] { " · " }dernier coup { $last }
  }
status-engine-down = En attente { $engine ->
    [songo] de l'ordinateur
   *[other] du moteur « { $engine } »
  } : relancez-le ci-dessous{ $last ->
    [none] {""}
   *[other] { " · " }dernier coup { $last }
  }
status-thinking = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } réfléchit…{ $last ->
    [none] {""}
   *[other] { " · " }dernier coup { $last }
  }
status-turn = À { $player } de jouer ({ $side ->
    [south] Sud
   *[north] Nord
  }){ $last ->
    [none] {""}
   *[other] { " · " }dernier coup { $last }
  }

you-played = Vous avez joué { $effect }
engine-played = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } a joué { $effect }
player-played = { $player } a joué { $effect }

result-final = { $winner ->
    [named] { $name } gagne ({ $side ->
        [south] Sud
       *[north] Nord
      })
    [you] Vous gagnez ({ $side ->
        [south] Sud
       *[north] Nord
      })
    [engine] { $engine ->
        [songo] L'ordinateur
       *[other] { $engine }
      } gagne ({ $side ->
        [south] Sud
       *[north] Nord
      })
   *[draw] Partie nulle
  } : { $reason }. Score final : Sud { $south } – Nord { $north }{ $variant ->
    [songo40] {""}
   *[other] {" "}(graines récoltées et graines restées dans son camp)
  }.
result-captured = { $winner ->
    [named] { $name } gagne ({ $side ->
        [south] Sud
       *[north] Nord
      })
    [you] Vous gagnez ({ $side ->
        [south] Sud
       *[north] Nord
      })
    [engine] { $engine ->
        [songo] L'ordinateur
       *[other] { $engine }
      } gagne ({ $side ->
        [south] Sud
       *[north] Nord
      })
   *[draw] Partie nulle
  } : { $reason }. Graines récoltées : Sud { $south } – Nord { $north }.

hint-thinking = Recherche d'un indice…
hint-ready = Indice : jouez { $pit }{ $scored ->
    [yes] { " " }(score { $score } pour vous)
   *[no] {""}
  }.
hint-failed = L'ordinateur n'a trouvé aucun coup à suggérer.

engine-failed-kept = { $why } La partie est conservée : relancez le moteur pour continuer.
engine-thinking = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } réfléchit…
engine-hinting = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } cherche un indice…
engine-ready = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } est prêt.
engine-hints-only = Entre deux joueurs, { $engine ->
    [songo] l'ordinateur
   *[other] { $engine }
  } ne joue pas : il ne donne que des indices.
engine-line = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } { $hinting ->
    [yes] cherche un indice
   *[no] réfléchit
  } : { $forced ->
    [yes] coup forcé
   *[no] profondeur { $depth }
  }{ $scored ->
    [yes] , score { $bound ->
        [lower] ≥{" "}
        [upper] ≤{" "}
       *[exact] {""}
      }{ $score } pour { $engine ->
          [songo] l'ordinateur
         *[other] { $engine }
        }
   *[no] {""}
  }, suite { $line }

pit-not-yours = La case { $pit } n'est pas à vous.
take-back-question = { $asker } demande à reprendre le dernier coup. { $other }, êtes-vous d'accord ?
take-back-accept = Oui, reprendre
take-back-refuse = Non
take-back-refused = Reprise refusée : le coup est maintenu.
pit-not-their-turn = Case { $pit } : c'est à { $player } de jouer.
move-shown-choose-again = Le dernier coup est maintenant affiché en entier : choisissez de nouveau votre case pour jouer.
take-back-done = Le dernier coup a été repris.
resign-question = { $player }, abandonnez-vous la partie ?
resign-yes = Oui, j'abandonne
resign-no = Non, continuer
new-game-question = Abandonner la partie en cours et en commencer une nouvelle ?
new-game-yes = Oui, nouvelle partie
new-game-no = Non, continuer

## Les parties

games-title = Vos parties
games-empty = Aucune partie terminée pour l'instant : chaque partie que vous terminez s'affiche ici.
import-games = Importer des parties
    .title = ajoute à la liste les parties terminées d'un fichier (des parties exportées, une sauvegarde) ; celles qui y sont déjà sont laissées de côté
export-games = Tout exporter
delete-game = Supprimer
    .title = retire cette partie de la liste ; Annuler la remet
game-deleted = Partie supprimée :
undo-delete = Annuler
games-entry = { NUMBER($day, minimumIntegerDigits: 2) }/{ NUMBER($month, minimumIntegerDigits: 2) }/{ NUMBER($year, useGrouping: 0) } · { $variant } · { $south } – { $north } · { $result } ({ $termination }), { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }

## Analyse

analysis-section =
    .aria-label = analyse
eval-bar =
    .title = évaluation, Sud en bas
eval-bar-south = Sud : { $score }
nav-first =
    .title = au début (touche Début)
nav-prev =
    .title = un coup en arrière (←)
nav-next =
    .title = un coup en avant (→)
nav-last =
    .title = à la fin (touche Fin)
analysis-flip = Retourner
play-from-here = Jouer à partir d'ici
analysis-engine = Moteur
analysis-lines = Suites
restart-analyst = Relancer
analysis-game-title = Partie
record-game = Partie du fichier
load-record = Ouvrir un fichier de parties
save-record = Enregistrer la partie
saved = Enregistrée :
moves-start = début

analysis-where = { $over ->
    [yes] Partie terminée ({ $at ->
        [start] début
       *[move] après { $move }
      })
   *[no] Au tour de { $side ->
        [south] Sud
       *[north] Nord
      } · { $variant } · { $at ->
        [start] début
       *[move] après { $move }
      }
  }
analysis-result = { $score } : { $reason }. Score final : Sud { $south } – Nord { $north }.

origin-start = La position de départ.
origin-set-up = Une position composée.
origin-play = La partie jouée{ $named ->
    [yes] { " " }(Sud { $south }, Nord { $north })
   *[no] {""}
  }{ $changed ->
    [yes] , modifiée
   *[no] {""}
  }.
origin-record = { $name }, partie { $game } sur { $games }{ $named ->
    [yes] { " " }(Sud { $south }, Nord { $north })
   *[no] {""}
  }{ $changed ->
    [yes] , modifiée
   *[no] {""}
  }.
origin-games = Vos parties, partie { $game } sur { $games }{ $named ->
    [yes] { " " }(Sud { $south }, Nord { $north })
   *[no] {""}
  }{ $changed ->
    [yes] , modifiée
   *[no] {""}
  }.
record-game-option = { $index }. { $south } – { $north } { $result } ({ $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  })

analyst-thinking = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } analyse…
analyst-reviewing = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } analyse la partie ; l'analyse de la position attend.
analyst-idle = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } est inactif.
analyst-off = { $engine ->
    [songo] L'ordinateur
   *[other] { $engine }
  } : arrêté.

line-forced = forcé
line-depth = profondeur { $depth }{ $seldepth ->
    [0] {""}
   *[other] /{ $seldepth }
  }
line-score = { $bound ->
    [lower] ≥{" "}
    [upper] ≤{" "}
   *[exact] {""}
  }{ $score }
    .title = pour { $side ->
        [south] Sud
       *[north] Nord
      }
line-wdl = victoire { $win } % · nulle { $draw } % · défaite { $loss } %
    .title = les chances de victoire, de nulle et de défaite pour { $side ->
        [south] Sud
       *[north] Nord
      }

explorer-title = Bibliothèque d'ouvertures
explorer-not-in-book = Absent de la bibliothèque.
explorer-empty-book = Absent de la bibliothèque : elle est vide.
explorer-move = Coup
explorer-depth = Profondeur
explorer-visits = Visites
explorer-score = Score ({ $side ->
    [south] Sud
   *[north] Nord
  })
explorer-score-cell = { $score }
    .title = pour { $side ->
        [south] Sud
       *[north] Nord
      }
explorer-play = Jouer { $move } : { $score } pour { $side ->
    [south] Sud
   *[north] Nord
  }, profondeur { $depth }, { $visits ->
    [one] { $visits } visite
   *[other] { $visits } visites
  }

tablebases-title = Tables de finales
tb-no-verdict = Pas de verdict : { $why }.
tb-move = { $pit } : { $worst ->
    [none] absent des tables
    [win] gain
    [draw] { $best ->
        [win] nulle ou gain
       *[draw] nulle
      }
   *[loss] { $best ->
        [win] perte, nulle ou gain
        [draw] perte ou nulle
       *[loss] perte
      }
  }

record-reading = Lecture de { $file }…
record-read = { $file } : { $games ->
    [one] { $games } partie
   *[other] { $games } parties
  }, chaque coup vérifié.
record-not-sent = { $file } n'a pas pu être envoyé.

review-title = Analyse de la partie
review-limit =
    .aria-label = durée par position
review-depth = profondeur { $depth }
review-movetime = { $seconds } s par position
review-this-game = Lancer l'analyse de la partie
cancel-review = Arrêter
review-graph =
    .aria-label = score au fil de la partie
review-graph-note = Score de Sud au fil de la partie (vers le haut : Sud mène, jusqu'à ±10 graines) ; les points marquent les coups ci-dessous. Cliquez pour y aller.
review-running = Analyse ({ $limit }) : { $done } positions sur { $total }…
review-done = Analyse terminée ({ $limit }). Sud : { $southInaccuracies ->
    [one] { $southInaccuracies } imprécision
   *[other] { $southInaccuracies } imprécisions
  }, { $southMistakes ->
    [one] { $southMistakes } erreur
   *[other] { $southMistakes } erreurs
  }, { $southBlunders ->
    [one] { $southBlunders } gaffe
   *[other] { $southBlunders } gaffes
  }. Nord : { $northInaccuracies ->
    [one] { $northInaccuracies } imprécision
   *[other] { $northInaccuracies } imprécisions
  }, { $northMistakes ->
    [one] { $northMistakes } erreur
   *[other] { $northMistakes } erreurs
  }, { $northBlunders ->
    [one] { $northBlunders } gaffe
   *[other] { $northBlunders } gaffes
  }.
review-failed = L'analyse a échoué : { $why }
review-cancelled = L'analyse a été arrêtée.
review-thresholds = graines perdues : imprécision { $inaccuracy }, erreur { $mistake }, gaffe { $blunder }
review-line = la suite du moteur à partir d'ici : { $line }
review-move = ({ $side ->
    [south] Sud
   *[north] Nord
  }) { $judgement ->
    [inaccuracy] imprécision
    [mistake] erreur
    [blunder] gaffe
   *[good] bon coup
  } : { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) ->
    [one] { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } graine perdue
   *[other] { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } graines perdues
  }{ $better ->
    [yes] , meilleur coup : { $best }
   *[no] {""}
  }
review-dot = { $move } : { $judgement ->
    [inaccuracy] imprécision
    [mistake] erreur
    [blunder] gaffe
   *[good] bon coup
  }

set-up-title = Composer une position
form-position = Position
set-up = Composer
editor-title = Modifier les cases et les graines récoltées
editor-apply = Composer avec ces nombres
editor-captured = Graines récoltées par { $side ->
    [south] Sud
   *[north] Nord
  }
editor-to-move = Au tour de { $side ->
    [south] Sud
   *[north] Nord
  }
editor-unplayed = Case 7 de { $side ->
    [south] Sud
   *[north] Nord
  } pas encore jouée
editor-bad-count = { $text } n'est pas un nombre de graines pour { $what ->
    [captured] les graines récoltées de { $side ->
        [south] Sud
       *[north] Nord
      }
   *[pit] la case { $pit }
  } : des graines entières seulement.
editor-total = { $state ->
    [ok] 70 graines en tout, comme dans chaque variante.
    [short] { $total } graines en tout : chaque variante en a 70, ajoutez-en { $diff }.
   *[over] { $total } graines en tout : chaque variante en a 70, retirez-en { $diff }.
  }

saved-set-aside = Votre partie enregistrée n'a pas pu être reprise ; elle a été mise de côté.

## Ce que dit la salle (Say de songo-room)

# Pourquoi une case ne peut pas être jouée.
pit-refused = Case { $pit } : { $why }.
game-over = la partie est terminée
not-yours = c'est une case de { $owner ->
    [south] Sud
   *[north] Nord
  }
empty-pit = elle est vide
must-feed = { $opponent ->
    [south] Sud n'a
   *[north] Nord n'a
  } plus de graines : vous devez le nourrir, et les graines de cette case n'atteignent pas son camp
feed-more = { $opponent ->
    [south] Sud n'a
   *[north] Nord n'a
  } plus de graines : vous devez le nourrir d'au moins 7 graines, ou d'autant que possible, et une autre case le nourrit davantage
interdit-solo = la case noble ne se joue avec une seule graine que si le coup récolte (Interdit Solo)
interdit-duo = la case noble ne se joue avec deux graines que si le coup récolte (Interdit Duo)
last-pit = la case 7 ne se joue qu'avec plus de 7 graines, avec ses 5 graines si elle n'a jamais été jouée, ou si c'est votre seule case qui a des graines
over-on-time = la partie est terminée : temps écoulé pour { $side ->
    [south] Sud
   *[north] Nord
  }
your-time-ran-out = la partie est terminée : votre temps est écoulé
engines-move = c'est à l'ordinateur de jouer
stale = coup non joué : le plateau a changé avant son arrivée (regardez à nouveau, puis jouez)
not-a-pit = « { $text } » n'est pas une case (A-G, a-g ou 1-7)

# Comment une partie s'est terminée.
end-threshold = seuil de récolte atteint
end-few-seeds = moins de 10 graines sur le plateau
end-empty-row = le joueur qui doit jouer n'a plus de graines
end-cannot-feed = le joueur qui doit jouer ne peut pas nourrir l'adversaire
end-repetition = position répétée trois fois
end-time = temps écoulé pour { $side ->
    [south] Sud
   *[north] Nord
  }
end-resigned = { $side ->
    [south] Sud
   *[north] Nord
  } a abandonné
end-resignation = abandon
end-time-forfeit = perte au temps
end-illegal-move = coup illégal
end-crash = le moteur a cessé de fonctionner
end-stall = le moteur n'a pas répondu
end-max-moves = limite de coups atteinte
end-other = { $text }
end-unfinished = non terminée

# Ce qu'a fait un coup (après « Vous avez joué »).
sown-no-capture = { $pit } : pas de récolte.
sown-to-store = { $pit } : { $seeds ->
    [one] { $seeds } graine récoltée
   *[other] { $seeds } graines récoltées
  } directement.
sown-captured = { $pit } : { $seeds ->
    [one] { $seeds } graine récoltée
   *[other] { $seeds } graines récoltées
  } dans { $pits }.
sown-captured-and-store = { $pit } : { $seeds ->
    [one] { $seeds } graine récoltée
   *[other] { $seeds } graines récoltées
  } dans { $pits }, et 1 récoltée directement.

# Les scores.
score-seeds = { SIGNED($seeds) }
score-win-in = gain en { $moves }
score-loss-in = perte en { $moves }
score-over = partie terminée
score-win = gain
score-loss = perte
score-tb-win = gain (tables)
score-tb-loss = perte (tables)

# Les moteurs.
engine-start-failed = { $engine ->
    [songo] L'ordinateur
   *[other] Le moteur « { $engine } »
  } n'a pas pu démarrer : { $why }.
engine-crashed = { $engine ->
    [songo] L'ordinateur
   *[other] Le moteur « { $engine } »
  } s'est arrêté brutalement (son programme s'est terminé).
engine-stalled = { $engine ->
    [songo] L'ordinateur
   *[other] Le moteur « { $engine } »
  } est bloqué (aucun coup en { $seconds } s).
engine-silent = { $engine ->
    [songo] L'ordinateur
   *[other] Le moteur « { $engine } »
  } ne répond pas.
engine-no-move = { $engine ->
    [songo] L'ordinateur
   *[other] Le moteur « { $engine } »
  } n'a donné aucun coup (« { $line } ») dans une partie qui continue.
engine-illegal-move = { $engine ->
    [songo] L'ordinateur
   *[other] Le moteur { $engine }
  } a joué un coup illégal « { $text } ».
engine-no-score = le moteur a répondu « { $line } » sans score au coup { $ply }

# Nouvelle partie, annulation du coup, indice.
unknown-variant = variante inconnue « { $text } »
unknown-side = le camp « { $text } » n'est ni Sud ni Nord
bad-level = le niveau { $level } n'est pas entre 1 et 10
no-engine = il n'y a pas de moteur { $engine }
think-with-clock = un temps de réflexion ne vaut que pour les parties sans pendule : avec une pendule, le moteur joue sur son propre temps
bad-think-time = un temps de réflexion de { NUMBER($ms, useGrouping: 0) } ms : il doit être de { NUMBER($min, useGrouping: 0) } à { NUMBER($max, useGrouping: 0) } ms
bad-clock-base = une pendule de { $ms } ms : le temps de base va de { $min } ms à { $max } ms
bad-clock-increment = un incrément de { $ms } ms : { $max } ms au plus
nothing-to-take-back = vous n'avez aucun coup à annuler
take-back-not-agreed = entre deux joueurs, une reprise demande l'accord des deux
lost-by-resignation = la partie a été perdue par abandon ({ $side ->
    [south] Sud
   *[north] Nord
  }) : commencez une nouvelle partie
bad-name = « { $name } » n'est pas un nom : une ligne de 1 à { $max } caractères
lost-on-time = la partie a été perdue au temps par { $side ->
    [south] Sud
   *[north] Nord
  } : commencez une nouvelle partie
hint-for-your-move = un indice ne se demande que lorsque c'est à vous de jouer
hint-engine-down = le moteur est arrêté : relancez-le pour obtenir un indice
bad-message = la page a envoyé un message que le jeu n'a pas pu lire
message-too-long = la page a envoyé un message trop long pour le jeu ({ NUMBER($bytes, useGrouping: 0) } octets, { NUMBER($max, useGrouping: 0) } au plus)

# Le plateau d'analyse.
bad-position = Position incorrecte : { $problem }.
position-fields = une position a 5 champs (cases, camp qui joue, graines récoltées de Sud et de Nord, indicateurs), pas { $found }
position-rows = le champ des cases « { $text } » n'est pas deux rangées de 7 nombres séparées par « / »
position-count = « { $text } » n'est pas un nombre de 0 à 70
position-total = les cases et les graines récoltées font { $total } graines en tout, pas 70
position-side = le camp qui joue « { $text } » n'est ni « s » ni « n »
position-flags = les indicateurs « { $text } » ne sont ni « Gg », ni « G », ni « g », ni « - »
no-such-ply = il n'y a pas de coup { $ply } dans la partie : elle compte { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
  }
over-here = La partie est terminée à ce moment-là.
bad-lines = { $lines } suites : de 1 à { $max }

# Les fichiers de parties et la liste des parties.
record-unreadable = ligne { $line }{ $game ->
    [0] {""}
   *[other] { " " }(partie { $game })
  } : { $problem }
record-empty = le fichier ne contient aucune partie
record-not-text = ce n'est pas du texte
record-bad-tag = une étiquette n'est pas écrite [Nom "valeur"]
record-tag-twice = l'étiquette { $tag } apparaît deux fois
record-tag-missing = la partie n'a pas d'étiquette { $tag }
record-tag-value = étiquette { $tag } incorrecte « { $value } »
record-token = « { $text } » n'est ni un coup (A-G, a-g), ni un numéro de coup, ni un résultat, ni un commentaire
record-comment = un commentaire ouvert par « {"{"} » sans « {"}"} » pour le fermer
record-no-result = les coups se terminent sans résultat (1-0, 0-1, 1/2-1/2 ou *)
record-illegal = le coup { $ply } ({ $pit }) est illégal
record-after-end = le coup { $ply } ({ $pit }) vient après la fin de la partie
record-disagrees = le résultat ne correspond pas aux coups
record-other = le fichier n'est pas une partie
record-move-bad = coup { $ply } : { $problem }
no-loaded-game = aucune partie { $index } n'est chargée
no-finished-game = il n'y a pas de partie terminée { $index }
no-finished-game-id = il n'y a pas de partie terminée { $game }
finished-does-not-replay = la partie { $index } ne peut pas être rejouée
nothing-to-export = Aucune partie terminée à exporter pour l'instant.
games-imported = { $imported ->
    [0] Aucune partie importée
    [one] Une partie importée
   *[other] { $imported } parties importées
  }{ $duplicates ->
    [0] {""}
    [one] , une déjà dans la liste
   *[other] , { $duplicates } déjà dans la liste
  }{ $unfinished ->
    [0] {""}
    [one] , une non terminée (laissée de côté)
   *[other] , { $unfinished } non terminées (laissées de côté)
  }.
archive-failed = Une partie terminée n'a pas pu être enregistrée ({ $detail }). Elle reste dans la liste pour l'instant, mais peut être perdue à l'arrêt de la page ou du serveur : exportez vos parties pour en garder une copie.
nothing-deleted = Aucune partie supprimée à remettre.
delete-failed = La partie n'a pas pu être retirée des parties enregistrées ({ $detail }) ; elle peut revenir au redémarrage du serveur.
state-not-kept = La partie en cours ne peut pas être enregistrée ({ $detail }). Un nouvel essai est fait à chaque changement ; d'ici là, elle ne survivrait pas à un redémarrage.
file-too-large = le fichier dépasse { $mib } MiB
file-refused = { $file } : { $problem }

# Les analyses de partie.
bad-review-limit = une analyse demande une profondeur de 1 à { $max_depth } ou un temps par position de { $min_ms } à { NUMBER($max_ms, useGrouping: 0) } ms, pas les deux
nothing-to-review = La partie n'a aucun coup à analyser.
no-review-running = Aucune analyse en cours.
limit-depth = profondeur { $depth }
limit-movetime = { NUMBER($ms, useGrouping: 0) } ms par position

# Les tables de finales.
tb-verdict = { $side ->
    [south] Sud
   *[north] Nord
  } : { $worst ->
    [win] gain
    [draw] { $best ->
        [win] nulle ou gain
       *[draw] nulle
      }
   *[loss] { $best ->
        [win] perte, nulle ou gain
        [draw] perte ou nulle
       *[loss] perte
      }
  } ({ $share ->
    [true] part du joueur qui doit jouer : { $lo } sur { $seeds } graines
   *[false] écart gagné par le joueur qui doit jouer : { SIGNED($lo, decimals: 0) } sur { $seeds } graines
  })
tb-game-over = la partie est terminée
tb-no-tables = pas de tables pour { $variant }
tb-too-many-seeds = { $seeds } graines sur le plateau : les tables de { $variant } vont de 10 à { $max }
tb-pit-seven-unplayed = une case 7 pas encore jouée : les tables de Songo 40 ne couvrent que les positions où les deux ont été jouées
tb-repetition = une position avec autant de graines est déjà apparue deux fois dans cette partie : une répétition peut décider, les tables ne s'appliquent pas
tb-unreadable = la table à { $seeds } graines de { $variant } est illisible

## Les règles pour les joueurs

rules-intro = Le Songo est le jeu de semailles des Fang et des Beti. Voici ses règles, avec un petit plateau pour chaque idée : appuyez sur « Montrer » pour voir le coup joué.
rules-reference = Les règles complètes, pour les auteurs de moteurs (en anglais)
rules-show = Montrer
rules-again = Montrer encore

rules-board-title = Le plateau
rules-board-text =
    Le plateau a deux rangées de sept cases, avec cinq graines dans chaque case : 70 graines en tout.
    Sud possède la rangée de A à G, Nord la rangée de a à g.
    Sud joue en premier, puis chacun joue à son tour.
    Les graines tournent toujours dans le même sens, contraire aux aiguilles d'une montre :
    le long de votre rangée jusqu'à votre case 7, puis dans le camp adverse de sa case 1
    à sa case 7, puis de nouveau chez vous. Pour Sud : A, B … G, puis a, b … g, puis A.
    Chacun compte ses cases de 1 à 7 dans ce sens : A est la case 1 de Sud et G sa case 7 ;
    a est la case 1 de Nord et g sa case 7. La case 7 est la case noble : elle a ses propres règles.

rules-sowing-title = Semer
rules-sowing-text =
    À votre tour, choisissez une de vos cases qui n'est pas vide. Prenez toutes ses graines
    et semez-les une à une dans les cases suivantes, une graine par case, dans le sens du jeu.
    La case que vous avez vidée ne reçoit rien, même quand les graines font le tour.
rules-sowing-text-2 =
    Une case de plus de 13 graines (un grenier) fait le tour du plateau. Le premier tour
    met une graine dans chacune des 13 autres cases. Ensuite, les graines qui restent vont
    seulement dans le camp adverse, de sa case 1 à sa case 7, tour après tour : votre
    rangée ne reçoit plus rien.
    Songo 40 seulement : si un nouveau tour va commencer et qu'il ne reste qu'une graine
    (avec 14, 21 ou 28 graines), vous la récoltez directement et le coup s'arrête là, sans
    autre récolte. C'est le gain direct.

rules-capture-title = Récolter
rules-capture-text =
    Regardez où tombe votre dernière graine. Si elle tombe chez l'adversaire et que cette
    case a maintenant 2, 3 ou 4 graines, vous les récoltez. Regardez ensuite la case juste
    avant, vers sa case 1 : si elle a aussi 2, 3 ou 4 graines, vous la raflez aussi, et
    ainsi de suite. La rafle s'arrête à la première case qui a 0, 1 ou plus de 4 graines,
    ou après sa case 1. On ne récolte jamais dans son propre camp.
rules-capture-text-2 =
    Interdit Sec : on ne peut pas récolter les sept cases de l'adversaire d'un seul coup.
    Dans ce cas, rien n'est récolté, mais les graines restent semées. Une récolte plus
    petite qui vide son camp est permise.
    Songo 40 seulement : la case 1 de l'adversaire ne se récolte jamais seule ; elle se
    récolte avec sa case 2 quand la rafle prend les deux.

rules-feeding-title = Nourrir l'adversaire
rules-feeding-text =
    Quand votre adversaire n'a plus aucune graine dans son camp, vous devez le nourrir :
    jouez une case dont les graines arrivent chez lui. En Songo 40 et en Songo 36 · Débutant,
    une graine suffit. En Songo 36 · Amateur, il faut lui en donner au moins sept ; si aucun
    coup ne le peut, jouez un coup qui lui en donne le plus possible.
    Nourrir passe en premier : tant que l'adversaire doit être nourri, les règles de la
    case noble ne comptent pas, et tout coup qui le nourrit est permis.
    Si aucun coup ne peut le nourrir, la partie est finie.

rules-noble-title = La case noble (case 7)
rules-noble-text =
    Songo 36 : la case noble est G pour Sud et g pour Nord. Quand elle n'a qu'une graine,
    vous ne pouvez pas la jouer, sauf si cette graine récolte (Interdit Solo).
    En Songo 36 · Amateur, c'est pareil avec deux graines (Interdit Duo), sauf si le coup
    récolte (Capture Duo). Une récolte annulée par l'Interdit Sec ne compte pas.
    Si vous n'avez pas d'autre coup, vous devez la jouer. En Songo 36 · Amateur, une graine
    seule jouée ainsi n'est pas semée : elle va directement dans vos récoltes (Capture Solo).
    Sinon, elle est semée comme d'habitude.
rules-noble-text-2 =
    Songo 40 : vous ne pouvez jouer votre case 7 (G ou g) que si elle a plus de 7 graines,
    ou exactement 5 graines et que vous ne l'avez encore jamais jouée dans la partie, ou si
    c'est la seule de vos cases qui a encore des graines.

rules-end-title = Fin de partie et score
rules-end-text =
    La partie s'arrête après un coup dès qu'un joueur a récolté plus de 35 graines en
    Songo 36, ou 40 graines ou plus en Songo 40 ; ou qu'il reste moins de 10 graines sur
    le plateau ; ou que le joueur qui doit jouer n'a plus de graine dans son camp, ou doit
    nourrir l'adversaire et ne le peut pas ; ou que la même position, avec le même joueur qui
    doit jouer, revient pour la troisième fois. Cette dernière règle est celle du programme :
    les règles écrites n'en disent rien.
rules-end-text-2 =
    Songo 36 : chaque joueur ajoute à ses récoltes les graines restées dans son camp.
    Plus de 35 graines, c'est gagné ; 35 partout, la partie est nulle.
    Songo 40 : seules les graines récoltées comptent ; les graines restées sur le plateau
    ne sont à personne. Avec 5 graines d'avance ou plus, on gagne ; avec moins, la partie
    est nulle.

rules-diagram-start = Le départ : cinq graines dans chaque case, 70 en tout. Sud joue en premier.
rules-diagram-sow = C sème ses cinq graines, une dans chaque case qui suit : D, E, F, G, puis a chez Nord.
rules-diagram-sow-lap = D a 16 graines. Le premier tour en met une dans chacune des 13 autres cases, en sautant D. Les 3 qui restent vont seulement chez Nord : a, b et c reçoivent une deuxième graine.
rules-diagram-direct-gain = Songo 40 : B a 14 graines. Après le premier tour, il en reste une : Sud la récolte directement (gain direct) au lieu de la semer.
rules-diagram-capture = E sème jusqu'à b, qui a maintenant 2 graines : Sud les récolte. Juste avant, a n'a qu'une graine : la récolte s'arrête là.
rules-diagram-capture-chain = F sème jusqu'à d. La case d a 3 graines, c en a 2 et b en a 4 : Sud rafle les trois cases, 9 graines. La case a en a 5 : la rafle s'arrête.
rules-diagram-grand-slam = F sème dans toutes les cases de Nord, et chacune finit avec 2 à 4 graines. Récolter les sept est interdit (Interdit Sec) : rien n'est récolté, mais les graines restent semées.
rules-diagram-feed = Nord n'a plus de graines. Seule la case F envoie une graine chez Nord : Sud doit la jouer.
rules-diagram-noble-solo = Songo 36 : G n'a qu'une graine, et elle ne récolterait rien (a aurait 5 graines). Sud a d'autres coups : G est interdite (Interdit Solo).
rules-diagram-pit7-songo40 = Songo 40 : G a 6 graines. Ce n'est ni plus de 7, ni 5 graines dans une case jamais jouée, et Sud a d'autres cases avec des graines : G ne peut pas être jouée.
rules-diagram-end-40 = Songo 40 : F récolte les 3 graines de b. Sud arrive à 40 : la partie s'arrête. 40 contre 18, c'est 5 d'avance ou plus : Sud gagne. Les 12 graines restées sur le plateau ne comptent pour personne.
rules-diagram-end-36 = Songo 36 : F récolte les 2 graines de a. Il ne reste que 9 graines sur le plateau : la partie s'arrête. Sud : 32 récoltées + 5 dans son camp = 37. Nord : 29 + 4 = 33. Sud gagne.

## Apprendre : les leçons (crates/songo-learn/lessons/lessons.json nomme leurs textes)

tab-learn = Apprendre
learn-section =
    .aria-label = leçon
lessons-title = Leçons
lesson-number = Leçon { $n } sur { $total }
lesson-progress = { $solved } sur { $total } réussies
lesson-again = Recommencer
lesson-next = Leçon suivante
lesson-solved-mark = (réussie)
lesson-end = Fin de partie ({ $how }). Score final : Sud { $south }, Nord { $north }.
no-such-lesson = pas de leçon « { $lesson } » dans { $variant }
no-such-theme = pas de thème de problème « { $theme } »
bad-difficulty = une difficulté va de 1 à { $max }
no-puzzles = Aucun problème de { $variant ->
    [songo40] Songo 40
    [songo36-beginner] Songo 36 · Débutant
   *[songo36-amateur] Songo 36 · Amateur
  } n'a ce thème et cette difficulté : choisissez-en d'autres.
no-review-done = Lancez d'abord l'analyse d'une de vos parties (onglet Analyse, puis « Lancer l'analyse de la partie ») : ses erreurs deviennent ici des exercices.
no-mistakes = L'analyse n'a trouvé aucune erreur de votre part dans cette partie.
no-such-exercise = Il n'y a pas d'exercice { $index }.
review-under-way = Une analyse est en cours : répondez quand elle sera finie.

learn-parts =
    .aria-label = apprendre
learn-part-lessons = Leçons
learn-part-puzzles = Problèmes
learn-part-mistakes = Vos erreurs
puzzle-section =
    .aria-label = problème
puzzles-title = Problèmes
puzzle-theme = Thème
puzzle-difficulty = Difficulté
puzzle-any-theme = Tous
puzzle-any-difficulty = Toutes
puzzle-theme-count = { $theme } ({ $count })
puzzle-difficulty-n = { $n } sur 7
puzzle-rating = Votre classement : { $rating }{ $change ->
    [up] {" "}(+{ $delta })
    [down] {" "}(−{ $delta })
   *[none] {""}
  }
puzzle-streak = Réussis d'affilée : { $streak }
puzzle-rating-help = Votre classement mesure votre niveau d'après vos résultats : il part de 1500, bouge beaucoup au début, puis se stabilise. La difficulté 1 vaut 1000, la difficulté 7 vaut 1900. Un problème trouvé sans mauvais coup le fait monter ; un mauvais coup le fait baisser.
puzzle-progress = { $played } sur { $total } { $played ->
    [one] vu
   *[other] vus
  }
puzzle-progress-again = Vous les aviez tous vus : ils recommencent ({ $played } sur { $total } { $played ->
    [one] vu
   *[other] vus
  }).
puzzle-info = Difficulté { $difficulty } sur 7 · { $themes }
puzzle-task = Vous jouez { $side ->
    [south] Sud
   *[north] Nord
  } : trouvez le meilleur coup.
puzzle-step = Trouvez le coup { $n } sur { $steps }.
puzzle-step-first = La suite compte { $steps } coups à trouver : trouvez le premier.
puzzle-step-reply = { $side ->
    [south] Sud
   *[north] Nord
  } a répondu { $pit } : trouvez le coup { $n } sur { $steps }.
puzzle-solved = Réussi !
puzzle-failed = Pas cette fois.
puzzle-wrong = La case { $pit } n'est pas le bon coup ici.{ $last ->
    [yes] {""}
   *[no] {" "}Essayez encore une fois.
  }
puzzle-solved-text = { $clean ->
    [yes] Vous avez trouvé toute la suite ({ $line }). Revoyez-la, ou passez au problème suivant.
   *[no] Suite trouvée ({ $line }) après un mauvais coup : votre classement compte ce problème comme manqué.
  }
puzzle-failed-text = Le coup était { $pit }. Regardez toute la suite : { $line }.
puzzle-replay = Revoir la suite
puzzle-next = Problème suivant
theme-capture = Récolte
theme-quiet = Coup sans récolte
theme-chain-capture = Rafle
theme-second-lap = Deuxième tour
theme-feeding = Solidarité
theme-noble-pit = Case noble
theme-tablebase = Finale résolue
theme-interdit-sec = Interdit Sec
exercise-section =
    .aria-label = exercice
mistakes-title = Vos erreurs
mistakes-help = Analysez une de vos parties (Analyse, puis Lancer l'analyse de la partie) : chacune de vos erreurs devient ici un exercice.
mistakes-start = S'exercer sur les erreurs de la dernière analyse
practise-mistakes = S'exercer sur vos erreurs
mistakes-progress = { $solved } sur { $total } réussis
exercise-none = Pas encore d'exercice.
exercise-item = { $move } : { $judgement ->
    [blunder] gaffe
   *[mistake] erreur
  }{ $solved ->
    [yes] {" "}✓
   *[no] {""}
  }
exercise-number = Exercice { $n } sur { $total } · coup { $move }
exercise-title = Dans la partie, vous avez joué { $played } : { $judgement ->
    [blunder] une gaffe
   *[mistake] une erreur
  } ({ NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) ->
    [one] { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } graine perdue
   *[other] { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } graines perdues
  }).
exercise-task = Vous jouez { $side ->
    [south] Sud
   *[north] Nord
  } : trouvez un meilleur coup.
exercise-judging = L'ordinateur juge { $pit }…
exercise-verdict = L'ordinateur juge { $pit } : { $judgement ->
    [good] un bon coup{ $better ->
        [yes] , aussi bon que son { $best }
       *[no] {""}
      }. Bien trouvé !
    [inaccuracy] une imprécision, { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } graines perdues{ $better ->
        [yes]  ; meilleur : { $best }
       *[no] {""}
      }.
    [mistake] une erreur, { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } graines perdues{ $better ->
        [yes]  ; meilleur : { $best }
       *[no] {""}
      }.
   *[blunder] une gaffe, { NUMBER($loss, minimumFractionDigits: 2, maximumFractionDigits: 2) } graines perdues{ $better ->
        [yes]  ; meilleur : { $best }
       *[no] {""}
      }.
  }
exercise-again = Réessayer
exercise-next = Exercice suivant

lesson-sow-title = Semer
lesson-sow-task = Semez depuis C : touchez votre case C, la troisième de votre camp. Ses graines vont une à une dans les cases qui suivent.
lesson-sow-wrong = Ce n'est pas C. Vos cases vont de A à G, de gauche à droite dans votre camp : C est la troisième.
lesson-sow-done = Les cinq graines de C sont allées une par une dans D, E, F, G et la case a de Nord. La case vidée reste vide.
lesson-capture-title = Récolter
lesson-capture-task = Récoltez : trouvez le coup dont la dernière graine laisse 2, 3 ou 4 graines dans une case de Nord.
lesson-capture-wrong = Pas celui-là : la dernière graine doit tomber chez Nord et laisser 2, 3 ou 4 graines dans sa case.
lesson-capture-done = La dernière graine de E est tombée dans c, qui avait alors 2 graines : vous les avez récoltées.
lesson-chain-title = Deux cases d'un coup
lesson-chain-task = Récoltez deux cases de Nord d'un seul coup.
lesson-chain-wrong = Ce coup ne prend qu'une case. Après une récolte, la case d'avant est prise aussi si elle a de 2 à 4 graines : trouvez un coup qui rafle plus loin.
lesson-chain-done = E a fini dans c (2 graines), et b juste avant en avait 2 aussi : vous avez raflé les deux, 4 graines. La rafle s'est arrêtée à a, qui en avait 6.
lesson-grenier-title = Le grenier fait le tour
lesson-grenier-task = Jouez A, votre grenier de 17 graines, et regardez où vont les graines après le premier tour.
lesson-grenier-wrong = Jouez A, la case qui a 17 graines.
lesson-grenier-done = Le premier tour a mis une graine dans chacune des 13 autres cases. Les 4 graines restantes sont allées seulement chez Nord, de a à d, jamais dans votre camp. d a fini avec 2 graines, c, b et a avec 3 : vous avez récolté 11 graines.
lesson-direct-gain-title = Le gain direct
lesson-direct-gain-task = Songo 40 : jouez A, votre case de 14 graines, et regardez la dernière graine.
lesson-direct-gain-wrong = Jouez A, la case qui a 14 graines.
lesson-direct-gain-done = 13 graines ont fait le premier tour. La quatorzième aurait commencé un nouveau tour : au Songo 40 vous la récoltez tout de suite (gain direct), et le coup s'arrête là.
lesson-grand-slam-title = L'Interdit Sec
lesson-grand-slam-task = Récoltez le plus de graines possible. Attention : un coup qui prendrait les sept cases de Nord ne prend rien.
lesson-grand-slam-wrong = Pas celui-là. Un coup qui prendrait les sept cases de Nord ne récolte rien du tout (Interdit Sec) : trouvez le coup qui récolte le plus.
lesson-grand-slam-done = E a pris a et b, 4 graines. F aurait laissé 2 graines dans chacune des sept cases de Nord : Interdit Sec, rien de récolté.
lesson-c1-exception-title = La première case de Nord
lesson-c1-exception-task = Songo 40 : récoltez la case a de Nord.
lesson-c1-exception-wrong = Au Songo 40, la case a de Nord n'est jamais récoltée seule : elle n'est prise qu'avec b dans une rafle.
lesson-c1-exception-done = D a fini dans b (2 graines), et a juste avant en avait 2 : la rafle a pris les deux. F aurait laissé 2 graines dans a seule, ce que le Songo 40 ne récolte pas.
lesson-feed-title = Nourrir l'adversaire
lesson-feed-task = Nord n'a plus de graines. Vous devez le nourrir : jouez un coup qui envoie des graines chez Nord.
lesson-feed-wrong = Ce coup n'atteint pas le camp de Nord.
lesson-feed-done = F a envoyé des graines dans a et b : Nord peut rejouer. Quand personne ne peut nourrir un adversaire vide, la partie s'arrête.
lesson-feed-seven-title = Nourrir de sept graines
lesson-feed-seven-task = Amateur : Nord n'a plus de graines. Nourrissez-le d'au moins sept graines, puisqu'un coup le peut.
lesson-feed-seven-wrong = Ce coup nourrit de trop peu de graines.
lesson-feed-seven-done = Les neuf graines de E sont allées dans F, G et les sept cases de Nord. En Amateur, il faut nourrir de sept graines quand un coup le peut ; sinon du plus grand nombre qu'un coup donne.
lesson-noble-forbidden-title = Une case interdite : pourquoi ?
lesson-noble-forbidden-task = Votre case noble G n'a qu'une graine. Essayez-la : les règles l'interdisent ici. Puis récoltez avec une autre case.
lesson-noble-forbidden-wrong = Ce coup ne récolte rien. Trouvez le coup qui récolte.
lesson-noble-forbidden-done = La graine seule de G n'aurait rien récolté : elle était donc interdite (Interdit Solo). F a fini dans d et récolté 2 graines.
lesson-noble-capture-title = La case noble qui récolte
lesson-noble-capture-task = Votre case noble G a une graine, et la case a de Nord en a une. Récoltez avec G.
lesson-noble-capture-wrong = Jouez G : la graine seule de la case noble peut être jouée quand elle récolte.
lesson-noble-capture-done = La graine de G a laissé 2 graines dans a : récoltées. La graine seule de la case noble peut être jouée quand elle récolte.
lesson-noble-duo-title = L'Interdit Duo
lesson-noble-duo-task = Amateur : votre case noble G a deux graines. Essayez-la, puis récoltez avec une autre case.
lesson-noble-duo-wrong = Ce coup ne récolte rien. Trouvez le coup qui récolte.
lesson-noble-duo-done = En Amateur, les deux graines de la case noble ne peuvent être jouées que si elles récoltent (Interdit Duo). F a récolté les 2 graines de d.
lesson-noble-forced-title = Le seul coup
lesson-noble-forced-task = Votre seule graine est dans votre case noble G. Jouez-la.
lesson-noble-forced-wrong = Jouez G, votre seule case qui a une graine.
lesson-noble-forced-done = Quand la case noble est votre seul coup, vous la jouez même si elle ne récolte rien : sa graine est semée dans a.
lesson-capture-solo-title = La Capture Solo
lesson-capture-solo-task = Amateur : votre seule graine est dans votre case noble G. Jouez-la.
lesson-capture-solo-wrong = Jouez G, votre seule case qui a une graine.
lesson-capture-solo-done = En Amateur, la graine seule de la case noble, jouée parce qu'il le faut, n'est pas semée : elle va droit dans vos graines récoltées (Capture Solo).
lesson-last-pit-title = La case C7
lesson-last-pit-task = Songo 40 : essayez votre dernière case G (3 graines), puis récoltez avec une autre case.
lesson-last-pit-wrong = Ce coup ne récolte rien. Trouvez le coup qui récolte.
lesson-last-pit-done = Au Songo 40, G ne se joue qu'avec plus de 7 graines, avec ses 5 graines de départ si elle n'a jamais été jouée, ou quand c'est votre seule case qui a des graines. F a récolté les 2 graines de d.
lesson-end-36-title = La fin de partie
lesson-end-36-task = Vous avez 34 graines. Gagnez la partie en un coup.
lesson-end-36-wrong = Ce coup ne gagne pas encore. Au Songo 36, plus de 35 graines récoltées arrêtent la partie.
lesson-end-36-done = 36 graines récoltées, c'est plus de 35 : la partie est finie, et vous gagnez.
lesson-end-40-title = La fin de partie
lesson-end-40-task = Songo 40 : vous avez 37 graines, Nord 20. Gagnez en un coup.
lesson-end-40-wrong = Ce coup ne gagne pas encore. Au Songo 40, la partie s'arrête à 40 graines récoltées.
lesson-end-40-done = À 40 graines récoltées, la partie est finie. Seules les graines récoltées comptent, et 5 d'avance ou plus gagnent : 40 contre 20.
lesson-end-few-36-title = Peu de graines
lesson-end-few-36-task = Il ne reste que 12 graines sur le plateau. Finissez la partie par une récolte.
lesson-end-few-36-wrong = Ce coup ne finit pas la partie : il faut qu'il reste moins de 10 graines sur le plateau.
lesson-end-few-36-done = Il reste 7 graines, moins de 10 : la partie est finie. Au Songo 36, chacun ajoute les graines restées dans son camp : 35 + 6 = 41 pour vous, 28 + 1 = 29 pour Nord.
lesson-end-few-40-title = Peu de graines
lesson-end-few-40-task = Il ne reste que 12 graines sur le plateau. Finissez la partie par une récolte.
lesson-end-few-40-wrong = Ce coup ne finit pas la partie : il faut qu'il reste moins de 10 graines sur le plateau.
lesson-end-few-40-done = Il reste 7 graines, moins de 10 : la partie est finie. Au Songo 40, les graines restées n'appartiennent à personne : 35 contre 28, c'est 7 d'avance, et vous gagnez.
