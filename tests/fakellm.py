"""A fake OpenAI-compatible chat endpoint on loopback, for the LLM players' tests (no network).

    with FakeLLM(responder) as server:      # server.base_url: http://127.0.0.1:PORT/v1
        ...

`responder(body) -> reply` gets each request's JSON body; its reply is a dict (a chat
completion, see `tool_reply`), bytes (sent as they are: a malformed reply), or
`Slow(seconds, reply)` (sent after sleeping). `server.requests` keeps every body.
"""
from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


@dataclass
class Slow:
    seconds: float
    reply: Any


def tool_reply(name: str, args: dict | str, prompt_tokens: int = 10,
               completion_tokens: int = 5) -> dict:
    """A chat completion whose message calls the tool `name` with `args`."""
    text = args if isinstance(args, str) else json.dumps(args)
    return {"id": "fake", "object": "chat.completion", "created": 0, "model": "fake",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": None, "tool_calls": [{
                    "id": "call_0", "type": "function",
                    "function": {"name": name, "arguments": text}}]}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def content_reply(text: str) -> dict:
    """A chat completion with plain content (no tool call)."""
    return {"id": "fake", "object": "chat.completion", "created": 0, "model": "fake",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}


def enum_of(body: dict) -> list[str]:
    """The labels the request's tool offers (its `choice` enum), or []."""
    fn = body["tools"][0]["function"]
    return fn["parameters"]["properties"].get("choice", {}).get("enum", [])


def tool_name(body: dict) -> str:
    return body["tools"][0]["function"]["name"]


def hashed_pick(body: dict) -> dict:
    """A legal reply chosen by a hash of the request (the same request, the same answer):
    a label of the `answer` tool (with words and hearers when the tool asks for them: a
    talk turn), the first players of a names-only pick, or notes."""
    name = tool_name(body)
    h = int.from_bytes(hashlib.sha256(json.dumps(body["messages"], sort_keys=True)
                                      .encode()).digest()[:4], "big")
    if name == "write_notes":
        return tool_reply(name, {"notes": f"notes {h % 1000}"})
    labels = enum_of(body)
    if labels:
        args: dict = {"choice": labels[h % len(labels)]}
        props = body["tools"][0]["function"]["parameters"]["properties"]
        if "text" in props:
            hearers = props["to"]["items"]["enum"]
            args.update(text=f"words {h % 1000}", to=hearers[:1 + h % 2])
        return tool_reply(name, args)
    props = body["tools"][0]["function"]["parameters"]["properties"]["players"]
    return tool_reply(name, {"players": props["items"]["enum"][:props["minItems"]]})


class FakeLLM:
    def __init__(self, responder: Callable[[dict], Any] = hashed_pick):
        self.responder = responder
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a: Any) -> None:
                pass

            def do_POST(self) -> None:
                n = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(n) or b"{}")
                with outer.lock:
                    outer.requests.append(body)
                reply = outer.responder(body)
                if isinstance(reply, Slow):
                    time.sleep(reply.seconds)
                    reply = reply.reply
                data = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass        # the client gave up (a timeout)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeLLM":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
