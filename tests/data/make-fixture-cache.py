#!/usr/bin/env python3
"""make-fixture-cache.py - writes tests/data/fixture-study-cache: the cache parts of a study
(pressure/, tables/NN-hugepage/ and NN-nohugepage/ blocks, sim/ with sim.csv).  Deterministic; rerun
only when the schema changes.  What tests/test_report.sh relies on:
  - pressure: fastest to slowest at 0 B: pext, magic-fancy, kindergarten-4k; from 64 KiB on
    kindergarten-4k is 1.25x faster than magic-fancy (12 samples each: significant), so the
    crossover is "above 32 KiB ... kindergarten-4k overtakes magic-fancy"; pext stays fastest;
  - tables: six pairs of blocks in the order hugepage nohugepage nohugepage hugepage ... (run
    ids), every time 20% higher from pair 4 on; per pair sherwin is 1.28-1.32x slower without
    huge pages (1.30 the median: settled), magic-plain 0.98-1.02x (not settled); the first
    hugepage block's context.json "tables" reads back 6 MiB of 8 MiB as huge;
  - sim.csv: sherwin's rook misses 6.5 -> 0.8 -> 0.02 per lookup at 16/32/48 KiB (needs 48 KiB),
    kindergarten-4k 0.01 at 16 KiB (fits); summary sim_tlb_miss: magic-plain 0.2 > sherwin 0.1."""
import json, os

HEAD = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,lookups,samples,"
        "ns_min,ns_median,ns_ci_lo,ns_ci_hi,sim_tlb_miss,flags")
SHEAD = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,phase,sample,"
         "net_ns_per_lookup")
N = 12
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixture-study-cache")


def jitter(i):
    return 1 + 0.01 * (((i * 7) % 11) - 5) / 5


def write(sub, rows, tables=None, run_id=None):
    """rows: (kernel, mode, piece, pressure, ns, tlb)"""
    d = os.path.join(here, sub)
    os.makedirs(d, exist_ok=True)
    out, smp = [HEAD], [SHEAD]
    for k, mode, piece, p, ns, tlb in rows:
        key = f"{run_id or 'fix-' + sub},{k},{k.split('-')[0]},{mode},{piece},datasets/x.trace,warm,{p}"
        s = sorted(ns * jitter(i) for i in range(N))
        med = (s[N // 2] + s[N // 2 - 1]) / 2
        out.append(key + f",4096,{N},{s[0]:.6g},{med:.6g},{med*0.99:.6g},{med*1.01:.6g},{tlb},")
        smp += [key + f",measure,{i},{v:.6g}" for i, v in enumerate(s)]
    open(os.path.join(d, "summary.csv"), "w").write("\n".join(out) + "\n")
    open(os.path.join(d, "samples.csv"), "w").write("\n".join(smp) + "\n")
    ctx = {"run_id": run_id or f"fix-{sub}"}
    if tables:
        ctx["tables"] = tables
    json.dump(ctx, open(os.path.join(d, "context.json"), "w"), indent=1)


SIZES = [0, 16384, 32768, 65536, 1048576]
pr = []
for p in SIZES:
    big = p >= 65536
    pr += [("pext", "pressure", "all", p, 0.5, ""),
           ("magic-fancy", "pressure", "all", p, 1.25 if big else 0.8, ""),
           ("kindergarten-4k", "pressure", "all", p, 1.0, "")]
write("pressure", pr)
TABLES = {"mode": "hugepage", "thp_enabled": "madvise", "possible": True, "why": "",
          "regions": [{"what": "data", "bytes": 4096, "anonymous": False, "anon_huge_bytes": 0},
                      {"what": "bss", "bytes": 8388608, "anonymous": True,
                       "anon_huge_bytes": 6291456}]}
HOST = [1.0, 1.0, 1.0, 1.2, 1.2, 1.2]
SHERWIN = [1.29, 1.31, 1.30, 1.32, 1.28, 1.30]
PLAIN = [0.99, 1.01, 1.00, 1.02, 0.98, 1.01]
second = 0
for i in range(6):
    for side in (("hugepage", "nohugepage") if i % 2 == 0 else ("nohugepage", "hugepage")):
        f = (SHERWIN[i], PLAIN[i]) if side == "nohugepage" else (1, 1)
        second += 1
        write(f"tables/{i + 1:02d}-{side}",
              [("sherwin", "position", "all", "", 2.0 * HOST[i] * f[0], ""),
               ("magic-plain", "position", "all", "", 1.0 * HOST[i] * f[1], "")],
              TABLES if side == "hugepage" else dict(TABLES, mode="nohugepage", regions=[]),
              f"20260101-0000{second:02d}-{1000 + second}")
write("sim", [("sherwin", "stream", "rook", "", 2.0, 0.1),
              ("magic-plain", "stream", "rook", "", 1.0, 0.2),
              ("kindergarten-4k", "stream", "rook", "", 1.0, 0)])
sim = ["run_id,kernel,mode,piece,pressure_bytes,sim_kind,cache_bytes,assoc,line_bytes,lookups,sim_ir,"
       "sim_d1_miss,sim_ll_miss,sim_br_miss,sim_d1_miss_gross"]
for k, piece, misses in [("sherwin", "bishop", [0.5, 0.01, 0.01]),
                         ("sherwin", "rook", [6.5, 0.8, 0.02]),
                         ("kindergarten-4k", "rook", [0.01, 0.0, 0.0])]:
    for size, m in zip([16384, 32768, 49152], misses):
        # gross: 0.1 more (reading the queries); the report quotes it, judges fit on the net
        sim.append(f"fix-sim,{k},stream,{piece},,d1,{size},8,64,1000,20,{m},0,0,{m + 0.1:g}")
    sim.append(f"fix-sim,{k},stream,{piece},,tlb,262144,64,4096,1000,20,0.1,0,0,0.1")
open(os.path.join(here, "sim", "sim.csv"), "w").write("\n".join(sim) + "\n")
