"""The terminal's own words, in Spanish and English.

Game terms stay as the rulebooks write them (SALIDA, CALLE, CÁRCEL, JUEZ, SORPRESA…); the
words for events come from each game's ``describe``. ``tr(lang, key, **fields)`` fills a
message in.
"""

from __future__ import annotations

LANGS = ("es", "en")

# key -> (Spanish, English)
MESSAGES: dict[str, tuple[str, str]] = {
    # errors
    "error": ("Error", "Error"),
    "bad_lang": ("idioma {value!r} desconocido; usa es o en",
                 "unknown language {value!r}; use es or en"),
    "empty_seat": ("--players: el asiento {n} no tiene nombre (usa p. ej. \"Ana,bot:greedy\")",
                   "--players: seat {n} has no name (use e.g. \"Ana,bot:greedy\")"),
    "dup_name": ("--players: el nombre {name!r} se repite; cada asiento necesita un nombre "
                 "distinto", "--players: the name {name!r} is repeated; each seat needs its "
                 "own name"),
    "bad_count": ("--players: {n} no es un número de jugadores válido",
                  "--players: {n} is not a valid number of players"),
    "bad_option": ("--option {text!r}: escribe NOMBRE=VALOR, p. ej. max_rounds=50",
                   "--option {text!r}: write NAME=VALUE, e.g. max_rounds=50"),
    "no_game": ("falta el juego: ludoteca play JUEGO (juegos: {games})",
                "missing the game: ludoteca play GAME (games: {games})"),
    "game_mismatch": ("{file} es una partida de {saved}, no de {game}",
                      "{file} holds a game of {saved}, not of {game}"),
    "load_conflict": ("--load no admite {flag}: la partida guardada ya fija la semilla y las "
                      "opciones", "--load takes no {flag}: the saved game already fixes the "
                      "seed and the options"),
    "seat_count": ("--players indica {given} asientos, pero la partida guardada tiene {saved}",
                   "--players gives {given} seats, but the saved game has {saved}"),
    "cannot_read": ("no se puede leer {file}: {why}", "cannot read {file}: {why}"),
    "not_json": ("{file} no es JSON válido (línea {line}, columna {col}): {why}",
                 "{file} is not valid JSON (line {line}, column {col}): {why}"),
    "bad_record": ("{file} no es una partida válida: {why}",
                   "{file} is not a valid game record: {why}"),
    "record_object": ("un registro es un objeto JSON con game, seed y actions",
                      "a record is a JSON object with game, seed and actions"),
    "bad_table": ("{file}: la información de la mesa (clave \"table\") no es válida: {why}",
                  "{file}: the table information (key \"table\") is not valid: {why}"),
    "port_busy": ("no se puede abrir {host}:{port} ({why}): ¿ya hay una mesa u otro programa en "
                  "ese puerto? Usa otro con --port, p. ej. --port {next}",
                  "cannot listen on {host}:{port} ({why}): is a table or another program "
                  "already using that port? Choose another with --port, e.g. --port {next}"),
    # games / rules
    "games_title": ("Juegos disponibles", "Available games"),
    "col_id": ("juego", "game"),
    "col_title": ("título", "title"),
    "col_players": ("jugadores", "players"),
    "col_options": ("opciones (--option NOMBRE=VALOR)", "options (--option NAME=VALUE)"),
    "col_bots": ("bots", "bots"),
    "default": ("por defecto", "default"),
    "choices": ("valores", "choices"),
    "none": ("ninguno", "none"),
    "no_options": ("sin opciones", "no options"),
    "yes_no": ("sí, no", "yes, no"),
    "n_players": ("{n} jugadores", "{n} players"),
    "games_hint": ("Reglas de un juego: ludoteca rules JUEGO · Jugar: ludoteca play JUEGO "
                   "--players \"Ana,bot:greedy\"",
                   "A game's rules: ludoteca rules GAME · Play: ludoteca play GAME "
                   "--players \"Ana,bot:greedy\""),
    "rules_title": ("Reglas de {title}", "Rules of {title}"),
    "grammar_title": ("Acciones (escribe su texto o su alias inglés)",
                      "Actions (type the text or its English alias)"),
    "no_grammar": ("(este juego no publica su gramática de acciones)",
                   "(this game does not publish its action grammar)"),
    "table_title": ("Órdenes de la mesa", "Table commands"),
    "cmd_number": ("un número: la acción con ese número en la lista",
                   "a number: the action with that number in the list"),
    "cmd_save": ("guardar FICHERO (save): guarda la partida para seguirla con "
                 "ludoteca play --load FICHERO",
                 "save FILE (guardar): saves the game; resume it with "
                 "ludoteca play --load FILE"),
    "cmd_board": ("tablero (board): vuelve a mostrar la mesa",
                  "board (tablero): shows the table again"),
    "cmd_help": ("ayuda (help): esta ayuda", "help (ayuda): this help"),
    "cmd_quit": ("salir (quit): deja la partida (guárdala antes si quieres seguirla)",
                 "quit (salir): leaves the game (save it first to resume it later)"),
    "cmd_filter": ("una palabra (p. ej. comprar): deja en la lista solo las acciones que la "
                   "contienen; Intro: la lista entera",
                   "a word (e.g. comprar): keeps only the actions that contain it in the list; "
                   "Enter: the whole list"),
    "cmd_more": ("? (más): la página siguiente de acciones", "? (more): the next page of "
                 "actions"),
    "cmd_log": ("registro (log): todo lo que ha pasado desde tu última decisión",
                "log (registro): everything that happened since your last decision"),
    # the table
    "round": ("ronda {round}", "round {round}"),
    "round_of": ("ronda {round} de {max}", "round {round} of {max}"),
    "turn_of": ("turno de {name}", "{name}'s turn"),
    "board_title": ("Tablero: {board}", "Board: {board}"),
    "h_square": ("casilla", "square"),
    "h_price": ("precio", "price"),
    "h_rent": ("alquiler", "rent"),
    "h_owner": ("dueño", "owner"),
    "h_houses": ("casas", "houses"),
    "h_hotels": ("hoteles", "hotels"),
    "h_mortgaged": ("hipot.", "mortg."),
    "h_here": ("aquí", "here"),
    "h_player": ("jugador", "player"),
    "h_balance": ("saldo", "balance"),
    "h_capital": ("capital", "capital"),
    "h_position": ("casilla", "square"),
    "h_jail": ("cárcel", "jail"),
    "h_escape": ("SalirCárcel", "jail card"),
    "yes": ("sí", "yes"),
    "in_jail": ("dentro", "in jail"),
    "you": ("tú", "you"),
    "since": ("Desde tu última decisión", "Since your last decision"),
    "earlier": ("… ({n} anteriores)", "… ({n} earlier)"),
    "nothing_yet": ("Aún no ha pasado nada.", "Nothing has happened yet."),
    "options_title": ("{name}, ¿qué haces?", "{name}, what do you do?"),
    "prompt_hint": ("Escribe un número o el texto de una acción · ayuda · guardar FICHERO · "
                    "salir", "Type a number or an action's text · help · save FILE · quit"),
    "prompt": ("{name} ▸ ", "{name} ▸ "),
    "prompt_short": ("número o acción · ayuda · guardar · salir",
                     "number or action · help · save · quit"),
    "prompt_shorter": ("ayuda · guardar · salir", "help · save · quit"),
    "more_hint": ("más: escribe ? o un filtro", "more: type ? or a filter"),
    "filter_hint": ("una palabra filtra la lista", "a word filters the list"),
    "page": ("página {page}/{pages}", "page {page}/{pages}"),
    "filtered": ("filtro «{word}»: {n} de {total} (Intro: todas)",
                 "filter “{word}”: {n} of {total} (Enter: all)"),
    "no_match": ("Ninguna acción contiene «{word}» (Intro: todas).",
                 "No action contains “{word}” (Enter: all)."),
    "log_more": ("(+{n} líneas: escribe registro)", "(+{n} lines: type log)"),
    "thinking": ("{name} está pensando… {s} s", "{name} is thinking… {s} s"),
    "loading": ("Cargando la partida", "Loading the game"),
    "save_offer": ("¿Guardar la partida? s = {file} · otro nombre · Intro = no ",
                   "Save the game record? y = {file} · another name · Enter = no "),
    "out_of_range": ("no hay acción número {n}: elige de 1 a {max}",
                     "there is no action number {n}: choose 1 to {max}"),
    "illegal": ("No vale: {why}", "Not allowed: {why}"),
    "saved": ("Partida guardada en {file}. Para seguirla: ludoteca play --load {file}",
              "Game saved in {file}. To resume it: ludoteca play --load {file}"),
    "save_failed": ("no se ha podido guardar en {file}: {why}", "could not save to {file}: {why}"),
    "quit": ("Dejas la partida.", "You leave the game."),
    "quit_unsaved": ("Las últimas jugadas no estaban guardadas (para poder seguir otro día, "
                     "escribe 'guardar FICHERO' antes de 'salir').",
                     "The last moves were not saved (to resume another day, type 'save FILE' "
                     "before 'quit')."),
    "eof": ("Se acabó la entrada: la partida queda sin terminar.",
            "End of input: the game is left unfinished."),
    "interrupted": ("Interrumpido: la partida queda sin terminar.",
                    "Interrupted: the game is left unfinished."),
    "secret_title": ("Decisión secreta", "Secret decision"),
    "private_title": ("Pantalla privada", "Private screen"),
    "pass_keyboard": ("Pasa el teclado a {name}; que nadie más mire la pantalla.",
                      "Pass the keyboard to {name}; nobody else should look at the screen."),
    "pass_ready": ("{name}: pulsa Intro cuando estés a solas… ",
                   "{name}: press Enter when you are alone… "),
    "first_player": ("Empieza {name} (por sorteo).", "{name} starts (drawn at random)."),
    "loaded": ("Partida cargada de {file}: {n} jugadas.",
               "Game loaded from {file}: {n} played."),
    "seats": ("jugadores: {seats} · semilla {seed}", "players: {seats} · seed {seed}"),
    # the result
    "result_title": ("Resultado", "Result"),
    "h_place": ("puesto", "place"),
    "h_score": ("puntos", "score"),
    "winner": ("gana", "wins"),
    "winners_line": ("Gana {names}.", "Winner: {names}."),
    "winners_tie": ("Empate: ganan {names}.", "Tie: {names} win."),
    "and": (" y ", " and "),
    "reason_bankruptcy": ("La partida acaba por bancarrota de {names}.",
                          "The game ends because {names} went bankrupt."),
    "reason_limit": ("La partida acaba al llegar al límite de {rounds} rondas.",
                     "The game ends at the limit of {rounds} rounds."),
    "reason_other": ("La partida acaba: {reason}.", "The game ends: {reason}."),
    "reason_fin": ("La partida acaba al cumplirse su final.",
                   "The game ends as its rules say it does."),
    "reason_win": ("La partida acaba con un ganador.", "The game ends with a winner."),
    "reason_resign": ("La partida acaba por abandono.", "The game ends by resignation."),
    "reason_abandoned": ("La partida acaba por abandono.", "The game ends by resignation."),
    "reason_agreement": ("La partida acaba de común acuerdo.", "The game ends by agreement."),
    "ranked_capital": ("Se ordena por capital (saldo + valor de los títulos).",
                       "Ranked by capital (balance + title values)."),
    "ranked_balance": ("Se ordena por saldo; las propiedades no cuentan.",
                       "Ranked by balance; properties do not count."),
    # replay
    "replay_title": ("Partida grabada: {title}", "Recorded game: {title}"),
    "replay_info": ("Jugadores: {names} · semilla {seed} · {n}",
                    "Players: {names} · seed {seed} · {n}"),
    "step_prompt": ("[Intro: siguiente · q: hasta el final] ", "[Enter: next · q: to the end] "),
    "not_over": ("La grabación acaba aquí; la partida no ha terminado (le toca a {names}).",
                 "The record ends here; the game is not over ({names} to move)."),
}


def actions(lang: str, n: int) -> str:
    """``1 acción``, ``3 acciones`` / ``1 action``, ``3 actions``."""
    if lang == "es":
        return f"{n} acción" if n == 1 else f"{n} acciones"
    return f"{n} action" if n == 1 else f"{n} actions"


def tr(lang: str, key: str, **fields: object) -> str:
    """The message ``key`` in ``lang`` ('es' or 'en'), with ``fields`` filled in."""
    es, en = MESSAGES[key]
    text = es if lang == "es" else en
    return text.format(**fields) if fields else text
