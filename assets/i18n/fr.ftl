# Wocable — textes de l'interface, français.

back = Retour
copied = Copié
cancel = Annuler
bingo = BINGO !
default-human-name = Vous

## Accueil
home-tagline = Le jeu de lettres en grille. Jouez contre l'ordinateur ou passez l'appareil à tour de rôle.
home-continue = Continuer
home-new-game = Nouvelle partie
home-dictionary = Dictionnaire
home-settings = Réglages
home-how-to-play = Comment jouer
home-online = En ligne
home-trace = Trace
home-rejoin = Reprendre la partie en ligne
damaged-game = La partie enregistrée n'a pas pu être lue : { $why }.
damaged-round = La manche de Trace en cours n’a pas pu être lue : { $why }.
damaged-settings = Les réglages n'ont pas pu être lus : { $why }. Les réglages par défaut sont utilisés.
damaged-account = Votre compte en ligne n’a pas pu être lu : { $why }. Votre code de récupération le ramène.
damaged-unreadable = le fichier est tronqué ou abîmé
damaged-newer = le fichier vient d'une version plus récente de Wocable
damaged-against-the-rules = ses coups enfreignent les règles
damaged-kept = Le fichier est conservé sous le nom { $file }.
damaged-not-kept = Il n'a pas pu être mis de côté.
damaged-dismiss = Compris

## Le titre de la fenêtre (l’onglet du navigateur)
title-home = Wocable
title-home-saved = Wocable — { home-continue } : { $scores }
title-page = { $page } — Wocable
title-your-turn = À vous · { $scores }

## Nouvelle partie
new-game-title = Nouvelle partie
new-game-rules = Règles
new-game-language = Langue des mots
new-game-word-list = Liste de mots
word-list-standard = Standard
word-list-family = Famille
new-game-players = Joueurs
new-game-add-player = Ajouter un joueur
new-game-clock = Temps par coup
new-game-start = Commencer
clock-none = Sans limite
clock-minutes = { $minutes } min
seat-human = Humain
seat-remote = Joueur en ligne
seat-computer = Ordinateur
level-beginner = Débutant
level-casual = Amateur
level-strong = Fort
level-champion = Champion
rules-wocable = Wocable
rules-webfeud = Webfeud
rules-remote = Remote
rules-wocable-summary = De 2 à 4 joueurs, plateau classique, bonus de 50 points. Vous pouvez échanger autant de lettres qu'il en reste dans le sac. Un mot absent du dictionnaire est refusé et vous réessayez. La partie s'arrête après quatre passes de suite ; les chevalets ne comptent pas.
rules-webfeud-summary = 2 joueurs, plateau et lettres Webfeud, bonus de 40 points. Échanger demande 7 lettres dans le sac ; les lettres rendues y retournent d'abord et peuvent revenir aussitôt. Trois passes de suite terminent la partie ; ce qui reste sur chaque chevalet est déduit.
rules-remote-summary = De 2 à 4 joueurs, plateau classique, bonus de 50 points. Pour échanger, il faut 7 lettres dans le sac. Jouer un mot absent du dictionnaire fait perdre le tour et compte comme une passe. La partie s'arrête quand chacun a passé deux fois de suite, ou quand le sac est vide et que personne ne peut jouer ; les chevalets sont déduits.
language-en = Anglais
language-es = Espagnol
language-fr = Français

## Problèmes de préparation
error-no-human = Ajoutez au moins un joueur humain.
error-player-count = Ces règles sont pour { $min } à { $max } joueurs.
error-player-count-exact = Ces règles sont pour { $count } joueurs.
error-same-name = Deux joueurs s'appellent { $name }.
error-bad-name = Un nom est un seul mot sans espace, pas « { $name } ».
error-bad-setup = Cette partie ne peut pas être préparée.

## Pourquoi un coup est refusé
error-game-over = La partie est terminée.
error-not-your-turn = Ce n'est pas votre tour.
error-player-left = Vous avez quitté cette partie.
error-no-tiles = Posez au moins une lettre sur le plateau.
error-bad-move = Ce coup ne peut pas être joué.
error-cell-taken = La case { $square } est déjà prise.
error-not-in-line = Les lettres doivent être sur une seule ligne ou colonne.
error-gap = Les lettres laissent un trou.
error-not-connected = Le mot doit toucher une lettre déjà posée.
error-first-move-centre = Le premier mot doit couvrir l'étoile centrale.
error-first-move-short = Le premier mot demande au moins deux lettres.
error-not-in-lexicon = { $count ->
    [one] { $words } n'est pas dans le dictionnaire.
   *[other] { $words } ne sont pas dans le dictionnaire.
}
error-left-out = { $count ->
    [one] { $words } est exclu de la liste de mots famille.
   *[other] { $words } sont exclus de la liste de mots famille.
}
error-tile-not-on-rack = La lettre { $tile } n'est pas sur votre chevalet.
error-nothing-to-exchange = Choisissez au moins une lettre à échanger.
error-exchange-not-allowed = Échange impossible : { $bag ->
    [one] le sac a { $bag } lettre
   *[other] le sac a { $bag } lettres
} et il en faut { $needed }.

## La partie
premium-double-letter = LD
premium-triple-letter = LT
premium-double-word = MD
premium-triple-word = MT
action-play = Jouer
action-recall = Reprendre
action-shuffle = Mélanger
action-exchange = Échanger
action-pass = Passer
action-hint = Indice
action-resign = Abandonner
action-details = Coups
action-home = Menu
action-pause = Pause
status-your-turn = À vous : faites glisser des lettres sur le plateau.
status-thinking = { $player } réfléchit…
status-to-play = À { $player } de jouer.
preview-valid = { $words } : { $score } points
preview-bingo = Bingo ! { $words } : { $score } points
preview-blank = Choisissez la lettre du joker.
bag-count = Lettres dans le sac : { $count }
unseen-tiles = Lettres non vues
move-log = Coups
chat-title = Discussion
chat-mute = Couper
chat-mute-player = Couper { $name }
chat-report = Signaler
chat-reported = signalé
chat-hint = Écrivez quelque chose…
chat-send = Envoyer
chat-length = Une ligne a au plus 200 caractères.
chat-offensive = Cette ligne contient un mot offensant.
chat-too-fast = Doucement : une ligne toutes les quelques secondes.
chat-refused = Le serveur a refusé.
log-played = { $player } : { $word } { $score }
log-withdrawn = { $player } : { $words } absent du dictionnaire, tour perdu
log-exchanged = { $player } a échangé { $count }
log-passed = { $player } a passé
log-resigned = { $player } a abandonné
log-timed-out = { $player } a dépassé le temps
log-rack-counted = { $player } : { $points } pour le chevalet
log-game-over = Fin de la partie
notice-play-withdrawn = { $player } a joué { $words }, absent du dictionnaire : le tour est perdu.
handover-title = Passez l'appareil à { $player }
handover-hint = Ses lettres restent cachées jusqu'à ce qu'il soit prêt.
handover-ready = Je suis { $player } : montrer mes lettres
paused-title = Partie en pause
paused-hint = La pendule est arrêtée et le jeu caché.
paused-resume = Reprendre
blank-title = Quelle lettre pour le joker ?
exchange-title = Choisissez les lettres à échanger
exchange-confirm = Échanger { $count }
resign-title = Abandonner cette partie ?
resign-hint = Vous perdez la partie ; à plus de deux, les autres continuent.
resign-confirm = Abandonner

## Résultats
results-title = Fin de la partie
results-winner = { $name } gagne !
results-player = Joueur
results-score = Score
results-best-play = Meilleur coup : { $move }
results-bingos = Bingos
results-left = parti
results-pair-win = { $first } bat { $second }
results-pair-draw = { $first } et { $second } à égalité
results-review = Revoir chaque coup
results-reviewing = Recherche du meilleur coup de chaque tour…
results-no-play = pas de mot
results-played = Joué
results-best = Meilleur
results-played-move = Joué : { $move }
results-best-move = Meilleur : { $move }
results-withdrawn = pas dans le dictionnaire
results-turn = Tour { $turn }
results-review-hint = Touchez le numéro d'un tour pour le voir sur le plateau.
results-no-move = aucun coup possible
results-bag-verified = Sac vérifié : chaque tuile a été tirée de la graine promise avant le début de la partie.
results-bag-not-verified = Sac non vérifié : les tirages ne correspondent pas à la graine promise avant le début de la partie.
results-rematch = Revanche
results-no-rematch = Pas de revanche
results-rematch-wanted = Revanche voulue par { $names }.
results-rematch-waiting = Revanche demandée : on attend les autres…
results-rematch-starting = Tout le monde veut la revanche : elle commence…
results-rematch-declined = { $name } ne veut pas de revanche.
results-rematch-refused = Vous avez refusé la revanche.
results-home = Accueil

## Dictionnaire
dictionary-title = Dictionnaire
dictionary-check = Vérifier
dictionary-prefix = Commence par
dictionary-pattern = Motif
dictionary-anagrams = Anagrammes
dictionary-check-help = Ce mot est-il dans le dictionnaire ?
dictionary-prefix-help = Les mots qui commencent par ces lettres.
dictionary-pattern-help = ? est une lettre, * une suite de lettres : C?T*
dictionary-anagrams-help = Les mots formés avec ces lettres ; ? est un joker.
dictionary-search = Chercher
dictionary-valid = { $word } est dans le dictionnaire.
dictionary-invalid = { $word } n'est pas dans le dictionnaire.
dictionary-count = { $count ->
    [0] Aucun mot
    [one] Un mot
   *[other] { $count } mots
}
dictionary-more = D'autres mots correspondent ; seuls les premiers sont montrés.
dictionary-bad-character = « { $character } » n'est ni une lettre, ni ?, ni *.
dictionary-too-long = La recherche est trop longue.
dictionary-empty = Tapez au moins une lettre.

## Réglages
settings-title = Réglages
settings-language = Langue
settings-sound-volume = Volume des sons
settings-music-volume = Volume de la musique
settings-animations = Animations
settings-colour-blind = Couleurs adaptées aux daltoniens pour les cases bonus
settings-family-words = Listes de mots famille par défaut (sans mots offensants)

## Comment jouer
how-title = Comment jouer
how-goal = Formez des mots horizontalement ou verticalement avec les lettres de votre chevalet. Chaque lettre vaut des points ; le meilleur score à la fin gagne.
how-example = WORD sur un mot compte double avec le D sur lettre compte triple : (4 + 1 + 1 + 2×3) × 2 = 24 points.
how-turn = À votre tour, posez des lettres sur une seule ligne ou colonne pour former un mot avec celles qu'elles touchent, échangez des lettres, ou passez.
how-first-move = Le premier mot couvre l'étoile centrale ; chaque mot suivant touche une lettre déjà posée. Tous les mots formés doivent être dans le dictionnaire.
how-premiums = Les cases bonus ne comptent que pour la lettre qu'on y pose : d'abord les bonus de lettre, puis ceux de mot. Poser les sept lettres d'un coup est un bingo, avec une prime.
how-blank = Le joker remplace la lettre de votre choix et ne vaut aucun point.
how-end = La partie s'arrête quand un joueur pose sa dernière lettre, sac vide (il gagne les points des autres chevalets), après une série de passes, ou après trois tours de suite par joueur sans lettre posée (passes et échanges), comme après les passes.
how-resign = Abandonner, c'est perdre la partie. À plus de deux joueurs, les autres continuent et vous êtes classé dernier.
how-clock = Avec une pendule, un joueur dont le temps s'écoule quitte la partie, comme s'il abandonnait. La pendule s'arrête pendant la pause.
how-premium-colours = Lettre compte double, lettre compte triple, mot compte double, mot compte triple.
how-controls = Faites glisser une lettre sur une case, ou touchez une lettre puis une case. Au clavier : les flèches mènent à une case et choisissent le sens (gauche et droite : horizontal, haut et bas : vertical), Espace le change, les lettres se posent, Retour arrière en reprend une, Entrée joue, Échap reprend tout. Dans une fenêtre, Échap la ferme et Entrée reprend la partie ou prend l'appareil ; taper une lettre choisit celle du joker.
lexicon-fetching = Téléchargement de la liste de mots…
lexicon-unavailable = La liste de mots n’a pas pu être téléchargée : { $reason }
word-list-removed = La liste de mots « { $name } » de cette partie a été supprimée.
word-list-damaged = La liste de mots n’a pas pu être ouverte : { $reason }
word-list-changed = La liste de mots « { $name } » n’est pas celle de cette partie.

## Online
online-title = En ligne
online-name = Votre nom en ligne
online-create = Créer une salle
online-join = Rejoindre avec un code
online-random = Partie au hasard
online-computers = Joueurs ordinateur
online-hints = Indices permis (la partie ne compte pas au classement)
online-code = Code de la salle
online-code-hint = six caractères
online-join-on = sur { $server }
online-bad-code = Un code de salle a six lettres et chiffres.
online-wait = Attendre des joueurs
online-wait-seconds = { $seconds } s
online-room = Votre salle
online-room-code = Envoyez ce code, ou le lien, à vos amis :
online-copy-code = Copier le code
online-copied = Copié : { $text }
online-copy-link = Copier le lien
online-not-sent = Pas de connexion : votre coup n'a pas été envoyé. Rejouez-le une fois reconnecté.
online-share = Partager le lien
online-share-text = Jouez à Wocable avec moi : salle { $code }
online-room-word-list = Partie sur la liste de mots « { $name } »
online-waiting = Joueurs
online-free-seat = (en attente…)
online-leave = Quitter la salle
online-connecting = Connexion…
online-reconnecting = Reconnexion…
online-lost = Cette partie n’est plus ouverte à cet appareil.
online-unreachable = Le serveur est injoignable. Vérifiez votre connexion.
online-unreadable = La réponse du serveur est illisible.
online-refused = Le serveur a répondu : { $reason }
## The lobby's refusals, by their code (wocable_net::ErrorCode)
lobby-bad-request = Le serveur n’a pas pu lire la demande. Mettez l’application à jour et réessayez.
lobby-unknown-rules = Le serveur ne connaît pas ces règles.
lobby-unknown-language = Le serveur ne connaît pas cette langue.
lobby-player-count = Ces règles ne sont pas pour autant de joueurs.
lobby-bad-clock = Une pendule de tour va d’une seconde à un jour.
lobby-no-person-seat = Laissez au moins une place à une personne.
lobby-wait-too-long = Une partie au hasard attend des joueurs dix minutes au plus.
lobby-bad-settings = La partie ne peut pas commencer avec ces réglages.
lobby-bad-room-code = Un code de salle a six lettres et chiffres.
lobby-no-such-room = Aucune salle n’a ce code. Vérifiez-le, ou demandez-en un nouveau.
lobby-room-full = La salle est pleine.
lobby-name-taken = Quelqu’un dans la salle porte déjà ce nom : choisissez-en un autre.
lobby-already-seated = Vous avez déjà une place dans cette salle.
lobby-bad-name = Un nom en ligne a de 1 à 20 lettres ou chiffres, sans espace.
lobby-computer-name = Ce nom est réservé aux joueurs de l’ordinateur : choisissez-en un autre.
lobby-offensive-name = Ce nom est injurieux : choisissez-en un autre.
lobby-no-such-word-list = Le serveur n’a pas cette liste de mots.
lobby-nick-taken = Ce nom est celui d’un autre joueur : choisissez-en un autre.
lobby-unknown-key = Le serveur ne connaît pas votre compte.
lobby-wrong-recovery = Ce nom et ce code de récupération ne vont pas ensemble.
lobby-too-many-accounts = Trop de comptes ont été demandés depuis ici : réessayez dans une heure.
lobby-too-many-requests = Trop de demandes depuis ici : attendez un peu et réessayez.
lobby-too-many-asked = Trop de vos demandes d’amitié attendent une réponse : attendez que certains répondent.
lobby-too-many-invitations = Trop de vos invitations attendent une réponse : attendez que certains répondent.
lobby-no-such-player = Aucun joueur ne porte ce nom.
lobby-no-such-arena = Cette arène n’est pas en cours.
lobby-arena-not-started = Cette arène n’a pas encore commencé.
lobby-arena-over = Cette arène est terminée.
lobby-not-in-arena = Vous n’êtes pas dans cette arène.
lobby-already-waiting = Vous attendez déjà une partie au hasard.
lobby-unavailable = Le serveur ne peut pas le faire pour l’instant : réessayez dans un moment.
lobby-shutting-down = Le serveur redémarre : réessayez dans un moment.
lobby-unreachable = Le serveur qui tient cette partie est injoignable pour l’instant.
lobby-game-not-over = La partie n’est pas encore finie.
lobby-not-seated = Vous n’avez pas de place dans cette partie.
lobby-already-answered = Vous avez déjà répondu.
lobby-not-friends = Seuls vos amis peuvent être invités.
lobby-no-such-invitation = Cette invitation a expiré ou a déjà reçu une réponse.
lobby-yourself = C’est vous.
lobby-blocked-by-you = Vous bloquez ce joueur : débloquez-le d’abord.
lobby-members-only = Les parties sur plusieurs jours sont réservées aux joueurs avec un compte.
lobby-illegal-move = Les règles n’autorisent pas ce coup.
lobby-stale-view = La partie a avancé : voici ce qui a changé.
online-retry = Réessayer
online-no-name = Choisissez d’abord votre nom en ligne.
online-account-gone = Votre compte a été récupéré sur un autre appareil avec son code. Jouez sous un autre nom, ou récupérez-le ici avec le code.
online-playing-as = Vous jouez en tant que { $nick }
online-recovery = Le code de récupération de votre compte. Notez-le : il ramène votre compte sur un autre appareil.
online-recovery-noted = Je l’ai noté
online-recover-account = Récupérer mon compte
online-recovery-code = Code de récupération
online-recover = Récupérer
online-bad-recovery = Un code de récupération compte 20 lettres et chiffres, comme 7KQ2M-X4ABC-9PQRS-T5VWX.
online-name-taken = Le nom { $name } est déjà pris en ligne : choisissez-en un autre.
online-leaderboards = Classements
online-my-profile = Mon profil
online-friends = Amis
friends-add = Ajoutez un ami par son pseudo
friends-ask = Demander
friends-add-player = Ajouter { $nick } à vos amis
friends-asking = { $nick } veut être votre ami.
friends-accept = Accepter
friends-refuse = Refuser
friends-none = Pas encore d’amis : demandez à quelqu’un par son pseudo.
friends-remove = Retirer
friends-block = Bloquer
friends-unblock = Débloquer
friends-blocked = Bloqués
friends-unrated = pas encore classé
friends-watch = Regarder
friends-asked = En attente de l’accord de { $nick }.
friends-invite-pick = Cochez un à trois amis pour les inviter à une partie.
friends-invite = Inviter { $names }
friends-sent-waiting = { $nick } n’a pas encore répondu.
friends-sent-accepted = { $nick } a accepté.
friends-sent-declined = { $nick } a refusé.
invitation = Invitation
invitation-from = { $nick } vous invite à une partie : { $rules }, { $language }, { $players } joueurs, { $clock }.
invitation-accept = Jouer
invitation-decline = Pas maintenant
ratings-none = Pas encore de classement établi ici : un classement s’établit après quelques parties.
ratings-no-games = Pas encore de partie classée.
ratings-your-place = Vous : n° { $place } · { $rating }
ratings-games = { $games ->
    [one] une partie
   *[other] { $games } parties
}
ratings-rating = Classement { $rating } ± { $deviation }
ratings-record = Parties { $games } : { $wins } gagnées, { $draws } nulles, { $losses } perdues
ratings-figures = { $average } points par tour · bingos { $bingos }
ratings-best = Meilleur coup : { $word }, { $score } points
online-arenas = Arènes
online-watch = Regarder une partie
online-watch-code = Regarder la partie de cette salle
watch-none = Aucune partie n’est jouée en ce moment.
watch-turns = { $turns ->
    [one] { $turns } tour joué
   *[other] { $turns } tours joués
}
watch-delayed = montrée avec un tour de retard
watch-refresh = Actualiser
arenas-running = En cours
arenas-none = Aucune arène en cours pour le moment.
arenas-recent = Terminées
arena-entrants = { $entrants ->
    [0] aucun joueur
    [one] un joueur
   *[other] { $entrants } joueurs
}
arena-ends-in = se termine dans { $minutes } min
arena-ended = terminée
arena-won-by = Gagnée par { $nick }
arena-standings = Classement
arena-scoring = Une victoire rapporte 2, une nulle 1. Après deux victoires de suite, les points comptent double jusqu’à la première partie non gagnée.
arena-join = Rejoindre l’arène
arena-next = Partie suivante de l’arène
arena-pairing = Recherche d’un adversaire…
arena-leave = Quitter l’arène
arena-no-one = Personne ne l’a encore rejointe.
results-rating = { $nick } : classement { $before } → { $after } ({ $change })

# Word lists of the player's own
settings-word-lists = Listes de mots
word-lists-title = Listes de mots
word-lists-intro = Jouez avec votre propre liste de mots : un fichier texte, un mot par ligne. Déposez le fichier sur la fenêtre ou indiquez son emplacement.
word-lists-words = { $count ->
    [one] un mot
   *[other] { $count } mots
}
word-lists-rename = Renommer
word-lists-save = Enregistrer
word-lists-remove = Supprimer
word-lists-remove-sure = Supprimer pour de bon ?
word-lists-import = Importer une liste de mots
word-lists-file = Fichier
word-lists-name = Nom
word-lists-import-button = Importer
word-lists-intro-web = Jouez avec votre propre liste de mots : un fichier texte, un mot par ligne. Choisissez sa langue et un nom, puis le fichier : il est préparé et gardé dans ce navigateur.
word-lists-choose-file = Choisir un fichier et l’importer
word-lists-building = Construction de { $name }…
word-lists-built = { $name } : mots gardés { $words } ; lignes ignorées { $skipped } (en double { $duplicates }, avec d’autres caractères { $characters }, trop courtes ou trop longues { $length }, vides { $blank }).
word-lists-failed = { $name } n’a pas pu être importée : { $reason }

## Trace
trace-title = Trace
trace-intro = Tracez des mots à travers des lettres voisines avant la fin du temps. Trouvez les mots de la grille cachée ; tout autre mot est un bonus.
trace-circle = Cercle · 2 min
trace-circle-name = Cercle
trace-circle-help = Six ou sept lettres en cercle : toute lettre peut suivre toute autre. Trouvez les dix mots de la grille.
trace-grid = Grille · 3 min
trace-grid-name = Grille
trace-grid-help = Une grille de lettres : chaque lettre suit l’une de ses huit voisines. Trouvez les dix mots de la grille.
trace-score-mode = Score · 6 min
trace-score-mode-name = Score
trace-score-mode-help = Une grille sans mots croisés : trouvez autant de mots que possible.
trace-best = Meilleur score : { $score }
trace-new-best = Nouveau meilleur score !
trace-new-puzzle = Nouvelle grille
trace-new-ends-paused = Une nouvelle grille met fin à la manche en pause.
trace-no-puzzle = Aucune grille n’a pu être tirée de cette liste de mots. Essayez une nouvelle grille.
trace-daily = Grille du jour ({ $date })
trace-resume = Reprendre Trace : { $mode }, { $time } restantes
trace-date = { $day } { $month ->
    [1] janv.
    [2] févr.
    [3] mars
    [4] avr.
    [5] mai
    [6] juin
    [7] juil.
    [8] août
    [9] sept.
    [10] oct.
    [11] nov.
   *[12] déc.
}
trace-share = Trace { $mode } { $date } — { $found }/{ $targets } mots, { $bonus } bonus, { $score } pts
trace-share-score = Trace { $mode } { $date } — { $bonus } { $bonus ->
    [one] mot
   *[other] mots
}, { $score } pts
trace-share-copy = Copier le résultat
trace-score = Score
trace-time = Temps
trace-bonus = Mots bonus
trace-words = Mots
trace-time-up = Temps écoulé !
trace-perfect = Parfait !
trace-perfect-bonus = Tous les mots trouvés : +{ $bonus }
trace-final-score = { $score } points
trace-words-to-find = Mots à trouver : { $found }/{ $count }
trace-bonus-words = Mots bonus : { $found }/{ $count }
trace-again = Rejouer

## Crédits
credits-title = Crédits
credits-fonts = Polices
credits-fonts-text = Inter, de Rasmus Andersson et des auteurs du projet Inter (SIL Open Font License 1.1) ; le chronomètre d’emoji-icon-font, de John Slegers (licence MIT).
credits-word-lists = Listes de mots
credits-word-lists-text = Anglais : ENABLE (domaine public). Français : Dicollecte d’Olivier R. (MPL 2.0). Espagnol : le dictionnaire espagnol de LibreOffice (GPL 3+, LGPL 3+ ou MPL 1.1+). Toutes les formes de leurs mots sont développées.
credits-familiar = Mots courants
credits-familiar-text = Trace cache des mots connus de tous, choisis avec les fréquences de wordfreq 3.1.1 de Robyn Speer (CC BY-SA 4.0), tirées de Wikipédia, de sous-titres, de la presse, de livres, du web, de Twitter et de Reddit. Les mots injurieux sont écartés grâce à la List of Dirty, Naughty, Obscene, and Otherwise Bad Words de Shutterstock (CC BY 4.0).
credits-sounds = Sons et musique
credits-sounds-text = Faits pour Wocable avec sox, versés au domaine public (CC0 1.0).
action-my-games = Mes parties
online-my-games = Mes parties
online-my-games-badge = Mes parties ({ $count } à jouer)
online-pace = Rythme
pace-live = En direct
pace-days = { $days ->
    [one] 1 jour par coup
   *[other] { $days } jours par coup
}
my-games-none = Pas encore de partie sur plusieurs jours : créez-en une avec un rythme en jours, ou demandez-en une au hasard.
my-games-your-turn = À vous de jouer
my-games-their-turn = Au tour de { $name }
my-games-left = encore { $time }
my-games-waiting = En attente de joueurs
my-games-waiting-note = Transmettez le code : la partie commence quand toutes les places sont prises, et elle attend dans Mes parties.
my-games-won = Vous avez gagné
my-games-lost = Vous avez perdu
my-games-drawn = Égalité
home-my-turn = { $count ->
    [one] À vous de jouer dans 1 partie
   *[other] À vous de jouer dans { $count } parties
}
my-games-notify = Prévenez-moi quand c’est mon tour
my-games-notifying = Ce navigateur vous prévient quand c’est votre tour.
my-games-not-notifying = Les notifications sont bloquées dans ce navigateur : autorisez-les dans ses réglages, puis redemandez.
