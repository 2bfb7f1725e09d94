// Civitas's board: the shared ring of 20 squares (games/monopoly.js) in Civitas's colours.
import { renderRing } from "./monopoly.js";

export function render(el, view, ctx) {
  renderRing(el, view, ctx, { title: "Civitas", theme: "civitas" });
}
