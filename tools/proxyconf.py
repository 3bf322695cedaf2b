"""An operator's nginx or HAProxy configuration, made to run on this machine for tools/proxycheck.py.

What routes is kept as it is written; what only works on the operator's
machines is replaced or left out:

- each backend address (``host:port`` in a ``server`` line or a
  ``proxy_pass``) becomes a port of the loopback, one per address;
- the proxy listens on 127.0.0.1 at a port of the check's (with TLS where
  the file has it, on a certificate made for the check), and sends from
  127.0.0.5 (nginx ``proxy_bind``, HAProxy ``source``) so that the servers
  can tell the proxy's address from the people's;
- lines that need the operator's system or reach beyond this machine are
  left out: a process user, chroot, pid file, stats socket, syslog, log
  files, OCSP stapling and its resolver, included files, modules.

The process names are those of the paths ``/p/NAME/`` the file routes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ADDRESS = r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d+"
NAME = re.compile(r"/p/([A-Za-z0-9_-]{1,40})/")
PROXY_SOURCE = "127.0.0.5"
"""The address the proxy sends from in the check (the people connect from another)."""
NGINX_LEFT_OUT = ("user", "pid", "daemon", "include", "load_module", "error_log", "access_log", "ssl_stapling",
                  "ssl_stapling_verify", "ssl_trusted_certificate", "ssl_dhparam", "resolver", "ssl_stapling_file")
HAPROXY_LEFT_OUT = ("log", "chroot", "user", "group", "uid", "gid", "daemon", "pidfile", "stats socket",
                    "master-worker", "log-send-hostname")
HAPROXY_SECTIONS = ("global", "defaults", "frontend", "backend", "listen", "resolvers", "peers", "userlist",
                    "mailers", "program", "http-errors", "cache", "ring")


class NotAProxyFile(Exception):
    """The file is neither an nginx nor an HAProxy configuration this check understands."""


@dataclass
class Prepared:
    """A configuration ready to run here, and what the check needs to know of it."""

    kind: str
    """``nginx`` or ``haproxy``."""
    text: str
    backends: list[str] = field(default_factory=list)
    """The operator's backend addresses, in the order they first appear."""
    ports: dict[str, int] = field(default_factory=dict)
    """The loopback port that stands for each backend address."""
    names: list[str] = field(default_factory=list)
    """The process names the file routes (``/p/NAME/``), in order."""
    tls: bool = False
    """Whether the proxy ends TLS (people connect with ``wss://``)."""
    left_out: list[str] = field(default_factory=list)
    """The lines left out, as written."""


def _code(line: str) -> str:
    """A line without its comment."""
    return line.split("#", 1)[0]


def kind_of(text: str) -> str:
    """``haproxy`` or ``nginx`` by the file's words; NotAProxyFile for neither."""
    code = "\n".join(_code(line).rstrip() for line in text.splitlines())
    if re.search(r"^(global|defaults|frontend|backend|listen)(\s|$)", code, re.MULTILINE) and not re.search(r";$", code, re.MULTILINE):
        return "haproxy"
    if re.search(r"\b(location|upstream|proxy_pass|server)\b[^;]*[{;]", code):
        return "nginx"
    raise NotAProxyFile("the file is neither an nginx configuration nor an HAProxy one")


def process_names(text: str) -> list[str]:
    """The names of the paths ``/p/NAME/`` the file routes, in order."""
    names: list[str] = []
    for line in text.splitlines():
        for name in NAME.findall(_code(line)):
            if name not in names:
                names.append(name)
    return names


class _Backends:
    """Backend addresses found so far and the ports that stand for them."""

    def __init__(self, free_port: Callable[[], int]) -> None:
        self.free_port = free_port
        self.ports: dict[str, int] = {}

    def swap(self, line: str, pattern: str) -> str:
        """``line`` with the address ``pattern`` catches (group ``a``) made a loopback port."""
        def local(match: re.Match[str]) -> str:
            address = match.group("a")
            if address not in self.ports:
                self.ports[address] = self.free_port()
            start, end = match.span("a")
            whole = match.group(0)
            offset = match.start(0)
            return whole[:start - offset] + f"127.0.0.1:{self.ports[address]}" + whole[end - offset:]
        return re.sub(pattern, local, line)


def prepare(text: str, proxy_port: int, cert: Path, key: Path, pem: Path, free_port: Callable[[], int],
            kind: str = "") -> Prepared:
    """The configuration ``text`` made to run here (``pem``: the certificate and key in one file, for HAProxy)."""
    kind = kind or kind_of(text)
    if kind == "haproxy":
        return _haproxy(text, proxy_port, pem, free_port)
    return _nginx(text, proxy_port, cert, key, free_port)


def _nginx_statements(text: str) -> list[tuple[str, str]]:
    """The file as statements: (its text, how it ends: ``;``, ``{`` or ``}``), comments left out,
    quoted text kept whole (nginx allows many statements on a line, and a block on one)."""
    statements: list[tuple[str, str]] = []
    current, quote, comment = "", "", False
    for char in text:
        if comment:
            comment = char != "\n"
        elif quote:
            current += char
            quote = "" if char == quote else quote
        elif char in "'\"":
            current, quote = current + char, char
        elif char == "#":
            comment = True
        elif char in ";{}":
            statements.append((" ".join(current.split()), char))
            current = ""
        else:
            current += char
    return statements


def _nginx_servers(statements: list[tuple[str, str]]) -> dict[int, bool]:
    """Each ``server { }`` block by its first statement: whether it proxies."""
    servers: dict[int, bool] = {}
    stack: list[int] = []
    for number, (words, end) in enumerate(statements):
        if end == "{":
            stack.append(number)
            if words == "server":
                servers[number] = False
        elif end == "}" and stack:
            stack.pop()
        elif words.startswith("proxy_pass "):
            block = next((b for b in reversed(stack) if b in servers), None)
            if block is not None:
                servers[block] = True
    return servers


def _nginx(text: str, proxy_port: int, cert: Path, key: Path, free_port: Callable[[], int]) -> Prepared:
    """An nginx configuration made to run here, written again a statement a line."""
    statements = _nginx_statements(text)
    servers = _nginx_servers(statements)
    backends = _Backends(free_port)
    prepared = Prepared("nginx", "", names=process_names(text))
    out: list[str] = []
    stack: list[int] = []
    listened: set[int] = set()
    for number, (words, end) in enumerate(statements):
        if end == "}":
            if stack:
                stack.pop()
            out.append("    " * len(stack) + "}")
            continue
        word = words.split(" ", 1)[0]
        block = next((b for b in reversed(stack) if b in servers), -1)
        line = _nginx_line(words, word, block, servers, listened, prepared, proxy_port, cert, key, free_port)
        if line is not None:
            out.append("    " * len(stack) + backends.swap(line, rf"(?:^server|proxy_pass\s+https?://)\s*(?P<a>{ADDRESS})")
                       + (" {" if end == "{" else end))
        if end == "{":
            stack.append(number)
            if word == "http":
                out.append("    " * len(stack) + f"proxy_bind {PROXY_SOURCE};  # the check's: the proxy's own address differs")
    body = "\n".join(out)
    if not any(words == "http" and end == "{" for words, end in statements):
        body = f"http {{\n    proxy_bind {PROXY_SOURCE};\n{body}\n}}"
    if not any(words == "events" and end == "{" for words, end in statements):
        body = "events {}\n" + body
    prepared.text = body + "\n"
    prepared.ports = backends.ports
    prepared.backends = list(backends.ports)
    return prepared


def _nginx_line(words: str, word: str, block: int, servers: dict[int, bool], listened: set[int],
                prepared: Prepared, proxy_port: int, cert: Path, key: Path, free_port: Callable[[], int]) -> str | None:
    """One statement as it runs here (None: left out, and noted)."""
    if word in NGINX_LEFT_OUT or (word == "listen" and block in listened):
        prepared.left_out.append(words)
        return None
    if word == "listen":
        listened.add(block)
        tls = " ssl" if re.search(r"\bssl\b", words) else ""
        proxies = servers.get(block, False)
        prepared.tls = prepared.tls or (proxies and bool(tls))
        return f"listen 127.0.0.1:{proxy_port if proxies else free_port()}{tls}"
    if word == "ssl_certificate":
        return f"ssl_certificate {cert}"
    if word == "ssl_certificate_key":
        return f"ssl_certificate_key {key}"
    return words


def _haproxy(text: str, proxy_port: int, pem: Path, free_port: Callable[[], int]) -> Prepared:
    """An HAProxy configuration made to run here."""
    backends = _Backends(free_port)
    prepared = Prepared("haproxy", "", names=process_names(text))
    sections = _haproxy_sections(text.splitlines())
    out: list[str] = []
    bound: set[int] = set()
    for number, line in enumerate(text.splitlines()):
        code = " ".join(_code(line).split())
        section, start, routes = sections[number]
        if any(code == word or code.startswith(word + " ") for word in HAPROXY_LEFT_OUT) or (
                code.startswith("errorfile ") and not Path(code.split()[-1]).exists()):
            prepared.left_out.append(line.strip())
            continue
        if code.startswith("bind ") and section in ("frontend", "listen"):
            if start in bound:
                prepared.left_out.append(line.strip())
                continue
            bound.add(start)
            tls = bool(re.search(r"\bssl\b", code))
            prepared.tls = prepared.tls or (routes and tls)
            port = proxy_port if routes else free_port()
            out.append(f"    bind 127.0.0.1:{port}" + (f" ssl crt {pem}" if tls else ""))
            continue
        out.append(backends.swap(line, rf"^\s*server\s+\S+\s+(?P<a>{ADDRESS})"))
        if number == start and section in ("backend", "listen"):
            out.append(f"    source {PROXY_SOURCE}  # the check's: the proxy's own address differs")
    prepared.text = "\n".join(out) + "\n"
    prepared.ports = backends.ports
    prepared.backends = list(backends.ports)
    return prepared


def _haproxy_sections(lines: list[str]) -> list[tuple[str, int, bool]]:
    """For each line: its section's keyword, the section's first line, and whether the section
    routes requests (a frontend with backends, or a listen section with servers)."""
    marks: list[tuple[str, int]] = []
    section, start = "", -1
    for number, line in enumerate(lines):
        word = _code(line).split(" ", 1)[0].strip()
        if line[:1].strip() and word in HAPROXY_SECTIONS:
            section, start = word, number
        marks.append((section, start))
    routing = {start for number, (section, start) in enumerate(marks)
               if re.match(r"\s*(use_backend|default_backend|server)\s", _code(lines[number]))}
    return [(section, start, start in routing) for section, start in marks]
