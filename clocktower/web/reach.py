"""Where the web grimoire can be reached from: the addresses `clocktower serve` prints, the
base of the join links it hands out, and a QR code per link (docs/web.md "Reachable
links")."""
from __future__ import annotations

import ipaddress
import socket

WILDCARD = ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices on its networks can open: the one
    of the default route first (found by "connecting" a UDP socket, which sends nothing),
    then the host name's; loopback and link-local addresses left out."""
    found: list[str] = []
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))         # TEST-NET-1: routed like the internet, never sent
        found.append(s.getsockname()[0])
    except OSError:                         # no route at all: no network
        pass
    finally:
        s.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found += [str(i[4][0]) for i in infos]
    out = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or a in out:
            continue
        out.append(a)
    return out


def _url(host: str, port: int) -> str:
    h = f"[{host}]" if ":" in host else host
    return f"http://{h}:{port}"


def serve_addresses(host: str, port: int) -> tuple[list[str], str | None]:
    """(the addresses to open the grimoire at, the base URL of join links or None to take
    it from each request). Listening on every interface (0.0.0.0, ::), the links use the
    first LAN address: a grimoire opened at 127.0.0.1 still hands phones a link they can
    open. Listening on one address, the links use the address the grimoire was opened at."""
    if host in WILDCARD:
        lan = lan_addresses()
        urls = [_url(a, port) for a in lan] + [_url("127.0.0.1", port)]
        return urls, (urls[0] if lan else None)
    return [_url(host, port)], None


def qr_svg_data_uri(text: str) -> str:
    """A QR code of `text` as an SVG image in a data: URI (segno: pure Python, offline)."""
    import segno
    return segno.make(text, error="m").svg_data_uri(scale=4, border=2, dark="#000",
                                                     light="#fff")
