// The new-game page: script, seats, deal (automatic or by hand, checked by the server), create.
import { api, h, $, fill, showError } from "./common.js";
import { cname } from "./words.js";

const DEFAULT_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"];
const state = {
  script: null,        // the Script request object: {name} or {text}
  detail: null,        // the script's detail (characters, jinxes, ...)
  seats: DEFAULT_NAMES.map((name) => ({ name, traveller: false, bot: false, online: true })),
  grimoire: null,      // [{name, character, thinks?, alignment?}]
  bluffs: null,
  legal: false,
  extra: {},           // id -> character entry, for characters not on the script
  notDealt: [],        // characters in play that no seat holds, as the deal returned them
};

function byTeam(teams) {
  return (state.detail ? state.detail.characters : []).filter((c) => teams.includes(c.team));
}

// Which characters a "You think you are ..." character may believe it is (Drunk, Lunatic,
// Marionette): read from its ability text, so no character is named here.
function thinksTeams(c) {
  const m = /(^|\.\s)You think you are an? ([A-Za-z ]+?)(,| character|\.)/.exec(c.ability || "");
  if (!m) return null;
  const what = m[2].toLowerCase();
  if (what.startsWith("townsfolk")) return ["townsfolk"];
  if (what.startsWith("demon")) return ["demon"];
  if (what.startsWith("minion")) return ["minion"];
  if (what.startsWith("good")) return ["townsfolk", "outsider"];
  return ["townsfolk", "outsider", "minion", "demon"];
}

function charById(id) {
  return (state.detail && state.detail.characters.find((c) => c.id === id)) || state.extra[id];
}

// -- script -------------------------------------------------------------------------------
// The bots that may fill seats: the server's policies, its default first chosen.
async function loadBots() {
  try {
    const r = await api("/api/bots");
    fill($("#bots"), ...r.policies.map((p) => h("option", { value: p, selected: p === r.default }, p)));
  } catch (e) {
    showError("#seats-error", e);
  }
}

async function loadBuiltins() {
  const sel = $("#builtin");
  try {
    const scripts = await api("/api/scripts");
    fill(sel, ...scripts.map((s) => h("option", { value: s.name }, `${s.title} (${s.characters})`)));
    await useBuiltin();
  } catch (e) {
    showError("#script-error", e);
  }
}

async function useBuiltin() {
  const name = $("#builtin").value;
  await useScript({ name }, () => api(`/api/scripts/${encodeURIComponent(name)}`));
}

async function useScript(script, fetchDetail) {
  showError("#script-error", null);
  try {
    const detail = await fetchDetail();
    state.script = script;
    state.detail = detail;
    state.grimoire = null;
    state.legal = false;
    $("#script-summary").textContent = `${detail.title}${detail.author ? " by " + detail.author : ""}: ` +
      `${detail.characters.length} characters, ${detail.jinxes.length} jinx${detail.jinxes.length === 1 ? "" : "es"}.`;
    fill($("#script-warnings"), ...(detail.warnings || []).map((w) => h("p", { class: "warning" }, w)));
    renderGrimoire();
  } catch (e) {
    showError("#script-error", e);
  }
}

function selectTab(which) {
  for (const [tab, panel] of [["#tab-builtin", "#src-builtin"], ["#tab-text", "#src-text"], ["#tab-import", "#src-import"]]) {
    const on = tab === which;
    $(tab).setAttribute("aria-selected", on ? "true" : "false");
    $(panel).hidden = !on;
  }
}

// -- seats ----------------------------------------------------------------------------------
function renderSeats() {
  const ol = $("#seats");
  fill(ol, ...state.seats.map((s, i) => {
    const id = `seat-${i}`;
    const box = (field, label) => h("label", { class: "row", style: "margin:0" },
      h("input", { type: "checkbox", checked: s[field], "aria-label": `${s.name || "seat " + (i + 1)}: ${label}`,
                   onchange: (e) => { s[field] = e.target.checked; seatsChanged(); } }), label);
    return h("li", {},
      h("span", { class: "muted", style: "width:1.6rem" }, `${i + 1}.`),
      h("label", { for: id, class: "visually-hidden" }, `Name of player ${i + 1}`),
      h("input", { id, type: "text", value: s.name, maxlength: 24, class: "seat-name",
                   oninput: (e) => { s.name = e.target.value.trim(); }, onchange: () => seatsChanged() }),
      box("traveller", "Traveller"), box("online", "online"), box("bot", "bot"),
      h("button", { type: "button", class: "small", "aria-label": `Move ${s.name} up`, disabled: i === 0,
                    onclick: () => { [state.seats[i - 1], state.seats[i]] = [state.seats[i], state.seats[i - 1]]; seatsChanged(true); } }, "↑"),
      h("button", { type: "button", class: "small", "aria-label": `Remove ${s.name}`,
                    onclick: () => { state.seats.splice(i, 1); seatsChanged(true); } }, "✕"));
  }));
}

function seatsChanged(redraw = false) {
  state.grimoire = null;
  state.notDealt = [];
  state.legal = false;
  if (redraw) renderSeats();
  renderGrimoire();
}

function seatsError() {
  const names = state.seats.map((s) => s.name);
  if (names.some((n) => !n)) return "every player needs a name";
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) return `two players are called ${dup}`;
  return null;
}

// -- deal -----------------------------------------------------------------------------------
async function deal() {
  const err = seatsError();
  showError("#seats-error", err ? { message: err } : null);
  if (err || !state.script) return;
  showError("#create-error", null);
  try {
    const r = await api("/api/bag/deal", { method: "POST",
      body: { script: state.script, players: state.seats, seed: Number($("#seed").value) || 0 } });
    state.grimoire = r.grimoire;
    state.bluffs = r.bluffs || [];
    state.notDealt = r.not_dealt || [];      // in play, held by no seat (Lil' Monsta)
    // Characters dealt from outside the script's list (Travellers when it lists none).
    for (const w of r.grimoire) {
      if (!charById(w.character) && !state.extra[w.character]) {
        try { state.extra[w.character] = await api(`/api/characters/${encodeURIComponent(w.character)}`); } catch (e) { /* shown by id */ }
      }
    }
    renderGrimoire();
    await check();
  } catch (e) {
    showError("#create-error", e);
  }
}

function byHand() {
  const err = seatsError();
  showError("#seats-error", err ? { message: err } : null);
  if (err || !state.script) return;
  // A different character on each seat to start from (Townsfolk first, in script order).
  const pool = byTeam(["townsfolk", "outsider", "minion", "demon"]);
  const travellers = byTeam(["traveller"]);
  let k = 0, t = 0;
  state.grimoire = state.seats.map((s) => {
    const c = s.traveller ? travellers[t++ % Math.max(1, travellers.length)] : pool[k++ % Math.max(1, pool.length)];
    const w = { name: s.name, character: (c || {}).id };
    if (s.traveller) w.alignment = "good";
    return w;
  });
  state.bluffs = null;          // chosen in the game, at setup, unless written here
  state.notDealt = [];
  renderGrimoire();
  check();
}

function options(list, value, blank = null) {
  if (value && !list.some((c) => c.id === value)) {
    // Dealt from outside the script's list (a Traveller when the script lists none).
    const c = state.extra[value];
    list = [...list, { id: value, name: c ? c.name : cname(value), team: c ? c.team : "traveller" }];
  }
  const opts = list.map((c) => h("option", { value: c.id, selected: c.id === value }, `${c.name} (${c.team})`));
  if (blank !== null) opts.unshift(h("option", { value: "", selected: !value }, blank));
  return opts;
}

function renderGrimoire() {
  const table = $("#grimoire-table");
  const body = table.querySelector("tbody");
  $("#create").disabled = !(state.grimoire && state.legal);
  if (!state.grimoire || !state.detail) {
    table.hidden = true;
    $("#bluffs-box").hidden = true;
    fill($("#check"));
    return;
  }
  table.hidden = false;
  const chars = state.detail.characters;
  fill(body, ...state.grimoire.map((w, i) => {
    const seat = state.seats[i] || {};
    const c = charById(w.character);
    const tt = c ? thinksTeams(c) : null;
    const pool = seat.traveller ? byTeam(["traveller"]) : chars.filter((x) => x.team !== "traveller");
    const charSel = h("select", { "aria-label": `${w.name}'s character`, class: "grim-character",
      onchange: (e) => { w.character = e.target.value; if (!thinksTeams(charById(w.character) || {})) delete w.thinks; renderGrimoire(); check(); } },
      ...options(pool.length ? pool : chars, w.character));
    const thinksSel = tt ? h("select", { "aria-label": `${w.name} thinks they are`,
      onchange: (e) => { if (e.target.value) w.thinks = e.target.value; else delete w.thinks; check(); } },
      ...options(byTeam(tt).filter((x) => x.id !== w.character), w.thinks, "(engine picks)")) : h("span", { class: "muted" }, "—");
    const alignSel = h("select", { "aria-label": `${w.name}'s alignment`,
      onchange: (e) => { if (e.target.value) w.alignment = e.target.value; else delete w.alignment; check(); } },
      h("option", { value: "", selected: !w.alignment }, seat.traveller ? "(choose)" : "(default)"),
      h("option", { value: "good", selected: w.alignment === "good" }, "good"),
      h("option", { value: "evil", selected: w.alignment === "evil" }, "evil"));
    return h("tr", {}, h("th", { scope: "row" }, w.name), h("td", {}, charSel), h("td", {}, thinksSel), h("td", {}, alignSel));
  }));
  const nd = $("#not-dealt");
  nd.textContent = state.notDealt.length ? `In play, held by no seat: ${state.notDealt.map((id) => (charById(id) || {}).name || cname(id)).join(", ")}` : "";
  // Bluffs: three not-in-play good characters, or chosen in the game at setup.
  const box = $("#bluffs-box");
  box.hidden = false;
  const later = $("#bluffs-later");
  later.checked = state.bluffs === null;
  const good = byTeam(["townsfolk", "outsider"]);
  const picked = state.bluffs || [];
  fill($("#bluffs"), ...[0, 1, 2].map((k) => h("select", {
      "aria-label": `Bluff ${k + 1}`, disabled: state.bluffs === null,
      onchange: (e) => { state.bluffs[k] = e.target.value; state.bluffs = state.bluffs.filter(Boolean); check(); } },
    ...options(good, picked[k], "(none)"))));
}

let checking = 0;
async function check() {
  if (!state.grimoire) return;
  const mine = ++checking;
  const body = { script: state.script, players: state.seats, grimoire: state.grimoire };
  if (state.bluffs !== null) body.bluffs = state.bluffs;
  if (state.notDealt.length) body.not_dealt = state.notDealt;
  try {
    const r = await api("/api/bag/check", { method: "POST", body });
    if (mine !== checking) return;
    state.legal = r.legal;
    const counts = Object.entries(r.counts || {}).map(([t, c]) =>
      h("span", { class: c.have === c.expected ? "muted" : "warning" }, `${t}: ${c.have}/${c.expected}`));
    fill($("#check"),
      h("p", { class: r.legal ? "notice" : "error" }, r.legal ? "This grimoire is legal." : "This grimoire is not legal yet."),
      ...(r.errors || []).map((e) => h("p", { class: "error" }, e)),
      ...(r.warnings || []).map((w) => h("p", { class: "warning" }, w)),
      h("p", { class: "row" }, ...counts));
  } catch (e) {
    if (mine !== checking) return;
    state.legal = false;
    fill($("#check"), h("p", { class: "error" }, e.message));
  }
  $("#create").disabled = !(state.grimoire && state.legal);
}

async function create() {
  showError("#create-error", null);
  $("#create").disabled = true;
  try {
    const r = await api("/api/games", { method: "POST", body: {
      script: state.script, players: state.seats, grimoire: state.grimoire,
      bluffs: state.bluffs && state.bluffs.length === 3 ? state.bluffs : null,
      not_dealt: state.notDealt.length ? state.notDealt : null,
      seed: Number($("#seed").value) || 0, title: $("#title").value.trim(), bots: $("#bots").value || null } });
    if (r.warnings && r.warnings.length) sessionStorage.setItem(`warnings:${r.game}`, JSON.stringify(r.warnings));
    location.href = `/join/${encodeURIComponent(r.storyteller)}`;
  } catch (e) {
    showError("#create-error", e);
    $("#create").disabled = false;
  }
}

// -- wiring ---------------------------------------------------------------------------------
$("#tab-builtin").addEventListener("click", () => { selectTab("#tab-builtin"); useBuiltin(); });
$("#tab-text").addEventListener("click", () => selectTab("#tab-text"));
$("#builtin").addEventListener("change", useBuiltin);
$("#script-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) { $("#script-text").value = await f.text(); parseText(); }
});
async function parseText() {
  const text = $("#script-text").value;
  await useScript({ text }, () => api("/api/scripts/parse", { method: "POST", body: { text } }));
}
$("#parse").addEventListener("click", parseText);
$("#tab-import").addEventListener("click", () => selectTab("#tab-import"));
// The tab list's keys: Left and Right move between the tabs (the ARIA tabs pattern).
document.querySelector('[role="tablist"]').addEventListener("keydown", (e) => {
  if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const i = tabs.indexOf(document.activeElement);
  if (i < 0) return;
  const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
  next.focus();
  next.click();
  e.preventDefault();
});
$("#import-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("#import-text").value = await f.text();
});
$("#import").addEventListener("click", async () => {
  showError("#import-error", null);
  let game;
  try { game = JSON.parse($("#import-text").value); } catch (e) { showError("#import-error", { message: `This is not JSON: ${e.message}` }); return; }
  try {
    const r = await api("/api/townsquare/import", { method: "POST", body: { state: game, seed: Number($("#seed").value) || 0, bots: $("#bots").value || null } });
    if (r.warnings && r.warnings.length) sessionStorage.setItem(`warnings:${r.game}`, JSON.stringify(r.warnings));
    location.href = `/join/${encodeURIComponent(r.storyteller)}`;
  } catch (e) {
    showError("#import-error", e);
  }
});
$("#add-seat").addEventListener("click", () => {
  const used = new Set(state.seats.map((s) => s.name));
  let k = state.seats.length + 1;
  while (used.has(`Player ${k}`)) k++;
  state.seats.push({ name: `Player ${k}`, traveller: false, bot: false, online: true });
  seatsChanged(true);
  const inputs = document.querySelectorAll(".seat-name");
  inputs[inputs.length - 1].focus();
});
$("#deal").addEventListener("click", deal);
$("#by-hand").addEventListener("click", byHand);
$("#bluffs-later").addEventListener("change", (e) => { state.bluffs = e.target.checked ? null : []; renderGrimoire(); check(); });
$("#create").addEventListener("click", create);
renderSeats();
loadBots();
loadBuiltins();
