// The table's tools (`view.tools`), on every page: the timer everyone sees, today's
// nominations, the vote history (the Storyteller's, and everyone's while shown), and the
// grimoire revealed when the game is over. The Storyteller's page adds its controls.
import { h, fill } from "./common.js";
import { cname } from "./words.js";

let ticking = null;             // the timer's countdown (one per page)

export function toolsPanel() {
  return h("section", { class: "panel", id: "table-tools", "aria-label": "The table" },
    h("p", { class: "timer", id: "timer", role: "timer", "aria-live": "off", hidden: true }),
    h("div", { id: "tools-controls" }),
    h("div", { id: "tracker" }),
    h("div", { id: "history" }),
    h("div", { id: "reveal" }));
}

// `send(msg)`: the Storyteller's page's sender (null elsewhere: no controls).
export function renderTools(root, view, send = null) {
  const tools = view.tools;
  if (!root || !tools) return;
  renderTimer(root.querySelector("#timer"), tools.timer);
  fill(root.querySelector("#tools-controls"), send ? controls(tools, send) : "");
  fill(root.querySelector("#tracker"), ...tracker(tools.nominations_today, view.phase));
  fill(root.querySelector("#history"), ...history(tools.vote_history, send !== null, tools.votes_shown));
  fill(root.querySelector("#reveal"), ...reveal(tools.reveal));
}

function renderTimer(box, timer) {
  if (ticking) { clearInterval(ticking); ticking = null; }
  box.hidden = !timer;
  if (!timer) { box.textContent = ""; return; }
  const tick = () => {
    const left = Math.max(0, Math.round(timer.ends_at - Date.now() / 1000));
    const m = Math.floor(left / 60), s = String(left % 60).padStart(2, "0");
    box.textContent = left > 0 ? `⏱ ${m}:${s}` : "⏱ Time!";
    box.classList.toggle("done", left === 0);
    if (left === 0 && ticking) { clearInterval(ticking); ticking = null; }
  };
  tick();
  ticking = setInterval(tick, 1000);
}

function controls(tools, send) {
  const minutes = h("input", { type: "number", min: "1", max: "60", value: "5", id: "timer-min",
    "aria-label": "Timer minutes", style: "width:4em" });
  return h("div", { class: "row wrap" },
    h("button", { type: "button", class: "small", onclick: () => send({ type: "table", timer: Math.round(Number(minutes.value) * 60) }) }, "Start timer"),
    minutes, h("span", {}, "min"),
    tools.timer ? h("button", { type: "button", class: "small", onclick: () => send({ type: "table", timer: 0 }) }, "Stop timer") : null,
    h("button", { type: "button", class: "small", id: "votes-toggle",
      onclick: () => send({ type: "table", votes: tools.votes_shown ? "hide" : "show" }) },
      tools.votes_shown ? "Hide vote history from players" : "Show vote history to players"));
}

function row(r) {
  const what = r.kind === "exile" ? `${r.by} calls for ${r.target}'s exile` : `${r.by} nominates ${r.target}`;
  const tally = r.votes === null ? " (voting)" : `: ${r.votes} vote${r.votes === 1 ? "" : "s"}, ${r.threshold} needed` +
    (r.voters && r.voters.length ? ` (${r.voters.join(", ")})` : "");
  const result = r.result ? ` — ${r.result}` : "";
  return h("li", {}, what + tally + result);
}

function tracker(today, phase) {
  if (phase !== "day") return [];
  return [h("h2", {}, "Nominations today"),
    today.length ? h("ol", { class: "log" }, today.map(row)) : h("p", { class: "muted" }, "None yet.")];
}

function history(rows, isStoryteller, shown) {
  if (!rows) return [];
  const days = new Map();
  for (const r of rows) {
    if (!days.has(r.day)) days.set(r.day, []);
    days.get(r.day).push(r);
  }
  const title = isStoryteller ? `Vote history (${shown ? "shown to" : "hidden from"} players)` : "Vote history";
  return [h("h2", {}, title), rows.length ? h("div", {}, [...days].map(([d, rs]) =>
    h("div", {}, h("h3", {}, `Day ${d}`), h("ol", { class: "log" }, rs.map(row))))) : h("p", { class: "muted" }, "No votes yet.")];
}

function reveal(r) {
  if (!r) return [];
  return [h("h2", {}, "The grimoire"),
    h("table", { class: "reveal" },
      h("thead", {}, h("tr", {}, h("th", {}, "Seat"), h("th", {}, "Player"), h("th", {}, "Character"), h("th", {}, "Team"), h("th", {}, "Reminders"))),
      h("tbody", {}, r.grimoire.map((p) => h("tr", { class: p.alive ? "" : "dead" },
        h("td", {}, String(p.seat + 1)),
        h("td", {}, p.name + (p.alive ? "" : " †")),
        h("td", {}, cname(p.character) + (p.thinks ? ` (thought ${cname(p.thinks)})` : "")),
        h("td", {}, p.alignment || ""),
        h("td", {}, p.reminders.join(", ")))))),
    r.bluffs.length ? h("p", {}, `Demon bluffs: ${r.bluffs.map(cname).join(", ")}`) : null];
}
