#!/usr/bin/env python3
"""make-fixture-compiler.py - writes tests/data/fixture-compiler/compiler/: the gcc build against
the clang build as six pairs of blocks, NN-gcc/ and NN-clang/ (what run_all.sh writes), in the
order gcc clang clang gcc gcc clang ... (run ids), every time 20% higher from pair 4 on (the
host).  Deterministic; rerun only when the schema changes.  What tests/test_report.sh relies on,
clang over gcc per pair in each of a kernel's two cells:
  - ka: 0.79 0.81 0.80 0.82 0.78 0.80 (0.80: settled faster under clang);
  - kb: 1.24 1.26 1.25 1.27 1.23 1.25 (1.25: settled faster under gcc);
  - kc: 0.99 1.01 1.00 1.02 0.98 1.01 (not settled);
  - kd: unavailable, null the baseline (neither compared);
  - stream rook: the fastest under gcc is kb (0.9 ns), under clang ka (0.8 ns): they differ;
    kc is faster still (0.5 ns) but its lookups there are prepared (flag prepared;), so no
    winner; position all: kc (1.2 ns) under both."""
import json, os

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixture-compiler", "compiler")
SHEAD = ("run_id,kernel,mode,piece,dataset,cache_state,pressure_bytes,phase,sample,"
         "net_ns_per_lookup")
# the trace of fixture-run-a, the m64/ the tests put beside these blocks (report refuses blocks
# made on another trace)
DS = "datasets/master-2000.trace"
HEAD = "kernel,family,mode,piece,dataset,cache_state,pressure_bytes,samples,ns_median,flags"
# gcc's net ns/lookup per cell, and clang over gcc per pair
GCC = {("ka", "stream", "rook"): 1.0, ("ka", "position", "all"): 2.0,
       ("kb", "stream", "rook"): 0.9, ("kb", "position", "all"): 3.0,
       ("kc", "stream", "rook"): 0.5, ("kc", "position", "all"): 1.2}
PREPARED = {("kc", "stream", "rook")}
RATIO = {"ka": [0.79, 0.81, 0.80, 0.82, 0.78, 0.80],
         "kb": [1.24, 1.26, 1.25, 1.27, 1.23, 1.25],
         "kc": [0.99, 1.01, 1.00, 1.02, 0.98, 1.01]}
CTX = {"gcc": ("gcc 12.2.0", "-O2 -march=native -fno-tree-vectorize"),
       "clang": ("clang 14.0.6", "-O2 -march=native -fno-tree-vectorize")}


def samples_of(rows):
    """Returns samples.csv's rows for summary rows: one sample of each timed row (a timed row
    without its samples is refused as a damaged run), at a net time of 0: cmpcell.c pairs no
    cell of fewer than 2 samples and process_term.c takes no sample that is not positive, so the
    cells stay compared by their medians with no between-process term, as the tests expect."""
    out = []
    for r in rows:
        k, _, mode, piece, ds, cache, pb, n, ns, _ = r.split(",")
        if ns:
            out += ["x,%s,%s,%s,%s,%s,%s,measure,%d,0" % (k, mode, piece, ds, cache, pb, i)
                    for i in range(int(n))]
    return "".join(x + "\n" for x in out)


def block(pair, side, second):
    d = os.path.join(here, "%02d-%s" % (pair, side))
    os.makedirs(d, exist_ok=True)
    host = 1.2 if pair >= 4 else 1.0
    lines = [HEAD, "null,baseline,position,all,%s,warm,,1,0.500000,baseline;" % DS]
    for (k, mode, piece), ns in GCC.items():
        r = RATIO[k][pair - 1] if side == "clang" else 1.0
        lines.append("%s,x,%s,%s,%s,warm,,1,%.6f,%s" % (k, mode, piece, DS, ns * r * host,
                     "prepared;" if (k, mode, piece) in PREPARED else ""))
    lines.append("kd,x,position,all,%s,warm,,1,,unavailable;" % DS)
    with open(os.path.join(d, "summary.csv"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(d, "samples.csv"), "w") as f:   # a run without one is damaged
        f.write(SHEAD + "\n" + samples_of(lines[1:]))
    cc, flags = CTX[side]
    ctx = {"run_id": "20260101-0001%02d-%d" % (second, 2000 + second),
           "slidebench": {"compiler": cc, "cflags": flags}}
    with open(os.path.join(d, "context.json"), "w") as f:
        json.dump(ctx, f)
        f.write("\n")


second = 0
for pair in range(1, 7):
    order = ("gcc", "clang") if pair % 2 else ("clang", "gcc")
    for side in order:
        block(pair, side, second)
        second += 1
