"""The bots' day (players act in turns) and `play`: a whole game with its answerers, on the
game driver (`engine/driver.py`)."""
from __future__ import annotations

from .decisions import DayActionChoice, SpeakChoice
from ..errors import IllegalAnswer
from .ability import DAY_USES, has_day_ability
from .driver import Days, drive
from .game import Game
from .state import Player, holder

MAX_DAYS = 40


def open_nominees(game: Game) -> list[str]:
    """The players not yet nominated today."""
    taken = game.nominees
    return [t.name for t in game.players if t.name not in taken]


def day_action(game: Game, p: Player, not_nominated: list[str] | None = None) -> DayActionChoice:
    """Everything `p` may do now in the day: nominate someone, use a day ability, or pass.

    `not_nominated`: `open_nominees(game)` if the caller already has it (shared, not copied).
    """
    nominees, uses, exiles = day_lists(game, p, not_nominated)
    return DayActionChoice(p.name, nominees, uses, {"player": p.name}, exiles,
                           game.pretend_uses(p))


def day_uses(game: Game, p: Player) -> list[dict]:
    """The day abilities `p` may use now: their own, and the actions others offer them."""
    uses = own_uses(p) if holds_day_ability(game, p) else []
    offers = game.hooks("offers_day_action")
    if offers:
        for ab in offers:
            if holder(ab) is not p:
                for args in ab.offers_day_action(p):
                    uses.append({"ability": ab.id, **args})
    return uses


def day_lists(game: Game, p: Player, not_nominated: list[str] | None = None) -> tuple:
    """(nominees, uses, exiles) of `p`'s day action now (see `day_action`)."""
    nominees: list[str] = []
    if p.alive and p.name not in game.nominators and not game.day_over:
        if game.hooks("may_nominate"):
            nominees = [t.name for t in game.players if game.can_nominate(p, t) is None]
        else:
            nominees = not_nominated if not_nominated is not None else open_nominees(game)
    uses: list[dict] = day_uses(game, p) if not game.day_over else []
    # The simulator's hot path: without Travellers, not even the call (0.5% of a game).
    exiles = exile_options(game) if game.has_travellers else None
    return nominees, uses, exiles


def day_turn(game: Game, p: Player, not_nominated: list[str] | None = None,
             hushed: set[str] | None = None):
    """Ask `p` for their day action (`day_action` through `Game.decide`), or, for a bot with
    a fast path (`Game.fast_answerer`), the same without building the decision. With
    nothing to do but pass, a turn to talk instead (`talk_turn`; `hushed` as there)."""
    fast = game.fast_answerer(p.name)
    day = fast[3]
    if day is None or game.on_forced is not None:
        d = day_action(game, p, not_nominated)
        if fast[5] and not d.nominees and not d.uses and not d.exiles:
            return talk_turn(game, p, hushed)
        return game.decide(d)
    nominees, uses, exiles = day_lists(game, p, not_nominated)
    if not nominees and not uses and not exiles:
        # only one answer: not asked (as `decide` does), but a turn to talk
        return talk_turn(game, p, hushed) if fast[5] else None
    seq = game.n_decisions
    game.n_decisions = seq + 1
    choice = day(fast[1], nominees, uses, exiles)
    if choice is not None:
        # A use not among the listed ones may be a pretend (`Game.pretend_uses`): they are
        # built only then (the fast path's bots see them in their view, when they ask).
        pretends = game.pretend_uses(p) if "ability" in choice and choice not in uses \
            else None
        d = DayActionChoice(p.name, nominees, uses, {"player": p.name}, exiles, pretends)
        if not d.is_legal(choice):
            raise IllegalAnswer(d, choice)
        game.log_answer(p.name, "day_action", choice, seq)
    return choice


def talk_turn(game: Game, p: Player, hushed: set[str] | None = None) -> dict | None:
    """A turn with nothing to do but talk (`SpeakChoice`: pass or a claim), for a player
    with no day action to take (dead without a day ability, alive having nominated), asked
    only of an answerer that says it `speaks` (`Game.fast_answerer`): a random bot never
    claims and is never asked, so its games are what they were. A pass is neither numbered
    nor logged; a claim is numbered and logged (kind `speak`), as a day action's answer.
    `hushed`: the players who passed such a turn today (`bot_day`), not asked again that
    day; a pass adds the player."""
    asked = game.fast_answerer(p.name)
    if not asked[5] or (hushed is not None and p.name in hushed):
        return None
    d = SpeakChoice(p.name, {"player": p.name})
    answer = asked[0](d, asked[1])
    if answer is None:
        if hushed is not None:
            hushed.add(p.name)
        return None
    if not d.is_legal(answer):
        raise IllegalAnswer(d, answer)
    seq = game.n_decisions
    game.n_decisions = seq + 1
    game.log_answer(p.name, "speak", answer, seq)
    return answer


def holds_day_ability(game: Game, p: Player) -> bool:
    """Whether `p` holds an ability whose class has day uses (`has_day_ability`), from the
    game's table of them (`Game.hooks(DAY_USES)`: most games have one or none), so that a
    turn does not go through every held ability of every player."""
    day = game.hooks(DAY_USES)
    if day:
        held = p.held
        for ab in day:
            if ab in held:
                return True
    return False


def own_uses(p: Player) -> list[dict]:
    """The uses of `p`'s own day abilities possible now, as day-action options."""
    uses = []
    for ab in p.abilities():
        if has_day_ability(ab):
            for args in ab.day_options():
                uses.append({"ability": ab.id, **args})
    return uses


def act(game: Game, p, choice: dict) -> None:
    """Carry out a day-action answer (`DayActionChoice`) for `p`."""
    if "nominate" in choice:
        game.nominate(p, game.by_name[choice["nominate"]])
        if game.prompt_now:
            window_turns(game)
    elif "exile" in choice:
        game.exile(p, game.by_name[choice["exile"]])
    elif "claim" in choice:
        game.claim(p, choice["claim"], choice.get("night"), choice.get("info"),
                   choice.get("chose"))
    else:
        args = {k: v for k, v in choice.items() if k != "ability"}
        game.use_day_ability(p, choice["ability"], args)


def exile_options(game: Game) -> list[str]:
    """Travellers whose exile may still be called today (any player may call it)."""
    if game.day_over or not game.has_travellers:
        return []
    return [t.name for t in game.players
            if t.traveller and t.alive and t.name not in game.exile_called]


def has_day_options(game: Game, p: Player) -> bool:
    """Whether a dead player has anything to do by day (else they are not asked)."""
    if holds_day_ability(game, p):
        for ab in p.abilities():
            if has_day_ability(ab) and ab.day_options():
                return True
    offers = game.hooks("offers_day_action")
    if offers and any(holder(ab) is not p and ab.offers_day_action(p) for ab in offers):
        return True
    return bool(exile_options(game))


def window_turns(game: Game) -> None:
    """Give a turn now to the players an ability asked to prompt (`game.prompt_now`): a
    use that is only possible at this moment (the Gunslinger after the first tally)."""
    waiting, game.prompt_now = game.prompt_now, []
    for p in waiting:
        if game.day_over or game.winner:
            return
        uses = own_uses(p)
        if not uses:
            continue
        # A pretended use stays legal here as in any day turn (`Game.pretend_uses`)
        choice = game.decide(DayActionChoice(p.name, [], uses, {"player": p.name},
                                             pretends=game.pretend_uses(p)))
        if choice is not None:
            act(game, p, choice)


def one_turn(game: Game, name: str) -> None:
    """One day turn of player `name`, logged first as a Storyteller input (`bot_turn`, so a
    replay gives the same turn: `engine/inputs.py`), then asked of their answerer (a web
    game's bot seat, paced by the server) and carried out."""
    game.record_input("bot_turn", "storyteller", {"player": name})
    p = game.by_name[name]
    if not p.alive and not has_day_options(game, p):
        choice = talk_turn(game, p)
    else:
        choice = day_turn(game, p)
    if choice is not None:
        act(game, p, choice)


def bot_day(game: Game, max_rounds: int = 3) -> None:
    """Players act in turns (seat order, from a rotating start) until a round passes quietly.
    A player with nothing to do (dead without a day ability, alive having nominated) is
    given a turn to talk (`talk_turn`) if their answerer speaks, until they pass one."""
    n = len(game.players)
    start = game.day % n
    not_nominated = None        # open_nominees(game), kept while everyone passes
    hushed: set[str] = set()    # who passed a turn to talk today
    for _round in range(max_rounds):
        acted = False
        for i in range(n):
            if game.day_over or game.winner:
                return
            p = game.players[(start + i) % n]
            if not p.alive and not has_day_options(game, p):
                # nothing to do: not asked for a day action (the answer would be forced)
                choice = talk_turn(game, p, hushed)
            else:
                if not_nominated is None and p.alive:
                    not_nominated = open_nominees(game)
                choice = day_turn(game, p, not_nominated, hushed)
            if choice is None:
                continue
            acted = True
            not_nominated = None
            act(game, p, choice)
        if not acted:
            return


class BotDays(Days):
    """The day of a bot game: `talk` rounds of talk first (`engine/talk.py`; none by
    default), then players act in turns (`bot_day`); no result after `max_days`."""

    def __init__(self, max_days: int | None = MAX_DAYS, talk: int = 0):
        self.max_days = max_days
        self.talk = talk

    def day(self, game: Game) -> None:
        if self.talk:
            from .talk import talk_rounds
            talk_rounds(game, self.talk)
        bot_day(game)

    def rest_of_day(self, game: Game) -> None:
        """A fork taken by day goes on with the turns (its talk, if any, is over)."""
        bot_day(game)


BOT_DAYS = BotDays()


def play(game: Game, max_days: int = MAX_DAYS, talk: int = 0) -> Game:
    """Play from the first night to the end with the game's answerers (`driver.drive`);
    `talk`: rounds of talk that open each day (`engine/talk.py`)."""
    if max_days == MAX_DAYS and not talk:
        return drive(game, BOT_DAYS)
    return drive(game, BotDays(max_days, talk))
