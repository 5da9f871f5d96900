// A WebSocket that reconnects by itself.
//
// new Live(url, { onMessage(msg), onOpen(), onStatus(text, up) })
// On close it retries with exponential backoff (0.5 s, 1 s, 2 s, ... capped at 10 s, with
// jitter); every (re)open calls onOpen, where the page asks for a full resync, so nothing
// missed while it was away is lost. `send(obj)` queues while the socket is down.

export class Live {
  constructor(url, handlers = {}) {
    this.url = url;
    this.h = handlers;
    this.queue = [];
    this.attempt = 0;
    this.closed = false;
    this.ws = null;
    this.connect();
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.retryNow();
    });
  }

  status(text, up) {
    if (this.h.onStatus) this.h.onStatus(text, up);
  }

  connect() {
    clearTimeout(this.timer);
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    this.status("connecting…", false);
    ws.onopen = () => {
      this.attempt = 0;
      this.status("connected", true);
      if (this.h.onOpen) this.h.onOpen();
      const q = this.queue;
      this.queue = [];
      for (const m of q) ws.send(m);
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (this.h.onMessage) this.h.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.h.onClose && this.h.onClose(ev) === false) { this.closed = true; return; }
      this.scheduleRetry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  scheduleRetry() {
    if (this.closed) return;
    const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    this.status(`reconnecting in ${Math.ceil(delay / 1000)} s…`, false);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (!this.closed && !this.ws) { this.attempt = 0; this.connect(); }
  }

  send(obj) {
    const data = JSON.stringify(obj);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
    else this.queue.push(data);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}

// The ws:// or wss:// address of a path on this server.
export function wsUrl(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}${path}`;
}
