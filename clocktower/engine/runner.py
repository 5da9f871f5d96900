"""Running phases: a whole game with agents, and a bot-driven day."""
from __future__ import annotations

from .decisions import Choice
from .game import Game, GameOver

MAX_DAYS = 40


def day_action_options(game: Game, p) -> list:
    """Everything `p` may do now in the day: nominate someone, use a day ability, or pass."""
    opts: list = [None]
    if p.alive and p.name not in game.nominators and not game.day_over:
        for t in game.players:
            if t.name not in game.nominees and game.can_nominate(p, t) is None:
                opts.append({"nominate": t.name})
    if not game.day_over:
        for ab in p.abilities():
            for args in ab.day_options():
                opts.append({"ability": ab.id, **args})
    return opts


def bot_day(game: Game, max_rounds: int = 3) -> None:
    """Players act in turns (seat order, from a rotating start) until a round passes quietly."""
    n = len(game.players)
    start = game.day % n
    for _round in range(max_rounds):
        acted = False
        for i in range(n):
            if game.day_over or game.winner:
                return
            p = game.players[(start + i) % n]
            opts = day_action_options(game, p)
            if len(opts) == 1:
                continue
            choice = game.decide(Choice("day_action", p.name, opts, "What do you do?",
                                        {"player": p.name}))
            if choice is None:
                continue
            acted = True
            if "nominate" in choice:
                game.nominate(p, game.by_name[choice["nominate"]])
            else:
                args = {k: v for k, v in choice.items() if k != "ability"}
                game.use_day_ability(p, choice["ability"], args)
        if not acted:
            return


def play(game: Game, max_days: int = MAX_DAYS) -> Game:
    """Play from the first night to the end with the game's answerers."""
    while game.winner is None:
        game.run_night()
        if game.winner is not None:
            break
        game.start_day()
        try:
            bot_day(game)
        except GameOver:
            break
        game.end_day()
        if game.day >= max_days and game.winner is None:
            game.winner = "none"
            game.emit("game_over", "all", winner="none", reason=f"no result after {max_days} days")
    return game
