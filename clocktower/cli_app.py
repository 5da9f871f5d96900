"""The command line's application object, below `cli.py` and the `cli_*` modules that add
their commands to it (so that none of them imports another that imports it back)."""
from __future__ import annotations

import sys
from typing import Annotated, Any, NoReturn, Optional

import typer
from typer.core import TyperGroup

from .errors import ClocktowerError


# click's exceptions, wherever this typer takes them from (typer >= 0.2x carries its own
# copy of click: `typer._click`; older ones use click itself).
_CLICK: Any = sys.modules[typer.BadParameter.__module__]
UsageError: Any = _CLICK.UsageError                 # BadParameter, NoSuchOption, extra args
NoArgsIsHelp: Any = _CLICK.NoArgsIsHelpError        # a group alone: its help, not an error


def _usage_error(e: Any) -> NoReturn:
    """A usage error (a bad option value, an unknown option or command, an extra
    argument): one line on stderr, `error: ...` with the command's help to look at,
    exit code 2 (not click's boxed message)."""
    ctx = getattr(e, "ctx", None)
    where = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
    msg = " ".join(e.format_message().split()).rstrip(".")
    typer.echo(f"error: {msg}{where}", err=True)
    raise typer.Exit(2)


class _Group(TyperGroup):
    """Every ClocktowerError from any command, and every usage error (click's): one line
    on stderr, exit code 2. A command's own usage errors are raised in `invoke` (its
    arguments are parsed there); the top level's (`clocktower --bogus`) in
    `make_context`."""

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent, **extra)
        except NoArgsIsHelp:
            raise                       # `clocktower` alone: the help
        except UsageError as e:
            _usage_error(e)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ClocktowerError as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(2)
        except NoArgsIsHelp:
            raise                       # `clocktower scenario` alone: its help
        except UsageError as e:
            _usage_error(e)


app = typer.Typer(cls=_Group, add_completion=False, no_args_is_help=True,
                  pretty_exceptions_enable=False,
                  help="Blood on the Clocktower: rules engine, Storyteller assistant, simulator, "
                       "puzzle solver, web grimoire.")


# The bot-policy options, declared once for every command that plays bots (play, simulate,
# bots report, advise): `bots: Bots = "random"` gives the command's own default for --bots
# (simulate's None: the reasoning bots when registered); each team's option overrides it.
Bots = Annotated[Optional[str], typer.Option(
    help="every player's bots: random, reasoning or llm (docs/bots.md, docs/agents.md)")]
GoodBots = Annotated[Optional[str], typer.Option(help="the good team's bots (default: --bots)")]
EvilBots = Annotated[Optional[str], typer.Option(help="the evil team's bots (default: --bots)")]


def team_bots(bots: Optional[str], good_bots: Optional[str],
              evil_bots: Optional[str]) -> tuple[str, str]:
    """The (good, evil) policies those three options name, checked; --bots unset: the
    default policy (`agents.policies.default_policy`)."""
    from .agents.policies import default_policy, team_policies
    return team_policies(bots or default_policy(), good_bots, evil_bots)
