"""The catalogue of event types: the vocabulary that narration, views, clients and bots read.

Every event in a game's log is a JSON-able dict with the envelope fields

    type        one of the types below
    phase       "setup", "night" or "day"
    number      the night's or day's number (0 at setup)
    visible_to  "storyteller", "all", or a list of player names

and the fields of its type. `CATALOGUE` lists each type with its fields (name, value type,
required or optional, meaning) and its usual visibility; `validate_event(ev)` checks an event
against it (a list of problems, empty when the event is well-formed). Every `emit(` in the
engine, the characters and the jinxes uses a type listed here (tests/test_events.py checks
the call sites, and validates the logs of many games of every script and of the scenario
suite). `clocktower events` prints the catalogue.

Value types: `str`, `int`, `bool`, `list`, `dict`, `any`; `name` (a player's name),
`names` (a list of them), `character` (a character id), `characters` (a list of them); a
trailing `?` also allows null (None). `choices` restricts a field to listed values.
"""
from __future__ import annotations

from dataclasses import dataclass

PHASES = ("setup", "night", "day")
DEATH_CAUSES = ("demon", "ability", "execution", "exile", "other", "left")


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    required: bool
    meaning: str
    choices: tuple = ()

    def to_json(self) -> dict:
        out = {"name": self.name, "type": self.type, "required": self.required,
               "meaning": self.meaning}
        if self.choices:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class EventType:
    type: str
    meaning: str
    visibility: tuple[str, ...]         # "storyteller", "all", "players" (a list of names)
    fields: tuple[Field, ...] = ()
    extra: str = ""                     # if set: other fields allowed, and what they are

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    def to_json(self) -> dict:
        out = {"type": self.type, "meaning": self.meaning, "visibility": list(self.visibility),
               "fields": [f.to_json() for f in self.fields]}
        if self.extra:
            out["extra"] = self.extra
        return out


def req(name: str, type_: str, meaning: str, choices: tuple = ()) -> Field:
    """A required field."""
    return Field(name, type_, True, meaning, choices)


def opt(name: str, type_: str, meaning: str, choices: tuple = ()) -> Field:
    """An optional field."""
    return Field(name, type_, False, meaning, choices)


ST, ALL, PLAYERS = "storyteller", "all", "players"

_TYPES = [
    # ---- setup ---------------------------------------------------------------------------
    EventType("setup", "the grimoire as dealt: script, seed, players and their characters",
              (ST,), (req("script", "str", "the script's name"),
                      req("seed", "int", "the game's random seed"),
                      req("script_ids", "characters", "the script's character ids"),
                      req("players", "list", "one {name, character, alignment[, traveller]} a seat, "
                                           "in seat order (a Traveller's alignment is null "
                                           "until chosen)"),
                      req("not_dealt", "characters", "characters in play that no player holds"),
                      opt("grimoire", "str", "'written': the grimoire was written (a scenario, "
                                             "a live table), not dealt from a bag; 'dealt': a "
                                             "scenario's setup the engine dealt (deal:)",
                          ("written", "dealt")),
                      opt("deal", "dict", "a scenario's dealt setup: {include, exclude}, the "
                                          "characters the bag had to hold or could not"),
                      opt("thinks", "dict", "a written grimoire: name -> the character that "
                                            "player thinks they are"),
                      opt("bluffs_written", "characters?", "a written grimoire's bluffs (null: "
                                                          "the Storyteller chose them)"),
                      opt("script_meta", "dict?", "the script's _meta (its own night order)"),
                      opt("dead", "names", "a grimoire written mid-game (a town square "
                                           "import): the players dead from the start"),
                      opt("voteless", "names", "of those, the ones whose ghost vote is "
                                               "spent"))),
    EventType("seating", "the public seating", (ALL,),
              (req("players", "names", "players in seat order (clockwise)"),
               req("travellers", "dict", "Traveller name -> their (public) character"),
               opt("dead", "names", "a grimoire written mid-game: the players dead from the "
                                    "start"),
               opt("voteless", "names", "of those, the ones whose ghost vote is spent"))),
    EventType("traveller_joined", "a Traveller joins during play (engine/seats.py)", (ALL,),
              (req("player", "name", "the new player"),
               req("character", "character", "their (public) Traveller character"),
               req("seat", "int", "their place in the circle (0: first)"),
               req("players", "names", "the seating now, in seat order (clockwise)"))),
    EventType("traveller_left", "a Traveller leaves the game: removed, not dead "
                                "(engine/seats.py)", (ALL,),
              (req("player", "name", "who left"),
               req("players", "names", "the seating now, in seat order (clockwise)"))),
    EventType("left_table", "a player (not a Traveller) leaves the table: treated as dead, "
                            "no ghost vote (engine/seats.py)", (ALL,),
              (req("player", "name", "who left"),)),
    EventType("traveller_alignment", "the Storyteller chose a Traveller's alignment", (ST,),
              (req("player", "name", "the Traveller"),
               req("alignment", "str", "good or evil", ("good", "evil")))),
    EventType("bluffs", "the Demon's three not-in-play characters", (ST,),
              (req("characters", "characters", "the bluffs"),)),
    # ---- phases --------------------------------------------------------------------------
    EventType("night", "a night begins", (ALL,)),
    EventType("dawn", "the night ends", (ALL,),
              (req("deaths", "names", "players who died tonight (publicly dead)"),)),
    EventType("day", "a day begins", (ALL,)),
    EventType("day_end", "the day ends", (ALL,),
              (req("executed", "name?", "who was executed today, if anyone"),)),
    EventType("game_over", "the game ends", (ALL,),
              (req("winner", "str", "the winning team (none: cut off by the day limit)",
                 ("good", "evil", "none")),
               req("reason", "str", "why, in words"),
               req("code", "str", "why, as a code of the enumeration engine.outcome.REASONS "
                                  "(demon_dead, two_alive, ... and the characters' own)"),
               opt("ability", "character", "the ability that decided or changed the outcome"),
               opt("results", "dict", "player -> win/lose where it differs from their team's"))),
    EventType("outcome_vetoed", "an ability stopped the game from ending this way now", (ST,),
              (req("winner", "str", "the team that would have won", ("good", "evil", "none")),
               req("code", "str", "the outcome's reason code"),
               req("ability", "character", "the ability that vetoed it"))),
    # ---- information and choices -------------------------------------------------------
    EventType("wake", "the Storyteller wakes a player (or players) at an ability's step", (ST,),
              (req("ability", "character", "whose step"),
               opt("player", "name", "the player woken"),
               opt("players", "names", "the players woken together (Lil' Monsta's Minions)"))),
    EventType("learn", "a player is shown something", (PLAYERS,),
              (req("player", "name", "who is shown it"),
               req("ability", "str?", "what shows it: a character id, setup, minioninfo, "
                                    "demoninfo, traveller; null for 'you are'"),
               opt("character", "character", "a character shown"),
               opt("alignment", "str", "an alignment shown (neither: the General's thumb "
                                       "to the side)", ("good", "evil", "neither")),
               opt("players", "names", "players pointed at"),
               opt("characters", "characters", "characters shown (bluffs; the Dreamer's "
                                               "good and evil character, good first)"),
               opt("minions", "names", "the other Minions (Minion info)"),
               opt("count", "int", "a number shown"),
               opt("yes", "bool", "a nod (true) or a shake"),
               opt("direction", "str", "clockwise or anticlockwise",
                 ("clockwise", "anticlockwise")),
               opt("grimoire", "list", "the Grimoire as the Spy sees it: one "
                                     "{name, character, alignment, alive, status, thinks} a seat"),
               opt("reason", "str", "why, e.g. 'you are' after a character change"),
               opt("answer", "str", "an answer to a question (the Artist's yes, no or "
                                    "unknown)", ("yes", "no", "unknown", "cold", "warm",
                                                 "hot", "bingo")),
               opt("question", "str", "the question answered (the Artist's own words)"),
               opt("advice", "str", "the Storyteller's advice in words (the Fisherman)"),
               opt("fact", "dict", "the fact behind the advice: {question, answer (yes or "
                                   "no), form, players, what?}, a question of the question "
                                   "language (engine/questions.py) and its answer"),
               opt("guess", "character", "the Amnesiac's guess at their ability, answered "
                                         "cold, warm, hot or bingo"))),
    EventType("judgement", "the Storyteller's judgement behind information shown by their "
              "belief (engine/judgement.py), with its reason", (ST,),
              (req("player", "name", "who is shown it"),
               req("ability", "character", "the ability asking"),
               req("judgement", "str", "what is judged: winning (which team), talk_to "
                                       "(whom to talk to), question (a yes/no question), "
                                       "advice (the Fisherman's), accuracy (how close the "
                                       "Amnesiac's guess is)"),
               req("answer", "dict", "what the player is shown (the learn event's fields)"),
               req("reason", "str", "why the Storyteller answered so (the automatic "
                                    "Storyteller's policy, or the engine's reading of a "
                                    "written answer)"),
               opt("true", "bool", "a question the engine can check: whether the answer "
                                   "is the honest one; advice with a fact: whether the "
                                   "fact is true"))),
    EventType("choice", "a player's night (or day) choice (Storyteller-only: a choice the "
              "Storyteller records for another ability, the Lunatic's CHOSEN)", (PLAYERS, ST),
              (req("player", "name", "who chose"),
               req("ability", "str?", "the ability choosing"),
               opt("players", "names", "the players chosen"),
               opt("character", "character", "the character chosen"),
               opt("yes", "bool", "a yes/no answer: agreed (true) or refused (the Harlot's "
                                  "chosen player)"))),
    EventType("choose_again", "the Storyteller asks a player to choose differently (the "
              "Alchemist); their next choice replaces this one", (PLAYERS,),
              (req("player", "name", "who is asked"), req("ability", "character", "the ability choosing"))),
    EventType("declined", "a player chose nothing where that was allowed", (PLAYERS,),
              (req("player", "name", "who declined"), req("ability", "str?", "the ability"))),
    EventType("decision", "an answer to a decision (not logged when it is the default, "
              "nor a hand in a vote: the vote's record lists them)",
              (ST, PLAYERS),
              (req("kind", "str", "the decision's kind (info, register, night_choice, "
                                "storyteller, day_action, claim, ...)"),
               req("who", "str", "who answered: storyteller or a player's name"),
               req("answer", "any", "the answer"),
               req("seq", "int", "the decision's number in the game, in asking order"),
               opt("key", "str", "a Storyteller decision's key (imp, mayor, bluff, ...)"),
               opt("ability", "str?", "the ability asking"),
               opt("player", "name", "the player a Storyteller decision is about"),
               opt("true", "bool", "information: whether the answer is one of the truths"))),
    EventType("reminder", "the Storyteller places a reminder token", (ST,),
              (req("token", "str", "the token's text"),
               req("player", "name", "the player it is placed by"),
               opt("ability", "character", "whose token"),
               opt("character", "character", "a character the token is about (the Drunk's)"),
               opt("note", "str", "a remark"),
               opt("apparent_death", "bool", "the Zombuul's Dead token: registers as dead, lives"),
               opt("secretly_alive", "bool", "a dead player now lives while registering as dead "
                   "(a dead player summoned into the Zombuul)"),
               opt("guessed_by", "name", "the Minion who guessed (the Damsel's GUESS USED)"),
               opt("target", "name", "the player guessed"),
               opt("by_hand", "bool", "placed by the Storyteller's hand (the web grimoire)"))),
    EventType("reminder_removed", "the Storyteller removes a reminder token by hand (the web "
              "grimoire: the last one with that text)", (ST,),
              (req("token", "str", "the token's text"),
               req("player", "name", "the player it was placed by"))),
    EventType("babysitter", "the Minions see who babysits Lil' Monsta", (PLAYERS,),
              (req("player", "name", "the babysitter"), req("ability", "character", "lilmonsta"))),
    # ---- effects, abilities -------------------------------------------------------------
    EventType("effect", "a lasting effect (drunk, poisoned, ...) is put on a player", (ST,),
              (req("kind", "str", "the effect"),
               req("target", "name", "who has it"),
               req("source", "name?", "whose ability made it"),
               req("ability", "str?", "the ability that made it"))),
    EventType("no_effect", "an ability did nothing (it did not work, or was refused)", (ST,),
              (req("ability", "str?", "the ability"),
               req("player", "name?", "its holder (or who pretended)"),
               req("effect", "str", "what did not happen (death, poisoned, pretend, "
                                  "unavailable, win, summon, ...)"),
               opt("target", "name", "its target"),
               opt("refused_by", "character", "the ability that refused the effect"),
               opt("guessed_by", "name", "the Minion whose right guess did nothing"))),
    EventType("ability_triggered", "an ability's condition was met and it acted", (ALL, ST),
              (req("ability", "character", "the ability"),
               req("player", "name", "its holder"),
               opt("target", "name", "who it acted on"),
               opt("demon", "character", "the Demon the Scarlet Woman becomes"),
               opt("guessed_by", "name", "the Minion who guessed the Damsel"),
               opt("jinx", "character", "the jinx that changed it"))),
    EventType("jinx", "a jinx's rule changed something", (ST,),
              (req("ability", "character", "the character affected"),
               req("jinx", "character", "the other character of the jinx"),
               req("player", "name", "the player affected"),
               req("effect", "str", "what happened (poisoned; storyteller_chooses_deaths: "
                                  "tonight's deaths are the Storyteller's choice)"))),
    EventType("character_change", "a player's character changed", (ST,),
              (req("player", "name", "whose"), req("old", "character", "before"),
               req("new", "character", "after"),
               opt("swapped_with", "name", "the other player of a swap (Game.swap_characters)"))),
    EventType("ruling", "the Storyteller rules by their own judgement (engine/rulings.py)", (ST,),
              (req("action", "str", "what", ("kill", "revive", "poison", "drunk", "sober",
                                              "character", "alignment", "join", "leave")),
               req("player", "name", "who"),
               opt("seat", "int", "a joining Traveller's place in the circle"),
               opt("until", "str", "when the poison or drunkenness ends", ("dawn", "dusk")),
               opt("character", "character", "the new character"),
               opt("alignment", "str", "the new alignment", ("good", "evil")))),
    EventType("revive", "a dead player lives again (a ruling): public by day, the Storyteller's by night",
              (ALL, ST), (req("player", "name", "who"),)),
    EventType("effect_ended", "the Storyteller's ruled poison or drunkenness ends", (ST,),
              (req("target", "name", "who"), req("kinds", "list", "the effects ended"))),
    EventType("ability_granted", "a player gains an ability besides their own", (ST,),
              (req("player", "name", "who gains it"), req("ability", "character", "which"),
               req("source", "str?", "the ability that granted it"))),
    EventType("ability_removed", "an ability is taken away", (ST,),
              (req("player", "name?", "who held it (null: no player, a token)"),
               req("ability", "character", "which"))),
    EventType("ability_moved", "an ability moves to another player, with its state", (ST,),
              (req("ability", "character", "which"), req("player", "name", "who held it"),
               req("to", "name", "who holds it now"))),
    EventType("alignment_change", "a player's alignment changed", (ST,),
              (req("player", "name", "whose"), req("old", "str", "before", ("good", "evil")),
               req("new", "str", "after", ("good", "evil")))),
    EventType("star_pass", "the Imp killed themself: a Minion becomes the Imp", (ST,),
              (req("player", "name", "the old Imp"), req("to", "name", "the new Imp"))),
    EventType("summon", "the Summoner made a Demon", (ST,),
              (req("player", "name", "the Summoner"), req("target", "name", "the new Demon"),
               req("character", "character", "which Demon"))),
    EventType("vote_token", "the Beggar's vote tokens changed (public)", (ALL,),
              (req("player", "name", "the Beggar"),
               req("tokens", "int", "tokens held now"),
               opt("given_by", "name", "the dead player who gave one"),
               opt("spent", "int", "tokens spent on a vote"),
               opt("lost", "bool", "tokens lost at death"))),
    # ---- deaths --------------------------------------------------------------------------
    EventType("death", "a player dies (public by day; by night, announced at dawn)", (ALL, ST),
              (req("player", "name", "who died"),
               req("cause", "str", "why", DEATH_CAUSES),
               req("by", "name?", "whose ability or choice killed them"),
               opt("already_registered_dead", "bool", "they already registered as dead"))),
    EventType("death_prevented", "a would-be death was stopped", (ST,),
              (req("player", "name", "who would have died"), req("cause", "str", "why",
                                                             DEATH_CAUSES),
               req("by", "name?", "the killer"), req("protector", "character", "what stopped it"))),
    EventType("death_redirected", "a death was moved to someone else", (ST,),
              (req("player", "name", "who would have died"), req("instead", "name", "who dies"),
               req("ability", "character", "what moved it"))),
    # ---- the day -------------------------------------------------------------------------
    EventType("nominate", "a nomination is made (before the vote)", (ALL,),
              (req("by", "name", "the nominator"), req("target", "name", "the nominee"))),
    EventType("hand_refused", "a hand a player tried to raise (a written `hands` list) that "
              "the rules do not count", (ST,),
              (req("player", "name", "whose hand"), req("target", "name", "the nominee"),
               req("reason", "str", "why it does not count"))),
    EventType("nomination", "a nomination's vote tally", (ALL,),
              (req("by", "name", "the nominator"), req("target", "name", "the nominee"),
               req("votes", "int", "the tally (vote weights applied)"),
               req("voters", "names", "hands raised, in the order raised (the vote's one "
                                         "record)"),
               req("threshold", "int", "votes needed to be about to die"))),
    EventType("execution", "a player is executed", (ALL,),
              (req("player", "name", "who"), req("votes", "int?", "the tally, if by vote"))),
    EventType("execution_redirected", "someone else is executed instead", (ST,),
              (req("player", "name", "who would have been"), req("instead", "name", "who is"),
               req("ability", "character", "what moved it"))),
    EventType("claim", "a public claim of a character (a nominee's Goblin claim; a "
              "player saying who they are and what they learned)", (ALL,),
              (req("player", "name", "who claims"), req("character", "character", "what"),
               opt("night", "int", "the night the claimed information was learned"),
               opt("info", "dict", "what the claimed character's ability learned that "
                                   "night: the fields of its learn event"),
               opt("chose", "names", "the players that ability chose that night"))),
    EventType("talk", "the day's talk opens: its rounds and today's order of turns "
              "(games with talk only: engine/talk.py)", (ALL,),
              (req("rounds", "int", "talk turns each player has today"),
               req("order", "names", "the order of the turns, shuffled each day"))),
    EventType("statement", "a player says something to the whole table (day talk)", (ALL,),
              (req("player", "name", "who speaks"), req("text", "str", "what they say"))),
    EventType("whisper", "a player whispers to some players (day talk): seen by the "
              "speaker and those who hear it", (PLAYERS,),
              (req("player", "name", "who whispers"), req("to", "names", "who hears it"),
               req("text", "str", "what they whisper"))),
    EventType("whispered", "the table sees that a whisper happened (not what was said)",
              (ALL,),
              (req("player", "name", "who whispered"), req("to", "names", "to whom"))),
    EventType("claim_ability", "a player publicly uses (or pretends to use) a day ability",
              (ALL,),
              (req("player", "name", "who"), req("character", "character", "the ability claimed")),
              extra="the use's arguments (e.g. target: a name)"),
    EventType("nothing_happens", "the Storyteller announces that nothing happens", (ALL, ST),
              (req("ability", "character", "the ability"), opt("player", "name", "who used it")),
              extra="the use's arguments (e.g. target: a name)"),
    EventType("exile_vote", "the vote on exiling a Traveller", (ALL,),
              (req("by", "name", "who called it"), req("target", "name", "the Traveller"),
               req("votes", "int", "hands raised"), req("voters", "names", "who raised them"),
               req("threshold", "int", "votes needed (half of all players)"))),
    EventType("exile", "a Traveller is exiled", (ALL,), (req("player", "name", "the Traveller"),)),
    EventType("announcement", "the Storyteller announces something to everyone, naming nobody "
              "(\"The Fearmonger has chosen a player.\")", (ALL,),
              (req("ability", "character", "the ability whose rule makes the announcement"),
               req("words", "str", "what is announced"))),
    EventType("cult_vote", "the vote to join a cult (the Cult Leader's day ability)", (ALL,),
              (req("player", "name", "who formed the cult (or pretended to)"),
               req("voters", "names", "who raised a hand to join"))),
]

CATALOGUE: dict[str, EventType] = {t.type: t for t in _TYPES}
ENVELOPE = ("type", "phase", "number", "visible_to")


def _type_ok(value, type_: str) -> bool:
    if type_.endswith("?"):
        if value is None:
            return True
        type_ = type_[:-1]
    if type_ == "any":
        return True
    if type_ in ("str", "name", "character"):
        return isinstance(value, str)
    if type_ == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if type_ == "bool":
        return isinstance(value, bool)
    if type_ == "dict":
        return isinstance(value, dict)
    if type_ == "list":
        return isinstance(value, list)
    if type_ in ("names", "characters"):
        return isinstance(value, list) and all(isinstance(x, str) for x in value)
    raise ValueError(f"unknown field type {type_!r} in the event catalogue")


def validate_event(ev) -> list[str]:
    """Problems with `ev` against the catalogue (empty: well-formed)."""
    if not isinstance(ev, dict):
        return [f"an event is a mapping, not {type(ev).__name__}"]
    et = CATALOGUE.get(str(ev.get("type")))
    if et is None:
        return [f"unknown event type {ev.get('type')!r}"]
    t = et.type
    problems = []
    missing = [k for k in ENVELOPE if k not in ev]
    if missing:
        problems.append(f"{t}: missing {', '.join(missing)}")
    if "phase" in ev and ev["phase"] not in PHASES:
        problems.append(f"{t}: phase {ev['phase']!r} is not one of {', '.join(PHASES)}")
    if "number" in ev and not _type_ok(ev["number"], "int"):
        problems.append(f"{t}: number {ev['number']!r} is not an integer")
    if "visible_to" in ev:
        v = ev["visible_to"]
        kind = v if v in (ST, ALL) else PLAYERS if _type_ok(v, "names") else None
        if kind is None:
            problems.append(f"{t}: visible_to {v!r} is not storyteller, all or a list of names")
        elif kind not in et.visibility:
            problems.append(f"{t}: visible to {kind}, expected {' or '.join(et.visibility)}")
    for f in et.fields:
        if f.name not in ev:
            if f.required:
                problems.append(f"{t}: missing field {f.name!r}")
            continue
        value = ev[f.name]
        if not _type_ok(value, f.type):
            problems.append(f"{t}: field {f.name!r} = {value!r} is not {f.type}")
        elif f.choices and value is not None and value not in f.choices:
            problems.append(f"{t}: field {f.name!r} = {value!r} is not one of "
                            f"{', '.join(map(str, f.choices))}")
    if not et.extra:
        known = set(ENVELOPE) | {f.name for f in et.fields}
        unknown = sorted(k for k in ev if k not in known)
        if unknown:
            problems.append(f"{t}: unknown field(s) {', '.join(unknown)}")
    return problems


def catalogue_json() -> list[dict]:
    return [t.to_json() for t in _TYPES]
