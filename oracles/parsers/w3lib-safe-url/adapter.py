"""The w3lib-safe-url oracle: w3lib.url.safe_url_string as a WHATWG-model record holding only
`href` (host: the worker protocol's runtimes/python/host.py).

safe_url_string returns a URL string: "url is parsed according to the rules of the URL living
standard" and the result "should be valid by all of" the URL Standard, RFC 3986 and RFC 2396
(its docstring), so its string is compared with the URL Standard's href. It takes no base
(Scrapy joins first): a case with a base gets no opinion. The other WHATWG fields are not
filled: they would be another parser's reading of w3lib's output.
"""
import platform
from importlib.metadata import version as package_version

from w3lib.url import safe_url_string


def version():
    return "w3lib %s on %s %s" % (
        package_version("w3lib"),
        platform.python_implementation(),
        platform.python_version(),
    )


def fields():
    return ["href"]


def answer(kind, text, base):
    if base is not None:
        return None  # safe_url_string takes no base: no opinion
    return {"href": safe_url_string(text)}
