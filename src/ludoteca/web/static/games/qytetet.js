// Qytetet's board: the shared ring of 20 squares (games/monopoly.js) in Qytetet's colours.
import { renderRing } from "./monopoly.js";

export function render(el, view, ctx) {
  renderRing(el, view, ctx, { title: "Qytetet", theme: "qytetet" });
}
