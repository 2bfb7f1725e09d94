"""An HTML page about a run: win rates by seat and by bot with their 95 % intervals, game
length distributions and endings by setting, and for a ladder (``ludoteca ladder --out``, or
games between more than one set of bots) the Bradley–Terry ratings with their intervals; as
matplotlib plots embedded as PNG, plus the numbers in tables. One self-contained file (no
network, no side files).

Needs matplotlib (``pip install 'ludoteca[lab]'``).
"""

from __future__ import annotations

import base64
import html
import importlib.util
import io
import math
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from typing import Any

from . import stats
from .ladder import fit_ladder, is_ladder
from .runner import SimError

Row = Mapping[str, Any]
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")


LANG: ContextVar[str] = ContextVar("report_lang", default="en")
# the page's English words -> Spanish (``--lang es``)
SPANISH = {
    "all games": "todas las partidas",
    "win rate (95 % Wilson interval)": "victorias (intervalo de Wilson al 95 %)",
    " (dashed: fair share)": " (discontinua: parte justa)",
    "game length (actions)": "duración de la partida (acciones)",
    "share of games in the bin": "proporción de partidas en el intervalo",
    "Game length": "Duración de las partidas",
    "share of games": "proporción de partidas",
    "How the games end, by setting": "Cómo acaban las partidas, por configuración",
    "rating, Elo scale ({anchor}); bars: 95 % bootstrap interval":
        "valoración, escala Elo ({anchor}); barras: intervalo bootstrap al 95 %",
    "Bradley–Terry ratings": "Valoraciones Bradley–Terry",
    " (seat named: games)": " (asiento nombrado: partidas)",
    " (share of yes)": " (proporción de sí)",
    " (mean)": " (media)",
    "no seat: {n}": "ningún asiento: {n}",
    "seat {i}": "asiento {i}",
    "games": "partidas",
    "win rate seat {i}": "victorias asiento {i}",
    "win rate {bot}": "victorias {bot}",
    "length {key}": "duración {key}",
    "ends: {reason}": "final: {reason}",
    "Win rate by seat": "Victorias por asiento",
    "Win rate by bot": "Victorias por bot",
    "Endings by setting": "Finales por configuración",
    "Ratings": "Valoraciones",
    "a ladder of {n} bots": "una liga de {n} bots",
    "bot": "bot", "rating": "valoración", "95 % interval": "intervalo al 95 %",
    "score": "puntuación", "figure": "cifra", "setting": "configuración",
    "over games": "sobre partidas", "value": "valor", "(none)": "(ninguna)",
    "Summary": "Resumen", "Plots": "Gráficos", "The game's own figures": "Las cifras del juego",
    "ludoteca lab: {game}": "laboratorio de ludoteca: {game}",
    "intro": "{n} partidas de <b>{game}</b> · jugadores <code>{players}</code> · semillas "
             "{first}…{last} · {settings} configuración(es). Las victorias compartidas se "
             "reparten; los intervalos son intervalos de Wilson al 95 %.",
    "figures_note": "Cada una sobre las partidas que la dan (la columna dice cuáles); una "
                    "cifra cuyos valores son números de asiento (quién quebró, quién no pudo "
                    "pagar) se cuenta por asiento, nunca se promedia.",
}
ENGLISH = {
    "intro": "{n} games of <b>{game}</b> · players <code>{players}</code> · seeds "
             "{first}…{last} · {settings} setting(s). Win rates split shared wins; intervals "
             "are 95 % Wilson score intervals.",
    "figures_note": "Each over the games that report it (the column says which); a figure "
                    "whose values are seat numbers (who went bankrupt, who failed to pay) is "
                    "counted per seat, never averaged.",
}


def _w(text: str, **fields: object) -> str:
    """``text`` in the page's language, with ``fields`` filled in."""
    words = SPANISH.get(text, text) if LANG.get() == "es" else ENGLISH.get(text, text)
    return words.format(**fields) if fields else words


def _figure(width: float = 7.5, height: float = 3.6):
    if importlib.util.find_spec("matplotlib") is None:
        raise SimError("the report needs matplotlib: pip install 'ludoteca[lab]' "
                       "(or pip install matplotlib)")
    from matplotlib.figure import Figure  # the object API: no global backend is touched

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _percent():
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _label(setting: str) -> str:
    return setting or _w("all games")


def _rate_plot(title: str, groups: dict[str, dict[str, stats.Rate]]) -> str:
    """Grouped bars: one group per category (seat or bot), one bar per setting, with the
    Wilson interval as error bars and the fair share as a dashed tick."""
    fig = _figure()
    ax = fig.add_subplot()
    cats = list(dict.fromkeys(c for by in groups.values() for c in by))
    k = len(groups)
    width = 0.8 / max(1, k)
    for j, (setting, by) in enumerate(groups.items()):
        xs, ys, err_lo, err_hi = [], [], [], []
        for i, cat in enumerate(cats):
            r = by.get(cat)
            if r is None or math.isnan(r.rate):
                continue
            xs.append(i - 0.4 + width * (j + 0.5))
            ys.append(r.rate)
            err_lo.append(max(0.0, r.rate - r.low))
            err_hi.append(max(0.0, r.high - r.rate))
            if not math.isnan(r.fair):
                ax.hlines(r.fair, xs[-1] - width / 2, xs[-1] + width / 2, colors="black",
                          linestyles="dashed", linewidth=1)
        ax.bar(xs, ys, width, yerr=[err_lo, err_hi], capsize=3, label=_label(setting),
               color=COLOURS[j % len(COLOURS)])
    ax.set_xticks(range(len(cats)), cats)
    ax.set_ylabel(_w("win rate (95 % Wilson interval)"))
    tops = [x for by in groups.values() for r in by.values() for x in (r.high, r.fair)
            if not math.isnan(x)]
    ax.set_ylim(0, min(1.0, max(tops + [0.1]) * 1.1))
    ax.yaxis.set_major_formatter(_percent())
    ax.set_title(title + _w(" (dashed: fair share)"))
    if k > 1:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _png(fig)


def _length_plot(groups: dict[str, Sequence[Row]]) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    allx = [r["length"] for rows in groups.values() for r in rows]
    lo, hi = min(allx), max(allx)
    bins = max(1, min(40, hi - lo + 1))
    for j, (setting, rows) in enumerate(groups.items()):
        ax.hist([r["length"] for r in rows], bins=bins, range=(lo, hi + 1), histtype="step",
                linewidth=1.5, weights=[1 / len(rows)] * len(rows), label=_label(setting),
                color=COLOURS[j % len(COLOURS)])
    ax.set_xlabel(_w("game length (actions)"))
    ax.set_ylabel(_w("share of games in the bin"))
    ax.yaxis.set_major_formatter(_percent())
    ax.set_title(_w("Game length"))
    if len(groups) > 1:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _png(fig)


def _endings_plot(groups: dict[str, Sequence[Row]]) -> str:
    fig = _figure(height=max(2.0, 0.5 * len(groups) + 1.4))
    ax = fig.add_subplot()
    reasons = list(dict.fromkeys(str(r["reason"]) for rows in groups.values() for r in rows))
    labels = [_label(s) for s in groups]
    left = [0.0] * len(groups)
    for i, reason in enumerate(reasons):
        shares = [sum(str(r["reason"]) == reason for r in rows) / len(rows)
                  for rows in groups.values()]
        ax.barh(labels, shares, left=left, label=reason, color=COLOURS[i % len(COLOURS)])
        left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.set_xlim(0, 1)
    ax.set_xlabel(_w("share of games"))
    ax.xaxis.set_major_formatter(_percent())
    ax.invert_yaxis()
    ax.set_title(_w("How the games end, by setting"))
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _png(fig)


def _ratings_plot(ladder: Any) -> str:
    """The ratings as points with their 95 % intervals as bars, best at the top."""
    rated = [r for r in ladder.ratings if not math.isnan(r.rating)]
    fig = _figure(height=max(2.2, 0.45 * len(rated) + 1.3))
    ax = fig.add_subplot()
    ys = list(range(len(rated)))
    xs = [r.rating for r in rated]
    lo = [max(0.0, r.rating - r.low) if not math.isnan(r.low) else 0.0 for r in rated]
    hi = [max(0.0, r.high - r.rating) if not math.isnan(r.high) else 0.0 for r in rated]
    ax.errorbar(xs, ys, xerr=[lo, hi], fmt="o", capsize=4, color=COLOURS[0])
    ax.axvline(ladder.anchor_rating, color="grey", linestyle="dashed", linewidth=1)
    ax.set_yticks(ys, [r.bot for r in rated])
    ax.invert_yaxis()
    ax.set_xlabel(_w("rating, Elo scale ({anchor}); bars: 95 % bootstrap interval",
                     anchor=ladder.anchor_text))
    ax.set_title(_w("Bradley–Terry ratings"))
    return _png(fig)


def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{100 * x:.1f} %"


def _rate_cell(r: stats.Rate | None) -> str:
    if r is None:
        return "—"
    return f"{_pct(r.rate)} <small>[{_pct(r.low)}, {_pct(r.high)}]</small>"


def _table(head: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    trs = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in body)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table>"


def _elo(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.0f}"


def _num(x: float) -> str:
    return "—" if x is None or math.isnan(x) else f"{x:.4g}" if abs(x) < 1e4 else f"{x:.0f}"


def _figure_name(f: stats.Figure) -> str:
    return f.name + _w({"seats": " (seat named: games)", "share": " (share of yes)"}.get(
        f.kind, " (mean)"))


def _figure_value(f: stats.Figure) -> str:
    if f.kind == "seats":
        return _w("no seat: {n}", n=f.other) if f.other else "—"
    return _pct(f.mean) if f.kind == "share" else _num(f.mean)


def _figure_seats(f: stats.Figure, n_seats: int) -> list[str]:
    if f.kind == "seats":
        cells = [str(c) for c in f.counts or ()]
    elif f.per_seat is None:
        cells = []
    else:
        cells = [_pct(x) if f.kind == "share" else _num(x) for x in f.per_seat]
    return cells + [""] * (n_seats - len(cells))


def build_report(rows: Sequence[Row], title: str | None = None, lang: str = "en") -> str:
    """The HTML page (a string) for ``rows``, in ``lang`` (en or es)."""
    token = LANG.set("es" if lang == "es" else "en")
    try:
        return _build(rows, title)
    finally:
        LANG.reset(token)


def _build(rows: Sequence[Row], title: str | None) -> str:
    if not rows:
        raise SimError("no games to report on")
    groups = stats.split_by_setting(rows)
    sums = {s: stats.summarize(g) for s, g in groups.items()}
    esc = html.escape
    game = str(rows[0].get("game", "?"))
    players = str(rows[0].get("players", "?"))
    title = title or _w("ludoteca lab: {game}", game=game)
    n_seats = max(len(s["by_seat"]) for s in sums.values())
    seat_groups = {s: {_w("seat {i}", i=i): r for i, r in enumerate(v["by_seat"])}
                   for s, v in sums.items()}
    bot_groups = {s: dict(v["by_bot"]) for s, v in sums.items()}
    settings = list(groups)
    head = ["", *(esc(_label(s)) for s in settings)]
    body: list[list[str]] = [[_w("games"), *(str(sums[s]["games"]) for s in settings)]]
    for i in range(n_seats):
        body.append([_w("win rate seat {i}", i=i),
                     *(_rate_cell(seat_groups[s].get(_w("seat {i}", i=i))) for s in settings)])
    for bot in dict.fromkeys(b for v in bot_groups.values() for b in v):
        body.append([_w("win rate {bot}", bot=esc(bot)), *(_rate_cell(bot_groups[s].get(bot))
                                                           for s in settings)])
    for key in ("mean", "stdev", "p5", "p50", "p95"):
        body.append([_w("length {key}", key=key), *(_num(sums[s]["length"].get(key, math.nan))
                                                   for s in settings)])
    for reason in dict.fromkeys(k for v in sums.values() for k in v["reasons"]):
        body.append([_w("ends: {reason}", reason=esc(reason)),
                     *(_pct(sums[s]["reasons"].get(reason, (0, 0))[1]) for s in settings)])
    fig_names = list(dict.fromkeys(f.name for v in sums.values() for f in v["figures"]))
    fig_by = {s: {f.name: f for f in v["figures"]} for s, v in sums.items()}
    fig_body = []
    for name in fig_names:
        for s in settings:
            f = fig_by[s].get(name)
            if f is None:
                fig_body.append([esc(name), esc(_label(s)), "—", "—",
                                 *("" for _ in range(n_seats))])
                continue
            fig_body.append([esc(_figure_name(f)), esc(_label(s)), esc(f.over_in(LANG.get())),
                             _figure_value(f), *_figure_seats(f, n_seats)])
    plots = [
        (_w("Win rate by seat"), _rate_plot(_w("Win rate by seat"), seat_groups)),
        (_w("Win rate by bot"), _rate_plot(_w("Win rate by bot"), bot_groups)),
        (_w("Game length"), _length_plot(groups)),
        (_w("Endings by setting"), _endings_plot(groups)),
    ]
    ratings_html = ""
    if is_ladder(rows):
        # the ladder's seed (its first game's) also seeds the bootstrap, as in the command
        rated = fit_ladder(rows, seed=min(int(r["seed"]) for r in rows))
        plots.insert(0, (_w("Ratings"), _ratings_plot(rated)))
        players = _w("a ladder of {n} bots", n=len(rated.ratings))
        ratings_html = (f"<h2>{_w('Ratings')}</h2>\n<p>" + esc(rated.describe(LANG.get()))
                        + "</p>\n" + _table(
            ["#", _w("bot"), _w("rating"), _w("95 % interval"), _w("games"), _w("score")],
            [[str(k), esc(r.bot), _elo(r.rating), f"[{_elo(r.low)}, {_elo(r.high)}]",
              str(r.games), _pct(r.score)] for k, r in enumerate(rated.ratings, 1)]))
    imgs = "\n".join(f'<figure><img alt="{esc(t)}" src="data:image/png;base64,{png}">'
                     f"<figcaption>{esc(t)}</figcaption></figure>" for t, png in plots)
    seeds = sorted(int(r["seed"]) for r in rows)
    return f"""<!DOCTYPE html>
<html lang="{LANG.get()}"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }}
th, td {{ border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
figure {{ margin: 1.5em 0; }} figcaption {{ color: #666; font-size: 0.9em; }}
img {{ max-width: 100%; }} small {{ color: #777; }}
</style></head><body>
<h1>{esc(title)}</h1>
<p>{_w("intro", n=len(rows), game=esc(game), players=esc(players), first=seeds[0],
      last=seeds[-1], settings=len(settings))}</p>
{ratings_html}
<h2>{_w("Summary")}</h2>
{_table(head, body)}
<h2>{_w("Plots")}</h2>
{imgs}
<h2>{_w("The game's own figures")}</h2>
<p>{_w("figures_note")}</p>
{_table([_w("figure"), _w("setting"), _w("over games"), _w("value"),
         *(_w("seat {i}", i=i) for i in range(n_seats))], fig_body)
 if fig_body else "<p>" + _w("(none)") + "</p>"}
</body></html>
"""


def write_report(rows: Sequence[Row], path: str, title: str | None = None,
                 lang: str = "en") -> None:
    page = build_report(rows, title, lang)
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
