"""Observation encoder for «El Plan: tú decides». Face-down investment and event cards are only
counts; another seat's pending simultaneous choice (D4, D6, merma) is only «done» — the
observer's own pending choice is shown (the view's own rules).

The one-hot columns of plans, squares, cards and events are named after the shipped content.
A custom content (``--option content=FILE``; its views carry a ``content`` key) is observed by
position: its k-th plan, square, catalogue card or event is written in the column of the
shipped k-th one (:func:`shipped_ids`), so a renamed deck has the same layout."""

from __future__ import annotations

from typing import Any

import numpy as np

from ludoteca.games.elplan.content import Content, content, content_of, derived

from ..encoding import (
    Cat,
    Counts,
    Ctx,
    Encoder,
    Flag,
    Group,
    Items,
    Multi,
    Num,
    Seat,
    Seats,
    Seq,
)

M = 6                       # most seats
N_TARGETS = 18              # 0–1 plan processes, 2–17 investment cards
RES = ("ch", "d", "e")
PROD = ("mp", "bc", "sv")
PT = ("a", "b", "c")
PTA = PT + ("any",)
PHASES = ("oportunidad", "recorrido", "resumen", "fin")
STEPS = ("oportunidad", "d1-exencion", "d1-elecciones", "d2-desactivar", "d2-devolver",
         "d2-activar", "d2-canjear", "d3-invertir", "d4-fabricar", "d5-comprar", "d5-vender",
         "d6-credito-subsidio", "d7-innovar", "resumen-merma", "fin")
PLANS = ("MP-1", "MP-2", "BC-1", "BC-2", "SV-1", "SV-2",
         "MP-1-N2", "MP-2-N2", "BC-1-N2", "BC-2-N2", "SV-1-N2", "SV-2-N2")
SQUARES = ("D1-1", "D1-2", "D2-1", "D2-2", "3A", "3B", "3C", "D4", "D5", "D6-1", "D6-2", "D6-3")
CARDS = ("bodega", "industria", "cartel-publicitario", "central-de-energia-limpia",
         "red-de-transporte-limpio", "tecnico-en-calidad", "analista-de-riesgos",
         "comite-emprendedor", "externalizacion", "prevencion-de-riesgos", "estrategia-rse",
         "maquinaria", "informatica", "laboratorio", "etiquetas-rfid", "tienda-virtual")
TUTORIAL_CARDS = ("t-local-comercial", "t-galpon", "t-camioneta", "t-oficina",
                  "t-bodega-de-barrio", "t-contadora", "t-ingeniero", "t-disenadora",
                  "t-vendedor", "t-asesora-legal", "t-computador", "t-herramientas",
                  "t-telefono", "t-impresora")
CARDS = CARDS + TUTORIAL_CARDS          # the tutorial's decks (Maquinaria is in both)
TARGET_IDS = ("proceso-1", "proceso-2") + CARDS
EFFECTS = ("processes", "produce", "export_bonus", "sale_bonus", "event_shield", "outsource",
           "choose_one", "store")
EVENTS = tuple(f"S{i:02d}" for i in range(1, 21))
CONSTRAINTS = ("must_activate_plan", "keep_activations", "no_return", "must_buy_investment",
               "must_make", "must_make_second", "buy_only", "must_buy_missing",
               "sell_exactly_one", "must_activate_investment")

REWARDS = ("El Plan: points are ideas plus trios; ties are broken by resources, then by "
           "liquidation value (EP-SCO.7–10); seats still equal share the win. Every winner +1, "
           "every other seat −1 (`reward=\"rank\"`: by the result's places).")


def _by_n(item: dict[str, Any], ctx: Ctx) -> int:
    return item["n"]


def _by_index(item: dict[str, Any], ctx: Ctx) -> int:
    return item["index"]


def _by_slot(item: dict[str, Any], ctx: Ctx) -> int:
    return item["slot"] % 3


def _make_ids(C: Content) -> dict[str, dict[str, str]]:
    S = content()

    def by_position(mine: tuple, shipped: tuple) -> dict[str, str]:
        return {x.id: shipped[i].id for i, x in enumerate(mine) if i < len(shipped)}

    return {"plans": by_position(C.plans, S.plans), "squares": by_position(C.squares, S.squares),
            "events": by_position(C.events, S.events), "cards": by_position(C.cards, S.cards),
            "tut_cards": by_position(C.tut_cards, S.tut_cards)}


def shipped_ids(C: Content) -> dict[str, dict[str, str]]:
    """Content ``C``'s ids -> the shipped content's ids at the same position, by kind
    (``plans``, ``squares``, ``events``, ``cards``, ``tut_cards``); kept with the content."""
    return derived(C, "observation.ids", _make_ids)


def positional(view: dict[str, Any]) -> dict[str, Any]:
    """A custom content's view with its ids put as the shipped content's at the same
    positions (what the encoder's columns name); the view of the shipped content as it is."""
    if view.get("content") is None:
        return view
    ids = shipped_ids(content_of(view))
    plans, squares, events = ids["plans"], ids["squares"], ids["events"]
    cards = ids["tut_cards" if view.get("tutorial") else "cards"]
    out = dict(view)
    out["players"] = [None if p is None else
                      {**p, "plan": plans.get(p["plan"]), "square": squares.get(p["square"])}
                      for p in view["players"]]
    out["decks"] = [{**d, "under": [cards.get(k) for k in d["under"]],
                     "boxed": [cards.get(k) for k in d["boxed"]],
                     "offers": [None if o is None else {**o, "card": cards.get(o["card"])}
                                for o in d["offers"]]} for d in view["decks"]]
    ev = view["events"]
    out["events"] = {**ev, "current": events.get(ev["current"]),
                     "under": [events.get(x) for x in ev["under"]],
                     "removed": [events.get(x) for x in ev["removed"]]}
    if view.get("play") is not None:
        out["play"] = cards.get(view["play"], view["play"])
    return out


class ElplanEncoder(Encoder):
    """The encoder, reading a custom content's view by position (:func:`positional`)."""

    def encode(self, view: dict[str, Any], seat: int, n_players: int,
               strict: bool = False, out: np.ndarray | None = None) -> np.ndarray:
        return super().encode(positional(view), seat, n_players, strict, out)


def encoder(game_id: str = "elplan") -> Encoder:
    space = [Cat("type", RES), Cat("token", RES + ("idea",))]
    target = [
        Flag("active"), Num("tokens", 3), Num("min_tokens", 3), Num("active_since", 12),
        Cat("process", PT, "plan process type"), Cat("effect", EFFECTS), Cat("deck", range(3)),
        Cat("pick", PT, "Laboratorio's pick"), Flag("named", "named by Externalización"),
        Multi("processes", PTA, doc="process types it gives now"),
        Items("spaces", 3, space),
    ]
    pending = [Counts("made", PROD, 3), Counts("left", PTA, 3), Cat("resource", RES),
               Flag("repay"), Cat("keep", PROD)]
    period = [Flag("bought"), Flag("returned"), Flag("affected"), Cat("bought_type", PROD),
              Cat("sold_type", PROD), Num("sold", 3), Flag("d5_discount_used")]
    player = [
        Cat("plan", PLANS), Cat("plan_type", PROD), Cat("second_product", PROD),
        Cat("cannot_make", PROD), Counts("idle", RES, 6, "idle resources ÷ 6"),
        Num("ideas_idle", 5), Num("ideas", 10), Counts("hand", PROD, 3),
        Counts("tienda", PROD, 3), Flag("credit"), Cat("square", SQUARES), Flag("mc"),
        Num("trios", 3), Group("period", period, present=False),
        Flag("decides", "must decide in this simultaneous step"), Flag("done"),
        Group("pending", pending, name="pending"),
        Counts("processes", PTA, 3, "D4 process pool ÷ 3"),
        Items("targets", N_TARGETS, target, order=_by_n,
              doc="target n (0–1 plan processes, 2–17 investment cards) owned"),
    ]
    offer = [Cat("card", CARDS), Num("age", 1)]
    deck = [Num("face_down", 10), Multi("under", CARDS), Multi("boxed", CARDS),
            Items("offers", 3, offer, order=_by_slot)]
    fields = [
        Flag("tutorial"), Cat("level", (1, 2)), Num("period", 12), Num("periods", 12),
        Cat("phase", PHASES), Cat("step", STEPS), Cat("district", range(1, 8)),
        Seat("mc", M, "who holds Momento Cero, relative"), Seats("to_move", M), Seat("actor", M),
        Items("players", M, player, order="seat"),
        Counts("market", PROD, 5), Seq("subsidies", 3, 3),
        Items("squares", len(SQUARES), [Seat("seat", M), Flag("usable")], order=_by_index),
        Items("decks", 3, deck), Flag("decks_live"),
        Group("events", [Num("face_down", 12), Num("set_aside", 8), Cat("current", EVENTS),
                         Cat("current_category", ("negative", "neutral", "positive")),
                         Multi("under", EVENTS), Multi("removed", EVENTS)], present=False),
        Num("credit_supply", 6),
        Group("modifiers", [Seq("market_price", M, 5, by_seat=True),
                            Seq("import_price", M, 5, by_seat=True),
                            Seq("no_imports", M, by_seat=True),
                            Seq("sale_bonus", M, 2, by_seat=True),
                            Num("export_subsidy", 2), Num("exports", 3), Flag("rfid_paid")],
              present=False),
        Multi("constraints", CONSTRAINTS, doc="tutorial constraints in force"),
        Group("refund", [Num("left", 3), Multi("types", RES)]),
        Cat("play", TARGET_IDS, "target the actor may activate right after buying"),
        Items("choices", M, [Seat("seat", M), Cat("kind", (0, 1, 2))],
              doc="D1 choices still to make, in order"),
    ]
    return ElplanEncoder(game_id, M, fields, REWARDS)
