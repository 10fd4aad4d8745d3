#!/usr/bin/env python3
"""Refresh url-bs-dfns.tsv from the URL Standard's source, url.bs, when it is at hand:

    python3 parser/tests/data/refresh_url_bs_dfns.py PATH/TO/url.bs

Writes every `<dfn>` and `<dfn id=...>` of url.bs as `<text>\t<id or ->`, the anchors the
validation-error links point at (Bikeshed derives an id from the lowercased text where none is
given), and whether the `validation error` definition is there; the header names the source
(its LATESTRD review draft and the SHA-256 of the file). `parser/tests/validation_errors.rs`
reads the result, so the tests need no url.bs.
"""
import hashlib
import pathlib
import re
import sys

spec_path = pathlib.Path(sys.argv[1])
spec = spec_path.read_text(encoding="utf-8")
draft = re.search(r"LATESTRD (\S+)", spec)
digest = hashlib.sha256(spec.encode("utf-8")).hexdigest()[:16]
lines = [
    "# The <dfn>s of the URL Standard's url.bs: <text>\\t<id, or - for the id Bikeshed derives>.",
    f"# Source: url.bs (LATESTRD {draft.group(1) if draft else 'unknown'}, sha256 {digest}).",
    "# Refresh: python3 parser/tests/data/refresh_url_bs_dfns.py PATH/TO/url.bs",
]
for match in re.finditer(r"<dfn(?: id=([^ >]+))?>([^<]+)</dfn>", spec):
    lines.append(f"{match.group(2)}\t{match.group(1) or '-'}")
if "<dfn oldids=syntax-violation>validation error</dfn>" in spec:
    lines.append("validation error\t(oldids=syntax-violation)")
out = pathlib.Path(__file__).with_name("url-bs-dfns.tsv")
out.write_text("\n".join(lines) + "\n", encoding="utf-8")
print(f"wrote {out} ({len(lines) - 3} definitions)")
