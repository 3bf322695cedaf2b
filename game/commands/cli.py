"""The `mexican-train` command and its subcommands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, cast

from ..engine import PRESETS, SetupError, preset
from ..version import DISTRIBUTION, game_version

SIMULATE_AI = "medium"
"""The computer level of every seat in `simulate` unless --ai says otherwise: a level people meet."""


def version_line() -> str:
    """``mexican-train 0.1.0 (compiled core)``: the version and which build runs
    (``game.core_build``: the compiled core, or pure Python)."""
    from ..core_build import build_label

    return f"{DISTRIBUTION} {game_version()} ({build_label()})"


class VersionAction(argparse.Action):
    """``--version``: print ``version_line()`` and exit (worked out only when asked,
    as it imports the compiled modules to see what they are)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        """Print the line on standard output and exit with 0."""
        print(version_line())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="mexican-train", description="Mexican Train dominoes against computer players."
    )
    parser.add_argument("--version", action=VersionAction, help="print the game's version and build and exit")
    parser.add_argument("--load", metavar="FILE", help="start the game straight into a save file")
    parser.add_argument("--deal", metavar="CODE", help="open the New match screen with this deal code filled in")
    parser.add_argument("--demo", action="store_true", help="watch a match of computer players")
    parser.add_argument("--rules", dest="demo_rules", default=None, choices=sorted(PRESETS),
                        help="rules preset of the demo match (default classic)")
    parser.add_argument("--players", dest="demo_players", type=int, default=None, metavar="N",
                        help="seats in the demo match (default 4)")
    parser.add_argument("--seed", dest="demo_seed", type=int, default=None, metavar="N",
                        help="seed of the demo match (default 1)")
    parser.add_argument("--length", dest="demo_length", default=None, choices=("full", "short", "blitz"),
                        help="length of the demo match: every round, half of them, or three (default full)")
    parser.add_argument("--fast", action="store_true", help="play the demo at full speed")
    parser.add_argument("--exit-at-end", action="store_true", help="print the final ranking and exit")
    parser.add_argument("--speech", action="store_true",
                        help="speak every screen and every move (the screen reader, else the system voice) from "
                        "the first screen on; it stays on until Settings turns it off")
    parser.add_argument("--speech-log", metavar="FILE", default=None,
                        help="also write every line spoken into FILE, with its time (added at its end)")
    parser.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    check = sub.add_parser("rules-check", help="run rules scenario files against the engine")
    check.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")

    sim = sub.add_parser("simulate", help="play headless matches between computer players")
    sim.set_defaults(subparser=sim)
    sim.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--matches", type=int, default=10)
    sim.add_argument("--rounds", type=int, default=None, help="play N single rounds instead of matches")
    sim.add_argument("--length", choices=("full", "short", "blitz"), default="full",
                     help="match length: every round of the preset, half of them, or three")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--ai", default=None,
                     help=f"one kind per seat, comma-separated (default: all {SIMULATE_AI})")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--autosave", metavar="DIR", help="autosave into DIR after every action")

    from ..saves.verify import EXITS

    verify = sub.add_parser("verify-deal", help="prove each finished round of a saved match was dealt and played fairly",
                            description="Prove each finished round of a saved match was dealt and played fairly "
                            "(docs/fair-deal.md): one line per round.",
                            epilog=EXITS, formatter_class=argparse.RawDescriptionHelpFormatter)
    verify.add_argument("save", metavar="SAVE")

    from ..net.server.serve import add_parser as add_serve

    add_serve(sub)

    review = sub.add_parser("review", help="review each decision of a saved match's finished rounds")
    review.add_argument("save", metavar="SAVE")
    review.add_argument("--round", type=int, default=None, help="review only round N (default: every finished round)")
    review.add_argument("--seat", default=None, help="review this seat, by number (0 first) or name "
                        "(default: every person's seat)")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.add_argument("--keep", action="store_true",
                        help="write the reviews into the save, so that a second look is instant")

    saves = sub.add_parser("saves", help="list or check save files")
    saves.set_defaults(saves_parser=saves)
    saves_sub = saves.add_subparsers(dest="saves_command")
    saves_sub.add_parser("list", help="show the saves: name, date, preset, round, scores")
    saves_check = saves_sub.add_parser("check", help="validate save files (exit 2 if any is bad)")
    saves_check.add_argument("files", nargs="+", metavar="FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "rules-check":
        from .rules_check import main as rules_check

        return rules_check(args.paths, sys.stdout, sys.stderr)
    if args.command == "simulate":
        return _simulate(args, args.subparser)
    if args.command == "verify-deal":
        from ..saves.verify import verify_command

        return verify_command(args.save, sys.stdout, sys.stderr)
    if args.command == "serve":
        from ..net.server.serve import serve_command

        return serve_command(args)

    if args.command == "review":
        from .review import review_command

        try:
            return review_command(args.save, args.round, args.seat, args.json, sys.stdout, sys.stderr, args.keep)
        except BrokenPipeError:  # the reader stopped reading (e.g. `| head`): nothing more to say
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args.command == "saves":
        from ..saves.commands import check_command, list_command

        if args.saves_command == "list":
            return list_command(sys.stdout, err=sys.stderr)
        if args.saves_command == "check":
            return check_command(args.files, sys.stdout)
        args.saves_parser.print_help()  # `saves` alone: what it can do
        return 0
    if args.load:
        return _play_saved(args.load, args)
    deal = None
    if args.deal is not None:
        deal = _deal_code(args.deal)
        if deal is None:
            return 2
    return _play(args, parser, deal)


def _deal_code(text: str) -> str | None:
    """``--deal CODE`` as the setup screen shows it; None (after one line on stderr) when it is no deal code."""
    from ..engine.dealcode import DealCodeError, decode, encode

    try:
        return encode(decode(text))
    except DealCodeError as error:
        print(f"mexican-train: --deal {text}: {error}", file=sys.stderr)
        return None


def _speech(args: argparse.Namespace) -> dict[str, Any]:
    """The window's speech from ``--speech`` and ``--speech-log``."""
    from pathlib import Path

    return {"speech": args.speech, "speech_log": Path(args.speech_log) if args.speech_log else None}


def _play_saved(path: str, args: argparse.Namespace) -> int:
    """`mexican-train --load FILE`: check the save, then open its table (exit 2 if it is refused)."""
    from pathlib import Path

    from ..saves import SaveError, load_file

    try:
        session = load_file(Path(path), owned=False)
    except SaveError as error:
        print(f"{path}: cannot be loaded: {error.reason}", file=sys.stderr)
        return 2
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ..ui.main import run_game

    return run_game(session=session, **_speech(args))


def _play(args: argparse.Namespace, parser: argparse.ArgumentParser, deal: str | None = None) -> int:
    """Open the game window (the title screen, a demo match with --demo, or
    the New match screen with ``deal`` filled in)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    demo = None
    if args.demo:
        rules = args.demo_rules or "classic"
        players = 4 if args.demo_players is None else args.demo_players
        from ..engine.length import Length, with_length

        length = cast(Length, args.demo_length or "full")
        try:
            with_length(preset(rules), players, length).setup(players)
        except SetupError as error:
            parser.error(str(error))
        if deal is not None:
            parser.error("--deal opens the New match screen; it does not go with --demo")
        demo = {"rules": rules, "players": players, "seed": 1 if args.demo_seed is None else args.demo_seed,
                "length": length, "fast": args.fast, "exit_at_end": args.exit_at_end}
    else:
        stray = [flag for flag, value in (("--fast", args.fast), ("--exit-at-end", args.exit_at_end),
                 ("--rules", args.demo_rules), ("--players", args.demo_players), ("--seed", args.demo_seed),
                 ("--length", args.demo_length))
                 if value not in (None, False)]
        if stray:
            parser.error(f"{stray[0]} goes with --demo (set up a match you play on the New match screen)")
    from ..ui.main import run_game

    return run_game(exit_after_first_frame=args.exit_after_first_frame, demo=demo, deal=deal, **_speech(args))


def _simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run `simulate` with parsed arguments."""
    from ..ai import KINDS
    from ..memory.files import clean
    from ..words.counting import counted
    from .simulate import format_table, progress_bar, run, stderr_is_terminal

    if args.ai is not None and not args.ai.strip():
        parser.error("--ai needs one computer player kind per seat, e.g. --ai easy,medium,hard,expert")
    if args.autosave is not None and not args.autosave.strip():
        parser.error("--autosave needs a folder")
    kinds = [k.strip() for k in args.ai.split(",")] if args.ai else [SIMULATE_AI]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown computer player '{clean(unknown[0])}' (one of {', '.join(KINDS)})")
    if len(kinds) == 1:
        kinds = kinds * args.players  # one kind plays every seat
    elif len(kinds) != args.players:
        parser.error(f"--ai names {counted(len(kinds), 'player')} but --players is {args.players} "
                     "(give one kind for every seat, or one kind for all)")
    if args.rounds is not None and args.rounds < 1:
        parser.error(f"--rounds must be at least 1 (not {args.rounds})")
    if args.rounds is None and args.matches < 1:
        parser.error(f"--matches must be at least 1 (not {args.matches})")
    try:
        from ..engine.length import with_length

        options = with_length(preset(args.rules), args.players, args.length)
        options.setup(args.players)
    except SetupError as error:
        parser.error(str(error))
    progress = progress_bar(sys.stderr) if stderr_is_terminal() else None
    hook = None
    from ..saves import SaveError

    try:
        if args.autosave:
            from ..saves.commands import autosave_hook

            hook = autosave_hook(args.autosave, kinds)
        summary = run(options, kinds, args.matches, args.seed, args.rounds, progress, hook)
    except SaveError as error:
        print(f"mexican-train simulate: cannot autosave into {args.autosave}: {error.reason}", file=sys.stderr)
        return 2
    print(json.dumps(summary) if args.json else format_table(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
