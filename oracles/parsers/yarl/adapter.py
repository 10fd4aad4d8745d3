"""The yarl oracle: yarl.URL as an RFC-model record (host: the worker protocol's
runtimes/python/host.py). Resolution is URL(base).join(URL(input)).

Fields are yarl's raw (encoded) parts: scheme, raw_user[:raw_password] (userinfo),
host_subcomponent (the host with an IPv6 literal's brackets), explicit_port, raw_path,
raw_query_string, raw_fragment; `resolved` is str(URL) of the join. The authority is
raw_authority, defined when yarl writes "//" (str(URL) after the scheme). yarl gives "" both
for an absent and for an empty query or fragment (and str() writes neither), so those are
reported "" either way: empty-or-undefined.
"""
import platform
from importlib.metadata import version as package_version

from yarl import URL


def version():
    try:
        from yarl import _quoting_c  # noqa: F401  the compiled quoter, when the wheel has it

        build = "C extension"
    except ImportError:
        build = "pure Python"
    return "yarl %s (%s; multidict %s, propcache %s, idna %s) on %s %s" % (
        package_version("yarl"),
        build,
        package_version("multidict"),
        package_version("propcache"),
        package_version("idna"),
        platform.python_implementation(),
        platform.python_version(),
    )


def unicode(probes):
    import idna.idnadata

    return "%s (idna %s data)" % (idna.idnadata.__version__, package_version("idna"))


def has_authority(url):
    text = str(url)
    after_scheme = text[len(url.scheme) + 1 :] if url.scheme else text
    return after_scheme.startswith("//")


def answer(kind, text, base):
    url = URL(text)
    resolved = None
    if base is not None:
        url = URL(base).join(url)
        resolved = str(url)
    record = {
        "scheme": url.scheme or None,
        "authority": None,
        "userinfo": None,
        "host": None,
        "port": None,
        "path": url.raw_path,
        "query": url.raw_query_string,
        "fragment": url.raw_fragment,
        "resolved": resolved,
    }
    if has_authority(url):
        record["authority"] = url.raw_authority
        if url.raw_user is not None or url.raw_password is not None:
            userinfo = url.raw_user or ""
            if url.raw_password is not None:
                userinfo += ":" + url.raw_password
            record["userinfo"] = userinfo
        record["host"] = url.host_subcomponent or ""
        if url.explicit_port is not None:
            record["port"] = str(url.explicit_port)
    return record
