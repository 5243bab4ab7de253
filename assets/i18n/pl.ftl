# Wocable — teksty interfejsu, polski.

back = Wróć
copied = Skopiowano
cancel = Anuluj
bingo = BINGO!
default-human-name = Ty

## Start
home-tagline = Gra w układanie słów z płytek. Graj z komputerem albo podawaj urządzenie z rąk do rąk.
home-continue = Kontynuuj
home-new-game = Nowa gra
home-dictionary = Słownik
home-settings = Ustawienia
home-how-to-play = Jak grać
home-online = Online
home-trace = Trace
home-rejoin = Wróć do gry online
damaged-game = Nie udało się odczytać zapisanej gry: { $why }.
damaged-round = Nie udało się odczytać trwającej rundy Trace: { $why }.
damaged-settings = Nie udało się odczytać ustawień: { $why }. Używane są domyślne.
damaged-account = Nie udało się odczytać twojego konta online: { $why }. Kod odzyskiwania je przywróci.
damaged-unreadable = plik jest ucięty lub uszkodzony
damaged-newer = plik pochodzi z nowszej wersji Wocable
damaged-against-the-rules = jej ruchy łamią zasady
damaged-kept = Plik zachowano jako { $file }.
damaged-not-kept = Nie udało się go odłożyć.
damaged-dismiss = Rozumiem

## Tytuł okna (karta przeglądarki)
title-home = Wocable
title-home-saved = Wocable — { home-continue }: { $scores }
title-page = { $page } — Wocable
title-your-turn = Twój ruch · { $scores }

## Nowa gra
new-game-title = Nowa gra
new-game-rules = Zasady
new-game-language = Język słów
new-game-word-list = Lista słów
word-list-standard = Standardowa
word-list-family = Rodzinna
new-game-players = Gracze
new-game-add-player = Dodaj gracza
new-game-clock = Czas na ruch
new-game-start = Zacznij
clock-none = Bez limitu
clock-minutes = { $minutes } min
seat-human = Człowiek
seat-remote = Gracz online
seat-computer = Komputer
level-beginner = Początkujący
level-casual = Amator
level-strong = Mocny
level-champion = Mistrz
rules-wocable = Wocable
rules-webfeud = Webfeud
rules-remote = Remote
rules-wocable-summary = Od 2 do 4 graczy, klasyczna plansza, premia 50 punktów. Możesz wymienić tyle płytek, ile zostało w worku. Słowo spoza słownika zostaje odrzucone i próbujesz jeszcze raz. Gra kończy się po czterech pasach z rzędu; płytek na stojakach się nie liczy.
rules-webfeud-summary = 2 graczy, plansza i płytki Webfeud, premia 40 punktów. Wymiana wymaga 7 płytek w worku; oddane płytki wracają do worka najpierw i mogą od razu wrócić. Trzy pasy z rzędu kończą grę; to, co zostało na stojakach, jest odejmowane.
rules-remote-summary = Od 2 do 4 graczy, klasyczna plansza, premia 50 punktów. Wymiana wymaga 7 płytek w worku. Słowo spoza słownika kosztuje utratę ruchu i liczy się jako pas. Gra kończy się, gdy każdy spasuje dwa razy z rzędu, albo gdy worek jest pusty i nikt nie może zagrać; stojaki są odejmowane.
language-en = Angielski
language-es = Hiszpański
language-fr = Francuski

## Problemy z ustawieniem gry
error-no-human = Dodaj przynajmniej jednego gracza-człowieka.
error-player-count = Te zasady są dla { $min }–{ $max } graczy.
error-player-count-exact = Te zasady są dla { $count } graczy.
error-same-name = Dwóch graczy nazywa się { $name }.
error-bad-name = Imię to jedno słowo bez spacji, a nie „{ $name }”.
error-bad-setup = Tej gry nie da się przygotować.

## Dlaczego ruch odrzucono
error-game-over = Gra się skończyła.
error-not-your-turn = To nie twój ruch.
error-player-left = Opuściłeś tę grę.
error-no-tiles = Połóż na planszy przynajmniej jedną płytkę.
error-bad-move = Tego ruchu nie można wykonać.
error-cell-taken = Pole { $square } jest już zajęte.
error-not-in-line = Płytki muszą leżeć w jednym wierszu lub jednej kolumnie.
error-gap = Między płytkami jest przerwa.
error-not-connected = Słowo musi dotykać płytki, która już leży na planszy.
error-first-move-centre = Pierwsze słowo musi przykryć gwiazdę w środku.
error-first-move-short = Pierwsze słowo wymaga przynajmniej dwóch płytek.
error-not-in-lexicon = { $words }: nie ma w słowniku.
error-left-out = { $words }: poza rodzinną listą słów.
error-tile-not-on-rack = Płytki { $tile } nie ma na twoim stojaku.
error-nothing-to-exchange = Wybierz przynajmniej jedną płytkę do wymiany.
error-exchange-not-allowed = Nie można wymienić: { $bag ->
    [one] w worku jest jedna płytka
    [few] w worku są { $bag } płytki
   *[many] w worku jest { $bag } płytek
}, a potrzeba { $needed }.

## Gra
premium-double-letter = 2L
premium-triple-letter = 3L
premium-double-word = 2S
premium-triple-word = 3S
action-play = Graj
action-recall = Zbierz
action-shuffle = Wymieszaj
action-exchange = Wymień
action-pass = Pas
action-hint = Podpowiedź
action-resign = Poddaj się
action-details = Ruchy
action-home = Menu
action-pause = Pauza
status-your-turn = Twój ruch: przeciągnij płytki na planszę.
status-thinking = { $player } myśli…
status-to-play = Ruch gracza { $player }.
preview-valid = { $words }: { $score } pkt
preview-bingo = Bingo! { $words }: { $score } pkt
preview-blank = Wybierz literę dla blanku.
bag-count = Płytki w worku: { $count }
unseen-tiles = Niewidziane płytki
move-log = Ruchy
chat-title = Czat
chat-mute = Wycisz
chat-mute-player = Wycisz: { $name }
chat-report = Zgłoś
chat-reported = zgłoszono
chat-hint = Napisz coś…
chat-send = Wyślij
chat-length = Linia może mieć najwyżej 200 znaków.
chat-offensive = Ta linia zawiera obraźliwe słowo.
chat-too-fast = Wolniej: jedna linia co kilka sekund.
chat-refused = Serwer odmówił.
log-played = { $player }: { $word } { $score }
log-withdrawn = { $player }: { $words } spoza słownika, ruch stracony
log-exchanged = { $player } wymienia { $count }
log-passed = { $player } pasuje
log-resigned = { $player } poddaje się
log-timed-out = { $player }: koniec czasu
log-rack-counted = { $player }: { $points } za stojak
log-game-over = Koniec gry
notice-play-withdrawn = { $player } ułożył { $words } spoza słownika: ruch przepada.
handover-title = Podaj urządzenie: { $player }
handover-hint = Płytki pozostaną ukryte, dopóki gracz nie będzie gotowy.
handover-ready = Tu { $player }: pokaż moje płytki
paused-title = Gra wstrzymana
paused-hint = Zegar stoi, a gra jest ukryta.
paused-resume = Wznów
blank-title = Jaką literą jest blank?
exchange-title = Wybierz płytki do wymiany
exchange-confirm = Wymień { $count }
resign-title = Poddać tę grę?
resign-hint = Przegrywasz; przy większej liczbie graczy pozostali grają dalej.
resign-confirm = Poddaj się

## Wyniki
results-title = Koniec gry
results-winner = Wygrywa { $name }!
results-player = Gracz
results-score = Punkty
results-best-play = Najlepszy ruch: { $move }
results-bingos = Bingo
results-left = wyszedł
results-pair-win = { $first } wygrywa z { $second }
results-pair-draw = { $first } i { $second }: remis
results-review = Przejrzyj każdy ruch
results-reviewing = Wyszukiwanie najlepszego ruchu w każdej turze…
results-no-play = bez słowa
results-played = Zagrano
results-best = Najlepszy
results-played-move = Zagrano: { $move }
results-best-move = Najlepszy: { $move }
results-withdrawn = nie ma w słowniku
results-turn = Ruch { $turn }
results-review-hint = Dotknij numeru ruchu, aby zobaczyć go na planszy.
results-no-move = brak możliwego ruchu
results-bag-verified = Worek sprawdzony: każda płytka pochodzi z ziarna obiecanego przed początkiem gry.
results-bag-not-verified = Worek niesprawdzony: losowania nie zgadzają się z ziarnem obiecanym przed początkiem gry.
results-rematch = Rewanż
results-no-rematch = Bez rewanżu
results-rematch-wanted = Rewanżu chcą: { $names }.
results-rematch-waiting = Prośba o rewanż wysłana: czekamy na pozostałych…
results-rematch-starting = Wszyscy chcą rewanżu: zaczyna się…
results-rematch-declined = { $name } nie chce rewanżu.
results-rematch-refused = Odmówiono rewanżu.
results-home = Start

## Słownik
dictionary-title = Słownik
dictionary-check = Sprawdź słowo
dictionary-prefix = Zaczyna się od
dictionary-pattern = Wzorzec
dictionary-anagrams = Anagramy
dictionary-check-help = Czy to słowo jest w słowniku?
dictionary-prefix-help = Słowa zaczynające się od tych liter.
dictionary-pattern-help = ? to dowolna litera, * dowolny ciąg liter: C?T*
dictionary-anagrams-help = Słowa z tych płytek; ? to blank.
dictionary-search = Szukaj
dictionary-valid = { $word } jest w słowniku.
dictionary-invalid = { $word } nie ma w słowniku.
dictionary-count = { $count ->
    [one] Jedno słowo
    [few] { $count } słowa
    [many] { $count } słów
   *[other] { $count } słowa
}
dictionary-more = Pasuje więcej słów; widać tylko pierwsze.
dictionary-bad-character = „{ $character }” to nie litera, ? ani *.
dictionary-too-long = Wyszukiwanie jest za długie.
dictionary-empty = Wpisz przynajmniej jedną literę.

## Ustawienia
settings-title = Ustawienia
settings-language = Język
settings-sound-volume = Głośność dźwięków
settings-music-volume = Głośność muzyki
settings-animations = Animacje
settings-colour-blind = Kolory premii dla daltonistów
settings-family-words = Domyślnie rodzinne listy słów (bez obraźliwych słów)

## Jak grać
how-title = Jak grać
how-goal = Układaj słowa poziomo lub pionowo z płytek na swoim stojaku. Każda płytka ma punkty; wygrywa najwyższy wynik na końcu.
how-example = WORD na polu słowa podwójnego z D na potrójnej literze: (4 + 1 + 1 + 2×3) × 2 = 24 punkty.
how-turn = W swoim ruchu połóż płytki w jednym wierszu lub kolumnie tak, by z sąsiednimi tworzyły słowo, wymień płytki albo spasuj.
how-first-move = Pierwsze słowo przykrywa gwiazdę w środku; każde następne dotyka płytki, która już leży. Każde utworzone słowo musi być w słowniku.
how-premiums = Premie liczą się tylko dla płytki położonej na nich po raz pierwszy: najpierw premie literowe, potem słowne. Wyłożenie wszystkich siedmiu płytek naraz to bingo z premią.
how-blank = Blank zastępuje wybraną literę i nie ma punktów.
how-end = Gra kończy się, gdy ktoś wyłoży ostatnią płytkę przy pustym worku (dostaje punkty z pozostałych stojaków), po serii pasów albo po trzech ruchach z rzędu każdego gracza bez wyłożenia płytki (pasy i wymiany), jak po pasach.
how-resign = Kto się poddaje, przegrywa. Przy więcej niż dwóch graczach pozostali grają dalej, a ty zajmujesz ostatnie miejsce.
how-clock = Z zegarem tury gracz, któremu skończy się czas, opuszcza grę, jakby się poddał. Zegar stoi, gdy gra jest wstrzymana.
how-premium-colours = Podwójna litera, potrójna litera, podwójne słowo, potrójne słowo.
how-controls = Przeciągnij płytkę na pole albo dotknij płytki, a potem pola. Na klawiaturze: strzałki prowadzą do pola i wybierają kierunek (lewo i prawo: poziomo, góra i dół: pionowo), spacja go zmienia, litery kładą płytki, Backspace cofa jedną, Enter zatwierdza, Esc cofa wszystkie. W oknie dialogowym Esc je zamyka, a Enter wznawia grę lub przejmuje urządzenie; wpisana litera wybiera literę blanku.
lexicon-fetching = Pobieranie listy słów…
lexicon-unavailable = Nie udało się pobrać listy słów: { $reason }
word-list-removed = Lista słów „{ $name }”, na której toczy się ta gra, została usunięta.
word-list-damaged = Nie udało się otworzyć listy słów: { $reason }
word-list-changed = Lista słów „{ $name }” nie jest tą, na której toczy się ta gra.

## Online
online-title = Online
online-name = Twoje imię online
online-create = Utwórz pokój
online-join = Dołącz z kodem
online-random = Losowa gra
online-computers = Gracze komputerowi
online-hints = Podpowiedzi dozwolone (gra nie liczy się do rankingu)
online-code = Kod pokoju
online-code-hint = sześć znaków
online-join-on = na serwerze { $server }
online-bad-code = Kod pokoju ma sześć liter i cyfr.
online-wait = Czekaj na ludzi
online-wait-seconds = { $seconds } s
online-room = Twój pokój
online-room-code = Wyślij ten kod albo link znajomym:
online-copy-code = Kopiuj kod
online-copied = Skopiowano: { $text }
online-copy-link = Kopiuj link
online-not-sent = Brak połączenia: ruch nie został wysłany. Zagraj go ponownie po ponownym połączeniu.
online-share = Udostępnij link
online-share-text = Zagraj ze mną w Wocable: pokój { $code }
online-room-word-list = Gra na liście słów „{ $name }”
online-waiting = Gracze
online-free-seat = (czekamy…)
online-leave = Opuść pokój
online-connecting = Łączenie…
online-reconnecting = Ponowne łączenie…
online-lost = Ta gra jest zamknięta dla tego urządzenia.
online-unreachable = Nie można połączyć się z serwerem. Sprawdź połączenie.
online-unreadable = Nie można odczytać odpowiedzi serwera.
online-refused = Serwer odpowiedział: { $reason }
## The lobby's refusals, by their code (wocable_net::ErrorCode)
lobby-bad-request = Serwer nie mógł odczytać żądania. Zaktualizuj aplikację i spróbuj ponownie.
lobby-unknown-rules = Serwer nie zna tych zasad.
lobby-unknown-language = Serwer nie zna tego języka.
lobby-player-count = Te zasady nie są dla takiej liczby graczy.
lobby-bad-clock = Zegar tury może mieć od jednej sekundy do jednego dnia.
lobby-no-person-seat = Zostaw co najmniej jedno miejsce dla człowieka.
lobby-wait-too-long = Losowa gra czeka na ludzi najwyżej dziesięć minut.
lobby-bad-settings = Gra nie może się zacząć z tymi ustawieniami.
lobby-bad-room-code = Kod pokoju ma sześć liter i cyfr.
lobby-no-such-room = Nie ma pokoju z tym kodem. Sprawdź go albo poproś o nowy.
lobby-room-full = Pokój jest pełny.
lobby-name-taken = Ktoś w pokoju ma już tę nazwę: wybierz inną.
lobby-already-seated = Masz już miejsce w tym pokoju.
lobby-bad-name = Nazwa online to od 1 do 20 liter lub cyfr, bez spacji.
lobby-computer-name = Ta nazwa jest dla graczy komputerowych: wybierz inną.
lobby-offensive-name = Ta nazwa jest obraźliwa: wybierz inną.
lobby-no-such-word-list = Serwer nie ma tej listy słów.
lobby-nick-taken = Ta nazwa należy do innego gracza: wybierz inną.
lobby-unknown-key = Serwer nie zna twojego konta.
lobby-wrong-recovery = Ta nazwa i ten kod odzyskiwania do siebie nie pasują.
lobby-too-many-accounts = Z tego miejsca poproszono o zbyt wiele kont: spróbuj ponownie za godzinę.
lobby-too-many-requests = Zbyt wiele żądań z tego miejsca: odczekaj chwilę i spróbuj ponownie.
lobby-too-many-asked = Zbyt wiele twoich zaproszeń do znajomych czeka na odpowiedź: poczekaj na odpowiedzi.
lobby-too-many-invitations = Zbyt wiele twoich zaproszeń do gry czeka na odpowiedź: poczekaj na odpowiedzi.
lobby-no-such-player = Nie ma gracza o tej nazwie.
lobby-no-such-arena = Ta arena nie trwa.
lobby-arena-not-started = Ta arena jeszcze się nie zaczęła.
lobby-arena-over = Ta arena się skończyła.
lobby-not-in-arena = Nie jesteś na tej arenie.
lobby-already-waiting = Już czekasz na losową grę.
lobby-unavailable = Serwer nie może tego teraz zrobić: spróbuj ponownie za chwilę.
lobby-shutting-down = Serwer się uruchamia ponownie: spróbuj ponownie za chwilę.
lobby-unreachable = Serwer, na którym jest ta gra, jest teraz nieosiągalny.
lobby-game-not-over = Gra jeszcze się nie skończyła.
lobby-not-seated = Nie masz miejsca w tej grze.
lobby-already-answered = Odpowiedź została już udzielona.
lobby-not-friends = Zaprosić można tylko znajomych.
lobby-no-such-invitation = To zaproszenie wygasło lub już na nie odpowiedziano.
lobby-yourself = To ty.
lobby-blocked-by-you = Blokujesz tego gracza: najpierw go odblokuj.
lobby-members-only = Gry trwające dni są dla graczy z kontem.
lobby-illegal-move = Zasady nie pozwalają na ten ruch.
lobby-stale-view = Gra poszła naprzód: oto co się zmieniło.
online-retry = Spróbuj ponownie
online-no-name = Najpierw wybierz swoje imię online.
online-account-gone = Twoje konto odzyskano na innym urządzeniu za pomocą kodu. Graj pod inną nazwą albo odzyskaj je tutaj kodem.
online-playing-as = Grasz jako { $nick }
online-recovery = Kod odzyskiwania twojego konta. Zapisz go: dzięki niemu odzyskasz konto na innym urządzeniu.
online-recovery-noted = Kod zapisany
online-recover-account = Odzyskaj moje konto
online-recovery-code = Kod odzyskiwania
online-recover = Odzyskaj
online-bad-recovery = Kod odzyskiwania to 20 liter i cyfr, np. 7KQ2M-X4ABC-9PQRS-T5VWX.
online-name-taken = Nazwa { $name } jest już zajęta online: wybierz inną.
online-leaderboards = Rankingi
online-my-profile = Mój profil
online-friends = Znajomi
friends-add = Dodaj znajomego po pseudonimie
friends-ask = Zaproś
friends-add-player = Dodaj { $nick } do znajomych
friends-asking = { $nick } chce zostać twoim znajomym.
friends-accept = Przyjmij
friends-refuse = Odrzuć
friends-none = Nie masz jeszcze znajomych: zaproś kogoś po pseudonimie.
friends-remove = Usuń
friends-block = Zablokuj
friends-unblock = Odblokuj
friends-blocked = Zablokowani
friends-unrated = jeszcze bez rankingu
friends-watch = Oglądaj
friends-asked = Czekasz, aż { $nick } przyjmie zaproszenie.
friends-invite-pick = Zaznacz od jednego do trzech znajomych, aby zaprosić ich do gry.
friends-invite = Zaproś: { $names }
friends-sent-waiting = { $nick } jeszcze nie odpowiedział(a).
friends-sent-accepted = { $nick } przyjął(-ęła) zaproszenie.
friends-sent-declined = { $nick } odmówił(a).
invitation = Zaproszenie
invitation-from = { $nick } zaprasza cię do gry: { $rules }, { $language }, graczy: { $players }, { $clock }.
invitation-accept = Graj
invitation-decline = Nie teraz
ratings-none = Nie ma tu jeszcze ustalonych rankingów: ranking ustala się po kilku grach.
ratings-no-games = Nie ma jeszcze gier rankingowych.
ratings-your-place = Ty: miejsce { $place } · { $rating }
ratings-games = { $games ->
    [one] jedna gra
    [few] { $games } gry
   *[many] { $games } gier
}
ratings-rating = Ranking { $rating } ± { $deviation }
ratings-record = Gry { $games }: wygrane { $wins }, remisy { $draws }, przegrane { $losses }
ratings-figures = { $average } pkt na turę · bingo { $bingos }
ratings-best = Najlepszy ruch: { $word }, { $score } pkt
online-arenas = Areny
online-watch = Obejrzyj grę
online-watch-code = Obejrzyj grę w tym pokoju
watch-none = Nikt teraz nie gra.
watch-turns = Rozegrane tury: { $turns }
watch-delayed = z opóźnieniem jednej tury
watch-refresh = Odśwież
arenas-running = Trwające
arenas-none = Teraz nie trwa żadna arena.
arenas-recent = Zakończone
arena-entrants = { $entrants ->
    [one] jeden gracz
    [few] { $entrants } gracze
   *[many] { $entrants } graczy
}
arena-ends-in = koniec za { $minutes } min
arena-ended = zakończona
arena-won-by = Zwycięzca: { $nick }
arena-standings = Tabela
arena-scoring = Wygrana daje 2 punkty, remis 1. Po dwóch wygranych z rzędu punkty liczą się podwójnie, dopóki partia nie zostanie przegrana lub zremisowana.
arena-join = Dołącz do areny
arena-next = Następna partia na arenie
arena-pairing = Szukamy przeciwnika…
arena-leave = Opuść arenę
arena-no-one = Nikt jeszcze nie dołączył.
results-rating = { $nick }: ranking { $before } → { $after } ({ $change })

# Word lists of the player's own
settings-word-lists = Listy słów
word-lists-title = Listy słów
word-lists-intro = Graj na własnej liście słów: pliku tekstowym z jednym słowem w wierszu. Upuść plik na okno albo wpisz, gdzie jest.
word-lists-words = { $count ->
    [one] jedno słowo
    [few] { $count } słowa
   *[many] { $count } słów
}
word-lists-rename = Zmień nazwę
word-lists-save = Zapisz
word-lists-remove = Usuń
word-lists-remove-sure = Usunąć na zawsze?
word-lists-import = Importuj listę słów
word-lists-file = Plik
word-lists-name = Nazwa
word-lists-import-button = Importuj
word-lists-intro-web = Graj na własnej liście słów: pliku tekstowym z jednym słowem w wierszu. Wybierz jej język i nazwę, a potem plik: zostanie przygotowana i zachowana w tej przeglądarce.
word-lists-choose-file = Wybierz plik i zaimportuj go
word-lists-building = Budowanie: { $name }…
word-lists-built = { $name }: zachowane słowa: { $words }, pominięte wiersze: { $skipped } (powtórzone: { $duplicates }, z innymi znakami: { $characters }, za krótkie lub za długie: { $length }, puste: { $blank }).
word-lists-failed = Nie udało się zaimportować listy { $name }: { $reason }

## Trace
trace-title = Trace
trace-intro = Prowadź słowa przez sąsiednie litery, zanim skończy się czas. Znajdź słowa ukrytej krzyżówki; każde inne słowo to premia.
trace-circle = Koło · 2 min
trace-circle-name = Koło
trace-circle-help = Sześć lub siedem liter na kole: każda litera może iść po każdej innej. Znajdź dziesięć słów krzyżówki.
trace-grid = Siatka · 3 min
trace-grid-name = Siatka
trace-grid-help = Siatka liter: każda litera idzie po jednej z ośmiu sąsiednich. Znajdź dziesięć słów krzyżówki.
trace-score-mode = Wynik · 6 min
trace-score-mode-name = Wynik
trace-score-mode-help = Siatka bez krzyżówki: znajdź jak najwięcej słów.
trace-best = Najlepszy wynik: { $score }
trace-new-best = Nowy najlepszy wynik!
trace-new-puzzle = Nowa łamigłówka
trace-new-ends-paused = Nowa łamigłówka kończy wstrzymaną rundę.
trace-no-puzzle = Z tej listy słów nie udało się wylosować łamigłówki. Spróbuj nowej.
trace-daily = Łamigłówka dnia ({ $date })
trace-resume = Wróć do Trace: { $mode }, zostało { $time }
trace-date = { $day } { $month ->
    [1] sty
    [2] lut
    [3] mar
    [4] kwi
    [5] maj
    [6] cze
    [7] lip
    [8] sie
    [9] wrz
    [10] paź
    [11] lis
   *[12] gru
}
trace-share = Trace { $mode } { $date } — { $found }/{ $targets } słów, { $bonus } { $bonus ->
    [one] premia
    [few] premie
   *[many] premii
}, { $score } pkt
trace-share-score = Trace { $mode } { $date } — { $bonus } { $bonus ->
    [one] słowo
    [few] słowa
   *[many] słów
}, { $score } pkt
trace-share-copy = Kopiuj wynik
trace-score = Wynik
trace-time = Czas
trace-bonus = Słowa premiowe
trace-words = Słowa
trace-time-up = Koniec czasu!
trace-perfect = Idealnie!
trace-perfect-bonus = Wszystkie słowa znalezione: +{ $bonus }
trace-final-score = { $score } pkt
trace-words-to-find = Słowa do znalezienia: { $found }/{ $count }
trace-bonus-words = Słowa premiowe: { $found }/{ $count }
trace-again = Zagraj jeszcze raz

## Autorzy
credits-title = Autorzy
credits-fonts = Czcionki
credits-fonts-text = Inter, autorstwa Rasmusa Anderssona i autorów projektu Inter (SIL Open Font License 1.1); stoper z emoji-icon-font autorstwa Johna Slegersa (licencja MIT).
credits-word-lists = Listy słów
credits-word-lists-text = Angielski: ENABLE (domena publiczna). Francuski: Dicollecte Oliviera R. (MPL 2.0). Hiszpański: hiszpański słownik LibreOffice (GPL 3+, LGPL 3+ lub MPL 1.1+). Ze wszystkimi formami ich słów.
credits-familiar = Znane słowa
credits-familiar-text = Trace ukrywa słowa, które każdy zna, wybrane według częstości z wordfreq 3.1.1 Robyn Speer (CC BY-SA 4.0), zebranych z Wikipedii, napisów, wiadomości, książek, sieci, Twittera i Reddita. Słowa obraźliwe są pomijane dzięki liście List of Dirty, Naughty, Obscene, and Otherwise Bad Words firmy Shutterstock (CC BY 4.0).
credits-sounds = Dźwięki i muzyka
credits-sounds-text = Zrobione dla Wocable za pomocą sox, przekazane do domeny publicznej (CC0 1.0).
action-my-games = Moje gry
online-my-games = Moje gry
online-my-games-badge = Moje gry ({ $count } do zagrania)
online-pace = Tempo
pace-live = Na żywo
pace-days = { $days ->
    [one] 1 dzień na ruch
   *[other] { $days } dni na ruch
}
my-games-none = Nie masz jeszcze gier trwających dni: utwórz grę z tempem w dniach albo poproś o losową.
my-games-your-turn = Twój ruch
my-games-their-turn = Ruch gracza { $name }
my-games-left = zostało { $time }
my-games-waiting = Czekamy na graczy
my-games-waiting-note = Przekaż kod: gra zaczyna się, gdy wszystkie miejsca są zajęte, i czeka w Moich grach.
my-games-won = Wygrana
my-games-lost = Przegrana
my-games-drawn = Remis
home-my-turn = { $count ->
    [one] Twój ruch w 1 grze
   *[other] Twój ruch w { $count } grach
}
my-games-notify = Powiadamiaj mnie o moim ruchu
my-games-notifying = Ta przeglądarka powiadamia cię o twoim ruchu.
my-games-not-notifying = Powiadomienia są wyłączone w tej przeglądarce: zezwól na nie w jej ustawieniach i poproś ponownie.
