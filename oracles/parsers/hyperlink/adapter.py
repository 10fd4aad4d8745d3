"""The hyperlink oracle: hyperlink.URL.from_text as an RFC-model record (host: the worker
protocol's runtimes/python/host.py). Resolution is URL.from_text(base).click(input's URL).

URL.from_text keeps the text's encoding (it is the raw URL; hyperlink.parse would decode).
Fields: scheme ("" is undefined), authority defined when uses_netloc (a "//" was written) and
then URL.authority(with_password=True), userinfo, host (an IPv6 literal gets its brackets
back, as authority() writes it), port only when it is not the scheme's default (hyperlink
fills in the default port, so an explicit default port cannot be told from none; to_text
omits it too), path ("/" before the segments when rooted), query (its pairs joined with "&"
and "="), fragment; `resolved` is to_text() of the click. hyperlink gives "" for an absent
and for an empty userinfo, query and fragment: reported "" (empty-or-undefined).
"""
import platform
from importlib.metadata import version as package_version

from hyperlink import URL
from hyperlink._url import SCHEME_PORT_MAP


def version():
    return "hyperlink %s (idna %s) on %s %s" % (
        package_version("hyperlink"),
        package_version("idna"),
        platform.python_implementation(),
        platform.python_version(),
    )


def unicode(probes):
    import idna.idnadata

    return "%s (idna %s data)" % (idna.idnadata.__version__, package_version("idna"))


def answer(kind, text, base):
    url = URL.from_text(text)
    resolved = None
    if base is not None:
        url = URL.from_text(base).click(url)
        resolved = url.to_text(with_password=True)
    query = "&".join(k if v is None else k + "=" + v for k, v in url.query)
    record = {
        "scheme": url.scheme or None,
        "authority": None,
        "userinfo": None,
        "host": None,
        "port": None,
        "path": ("/" if url.rooted else "") + "/".join(url.path),
        "query": query,
        "fragment": url.fragment,
        "resolved": resolved,
    }
    if url.uses_netloc:
        host = url.host
        record["authority"] = url.authority(with_password=True)
        record["userinfo"] = url.userinfo
        record["host"] = "[%s]" % host if ":" in host else host
        if url.port is not None and url.port != SCHEME_PORT_MAP.get(url.scheme):
            record["port"] = str(url.port)
    return record
