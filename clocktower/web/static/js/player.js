// A player's phone: who they believe they are, what they have learned, the town square,
// the choice they must make when woken online, and their votes and nominations by day.
import { api, h, $, fill, almanacText, GameLink, squareOf, renderLog, statusBadge } from "./common.js";
import { drawTownSquare } from "./townsquare.js";
import { cname, character, describeAnswer, phaseLine } from "./words.js";
import { toolsPanel, renderTools } from "./tools.js";

let who, link, view = null;
let selected = new Set();
let decisionKey = null;
let lastDecision = null;
let almanacOf = null;     // the character whose almanac text the phone shows

export function start(w) {
  who = w;
  document.title = `${w.name} · Clocktower`;
  $("#title").textContent = w.name;
  $("#main").append(
    h("div", { id: "toasts", "aria-live": "assertive" }),
    h("section", { class: "panel notice", id: "over", hidden: true, role: "status" }),
    h("section", { class: "panel me-panel", "aria-label": "Your character" }, h("div", { class: "me", id: "me" }),
      h("details", { class: "almanac", id: "my-almanac", hidden: true }, h("summary", { id: "my-almanac-h" }, "Almanac text"), h("div", { id: "my-almanac-body" }))),
    h("section", { class: "panel decision", id: "decision", "aria-live": "polite", hidden: true }),
    h("section", { class: "panel", id: "day-panel", hidden: true }),
    h("section", { class: "square-wrap", "aria-label": "Town square", style: "margin-top:0.75rem" }, h("div", { id: "square" })),
    toolsPanel(),
    h("section", { class: "panel", style: "margin-top:0.75rem" }, h("h2", { id: "learned-h" }, "What you have learned"),
      h("ol", { class: "log", id: "learned", "aria-labelledby": "learned-h" })),
    h("section", { class: "panel" }, h("h2", { id: "log-h" }, "The town"),
      h("ol", { class: "log", id: "log", "aria-labelledby": "log-h" })));
  link = new GameLink(w.game, w.token, {
    onChange: (v) => { view = v; render(); },
    onReply: (m) => { if (m.type === "error") toast(m.message); },
    onStatus: statusBadge($("#conn")),
  });
}

function toast(text) {
  const t = h("p", { class: "error" }, text);
  $("#toasts").append(t);
  setTimeout(() => t.remove(), 8000);
}

async function send(msg) {
  try { await link.send(msg); return true; } catch (e) { return false; }
}

function render() {
  const t = view.table || {};
  document.body.dataset.phase = view.phase;
  $("#phase").textContent = view.over ? `Game over: ${view.over.winner} wins` : phaseLine({ ...t, phase: view.phase });
  renderMe();
  const over = $("#over");
  over.hidden = !view.over;
  if (view.over) fill(over, h("h2", {}, `${String(view.over.winner).toUpperCase()} WINS`), view.over.reason ? h("p", {}, view.over.reason) : null);
  const d = view.decision;
  const picking = d && d.shape === "players";
  if (!picking) selected = new Set();
  drawTownSquare($("#square"), squareOf(view, { me: who.name }), picking ? {
    onSeat: pick, selected, selectable: new Set(d.candidates || []) } : {});
  renderDecision();
  renderDay();
  const mine = (ev) => ev.type === "learn" && ev.player === who.name;
  renderLearned();
  renderTools($("#table-tools"), view);
  renderLog($("#log"), view.events, (ev) => !mine(ev) && ev.type !== "decision");
}

function renderMe() {
  const c = view.character ? character(view.character) : null;
  const me = (view.table.players || []).find((p) => p.name === who.name) || {};
  fill($("#me"),
    h("div", { class: `token${view.alignment === "evil" ? " evil" : ""}`, "aria-hidden": "true" }, c ? c.name : "?"),
    h("div", {},
      h("h2", { id: "you-are" }, c ? `You are the ${c.name}` : "Waiting for your character…"),
      view.alignment ? h("p", {}, `Alignment: ${view.alignment}${me.alive === false ? " · you are dead" + (me.ghost_vote ? " (you have your ghost vote)" : " (ghost vote used)") : ""}`) : null,
      c ? h("p", { class: "ability muted" }, c.ability) : null,
      h("p", {}, h("a", { href: `/sheet/${encodeURIComponent(who.token)}`, target: "_blank", rel: "noopener", id: "sheet-link" }, "Character sheet: every character on the script")),
      view.online === false ? h("p", { class: "muted", id: "at-table" }, "You play at the table: the Storyteller wakes you and takes your choices and votes in person.") : null));
  renderMyAlmanac(view.character ? (c || { id: view.character, name: cname(view.character) }) : null);
}

// The almanac text of the character the player believes they are, asked of the server
// once per character (a Drunk gets their Townsfolk's, as the rest of the phone shows).
async function renderMyAlmanac(c) {
  const id = c ? c.id : null;
  if (id === almanacOf) return;
  almanacOf = id;
  const box = $("#my-almanac");
  box.hidden = !c;
  if (!c) return;
  $("#my-almanac-h").textContent = `Almanac text: ${c.name}`;
  fill($("#my-almanac-body"), h("p", { class: "muted" }, "Loading…"));
  try {
    const entry = await api(`/api/characters/${encodeURIComponent(id)}`);
    if (almanacOf === id) fill($("#my-almanac-body"), almanacText(entry.name, entry.almanac));
  } catch (e) {
    if (almanacOf === id) { almanacOf = null; fill($("#my-almanac-body"), h("p", { class: "error" }, e.message)); }
  }
}

function renderLearned() {
  const items = view.events.filter((ev) => ev.player === who.name && (ev.type === "learn" || ev.type === "choice"))
    .map((ev) => h("li", {}, h("span", { class: "when" }, ev.phase === "night" ? `N${ev.number}` : ev.phase === "day" ? `D${ev.number}` : ""),
      ev.line || ""));
  fill($("#learned"), ...(items.length ? items : [h("li", { class: "muted" }, "Nothing yet.")]));
}

function pick(name) {
  const d = view.decision;
  if (!d || !(d.candidates || []).includes(name)) return;
  if (selected.has(name)) selected.delete(name);
  else { if ((d.count || 1) === 1) selected.clear(); selected.add(name); }
  decisionKey = null;
  render();
}

function renderDecision() {
  const box = $("#decision");
  const d = view.decision;
  const key = d ? `${d.id}:${[...selected].join(",")}` : "none";
  if (key === decisionKey) return;
  decisionKey = key;
  box.dataset.shape = d ? d.shape : "";
  box.dataset.id = d ? String(d.id) : "";
  // A new decision: the tab's title says so, and a phone that can vibrates once.
  document.title = `${d ? "● " : ""}${who.name} · Clocktower`;
  if (d && d.id !== lastDecision && navigator.vibrate) navigator.vibrate(200);
  lastDecision = d ? d.id : null;
  if (!d) { box.hidden = true; fill(box); return; }
  box.hidden = false;
  const ctx = d.context || {};
  const parts = [];
  if (d.shape === "vote") {
    const target = ctx.nominee || ctx.exile || (view.table.vote && view.table.vote.target);
    parts.push(h("h2", {}, ctx.exile ? `Exile ${target}?` : `Vote to execute ${target}?`));
    const v = view.table.vote;
    const by = ctx.nominator || (v && v.by);
    if (v) parts.push(h("p", { class: "muted" }, `${by ? `${ctx.exile ? "Called" : "Nominated"} by ${by} · ` : ""}` +
      `${(v.hands || []).length} hand${(v.hands || []).length === 1 ? "" : "s"} so far, ${v.threshold} needed.`));
    const me = (view.table.players || []).find((p) => p.name === who.name);
    if (me && !me.alive && !ctx.exile) parts.push(h("p", { class: "warning" }, "You are dead: raising your hand spends your ghost vote."));
    parts.push(h("div", { class: "vote-buttons" },
      h("button", { type: "button", class: "primary", id: "vote-yes", onclick: () => answer(d, { value: true }) }, "Raise my hand"),
      h("button", { type: "button", id: "vote-no", onclick: () => answer(d, { value: false }) }, "No")));
  } else {
    parts.push(h("h2", {}, ctx.ability ? `${cname(ctx.ability)}: your choice` : "Your choice"));
    if (d.prompt) parts.push(h("p", {}, d.prompt));
    if (d.shape === "players") {
      const need = d.count || 1;
      parts.push(h("p", { class: "muted" }, `Choose ${need} player${need === 1 ? "" : "s"}: tap them here or on the town square.`));
      parts.push(h("div", { class: "options", role: "group", "aria-label": "Players you may choose" }, ...(d.candidates || []).map((n) =>
        h("button", { type: "button", class: `option${selected.has(n) ? " picked" : ""}`, "aria-pressed": selected.has(n) ? "true" : "false",
                      onclick: () => pick(n) }, n))));
      const ordered = (view.table.players || []).map((p) => p.name).filter((n) => selected.has(n));
      parts.push(h("div", { class: "row" },
        h("button", { type: "button", class: "primary", id: "confirm", disabled: ordered.length !== need,
                      onclick: () => answer(d, { value: ordered }) }, ordered.length ? `Choose ${ordered.join(" and ")}` : "Choose"),
        d.optional ? h("button", { type: "button", onclick: () => answer(d, { value: null }) }, "Choose nobody") : null));
    } else {
      parts.push(h("div", { class: "options", role: "group", "aria-label": "Your options" }, ...(d.options || []).map((o) =>
        h("button", { type: "button", class: "option", onclick: () => answer(d, { option: o.i }) }, o.label || describeAnswer(o.value)))));
    }
  }
  fill(box, ...parts);
}

async function answer(d, body) {
  if (await send({ type: "answer", id: d.id, ...body })) selected = new Set();
}

function renderDay() {
  const panel = $("#day-panel");
  const day = view.day_actions !== undefined ? view.day_actions : (typeof view.day === "object" ? view.day : null);
  const noms = view.table.nominations || [];
  if (view.phase !== "day" || view.over) { panel.hidden = true; return; }
  panel.hidden = false;
  const parts = [h("h2", {}, "Today")];
  const v = view.table.vote;
  parts.push(h("ol", { class: "plain log" }, ...(noms.length ? noms.map((n) => h("li", {},
    `${n.by} → ${n.target}: ${n.votes} vote${n.votes === 1 ? "" : "s"} (needs ${n.threshold})`)) : v ? [] : [h("li", { class: "muted" }, "No nominations yet.")])));
  if (v) parts.push(h("p", { class: "notice" }, `Voting on ${v.target}: ${(v.hands || []).length} hand${(v.hands || []).length === 1 ? "" : "s"}` + (v.waiting ? `, asking ${v.waiting}` : "")));
  if (day && !v) {
    const nominees = day.nominees || [];
    if (nominees.length) {
      const sel = h("select", { id: "nominate-target", "aria-label": "Whom to nominate" }, ...nominees.map((n) => h("option", { value: n }, n)));
      parts.push(h("div", { class: "row" }, h("label", { for: "nominate-target", class: "grow" }, "Nominate", sel),
        h("button", { type: "button", class: "primary", id: "nominate", onclick: () => send({ type: "nominate", target: sel.value }) }, "Nominate")));
    }
    for (const t of day.exiles || []) {
      parts.push(h("button", { type: "button", onclick: () => send({ type: "exile", target: t }) }, `Call for the exile of ${t}`));
    }
    for (const u of day.uses || []) {
      // A use is {ability, ...its arguments} (engine/runner.py:day_uses).
      const { ability, ...args } = u;
      const said = Object.entries(args).map(([k, v]) => `${k} ${describeAnswer(v)}`).join(", ");
      parts.push(h("button", { type: "button", onclick: () => send({ type: "use", ability, args }) },
        `Use the ${cname(ability)} ability${said ? ": " + said : ""}`));
    }
  }
  const keep = document.activeElement && document.activeElement.id;
  fill(panel, ...parts);
  if (keep && $(`#${keep}`)) $(`#${keep}`).focus();
}
