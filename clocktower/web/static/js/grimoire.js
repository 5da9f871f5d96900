// The Storyteller's grimoire: the town square with every character, the decision the engine
// waits for with every legal option, the day's nominations and votes, rulings and undo.
import { api, h, $, fill, almanacText, almanacDetails, GameLink, squareOf, renderLog, statusBadge, copyText, reminderText } from "./common.js";
import { drawTownSquare } from "./townsquare.js";
import { AdvicePanel } from "./advice.js";
import { cname, character, describeAnswer, phaseLine, reminderTokens } from "./words.js";
import { toolsPanel, renderTools } from "./tools.js";

let who, link, view = null;
let selected = new Set();          // seats picked for a player choice
let decisionKey = null;            // redraw the decision panel only when it changes
let focusSeat = null;              // the seat whose card is open
let advice = null;                 // the decision support's panel (advice.js)

export function start(w) {
  who = w;
  document.title = `Grimoire · ${w.title || w.script.title || "Clocktower"}`;
  $("#title").textContent = "Grimoire";
  buildLayout();
  advice = new AdvicePanel($("#advice"), (m) => send(m));
  link = new GameLink(w.game, w.token, {
    onChange: (v) => { view = v; render(); },
    onReply: (m) => {
      if (m.type === "error") toast(m.message, true);
      else if (advice) advice.receive(m);       // advice, advice_settings: the Storyteller's only
    },
    onStatus: statusBadge($("#conn")),
  });
  const warnings = sessionStorage.getItem(`warnings:${w.game}`);
  if (warnings) {
    for (const t of JSON.parse(warnings)) toast(t, false, "warning");
    sessionStorage.removeItem(`warnings:${w.game}`);
  }
}

function buildLayout() {
  const tools = $("#tools");
  fill(tools,
    h("button", { type: "button", id: "undo", class: "small", onclick: undo, disabled: true, title: "Undo the last step" }, "↶ Undo"),
    h("button", { type: "button", class: "small", onclick: showNightSheet }, "Night sheet"),
    h("button", { type: "button", class: "small", onclick: showReminders }, "Reminders"),
    h("button", { type: "button", class: "small", onclick: showJinxes }, "Jinxes"),
    h("button", { type: "button", class: "small", onclick: () => showAlmanac(null) }, "Almanac"),
    h("button", { type: "button", class: "small", onclick: showLinks, id: "links-button" }, "Join links"),
    h("button", { type: "button", class: "small", onclick: exportLog }, "Export"));
  $("#main").append(
    h("div", { id: "toasts", "aria-live": "assertive" }),
    h("div", { class: "layout grimoire" },
      h("section", { class: "square-wrap", "aria-label": "Town square" }, h("div", { id: "square" })),
      h("div", {},
        h("section", { class: "panel decision", id: "decision", "aria-live": "polite" }),
        h("section", { class: "panel", id: "advice", hidden: true }),
        h("section", { class: "panel", id: "seat-card", hidden: true, "aria-live": "polite" }),
        h("section", { class: "panel", id: "day-panel", hidden: true }),
        h("section", { class: "panel", id: "tonight", hidden: true }),
        rulingPanel(),
        toolsPanel(),
        h("section", { class: "panel" }, h("h2", {}, "Bluffs & setup"), h("p", { id: "bluffs" })),
        h("section", { class: "panel" }, h("h2", { id: "log-h" }, "Everything that happened"),
          h("ol", { class: "log", id: "log", "aria-labelledby": "log-h" })))),
    h("dialog", { id: "dialog", "aria-labelledby": "dialog-h" },
      h("div", { class: "row" }, h("h2", { id: "dialog-h", class: "grow" }, ""),
        h("button", { type: "button", class: "small", onclick: () => $("#dialog").close() }, "Close")),
      h("div", { id: "dialog-body" })));
}

function toast(text, isError = false, kind = null) {
  const t = h("p", { class: kind || (isError ? "error" : "notice") }, text);
  $("#toasts").append(t);
  setTimeout(() => t.remove(), isError ? 9000 : 6000);
}

async function send(msg) {
  try {
    await link.send(msg);
    return true;
  } catch (m) {
    /* the error is shown by onReply */
    return false;
  }
}

function undo() { send({ type: "undo" }); }

// -- rendering ------------------------------------------------------------------------------
function render() {
  if (!view) return;
  const t = view.table || {};
  $("#phase").textContent = view.over ? `Game over: ${view.over.winner} wins` : phaseLine({ ...t, phase: view.phase });
  $("#undo").disabled = !view.can_undo;
  document.body.dataset.phase = view.phase;
  document.body.dataset.night = String(t.night ?? "");
  document.body.dataset.day = String(t.day ?? "");
  const p = view.pending;
  const picking = p && p.shape === "players";
  if (!picking) selected = new Set();
  const square = squareOf(view);
  drawTownSquare($("#square"), square, {
    onSeat: seatClicked,
    selected: picking ? selected : null,
    selectable: picking ? new Set(p.candidates || []) : null,
    highlight: woken(p),
  });
  renderDecision();
  renderDay();
  renderTonight();
  renderSeatCard();
  const b = view.grimoire_bluffs || view.bluffs || (view.grimoire && view.grimoire.bluffs);
  const bl = Array.isArray(b) ? b : (view.bluffs || []);
  $("#bluffs").textContent = `Demon bluffs: ${bl.length ? bl.map(cname).join(", ") : "not chosen yet"}` +
    (view.not_dealt && view.not_dealt.length ? ` · in play, not dealt: ${view.not_dealt.map(cname).join(", ")}` : "");
  renderTools($("#table-tools"), view, send);
  renderLog($("#log"), view.events, (ev) => ev.type !== "decision");
  fillRulingPlayers();
}

// Who the pending decision is about: the player deciding, or the one the Storyteller decides for.
function woken(p) {
  const out = new Set();
  if (!p || p.shape === "day") return out;
  if (p.who !== "storyteller") out.add(p.who);
  else if (p.context && typeof p.context.player === "string") out.add(p.context.player);
  return out;
}

function seatClicked(name) {
  const p = view && view.pending;
  if (p && p.shape === "players") {
    if (!(p.candidates || []).includes(name)) return;
    if (selected.has(name)) selected.delete(name);
    else {
      if (p.count === 1) selected.clear();
      selected.add(name);
    }
    decisionKey = null;
    render();
    return;
  }
  focusSeat = focusSeat === name ? null : name;
  renderSeatCard();
  if (focusSeat) $("#seat-card").scrollIntoView({ block: "nearest" });
}

function renderSeatCard() {
  const card = $("#seat-card");
  const g = view && (view.grimoire || []).find((x) => x.name === focusSeat);
  if (!g) { card.hidden = true; return; }
  card.hidden = false;
  const c = character(g.character);
  const typed = $("#reminder-text") ? $("#reminder-text").value : "";   // kept across updates
  const refocus = document.activeElement && document.activeElement.id === "reminder-text";
  fill(card,
    h("div", { class: "row" }, h("h2", { class: "grow" }, `${g.name}: ${cname(g.character)}`),
      h("button", { type: "button", class: "small", onclick: () => { focusSeat = null; renderSeatCard(); } }, "Close")),
    h("p", {}, `${g.alignment || ""} · ${g.alive ? "alive" : "dead"}${!g.alive ? (g.ghost_vote ? " · ghost vote" : " · ghost vote used") : ""}` +
      `${g.thinks ? ` · thinks they are the ${cname(g.thinks)}` : ""}${g.traveller ? " · Traveller" : ""}` +
      `${g.bot ? " · bot" : g.online ? (g.connected ? " · online, connected" : " · online, not connected") : " · at the table"}`),
    c ? h("p", { class: "muted" }, c.ability) : null,
    (g.status || []).length ? h("p", {}, `Status: ${g.status.join(", ")}`) : null,
    (g.effects || []).length ? h("p", {}, `Effects: ${g.effects.map((e) => `${e.kind}${e.source ? ` (${cname(e.source)})` : ""}`).join(", ")}`) : null,
    (g.reminders || []).length ? h("ul", { class: "plain", id: "seat-reminders", "aria-label": "Reminders" }, ...g.reminders.map((r) =>
      h("li", { class: "row" }, h("span", { class: "grow" }, `Reminder ${reminderText(r)}${r.ability ? ` (${cname(r.ability)})` : ""}${r.by_hand ? " · by hand" : ""}`),
        h("button", { type: "button", class: "small", "aria-label": `Remove the reminder ${reminderText(r)} from ${g.name}`,
                      onclick: () => send({ type: "reminder", player: g.name, token: reminderText(r), remove: true }) }, "Remove")))) : null,
    // A reminder token placed by hand: any text, the script's tokens suggested; only you see it.
    h("form", { class: "row", id: "reminder-form", onsubmit: (e) => {
        e.preventDefault();
        const t = $("#reminder-text").value.trim();
        if (t) { send({ type: "reminder", player: g.name, token: t }); $("#reminder-text").value = ""; }
      } },
      h("label", { for: "reminder-text" }, "Reminder"),
      h("input", { id: "reminder-text", list: "reminder-tokens", maxlength: "40", autocomplete: "off", value: typed }),
      h("datalist", { id: "reminder-tokens" }, ...reminderTokens().map((t) => h("option", { value: t }))),
      h("button", { type: "submit", class: "small" }, "Place")),
    h("div", { class: "row" },
      h("button", { type: "button", class: "small", onclick: () => showAlmanac(g.character) }, `Almanac: ${cname(g.character)}`),
      view.phase === "day" ? h("button", { type: "button", class: "small", onclick: () => { setValue("#nom-target", g.name); $("#nom-by").focus(); } }, "Nominate…") : null,
      h("button", { type: "button", class: "small", onclick: () => { setValue("#ruling-player", g.name); $("#ruling-panel").open = true; $("#ruling-action").focus(); } }, "Ruling…"),
      h("button", { type: "button", class: "small", onclick: () => send({ type: "seat", name: g.name, online: !g.online }) },
        g.online ? "Play at the table" : "Play online")));
  if (refocus) $("#reminder-text").focus();
}

function setValue(sel, v) { const e = $(sel); if (e) e.value = v; }

function whoText(p) {
  if (p.who === "storyteller") return "You decide";
  return p.who;
}

function whereText(p) {
  if (p.who === "storyteller") return null;
  return p.online ? `${p.who} answers on their device; you may answer for them.`
                  : `${p.who} plays at the table: enter their choice.`;
}

function renderDecision() {
  const box = $("#decision");
  const p = view.pending;
  const key = p ? `${p.id}:${p.who}:${p.online}:${[...selected].join(",")}` : `none:${view.phase}:${view.over ? 1 : 0}`;
  if (key === decisionKey) return;
  decisionKey = key;
  box.dataset.who = p ? p.who : "";
  box.dataset.shape = p ? p.shape : "";
  box.dataset.kind = p ? p.kind : "";
  box.dataset.id = p ? String(p.id) : "";
  if (view.over) {
    fill(box, h("h2", {}, `${String(view.over.winner).toUpperCase()} WINS`), h("p", {}, view.over.reason));
    return;
  }
  if (!p) { fill(box, h("h2", {}, "Nothing to decide"), h("p", { class: "muted" }, "The engine waits for the table.")); return; }
  if (p.shape === "day") { fill(box, h("h2", {}, `Day ${view.day}`), h("p", { class: "muted" }, "The day is open: nominations, exiles and day abilities below; end the day when the town is done.")); return; }
  const parts = [];
  if (p.step) {
    parts.push(h("p", { class: "step" }, `Night step: `, h("strong", {}, p.step.name || cname(p.step.id))));
    if (p.step.reminder) parts.push(h("p", { class: "reminder-text" }, p.step.reminder));
  }
  parts.push(h("h2", {}, `${whoText(p)}: ${kindText(p)}`));
  if (whereText(p)) parts.push(h("p", { class: "where" }, whereText(p)));
  if (p.prompt) parts.push(h("p", {}, p.prompt));
  const ctx = contextText(p.context);
  if (ctx) parts.push(h("p", { class: "muted" }, ctx));
  if (p.shape === "vote") {
    parts.push(h("div", { class: "vote-buttons" },
      h("button", { type: "button", class: "primary", onclick: () => answer(p, { value: true }) }, `${p.who}: hand up`),
      h("button", { type: "button", onclick: () => answer(p, { value: false }) }, `${p.who}: hand down`)));
  } else if (p.shape === "players") {
    const cands = p.candidates || [];
    const need = p.count || 1;
    parts.push(h("p", {}, `Choose ${need} player${need === 1 ? "" : "s"} on the town square or here:`));
    parts.push(h("div", { class: "options", role: "group", "aria-label": "Candidates" }, ...cands.map((n) =>
      h("button", { type: "button", class: `option${selected.has(n) ? " picked" : ""}`, "aria-pressed": selected.has(n) ? "true" : "false",
                    onclick: () => seatClicked(n) }, n))));
    const ordered = (view.table.players || []).map((x) => x.name).filter((n) => selected.has(n));
    parts.push(h("div", { class: "row" },
      h("button", { type: "button", class: "primary", disabled: ordered.length !== need,
                    onclick: () => answer(p, { value: ordered }) }, `Confirm ${ordered.join(", ") || "…"}`),
      p.optional ? h("button", { type: "button", onclick: () => answer(p, { value: null }) }, "Decline") : null));
  } else {
    const opts = p.options || [];
    const anyTruth = opts.some((o) => o.true === true || o.true === false);
    if (anyTruth) parts.push(h("p", { class: "muted" }, "Options marked true are the truth; any other is a lie you may tell (a drunk or poisoned player, a registration)."));
    parts.push(h("div", { class: "options", role: "group", "aria-label": "Legal options" }, ...opts.map((o) =>
      h("button", { type: "button", class: `option${o.true === true ? " true" : ""}`, "data-i": o.i,
                    onclick: () => answer(p, { option: o.i }) },
        h("span", {}, o.label || describeAnswer(o.value)),
        o.true === true ? h("span", { class: "tag true" }, "true") : o.true === false ? h("span", { class: "tag false" }, "false") : null))));
    if (p.truncated) parts.push(h("p", { class: "muted" }, `Showing ${opts.length} of ${p.n_options} legal options.`));
    if (p.parts) parts.push(partsPicker(p));
  }
  fill(box, ...parts);
}

// An answer put together from its parts (players, a character, a number), checked by the
// server (legal? which option? true?) before it is given: for decisions with many options.
function partsPicker(p) {
  const label = (part, v) => v === null ? "none" : part.kind === "character" ? cname(v) : typeof v === "string" ? v : typeof v === "boolean" ? (v ? "yes" : "no") : JSON.stringify(v);
  const fields = [];
  const selects = p.parts.map((part) => {
    const n = part.length || 1;
    const list = [];
    for (let k = 0; k < n; k++) {
      const name = `${part.key || "answer"}${n > 1 ? ` ${k + 1}` : ""}`;
      const sel = h("select", { "aria-label": name, dataset: { part: part.key || "" } },
        part.values.map((v, i) => h("option", { value: String(i) }, label(part, v))));
      if (n > 1 && k < part.values.length) sel.value = String(k);
      list.push(sel);
      fields.push(h("label", {}, name, sel));
    }
    return list;
  });
  const result = h("p", { class: "muted", id: "parts-result", "aria-live": "polite" }, "");
  const give = h("button", { type: "button", class: "primary", disabled: true }, "Give this answer");
  let checked = null;
  const value = () => {
    const vals = p.parts.map((part, j) => {
      const picked = selects[j].map((sel) => part.values[Number(sel.value)]);
      return part.length ? picked : picked[0];
    });
    if (p.parts.length === 1 && p.parts[0].key === null) return vals[0];
    return Object.fromEntries(p.parts.map((part, j) => [part.key, vals[j]]));
  };
  const check = async () => {
    give.disabled = true;
    checked = null;
    try {
      const r = await api(`/api/games/${who.game}/check`, { method: "POST", token: who.token, body: { id: p.id, value: value() } });
      if (r.legal) {
        checked = r;
        result.textContent = `Legal: ${r.label}${r.true === true ? " (true)" : r.true === false ? " (false)" : ""}`;
        give.disabled = false;
      } else result.textContent = `Not a legal answer: ${r.label}`;
    } catch (e) { result.textContent = e.message; }
  };
  for (const list of selects) for (const sel of list) sel.addEventListener("change", () => { checked = null; give.disabled = true; result.textContent = ""; });
  give.addEventListener("click", () => {
    if (!checked) return;
    answer(p, checked.option !== null ? { option: checked.option } : { value: value() });
  });
  return h("details", { class: "parts", id: "parts", open: p.truncated || null },
    h("summary", {}, "Pick the answer by its parts"),
    h("div", { class: "row wrap" }, ...fields),
    h("div", { class: "row" }, h("button", { type: "button", onclick: check }, "Check"), give),
    result);
}

function kindText(p) {
  const k = p.kind || "";
  const words = { info: "what they learn", register: "how a player registers", storyteller: "a Storyteller's choice",
                  choose: "a choice", vote: "a vote", claim: "a claim", traveller: "a Traveller's alignment",
                  ruling: "a ruling", day: "the day" };
  return words[k] || k.replace(/_/g, " ");
}

function contextText(ctx) {
  if (!ctx) return "";
  const out = [];
  for (const [k, v] of Object.entries(ctx)) {
    if (k === "key" || k === "suggested" || v === null || v === undefined) continue;
    if (k === "player") out.push(`player ${v}`);
    else if (k === "purpose" || k === "ability") out.push(`for the ${cname(v)}`);
    else if (typeof v === "string" || typeof v === "number") out.push(`${k.replace(/_/g, " ")} ${typeof v === "string" ? cname(v) : v}`);
  }
  if (ctx.suggested && ctx.suggested.length) out.push(`suggested: ${describeAnswer(ctx.suggested)}`);
  return out.join(" · ");
}

async function answer(p, body) {
  const ok = await send({ type: "answer", id: p.id, ...body });
  if (ok) selected = new Set();
}

// -- the day --------------------------------------------------------------------------------
function renderDay() {
  const panel = $("#day-panel");
  if (view.phase !== "day" || view.over) { panel.hidden = true; return; }
  panel.hidden = false;
  if (!$("#nom-by")) buildDayPanel(panel);
  const names = (view.table.players || []).map((p) => p.name);
  const living = (view.table.players || []).filter((p) => p.alive).map((p) => p.name);
  const travellers = (view.table.players || []).filter((p) => p.traveller).map((p) => p.name);
  refill("#nom-by", living);
  refill("#nom-target", names.filter((n) => !(view.table.nominees || []).includes(n)));
  refill("#ex-by", names);
  refill("#ex-target", travellers);
  refill("#use-by", names);
  $("#exile-box").hidden = travellers.length === 0;
  const voting = !!view.table.vote;
  const open = view.pending && view.pending.shape === "day";
  for (const b of panel.querySelectorAll("button.day-action")) b.disabled = voting || !open;
  const v = view.table.vote;
  fill($("#vote-now"), ...(v ? [
    h("h3", {}, `Vote: ${v.by} ${v.kind === "exile" ? "calls for the exile of" : "nominates"} ${v.target}`),
    h("p", {}, `${(v.hands || []).length} hand${(v.hands || []).length === 1 ? "" : "s"} raised (needs ${v.threshold})` +
      `${(v.hands || []).length ? ": " + v.hands.join(", ") : ""}` + (v.waiting ? ` · now asking ${v.waiting}` : ""))] : []));
  const noms = view.table.nominations || [];
  fill($("#noms"), ...(noms.length ? noms.map((n) => h("li", {},
    `${n.by} → ${n.target}: ${n.votes} vote${n.votes === 1 ? "" : "s"} (needs ${n.threshold})${n.voters && n.voters.length ? " — " + n.voters.join(", ") : ""}`))
    : [h("li", { class: "muted" }, "No nominations yet today.")]));
  const onBlock = "about_to_die" in view.table ? view.table.about_to_die : aboutToDie();
  $("#on-block").textContent = onBlock ? `About to die: ${onBlock}` : "Nobody is about to die.";
}

function aboutToDie() {
  // The engine's rule: the highest tally at or above the threshold, no tie at the top.
  let best = null, tie = false;
  for (const n of view.table.nominations || []) {
    if (n.votes < n.threshold) continue;
    if (!best || n.votes > best.votes) { best = n; tie = false; } else if (n.votes === best.votes) tie = true;
  }
  return best && !tie ? best.target : null;
}

function refill(sel, names) {
  const e = $(sel);
  const keep = e.value;
  const same = [...e.options].map((o) => o.value).join("|") === names.join("|");
  if (same) return;
  fill(e, ...names.map((n) => h("option", { value: n }, n)));
  if (names.includes(keep)) e.value = keep;
}

function buildDayPanel(panel) {
  const field = (id, label, control) => h("div", { class: "grow" }, h("label", { for: id }, label), control);
  fill(panel,
    h("h2", {}, "Nominations"),
    h("div", { id: "vote-now", "aria-live": "polite" }),
    h("ol", { class: "plain log", id: "noms" }),
    h("p", { id: "on-block", class: "notice" }),
    h("form", { id: "nominate-form", onsubmit: (e) => { e.preventDefault(); nominate(); } },
      h("div", { class: "row" },
        field("nom-by", "Nominator", h("select", { id: "nom-by" })),
        field("nom-target", "Nominee", h("select", { id: "nom-target" })),
        field("nom-mode", "Votes (live: each voter in turn)", h("select", { id: "nom-mode" },
          h("option", { value: "live" }, "live"),
          h("option", { value: "written" }, "written")))),
      h("div", { class: "row" }, field("nom-hands", "Hands raised (written: names, comma separated)", h("input", { id: "nom-hands", type: "text" }))),
      h("div", { class: "row", style: "margin-top:0.4rem" },
        h("button", { type: "submit", class: "primary day-action", id: "nominate" }, "Nominate"),
        h("button", { type: "button", class: "danger day-action", id: "end-day", onclick: endDay }, "End the day (execute)"))),
    h("details", { id: "exile-box" }, h("summary", {}, "Exile a Traveller"),
      h("div", { class: "row" },
        field("ex-by", "Called by", h("select", { id: "ex-by" })),
        field("ex-target", "Traveller", h("select", { id: "ex-target" }))),
      h("button", { type: "button", class: "day-action", onclick: exile }, "Call for the exile (live vote)")),
    h("details", {}, h("summary", {}, "A public day ability"),
      h("div", { class: "row" },
        field("use-by", "Player", h("select", { id: "use-by" })),
        field("use-ability", "Ability (character)", h("select", { id: "use-ability" },
          ...(who.script.characters || []).map((c) => h("option", { value: c.id }, c.name)))),
        field("use-args", "Arguments (JSON, e.g. {\"target\": \"Cat\"})", h("input", { id: "use-args", type: "text", value: "{}" }))),
      h("button", { type: "button", class: "day-action", onclick: useAbility }, "Use")));
}

async function nominate() {
  const msg = { type: "nominate", by: $("#nom-by").value, target: $("#nom-target").value };
  if ($("#nom-mode").value === "written") {
    msg.votes = $("#nom-hands").value.split(",").map((s) => s.trim()).filter(Boolean);
  }
  if (await send(msg)) $("#nom-hands").value = "";
}

function endDay() { send({ type: "end_day" }); }

function exile() { send({ type: "exile", by: $("#ex-by").value, target: $("#ex-target").value }); }

function useAbility() {
  let args;
  try { args = JSON.parse($("#use-args").value || "{}"); } catch (e) { toast(`The arguments are not JSON: ${e.message}`, true); return; }
  send({ type: "use", by: $("#use-by").value, ability: $("#use-ability").value, args });
}

// -- tonight's steps -------------------------------------------------------------------------
function renderTonight() {
  const panel = $("#tonight");
  const steps = view.nightsheet;
  if (!steps || !steps.length) { panel.hidden = true; return; }
  panel.hidden = false;
  fill(panel, h("h2", {}, `Night ${view.night}`),
    h("ol", { class: "plain log" }, ...steps.map((s) => h("li", { class: `step-${s.state}`, "aria-current": s.state === "current" ? "step" : null },
      h("span", { class: "when" }, s.state === "done" ? "✓" : s.state === "current" ? "▶" : "·"),
      h("strong", {}, s.name), s.state === "current" && s.text ? h("div", { class: "muted" }, s.text) : null))));
}

// -- rulings --------------------------------------------------------------------------------
function rulingPanel() {
  const field = (id, label, control) => h("div", { class: "grow" }, h("label", { for: id }, label), control);
  return h("details", { class: "panel", id: "ruling-panel" },
    h("summary", {}, h("strong", {}, "The Storyteller's ruling")),
    h("p", { class: "muted" }, "What the engine does not model is your call; it is recorded like any input. By night only at dusk, before the night's first answer."),
    h("form", { onsubmit: (e) => { e.preventDefault(); ruling(); } },
      h("div", { class: "row" },
        field("ruling-action", "Ruling", h("select", { id: "ruling-action", onchange: rulingFields },
          ...[["kill", "kill"], ["revive", "revive"], ["poison", "poison"], ["drunk", "make drunk"], ["sober", "sober"],
              ["character", "change character"], ["alignment", "change alignment"],
              ["join", "a Traveller joins"], ["leave", "leaves the game"]].map(([v, t]) => h("option", { value: v }, t)))),
        field("ruling-player", "Player", h("select", { id: "ruling-player" })),
        field("ruling-name", "New player", h("input", { id: "ruling-name", maxlength: 24, autocomplete: "off" }))),
      h("div", { class: "row", id: "ruling-extra" },
        field("ruling-until", "Until", h("select", { id: "ruling-until" }, h("option", { value: "" }, "lasting"),
          h("option", { value: "dawn" }, "dawn"), h("option", { value: "dusk" }, "dusk"))),
        field("ruling-character", "Character", h("select", { id: "ruling-character" },
          ...(who.script.characters || []).map((c) => h("option", { value: c.id }, c.name)))),
        field("ruling-traveller", "Traveller", h("select", { id: "ruling-traveller" },
          ...travellerIds().map((c) => h("option", { value: c }, cname(c))))),
        field("ruling-seat", "Seat (1 = first; empty: last)", h("input", { id: "ruling-seat", type: "number", min: 1, max: 21 })),
        field("ruling-alignment", "Alignment", h("select", { id: "ruling-alignment" }, h("option", { value: "" }, "(unchanged)"),
          h("option", { value: "good" }, "good"), h("option", { value: "evil" }, "evil")))),
      h("p", { id: "ruling-when", class: "muted", "aria-live": "polite" }),
      h("button", { type: "submit", id: "ruling-submit", class: "primary", style: "margin-top:0.4rem" }, "Record the ruling")),
    // Bot seats' day turns (claims, nominations), one on request or paced by the server.
    h("div", { class: "row", style: "margin-top:0.6rem" },
      h("button", { type: "button", class: "small", onclick: () => send({ type: "bot_turn" }) }, "A bot's day turn"),
      h("label", { for: "bot-pace" }, "Bots every"),
      h("input", { id: "bot-pace", type: "number", min: 0, max: 600, value: 0, style: "width:5em" }),
      h("span", {}, "s"),
      h("button", { type: "button", class: "small", onclick: () => send({ type: "table", bot_pace: Number($("#bot-pace").value) || 0 }) }, "Set (0: off)")));
}

// The Travellers a Storyteller may seat during play: the script's, then the others the
// engine implements (the rules allow any Traveller).
const ENGINE_TRAVELLERS = ["beggar", "bureaucrat", "gangster", "gunslinger", "harlot", "scapegoat", "thief", "voudon"];
function travellerIds() {
  const own = (who.script.characters || []).filter((c) => c.team === "traveller").map((c) => c.id);
  return [...own, ...ENGINE_TRAVELLERS.filter((c) => !own.includes(c))];
}

function rulingFields() {
  const a = $("#ruling-action").value;
  $("#ruling-until").parentElement.hidden = !(a === "poison" || a === "drunk");
  $("#ruling-character").parentElement.hidden = a !== "character";
  $("#ruling-alignment").parentElement.hidden = !(a === "character" || a === "alignment" || a === "join");
  $("#ruling-player").parentElement.hidden = a === "join";
  for (const id of ["#ruling-name", "#ruling-traveller", "#ruling-seat"]) $(id).parentElement.hidden = a !== "join";
}

function fillRulingPlayers() {
  refill("#ruling-player", (view.table.players || []).map((p) => p.name));
  rulingFields();
  // The server takes rulings by day while the day is open, and by night at dusk only.
  const open = view.rulings_open !== false && !view.over;
  $("#ruling-submit").disabled = !open;
  $("#ruling-when").textContent = open ? "" : view.over ? "The game is over." :
    "Not now: by night a ruling is taken at dusk only, before anyone is told anything; make it by day (poison until dawn lasts through the night).";
}

function ruling() {
  const a = $("#ruling-action").value;
  if (a === "join") {
    const msg = { type: "join", player: $("#ruling-name").value.trim(), character: $("#ruling-traveller").value,
                  alignment: $("#ruling-alignment").value };
    if (!msg.player) { toast("Write the new player's name.", true); return; }
    if (!msg.alignment) { toast("Choose the Traveller's alignment.", true); return; }
    if ($("#ruling-seat").value) msg.seat = Number($("#ruling-seat").value) - 1;
    send(msg);
    return;
  }
  if (a === "leave") { send({ type: "leave", player: $("#ruling-player").value }); return; }
  const r = { action: a, player: $("#ruling-player").value };
  if ((a === "poison" || a === "drunk") && $("#ruling-until").value) r.until = $("#ruling-until").value;
  if (a === "character") r.character = $("#ruling-character").value;
  if ((a === "character" || a === "alignment") && $("#ruling-alignment").value) r.alignment = $("#ruling-alignment").value;
  if (a === "alignment" && !r.alignment) { toast("Choose the new alignment.", true); return; }
  send({ type: "ruling", ruling: r });
}

// -- dialogs: night sheet, reminders, jinxes, almanac, links, export -------------------------
function dialog(title, ...body) {
  $("#dialog-h").textContent = title;
  fill($("#dialog-body"), ...body);
  const d = $("#dialog");
  if (!d.open) d.showModal();
}

async function showNightSheet() {
  let sheet = who.script.nightsheet;
  try { sheet = await api(`/api/games/${who.game}/nightsheet`, { token: who.token }); } catch (e) { /* the script's */ }
  const part = (title, steps) => [h("h3", {}, title), h("ol", { class: "log" }, ...(steps || []).map((s) =>
    h("li", {}, h("strong", {}, s.name), s.text ? h("div", { class: "muted" }, s.text) : null)))];
  dialog("Night sheet", ...part("First night", sheet.first), ...part("Other nights", sheet.other));
}

async function showReminders() {
  let r;
  try { r = await api(`/api/games/${who.game}/reminders`, { token: who.token }); } catch (e) { dialog("Reminder tokens", h("p", { class: "error" }, e.message)); return; }
  // In play: the engine's effects and reminder tokens on each player.
  const inPlay = Object.entries(r.in_play || {}).filter(([, v]) => (v.effects || []).length || (v.reminders || []).length);
  const byChar = new Map();
  for (const t of r.script || []) {
    if (!byChar.has(t.character)) byChar.set(t.character, []);
    byChar.get(t.character).push(t.global ? `${t.token} (global)` : t.token);
  }
  dialog("Reminder tokens",
    h("h3", {}, "In play now"),
    inPlay.length ? h("ul", { class: "plain" }, ...inPlay.map(([name, v]) => h("li", { class: "character-card" }, h("strong", {}, name), ": ",
      [...(v.effects || []).map((e) => `${e.kind}${e.source ? ` (${cname(e.source)})` : ""}`),
       ...(v.reminders || []).map((x) => `${reminderText(x)}${x.ability ? ` (${cname(x.ability)})` : ""}`)].join(", "))))
      : h("p", { class: "muted" }, "No reminder tokens on anyone."),
    h("h3", {}, "This script's tokens"),
    h("ul", { class: "plain" }, ...[...byChar].map(([c, toks]) => h("li", {}, h("strong", {}, cname(c)), ": ", toks.join(", ")))));
}

function showJinxes() {
  const j = who.script.jinxes || [];
  dialog("Jinxes on this script", j.length ? h("ul", { class: "plain" }, ...j.map((x) =>
    h("li", { class: "character-card" }, h("strong", {}, `${cname(x.a)} & ${cname(x.b)}`), h("div", {}, x.rule))))
    : h("p", { class: "muted" }, "No jinxes between the characters of this script."));
}

export function almanacCard(c) {
  const night = (n, label) => n && (n.position || n.reminder) ? h("p", {}, h("em", {}, `${label}: `), n.reminder || "") : null;
  return h("div", { class: "character-card", id: `almanac-${c.id}` },
    h("h3", {}, c.name, " ", h("span", { class: "team" }, `(${c.team})`)),
    h("p", {}, c.ability),
    c.setup ? h("p", {}, h("em", {}, "Setup: "), typeof c.setup === "string" ? c.setup : "") : null,
    night(c.first_night, "First night"), night(c.other_night, "Other nights"),
    (c.reminders || []).length ? h("p", { class: "muted" }, `Reminder tokens: ${c.reminders.join(", ")}`) : null,
    (c.jinxes || []).length ? h("p", { class: "muted" }, `Jinxes: ${c.jinxes.map((j) => `${cname(j.with)}: ${j.rule}`).join(" ")}`) : null,
    // The almanac text: given with a character's own entry, else loaded when opened.
    c.homebrew ? null : "almanac" in c ? almanacText(c.name, c.almanac) : almanacDetails(c.id, c.name));
}

async function showAlmanac(id) {
  if (id) {
    let c = character(id);
    try { c = await api(`/api/characters/${encodeURIComponent(id)}`); } catch (e) { /* the script's copy */ }
    if (c) { dialog(`Almanac: ${c.name}`, almanacCard(c)); return; }
  }
  const list = h("div", {});
  const search = h("input", { type: "search", placeholder: "Find a character", "aria-label": "Find a character",
    oninput: () => show(search.value) });
  const show = (q) => {
    const ql = q.toLowerCase();
    fill(list, ...(who.script.characters || []).filter((c) => !q || c.name.toLowerCase().includes(ql) || (c.ability || "").toLowerCase().includes(ql)).map(almanacCard));
  };
  show("");
  dialog("Almanac", search, list);
  search.focus();
}

async function showLinks() {
  let links;
  try { links = await api(`/api/games/${who.game}/links`, { token: who.token }); } catch (e) { dialog("Join links", h("p", { class: "error" }, e.message)); return; }
  // The server builds each link from the address players can reach (`url`, with its QR
  // code); an older server gave only the token: then this page's own address.
  const url = (t, given) => given || `${location.origin}/join/${encodeURIComponent(t)}`;
  const qrOf = (label, src) => src ? h("details", { class: "qr" }, h("summary", {}, "QR code"),
    h("img", { src, alt: `QR code of ${label}'s link`, width: 180, height: 180 })) : null;
  const row = (label, t, given = null, qr = null, extra = null) => {
    const b = h("button", { type: "button", class: "small", "aria-label": `Copy ${label}'s link` }, "Copy");
    b.addEventListener("click", () => copyText(url(t, given), b));
    return h("li", { dataset: { name: label } }, h("strong", {}, label), h("code", {}, url(t, given)), b, extra, qrOf(label, qr));
  };
  const grim = {};
  for (const g of (view && view.grimoire) || []) grim[g.name] = g;
  const all = links.seats.map((s) => `${s.name}: ${url(s.token, s.url)}`).join("\n");
  const copyAll = h("button", { type: "button", class: "small" }, "Copy every player's link");
  copyAll.addEventListener("click", () => copyText(all, copyAll));
  dialog("Join links",
    h("p", { class: "muted" }, "Each link is secret: send each player their own, or let them scan its QR code. Whoever holds a link is that player."),
    links.base && links.base !== location.origin ? h("p", { class: "muted", id: "links-base" }, `The links open ${links.base}, the address the server gives for players' devices.`) : null,
    h("div", { class: "row" }, copyAll, h("span", { class: "muted" }, "(one line each, to paste where only the Storyteller reads it)")),
    h("ul", { class: "plain links", id: "seat-links" }, ...links.seats.map((s) => {
      const g = grim[s.name];
      const toggle = g ? h("button", { type: "button", class: "small", onclick: async () => { await send({ type: "seat", name: s.name, online: !g.online }); showLinks(); } },
        g.online ? "online → at the table" : "at the table → online") : null;
      return row(s.name, s.token, s.url, s.qr, toggle);
    })),
    h("h3", {}, "Spectators"), h("ul", { class: "plain links" }, row("spectator", links.spectator, links.urls && links.urls.spectator, links.qr && links.qr.spectator)),
    links.urls && links.urls.sheet ? h("div", {}, h("h3", {}, "Character sheet"),
      h("p", { class: "muted" }, "The script's characters and jinxes, for anyone at the table (it holds the spectators' link)."),
      h("ul", { class: "plain links", id: "sheet-link" }, row("character sheet", links.spectator, links.urls.sheet, links.qr && links.qr.sheet))) : "",
    h("h3", {}, "You"), h("ul", { class: "plain links" }, row("storyteller", links.storyteller, links.urls && links.urls.storyteller)));
}

async function exportLog() {
  const save = async (path, filename) => {
    try {
      const data = await api(path, { token: who.token });
      const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: filename });
      document.body.append(a); a.click(); a.remove();
    } catch (e) { toast(e.message, true); }
  };
  dialog("Export",
    h("p", {}, "The event log (JSON, every event of the game) and the town square game-state JSON, which opens in the community's online town square. Both hold every secret."),
    h("div", { class: "row" },
      h("button", { type: "button", onclick: () => save(`/api/games/${who.game}/log`, `game-${who.game}.json`) }, "Event log"),
      h("button", { type: "button", onclick: () => save(`/api/games/${who.game}/townsquare`, `townsquare-${who.game}.json`) }, "Town square JSON")));
}
