// Shared helpers of the pages: HTTP calls, small DOM builders, the view kept in sync over
// the socket, and the view -> town square data.
import { Live, wsUrl } from "./live.js";
import { cname, team, phaseLine } from "./words.js";

export async function api(path, { method = "GET", body = undefined, token = null } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const msg = data && data.error ? data.error : `${res.status} ${res.statusText}`;
    const err = new Error(Array.isArray(msg) ? msg.join("; ") : String(msg));
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

// h("button", {class: "x", onclick: f}, "text", child, ...)
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (v === true) e.setAttribute(k, "");
    else e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return e;
}

/** Replace an element's children, taking them as h() does: nested lists are flattened and
 *  null, undefined and false left out (replaceChildren itself writes null as "null"). */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (typeof c === "number" ? String(c) : c)));
  return el;
}

/** A character's almanac text (`almanac` in GET /api/characters/{id}): the flavour, the
 *  almanac's paragraphs, How to Run and Examples & Notes; or, for a character the shipped
 *  almanac has no entry for (null), a line that says so. */
export function almanacText(name, entry) {
  if (!entry) {
    return h("div", { class: "almanac-text" }, h("p", { class: "muted no-almanac" },
      `No almanac text is shipped for the ${name}: only its ability, tokens and night-sheet text are.`));
  }
  return h("div", { class: "almanac-text" },
    entry.flavour ? h("p", { class: "flavour" }, h("em", {}, entry.flavour)) : null,
    ...(entry.almanac || []).map((p) => h("p", {}, p)),
    (entry.how_to_run || []).length ? [h("h4", {}, "How to Run"), h("ol", {}, ...entry.how_to_run.map((s) => h("li", {}, s)))] : null,
    (entry.notes || []).length ? [h("h4", {}, "Examples & Notes"), h("ul", {}, ...entry.notes.map((s) => h("li", {}, s)))] : null,
    h("p", { class: "muted" }, `From the almanac of ${entry.script}.`));
}

/** A closed "Almanac text" disclosure that asks the server for the character's entry the
 *  first time it is opened. */
export function almanacDetails(id, name, attrs = {}) {
  const body = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  let asked = false;
  const d = h("details", { class: "almanac", ...attrs }, h("summary", {}, `Almanac text: ${name}`), body);
  d.addEventListener("toggle", async () => {
    if (!d.open || asked) return;
    asked = true;
    try {
      const c = await api(`/api/characters/${encodeURIComponent(id)}`);
      fill(body, almanacText(c.name, c.almanac));
    } catch (e) {
      asked = false;
      fill(body, h("p", { class: "error" }, e.message));
    }
  });
  return d;
}

export function $(sel, root = document) { return root.querySelector(sel); }

export function showError(where, err) {
  const box = typeof where === "string" ? $(where) : where;
  if (box) box.textContent = err ? (err.message || String(err)) : "";
}

// The game as this connection sees it, kept in sync with `state` / `update` messages.
// onChange(view) is called after every change; onReply(msg) for ok/error/welcome.
export class GameLink {
  constructor(gameId, token, { onChange, onReply, onStatus }) {
    this.gameId = gameId;
    this.token = token;
    this.view = null;
    this.epoch = null;
    this.events = [];
    this.onChange = onChange;
    this.onReply = onReply || (() => {});
    this.refs = 0;
    this.waiters = new Map();
    this.live = new Live(wsUrl(`/api/games/${encodeURIComponent(gameId)}/ws`), {
      onOpen: () => this.hello(),
      onMessage: (m) => this.receive(m),
      onStatus,
      onClose: (ev) => (ev.code === 4403 || ev.code === 1008 ? false : true),
    });
  }

  hello() {
    this.live.send({ type: "hello", token: this.token, have: this.events.length, epoch: this.epoch });
  }

  receive(m) {
    switch (m.type) {
      case "state":
        this.epoch = m.epoch;
        this.events = m.view.events || [];
        this.view = { ...m.view, events: this.events };
        this.onChange(this.view);
        break;
      case "update":
        if (m.epoch !== this.epoch || m.from !== this.events.length) { this.hello(); return; }
        this.events = this.events.concat(m.events || []);
        this.view = { ...m.view, events: this.events };
        this.onChange(this.view);
        break;
      case "ok":
      case "error": {
        const w = m.ref && this.waiters.get(m.ref);
        if (w) { this.waiters.delete(m.ref); (m.type === "ok" ? w.resolve : w.reject)(m); }
        this.onReply(m);
        break;
      }
      default:
        this.onReply(m);
    }
  }

  // Send a client message; resolves on its `ok`, rejects with its `error`.
  send(msg) {
    const ref = `r${++this.refs}`;
    return new Promise((resolve, reject) => {
      this.waiters.set(ref, { resolve, reject });
      this.live.send({ ...msg, ref });
    });
  }
}

// The town square of a view: public table, plus the grimoire when the viewer has it.
export function squareOf(view, { me = null } = {}) {
  const table = view.table || { players: [] };
  const grim = {};
  for (const g of view.grimoire || []) grim[g.name] = g;
  const travellers = table.travellers || {};
  const seats = table.players.map((p) => {
    const g = grim[p.name];
    const s = { name: p.name, alive: p.alive, ghostVote: p.ghost_vote, traveller: p.traveller };
    if (g) {
      s.character = g.character;
      s.characterName = cname(g.character);
      s.team = team(g.character);
      s.alignment = g.alignment;
      if (g.thinks) s.thinksName = cname(g.thinks);
      s.status = g.status || [];
      s.reminders = (g.reminders || []).map(reminderText);
      if (g.bot) s.note = "bot";
      else if (g.online && !g.connected) s.note = "offline";
    } else if (me && p.name === me && view.character) {
      s.characterName = cname(view.character);
      s.team = team(view.character);
    } else if (travellers[p.name]) {
      s.characterName = cname(travellers[p.name]);
      s.team = "traveller";
    }
    const claim = (table.claims || {})[p.name];
    if (claim) {
      s.note = `claims the ${cname(claim)}`;
      s.reminders = [...(s.reminders || []), `claims ${cname(claim)}`];
    }
    return s;
  });
  const square = { seats, centre: [phaseLine({ ...table, phase: view.phase === "over" ? "over" : table.phase || view.phase, winner: table.winner })] };
  const v = table.vote;
  if (v) {
    const hands = {};
    for (const n of v.asked || []) hands[n] = false;
    for (const n of v.hands || []) hands[n] = true;
    square.vote = { nominator: v.by, nominee: v.target, hands, clock: v.waiting || null };
    square.centre = [`${(v.hands || []).length} vote${(v.hands || []).length === 1 ? "" : "s"}`,
                     `${v.by} → ${v.target}, needs ${v.threshold}`];
  } else if (view.over) {
    square.centre = [`${String(view.over.winner).toUpperCase()} WINS`];
  }
  return square;
}

export function reminderText(r) {
  if (typeof r === "string") return r;
  if (r && r.token) return r.token;
  if (r && r.name) return r.name;
  if (r && r.reminder) return r.reminder;
  if (r && r.kind) return r.kind;
  return String(r);
}

// The event log as a list, newest last; `filter(ev)` keeps some events only.
export function renderLog(ol, events, filter = () => true) {
  const items = [];
  for (const ev of events) {
    if (!filter(ev)) continue;
    const text = ev.line;           // the server's words (the narration's), null: no line
    if (!text) continue;
    const when = ev.phase === "night" ? `N${ev.number}` : ev.phase === "day" ? `D${ev.number}` : ev.phase || "";
    items.push(h("li", { dataset: { type: ev.type } }, h("span", { class: "when" }, when), text));
  }
  const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 8;
  ol.replaceChildren(...items);
  if (atEnd) ol.scrollTop = ol.scrollHeight;
}

export function statusBadge(el) {
  return (text, up) => {
    el.textContent = text;
    el.classList.toggle("down", !up);
  };
}

export async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    // No clipboard permission (plain http on a LAN): select a hidden field and copy.
    const t = h("textarea", { "aria-hidden": "true" }, text);
    t.style.position = "fixed"; t.style.opacity = "0";
    document.body.appendChild(t);
    t.select();
    try { document.execCommand("copy"); } catch (e2) { /* nothing more to try */ }
    t.remove();
  }
  if (button) {
    const old = button.textContent;
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = old; }, 1500);
  }
}
