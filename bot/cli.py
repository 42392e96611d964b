"""The ``mahjong-tally`` command line (offline; no token needed except for ``bot``).

    mahjong-tally rules [--lang L]         the rulesets: id, Chinese and English name, players
    mahjong-tally rules ID [--json] [--lang L]  one ruleset, readable or as JSON
    mahjong-tally calc FILE|- [--json] [--lang L]
                                           settle one hand record
    mahjong-tally calc --jsonl             batch: a record per stdin line, a result per line
    mahjong-tally bot                      run the Telegram bot
    mahjong-tally playground [--port P] [--db PATH] [--host H --public]
                                           the bot offline: four phones in a web page
    mahjong-tally db upgrade               migrate the ledger database to the latest schema
    mahjong-tally render-samples OUTDIR    render sample images

Bad input exits with status 2 and one line on standard error that names the field.
``--lang`` (text output of ``calc``, ``rules``, ``gb-fans``) is ``en``, ``zh_Hans`` or
``zh_Hant`` (``zh`` = zh_Hans), the bot's languages (:data:`bot.i18n.LANGS`).

Adding a subcommand: write one ``add_<name>(sub)`` function that adds its parser and sets
``func`` (a function taking the parsed arguments and returning the exit status), then list
it in :data:`COMMANDS`. Import heavy modules inside the function that runs the command, so
``calc`` and ``rules`` never import telegram or sqlalchemy.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.i18n import ALIASES, LANGS  # light: gettext and scoring.hant, not telegram

PROG = "mahjong-tally"
EXIT_BAD_INPUT = 2
#: ``--lang`` values: the bot's languages (bot.i18n registers them) and the alias zh (= zh_Hans)
LANG_CHOICES = (*LANGS, *ALIASES)


class BadInput(Exception):
    """Input the user must fix; the message is one line that names the field."""


def _dump(data: Any, *, pretty: bool = False) -> str:
    if pretty:
        return json.dumps(data, ensure_ascii=False, indent=2)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# --- rules -----------------------------------------------------------------------------------


def _names(item: dict[str, Any], tr: Any = None) -> str:
    if tr is not None:  # one language (--lang): the bot's Translator
        return str(tr.entry(item))
    return f"{item['name_zh']} / {item['name_en']}"


def _value(item: dict[str, Any], tr: Any = None) -> str:
    if tr is not None:
        v = tr.entry(item, "value")
        return f"  {v}" if v else ""
    zh, en = item.get("value_zh", ""), item.get("value_en", "")
    if zh and en and zh != en:
        return f"  {zh} / {en}"
    return f"  {zh or en}" if zh or en else ""


def _constraints(item: dict[str, Any]) -> str:
    parts = []
    if "how" in item:
        parts.append("only " + " or ".join(h.replace("_", "-") for h in item["how"]))
    if item.get("winner_dealer") is True:
        parts.append("dealer only")
    if item.get("winner_dealer") is False:
        parts.append("non-dealer only")
    if "shapes" in item:
        parts.append("with " + ", ".join(item["shapes"]))
    if "not_with" in item:
        parts.append("not with " + ", ".join(item["not_with"]))
    if "enabled_by" in item:
        parts.append(f"if option {item['enabled_by']}")
    if item.get("house"):
        parts.append("house rule")
    return f"  [{'; '.join(parts)}]" if parts else ""


def describe_ruleset(data: dict[str, Any], tr: Any = None) -> str:
    """A ruleset's ``to_json()`` as readable text: both languages, or the language of ``tr``
    (a :class:`bot.i18n.Translator`; ``name_zh_hant`` keys are used where present)."""
    unit = tr.entry(data, "unit") if tr is not None else f"{data['unit_zh']} / {data['unit_en']}"
    lines = [
        f"{data['id']}: {_names(data, tr)}",
        f"players: {', '.join(str(n) for n in data['players'])}; unit: {unit}",
    ]
    if tr is not None:
        if summary := tr.entry(data, "summary"):
            lines.append(summary)
    else:
        for key in ("summary_zh", "summary_en"):
            if data.get(key):
                lines.append(data[key])
    dealer = data.get("dealer_rule")
    if dealer:
        lines.append(f"dealer: {_names(dealer, tr)}")
    if data["options"]:
        lines.append("")
        lines.append("options:")
        for o in data["options"]:
            extra = ""
            if o.get("choices"):
                extra = " (" + ", ".join(c["value"] for c in o["choices"]) + ")"
            elif "min" in o or "max" in o:
                extra = f" ({o.get('min', '')}..{o.get('max', '')})"
            house = ", house rule" if o.get("house") else ""
            lines.append(
                f"  {o['id']}: {_names(o, tr)} = {json.dumps(o['default'], ensure_ascii=False)}"
                f"{extra}{house}"
            )
    if data["presets"]:
        lines.append("")
        default = data.get("default_preset")
        lines.append("presets:" + (f" (default {default})" if default else ""))
        for p in data["presets"]:
            values = ", ".join(
                f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in p["values"].items()
            )
            lines.append(f"  {p['id']}: {_names(p, tr)}" + (f"  {values}" if values else ""))
    lines.append("")
    results = ", ".join(f"{r['id']} ({_names(r, tr)})" for r in data["results"])
    lines.append("results: " + results)
    for key, title in (("shapes", "shapes"), ("flags", "flags")):
        if data[key]:
            lines.append("")
            lines.append(f"{title}:")
            for item in data[key]:
                lines.append(
                    f"  {item['id']}: {_names(item, tr)}{_value(item, tr)}{_constraints(item)}"
                )
    if data["counts"]:
        lines.append("")
        lines.append("counts (per player):")
        for c in data["counts"]:
            total = f", total ≤ {c['total_max']}" if "total_max" in c else ""
            lines.append(
                f"  {c['id']}: {_names(c, tr)} ({c['min']}..{c['max']}{total}){_constraints(c)}"
            )
    if data["events"]:
        lines.append("")
        lines.append("events:")
        for e in data["events"]:
            fields = ", ".join(f"{f['id']} ({f['kind']})" for f in e["fields"])
            src = {"required": "from required", "optional": "from optional"}.get(e["from"], "")
            extras = "; ".join(x for x in (src, fields and f"fields: {fields}") if x)
            lines.append(
                f"  {e['id']}: {_names(e, tr)}{_value(e, tr)}" + (f"  [{extras}]" if extras else "")
            )
    fans = data.get("fans")
    if isinstance(fans, list) and fans:
        lines.append("")
        lines.append(f"fans: {len(fans)}")
        for f in fans:
            if isinstance(f, dict) and {"id", "name_zh", "name_en"} <= f.keys():
                pts = f" {f['points']}" if "points" in f else ""
                lines.append(f"  {f['id']}: {_names(f, tr)}{pts}")
    return "\n".join(lines)


def _translator(lang: str | None) -> Any:
    from bot.i18n import Translator

    return None if lang is None else Translator(lang)


def _hant_names(rs: Any, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (``rs.to_json()``) with ``name_zh_hant`` where ``rs`` declares a zh_hant name."""
    if getattr(rs, "zh_hant", ""):
        data["name_zh_hant"] = rs.zh_hant
    if getattr(rs, "unit_zh_hant", ""):
        data["unit_zh_hant"] = rs.unit_zh_hant
    for key in ("options", "presets", "shapes", "flags", "counts", "events"):
        for decl, item in zip(getattr(rs, key), data[key], strict=True):
            if decl.zh_hant:
                item["name_zh_hant"] = decl.zh_hant
    for r, item in zip(rs.results, data["results"], strict=True):
        if r.zh_hant:
            item["name_zh_hant"] = r.zh_hant
    return data


def run_rules(args: argparse.Namespace) -> int:
    import scoring
    from scoring.errors import RecordError

    tr = _translator(args.lang)
    if args.id is None:
        rulesets = scoring.all_rulesets()
        if args.json:
            print(_dump([rs.to_json() for rs in rulesets], pretty=True))
            return 0
        width = max((len(rs.id) for rs in rulesets), default=2)
        for rs in rulesets:
            players = "/".join(str(n) for n in rs.players)
            name = tr.name(rs) if tr is not None else f"{rs.zh} / {rs.en}"
            print(f"{rs.id:<{width}}  {name}  ({players} players)")
        return 0
    try:
        rs = scoring.get(args.id)
    except RecordError as err:
        raise BadInput(str(err)) from None
    data = rs.to_json()
    print(_dump(data, pretty=True) if args.json else describe_ruleset(_hant_names(rs, data), tr))
    return 0


def add_rules(sub: Any) -> None:
    p = sub.add_parser("rules", help="list the rulesets, or describe one")
    p.add_argument("id", nargs="?", help="a ruleset id (omit to list them all)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--lang", choices=LANG_CHOICES, default=None, help="text language (default: zh and en)"
    )
    p.set_defaults(func=run_rules)


# --- calc ------------------------------------------------------------------------------------


#: the largest record (a FILE, standard input, one --jsonl line) the command line reads
MAX_RECORD = 1 << 20


def _parse_json(text: str | bytes, where: str) -> Any:
    """Decode within bot/web/body.py's limits (size, depth before parsing, numbers): a record
    nested 1,000 deep is one line naming the problem, not a RecursionError."""
    from bot.web.body import BodyError, loads

    try:
        return loads(text, max_bytes=MAX_RECORD, where=where)
    except BodyError as err:
        raise BadInput(str(err)) from None


def _lines(stdin: TextIO) -> Any:
    """Standard input's lines as bytes (a line that is not UTF-8 is then one bad line, not a
    UnicodeDecodeError that ends the batch)."""
    return getattr(stdin, "buffer", None) or (line.encode() for line in stdin)


def _guarded_lines(stdin: TextIO, stdout: TextIO) -> Any:
    """``gb-fans --jsonl``'s input: each line that :func:`_parse_json` refuses is answered here
    with its error line (the batch goes on), the others go on to the calculator."""
    for lineno, raw in enumerate(_lines(stdin), start=1):
        if raw.strip():
            try:
                _parse_json(raw, f"line {lineno}")
            except BadInput as err:
                stdout.write(_dump({"id": None, "error": str(err)}) + "\n")
                stdout.flush()
                continue
        yield raw.decode("utf-8")


def settle_json(data: Any, *, shown: bool = False) -> dict[str, Any]:
    """Settle one decoded record; :class:`~scoring.RecordError` for a bad one. The JSON is
    the contract's (steps in ``zh`` and ``en``, the declared items by their names);
    ``shown=True``, for :func:`settlement_text`: the Japanese lines too, and the declared
    items as references, named in the language shown (as the bot shows a stored hand)."""
    import scoring
    from scoring import refs

    record = scoring.HandRecord.from_json(data)
    if not shown:
        return scoring.settle(record).to_json(ja=False)
    with refs.referencing(record.ruleset):
        return scoring.settle(record).to_json()


def settlement_text(record: dict[str, Any], settlement: dict[str, Any], lang: str) -> str:
    """A settlement as readable text in ``lang`` (en, zh_Hans, zh_Hant; zh = zh_Hans)."""
    import scoring
    from bot.i18n import Translator

    rs = scoring.get(record["ruleset"])
    tr = Translator(lang)
    unit = tr.attr(rs, "unit")
    lines = [f"{tr.name(rs)} ({rs.id})"]
    lines.append(tr.pick("付款：", "Payments:"))
    if not settlement["payments"]:
        lines.append(tr.pick("  （无）", "  (none)"))
    who = tr.parties({})  # the record's own player ids, and the pot by name
    for p in settlement["payments"]:
        reason = tr.reason(rs, p["reason"])
        payer, payee = who.get(p["from"], p["from"]), who.get(p["to"], p["to"])
        lines.append(f"  {payer} → {payee}: {p['amount']} {unit} ({reason})")
    lines.append(tr.pick("合计：", "Net:"))
    width = max((len(who.get(k, k)) for k in settlement["net"]), default=0)
    for player, value in settlement["net"].items():
        lines.append(f"  {who.get(player, player):<{width}}  {value:+d}")
    if settlement["explanation"]:
        lines.append(tr.pick("计算：", "Explanation:"))
        for step in settlement["explanation"]:
            lines.append(f"  {tr.step(step)}")
    return "\n".join(lines)


def _calc_batch(stdin: TextIO, stdout: TextIO) -> int:
    from scoring.errors import RecordError

    status = 0
    for lineno, line in enumerate(_lines(stdin), start=1):
        if not line.strip():
            continue
        record_id: Any = None
        try:
            data = _parse_json(line, f"line {lineno}")
            if isinstance(data, dict):
                record_id = data.get("id")
            out = {"id": record_id, **settle_json(data)}
        except BadInput as err:
            out = {"id": record_id, "error": str(err)}
        except RecordError as err:
            out = {"id": record_id, "error": str(err)}
        except Exception as err:  # a bug in a ruleset: report it, keep going, exit 1
            out = {"id": record_id, "error": f"internal error: {type(err).__name__}: {err}"}
            status = 1
        stdout.write(_dump(out) + "\n")
        stdout.flush()
    return status


def run_calc(args: argparse.Namespace) -> int:
    from scoring.errors import RecordError

    if args.jsonl:
        if args.file not in (None, "-"):
            raise BadInput("calc --jsonl reads standard input; give no FILE (or -)")
        return _calc_batch(sys.stdin, sys.stdout)
    if args.file is None:
        raise BadInput("calc needs a FILE (or - for standard input), or --jsonl")
    if args.file == "-":
        text, where = sys.stdin.buffer.read(), "stdin"
    else:
        try:
            text, where = Path(args.file).read_bytes(), args.file
        except OSError as err:
            raise BadInput(f"{args.file}: {err.strerror or err}") from None
    data = _parse_json(text, where)
    try:
        settlement = settle_json(data, shown=not args.json)
    except RecordError as err:
        raise BadInput(str(err)) from None
    if args.json:
        print(_dump(settlement, pretty=True))
    else:
        print(settlement_text(data, settlement, args.lang))
    return 0


def add_calc(sub: Any) -> None:
    p = sub.add_parser("calc", help="settle a hand record (JSON) offline")
    p.add_argument("file", nargs="?", metavar="FILE|-", help="the record; - = standard input")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the settlement as JSON")
    out.add_argument(
        "--jsonl",
        action="store_true",
        help="batch: one record per stdin line (an extra 'id' is echoed), one result per line",
    )
    p.add_argument("--lang", choices=LANG_CHOICES, default="en", help="text language")
    p.set_defaults(func=run_calc)


# --- wiring to the rest of the project (lazy imports) ----------------------------------------


NO_TOKEN = (
    "mahjong-tally: no bot token. Ask @BotFather on Telegram for one, then run\n"
    "    TELEGRAM_BOT_TOKEN=123456:ABC... make run\n"
    "or put TELEGRAM_BOT_TOKEN=... in a .env file here (see README.md, Configuration).\n"
    "Without a token you can still check payouts offline: mahjong-tally calc --help"
)


def run_bot(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot.app import run_bot as start
    from bot.config import load_settings

    try:
        settings = load_settings()
    except ValidationError as err:
        fields = {str(e["loc"][0]) for e in err.errors() if e.get("loc")}
        if "TELEGRAM_BOT_TOKEN" in fields or "telegram_bot_token" in fields:
            print(NO_TOKEN, file=sys.stderr)
        else:
            import os

            from bot.errors import redact
            from bot.startup import config_problems

            token = os.environ.get("TELEGRAM_BOT_TOKEN", "")
            for line in config_problems(err):  # NAME=value: what is wrong, one per setting
                print(f"mahjong-tally: bad configuration: {redact(line, token)}", file=sys.stderr)
        return 2
    if not settings.telegram_bot_token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from telegram.error import InvalidToken

    from bot.errors import install_redaction, redact

    token = settings.telegram_bot_token.get_secret_value()
    install_redaction(token)  # before anything can fail: logging, uncaught errors, warnings
    try:
        start(settings)
    except InvalidToken:
        print(
            "mahjong-tally: Telegram refused the bot token (TELEGRAM_BOT_TOKEN).", file=sys.stderr
        )
        return 2
    except KeyboardInterrupt:
        return 0
    except Exception as err:  # a failed start-up: what failed, what to change; no token
        import traceback

        from bot.startup import advice

        if settings.log_level.upper() == "DEBUG":
            sys.stderr.write(redact("".join(traceback.format_exception(err)), token))
        print(redact(advice(err, settings).text(), token), file=sys.stderr)
        return 1
    return 0


def add_bot(sub: Any) -> None:
    p = sub.add_parser("bot", help="run the Telegram bot")
    p.set_defaults(func=run_bot)


def add_playground(sub: Any) -> None:
    p = sub.add_parser(
        "playground",
        help="try the bot offline: four phones in one group chat in a web page (no token)",
    )
    p.add_argument("--port", type=int, default=8080, help="the page's port (default 8080)")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="listen address (default 127.0.0.1; any other needs --public)",
    )
    p.add_argument(
        "--public",
        action="store_true",
        help="allow a --host other than loopback (anyone who reaches it can play: no login)",
    )
    p.add_argument(
        "--db",
        default=None,
        help="SQLite file or database URL (default: data dir/playground.sqlite3)",
    )
    p.add_argument(
        "--foreign-db",
        action="store_true",
        help="--db is not the playground's own ledger (needs --yes-write-it as well)",
    )
    p.add_argument(
        "--yes-write-it",
        action="store_true",
        help="the second confirmation of --foreign-db: write into that ledger",
    )

    def run(args: argparse.Namespace) -> int:
        from bot.playground.run import main as playground

        return playground(
            port=args.port,
            db=args.db,
            host=args.host,
            public=args.public,
            foreign_db=int(args.foreign_db) + int(args.yes_write_it),
        )

    p.set_defaults(func=run)


def run_db(args: argparse.Namespace) -> int:
    from storage.db import make_engine
    from storage.migrations import upgrade
    from storage.settled import upgrade_stored

    upgrade()
    engine = make_engine()
    try:  # hands stored before player references get them (amounts never change)
        upgrade_stored(engine)
    finally:
        engine.dispose()
    return 0


def add_db(sub: Any) -> None:
    p = sub.add_parser("db", help="ledger database maintenance")
    p.add_argument("action", choices=("upgrade",), help="upgrade: migrate to the latest schema")
    p.set_defaults(func=run_db)


def run_render_samples(args: argparse.Namespace) -> int:
    from bot.render.samples import render_samples

    paths = render_samples(Path(args.outdir))
    for path in paths or ():
        print(path)
    return 0


def add_render_samples(sub: Any) -> None:
    p = sub.add_parser("render-samples", help="render sample images into OUTDIR")
    p.add_argument("outdir", metavar="OUTDIR")
    p.set_defaults(func=run_render_samples)


def add_gb_fans(sub: Any) -> None:
    from scoring.gb import notation

    p = sub.add_parser(
        "gb-fans",
        help="Guobiao: the fans of one hand (phone notation) or a --jsonl batch",
        epilog=notation.USAGE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        conflict_handler="resolve",  # --lang below replaces notation's zh|en
    )
    notation.add_arguments(p)
    p.add_argument("--lang", choices=LANG_CHOICES, default="en", help="text language")

    def run(args: argparse.Namespace) -> int:
        from bot.i18n import Translator

        tr = Translator(args.lang)
        args.lang = "zh" if tr.zh else "en"  # notation writes Simplified Chinese or English
        # zh_Hant: the text converted (JSON output keeps the contract's name_zh as it is)
        convert = tr.language.derive is not None and not (args.json or args.jsonl)
        buf = io.StringIO()
        out = buf if convert else sys.stdout
        stdin = _guarded_lines(sys.stdin, out) if args.jsonl else sys.stdin
        try:
            status = notation.run(args, stdin, out)
        except ValueError as err:  # NotationError / RecordError: one line naming the problem
            raise BadInput(str(err)) from None
        if convert:
            sys.stdout.write(tr.chinese(buf.getvalue()))
        return status

    p.set_defaults(func=run)


#: Every subcommand: one ``add_<name>(sub)`` each.
COMMANDS: list[Callable[[Any], None]] = [
    add_rules,
    add_calc,
    add_bot,
    add_playground,
    add_db,
    add_render_samples,
    add_gb_fans,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Mahjong Tally: settle Chinese regional mahjong hands."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except BadInput as err:
        print(f"{PROG} {args.command}: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. piped into head
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
