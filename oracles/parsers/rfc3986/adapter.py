"""The rfc3986 oracle: rfc3986.uri_reference, validated, as an RFC-model record (host: the
worker protocol's runtimes/python/host.py).

"Parse" is uri_reference(input) followed by a Validator that checks the validity of every
component (scheme, userinfo, host, port, path, query, fragment): the library's documented way
to validate (URIReference.is_valid is deprecated since 1.1.0 for Validator). An invalid
reference is a failure (InvalidComponentsError, naming the components). With a base, the
reference is validated, then resolved with URIReference.resolve_with(base) (non-strict, the
library's default), and the record describes the result, whose unsplit() is `resolved`.
The components are the URIReference's own (None is undefined); userinfo, host and port come
from authority_info(). uri_reference percent-encodes what it is given before validating
(the README: a query with U+2603 reads back as %E2%98%83).
"""
import platform
from importlib.metadata import version as package_version

import rfc3986
from rfc3986 import validators

COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def version():
    return "rfc3986 %s on %s %s" % (
        package_version("rfc3986"),
        platform.python_implementation(),
        platform.python_version(),
    )


def validated(text):
    reference = rfc3986.uri_reference(text)
    validators.Validator().check_validity_of(*COMPONENTS).validate(reference)
    return reference


def answer(kind, text, base):
    reference = validated(text)
    resolved = None
    if base is not None:
        reference = reference.resolve_with(base)
        resolved = reference.unsplit()
    info = {"userinfo": None, "host": None, "port": None}
    if reference.authority is not None:
        info = reference.authority_info()
    return {
        "scheme": reference.scheme,
        "authority": reference.authority,
        "userinfo": info["userinfo"],
        "host": info["host"],
        "port": info["port"],
        "path": reference.path or "",
        "query": reference.query,
        "fragment": reference.fragment,
        "resolved": resolved,
    }
