"""atlas_lib.py - what atlas.py and atlas_index.py share: reading a file someone else may have
written (never through a symbolic link), cleaning its values for Markdown and CSV, and the
names of the answers and workloads (not run by hand)."""
import csv
import os
import re

WORDS = ("settled", "likely", "unclear", "provisional")
# The workloads in the order the answer gives them; any other is appended in its own order.
WORKLOADS = ("stream", "chain", "pointer", "position", "random", "peer", "engine (perft)")
ANSWERS = (("32 or 64 bit", "bits"), ("table size", "tables"), ("branching", "branching"))


class Refused(Exception):
    pass


def read(path):
    if os.path.islink(path):
        raise Refused(f"{path}: a symbolic link (not followed)")
    if not os.path.isfile(path):
        raise Refused(f"{path}: missing")
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def clean(value, limit=300, field=False):
    """A value read from a study, made safe for a Markdown table cell (no control character,
    cell bar, code quote, HTML tag or link) and, with field, for a CSV field gnuplot reads (no
    comma); at most limit characters."""
    s = re.sub(r"[\x00-\x1f\x7f]", " ", str(value))
    s = s.replace("|", "/").replace("`", "'").replace("<", "(").replace(">", ")")
    s = s.replace("[", "(").replace("]", ")")
    s = s.replace(",", "") if field else s
    return s.strip()[:limit]


def slug(s):
    s = re.sub(r"\([^)]*\)", "", s or "").lower()
    s = re.sub(r"\s+(?=\d)", "", s.strip())
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-") or "unknown"


def rows(path):
    return list(csv.DictReader(read(path).splitlines()))


def md_rows(lines, header):
    """The rows of every Markdown table among lines whose header row names each column of
    header: (the row's line number, {column: cell}), cells stripped, separator rows left out."""
    cols = None
    for i, line in enumerate(lines):
        if not line.startswith("|"):
            cols = None
            continue
        f = [c.strip() for c in line.strip().strip("|").split("|")]
        if cols is None:
            cols = f if all(h in f for h in header) else []
        elif cols and not set("".join(f)) <= set("-: "):
            yield i, dict(zip(cols, f))


FIRST = re.compile(r"^(?P<cpu>.*?)(?:, (?P<uarch>[^,]*?))? \(family (?P<family>\d+) model "
                   r"(?P<model>\d+)\)(?:, (?P<hyp>[^,;]*?) guest)?(?:, (?P<ncpus>\d+) CPUs)?; "
                   r"(?P<compiler>[^;]*); (?P<study>\w+) study \((?P<samples>\d+) samples a "
                   r"cell\)(?:, (?P<date>\d{4}-\d\d-\d\d))?\.?$")


PEER_HEAD = re.compile(r"^## (?P<title>.*family (?P<f>\d+) model (?P<m>\d+).*)$")


def anchor(title):
    return re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", title.lower()))
