"""The end of a game in words: the ranking, each seat's score broken down as the game's rules
count it, why the game ended, and what was hidden during play (every seat's final view).
Served only once the game is over (``GET /api/tables/{id}/results``)."""

from __future__ import annotations

import json
from typing import Any

from ludoteca.core.game import Game

from .errors import WebError, not_found
from .seating import _give_seat, create_table
from .setup import check_request
from .table import dumps

Words = dict[str, str]


def w(es: str, en: str) -> Words:
    return {"es": es, "en": en}


def _num(x: Any) -> Any:
    """A JSON number (Decimals become int or float)."""
    return json.loads(dumps(x))


# ----- why it ended -------------------------------------------------------------------------
#: every ``result.reason`` each engine can produce, in words
REASONS: dict[str, dict[str, Words]] = {
    "qytetet": {"bankruptcy": w("bancarrota: un jugador se quedó sin dinero",
                                "bankruptcy: a player ran out of money"),
                "limit": w("se alcanzó el límite de rondas de la mesa",
                           "the table's round limit was reached")},
    "civitas": {"bankruptcy": w("bancarrota: un jugador se quedó sin dinero",
                                "bankruptcy: a player ran out of money"),
                "limit": w("se alcanzó el límite de rondas de la mesa",
                           "the table's round limit was reached")},
    "som": {"consulta": w("se celebra la consulta: la urna tiene las 4 cartas",
                          "the consulta is held: the ballot box holds all 4 cards"),
            "intervencion": w("la Generalitat es intervenida: alguien no pudo pagar sus "
                              "impuestos", "the Generalitat is taken over: somebody could not "
                              "pay their taxes"),
            "dui": w("declaración unilateral de independencia (DUI): Hisenda no pudo pagar",
                     "unilateral declaration of independence (DUI): Hisenda could not pay"),
            "limit": w("límite de turnos de la mesa (no es un final del reglamento)",
                       "the table's turn limit (not an ending of the rulebook)")},
    "elplan": {"fin": w("se jugaron los 12 periodos", "all 12 Periods were played"),
               "tutorial": w("fin del tutorial", "end of the tutorial")},
    "sigloxx": {"fin": w("puntuación final tras la ronda VI", "final scoring after round VI")},
}


def reason_words(game_id: str, reason: str, details: dict[str, Any] | None,
                 names: list[str]) -> Words:
    """Why the game ended, in Spanish and English (never a raw code)."""
    base = REASONS.get(game_id, {}).get(reason)
    if base is None:
        base = w(f"fin de la partida ({reason})", f"end of the game ({reason})")
    d = details or {}
    es, en = base["es"], base["en"]
    if reason == "bankruptcy" and d.get("bankrupt"):
        who = ", ".join(names[s] for s in d["bankrupt"] if 0 <= s < len(names))
        es, en = f"bancarrota de {who}", f"{who} went bankrupt"
    elif reason == "limit" and d.get("rounds"):
        es += f" ({d['rounds']})"
        en += f" ({d['rounds']})"
    elif reason == "limit" and d.get("turns"):
        es += f" ({d['turns']} turnos)"
        en += f" ({d['turns']} turns)"
    elif reason == "dui" and isinstance(d.get("causer"), int) and d["causer"] >= 0:
        es += f"; la provocó {names[d['causer']]}"
        en += f"; caused by {names[d['causer']]}"
    elif reason == "intervencion" and isinstance(d.get("failed_payer"), int) \
            and 0 <= d["failed_payer"] < len(names):
        es += f" ({names[d['failed_payer']]})"
        en += f" ({names[d['failed_payer']]})"
    return w(es, en)


# ----- how each game counts ------------------------------------------------------------------
def _part(key: str, label: Words, value: Any, rule: str | None = None,
          note: Words | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"key": key, "label": label, "value": _num(value)}
    if rule:
        out["rule"] = rule
    if note:
        out["note"] = note
    return out


def _monopoly(game: Any, s: int, view: dict[str, Any]) -> dict[str, Any]:
    squares = view.get("squares", [])
    owned = [q for q in squares if q.get("owner") == s]
    me = view["players"][s]
    if view.get("ranked_by") == "capital":
        parts = [_part("balance", w("Saldo", "Balance"), me["balance"], "QY-2.4")]
        for q in owned:
            extra_es = extra_en = ""
            if q.get("houses") or q.get("hotels"):
                extra_es = f" ({q['houses']} casas, {q['hotels']} hoteles)"
                extra_en = f" ({q['houses']} houses, {q['hotels']} hotels)"
            parts.append(_part(f"title:{q['index']}",
                               w(f"Título: {q['name']}{extra_es}",
                                 f"Title: {q.get('name_en') or q['name']}{extra_en}"),
                               game.title_value(q["index"]), "QY-2.4"))
        return {"how": w("Capital = saldo + valor de cada título (precio de compra + casas y "
                         "hoteles a precio de edificar)", "Capital = balance + each title's "
                         "value (purchase price + houses and hotels at their build price)"),
                "total_label": w("Capital", "Capital"), "parts": parts}
    parts = [_part("balance", w("Saldo", "Balance"), me["balance"], "CV-2.3")]
    if owned:
        names_es = ", ".join(q["name"] for q in owned)
        names_en = ", ".join(q.get("name_en") or q["name"] for q in owned)
        parts.append(_part("titles", w(f"Propiedades (no cuentan): {names_es}",
                                       f"Properties (not counted): {names_en}"), 0))
    return {"how": w("En Civitas gana quien tiene más saldo; las propiedades no cuentan",
                     "In Civitas the highest balance wins; properties do not count"),
            "total_label": w("Saldo", "Balance"), "parts": parts}


def _som(result: dict[str, Any], s: int, view: dict[str, Any]) -> dict[str, Any]:
    me = view["players"][s]
    parts = [_part("pd", w("Discos de participación democrática (PD)",
                           "Democratic-participation disks (PD)"), me.get("pd", 0), "SOM-5.1"),
             _part("money", w("Dinero en discos (no cuenta para ganar)",
                              "Money in disks (does not count to win)"), me.get("value", 0))]
    how = {"consulta": w("Consulta: gana quien tiene más PD (empate: victoria compartida)",
                         "Consulta: most PDs wins (a tie shares the victory)"),
           "dui": w("DUI: gana quien tiene más PD; con empate, quien provocó la DUI",
                    "DUI: most PDs wins; on a tie, whoever caused the DUI"),
           "intervencion": w("Intervención: nadie gana", "Intervention: nobody wins"),
           "limit": w("Límite de turnos: nadie gana", "Turn limit: nobody wins")}
    return {"how": how.get(result.get("reason", ""), w("Gana quien tiene más PD",
                                                          "Most PDs wins")),
            "total_label": w("PD", "PDs"), "parts": parts}


def _elplan(result: dict[str, Any], s: int) -> dict[str, Any]:
    d = result.get("details") or {}

    def at(key: str) -> Any:
        vals = d.get(key) or []
        return vals[s] if s < len(vals) else None

    parts = [_part("ideas", w("Ideas (1 punto cada una)", "Ideas (1 point each)"),
                   at("ideas") or 0, "EP-SCO.1"),
             _part("trios", w("Tríos de inversiones activas", "Trios of active investments"),
                   at("trios") or 0, "EP-SCO.2")]
    if at("penalty"):
        parts.append(_part("penalty", w("Crédito sin devolver: pierde 1 Idea",
                                        "Credit not repaid: gives up 1 Idea"), -1, "EP-SCO.6"))
    tie = [_part("resources", w("Desempate 1: fichas de recurso",
                                "Tie-break 1: resource tokens"), at("resources") or 0,
                 "EP-SCO.8"),
           _part("liquidation", w("Desempate 2: liquidación", "Tie-break 2: liquidation"),
                 at("liquidation") or 0, "EP-SCO.9")]
    return {"how": w("Puntos = Ideas + tríos de inversiones activas",
                     "Points = Ideas + trios of active investments"),
            "total_label": w("Puntos", "Points"), "parts": parts, "tiebreak": tie}


SIGLO_SOURCES = {
    "start": (w("Puntos iniciales", "Starting points"), None),
    "income": (w("Producción durante las rondas", "Production during the rounds"), None),
    "bonus_cards": (w("Tarjetas de puntuación", "Scoring cards"), None),
    "coins": (w("Mayoría de monedas", "Majority of coins"), "XX-F.2"),
    "science": (w("Mayoría de ciencia", "Majority of science"), "XX-F.2"),
    "environment": (w("Contaminación", "Pollution"), "XX-F.5"),
    "clean_tiles": (w("Losetas sin basura", "Garbage-free tiles"), "XX-F.4"),
    "garbage": (w("Basura", "Garbage"), "XX-F.5"),
}


def _sigloxx(result: dict[str, Any], s: int) -> dict[str, Any]:
    d = result.get("details") or {}
    src = (d.get("points_by_source") or [{}] * (s + 1))[s]
    parts = [_part(k, label, src.get(k, 0), rule) for k, (label, rule) in SIGLO_SOURCES.items()
             if k in src]
    tie = []
    keys = (d.get("tie_break") or [])
    if s < len(keys):
        k = keys[s]
        tie = [_part("garbage_tokens", w("Desempate: menos basura", "Tie-break: least garbage"),
                     -k[1] if len(k) > 1 else 0),
               _part("pollution", w("Desempate: contaminación más alta",
                                    "Tie-break: highest pollution"), k[2] if len(k) > 2 else 0),
               _part("coins_science", w("Desempate: monedas + ciencia",
                                        "Tie-break: coins + science"), k[3] if len(k) > 3 else 0)]
    return {"how": w("Puntos de victoria: producción, tarjetas y puntuación final",
                     "Victory points: production, scoring cards and the final scoring"),
            "total_label": w("Puntos de victoria", "Victory points"), "parts": parts,
            "tiebreak": tie}


def breakdown(game: Game, result: dict[str, Any], s: int,
              view: dict[str, Any]) -> dict[str, Any]:
    """How seat ``s``'s score is made up, as its game's rules count it."""
    gid = game.game_id
    if gid in ("qytetet", "civitas"):
        return _monopoly(game, s, view)
    if gid == "som":
        return _som(result, s, view)
    if gid == "elplan":
        return _elplan(result, s)
    if gid == "sigloxx":
        return _sigloxx(result, s)
    return {"how": w("Puntuación", "Score"), "total_label": w("Puntos", "Points"), "parts": []}


# ----- what was hidden --------------------------------------------------------------------
def _fact(label: Words, value: Any) -> dict[str, Any]:
    return {"label": label, "value": _num(value)}


def _count(d: Any) -> str:
    if not isinstance(d, dict):
        return "—"
    return ", ".join(f"{k}: {v}" for k, v in d.items()) or "—"


def revealed(game_id: str, s: int, view: dict[str, Any]) -> list[dict[str, Any]]:
    """Seat ``s``'s final holdings, hidden or not, as label/value pairs."""
    me = next((p for p in view.get("players", []) if p.get("seat") == s), {})
    if game_id in ("qytetet", "civitas"):
        owned = [q for q in view.get("squares", []) if q.get("owner") == s]
        return [_fact(w("Saldo", "Balance"), me.get("balance")),
                _fact(w("Propiedades", "Properties"), len(owned)),
                _fact(w("Carta de salir de la cárcel", "Get-out-of-jail card"),
                      "✓" if me.get("holds_salir_carcel") else "—")]
    if game_id == "som":
        return [_fact(w("Discos", "Disks"), _count(me.get("disks"))),
                _fact(w("Dinero", "Money"), f"{me.get('value', 0)} €"),
                _fact(w("PD", "PDs"), me.get("pd", 0))]
    if game_id == "elplan":
        return [_fact(w("Ideas", "Ideas"), me.get("ideas", 0)),
                _fact(w("Recursos sin usar", "Idle resources"), _count(me.get("idle"))),
                _fact(w("Productos en mano", "Products in hand"), _count(me.get("hand"))),
                _fact(w("Productos en la tienda", "Products in the shop"),
                      _count(me.get("tienda"))),
                _fact(w("Crédito", "Credit"), "✓" if me.get("credit") else "—")]
    if game_id == "sigloxx":
        techs = ", ".join(t.get("id", "?") for t in me.get("technologies", [])) or "—"
        return [_fact(w("Monedas", "Coins"), me.get("coins")),
                _fact(w("Ciencia", "Science"), me.get("science")),
                _fact(w("Tecnologías", "Technologies"), techs),
                _fact(w("Contaminación", "Pollution"), me.get("pollution")),
                _fact(w("Basura", "Garbage"), me.get("garbage"))]
    return []


def results(table: Any) -> dict[str, Any]:
    """The results screen of a finished table (call only once it is over)."""
    game: Game = table.game
    result = table.result_json() or {}
    names = [s["name"] for s in table.seats]
    views = {s: game.view(s) for s in range(game.n_players)}
    scores = result.get("scores") or []
    winners = set(result.get("winners") or [])
    details = result.get("details") or {}
    places = details.get("places")
    ranking = []
    for i, s in enumerate(result.get("ranking") or []):
        place = places[s] if isinstance(places, list) and s < len(places) else i + 1
        if not isinstance(places, list) and i > 0 and scores and scores[s] == scores[
                result["ranking"][i - 1]] and not (s in winners) ^ (
                result["ranking"][i - 1] in winners):
            place = ranking[-1]["place"]
        ranking.append({"seat": s, "name": names[s], "place": place,
                        "score": scores[s] if s < len(scores) else None,
                        "winner": s in winners, "kind": table.seats[s]["kind"],
                        "breakdown": breakdown(game, result, s, views[s]),
                        "revealed": revealed(game.game_id, s, views[s])})
    return json.loads(dumps({
        "table_id": table.id, "game": game.game_id, "lang": table.lang,
        "reason": result.get("reason"),
        "reason_text": reason_words(game.game_id, result.get("reason", ""), details, names),
        "winners": sorted(winners), "ranking": ranking, "names": names,
        "steps": table.version, "rematch": getattr(table, "rematch", None),
        "views": {str(s): v for s, v in views.items()}}))


# ----- rematch ----------------------------------------------------------------------------
def rematch_request(table: Any, mine: tuple[int, ...]) -> dict[str, Any]:
    """A create-table request for the same game, options, language and seats: bots stay the
    same bots; the caller's seats are theirs at once (the first as host); every other
    person's seat waits for its player (``POST …/rematch/join``)."""
    people = [s for s in mine if table.seats[s]["kind"] == "person"]
    seats = []
    for s in table.seats:
        if s["kind"] == "bot":
            seats.append({"kind": "bot", "bot": s["bot"], "name": s["name"]})
        else:
            access = ("host" if s["seat"] == people[0] else "local") \
                if s["seat"] in people else "invite"
            seats.append({"kind": "person", "name": s["name"], "access": access})
    out = {"game": table.game_id, "options": table.game.record_options(),
           "lang": table.lang, "listed": table.listed, "seats": seats}
    clock = getattr(table, "clock", None)
    if clock is not None:                 # the same clocks (web/clock.py)
        out["clock"] = clock.spec()
    return out


async def rematch(hub: Any, table: Any, access: Any, key: str,
                  client: str) -> dict[str, Any]:
    """Open the rematch of a finished table (once: later calls get the same table, and
    give the caller their seats in it)."""
    _seated_over(table, access)
    async with table.lock:
        if table.rematch is None:
            req = check_request(rematch_request(table, access.seats), hub.limits)
            answer = await create_table(hub, req, key, client)
            await hub.writer.run(hub.store.set_rematch, table.id, answer["table_id"])
            table.rematch = answer["table_id"]
            hub.notify(table)
            return {"table_id": table.rematch, "url": f"/t/{table.rematch}",
                    "you": answer["you"], "created": True}
    try:
        out = await join_rematch(hub, table, access, key)
    except WebError as exc:
        if exc.code != "taken":
            raise
        out = {"table_id": table.rematch, "url": f"/t/{table.rematch}", "you": []}
    return {**out, "created": False}


async def join_rematch(hub: Any, table: Any, access: Any, key: str) -> dict[str, Any]:
    """The seats this browser held at the finished table, in its rematch."""
    _seated_over(table, access)
    if table.rematch is None:
        raise not_found("todavía una revancha de esta mesa",
                        "rematch of this table yet")
    new = hub.get(table.rematch)
    async with new.lock:
        if new.ended:
            raise WebError("closed", "la revancha ya no está en juego",
                           "the rematch is no longer in play")
        held = set(new.access_for(key).seats)
        want = [s for s in access.seats if s < len(new.seats)
                and new.seats[s]["kind"] == "person" and s not in held]
        taken = [s for s in want if new.seats[s]["claimed"]]
        if taken and not held and len(taken) == len(want):
            raise WebError("taken", "tu asiento de la revancha ya es de otro navegador",
                           "your seat in the rematch already belongs to another browser",
                           taken)
        for s in want:
            if s not in taken:
                await _give_seat(hub, new, s, key, None, new.credentials)
    you = list(new.access_for(key).seats)
    return {"table_id": new.id, "url": f"/t/{new.id}", "you": you}


def _seated_over(table: Any, access: Any) -> None:
    if not table.over:
        raise WebError("not_over", "la revancha se abre cuando termina la partida",
                       "a rematch opens once the game is over")
    if not access.seats:
        raise WebError("forbidden", "solo quien jugó en esta mesa puede pedir la revancha",
                       "only those who played at this table may ask for a rematch")
