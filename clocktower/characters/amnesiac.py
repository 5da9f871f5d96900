"""Amnesiac (Carousel, Townsfolk).

"You do not know what your ability is. Each day, privately guess what it is: you learn how
accurate you are."

How to Run: at setup the Storyteller decides what the Amnesiac's ability is and marks it
with the ? reminder. Here the ability is one the engine can run, from the CATALOGUE
(`catalogue(game)`, key `amnesiac`, a scenario's setup `amnesiac: <id>`): another
Townsfolk's ability (every implemented Townsfolk not in play, on the script or not, apart
from those with a setup change, which the bag has already been built without), or one of
the documented VARIANTS, abilities invented from the almanac's examples (`_variants.py`:
`samealignment`, `evildead`, `nightinvestigator`, `monkself`, `ravenonce`). The Amnesiac
holds it as a granted ability (`Game.grant`, source the Amnesiac's ability): it is their
real ability, working while they are alive, sober and healthy, and acting at its own place in
the night order (the Amnesiac is woken "if their hidden ability needs it"). They are not
told what it is.

Each day the living Amnesiac may privately guess (`ability: {by: Ann, character: amnesiac,
guess: soldier}`, any character id): the Storyteller answers how accurate the guess is,
`cold`, `warm`, `hot` or `bingo`, by their own judgement (`engine/judgement.py`, judgement
`accuracy`; a scenario writes `storyteller: {Ann: {answer: hot}}`). The automatic
Storyteller's policy is the documented similarity (`accuracy(guess, ability)`,
docs/storyteller.md): the same ability is `bingo`; a variant and the character it is a
twist on (the Monk for `monkself`), or the same team and the same KIND of ability, is
`hot`; the same kind is `warm`; else `cold`. A guess may name a character or a variant. A sober, healthy Amnesiac is never
told `bingo` for a wrong guess nor anything else for a right one; a drunk or poisoned one
may be told anything. The guess is private (not in the public claim).
"""
from __future__ import annotations

from typing import Any, ClassVar

from .. import data as D
from ..engine.ability import KINDS, Ability, State  # noqa: F401  (KINDS: the scale)
from ..engine.judgement import judge
from ._variants import VARIANTS

ANSWERS = ("cold", "warm", "hot", "bingo")

def kind(cid: str) -> str:
    """A character's kind of ability (its module's `kind`, engine/ability.py:KINDS)."""
    from . import REGISTRY      # the package imports this module: read it when asked
    cls = REGISTRY.get(cid)
    return cls.kind if cls is not None else "other"


def profile(aid: str) -> tuple[str, str, str]:
    """(kind, team, family) of a character or variant id: the similarity data. A
    variant's family is the character it is a twist on (its own id if original)."""
    v = VARIANTS.get(aid)
    if v is not None:
        return getattr(v, "kind"), v.data.team, getattr(v, "like", None) or aid
    return kind(aid), D.get(aid).team, aid


def name(aid: str) -> str:
    """A character's or a variant's name."""
    v = VARIANTS.get(aid)
    return v.data.name if v is not None else D.get(aid).name


def known(aid: Any) -> bool:
    """A guess names a character or a variant."""
    return isinstance(aid, str) and (aid in D.teams() or aid in VARIANTS)


def ability_of(aid: str) -> str:
    """The ability an id names: a variant that is a character's ability word for word
    (`Variant.same`) names that character's."""
    v = VARIANTS.get(aid)
    return getattr(v, "same", None) or aid


def accuracy(guess: str, ability: str) -> str:
    """The automatic Storyteller's answer to a guess (the documented similarity)."""
    if ability_of(guess) == ability_of(ability):
        return "bingo"      # the same ability, by its name or in other words
    g, a = profile(guess), profile(ability)
    same_kind = g[0] == a[0]
    if g[2] == a[2] or (same_kind and g[1] == a[1]):
        return "hot"
    return "warm" if same_kind else "cold"


def catalogue(game) -> list[str]:
    """The abilities the Storyteller may give the Amnesiac: implemented Townsfolk not in
    play (on the script or not), without a setup change, the Amnesiac excepted; then the
    documented variants (`_variants.py`)."""
    taken = {p.character for p in game.players} | {p.thinks for p in game.players if p.thinks}
    taken |= game.in_play_extra
    return sorted(c for c in game.registry
                  if D.get(c).team == "townsfolk" and c != Amnesiac.id and c not in taken
                  and not D.get(c).setup_change) + list(VARIANTS)


class GuessMenu(list):
    """The Amnesiac's day uses: iterating gives the guesses bots make (the catalogue and the
    script's characters); `in` accepts any known character or variant id."""

    def __contains__(self, args: Any) -> bool:
        if not (isinstance(args, dict) and set(args) == {"guess"}):
            return False
        return known(args["guess"])


class Amnesiac(Ability):
    id = "amnesiac"
    kind = "deception"
    # what the world solver's timeline models of it (docs/solver.md)
    world_rules = {"change": None, "droison": "many", "kill": None, "protect": None}
    private_args: ClassVar[tuple[str, ...]] = ("guess",)

    # ---- setup: the hidden ability -------------------------------------------------------
    given: State[str | None] = State(None)      # the hidden ability the Storyteller chose
    granted: State["Ability | None"] = State(None)   # that ability, granted
    guessed_day: State[int | None] = State(None)
    def on_setup(self) -> None:
        game, me = self.game, self.player
        options = catalogue(game)
        if not options:
            return
        chosen = game.storyteller_choice(
            "amnesiac", options, "Which ability does the Amnesiac have?", player=me.name,
            abilities={c: f"{name(c)}: {VARIANTS[c].data.ability if c in VARIANTS else D.get(c).ability}"
                       for c in options})
        self.give(chosen)

    def give(self, cid: str) -> None:
        game, me = self.game, self.player
        self.given = cid
        granted = game.grant(me, cid, source=self, invented=VARIANTS.get(cid))
        self.granted = granted
        self.reminder("?", me, character=cid)
        if "on_setup" in granted.overrides and game.phase == "setup":
            granted.on_setup()

    def hidden(self) -> str | None:
        return self.given

    def wakes(self, first: bool) -> bool:
        return False        # the hidden ability wakes at its own step

    # ---- day: the guess ------------------------------------------------------------------
    def day_options(self) -> list[dict]:
        game, me = self.game, self.player
        hidden = self.hidden()
        if not me.alive or self.guessed_day == game.day or hidden is None:
            return []
        seen: list[str] = []
        for c in catalogue(game) + [c for c in game.script.characters if c in D.teams()]:
            if c not in seen and (c in VARIANTS or D.get(c).team in ("townsfolk", "outsider")):
                seen.append(c)
        if hidden not in seen:
            seen.append(hidden)                 # a guess of the truth is always on offer
        return GuessMenu({"guess": c} for c in seen)

    def accepts_day_use(self, args: dict, legal: list[dict]) -> bool:
        return args in legal

    def day_ability(self, args: dict) -> None:
        game, me = self.game, self.player
        self.guessed_day = game.day
        guess, hidden = args["guess"], self.hidden()
        assert hidden is not None
        ok = self.functioning
        honest = {"answer": accuracy(guess, hidden)}
        everything = [{"answer": a} for a in ANSWERS]
        if not ok:
            options = [honest] + [o for o in everything if o != honest]
        elif guess == hidden:
            options = [honest]
        else:
            options = [honest] + [o for o in everything
                                  if o != honest and o["answer"] != "bingo"]

        def explain(told: dict) -> str:
            g, h = profile(guess), profile(hidden)
            why = (f"the guess {guess} against the ability {hidden}: {g[0]} vs {h[0]}"
                   + (f" (a twist on the {name(g[2])})" if g[2] == h[2] else ""))
            if told == honest:
                return f"the documented similarity: {why}"
            return f"not the documented similarity ({honest['answer']}): {why}"

        judge(game, me, self, options, "accuracy",
              prompt=f"the Amnesiac guesses {name(guess)}: how accurate?",
              droisoned=not ok, truth=honest, explain=explain,
              context={"guess": guess, "hidden": hidden}, shown={"guess": guess})

    @classmethod
    def describe_info(cls, info: dict) -> str | None:
        a, g = info.get("answer"), info.get("guess")
        if a not in ANSWERS or not isinstance(g, str) or not known(g):
            return None
        return f"the guess “{name(g)}” is {a}"

    @classmethod
    def describe_use(cls, args: dict) -> str | None:
        return "privately guesses their ability (Amnesiac)"
