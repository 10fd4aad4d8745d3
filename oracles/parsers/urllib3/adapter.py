"""The urllib3 oracle: urllib3.util.parse_url as an RFC-model record (host: the worker
protocol's runtimes/python/host.py). parse_url cannot resolve: a case with a base gets no
opinion.

Url(scheme, auth, host, port, path, query, fragment) maps onto the record as:
scheme, auth (userinfo), host, port (an int: str of it), path ("" when None), query and
fragment (None is undefined; urllib3 keeps an empty query or fragment), and authority is
Url.authority. urllib3 normalizes while it parses (lower-cased scheme and, for http and
https, host; percent-encoding of characters its grammar does not allow); the record is its
answer, normalized as it is.
"""
import platform
from importlib.metadata import version as package_version

from urllib3.util import parse_url


def version():
    return "urllib3 %s (idna %s) on %s %s" % (
        package_version("urllib3"),
        package_version("idna"),
        platform.python_implementation(),
        platform.python_version(),
    )


def unicode(probes):
    import idna.idnadata

    return "%s (idna %s data)" % (idna.idnadata.__version__, package_version("idna"))


def answer(kind, text, base):
    if base is not None:
        return None  # parse_url cannot resolve a reference: no opinion
    url = parse_url(text)
    return {
        "scheme": url.scheme,
        "authority": url.authority,
        "userinfo": url.auth,
        "host": url.host,
        "port": None if url.port is None else str(url.port),
        "path": url.path or "",
        "query": url.query,
        "fragment": url.fragment,
        "resolved": None,
    }
