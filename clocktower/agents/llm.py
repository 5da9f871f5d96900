"""LLM players: an answerer that asks a chat model (any OpenAI-compatible endpoint).

`LLMPlayer(seed, name, config, usage)` answers a player's decisions like any bot
(`__call__(decision, view)`) and sees only that player's view. For each decision it sends:

* a **system message**: a short rules primer (`PRIMER`), who the player is as they were told
  (name, character, alignment), the character's ability (`data/characters.json`) and its
  almanac text (`data.almanac_text`: the paragraphs and the Examples & Notes; none for the
  few characters the shipped almanac lacks);
* a **user message**: the player's notes (see below), the game so far as the player saw it
  (their view, narrated as `clocktower play --view NAME` narrates it, the last
  `HISTORY_CHARS` characters), the table (who is alive), and the decision with its legal
  options;
* a **forced tool call** `answer` whose JSON schema holds the legal options as an `enum` of
  labels (a constrained choice; servers that ignore tools may answer with the JSON object,
  or the label alone, as the message's content, which is read too).

An answer that is not one of the labels, or not legal (`Decision.is_legal`), or a request
that fails (an HTTP error, a reply slower than `timeout`) is retried `retries` times, the
model told what was wrong; then the decision goes to the reasoning bot of the same seat
(`ReasoningBot(seed, name)`, made on first need; it reads the view from the start), and the
fallback is logged (`logging` "clocktower.llm", and `usage.fallbacks`).

**Notes.** Each player keeps notes (at most `NOTES_CHARS` characters), shown in every
prompt. At its first decision after a new night has begun (as its view shows), the player
is asked to rewrite them (a forced tool call `write_notes`) from the old notes and the game
so far: the per-player memory of the published arenas.

**Claims.** In the day the options include a public claim of any character on the script
(`{"claim": id}`, the bots' structured claim language without the information part), and
the day uses of the character the player last claimed (`pretends`: a fake Slayer shot).
With nothing else to do by day (dead, or having nominated) the player is still given a
turn to talk (`speak`: `runner.talk_turn`): pass or the same claims, once a round until it
passes (a call each).

**Talk.** A day-talk turn (`engine/talk.py`, `play --talk N`, the environment's `talk=N`)
offers, besides saying nothing and the claims, a public statement and a whisper: the same
forced tool call, whose schema adds the free text (`text`, at most `TALK_CHARS`
characters) and the whisper's hearers (`to`: any of the other players, as an `enum`).
Text that is missing, blank or too long, or hearers that are not other players (or
repeated), is an unusable answer like any other: retried with the reason, then the
reasoning bot's turn (logged). A whisper is logged as the engine logs it: its words seen
by the speaker and the hearers only, the table told that it happened.

**Usage.** The players of one game share an `LLMUsage` (calls, prompt and completion tokens,
retries, failures, fallbacks), read with `usage_of(answerers)` after the game.

**Determinism.** Nothing is random here: the same replies give the same game, byte for byte
(the requests carry `seed`; a model's own sampling is the server's).

Configuration (`LLMConfig.from_env`): the base URL from `OPENAI_BASE_URL`, the key from
`OPENAI_API_KEY` (a local server may need none: "none" is sent), the model from
`CLOCKTOWER_LLM_MODEL`; `CLOCKTOWER_LLM_TIMEOUT` (seconds, default 60) and
`CLOCKTOWER_LLM_RETRIES` (default 2). The CLI's `--llm-model` / `--llm-base-url` set
those variables for the run (worker processes inherit them).
"""
from __future__ import annotations

import io
import json
import logging
import os
from dataclasses import dataclass, field
from typing import Any

from .. import data as D
from ..errors import ClocktowerError

log = logging.getLogger("clocktower.llm")

HISTORY_CHARS = 12000       # the narrated view sent: its last this many characters
NOTES_CHARS = 2000          # a player's notes are cut to this length
MAX_LABELS = 300            # a player choice with more options asks for names instead
TALK_CHARS = 600            # the longest statement or whisper a model may write (refused, not
                            # cut, beyond it; the engine's own bound is talk.MAX_TEXT)
SAY = "say something to the whole table"    # the talk turn's two free-text options
WHISPER = "whisper to some players"

PRIMER = """You are playing Blood on the Clocktower, a social deduction game, as one player.
Teams: good (Townsfolk and Outsiders) and evil (Minions and the Demon). Good wins when the
Demon dies; evil wins when just two players are alive (or by some abilities). Each night
the Demon usually kills a player; some characters wake to act or to learn information. Each
day players talk, make claims (which may be lies: evil players bluff good characters),
nominate and vote; the nominee with the most votes (at least half of the living players)
is executed at the day's end. Dead players may still vote once for the rest of the game.
Drunk or poisoned players have no ability but are not told so: their information may be
false. The Storyteller runs the game and may show misleading information when an ability
allows it. Good players find and execute the Demon; evil players hide, bluff and mislead.
Answer each question by calling the tool with one of the listed options."""


@dataclass
class LLMConfig:
    model: str
    base_url: str | None = None
    api_key: str | None = None
    timeout: float = 60.0
    retries: int = 2
    temperature: float = 0.7
    max_tokens: int = 400

    @classmethod
    def from_env(cls) -> "LLMConfig":
        env = os.environ
        model = env.get("CLOCKTOWER_LLM_MODEL", "").strip()
        if not model:
            raise ClocktowerError("the llm players need a model: set CLOCKTOWER_LLM_MODEL (or "
                                  "--llm-model) and OPENAI_BASE_URL for a server other than "
                                  "OpenAI's (docs/agents.md, LLM players)")
        try:
            timeout = float(env.get("CLOCKTOWER_LLM_TIMEOUT", "60"))
            retries = int(env.get("CLOCKTOWER_LLM_RETRIES", "2"))
        except ValueError:
            raise ClocktowerError("CLOCKTOWER_LLM_TIMEOUT must be a number of seconds and "
                                  "CLOCKTOWER_LLM_RETRIES a whole number") from None
        if timeout <= 0 or retries < 0:
            raise ClocktowerError("CLOCKTOWER_LLM_TIMEOUT must be above 0 and "
                                  "CLOCKTOWER_LLM_RETRIES at least 0")
        return cls(model=model, base_url=env.get("OPENAI_BASE_URL") or None,
                   api_key=env.get("OPENAI_API_KEY") or None, timeout=timeout,
                   retries=retries)

    def client(self) -> Any:
        try:
            from openai import OpenAI
        except ImportError:
            raise ClocktowerError("the llm players need the openai package: "
                                  "pip install openai") from None
        # our own retries (the model is told what was wrong), none inside the client
        return OpenAI(base_url=self.base_url, api_key=self.api_key or "none",
                      timeout=self.timeout, max_retries=0)


@dataclass
class LLMUsage:
    """What the LLM players of one game spent (shared by them)."""
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    retries: int = 0            # answers asked again (illegal, unparsable, failed request)
    failures: int = 0           # requests that failed (HTTP error, timeout)
    notes: int = 0              # notes rewritten
    delegated: int = 0          # Storyteller decisions with too many options to list
    fallbacks: list[dict] = field(default_factory=list)    # {player, kind, reason}

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def to_json(self) -> dict:
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens, "tokens": self.tokens,
                "retries": self.retries, "failures": self.failures, "notes": self.notes,
                "delegated": self.delegated, "fallbacks": len(self.fallbacks)}

    def add(self, other: "LLMUsage") -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.retries += other.retries
        self.failures += other.failures
        self.notes += other.notes
        self.delegated += other.delegated
        self.fallbacks += other.fallbacks


class BadReply(Exception):
    """A reply that gives no legal answer (said to the model on the retry)."""


# ---- options as labels --------------------------------------------------------------

def _use_label(use: dict) -> str:
    """A day use in words: 'use the Slayer ability: target Eve'."""
    args = ", ".join(f"{k} {', '.join(v) if isinstance(v, list) else v}"
                     for k, v in use.items() if k != "ability")
    ab = use["ability"]
    name = D.get(ab).name if ab in D.all_characters() else ab
    return f"use the {name} ability" + (f": {args}" if args else "")


def label(option: Any) -> str:
    """An option in words (unique labels are made by `labelled`)."""
    from ..text import describe_answer
    if isinstance(option, dict):
        if "claim" in option and len(option) == 1:
            return f"claim to be the {D.get(option['claim']).name}"
        if "claim" in option and "info" in option:
            from ..text import describe_info
            said = describe_info({**option["info"], "ability": option["claim"]})
            chose = option.get("chose")
            return (f"claim to be the {D.get(option['claim']).name} and say what you learned "
                    f"on night {option['night']}"
                    + (f" (you chose {', '.join(chose)})" if chose else "") + f": {said}")
        if "ability" in option:
            return _use_label(option)
        if not option:
            return "nothing"
    if option is None:
        return "pass / decline"
    if option is SAY or option is WHISPER:      # a talk turn's free text (`talk_options`)
        return option
    return describe_answer(option)


def labelled(options: list) -> dict[str, Any]:
    """label -> option for each option, each label unique (a clash gets ' (#n)')."""
    out: dict[str, Any] = {}
    for i, o in enumerate(options):
        k = label(o)
        if k in out:
            k = f"{k} (#{i + 1})"
        out[k] = o
    return out


_ENVELOPE = {"type", "phase", "number", "visible_to", "player", "ability"}


def info_claims(view: Any) -> list[dict]:
    """Claims of what the player's own ability (the character they believe they are)
    learned, one per `learn` event, in the bots' structured form: {"claim", "night", "info"
    (the event's fields), "chose" (whom the ability chose that night, if anyone)}."""
    me, name = view.character, view.name
    if not me:
        return []
    chose: dict[tuple, list] = {}
    out: list[dict] = []
    for ev in view.events:
        if ev.get("player") != name:
            continue
        t = ev["type"]
        if t == "choice" and ev.get("players"):
            chose[(ev["number"], ev.get("ability"))] = list(ev["players"])
        elif t == "learn" and ev.get("ability") == me and "grimoire" not in ev \
                and isinstance(ev.get("number"), int) and ev["number"] >= 1:
            c: dict[str, Any] = {"claim": me, "night": ev["number"],
                                 "info": {k: v for k, v in ev.items() if k not in _ENVELOPE}}
            if chose.get((ev["number"], me)):
                c["chose"] = chose[(ev["number"], me)]
            out.append(c)
    return out


def almanac(cid: str) -> str:
    """The character's almanac text for a prompt (`data.almanac_text`: its paragraphs and
    its Examples & Notes; "" for a character the shipped almanac has no entry for)."""
    entry = D.almanac_text(cid)
    if entry is None:
        return ""
    paras = [*entry.get("almanac", []), *entry.get("notes", [])]
    if not paras:
        return ""
    return f"\nThe almanac on the {entry['name']}:\n" + "\n".join(paras)


def day_options(decision: Any, view: Any) -> list:
    """A day action's options for a model: pass, nominations, uses, exiles, pretended uses,
    a claim of each character on the script, and claims of what the player's ability
    learned (`info_claims`)."""
    opts = list(decision.options())
    opts += [p for p in getattr(decision, "pretends", []) if p not in opts]
    opts += [{"claim": c} for c in view.script if c in D.all_characters()
             and D.get(c).team != "traveller"]
    opts += [c for c in info_claims(view) if decision.is_legal(c)]
    return opts


def talk_options(decision: Any, view: Any) -> list:
    """A talk turn's options for a model: nothing, a claim of each character on the script,
    claims of what the player's ability learned (`info_claims`), then a statement and a
    whisper (`SAY`, `WHISPER`: their text and hearers are the tool's other fields)."""
    opts = list(decision.options())
    opts += [c for c in info_claims(view) if decision.is_legal(c)]
    return opts + [SAY, WHISPER]


# ---- the player ----------------------------------------------------------------------

class LLMPlayer:
    sees_everything = False     # its own view only
    # Asked for a turn to talk when it has nothing else to do by day (dead, or having
    # nominated: `runner.talk_turn`), so that it can claim then as it can on a day turn.
    speaks = True

    def __init__(self, seed: int, name: str, config: LLMConfig, usage: LLMUsage | None = None,
                 client: Any = None):
        self.seed = seed
        self.name = name
        self.config = config
        self.usage = usage if usage is not None else LLMUsage()
        self._client = client
        self.notes = ""
        self.notes_night = 0            # the night whose notes were written
        self._fallback: Any = None

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = self.config.client()
        return self._client

    # -- what the model is shown
    player_view = True          # the narration of a player's view (not the Storyteller's)

    def _story(self, view) -> str:
        from rich.console import Console
        from ..narrate import Narrator
        buf = io.StringIO()
        narrator = Narrator(Console(file=buf, width=100, color_system=None, highlight=False,
                                    emoji=False), player_view=self.player_view)
        for ev in view.events:
            if ev["type"] != "decision":    # the answers' records: said in other words
                narrator(ev)
        text = buf.getvalue().strip()
        if len(text) > HISTORY_CHARS:
            text = "[earlier events cut]\n" + text[-HISTORY_CHARS:]
        return text

    def _system(self, view) -> str:
        cid = view.character
        who = f"You are {self.name}."
        if cid and cid in D.all_characters():
            c = D.get(cid)
            who += (f" You were told you are the {c.name} ({c.team}); your alignment is "
                    f"{view.alignment}.\nYour character's ability: {c.ability}")
            who += almanac(cid)
        on = ", ".join(D.get(c).name for c in view.script if c in D.all_characters())
        return f"{PRIMER}\n\n{who}\n\nCharacters on this script: {on}."

    def _context(self, view) -> str:
        alive = [n for n in view.players if view.alive(n)]
        dead = [n for n in view.players if not view.alive(n)]
        return (f"Your notes:\n{self.notes or '(none yet)'}\n\n"
                f"The game so far, as you saw it:\n{self._story(view) or '(nothing yet)'}\n\n"
                f"Now: {view.phase} {view.day if view.phase == 'day' else view.night}. "
                f"Seating: {', '.join(view.players)}. Alive: {', '.join(alive)}."
                + (f" Dead: {', '.join(dead)}." if dead else ""))

    # -- talking to the server
    def _ask(self, messages: list[dict], tool: dict) -> dict:
        """One request with a forced tool call; the tool's arguments (or the content read
        as JSON, or {"choice": content}). Raises BadReply."""
        u = self.usage
        u.calls += 1
        try:
            reply = self.client.chat.completions.create(
                model=self.config.model, messages=messages,
                tools=[{"type": "function", "function": tool}],
                tool_choice={"type": "function", "function": {"name": tool["name"]}},
                temperature=self.config.temperature, max_tokens=self.config.max_tokens,
                seed=self.seed)
        except Exception as e:          # the client's errors: timeouts, HTTP, bad JSON
            u.failures += 1
            raise BadReply(f"the request failed: {type(e).__name__}") from e
        usage = getattr(reply, "usage", None)
        if usage is not None:
            u.prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
            u.completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)
        try:
            msg = reply.choices[0].message
        except (AttributeError, IndexError, TypeError):
            raise BadReply("the reply had no message") from None
        calls = getattr(msg, "tool_calls", None) or []
        text = None
        for call in calls:
            fn = getattr(call, "function", None)
            if fn is not None and fn.name == tool["name"]:
                text = fn.arguments
                break
        if text is None:
            text = (getattr(msg, "content", None) or "").strip()
            if not text:
                raise BadReply(f"the reply did not call the tool {tool['name']}")
        try:
            args = json.loads(text)
        except ValueError:
            return {"choice": text.strip().strip('"')}
        if not isinstance(args, dict):
            return {"choice": args if isinstance(args, str) else json.dumps(args)}
        return args

    # -- notes
    def _night_now(self, view) -> int:
        return sum(1 for ev in view.events if ev["type"] == "night")

    def _rewrite_notes(self, view) -> None:
        tool = {"name": "write_notes",
                "description": "Replace your notes with new ones (your only memory).",
                "parameters": {"type": "object", "properties": {
                    "notes": {"type": "string", "maxLength": NOTES_CHARS}},
                    "required": ["notes"]}}
        messages = [{"role": "system", "content": self._system(view)},
                    {"role": "user", "content": self._context(view) + (
                        f"\n\nA new night has begun. Rewrite your notes (at most "
                        f"{NOTES_CHARS} characters): what you know, what others claimed, "
                        "whom you suspect or trust and why, your plan. Call write_notes.")}]
        try:
            args = self._ask(messages, tool)
        except BadReply as e:
            log.warning("%s: notes not rewritten (%s)", self.name, e)
            return
        notes = args.get("notes", args.get("choice"))
        if isinstance(notes, str):
            self.notes = notes[:NOTES_CHARS]
            self.usage.notes += 1

    # -- answering
    def __call__(self, decision: Any, view) -> object:
        night = self._night_now(view)
        if night > self.notes_night:
            self.notes_night = night
            if night > 1:               # the first night: nothing to note yet
                self._rewrite_notes(view)
        if decision.kind == "day_action" or decision.kind == "speak":
            options = day_options(decision, view)
        elif decision.kind == "vote":
            options = [True, False]
        elif decision.kind == "talk":
            options = talk_options(decision, view)
        else:
            options = None
        names_only = options is None and hasattr(decision, "candidates") \
            and decision.n_options() > MAX_LABELS
        if options is None and not names_only:
            options = decision.options()
        labels = labelled(options) if options is not None else {}
        return self._choose(decision, view, labels, "reasoning bot")

    def _choose(self, decision: Any, view, labels: dict[str, Any], instead: str) -> object:
        """Ask the model (with retries) for an answer among `labels` (or names); else
        the fallback's answer (`instead` names it in the log)."""
        tool = self._tool(decision, labels)
        question = self._question(decision, labels)
        messages: list[dict] = [{"role": "system", "content": self._system(view)},
                                {"role": "user", "content": self._context(view) + "\n\n"
                                 + question}]
        why = ""
        for attempt in range(self.config.retries + 1):
            if attempt:
                self.usage.retries += 1
            try:
                args = self._ask(messages, tool)
                return self._read(decision, labels, args)
            except BadReply as e:
                why = str(e)
                messages = messages[:2] + [{"role": "user", "content": (
                    f"Your last answer could not be used: {why}. Answer again with one of "
                    "the listed options, by calling the tool.")}]
        self.usage.fallbacks.append({"player": self.name, "kind": decision.kind,
                                     "reason": why})
        log.warning("%s: %s decision answered by the %s after %d tries (%s)",
                    self.name, decision.kind, instead, self.config.retries + 1, why)
        return self.fallback(decision, view)

    def fallback(self, decision: Any, view) -> object:
        if self._fallback is None:
            from .reasoning import ReasoningBot
            self._fallback = ReasoningBot(self.seed, self.name)
        return self._fallback(decision, view)

    def _tool(self, decision: Any, labels: dict[str, Any]) -> dict:
        if labels:
            props: dict[str, Any] = {"choice": {"type": "string", "enum": list(labels)}}
        else:           # a pick of many players: the names themselves
            props = {"players": {"type": "array", "items": {
                "type": "string", "enum": list(decision.candidates)},
                "minItems": decision.count, "maxItems": decision.count}}
            if decision.optional:
                props["decline"] = {"type": "boolean"}
        if decision.kind == "talk":
            props["text"] = {"type": "string", "maxLength": TALK_CHARS, "description":
                             f"what you say or whisper (with '{SAY}' or '{WHISPER}')"}
            props["to"] = {"type": "array", "uniqueItems": True, "minItems": 1,
                           "items": {"type": "string", "enum": list(decision.others)},
                           "description": f"whom you whisper to (with '{WHISPER}')"}
        props["reason"] = {"type": "string", "description": "one short sentence"}
        return {"name": "answer", "description": "Give your answer to the question.",
                "parameters": {"type": "object", "properties": props,
                               "required": ["choice"] if labels else ["players"]}}

    def _question(self, decision: Any, labels: dict[str, Any]) -> str:
        if decision.kind == "vote":
            c = decision.context
            what = (f"{c.get('nominator')} nominated {c.get('nominee')}. Do you raise your "
                    "hand to execute them?" if "nominee" in c else
                    f"Vote on the exile of {c.get('exile')}?" if "exile" in c else
                    "Do you vote?")
        elif decision.kind == "day_action":
            what = ("It is your turn in the day: pass, nominate, use an ability, or make a "
                    "public claim (claims may be true or bluffs).")
        elif decision.kind == "speak":
            what = ("It is your turn in the day, with nothing to do but talk (you are dead, or "
                    "you have nominated today): pass, or make a public claim (claims may be "
                    "true or bluffs).")
        elif decision.kind == "talk":
            what = (f"{decision.prompt} It is your turn to talk: say nothing, make a public "
                    "claim (true or a bluff), say something to the whole table, or whisper "
                    "to any of the other players (only they hear the words; everyone sees "
                    f"that you whispered, and to whom). For '{SAY}' or '{WHISPER}', put your "
                    f"words in `text` (at most {TALK_CHARS} characters); for a whisper, its "
                    f"hearers in `to` (any of: {', '.join(decision.others)}).")
        else:
            ctx = {k: v for k, v in (decision.context or {}).items()
                   if k not in ("player", "ability")}
            ab = (decision.context or {}).get("ability")
            what = ""
            if isinstance(ab, str) and ab in D.all_characters():
                c = D.get(ab)
                what = f"Your {c.name} ability ({c.ability}) acts now. "
            if hasattr(decision, "candidates"):
                n = decision.count
                what += (decision.prompt or f"Choose {n} player{'s' if n > 1 else ''}") + \
                    (" (you may also decline)." if decision.optional else ".")
            else:
                what += decision.prompt or f"Decision: {decision.kind}."
            if ctx:
                what += f" (context: {json.dumps(ctx, sort_keys=True, default=str)})"
        if labels:
            return what + "\nOptions:\n" + "\n".join(f"- {k}" for k in labels)
        return (what + f"\nChoose {decision.count} of: {', '.join(decision.candidates)}"
                + (" (or decline)" if decision.optional else "") + ".")


    def _read(self, decision: Any, labels: dict[str, Any], args: dict) -> Any:
        if labels:
            choice = args.get("choice")
            if not isinstance(choice, str) or choice not in labels:
                raise BadReply(f"{choice!r} is not one of the options" if choice is not None
                               else "no choice was given")
            answer = labels[choice]
            if answer is SAY or answer is WHISPER:
                answer = self._talk(decision, answer, args)
            if answer is True or answer is False or decision.is_legal(answer):
                return answer
            raise BadReply(f"{choice!r} is not legal now")
        if args.get("decline") and decision.optional:
            return None
        pick = args.get("players")
        if not isinstance(pick, list) or not all(isinstance(n, str) for n in pick):
            raise BadReply("no list of players was given")
        pick = decision.canonical(pick)
        if not decision.is_legal(pick):
            raise BadReply(f"{pick} is not a legal choice")
        return pick

    def _talk(self, decision: Any, how: str, args: dict) -> dict:
        """A statement or a whisper from the tool's `text` (and `to`): the talk answer
        (`TalkChoice`), or BadReply saying what is wrong with it."""
        text = args.get("text")
        if not isinstance(text, str) or not text.strip():
            raise BadReply(f"'{how}' needs your words in `text`")
        text = text.strip()
        if len(text) > TALK_CHARS:
            raise BadReply(f"`text` has {len(text)} characters; at most {TALK_CHARS}")
        if how is SAY:
            return {"say": text}
        to = args.get("to")
        if isinstance(to, str):
            to = [to]
        if not isinstance(to, list) or not to or not all(isinstance(n, str) for n in to):
            raise BadReply(f"'{how}' needs its hearers in `to` (a list of names)")
        others = decision.others
        wrong = [n for n in to if n not in others]
        if wrong:
            raise BadReply(f"{', '.join(map(repr, wrong))} cannot hear a whisper from you "
                           f"(the others: {', '.join(others)})")
        if len(set(to)) != len(to):
            raise BadReply("`to` names a hearer twice")
        return {"say": text, "whisper": list(to)}


# ---- the Storyteller ------------------------------------------------------------------

ST_PRIMER = """You are the Storyteller of a game of Blood on the Clocktower, a social deduction
game: good (Townsfolk and Outsiders) against evil (Minions and the Demon). You see the
whole grimoire: who is what, who is drunk or poisoned. The rules leave some choices to you:
what a drunk or poisoned player learns, how a Recluse or Spy registers, the Demon's bluffs,
and other choices an ability gives the Storyteller. A good Storyteller keeps the game close
and exciting to the end (neither team far ahead), makes misinformation plausible, and never
wastes a choice. Every option you are offered is legal. Answer by calling the tool with one
of the listed options."""


class LLMStoryteller(LLMPlayer):
    """A chat model as the Storyteller (`--storytellers llm`, `storyteller_policy("llm")`):
    the same request, retries and usage as a player; the grimoire and the game narrated from
    the Storyteller's seat in the prompt; no notes. A decision with more than MAX_LABELS
    options (a setup's bag, a long list of false information), and any decision after the
    retries, is answered by the automatic Storyteller (`AutoStoryteller(seed)`)."""

    sees_everything = True      # as a Storyteller does (engine/views.py)
    player_view = False

    def __init__(self, seed: int, config: LLMConfig, usage: LLMUsage | None = None,
                 client: Any = None):
        super().__init__(seed, "storyteller", config, usage, client)

    def _system(self, view) -> str:
        on = ", ".join(D.get(c).name for c in view.script if c in D.all_characters())
        return f"{ST_PRIMER}\n\nCharacters on this script: {on}."

    def _context(self, view) -> str:
        rows = []
        for p in view.grimoire():
            c = p.get("character")
            name = D.get(c).name if isinstance(c, str) and c in D.all_characters() else c
            thinks = p.get("thinks")
            rows.append(f"{p.get('name')}: {name}, {p.get('alignment')}"
                        + ("" if p.get("alive", True) else ", dead")
                        + (f", believes they are the {D.get(thinks).name}"
                           if isinstance(thinks, str) and thinks in D.all_characters() else "")
                        + "".join(f", {x}" for x in p.get("status") or [] if isinstance(x, str)))
        return (f"The grimoire:\n" + "\n".join(rows) + "\n\nThe game so far:\n"
                + (self._story(view) or "(nothing yet)")
                + f"\n\nNow: {view.phase} {view.day if view.phase == 'day' else view.night}.")

    def _question(self, decision: Any, labels: dict[str, Any]) -> str:
        who = (decision.context or {}).get("player")
        q = super()._question(decision, labels)
        return (f"A Storyteller decision ({decision.kind}"
                + (f", about {who}" if who else "") + f"): " + q.replace("Your ", "The ", 1))

    def __call__(self, decision: Any, view) -> object:
        if decision.n_options() > MAX_LABELS:
            self.usage.delegated += 1
            return self.fallback(decision, view)
        return self._choose(decision, view, labelled(decision.options()),
                            "automatic Storyteller")

    def fallback(self, decision: Any, view) -> object:
        if self._fallback is None:
            from ..storyteller.auto import AutoStoryteller
            self._fallback = AutoStoryteller(self.seed)
        return self._fallback(decision, view)


def llm_storyteller(seed: int) -> LLMStoryteller:
    return LLMStoryteller(seed, LLMConfig.from_env())


# ---- the policy -----------------------------------------------------------------------

def llm_bots(seed: int, names: list[str]) -> dict[str, LLMPlayer]:
    """The LLM players of one game: one configuration, client and usage for all."""
    config = LLMConfig.from_env()
    usage = LLMUsage()
    client = config.client()
    return {n: LLMPlayer(seed, n, config, usage, client) for n in names}


def usage_of(answerers: dict[str, Any]) -> LLMUsage | None:
    """The LLM usage of a game's answerers (None when no LLM player played): summed over
    the distinct usage records (`TeamPolicy` bots looked into)."""
    seen: dict[int, LLMUsage] = {}
    for a in list(answerers.values()):
        for bot in (a, getattr(a, "good", None), getattr(a, "evil", None)):
            if isinstance(bot, LLMPlayer):
                seen[id(bot.usage)] = bot.usage
    if not seen:
        return None
    total = LLMUsage()
    for u in seen.values():
        total.add(u)
    return total


def set_env(model: str | None = None, base_url: str | None = None) -> None:
    """The CLI's --llm-model / --llm-base-url: set for this run and its workers."""
    if model:
        os.environ["CLOCKTOWER_LLM_MODEL"] = model
    if base_url:
        os.environ["OPENAI_BASE_URL"] = base_url
