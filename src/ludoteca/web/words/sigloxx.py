"""«Siglo XX» action buttons in words: every action the game can offer, named by the ids the
board shows (tile ``L07``, technology ``T03`` and its name, site ``L07b``, cell ``1,0``) and
the numbers the acting seat sees ("Comprar T03 Biblioteca pública · 6 de ciencia").

The names, yields and effects are the game's own content (``--option content``): the view of a
game with a custom content file carries its mark, and :func:`describe` words the buttons with
that content (``tables_of(view)``).

The engine's text form numbers tiles and technologies from 0 (``comprar-tecnologia 2`` is T03):
that stays the canonical, recorded form so every record replays, but a player never reads it as
the button's words. Only the seat's own view is read: nobody else's coins or science.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.games.sigloxx import actions as A
from ludoteca.games.sigloxx.common import CITY, LAND_ID, TECH_ID, site_name
from ludoteca.games.sigloxx.effects import tech_effect
from ludoteca.games.sigloxx.tables import current, tables_of, using
from ludoteca.games.sigloxx.text import action_text

from . import Words, pair

GROUPS: dict[str, tuple[str, str]] = {
    "auction": ("Subasta", "Auction"),
    "tech": ("Tecnologías", "Technologies"),
    "catastrophe": ("Catástrofe", "Catastrophe"),
    "garbage": ("Basura", "Garbage"),
    "place": ("Colocar fichas", "Place tiles"),
    "citizens": ("Ciudadanos", "Citizens"),
    "production": ("Producción", "Production"),
    "turn": ("Turno", "Turn"),
}
GROUP_OF: dict[str, str] = {
    A.PASS: "auction", A.WITHDRAW: "auction", A.AUCTION: "auction", A.BUY_LAND: "auction",
    A.BID: "auction", A.NO_BUY: "tech", A.BUY_TECH: "tech", A.USE: "tech",
    A.GARBAGE: "garbage", A.REMOVE: "garbage", A.RECYCLE: "production",
    A.PICK_LAND: "place", A.PICK_INST: "place", A.BRIDGE_E: "place", A.BRIDGE_S: "place",
    A.PUT: "citizens", A.LIFT: "citizens", A.DONE: "turn",
}


def _n(n: int, one_es: str, many_es: str, one_en: str, many_en: str) -> tuple[str, str]:
    return (f"{n} {one_es if n == 1 else many_es}", f"{n} {one_en if n == 1 else many_en}")


def coins(n: int) -> tuple[str, str]:
    """``5 monedas`` / ``5 coins``."""
    return _n(n, "moneda", "monedas", "coin", "coins")


def science(n: int) -> tuple[str, str]:
    """``4 de ciencia`` / ``4 science`` (the log's words)."""
    return (f"{n} de ciencia", f"{n} science")


def tech_name(tid: str) -> tuple[str, str]:
    """``T03 Biblioteca pública`` / ``T03 Public Library``."""
    t = current().TECH[TECH_ID.index(tid)]
    return (f"{tid} {t.name}", f"{tid} {t.name_en}")


def tile_yields(tid: str) -> tuple[str, str]:
    """What a land tile's sites give: ``2 monedas, 1 de ciencia · reciclaje 1``."""
    es: list[str] = []
    en: list[str] = []
    for s in current().LAND[LAND_ID.index(tid)].sites:
        if s.kind == CITY:
            parts = [(coins(s.coins) if s.coins else None),
                     (science(s.science) if s.science else None),
                     ((f"{s.vp} PV", f"{s.vp} VP") if s.vp else None)]
            got = [p for p in parts if p]
            es.append(", ".join(p[0] for p in got) or "nada")
            en.append(", ".join(p[1] for p in got) or "nothing")
        else:
            es.append(f"reciclaje {s.capacity}")
            en.append(f"recycling {s.capacity}")
    return (" · ".join(es), " · ".join(en))


def _who(view: dict[str, Any], seat: Any) -> tuple[str, str]:
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return (players[seat]["name"], players[seat]["name"])
    return ("—", "—")


def _me(view: dict[str, Any]) -> dict[str, Any]:
    seat = view.get("seat")
    players = view.get("players") or []
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}


def _words(group: str, es: str, en: str, help_es: str = "", help_en: str = "") -> Words:
    g = GROUPS[group]
    out: Words = {"label": pair(es, en), "group": pair(g[0], g[1])}
    if help_es or help_en:
        out["help"] = pair(help_es, help_en)
    return out


def _holding(view: dict[str, Any]) -> tuple[str, str]:
    """``tienes 12 monedas y 5 de ciencia`` from the seat's own view (empty if hidden)."""
    me = _me(view)
    if "coins" not in me:
        return ("", "")
    c, s = coins(me["coins"]), science(me["science"])
    return (f"tienes {c[0]} y {s[0]}", f"you hold {c[1]} and {s[1]}")


def describe(view: dict[str, Any], action: str) -> Words | None:
    """The words of one legal action of the acting seat (None for an unknown action), with
    the typed form that names cards and tiles by their IDs (``comprar-tecnologia T03``)."""
    try:
        act = A.parse(action)
    except LudotecaError:
        return None
    with using(tables_of(view)):               # the content of the game the view shows
        words = _describe(view, act)
    if words is not None:
        typed = action_text(act)
        if typed != action:
            words["typed"] = typed
    return words


def _describe(view: dict[str, Any], act: Any) -> Words | None:
    name, arg = act.name, act.arg
    kind = A.ARG_KIND.get(name)
    if kind == "land" and arg is not None:
        return _land_action(view, name, LAND_ID[arg])
    if kind == "tech" and arg is not None:
        return _tech_action(view, name, TECH_ID[arg])
    if kind == "site" and arg is not None:
        return _site_action(view, name, site_name(arg))
    if name == A.BID and arg is not None:
        return _bid(view, arg)
    if name in A.COLUMN_OF and arg is not None:
        return _column(view, name[len(A.COLUMN):], arg)
    if name in A.ROTATION_OF and arg is not None:
        return _place(view, name, arg)
    if name in (A.BRIDGE_E, A.BRIDGE_S) and arg is not None:
        return _bridge(view, name, arg)
    return _plain(view, name)


def _plain(view: dict[str, Any], name: str) -> Words | None:
    auction = view.get("auction") or {}
    tile = auction.get("tile")
    if name == A.PASS:
        high = auction.get("high")
        hs = _who(view, auction.get("high_seat"))
        h_es = f"Puja más alta: {coins(high)[0]} ({hs[0]})" if high is not None else ""
        h_en = f"High bid: {coins(high)[1]} ({hs[1]})" if high is not None else ""
        return _words("auction", f"Pasar en la tierra {tile}" if tile else "Pasar",
                      f"Pass on land {tile}" if tile else "Pass", h_es, h_en)
    if name == A.WITHDRAW:
        price = view.get("price")
        h_es = (f"Dejas de pujar esta ronda y puedes comprar una tecnología a "
                f"{science(price)[0]}" if price is not None else "Dejas de pujar esta ronda")
        h_en = (f"You stop bidding this round and may buy a technology for {science(price)[1]}"
                if price is not None else "You stop bidding this round")
        return _words("auction", "Retirarse de la subasta", "Withdraw from the auction",
                      h_es, h_en)
    if name == A.NO_BUY:
        hold = _holding(view)
        return _words("tech", "No comprar ninguna tecnología", "Buy no technology",
                      hold[0].capitalize(), hold[1].capitalize())
    if name == A.DONE:
        m = view.get("maintenance") or {}
        if view.get("step") == "recoger" and m.get("tech"):
            t = tech_name(m["tech"])
            return _words("turn", f"Dejar de usar {t[0]}", f"Stop using {t[1]}",
                          "Los movimientos que quedan se pierden",
                          "The moves left are lost")
        return _words("turn", "Terminar el mantenimiento", "End the Maintenance",
                      "Pasa el turno al siguiente país", "The next country takes its turn")
    return None


def _land_action(view: dict[str, Any], name: str, tid: str) -> Words | None:
    y = tile_yields(tid)
    me = _me(view)
    country = {it.get("tile"): it for it in me.get("country") or []}
    if name == A.AUCTION:
        mb = view.get("min_bid")
        h_es = f"{y[0]}; puja mínima {coins(mb)[0]}" if mb is not None else y[0]
        h_en = f"{y[1]}; minimum bid {coins(mb)[1]}" if mb is not None else y[1]
        return _words("auction", f"Subastar la tierra {tid}", f"Auction land {tid}", h_es, h_en)
    if name == A.BUY_LAND:
        mb = view.get("min_bid") or 0
        return _words("auction", f"Comprar la tierra {tid} · {coins(mb)[0]}",
                      f"Buy land {tid} · {coins(mb)[1]}", y[0], y[1])
    garbage = (country.get(tid) or {}).get("garbage")
    cap = current().CAP
    now_es = f"ahora {garbage} de {cap}" if garbage is not None else ""
    now_en = f"now {garbage} of {cap}" if garbage is not None else ""
    if name == A.GARBAGE:
        return _words("garbage", f"Poner basura en {tid}", f"Put garbage on {tid}",
                      f"Basura en {tid}: {now_es}", f"Garbage on {tid}: {now_en}")
    if name == A.REMOVE:
        m = view.get("maintenance") or {}
        by = tech_name(m["tech"]) if m.get("tech") else None
        return _words("garbage", f"Quitar basura de {tid}", f"Remove garbage from {tid}",
                      f"{now_es}" + (f" · con {by[0]}" if by else ""),
                      f"{now_en}" + (f" · with {by[1]}" if by else ""))
    if name == A.RECYCLE:
        pr = view.get("production") or {}
        cap = pr.get("capacity_left")
        return _words("production", f"Reciclar basura de {tid}", f"Recycle garbage from {tid}",
                      now_es + (f" · capacidad que queda {cap}" if cap is not None else ""),
                      now_en + (f" · capacity left {cap}" if cap is not None else ""))
    if name == A.PICK_LAND:
        pend = next((q for q in me.get("pending_land") or [] if q.get("tile") == tid), {})
        cit = pend.get("citizen")
        g = pend.get("garbage", 0)
        return _words("place", f"Colocar ahora la tierra {tid}", f"Place land {tid} now",
                      f"{y[0]} · {'con ciudadano' if cit else 'sin ciudadano'}, {g} basura",
                      f"{y[1]} · {'with a citizen' if cit else 'no citizen'}, {g} garbage")
    return None


def _tech_action(view: dict[str, Any], name: str, tid: str) -> Words | None:
    t = tech_name(tid)
    eff = (tech_effect(tid, "es"), tech_effect(tid, "en"))
    if name == A.BUY_TECH:
        price = view.get("price") or 0
        hold = _holding(view)
        return _words("tech", f"Comprar {t[0]} · {science(price)[0]}",
                      f"Buy {t[1]} · {science(price)[1]}",
                      eff[0] + (f" ({hold[0]})" if hold[0] else ""),
                      eff[1] + (f" ({hold[1]})" if hold[1] else ""))
    if name == A.USE:
        return _words("tech", f"Usar {t[0]}", f"Use {t[1]}", eff[0], eff[1])
    if name == A.PICK_INST:
        return _words("place", f"Colocar ahora la institución {t[0]}",
                      f"Place institution {t[1]} now", eff[0], eff[1])
    return None


def _site_action(view: dict[str, Any], name: str, site: str) -> Words | None:
    tile, letter = site[:-1], site[-1]
    s = current().LAND[LAND_ID.index(tile)].sites["abc".index(letter)]
    if s.kind == CITY:
        parts = [p for p in ((coins(s.coins) if s.coins else None),
                             (science(s.science) if s.science else None),
                             ((f"{s.vp} PV", f"{s.vp} VP") if s.vp else None)) if p]
        gives = (", ".join(p[0] for p in parts) or "nada", ", ".join(p[1] for p in parts)
                 or "nothing")
        what = (f"ciudad: {gives[0]}", f"city: {gives[1]}")
    else:
        what = (f"sitio de reciclaje {s.capacity}", f"recycling site {s.capacity}")
    if name == A.PUT:
        m = view.get("maintenance") or {}
        by = tech_name(m["tech"]) if m.get("tech") and view.get("step") != "ciudadano" else None
        return _words("citizens", f"Situar un ciudadano en {site}", f"Put a citizen on {site}",
                      what[0] + (f" · {by[0]}" if by else ""),
                      what[1] + (f" · {by[1]}" if by else ""))
    if name == A.LIFT:
        return _words("citizens", f"Levantar el ciudadano de {site}",
                      f"Lift the citizen from {site}", what[0], what[1])
    return None


def _bid(view: dict[str, Any], amount: int) -> Words:
    auction = view.get("auction") or {}
    tile = auction.get("tile")
    c = coins(amount)
    hold = _holding(view)
    high = auction.get("high")
    if high is not None:
        hs = _who(view, auction.get("high_seat"))
        h_es, h_en = f"Puja más alta: {coins(high)[0]} ({hs[0]})", f"High bid: {coins(high)[1]} " \
                                                                    f"({hs[1]})"
    else:
        mb = view.get("min_bid")
        h_es = f"Abre la puja (mínimo {coins(mb)[0]})" if mb is not None else "Abre la puja"
        h_en = f"Opens the bidding (minimum {coins(mb)[1]})" if mb is not None else \
            "Opens the bidding"
    if hold[0]:
        h_es, h_en = f"{h_es}; {hold[0]}", f"{h_en}; {hold[1]}"
    return _words("auction", f"Pujar {c[0]} por la tierra {tile}" if tile else f"Pujar {c[0]}",
                  f"Bid {c[1]} for land {tile}" if tile else f"Bid {c[1]}", h_es, h_en)


def _column(view: dict[str, Any], letter: str, amount: int) -> Words:
    cat = view.get("catastrophe") or {}
    col = next((c for c in cat.get("columns") or [] if c.get("column") == letter), {})
    g, p = col.get("garbage", 0), col.get("pollution", 0)
    eff_es = [f"{g} basura"] if g else []
    eff_en = [f"{g} garbage"] if g else []
    if p:
        eff_es.append(f"contaminación −{p}")
        eff_en.append(f"pollution −{p}")
    effect = (", ".join(eff_es) or "sin efecto", ", ".join(eff_en) or "no effect")
    s = science(amount)
    h_es = f"«{cat.get('name', '')}», columna {letter}: {effect[0]}"
    h_en = f"“{cat.get('name_en', '')}”, column {letter}: {effect[1]}"
    occ = col.get("occupant")
    if occ is not None:
        w = _who(view, occ)
        h_es += f"; desplaza a {w[0]} ({science(col.get('bid') or 0)[0]})"
        h_en += f"; displaces {w[1]} ({science(col.get('bid') or 0)[1]})"
    return _words("catastrophe", f"Columna {letter} de la catástrofe · {s[0]}",
                  f"Catastrophe column {letter} · {s[1]}", h_es, h_en)


def _xy(cell: int) -> str:
    x, y = A.cell_xy(cell)
    return f"{x},{y}"


def _in_hand(view: dict[str, Any]) -> tuple[str, str]:
    sel = (view.get("maintenance") or {}).get("selected") or {}
    if sel.get("tile"):
        return (f"la tierra {sel['tile']}", f"land {sel['tile']}")
    if sel.get("tech"):
        t = tech_name(sel["tech"])
        return (f"la institución {t[0]}", f"institution {t[1]}")
    return ("la ficha", "the tile")


def _place(view: dict[str, Any], name: str, cell: int) -> Words:
    rot = A.ROTATIONS[A.ROTATION_OF[name]]
    bridged = name.startswith(A.PLACE_BRIDGED)
    what = _in_hand(view)
    turn_es = f"girada {rot}°" if rot else "sin girar"
    turn_en = f"turned {rot}°" if rot else "not turned"
    return _words("place", f"Colocar {what[0]} en {_xy(cell)}, {turn_es}"
                  + (" con puentes" if bridged else ""),
                  f"Place {what[1]} at {_xy(cell)}, {turn_en}"
                  + (" with bridges" if bridged else ""),
                  "Casilla x,y desde la ficha inicial (x al este, y al sur)",
                  "Cell x,y from the start tile (x east, y south)")


def _bridge(view: dict[str, Any], name: str, cell: int) -> Words:
    x, y = A.cell_xy(cell)
    other = f"{x + 1},{y}" if name == A.BRIDGE_E else f"{x},{y + 1}"
    held = _me(view).get("bridges_held")
    return _words("place", f"Puente entre {x},{y} y {other}",
                  f"Bridge between {x},{y} and {other}",
                  f"Te quedan {held} puentes" if held is not None else "",
                  f"You hold {held} bridges" if held is not None else "")


__all__ = ["describe"]
