"""Reading and checking the game's options (mode, centralism, colours, first player, limits)
into the configuration slots of a new game."""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import InvalidOption

from .common import DEGREES, cell_of

DEFAULT_MAX_TURNS = 200
MODES = ("A", "B", "C", "AC")
CENTRALISM_CHOICES = ("medio", "elevado", "intenso", "dado")

# (tables, players, *option items) -> the configuration slots they set (see _read_options)
_READ: dict[tuple, tuple] = {}


def int_option(options: dict, name: str, lo: int, allow_none: bool = True) -> int:
    """A whole-number option (0 when None / absent and allowed). Text digits are accepted
    (command line)."""
    v = options.get(name)
    if v is None and allow_none:
        return 0
    if isinstance(v, str) and v.strip().isdigit():
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        extra = " or null (no limit)" if allow_none else ""
        extra_es = " o null (sin límite)" if allow_none else ""
        raise InvalidOption(f"som: option {name} must be a whole number >= {lo}{extra}; "
                            f"got {v!r}", f"som: la opción {name} ha de ser un número entero "
                            f">= {lo}{extra_es}; es {v!r}")
    return v


class OptionsMixin:
    """Turns the options dict into the game's configuration (raises InvalidOption)."""

    __slots__ = ()

    def _read_options(self, options: dict[str, Any]) -> None:
        """Check every option and set the configuration slots from them (the game's content,
        ``self.K``, is read first). Options already read for the same content and players
        set the same slots at once (nothing is checked twice)."""
        fp = options.get("first_player")
        try:                                       # the values' classes too: 1 is not True
            key = (self.K, self.n, *[(k, v.__class__, v) for k, v in options.items()])
            got = _READ.get(key)
        except TypeError:                          # an unhashable value (a list of colours)
            key = got = None
        if got is not None:
            (self.solo, self.mode, self.types_matter, self.protect_ok, self.pm, self.part,
             self.ac, self.degree, self.colours, self.pic_seat, self.max_turns,
             self.max_steps) = got
            return
        self._read_options_afresh(options)
        if key is not None and (fp is None or fp.__class__ is int):   # options unchanged
            if len(_READ) >= 256:
                _READ.clear()
            _READ[key] = (self.solo, self.mode, self.types_matter, self.protect_ok, self.pm,
                          self.part, self.ac, self.degree, self.colours, self.pic_seat,
                          self.max_turns, self.max_steps)

    def _read_options_afresh(self, options: dict[str, Any]) -> None:
        n, C = self.n, self.K.C
        mode = options.get("mode", "A")
        if mode not in MODES:
            raise InvalidOption(f"som: option mode={mode!r} is not allowed; allowed values: "
                                f"{', '.join(MODES)}", f"som: la opción mode={mode!r} no está "
                                f"permitida; valores permitidos: {', '.join(MODES)}")
        self.solo = n == 1
        if self.solo and mode not in C.solo_modes:                        # SOM-18.10, 16.27
            raise InvalidOption(f"som: mode {mode} is not played solo (Participación "
                                f"democrática needs other players; rulebook «Instrucciones "
                                f"para 1 jugador»); solo modes: {', '.join(C.solo_modes)}",
                                f"som: el modo {mode} no se juega en solitario (Participación "
                                f"democrática necesita más jugadores; reglamento "
                                f"«Instrucciones para 1 jugador»); modos en solitario: "
                                f"{', '.join(C.solo_modes)}")
        flags = C.modes[mode]
        self.mode = mode
        self.types_matter = self.protect_ok = bool(flags["public_management"])
        self.pm = self.types_matter and not self.solo                     # SOM-18.9, 15.19
        self.part = bool(flags["participation"]) and not self.solo
        self.ac = self.part and not flags["public_management"]
        cen = options.get("centralism")
        if cen is None:
            cen = "medio" if n > 1 else C.solo_degrees[0]                 # rulings: defaults
        if cen not in CENTRALISM_CHOICES:
            raise InvalidOption(f"som: option centralism={cen!r} is not allowed; allowed "
                                f"values: {', '.join(CENTRALISM_CHOICES)}",
                                f"som: la opción centralism={cen!r} no está permitida; "
                                f"valores permitidos: {', '.join(CENTRALISM_CHOICES)}")
        if self.solo and cen not in (*C.solo_degrees, "dado"):            # SOM-3.7, 18.3
            raise InvalidOption(f"som: centralism {cen} is not played solo; solo centralism: "
                                f"{', '.join(C.solo_degrees)}, dado",
                                f"som: el centralismo {cen} no se juega en solitario; "
                                f"en solitario: {', '.join(C.solo_degrees)}, dado")
        self.degree = -1 if cen == "dado" else DEGREES.index(cen)
        colours = options.get("colours")
        if colours is None:
            colours = C.colours[:n]
        if isinstance(colours, str):
            colours = [c.strip() for c in colours.split(",")]
        if not isinstance(colours, (list, tuple)) or len(colours) != n or \
                len(set(colours)) != n or any(c not in C.colours for c in colours):
            raise InvalidOption(f"som: option colours must list {n} distinct colours from "
                                f"{', '.join(C.colours)}; got {colours!r}",
                                f"som: la opción colours ha de dar {n} colores distintos de "
                                f"{', '.join(C.colours)}; es {colours!r}")
        self.colours = tuple(colours)
        self.pic_seat = tuple(
            -1 if pic < 0 or C.colours[pic] not in self.colours
            else self.colours.index(C.colours[pic]) for _, pic in C.faces)
        fp = options.get("first_player")
        if fp is not None:
            fp = int(fp) if isinstance(fp, str) and fp.isdigit() else fp
            if not isinstance(fp, int) or isinstance(fp, bool) or not 0 <= fp < n:
                raise InvalidOption(f"som: option first_player must be a seat 0 to {n - 1}; "
                                    f"got {options.get('first_player')!r}",
                                    f"som: la opción first_player ha de ser un asiento de 0 a "
                                    f"{n - 1}; es {options.get('first_player')!r}")
            options["first_player"] = fp
        if options.get("concentracio_cell") is not None:
            cell_of(options["concentracio_cell"], self.K.RC)
        self.max_turns = int_option(options, "max_turns", 0)
        self.max_steps = int_option(options, "max_steps", 1)
