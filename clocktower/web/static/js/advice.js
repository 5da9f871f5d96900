// The Storyteller's decision support (web/advice.py): good's chance from here as a meter and
// a small chart over the game, and each option's (or group's) effect beside the pending
// decision, from rollouts played by bots. Sent over the Storyteller's socket only.
//
// new AdvicePanel(section, send): `receive(msg)` takes `advice` / `advice_settings` messages;
// `send(msg)` sends the Storyteller's `advise` message (on/off, budget, rollouts, and `open`:
// a group of the pending decision's options shown one by one, null for every group again).
import { h } from "./common.js";

const pct = (x) => (x === null || x === undefined ? "–" : `${Math.round(100 * x)}%`);

export class AdvicePanel {
  constructor(el, send) {
    this.el = el;
    this.send = send;
    this.settings = null;
    this.last = null;
  }

  receive(m) {
    if (m.type === "advice_settings") this.settings = m;
    else if (m.type === "advice") this.last = m;
    else return false;
    this.render();
    return true;
  }

  controls() {
    const s = this.settings || { on: false, budget: 10, rollouts: 200 };
    const on = h("input", { type: "checkbox", id: "advice-on" });
    on.checked = !!s.on;
    on.onchange = () => this.send({ type: "advise", on: on.checked });
    const budget = h("input", { type: "number", id: "advice-budget", min: 1, max: 120, step: 1,
      value: s.budget, style: "width:4.5em" });
    budget.onchange = () => this.send({ type: "advise", budget: Number(budget.value) });
    const rollouts = h("input", { type: "number", id: "advice-rollouts", min: 10, max: 2000,
      step: 10, value: s.rollouts, style: "width:5.5em" });
    rollouts.onchange = () => this.send({ type: "advise", rollouts: Number(rollouts.value) });
    return h("div", { class: "row" },
      h("label", { for: "advice-on" }, on, " forecast"),
      h("label", { for: "advice-budget" }, "budget ", budget, " s"),
      h("label", { for: "advice-rollouts" }, "rollouts ", rollouts));
  }

  render() {
    const m = this.last;
    const parts = [h("h2", {}, "Forecast (bots)"), this.controls()];
    if (this.settings && !this.settings.on) {
      parts.push(h("p", { class: "muted" }, "Off: no rollouts are played."));
    } else if (m && m.error) {
      parts.push(h("p", { class: "error" }, `The forecast failed: ${m.error}`));
    } else if (m && m.standing) {
      const st = m.standing;
      const where = m.at ? `${m.at.phase} ${m.at.number}` : "";
      parts.push(meter(st), h("p", { class: "muted" }, `${where}: ${st.basis}` +
        (m.final ? "" : " (refining…)")));
      if (m.history && m.history.length > 1) parts.push(chart(m.history));
      if (m.options && m.options.length) parts.push(options(m, this.send));
    } else {
      parts.push(h("p", { class: "muted" }, "Waiting for the first figures…"));
    }
    this.el.hidden = false;
    this.el.replaceChildren(...parts);
  }
}

function meter(st) {
  const w = (x) => `${Math.max(0, Math.min(100, 100 * x))}%`;
  return h("div", { class: "advice-meter", role: "meter", "aria-valuemin": 0, "aria-valuemax": 100,
    "aria-valuenow": Math.round(100 * (st.chance || 0)), "aria-label": "good's chance",
    style: "position:relative;height:1.2em;background:#7a2430;border-radius:4px" },
  h("div", { style: `position:absolute;left:0;top:0;bottom:0;width:${w(st.chance || 0)};background:#2a5d8a;border-radius:4px` }),
  h("div", { style: `position:absolute;top:0;bottom:0;left:${w(st.low)};width:calc(${w(st.high)} - ${w(st.low)});border:1px solid #fff8` }),
  h("span", { style: "position:relative;padding:0 .4em;color:#fff" },
    `good ${pct(st.chance)} (${pct(st.low)}–${pct(st.high)})`));
}

function chart(history) {
  const W = 240, H = 60;
  const pts = history.map((p, i) => [history.length > 1 ? (i * W) / (history.length - 1) : 0,
    H - p.chance * H]);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", W);
  svg.setAttribute("height", H);
  svg.setAttribute("aria-label", "good's chance over the game");
  const line = document.createElementNS(svg.namespaceURI, "polyline");
  line.setAttribute("points", pts.map((p) => p.join(",")).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "currentColor");
  const mid = document.createElementNS(svg.namespaceURI, "line");
  for (const [k, v] of [["x1", 0], ["x2", W], ["y1", H / 2], ["y2", H / 2], ["stroke", "#8888"]]) mid.setAttribute(k, v);
  svg.append(mid, line);
  return svg;
}

function options(m, send) {
  const rows = m.options.map((o, i) => ({ ...o, i })).sort((a, b) => a.tier - b.tier || (b.chance || 0) - (a.chance || 0));
  let last = null;
  const body = rows.map((o) => {
    const mark = o.tier === last ? "=" : String(o.tier + 1);
    last = o.tier;
    const label = [o.label];
    if (!m.opened && o.options > 1) {
      const open = h("button", { type: "button", class: "advice-open", title: "each option of this group" }, "open");
      open.onclick = () => send({ type: "advise", open: o.label });
      label.push(" ", open);
    }
    return h("tr", {}, h("td", {}, mark), h("td", {}, ...label), h("td", {}, String(o.options)),
      h("td", {}, pct(o.chance)), h("td", {}, `${pct(o.low)}–${pct(o.high)}`), h("td", {}, String(o.rollouts)));
  });
  const head = [`Each option's effect: ${m.decision || ""}` + (m.grouped ? ` (${m.grouped})` : "")];
  if (m.opened) {
    const back = h("button", { type: "button", class: "advice-close" }, "every group");
    back.onclick = () => send({ type: "advise", open: null });
    head.push(h("br", {}), `Group opened: ${m.opened} `, back);
  }
  return h("div", {},
    h("p", {}, ...head),
    h("table", { class: "advice-options" },
      h("thead", {}, h("tr", {}, ...["tier", "option", "n", "good", "95%", "rollouts"].map((c) => h("th", {}, c)))),
      h("tbody", {}, ...body)),
    h("p", { class: "muted" }, "'=': its interval overlaps the one above: equivalent, not ranked."));
}
