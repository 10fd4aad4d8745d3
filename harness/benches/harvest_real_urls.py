"""Real URLs from the packages installed on this machine, for timing `urldiff triage` on inputs
nobody wrote for urldiff: every URL in the metadata and documentation files (README, changelog,
copyright, Cargo.toml, package.json, METADATA, *.md, *.rst, *.txt, *.json) of the cargo
registry, oracles/node/node_modules, Python's site-packages (Debian's, pyenv's, the oracles'
virtual environments) and Debian's /usr/share/doc (gzipped files too) and dpkg status,
de-duplicated, as JSON Lines of {"input"}. The set depends on what is installed; the figures
in docs/benchmarks.md name how many URLs it held.

    python3 harness/benches/harvest_real_urls.py > all.jsonl
    # 30,000 of them, in an order that mixes the sources (sha1 of the line):
    python3 harness/benches/harvest_real_urls.py --pick 30000 > real-30000.jsonl
"""
import gzip, hashlib, json, os, re, sys
URL = re.compile(r'''(?:https?|ftp|git|ssh|svn|git\+https|git\+ssh|ws|wss|file)://[^\s"'<>`\\]+''')
HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(os.path.dirname(HERE))
roots = [os.path.expanduser('~/.cargo/registry/src'), os.path.join(PROJECT, 'oracles/node/node_modules'),
         '/usr/lib/python3/dist-packages', os.path.expanduser('~/.pyenv/versions'),
         os.path.join(PROJECT, 'out/cache/venvs'), '/usr/share/doc', '/var/lib/dpkg/status']
doc = re.compile(r'(?i)^(readme|changelog|changes|history|news|copyright|authors|contributing|metadata|pkg-info|cargo\.toml|package\.json|license)[^/]*$|\.(md|rst|txt|toml|json)(\.gz)?$')
def files():
    for root in roots:
        if os.path.isfile(root):
            yield root
        for dp, dn, fn in os.walk(root):
            dn.sort()
            for f in sorted(fn):
                if doc.search(f):
                    yield os.path.join(dp, f)
seen = {}
for p in files():
    try:
        raw = gzip.open(p).read() if p.endswith('.gz') else open(p, 'rb').read()
    except (OSError, EOFError):
        continue
    if len(raw) > 2_000_000:
        continue
    for m in URL.finditer(raw.decode('utf-8', 'replace')):
        seen.setdefault(m.group(0).rstrip('.,;:)]}*_'), None)
lines = [json.dumps({"input": u}) for u in seen]
if len(sys.argv) == 3 and sys.argv[1] == '--pick':
    lines.sort(key=lambda line: hashlib.sha1(line.encode()).hexdigest())
    lines = lines[:int(sys.argv[2])]
print(len(seen), 'URLs found', file=sys.stderr)
for line in lines:
    print(line)
