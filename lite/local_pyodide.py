"""Make a self-contained Pyodide folder for a JupyterLite build.

Usage: python make_local_pyodide.py NPM_PYODIDE_PACKAGE_DIR OUT_DIR PIP [EXTRA.whl ...]

* copies the npm `pyodide` package's runtime files into OUT_DIR
  (OUT_DIR should be <lite_dir>/static/pyodide: the PyodideAddon copies that
  "well-known" folder into the site and points pyodideUrl at it);
* the npm package has the runtime and pyodide-lock.json but none of the
  package wheels the lock names; for the pure-Python ones the kernel needs
  (micropip, packaging, ipython and its deps, jedi, ...) download the exact
  lock version from PyPI, put it next to pyodide.js and rewrite the lock's
  sha256 (Pyodide checks the integrity of each wheel against the lock; the
  Pyodide-built wheels differ byte-wise from the PyPI ones);
* compiled lock packages we cannot get (sqlite3 and ssl are Pyodide-built stdlib
  modules; numpy/matplotlib are only optional deps of networkx here) are
  dropped from the `depends` lists; sqlite3 (which the kernel always asks
  piplite to install, and IPython 8 imports) becomes a small pure-Python
  shim wheel (exception classes, connect() raises): the kernel runs IPython
  with history disabled, so nothing connects;
* adds each EXTRA wheel (tcgteach and its deps that the lock lacks) to the
  lock, so `loadPyodideOptions.packages` can preload them at kernel start
  and a notebook can `import tcgteach` with no `%pip install`;
* prunes every other lock entry whose file is not here, so nothing can
  ever be looked up at a CDN.
"""

import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

NPM_DIR, OUT, PIP = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
EXTRA = [Path(w) for w in sys.argv[4:]]
ROOTS = ["micropip", "packaging", "ipython", "jedi", "traitlets", "networkx", "tqdm"]
DROP = {"sqlite3", "numpy", "matplotlib", "setuptools"}  # never fetched
#: dependencies of tcgteach left out of the site: jsonschema needs the compiled rpds-py (not on PyPI for
#: Pyodide); without it tcgteach checks its files with its own validator (tcgteach.core.schema.SubsetValidator)
NOT_BUNDLED = {"jsonschema"}
#: the site is the lessons' world: of tcgteach's `notebooks` extra, the packages that run in Pyodide (the widgets,
#: the flow graphs' DOT, progress bars) are preloaded with it; JupyterLab, Voila and ipykernel are the site itself
SITE_EXTRA = {"notebooks"}
RUNTIME = [
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
]

OUT.mkdir(parents=True, exist_ok=True)
for name in RUNTIME:
    shutil.copy2(NPM_DIR / name, OUT / name)

lock = json.loads((NPM_DIR / "pyodide-lock.json").read_text())
pkgs = lock["packages"]
PYVER = ".".join(lock["info"]["python"].split(".")[:2])  # 3.13 for 0.29, 3.12 for 0.27


def norm(n):
    return n.lower().replace("_", "-")


by_norm = {norm(k): k for k in pkgs}
need, todo = [], list(ROOTS)
while todo:
    key = by_norm[norm(todo.pop())]
    if key in need:
        continue
    need.append(key)
    pkgs[key]["depends"] = [d for d in pkgs[key]["depends"] if d not in DROP]
    todo += pkgs[key]["depends"]

for key in need:
    p = pkgs[key]
    target = OUT / p["file_name"]
    if not target.exists():
        subprocess.run(
            [
                PIP,
                "download",
                "-q",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                PYVER,
                "--implementation",
                "py",
                "--abi",
                "none",
                "--platform",
                "any",
                f"{p['name']}=={p['version']}",
                "-d",
                str(OUT / "_dl"),
            ],
            check=True,
        )
        got = list((OUT / "_dl").glob("*.whl"))
        assert len(got) == 1, got
        got[0].rename(target)  # same file name as the lock's in practice
    p["sha256"] = hashlib.sha256(target.read_bytes()).hexdigest()
    p["imports"] = p.get("imports", [])
shutil.rmtree(OUT / "_dl", ignore_errors=True)


SQLITE3_SHIM = '''"""Stand-in for Pyodide's sqlite3 (a compiled stdlib module that only its CDN
serves). IPython < 9 imports sqlite3 unconditionally; the Pyodide kernel runs
IPython with history disabled, so nothing ever connects."""
PARSE_DECLTYPES, PARSE_COLNAMES = 1, 2
class Error(Exception): pass
class DatabaseError(Error): pass
class OperationalError(DatabaseError): pass
class IntegrityError(DatabaseError): pass
class Connection: pass
def register_converter(*a, **k): pass
def register_adapter(*a, **k): pass
def connect(*a, **k):
    raise OperationalError("sqlite3 is not available in this offline Pyodide build")
'''


def stub_wheel(name, version, modules=None):
    """A wheel with metadata (and only the given modules, e.g. a shim)."""
    fn = f"{name}-{version}-py3-none-any.whl"
    di = f"{name}-{version}.dist-info"
    files = {
        **(modules or {}),
        f"{di}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{di}/WHEEL": "Wheel-Version: 1.0\nGenerator: stub\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    rec = []
    for path, text in files.items():
        h = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        rec.append(f"{path},sha256={h},{len(text.encode())}")
    rec.append(f"{di}/RECORD,,")
    files[f"{di}/RECORD"] = "\n".join(rec) + "\n"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for path, text in files.items():
            z.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), text)
    (OUT / fn).write_bytes(buf.getvalue())
    return fn


# the kernel always piplite-installs these compiled stdlib modules
# (0.6.x: ssl and sqlite3; 0.7.x: sqlite3): stand-ins, as explained above;
# ssl gets no module at all, so `import ssl` still raises ImportError
for name, modules in [("sqlite3", {"sqlite3/__init__.py": SQLITE3_SHIM}), ("ssl", {})]:
    fn = stub_wheel(name, pkgs[name]["version"], modules)
    pkgs[name].update(
        file_name=fn,
        package_type="package",
        depends=[],
        imports=list({m.split("/")[0] for m in modules}),
        sha256=hashlib.sha256((OUT / fn).read_bytes()).hexdigest(),
    )
    need.append(name)


def canon(n):
    return n.lower().replace("_", "-").replace(".", "-")


lock_names = {canon(k): k for k in pkgs}
for whl in EXTRA:
    with zipfile.ZipFile(whl) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = z.read(meta_name).decode()
        tops = sorted({n.split("/")[0] for n in z.namelist() if not n.split("/")[0].endswith((".dist-info", ".data"))})
        tops = [t[:-3] if t.endswith(".py") else t for t in tops]
    hdr = meta.split("\n\n")[0].splitlines()
    name = next(h.split(": ", 1)[1] for h in hdr if h.startswith("Name: "))
    version = next(h.split(": ", 1)[1] for h in hdr if h.startswith("Version: "))
    reqs = [h.split(": ", 1)[1] for h in hdr if h.startswith("Requires-Dist: ")]
    deps = []
    for r in reqs:
        if "extra ==" in r and not any(f'extra == "{x}"' in r for x in SITE_EXTRA):
            continue
        dn = canon(
            r.split(";")[0]
            .replace("(", " ")
            .split()[0]
            .split("<")[0]
            .split(">")[0]
            .split("=")[0]
            .split("~")[0]
            .split("!")[0]
        )
        if dn in NOT_BUNDLED:
            continue
        if "extra ==" in r and dn not in {canon(k) for k in need} | {canon(x.name.split("-")[0]) for x in EXTRA}:
            continue  # of the extra, only what is here already (never matplotlib: Pyodide's CDN only)
        if dn in lock_names or dn in {canon(x.name.split("-")[0]) for x in EXTRA}:
            deps.append(dn)
    shutil.copy2(whl, OUT / whl.name)
    key = canon(name)
    pkgs[key] = dict(
        name=key,
        version=version,
        file_name=whl.name,
        install_dir="site",
        sha256=hashlib.sha256(whl.read_bytes()).hexdigest(),
        package_type="package",
        imports=tops,
        depends=deps,
        unvendored_tests=False,
    )
    lock_names[key] = key
    need.append(key)
# dependency names must be lock keys
for k in need:
    pkgs[k]["depends"] = [lock_names.get(canon(d), d) for d in pkgs[k]["depends"]]

# keep only what is actually here: no entry can send Pyodide to a CDN
lock["packages"] = {k: pkgs[k] for k in need}
(OUT / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
print("local pyodide packages:", ", ".join(sorted(f"{k}=={pkgs[k]['version']}" for k in need)))
