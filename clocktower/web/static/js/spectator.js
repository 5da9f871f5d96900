// Spectators: the town square and the public events, nothing else.
import { h, $, GameLink, squareOf, renderLog, statusBadge } from "./common.js";
import { drawTownSquare } from "./townsquare.js";
import { phaseLine } from "./words.js";
import { toolsPanel, renderTools } from "./tools.js";

export function start(w) {
  document.title = "Town square · Clocktower";
  $("#title").textContent = "Town square";
  $("#main").append(
    h("section", { class: "square-wrap", "aria-label": "Town square" }, h("div", { id: "square" })),
    toolsPanel(),
    h("section", { class: "panel", style: "margin-top:0.75rem" }, h("h2", { id: "log-h" }, "The town"),
      h("ol", { class: "log", id: "log", "aria-labelledby": "log-h" })));
  new GameLink(w.game, w.token, {
    onChange: (view) => {
      document.body.dataset.phase = view.phase;
      $("#phase").textContent = view.over ? `Game over: ${view.over.winner} wins` : phaseLine({ ...view.table, phase: view.phase });
      drawTownSquare($("#square"), squareOf(view));
      renderTools($("#table-tools"), view);
      renderLog($("#log"), view.events);
    },
    onStatus: statusBadge($("#conn")),
  });
}
