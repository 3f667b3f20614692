#!/usr/bin/env python3
"""make-fixture-truth.py OUT - writes the small studies tests/test_report_truth.sh reads, each
one made to produce a contradiction the report used to print (so the test can fail):
  OUT/quick/     three rounds (a quick study): classical-conditional 6x slower than
                 classical-branchless and magic-fancy 7x faster than sherwin, every round: the
                 intervals exclude 1, the signed-rank test cannot settle three pairs ("not
                 distinguishable (time ratio 0.16x ...)" was printed);
  OUT/ahead/     peer: magic-black has the lower median in summary.csv, but pext is 0.98x its
                 time in every one of 12 rounds ("magic-black is fastest, 0.98x ahead of pext");
  OUT/winners/   pointer: pext fastest in the main sweep's rounds, magic-fancy lowest by the
                 medians of summary.csv, kindergarten-4k fastest within the compiler blocks
                 (three winners in three sections); pressure (3 rounds): split-pext fastest at
                 0 and 1 MiB, kogge-stone-avx512 at 8 MiB, no adjacent pair settled ("no
                 ranking change" above two winners), galois-field fastest at 8 MiB within the
                 compiler blocks;
  OUT/quiet/, OUT/busy/  the compiler blocks of tests/data/fixture-compiler (ka settles faster
                 under clang, kb under gcc) with context.json host epochs: the other CPUs 5%
                 busy, or 80%;
  OUT/below/, OUT/baseinv/  fixture-run-a with kindergarten-4k's stream rows (the stream
                 winner) flagged below-bound; (with bound_cycles and ns_net_median columns) or
                 baseline-invalid; (without them).
  OUT/busyrows/, OUT/quietrows/  fixture-run-a with /proc quiet in every epoch (other CPUs
                 1%), and 14 of its 18 timed rows flagged unstable; (another tenant on the
                 physical core, which /proc does not see), or only its one unstable row;
  OUT/blockheld/ fixture-run-a and the compiler blocks of tests/data/fixture-compiler, with kc's
                 two rows flagged below-bound; in every clang block and ka's position row
                 baseline-invalid; in 03-clang (13 withheld rows the report's list left out:
                 it read m64/ and pressure/ only); and kindergarten-4k's stream rook row of m64
                 (the stream winner) flagged bound-dropped;: its bound gone, its figure ranked.
  OUT/noise/     stream (12 rounds): magic-black lowest by the medians of summary.csv, pext
                 ahead of it by the median of the rounds' ratios but never one way for long
                 (the interval includes 1), galois-field and split-pext as close, hyperbola 2x
                 slower ("pext has the lowest median (1.010 ...)" above magic-black's 1.000, one
                 winner with a margin, no word on why or what would settle it);
  OUT/spread/    tests/data/fixture-process with kb's time in its six gcc block processes
                 scaled by 1.25 0.8 1.2 0.83 1.3 0.77: the main sweep settles 1.30x within the
                 run (p far below 0.05), the spread between processes takes 1 into the interval
                 (the footnote said "unclear: no difference is measured").
Deterministic."""
import csv, json, os, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1]
DATASET = "datasets/master-2000.trace"
SUM = ["run_id", "kernel", "family", "mode", "piece", "dataset", "cache_state",
       "pressure_bytes", "lookups", "samples", "ns_min", "ns_median", "ns_ci_lo", "ns_ci_hi",
       "flags"]
SMP = ["run_id", "kernel", "family", "mode", "piece", "dataset", "cache_state",
       "pressure_bytes", "phase", "epoch", "sample", "ns_per_lookup", "net_ns_per_lookup", "flags"]


def median(v):
    s = sorted(v)
    return (s[len(s) // 2] + s[(len(s) - 1) // 2]) / 2


# The descriptors the kernels declare (slidebench list: sibling, question, table bytes): a
# report reads them from context.json only, never from the binary that draws it.
DESCRIPTORS = {
    "classical-branchless": ("classical-conditional", "branching", 4096),
    "classical-conditional": (None, "", 4096),
    "galois-field": (None, "", 2048),
    "kindergarten-4k": ("kindergarten-512", "tables", 9728),
    "kindergarten-512": (None, "", 2048),
    "kogge-stone-avx512": (None, "", 0),
    "magic-black": (None, "", 706976),
    "magic-fancy": (None, "", 865280),
    "pext": (None, "", 863232),
    "sherwin": ("magic-fancy", "bits", 1439744),
    "split-pext": (None, "", 133120),
}


# What each kernel cannot run without (the descriptors' needs, ABI 6)
NEEDS = {"pext": "BMI2", "split-pext": "BMI2", "galois-field": "AVX2 and GFNI",
         "kogge-stone-avx512": "AVX-512F and AVX-512VL"}


def descriptor(k):
    sib, q, tb = DESCRIPTORS.get(k, (None, "", 0))
    return {"name": k, "family": k.split("-")[0], "status": "timed", "sibling": sib,
            "question": q, "table_bytes": tb, "needs": NEEDS.get(k, "")}


def ctx(run_id, n, kernels, busy=None):
    c = {"run_id": run_id, "command": "slidebench bench (fixture)",
         "slidebench": {"compiler": "gcc 12.2.0", "cflags": "-O2 -march=native"},
         "machine": {"cpu_model": "Fixture CPU", "uarch": "zen5", "ncpus": 2},
         "run": {"trace": DATASET, "samples": n, "warmup": 1},
         "kernels": [descriptor(k) for k in kernels]}
    if busy is not None:
        c["host"] = {"epochs": [{"steal_pct": 0.0, "other_cpus_busy_pct": busy}] * 3}
    return c


def write_run(d, run_id, cells, median_of=None):
    """cells: {(kernel, mode, piece, pressure): [net ns per round]}; median_of overrides a
    cell's summary ns_median (what summary.csv says against what the rounds say)."""
    os.makedirs(d, exist_ok=True)
    srows, prows = [], []
    for (k, mode, piece, pb), s in cells.items():
        med = (median_of or {}).get((k, mode, piece, pb), median(s))
        key = dict(run_id=run_id, kernel=k, family=k.split("-")[0], mode=mode, piece=piece,
                   dataset=DATASET, cache_state="warm", pressure_bytes=pb)
        srows.append(dict(key, lookups=4096, samples=len(s), ns_min=min(s), ns_median=med,
                          ns_ci_lo=min(s), ns_ci_hi=max(s), flags=""))
        for i, v in enumerate(s):
            prows.append(dict(key, phase="measure", epoch=i % 3, sample=i, ns_per_lookup=v + 0.2,
                              net_ns_per_lookup=v, flags=""))
    for name, head, rows in (("summary.csv", SUM, srows), ("samples.csv", SMP, prows)):
        with open(os.path.join(d, name), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=head, lineterminator="\n")
            w.writeheader()
            w.writerows(rows)
    n = max(len(s) for s in cells.values())
    json.dump(ctx(run_id, n, sorted({k for k, _, _, _ in cells})),
              open(os.path.join(d, "context.json"), "w"), indent=1)


def rounds(base, n, wobble=0.01):
    return [base * (1 + wobble * ((i * 7) % 5 - 2) / 2) for i in range(n)]


def quick():
    c = {("classical-branchless", "stream", "rook", ""): rounds(1.0, 3),
         ("classical-conditional", "stream", "rook", ""): rounds(6.25, 3),
         ("magic-fancy", "stream", "rook", ""): rounds(1.0, 3),
         ("sherwin", "stream", "rook", ""): rounds(7.0, 3)}
    write_run(os.path.join(OUT, "quick", "m64"), "20260102-100000-1", c)


def ahead():
    mb = rounds(1.0, 12)
    c = {("magic-black", "peer", "queen", ""): mb,
         ("pext", "peer", "queen", ""): [v * 0.98 for v in mb],
         ("hyperbola", "peer", "queen", ""): rounds(2.0, 12)}
    write_run(os.path.join(OUT, "ahead", "m64"), "20260102-110000-1", c,
              {("magic-black", "peer", "queen", ""): 1.00, ("pext", "peer", "queen", ""): 1.01})


# pointer: rounds say pext, summary medians say magic-fancy; the blocks say kindergarten-4k
POINTER = {"pext": 1.0, "magic-fancy": 1.2, "kindergarten-4k": 1.5}
# pressure net ns per size: split-pext ahead at 0 and 1 MiB, kogge-stone-avx512 at 8 MiB
PRESSURE = {"split-pext": (1.0, 1.1, 3.0), "magic-fancy": (1.3, 1.4, 3.3),
            "galois-field": (1.6, 1.7, 2.9), "kogge-stone-avx512": (2.0, 2.1, 2.5)}
SIZES = ("0", "1048576", "8388608")


def winners():
    s = os.path.join(OUT, "winners")
    c, med = {}, {}
    for p in ("rook", "bishop"):
        for k, b in POINTER.items():
            c[(k, "pointer", p, "")] = rounds(b, 12)
        med[("magic-fancy", "pointer", p, "")] = 0.9
    write_run(os.path.join(s, "m64"), "20260102-120000-1", c, med)
    c = {(k, "pressure", "all", sz): rounds(v[i], 3, 0.2)
         for k, v in PRESSURE.items() for i, sz in enumerate(SIZES)}
    write_run(os.path.join(s, "pressure"), "20260102-120100-2", c)
    blocks(os.path.join(s, "compiler"))


def blocks(d):
    """Six pairs of compiler blocks (gcc clang clang gcc ...): kindergarten-4k fastest in
    pointer, galois-field at 8 MiB, under both compilers."""
    head = "kernel,family,mode,piece,dataset,cache_state,pressure_bytes,samples,ns_median,flags"
    cells = [(k, "pointer", p, "", {"kindergarten-4k": 0.8}.get(k, b))
             for p in ("rook", "bishop") for k, b in POINTER.items()]
    cells += [(k, "pressure", "all", "8388608", {"galois-field": 2.0}.get(k, v[2]))
              for k, v in PRESSURE.items()]
    second = 0
    for pair in range(1, 7):
        for side in (("gcc", "clang") if pair % 2 else ("clang", "gcc")):
            b = os.path.join(d, "%02d-%s" % (pair, side))
            os.makedirs(b, exist_ok=True)
            # one sample a cell, at a net time of 0 (a timed row without its samples is a
            # damaged run): the cells stay compared by their medians, as make-fixture-compiler.py
            lines = [head] + ["%s,x,%s,%s,%s,warm,%s,1,%.6f," % (k, m, p, DATASET, pb, ns)
                              for k, m, p, pb, ns in cells]
            open(os.path.join(b, "summary.csv"), "w").write("\n".join(lines) + "\n")
            open(os.path.join(b, "samples.csv"), "w").write(
                "run_id,kernel,mode,piece,dataset,cache_state,pressure_bytes,phase,sample,"
                "net_ns_per_lookup\n" + "".join(
                    "x,%s,%s,%s,%s,warm,%s,measure,0,0\n" % (k, m, p, DATASET, pb)
                    for k, m, p, pb, ns in cells))
            c = {"run_id": "20260102-1300%02d-%d" % (second, 3000 + second),
                 "slidebench": {"compiler": side, "cflags": "-O2"}}
            json.dump(c, open(os.path.join(b, "context.json"), "w"))
            second += 1


def host(name, busy):
    s = os.path.join(OUT, name)
    shutil.copytree(os.path.join(HERE, "fixture-run-a"), os.path.join(s, "m64"))
    shutil.copytree(os.path.join(HERE, "fixture-compiler", "compiler"), os.path.join(s, "compiler"))
    for b in os.listdir(os.path.join(s, "compiler")):
        p = os.path.join(s, "compiler", b, "context.json")
        c = json.load(open(p))
        c["host"] = {"epochs": [{"steal_pct": 0.0, "other_cpus_busy_pct": busy}] * 3}
        json.dump(c, open(p, "w"))


def set_flags(path, which, flag):
    """Prefixes flag to the flags of the rows of summary.csv at path for which which(row)."""
    rows = list(csv.DictReader(open(path)))
    for r in rows:
        if which(r):
            r["flags"] = flag + r["flags"]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def blockheld():
    s = os.path.join(OUT, "blockheld")
    shutil.copytree(os.path.join(HERE, "fixture-run-a"), os.path.join(s, "m64"))
    shutil.copytree(os.path.join(HERE, "fixture-compiler", "compiler"), os.path.join(s, "compiler"))
    for b in sorted(os.listdir(os.path.join(s, "compiler"))):
        if b.endswith("-clang"):
            set_flags(os.path.join(s, "compiler", b, "summary.csv"),
                      lambda r: r["kernel"] == "kc", "below-bound;")
    set_flags(os.path.join(s, "compiler", "03-clang", "summary.csv"),
              lambda r: (r["kernel"], r["mode"]) == ("ka", "position"), "baseline-invalid;")
    set_flags(os.path.join(s, "m64", "summary.csv"),
              lambda r: (r["kernel"], r["mode"], r["piece"]) == ("kindergarten-4k", "stream", "rook"),
              "bound-dropped;")


def rows_host(name, unstable):
    s = os.path.join(OUT, name)
    shutil.copytree(os.path.join(HERE, "fixture-run-a"), os.path.join(s, "m64"))
    p = os.path.join(s, "m64", "context.json")
    c = json.load(open(p))
    c["host"] = {"epochs": [{"steal_pct": 0.0, "other_cpus_busy_pct": 1.0}] * 3}
    json.dump(c, open(p, "w"))
    timed = [0]
    def pick(r):
        if "unavailable" in r["flags"] or "unstable" in r["flags"]:
            return False
        timed[0] += 1
        return timed[0] <= unstable
    set_flags(os.path.join(s, "m64", "summary.csv"), pick, "unstable;")


def flagged(name, flag, extra_cols):
    s = os.path.join(OUT, name)
    shutil.copytree(os.path.join(HERE, "fixture-run-a"), os.path.join(s, "m64"))
    p = os.path.join(s, "m64", "summary.csv")
    rows = list(csv.DictReader(open(p)))
    head = list(rows[0].keys()) + (["bound_cycles", "ns_net_median"] if extra_cols else [])
    for r in rows:
        if extra_cols:
            r["bound_cycles"], r["ns_net_median"] = "", r["ns_median"]
        if r["kernel"] == "kindergarten-4k" and r["mode"] == "stream":
            r["flags"] = flag + r["flags"]
            if extra_cols:
                r["bound_cycles"] = "5.5"
    with open(p, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=head, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def noise():
    mb = rounds(1.0, 12)
    # per-round factors against magic-black: the median below 1, the rounds both ways
    def near(shift, phase):
        return [v * shift * (1 + 0.08 * (((i + phase) * 3) % 4 - 1.5) / 1.5)
                for i, v in enumerate(mb)]
    c, med = {}, {}
    for p in ("rook", "bishop"):
        c[("magic-black", "stream", p, "")] = mb
        c[("pext", "stream", p, "")] = near(0.99, 0)
        c[("galois-field", "stream", p, "")] = near(1.0, 1)
        c[("split-pext", "stream", p, "")] = near(1.0, 2)
        c[("hyperbola", "stream", p, "")] = rounds(2.0, 12)
        for k, m in (("magic-black", 1.00), ("pext", 1.01), ("galois-field", 1.02),
                     ("split-pext", 1.03)):
            med[(k, "stream", p, "")] = m
    write_run(os.path.join(OUT, "noise", "m64"), "20260102-140000-1", c, med)


def spread():
    s = os.path.join(OUT, "spread")
    shutil.copytree(os.path.join(HERE, "fixture-process"), s)
    gcc = sorted(b for b in os.listdir(os.path.join(s, "compiler")) if b.endswith("-gcc"))
    for b, f in zip(gcc, (1.25, 0.8, 1.2, 0.83, 1.3, 0.77)):
        for name, cols in (("summary.csv", ("ns_min", "ns_median")),
                           ("samples.csv", ("ns_per_lookup", "net_ns_per_lookup"))):
            path = os.path.join(s, "compiler", b, name)
            rows = list(csv.DictReader(open(path)))
            for r in rows:
                if r["kernel"] == "kb":
                    for col in cols:
                        r[col] = "%.6g" % (float(r[col]) * f)
            with open(path, "w", newline="") as out:
                w = csv.DictWriter(out, fieldnames=list(rows[0].keys()), lineterminator="\n")
                w.writeheader()
                w.writerows(rows)


quick()
ahead()
winners()
host("quiet", 5.0)
host("busy", 80.0)
flagged("below", "below-bound;", True)
flagged("baseinv", "baseline-invalid;", False)
blockheld()
rows_host("busyrows", 13)
rows_host("quietrows", 0)
noise()
spread()
