"""The tutorial's per-step explanations and checkpoints (EP-TUT.16–27; content.toml
``[[tutorial.steps]]`` and ``[[tutorial.checkpoints]]``).

At each moment of the script (``start:D2``, ``end:D5.comprar``, …) the engine emits an
``explain`` event for every step shown there (its text in Spanish and English) and a
``tutorial-control`` event for every checkpoint, with ``ok`` true or false — a failed check is
reported, never raised. ``explanation(lang)`` gives the text of the last step shown.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.events import Event

from .common import NT, Events
from .content import Content, derived


def _make_script(C: Content) -> tuple[dict, dict, dict]:
    steps: dict[tuple[int, str], list] = {}
    for st in C.steps:
        steps.setdefault((st.period, st.at), []).append(st)
    checks: dict[tuple[int, str], list] = {}
    for cp in C.checkpoints:
        checks.setdefault((cp.period, cp.at), []).append(cp)
    return steps, checks, {st.id: st for st in C.steps}


def script(C: Content) -> tuple[dict, dict, dict]:
    """The tutorial of content ``C``: its steps and its checkpoints by (period, moment), and
    its steps by id."""
    return derived(C, "tutorial.script", _make_script)


def _step_rule(at: str) -> str:
    place = at.partition(":")[2]
    return {"setup": "EP-TUT.2", "offers": "EP-TUT.9", "opportunity": "EP-TUT.12",
            "summary": "EP-TUT.8"}.get(place, "EP-TUT.5")


class TutorialMixin:
    """Mixed into ElplanGame."""

    def _moment(self, at: str, ev: Events) -> None:
        if not self.tutorial:
            return
        key = (self.period, at)
        steps, checks, _ = script(self.C)
        for st in steps.get(key, ()):
            self.tut_step = st.id
            if ev is not None:
                ev.append(Event("explain", _step_rule(at), {"step": st.id, "period": self.period,
                                                            "at": at, "text_es": st.text_es,
                                                            "text_en": st.text_en}))
        for cp in checks.get(key, ()):
            failed = [s for s in range(self.n) if not self._check_seat(cp.check, s)]
            board_ok = self._check_board(cp.check)
            ok = not failed and board_ok
            self.checks.append([cp.id, ok])
            es, en = checkpoint_text(cp.check)
            if ev is not None:
                ev.append(Event("tutorial-control", cp.rule, {
                    "id": cp.id, "ok": ok, "period": self.period, "at": at, "failed": failed,
                    "board_ok": board_ok, "source": cp.source, "text_es": es, "text_en": en}))

    def explanation(self, lang: str = "es") -> str | None:
        """The text of the tutorial step shown last (None outside the tutorial)."""
        st = script(self.C)[2].get(self.tut_step)
        if st is None:
            return None
        return st.text_es if lang == "es" else st.text_en

    # ----- the check vocabulary (content.toml) -----------------------------------------------
    def _check_seat(self, check: dict[str, Any], s: int) -> bool:
        b = 3 * s
        hand = self.hand[b:b + 3]
        total = sum(hand)
        kinds = sum(1 for x in hand if x)
        for key, want in check.items():
            if key == "resources":
                if self.idle[b:b + 3] != [want.get("ch", 0), want.get("d", 0), want.get("e", 0)]:
                    return False
            elif key == "available_processes":
                if sum(self._pool_of(s, square=False)) != want:
                    return False
            elif key == "products":
                if total != want:
                    return False
            elif key == "identical_products":
                if total != want or kinds != 1:
                    return False
            elif key == "product_types":
                if total != want or kinds != want:
                    return False
            elif key == "investments":
                if sum(self.own[s * NT + 2:s * NT + NT]) != want:
                    return False
            elif key == "ideas":
                if self._ideas_total(s) != want:
                    return False
            elif key == "activations_kept":
                base = s * 6
                now = [self.sp[(s * NT + N) * 3 + i] for N in (0, 1) for i in range(3)]
                if (now == self.snap[base:base + 6]) != bool(want):
                    return False
        return True

    def _check_board(self, check: dict[str, Any]) -> bool:
        for key, want in check.items():
            if key == "events_face_down" and len(self.ev_fd) != want:
                return False
            if key == "offers" and sum(1 for k in self.offers if k >= 0) != want:
                return False
            if key == "market" and self.market != [want.get("mp", 0), want.get("bc", 0),
                                                   want.get("sv", 0)]:
                return False
            if key == "subsidies" and self.subs != list(want):
                return False
        return True


def checkpoint_text(check: dict[str, Any]) -> tuple[str, str]:
    """A checkpoint in words: (Spanish, English)."""
    es, en = [], []
    for key, want in check.items():
        if key == "resources":
            es.append(f"cada jugador tiene {want.get('ch', 0)} Capital humano, "
                      f"{want.get('d', 0)} Dinero y {want.get('e', 0)} Energía ociosos")
            en.append(f"each player has {want.get('ch', 0)} Human capital, {want.get('d', 0)} "
                      f"Money and {want.get('e', 0)} Energy idle")
        elif key == "events_face_down":
            es.append(f"quedan {want} sucesos boca abajo")
            en.append(f"{want} events are left face down")
        elif key == "available_processes":
            es.append(f"cada jugador tiene {want} fichas de Proceso")
            en.append(f"each player has {want} process tokens")
        elif key == "products":
            es.append(f"cada jugador tiene {want} Producto{'s' if want != 1 else ''}")
            en.append(f"each player holds {want} Product{'s' if want != 1 else ''}")
        elif key == "identical_products":
            es.append(f"cada jugador tiene {want} Productos iguales")
            en.append(f"each player holds {want} identical Products")
        elif key == "product_types":
            es.append(f"cada jugador tiene {want} Productos de tipos distintos")
            en.append(f"each player holds {want} Products of different types")
        elif key == "investments":
            es.append(f"cada jugador tiene {want} inversión")
            en.append(f"each player owns {want} investment")
        elif key == "offers":
            es.append(f"hay {want} ofertas de inversión")
            en.append(f"there are {want} investment offers")
        elif key == "market":
            es.append(f"el mercado tiene {want.get('mp', 0)} MP, {want.get('bc', 0)} BC y "
                      f"{want.get('sv', 0)} SV")
            en.append(f"the market holds {want.get('mp', 0)} MP, {want.get('bc', 0)} BC and "
                      f"{want.get('sv', 0)} SV")
        elif key == "ideas":
            es.append(f"cada jugador tiene {want} ficha{'s' if want != 1 else ''} de Idea")
            en.append(f"each player has {want} Idea token{'s' if want != 1 else ''}")
        elif key == "activations_kept":
            es.append("las fichas de los Procesos siguen donde estaban")
            en.append("the process tokens are where they were")
        elif key == "subsidies":
            es.append(f"las casillas de subsidio tienen {want[0]}, {want[1]} y {want[2]} Dinero")
            en.append(f"the subsidy squares hold {want[0]}, {want[1]} and {want[2]} Money")
    es_text, en_text = "; ".join(es), "; ".join(en)
    return es_text[:1].upper() + es_text[1:], en_text[:1].upper() + en_text[1:]
