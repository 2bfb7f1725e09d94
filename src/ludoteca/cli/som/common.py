"""What every part of the «Som el que decidim!» screen shares: content tables, colours, the
names of cards, flags and disks in one language, and measuring what fits.

One name per card per language: the names are the ones the events use (the game's tables'
``CARD_NAME``: the cards with a Catalan proper name keep it in English too); the map's short
forms are words taken from that same name, never an abbreviation cut in the middle of a word.

Names come from the content of the game on screen: the view says which
(:func:`ludoteca.games.som.tables.tables_of_view`); the functions that name something take
those tables as ``K`` (default: the shipped content's).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from ludoteca.games.som import actions as A
from ludoteca.games.som.tables import Tables, default_tables, tables_of_view
from ludoteca.games.som.text import FLAG_NAME

# the shipped content (its names are the default of every function below)
C = default_tables().C
TYPE_BY_CODE = {t.code: t for t in C.types}
CARD_BY_ID = {c.id: c for c in C.cards}
CARD_NAME = default_tables().CARD_NAME

# flag -> (tag es, tag en, style)
FLAGS = {
    "catalunya": ("C", "C", "bold yellow"),
    "mon": ("M", "W", "bold cyan"),
    "urna": ("U", "U", "bold green"),
    "espanya": ("E", "S", "bold red"),
}
# colour code -> (initial es, initial en, style, word en)
COLOURS = {
    "rosa": ("R", "P", "bold bright_magenta", "pink"),
    "lila": ("L", "L", "bold medium_purple1", "lilac"),
    "naranja": ("N", "O", "bold dark_orange", "orange"),
    "azul": ("A", "B", "bold dodger_blue1", "blue"),
}
# symbol -> mark on the map
SYMBOLS = {"capacitat_economica": "€", "capacitat_impositiva": "%", "sufragi_universal": "V"}
# a disk type as the screen writes it: the word of the actions (pagar-educacion, pay-education),
# spelt properly in Spanish
DISK_WORD_ES = {"educacion": "educación", "vias": "vías", "energias": "energías"}

# short names for the map: words of the card's own name in that language (CARD_NAME), the
# longest first; the map uses the first that fits its cells (none fits: no name, only the flag)
SHORT_FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "CN": (("Concentració",), ("Concentració",)),
    "C-ATC": (("Tributària",), ("Tributària",)),
    "C-EPR": (("Euro per recepta", "Recepta"), ("Euro per recepta", "Recepta")),
    "C-IDS": (("Successions",), ("Successions",)),
    "C-EC1": (("Industria",), ("Industry",)),
    "C-EC2": (("Turismo",), ("Tourism",)),
    "C-EC3": (("Agricultura",), ("Agriculture",)),
    "C-01": (("Estatuto",), ("Statute",)),
    "C-02": (("Parlamento",), ("Parliament",)),
    "C-03": (("Lingüística",), ("Language",)),
    "C-04": (("Escuela",), ("School",)),
    "C-05": (("Asociativo",), ("Associations",)),
    "C-06": (("Cooperativismo",), ("Cooperative",)),
    "C-07": (("Cultura popular", "Popular"), ("Folk culture", "Folk")),
    "C-08": (("Medios",), ("Media",)),
    "C-09": (("Investigación",), ("Research",)),
    "C-10": (("Economía social", "Economía"), ("Social economy", "Economy")),
    "C-11": (("Diada",), ("National Day",)),
    "W-SU": (("Sufragi",), ("Sufragi",)),
    "W-01": (("Derechos humanos", "Derechos"), ("Human rights",)),
    "W-02": (("Expresión",), ("Expression",)),
    "W-03": (("Igualdad",), ("Equality",)),
    "W-04": (("Paz",), ("Peace",)),
    "W-05": (("Educación",), ("Education",)),
    "W-06": (("Salud",), ("Health",)),
    "W-07": (("Medio ambiente", "Ambiente"), ("Environment",)),
    "W-08": (("Diversidad",), ("Diversity",)),
    "W-09": (("Solidaridad",), ("Solidarity",)),
    "W-10": (("Autodeterminación",), ("Self-determination",)),
    "U-1": (("Cultura democrática",), ("Democratic culture",)),
    "U-2": (("Movilización",), ("Mobilisation",)),
    "U-3": (("Políticos",), ("Politicians",)),
    "U-4": (("Estrategia",), ("Strategy",)),
    "E-1": (("LOAPA",), ("LOAPA",)),
    "E-2": (("Sentencia",), ("Ruling",)),
    "E-3": (("Recentralización",), ("Recentralisation",)),
    "E-4": (("Recurso",), ("Appeal",)),
}
#: the shortest form of each card (es, en): what the map shows in the narrowest named cells
SHORT: dict[str, tuple[str, str]] = {k: (es[-1], en[-1]) for k, (es, en) in SHORT_FORMS.items()}

STAGES = {"tributacion": ("1 Tributación", "1 Taxation"),
          "transferencia": ("2 Transferencia", "2 Transfer"),
          "cohesion": ("3 Cohesión social", "3 Social cohesion"),
          "accion": ("4 Acción ciudadana", "4 Citizen action")}
DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"
HISENDA = "Hisenda espanyola"
#: proper names the screen writes the same in both languages (a check for the other
#: language's words must skip them)
PROPER = (HISENDA, "Generalitat", "Concentració nacional", "Sufragi universal", "urna",
          "consulta", "mossos d'esquadra") + tuple(
              es for es, en in CARD_NAME.values() if es == en)


def _(lang: str, es: str, en: str) -> str:
    """The Spanish or the English words."""
    return es if lang == "es" else en


def colour_style(view: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "bold"
    return COLOURS.get(view["players"][seat]["colour"], ("", "", "bold", ""))[2]


def colour_word(code: str, lang: str, K: Tables | None = None) -> str:
    """A colour in ``lang``: its code in Spanish, the first word of its English name."""
    return code if lang == "es" else (K or default_tables()).COLOUR_EN.get(code, code)


def who(view: dict[str, Any], seat: int | None, lang: str) -> Text:
    """``Ana (rosa)`` / ``Ana (pink)`` in the seat's colour; ``Hisenda espanyola`` for None."""
    if seat is None:
        return Text(HISENDA, style="bold")
    p = view["players"][seat]
    return Text(f"{p['name']} ({colour_word(p['colour'], lang, tables(view))})",
                style=colour_style(view, seat))


def who_plain(view: dict[str, Any], seat: int | None, lang: str) -> str:
    return who(view, seat, lang).plain


def tables(view: dict[str, Any]) -> Tables:
    """The tables of the content of the game ``view`` is of."""
    return tables_of_view(view)


def type_name(code: str, lang: str, K: Tables | None = None) -> str:
    es, en = (K or default_tables()).TYPE_NAME[code]
    return es if lang == "es" else en


def type_word(code: str, lang: str) -> str:
    """A disk type in a word: ``educación`` / ``education`` (the actions' ``pagar-educacion``,
    ``pay-education``)."""
    return DISK_WORD_ES.get(code, code) if lang == "es" else A.TYPE_EN.get(code, code)


def type_value(code: str) -> int:
    return TYPE_BY_CODE[code].value             # 2 € services, 1 € infrastructures (SOM-1.8)


def cn_name(view: dict[str, Any], lang: str) -> str:
    """The name of the Concentració nacional card in the content of the view's game."""
    K = tables_of_view(view)
    return card_name(K.CARD_ID[K.CN_CARD], lang, K)


def card_name(card_id: str, lang: str, K: Tables | None = None) -> str:
    """The card's one name in ``lang`` (the events' name)."""
    es, en = (K or default_tables()).CARD_NAME.get(card_id, (card_id, card_id))
    return es if lang == "es" else en


_FORMS: dict[Tables, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {}


def short_forms(K: Tables | None = None) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Card id -> its short forms (es, en) in the content ``K``: the shipped names' forms
    for a card whose name is the shipped one, else its full name and then its words, the
    longest first."""
    if K is None or K.is_default:
        return SHORT_FORMS
    got = _FORMS.get(K)
    if got is None:
        shipped = default_tables().CARD_NAME
        got = {}
        for cid, names in K.CARD_NAME.items():
            was = K.default_id[cid]
            if names == shipped[was] and was in SHORT_FORMS:
                got[cid] = SHORT_FORMS[was]
                continue
            got[cid] = tuple(
                (name, *sorted((w for w in name.split() if len(w) >= 3 and w != name),
                               key=len, reverse=True)) for name in names)
        _FORMS[K] = got
    return got


def short_name(card: dict[str, Any], lang: str, width: int, K: Tables | None = None) -> str:
    """The longest short form of the card's name that fits ``width`` ("" when none does)."""
    forms = short_forms(K).get(card["id"])
    if forms is None:
        full = card_name(card["id"], lang, K)
        return full if len(full) <= width else ""
    return next((f for f in forms[0 if lang == "es" else 1] if len(f) <= width), "")


def flag_tag(flag: str, lang: str) -> Text:
    tag_es, tag_en, style = FLAGS.get(flag, ("?", "?", "bold"))
    return Text(tag_es if lang == "es" else tag_en, style=style)


def flag_name(flag: str, lang: str) -> str:
    es, en = FLAG_NAME.get(flag, (flag, flag))
    return es if lang == "es" else en


def initial(colour: str, lang: str) -> Text:
    """A citizen on the map: the colour's initial (R/L/N/A; en P/L/O/B), in reverse colour."""
    ini = COLOURS.get(colour, ("?", "?", "bold", ""))
    return Text(ini[0] if lang == "es" else ini[1], style=ini[2] + " reverse")


def disks_text(disks: dict[str, int], lang: str) -> Text:
    """``sanidad 2€ · 2× carreteras 1€`` (services first, as content.toml orders them)."""
    out = Text()
    for code, k in disks.items():
        if out:
            out.append(" · ", style="dim")
        if k > 1:
            out.append(f"{k}× ", style="bold")
        out.append(type_word(code, lang))
        out.append(f" {type_value(code)}€", style="dim")
    return out or Text("—", style="dim")


def pd_words(n: int, lang: str) -> str:
    if lang == "es":
        return f"{n} disco de participación" if n == 1 else f"{n} discos de participación"
    return f"{n} participation disk" if n == 1 else f"{n} participation disks"


def seat_list(view: dict[str, Any], seats: Sequence[int], lang: str) -> Text:
    if not seats:
        return Text("—", style="dim")
    return Text(", ").join(who(view, s, lang) for s in seats)


def measure(renderable: RenderableType, width: int) -> tuple[int, int]:
    """(rows, widest row) ``renderable`` takes at ``width`` columns."""
    console = Console(width=width, file=io.StringIO(), color_system=None,
                      legacy_windows=False, force_terminal=False)
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    widest = max((sum(len(seg.text) for seg in line) for line in lines), default=0)
    return len(lines), widest


def cut_short(renderable: RenderableType, width: int) -> bool:
    """Whether drawing ``renderable`` at ``width`` columns cuts a word short with "…"."""
    console = Console(width=width, file=io.StringIO(), color_system=None,
                      legacy_windows=False, force_terminal=False)
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    return any("…" in seg.text for line in lines for seg in line)


def flow(pieces: Sequence[Text], width: int, sep: str = " · ") -> Text:
    """``pieces`` on as few lines as fit ``width``, a line breaking only between pieces (a piece
    wider than ``width`` wraps between its own words)."""
    out, line = Text(), 0
    for piece in pieces:
        if not piece.plain:
            continue
        if line and line + len(sep) + len(piece) > width:
            out.append("\n")
            line = 0
        elif line:
            out.append(sep, style="dim")
            line += len(sep)
        out.append_text(piece)
        line += len(piece)
    return out
