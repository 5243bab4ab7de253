# Wocable — textos de la interfaz, español.

back = Volver
copied = Copiado
cancel = Cancelar
bingo = ¡BINGO!
default-human-name = Tú

## Inicio
home-tagline = El juego de palabras cruzadas con fichas. Juega contra el ordenador o pasa el dispositivo.
home-continue = Continuar
home-new-game = Nueva partida
home-dictionary = Diccionario
home-settings = Ajustes
home-how-to-play = Cómo se juega
home-online = En línea
home-trace = Trace
home-rejoin = Volver a la partida en línea
damaged-game = No se pudo leer la partida guardada: { $why }.
damaged-round = No se pudo leer la ronda de Trace en curso: { $why }.
damaged-settings = No se pudieron leer los ajustes: { $why }. Se usan los predeterminados.
damaged-account = No se pudo leer tu cuenta en línea: { $why }. Tu código de recuperación la trae de vuelta.
damaged-unreadable = el archivo está incompleto o dañado
damaged-newer = el archivo es de una versión más reciente de Wocable
damaged-against-the-rules = sus jugadas no respetan las reglas
damaged-kept = El archivo se conserva como { $file }.
damaged-not-kept = No se pudo apartar.
damaged-dismiss = Entendido

## El título de la ventana (la pestaña del navegador)
title-home = Wocable
title-home-saved = Wocable — { home-continue }: { $scores }
title-page = { $page } — Wocable
title-your-turn = Tu turno · { $scores }

## Nueva partida
new-game-title = Nueva partida
new-game-rules = Reglas
new-game-language = Idioma de las palabras
new-game-word-list = Lista de palabras
word-list-standard = Estándar
word-list-family = Familiar
new-game-players = Jugadores
new-game-add-player = Añadir jugador
new-game-clock = Reloj por turno
new-game-start = Empezar
clock-none = Sin reloj
clock-minutes = { $minutes } min
seat-human = Persona
seat-remote = Jugador en línea
seat-computer = Ordenador
level-beginner = Principiante
level-casual = Aficionado
level-strong = Fuerte
level-champion = Campeón
rules-wocable = Wocable
rules-webfeud = Webfeud
rules-remote = Remote
rules-wocable-summary = De 2 a 4 jugadores, tablero clásico, bingo de 50 puntos. Puedes cambiar tantas fichas como queden en la bolsa. Una palabra que no está en el diccionario se rechaza y vuelves a intentarlo. La partida acaba tras cuatro pases seguidos; los atriles no cuentan.
rules-webfeud-summary = 2 jugadores, tablero y fichas Webfeud, bingo de 40 puntos. Para cambiar hacen falta 7 fichas en la bolsa; las fichas que devuelves entran primero y pueden volver enseguida. Tres pases seguidos acaban la partida; se resta lo que queda en cada atril.
rules-remote-summary = De 2 a 4 jugadores, tablero clásico, bingo de 50 puntos. Para cambiar hacen falta 7 fichas en la bolsa. Jugar una palabra que no está en el diccionario te cuesta el turno y cuenta como un pase. La partida acaba cuando todos han pasado dos veces seguidas, o cuando la bolsa está vacía y nadie puede jugar; se restan los atriles.
language-en = Inglés
language-es = Español
language-fr = Francés

## Problemas al preparar la partida
error-no-human = Añade al menos un jugador humano.
error-player-count = Estas reglas son para { $min } a { $max } jugadores.
error-player-count-exact = Estas reglas son para { $count } jugadores.
error-same-name = Dos jugadores se llaman { $name }.
error-bad-name = Un nombre es una sola palabra sin espacios, no «{ $name }».
error-bad-setup = Esta partida no se puede preparar.

## Por qué se rechazó una jugada
error-game-over = La partida ha terminado.
error-not-your-turn = No es tu turno.
error-player-left = Has abandonado esta partida.
error-no-tiles = Pon al menos una ficha en el tablero.
error-bad-move = Esa jugada no se puede hacer.
error-cell-taken = La casilla { $square } ya está ocupada.
error-not-in-line = Las fichas deben ir en una sola fila o columna.
error-gap = Las fichas dejan un hueco.
error-not-connected = La palabra debe tocar una ficha que ya esté en el tablero.
error-first-move-centre = La primera palabra debe cubrir la estrella central.
error-first-move-short = La primera palabra necesita al menos dos fichas.
error-not-in-lexicon = { $count ->
    [one] { $words } no está en el diccionario.
   *[other] { $words } no están en el diccionario.
}
error-left-out = { $count ->
    [one] { $words } está excluida de la lista de palabras familiar.
   *[other] { $words } están excluidas de la lista de palabras familiar.
}
error-tile-not-on-rack = La ficha { $tile } no está en tu atril.
error-nothing-to-exchange = Elige al menos una ficha para cambiar.
error-exchange-not-allowed = No puedes cambiar: { $bag ->
    [one] la bolsa tiene una ficha
   *[other] la bolsa tiene { $bag } fichas
} y hacen falta { $needed }.

## La partida
premium-double-letter = DL
premium-triple-letter = TL
premium-double-word = DP
premium-triple-word = TP
action-play = Jugar
action-recall = Recoger
action-shuffle = Mezclar
action-exchange = Cambiar
action-pass = Pasar
action-hint = Pista
action-resign = Rendirse
action-details = Jugadas
action-home = Menú
action-pause = Pausa
status-your-turn = Tu turno: arrastra fichas al tablero.
status-thinking = { $player } está pensando…
status-to-play = Juega { $player }.
preview-valid = { $words }: { $score } puntos
preview-bingo = ¡Bingo! { $words }: { $score } puntos
preview-blank = Elige la letra del comodín.
bag-count = Fichas en la bolsa: { $count }
unseen-tiles = Fichas por ver
move-log = Jugadas
chat-title = Chat
chat-mute = Silenciar
chat-mute-player = Silenciar a { $name }
chat-report = Denunciar
chat-reported = denunciado
chat-hint = Escribe algo…
chat-send = Enviar
chat-length = Una línea tiene como mucho 200 caracteres.
chat-offensive = Esa línea tiene una palabra ofensiva.
chat-too-fast = Más despacio: una línea cada pocos segundos.
chat-refused = El servidor lo ha rechazado.
log-played = { $player }: { $word } { $score }
log-withdrawn = { $player }: { $words } no está en el diccionario, pierde el turno
log-exchanged = { $player } cambió { $count }
log-passed = { $player } pasó
log-resigned = { $player } se rindió
log-timed-out = A { $player } se le acabó el tiempo
log-rack-counted = { $player }: { $points } por el atril
log-game-over = Fin de la partida
notice-play-withdrawn = { $player } jugó { $words }, que no está en el diccionario: pierde el turno.
handover-title = Pasa el dispositivo a { $player }
handover-hint = Sus fichas siguen ocultas hasta que esté listo.
handover-ready = Soy { $player }: enseña mis fichas
paused-title = Partida en pausa
paused-hint = El reloj está parado y el juego oculto.
paused-resume = Seguir
blank-title = ¿Qué letra es el comodín?
exchange-title = Elige las fichas que quieres cambiar
exchange-confirm = Cambiar { $count }
resign-title = ¿Rendirte en esta partida?
resign-hint = Pierdes la partida; con más jugadores, los demás siguen.
resign-confirm = Rendirse

## Resultados
results-title = Fin de la partida
results-winner = ¡Gana { $name }!
results-player = Jugador
results-score = Puntos
results-best-play = Mejor jugada: { $move }
results-bingos = Bingos
results-left = abandonó
results-pair-win = { $first } ganó a { $second }
results-pair-draw = { $first } y { $second } empataron
results-review = Repasar cada turno
results-reviewing = Buscando la mejor jugada de cada turno…
results-no-play = sin jugada
results-played = Jugada
results-best = Mejor
results-played-move = Jugada: { $move }
results-best-move = Mejor: { $move }
results-withdrawn = no está en el diccionario
results-turn = Turno { $turn }
results-review-hint = Toca el número de un turno para verlo en el tablero.
results-no-move = ninguna jugada posible
results-bag-verified = Bolsa verificada: cada ficha salió de la semilla prometida antes de empezar la partida.
results-bag-not-verified = Bolsa no verificada: los robos no coinciden con la semilla prometida antes de empezar la partida.
results-rematch = Revancha
results-no-rematch = Sin revancha
results-rematch-wanted = Quieren la revancha: { $names }.
results-rematch-waiting = Revancha pedida: esperando a los demás…
results-rematch-starting = Todos quieren la revancha: va a empezar…
results-rematch-declined = { $name } no quiere la revancha.
results-rematch-refused = Has dicho que no a la revancha.
results-home = Inicio

## Diccionario
dictionary-title = Diccionario
dictionary-check = Comprobar
dictionary-prefix = Empieza por
dictionary-pattern = Patrón
dictionary-anagrams = Anagramas
dictionary-check-help = ¿Está esta palabra en el diccionario?
dictionary-prefix-help = Palabras que empiezan por estas letras.
dictionary-pattern-help = ? es cualquier letra, * cualquier serie de letras: C?S*
dictionary-anagrams-help = Palabras que se forman con estas fichas; ? es un comodín.
dictionary-search = Buscar
dictionary-valid = { $word } está en el diccionario.
dictionary-invalid = { $word } no está en el diccionario.
dictionary-count = { $count ->
    [one] Una palabra
   *[other] { $count } palabras
}
dictionary-more = Hay más palabras; solo se muestran las primeras.
dictionary-bad-character = «{ $character }» no es una letra, ? ni *.
dictionary-too-long = La búsqueda es demasiado larga.
dictionary-empty = Escribe al menos una letra.

## Ajustes
settings-title = Ajustes
settings-language = Idioma
settings-sound-volume = Volumen de los sonidos
settings-music-volume = Volumen de la música
settings-animations = Animaciones
settings-colour-blind = Colores para daltónicos en las casillas de premio
settings-family-words = Listas de palabras familiares por defecto (sin palabras ofensivas)

## Cómo se juega
how-title = Cómo se juega
how-goal = Forma palabras en horizontal o en vertical con las fichas de tu atril. Cada ficha vale puntos; gana quien más tenga al final.
how-example = WORD en una casilla de palabra doble con la D en letra triple: (4 + 1 + 1 + 2×3) × 2 = 24 puntos.
how-turn = En tu turno, pon fichas en una sola fila o columna para formar una palabra con las que tocan, cambia fichas o pasa.
how-first-move = La primera palabra cubre la estrella central; las siguientes tocan una ficha que ya está en el tablero. Toda palabra formada debe estar en el diccionario.
how-premiums = Las casillas de premio cuentan solo cuando se pone una ficha en ellas por primera vez: primero las de letra, después las de palabra. Jugar las siete fichas a la vez es un bingo, con premio.
how-blank = El comodín vale por la letra que elijas y no puntúa.
how-end = La partida acaba cuando alguien juega su última ficha con la bolsa vacía (se lleva los puntos de los otros atriles), tras una serie de pases, o tras tres turnos seguidos de cada jugador sin poner ficha (pases y cambios), como tras los pases.
how-resign = Quien abandona pierde la partida. Con más de dos jugadores, los demás siguen y tú quedas último.
how-clock = Con reloj de turno, quien agota su tiempo deja la partida, como si abandonara. El reloj se para mientras la partida está en pausa.
how-premium-colours = Letra doble, letra triple, palabra doble, palabra triple.
how-controls = Arrastra una ficha a una casilla, o toca una ficha y después una casilla. Con teclado: las flechas llevan a una casilla y eligen la dirección (izquierda y derecha: horizontal, arriba y abajo: vertical), Espacio la cambia, las letras ponen fichas, Retroceso quita una, Intro juega, Esc recoge. En un diálogo, Esc lo cierra e Intro reanuda o toma el dispositivo; al teclear una letra se elige la del comodín.
lexicon-fetching = Descargando la lista de palabras…
lexicon-unavailable = No se pudo descargar la lista de palabras: { $reason }
word-list-removed = La lista de palabras «{ $name }» de esta partida se ha eliminado.
word-list-damaged = No se pudo abrir la lista de palabras: { $reason }
word-list-changed = La lista de palabras «{ $name }» no es la de esta partida.

## Online
online-title = En línea
online-name = Tu nombre en línea
online-create = Crear una sala
online-join = Unirse con un código
online-random = Partida al azar
online-computers = Jugadores de la computadora
online-hints = Pistas permitidas (la partida no cuenta para el ranking)
online-code = Código de la sala
online-code-hint = seis caracteres
online-join-on = en { $server }
online-bad-code = Un código de sala tiene seis letras y dígitos.
online-wait = Esperar a personas
online-wait-seconds = { $seconds } s
online-room = Tu sala
online-room-code = Envía este código, o el enlace, a tus amigos:
online-copy-code = Copiar el código
online-copied = Copiado: { $text }
online-copy-link = Copiar el enlace
online-not-sent = Sin conexión: tu jugada no se envió. Vuelve a jugarla al reconectar.
online-share = Compartir el enlace
online-share-text = Juega a Wocable conmigo: sala { $code }
online-room-word-list = Se juega con la lista de palabras «{ $name }»
online-waiting = Jugadores
online-free-seat = (esperando…)
online-leave = Salir de la sala
online-connecting = Conectando…
online-reconnecting = Reconectando…
online-lost = Esta partida ya no está abierta a este dispositivo.
online-unreachable = No se pudo contactar con el servidor. Revisa tu conexión.
online-unreadable = No se pudo leer la respuesta del servidor.
online-refused = El servidor dijo: { $reason }
## The lobby's refusals, by their code (wocable_net::ErrorCode)
lobby-bad-request = El servidor no pudo leer la petición. Actualiza la aplicación y vuelve a intentarlo.
lobby-unknown-rules = El servidor no conoce estas reglas.
lobby-unknown-language = El servidor no conoce este idioma.
lobby-player-count = Estas reglas no son para tantos jugadores.
lobby-bad-clock = El reloj de turno va de un segundo a un día.
lobby-no-person-seat = Deja al menos un asiento para una persona.
lobby-wait-too-long = Una partida aleatoria espera a otras personas diez minutos como mucho.
lobby-bad-settings = La partida no puede empezar con estos ajustes.
lobby-bad-room-code = Un código de sala tiene seis letras y cifras.
lobby-no-such-room = No hay ninguna sala con este código. Revísalo o pide uno nuevo.
lobby-room-full = La sala está llena.
lobby-name-taken = Alguien en la sala ya tiene este nombre: elige otro.
lobby-already-seated = Ya tienes un asiento en esta sala.
lobby-bad-name = Un nombre en línea tiene de 1 a 20 letras o cifras, sin espacios.
lobby-computer-name = Ese nombre es para los jugadores del ordenador: elige otro.
lobby-offensive-name = Ese nombre es ofensivo: elige otro.
lobby-no-such-word-list = El servidor no tiene esta lista de palabras.
lobby-nick-taken = Este nombre es de otro jugador: elige otro.
lobby-unknown-key = El servidor no conoce tu cuenta.
lobby-wrong-recovery = Ese nombre y ese código de recuperación no van juntos.
lobby-too-many-accounts = Se han pedido demasiadas cuentas desde aquí: vuelve a intentarlo dentro de una hora.
lobby-too-many-requests = Demasiadas peticiones desde aquí: espera un rato y vuelve a intentarlo.
lobby-too-many-asked = Tienes demasiadas solicitudes de amistad sin respuesta: espera a que contesten.
lobby-too-many-invitations = Tienes demasiadas invitaciones sin respuesta: espera a que contesten.
lobby-no-such-player = No hay ningún jugador con ese nombre.
lobby-no-such-arena = Esa arena no está en marcha.
lobby-arena-not-started = Esa arena todavía no ha empezado.
lobby-arena-over = Esa arena ha terminado.
lobby-not-in-arena = No estás en esa arena.
lobby-already-waiting = Ya estás esperando una partida aleatoria.
lobby-unavailable = El servidor no puede hacerlo ahora: vuelve a intentarlo en un momento.
lobby-shutting-down = El servidor se está reiniciando: vuelve a intentarlo en un momento.
lobby-unreachable = Ahora no se puede contactar con el servidor que tiene esta partida.
lobby-game-not-over = La partida aún no ha terminado.
lobby-not-seated = No tienes asiento en esa partida.
lobby-already-answered = Ya has respondido.
lobby-not-friends = Solo puedes invitar a tus amigos.
lobby-no-such-invitation = Esa invitación ha caducado o ya se respondió.
lobby-yourself = Ese eres tú.
lobby-blocked-by-you = Has bloqueado a ese jugador: desbloquéalo primero.
lobby-members-only = Las partidas de varios días son para jugadores con cuenta.
lobby-illegal-move = Las reglas no permiten esa jugada.
lobby-stale-view = La partida siguió: esto es lo que cambió.
online-retry = Reintentar
online-no-name = Elige primero tu nombre en línea.
online-account-gone = Tu cuenta se recuperó en otro dispositivo con su código. Juega con otro nombre o recupérala aquí con el código.
online-playing-as = Juegas como { $nick }
online-recovery = El código de recuperación de tu cuenta. Anótalo: con él, tu cuenta vuelve en otro dispositivo.
online-recovery-noted = Ya lo he anotado
online-recover-account = Recuperar mi cuenta
online-recovery-code = Código de recuperación
online-recover = Recuperar
online-bad-recovery = Un código de recuperación tiene 20 letras y cifras, como 7KQ2M-X4ABC-9PQRS-T5VWX.
online-name-taken = El nombre { $name } ya está en uso en línea: elige otro.
online-leaderboards = Clasificaciones
online-my-profile = Mi perfil
online-friends = Amigos
friends-add = Añade un amigo por su apodo
friends-ask = Pedir
friends-add-player = Añadir a { $nick } como amigo
friends-asking = { $nick } quiere ser tu amigo.
friends-accept = Aceptar
friends-refuse = Rechazar
friends-none = Aún no tienes amigos: pídeselo a alguien por su apodo.
friends-remove = Quitar
friends-block = Bloquear
friends-unblock = Desbloquear
friends-blocked = Bloqueados
friends-unrated = aún sin clasificación
friends-watch = Mirar
friends-asked = Esperando a que { $nick } acepte.
friends-invite-pick = Marca de uno a tres amigos para invitarlos a una partida.
friends-invite = Invitar a { $names }
friends-sent-waiting = { $nick } aún no ha respondido.
friends-sent-accepted = { $nick } ha aceptado.
friends-sent-declined = { $nick } ha rechazado.
invitation = Invitación
invitation-from = { $nick } te invita a una partida: { $rules }, { $language }, { $players } jugadores, { $clock }.
invitation-accept = Jugar
invitation-decline = Ahora no
ratings-none = Aún no hay puntuaciones asentadas aquí: una puntuación se asienta tras unas partidas.
ratings-no-games = Aún no hay partidas puntuadas.
ratings-your-place = Tú: n.º { $place } · { $rating }
ratings-games = { $games ->
    [one] una partida
   *[other] { $games } partidas
}
ratings-rating = Puntuación { $rating } ± { $deviation }
ratings-record = Partidas { $games }: { $wins } ganadas, { $draws } empatadas, { $losses } perdidas
ratings-figures = { $average } puntos por turno · bingos { $bingos }
ratings-best = Mejor jugada: { $word }, { $score } puntos
online-arenas = Arenas
online-watch = Ver una partida
online-watch-code = Ver la partida de esta sala
watch-none = Ahora no se está jugando ninguna partida.
watch-turns = { $turns ->
    [one] un turno jugado
   *[other] { $turns } turnos jugados
}
watch-delayed = con un turno de retraso
watch-refresh = Actualizar
arenas-running = En curso
arenas-none = No hay ninguna arena en curso ahora.
arenas-recent = Terminadas
arena-entrants = { $entrants ->
    [one] un jugador
   *[other] { $entrants } jugadores
}
arena-ends-in = termina en { $minutes } min
arena-ended = terminada
arena-won-by = Ganada por { $nick }
arena-standings = Clasificación
arena-scoring = Una victoria vale 2 y un empate 1. Tras dos victorias seguidas, los puntos cuentan doble hasta que no se gane una partida.
arena-join = Entrar en la arena
arena-next = Siguiente partida de la arena
arena-pairing = Buscando rival…
arena-leave = Salir de la arena
arena-no-one = Todavía no ha entrado nadie.
results-rating = { $nick }: puntuación { $before } → { $after } ({ $change })

# Word lists of the player's own
settings-word-lists = Listas de palabras
word-lists-title = Listas de palabras
word-lists-intro = Juega con tu propia lista de palabras: un archivo de texto con una palabra por línea. Suelta el archivo en la ventana o escribe dónde está.
word-lists-words = { $count ->
    [one] una palabra
   *[other] { $count } palabras
}
word-lists-rename = Renombrar
word-lists-save = Guardar
word-lists-remove = Eliminar
word-lists-remove-sure = ¿Eliminar para siempre?
word-lists-import = Importar una lista de palabras
word-lists-file = Archivo
word-lists-name = Nombre
word-lists-import-button = Importar
word-lists-intro-web = Juega con tu propia lista de palabras: un archivo de texto con una palabra por línea. Elige su idioma y un nombre, y luego el archivo: se prepara y se guarda en este navegador.
word-lists-choose-file = Elegir un archivo e importarlo
word-lists-building = Construyendo { $name }…
word-lists-built = { $name }: palabras guardadas { $words }; líneas omitidas { $skipped } (repetidas { $duplicates }, con otros caracteres { $characters }, demasiado cortas o largas { $length }, vacías { $blank }).
word-lists-failed = No se pudo importar { $name }: { $reason }

## Trace
trace-title = Trace
trace-intro = Traza palabras por letras vecinas antes de que se acabe el tiempo. Encuentra las palabras del crucigrama oculto; cualquier otra palabra es un extra.
trace-circle = Círculo · 2 min
trace-circle-name = Círculo
trace-circle-help = Seis o siete letras en círculo: cualquier letra puede seguir a cualquier otra. Encuentra las diez palabras del crucigrama.
trace-grid = Cuadrícula · 3 min
trace-grid-name = Cuadrícula
trace-grid-help = Una cuadrícula de letras: cada letra sigue a una de sus ocho vecinas. Encuentra las diez palabras del crucigrama.
trace-score-mode = Puntos · 6 min
trace-score-mode-name = Puntos
trace-score-mode-help = Una cuadrícula sin crucigrama: encuentra todas las palabras que puedas.
trace-best = Mejor puntuación: { $score }
trace-new-best = ¡Nueva mejor puntuación!
trace-new-puzzle = Nuevo tablero
trace-new-ends-paused = Un tablero nuevo termina la ronda en pausa.
trace-no-puzzle = No se pudo sacar un tablero de esta lista de palabras. Prueba con uno nuevo.
trace-daily = Tablero del día ({ $date })
trace-resume = Seguir con Trace: { $mode }, quedan { $time }
trace-date = { $day } { $month ->
    [1] ene
    [2] feb
    [3] mar
    [4] abr
    [5] may
    [6] jun
    [7] jul
    [8] ago
    [9] sept
    [10] oct
    [11] nov
   *[12] dic
}
trace-share = Trace { $mode } { $date } — { $found }/{ $targets } palabras, { $bonus } extra, { $score } pts
trace-share-score = Trace { $mode } { $date } — { $bonus } { $bonus ->
    [one] palabra
   *[other] palabras
}, { $score } pts
trace-share-copy = Copiar el resultado
trace-score = Puntos
trace-time = Tiempo
trace-bonus = Palabras extra
trace-words = Palabras
trace-time-up = ¡Se acabó el tiempo!
trace-perfect = ¡Perfecto!
trace-perfect-bonus = Todas las palabras encontradas: +{ $bonus }
trace-final-score = { $score } puntos
trace-words-to-find = Palabras por encontrar: { $found }/{ $count }
trace-bonus-words = Palabras extra: { $found }/{ $count }
trace-again = Jugar otra vez

## Créditos
credits-title = Créditos
credits-fonts = Tipos de letra
credits-fonts-text = Inter, de Rasmus Andersson y los autores del proyecto Inter (SIL Open Font License 1.1); el cronómetro de emoji-icon-font, de John Slegers (licencia MIT).
credits-word-lists = Listas de palabras
credits-word-lists-text = Inglés: ENABLE (dominio público). Francés: Dicollecte de Olivier R. (MPL 2.0). Español: el diccionario español de LibreOffice (GPL 3+, LGPL 3+ o MPL 1.1+). Con todas las formas de sus palabras.
credits-familiar = Palabras conocidas
credits-familiar-text = Trace esconde palabras que todos conocen, elegidas con las frecuencias de wordfreq 3.1.1 de Robyn Speer (CC BY-SA 4.0), sacadas de Wikipedia, subtítulos, noticias, libros, la web, Twitter y Reddit. Las palabras ofensivas se excluyen con la List of Dirty, Naughty, Obscene, and Otherwise Bad Words de Shutterstock (CC BY 4.0).
credits-sounds = Sonidos y música
credits-sounds-text = Hechos para Wocable con sox, cedidos al dominio público (CC0 1.0).
action-my-games = Mis partidas
online-my-games = Mis partidas
online-my-games-badge = Mis partidas ({ $count } por jugar)
online-pace = Ritmo
pace-live = En directo
pace-days = { $days ->
    [one] 1 día por jugada
   *[other] { $days } días por jugada
}
my-games-none = Aún no tienes partidas de varios días: crea una con un ritmo de días o pide una al azar.
my-games-your-turn = Te toca
my-games-their-turn = Le toca a { $name }
my-games-left = quedan { $time }
my-games-waiting = Esperando jugadores
my-games-waiting-note = Comparte el código: la partida empieza cuando se ocupan todos los puestos y espera en Mis partidas.
my-games-won = Has ganado
my-games-lost = Has perdido
my-games-drawn = Empate
home-my-turn = { $count ->
    [one] Te toca en 1 partida
   *[other] Te toca en { $count } partidas
}
my-games-notify = Avísame cuando me toque
my-games-notifying = Este navegador te avisa cuando te toca.
my-games-not-notifying = Las notificaciones están desactivadas en este navegador: permítelas en sus ajustes y vuelve a pedirlo.
