#!/usr/bin/env python3
"""atlas.py - what harness/scripts/atlas.sh reads and writes (not run by hand).

  atlas.py check  SRC KIND_OF_SRC [provisional]         refuse or print the entry's kind (a slug)
  atlas.py entry  SRC KIND_OF_SRC OUTDIR PEER_MD [provisional]
                                            write OUTDIR/README.md and OUTDIR/entry.json
  atlas.py index  ATLASDIR PEER_MD          write ATLASDIR/README.md and ATLASDIR/factors.csv

KIND_OF_SRC is `study` (a study folder from ./run_all.sh) or `sample` (a folder published by
harness/scripts/sample.sh, docs/sample/).  `provisional` accepts a study whose host was busy
beyond the guest (its rows unstable while the guest's other CPUs were quiet) and marks the
entry so; a quick study, an emulated CPU and a guest busy with other work stay refused.  Every file read is someone else's: values go into
Markdown and CSV only, cleaned of what would break either (clean()), never to a shell; a file
that is a symbolic link is refused.  Output depends on the files read only (no clock), so the
same source gives the same bytes.  Exit 1 with "atlas.sh: REASON" on a refusal.
"""
import json
import os
import re
import statistics
import subprocess
import sys

from atlas_index import write_index
from atlas_lib import FIRST, PEER_HEAD, WORKLOADS, Refused, anchor, clean, md_rows, read, rows, slug

# The report's own thresholds (harness/report/report.h FULL_SAMPLES; report_busy.c BUSY_PCT;
# harness/analysis/blocks.h BLK_BUSY_PCT): a study below or above them is what its report
# calls quick or busy.
FULL_SAMPLES = 10
BUSY_STEAL_PCT = 5.0
BUSY_OTHER_PCT = 20.0


def first_line(src):
    line = read(os.path.join(src, "answer.txt")).split("\n", 1)[0]
    m = FIRST.match(line)
    if not m:
        raise Refused(f"{src}/answer.txt: its first line is not the machine line of a report")
    return m.groupdict()


BUSY_LINE = re.compile(r"The host was busy during this study \((?P<why>[^)]{1,120})\)")


def refuse_common(src, text, first, provisional):
    """The refusals that need only answer.txt and report.md (a study or a published sample).
    Returns why the study is provisional ("79 of 594 rows unstable"), or "" when it is not."""
    busy = ""
    if first["study"] == "quick" or int(first["samples"]) < FULL_SAMPLES:
        raise Refused(f"{src}: a quick study ({first['samples']} samples a cell): its answers "
                      "are not called settled; run ./run_all.sh without --quick")
    for what, t in text.items():
        if "The host was busy during this study" in t or "provisional: the host was busy" in t:
            if not provisional:
                raise Refused(f"{src}: a busy study (its {what} says the host was busy): its "
                              "answers are provisional; run it again on a quiet machine (or, "
                              "when no study of this machine is ever quiet, --provisional)")
            m = BUSY_LINE.search(t)
            busy = busy or clean(m.group("why") if m else "its report says the host was busy", 120)
    hyp = first["hyp"] or ""
    if re.search(r"qemu|tcg|emulat", hyp + " " + first["cpu"], re.I):
        raise Refused(f"{src}: an emulated CPU ({clean(hyp or first['cpu'])}): its timings "
                      "are the emulator's, not a machine's")
    return busy


def study_facts(src, provisional):
    first = first_line(src)
    text = {"answer.txt": read(os.path.join(src, "answer.txt")),
            "report.md": read(os.path.join(src, "report.md"))}
    busy = refuse_common(src, text, first, provisional)
    try:
        ctx = json.loads(read(os.path.join(src, "m64", "context.json")))
    except ValueError:
        raise Refused(f"{src}/m64/context.json: not JSON")
    if not isinstance(ctx, dict):
        raise Refused(f"{src}/m64/context.json: not a JSON object")
    mach = ctx.get("machine") or {}
    sb = ctx.get("slidebench") or {}
    if mach.get("emulated") is True or re.search(r"qemu|tcg", str(mach.get("hypervisor")), re.I):
        raise Refused(f"{src}: an emulated CPU (context.json: emulated "
                      f"{str(mach.get('emulated')).lower()}, hypervisor "
                      f"{clean(mach.get('hypervisor'))}): its timings are the emulator's")
    m = re.search(r"--samples (\d+)", str(ctx.get("command", "")))
    summary = rows(os.path.join(src, "m64", "summary.csv"))
    spc = [int(r["samples"]) for r in summary if (r.get("samples") or "").isdigit()]
    if (m and int(m.group(1)) < FULL_SAMPLES) or (spc and statistics.median(spc) < FULL_SAMPLES):
        raise Refused(f"{src}: a quick study (context.json and summary.csv: fewer than "
                      f"{FULL_SAMPLES} samples a cell): run ./run_all.sh without --quick")
    epochs = [e for e in ((ctx.get("host") or {}).get("epochs") or []) if isinstance(e, dict)]

    def mean(key):
        v = [e[key] for e in epochs if isinstance(e.get(key), (int, float))]
        return sum(v) / len(v) if v else None
    steal, other = mean("steal_pct"), mean("other_cpus_busy_pct")
    # the guest's own other work is never provisional: stop it and run again
    if (other is not None and other > BUSY_OTHER_PCT) or \
            (steal is not None and steal > BUSY_STEAL_PCT and not provisional):
        raise Refused(f"{src}: a busy study (context.json host.epochs: the other CPUs "
                      f"{other or 0:.0f}% busy, {steal or 0:.1f}% steal on average): run it "
                      "again on a quiet machine")
    if steal is not None and steal > BUSY_STEAL_PCT:
        busy = busy or f"{steal:.1f}% of the time stolen by the hypervisor"
    hyp = mach.get("hypervisor") if mach.get("is_vm") else None
    host = "not recorded"
    if epochs:
        host = (f"the other CPUs {other or 0:.1f}% busy and {steal or 0:.1f}% of the time "
                f"stolen on average over the main sweep's {len(epochs)} epochs (context.json)")
        host = (f"busy beyond the guest ({busy}) while in the guest {host}" if busy
                else f"quiet: {host}")
    return {
        "source": f"a study folder, run {clean(ctx.get('run_id'), 40)}",
        "cpu": clean(mach.get("cpu_model")), "vendor": clean(mach.get("cpu_vendor"), 40),
        "uarch": clean(mach.get("uarch") or "unknown"),
        "family": clean(mach.get("cpu_family"), 10), "model": clean(mach.get("cpu_model_number"), 10),
        "hypervisor": clean(hyp) if hyp and hyp != "none" else "",
        "ncpus": clean(mach.get("ncpus"), 10), "compiler": clean(sb.get("compiler")),
        "cflags": clean(sb.get("cflags"), 1000).strip(), "rev": clean(sb.get("git_rev"), 60),
        "abi": clean(sb.get("abi_version"), 10), "format": clean(ctx.get("format"), 10),
        "format_from": "context.json's format", "abi_from": "context.json",
        "date": first["date"] or "", "study": f"full study ({first['samples']} samples a cell)",
        "host": host, "summary": summary, "provisional": busy,
    }


def sample_facts(src, provisional):
    first = first_line(src)
    text = {"answer.txt": read(os.path.join(src, "answer.txt")),
            "report.md": read(os.path.join(src, "report.md"))}
    busy = refuse_common(src, text, first, provisional)
    readme = read(os.path.join(src, "README.md"))
    m = re.search(r"^- build: (?P<cc>[^,`]*), `(?P<flags>[^`]*)`, slidebench (?P<rev>[0-9a-f]{7,40}(?:-dirty)?)$",
                  readme, re.M)
    if not m:
        raise Refused(f"{src}/README.md: no '- build:' line (a folder written by sample.sh)")
    run = re.search(r"^- run: (\d{8}-\d{6}-\d+),", readme, re.M)
    rev = m.group("rev")
    abi, abi_from = "not recorded", "not recorded in the published sample"
    try:
        kh = subprocess.run(["git", "show", rev.removesuffix("-dirty") + ":kernels/kernel.h"],
                            capture_output=True, text=True, check=True).stdout
        a = re.search(r"^#define SB_ABI_VERSION (\d+)", kh, re.M)
        if a:
            abi, abi_from = a.group(1), "SB_ABI_VERSION at that revision, from the repository's history"
    except (OSError, subprocess.CalledProcessError):
        pass
    fmts = sorted({r.get("format") or "" for r in rows(os.path.join(src, "verdicts.csv"))} - {""})
    return {
        "source": f"the published sample docs/sample/ (run {run.group(1) if run else 'not recorded'})",
        "cpu": clean(first["cpu"]),
        "vendor": "GenuineIntel" if "intel" in first["cpu"].lower() else
                  "AuthenticAMD" if "amd" in first["cpu"].lower() else "",
        "uarch": clean(first["uarch"] or "unknown"), "family": first["family"],
        "model": first["model"], "hypervisor": clean(first["hyp"] or ""),
        "ncpus": first["ncpus"] or "", "compiler": clean(m.group("cc")),
        "cflags": clean(m.group("flags"), 1000).strip(), "rev": rev, "abi": abi,
        "abi_from": abi_from, "format": clean("/".join(fmts) or "not recorded", 20),
        "format_from": "verdicts.csv's format column", "date": first["date"] or "",
        "study": f"full study ({first['samples']} samples a cell)",
        "host": "not recorded in the published sample; its report does not call it busy",
        "summary": None, "provisional": busy,
    }


def kind_of(f):
    vendor = {"GenuineIntel": "intel", "AuthenticAMD": "amd"}.get(f["vendor"], slug(f["vendor"]))
    return "-".join([vendor, slug(f["uarch"]), f"f{slug(f['family'])}m{slug(f['model'])}",
                     slug(f["hypervisor"]) if f["hypervisor"] else "metal"])


def facts(src, how, provisional=False):
    return study_facts(src, provisional) if how == "study" else sample_facts(src, provisional)


def summary_cells(summary):
    """{(kernel, mode): [(efficiency, bound, cycles)]} of summary.csv's warm, one-thread rows
    with a bound (no pressure), and the modes in their order."""
    cells, modes = {}, []
    for r in summary:
        try:
            eff, bound, cyc = float(r["efficiency"]), float(r["bound_cycles"]), float(r["cycles_median"])
        except (KeyError, TypeError, ValueError):
            continue
        if r.get("kernel") in ("", "null", None) or (r.get("cache_state") or "warm") != "warm" \
                or (r.get("threads") or "1") != "1" or r.get("pressure_bytes"):
            continue
        mode, kernel = clean(r.get("mode"), 40), clean(r.get("kernel"), 60)
        if mode not in modes:
            modes.append(mode)
        cells.setdefault((kernel, mode), []).append((eff, bound, cyc))
    return cells, modes


def report_cells(report):
    """The same from report.md's per-mode tables of the 64-bit build ("### m64: MODE mode":
    kernel, piece, cycles/lk, floor, × floor), for a published sample, which has no
    summary.csv: efficiency is the floor over the cycles."""
    cells, modes, lines = {}, [], report.split("\n")
    mode_of, mode = [], None  # each line's "### m64: MODE mode" section, None elsewhere
    for line in lines:
        if line.startswith("#"):
            m = re.match(r"^### m64: (\S+) mode$", line)
            mode = clean(m.group(1), 40) if m else None
        mode_of.append(mode)
    for i, row in md_rows(lines, ("kernel", "cycles/lk", "floor")):
        mode = mode_of[i]
        try:
            kernel = clean(row["kernel"].replace("⚠", ""), 60)
            cyc, bound = float(row["cycles/lk"]), float(row["floor"])
        except (KeyError, ValueError):
            continue
        if not mode or kernel in ("", "null") or cyc <= 0:
            continue
        if mode not in modes:
            modes.append(mode)
        cells.setdefault((kernel, mode), []).append((bound / cyc, bound, cyc))
    return cells, modes


def efficiency_tables(cells, modes, source):
    """Per kernel and mode the median efficiency (bound over measured core cycles), with the
    medians of the bound and of the cycles."""
    if not cells:
        return [f"{source} holds no efficiency: no kernel had a bound (bin/slidebench bounds)."]
    order = [w for w in WORKLOADS if w in modes] + [m for m in modes if m not in WORKLOADS]
    kernels = sorted({k for k, _ in cells},
                     key=lambda k: (-statistics.median(e for (kk, _), v in cells.items() if kk == k for e, _, _ in v), k))
    out = [f"Efficiency is the kernel's bound over its measured core cycles a lookup ({source}; "
           "1.00 is at the bound): the median over the mode's pieces, warm tables, one thread; "
           "in brackets the medians of the bound and of the measured cycles. Kernels by their "
           "median efficiency; a kernel without a bound (its loop branches on the data) is "
           "left out.", "",
           "| kernel | " + " | ".join(order) + " |", "|---|" + "---:|" * len(order)]
    for k in kernels:
        line = f"| {k} |"
        for m in order:
            v = cells.get((k, m))
            line += (f" {statistics.median(e for e, _, _ in v):.2f} ({statistics.median(b for _, b, _ in v):.1f} / "
                     f"{statistics.median(c for _, _, c in v):.1f}) |") if v else " |"
        out.append(line)
    return out


def peer_section(f, peer_md):
    """docs/peer.md's tables for this family and model (and vendor), or how to measure them."""
    text = read(peer_md).split("\n") if os.path.isfile(peer_md) else []
    vendor = {"GenuineIntel": "intel", "AuthenticAMD": "amd"}.get(f["vendor"], "")
    for i, line in enumerate(text):
        m = PEER_HEAD.match(line)
        if not (m and m.group("f") == f["family"] and m.group("m") == f["model"]):
            continue
        title = m.group("title")
        if vendor and vendor not in title.lower():
            continue
        body, out, says = [], [], []
        for l in text[i + 1:]:
            if l.startswith("## ") or (l.startswith("### ") and not l.startswith("### What it says")):
                break
            if l.startswith("### What it says") or says:
                says.append(l)  # the reading of the table, gaps and their reasons: verbatim
            else:
                body.append(l)
        # the tables, each with the paragraph under it when that is its caption (MQueens/s...)
        state = ""
        for l in body:
            if l.startswith("|"):
                state = "table"
            elif state == "table" and l.strip() == "":
                state = "gap"
            elif state in ("gap", "caption") and l.startswith("MQueens/s") or state == "caption" and l.strip():
                state = "caption"
            else:
                if state and out and out[-1] != "":
                    out.append("")
                state = ""
                continue
            if state != "gap":
                out.append(l)
            elif out[-1] != "":
                out.append("")
        while says and says[-1].strip() == "":
            says.pop()
        return [f"From [docs/peer.md, \"{title}\"](../../peer.md#{anchor(title)}), which says "
                "how each peer build was made; measured with the build of its date, which may "
                "not be this entry's.", ""] + out + ([""] if says and out and out[-1] != "" else []) + says
    return ["Not measured on this machine yet. The peer ([Chess_Movegen]"
            "(https://github.com/Gigantua/Chess_Movegen)) is not part of this repository and "
            "nothing here builds it: build its variants by hand from its public source in a "
            "folder of your own, as [docs/peer.md](../../peer.md#measuring-it-again) says, then "
            "with nothing else running:", "",
            "    harness/scripts/peer-table.sh K=path/to/K Kvol=path/to/Kvol \\",
            "        Khide=path/to/Khide R=path/to/R", "",
            "and add its table to docs/peer.md under a heading naming the CPU's family and "
            "model; the next `atlas.sh` run puts it here."]


def write_entry(src, how, outdir, peer_md, provisional=False):
    f = facts(src, how, provisional)
    kind = kind_of(f)
    hyp = f"{f['hypervisor']} guest" if f["hypervisor"] else "bare metal"
    answer = read(os.path.join(src, "answer.txt")).rstrip("\n")
    answer = "\n".join(re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", " ", l).replace("```", "'''")
                       for l in answer.split("\n"))
    prov = [f"**Provisional.** The host was busy beyond this guest during the study "
            f"({f['provisional']}) while the guest itself was quiet: the noise came from outside "
            "it, where no one running the study can stop it, and no study of this machine kind "
            "has been quiet yet. Its answers are the study's own provisional ones; the first "
            "quiet study of this kind replaces the entry, and a provisional one never replaces "
            "a quiet one.", ""] if f["provisional"] else []
    lines = [
        f"# {f['cpu']}, {f['uarch']} (family {f['family']} model {f['model']}), {hyp}"
        + (" (provisional)" if f["provisional"] else ""), "",
        f"One machine of the [atlas](../README.md), kind `{kind}`. Written by "
        f"`harness/scripts/atlas.sh` from {'a study' if how == 'study' else 'a published sample'}"
        ", never edited by hand: run the script again on the same source and it writes the "
        "same bytes" + (" (the study's m64/context.json and m64/summary.csv, which the README "
                        "is written from, are kept beside it in [m64/](m64/))"
                        if how == "study" else "") + ".", "",
        *prov,
        "| | |", "|---|---|",
        f"| CPU | {f['cpu']}{' (' + f['vendor'] + ')' if f['vendor'] else ''}"
        f"{', ' + f['ncpus'] + ' CPUs' if f['ncpus'] else ''} |",
        f"| microarchitecture | {f['uarch']} |",
        f"| family / model | {f['family']} / {f['model']} |",
        f"| hypervisor | {hyp} |",
        f"| compiler | {f['compiler']} |",
        f"| flags | `{f['cflags']}` |",
        f"| slidebench revision | {f['rev']} |",
        f"| kernel ABI | {f['abi']} ({f['abi_from']}) |",
        f"| result format | {f['format']} ({f['format_from']}) |",
        f"| date | {f['date']} |",
        f"| study | {f['study']} |",
        f"| host | {f['host']} |",
        f"| source | {f['source']} |", "",
        "## Comparable entries", "",
        f"Two entries of kind `{kind}` compare figure for figure only when their compiler, "
        "flags, kernel ABI and result format are the same: a different compiler or flags build "
        "different kernels, another ABI is another harness contract, another format another "
        "reading of the files. Where one of the four differs, compare the answers (which kernel "
        "leads), not the factors. A newer entry of the same kind replaces this one; git keeps "
        "the old.", "",
        "## The answer", "",
        "What the terminal printed last ([answer.txt](answer.txt)); every verdict is in "
        "[verdicts.csv](verdicts.csv), the whole report in [report.html](report.html) (one "
        "file, charts inside) and [report.md](report.md).", "",
        "```", answer, "```", "",
        "## Efficiency against the bound", "",
        *(efficiency_tables(*summary_cells(f["summary"]), "`bound_cycles / cycles_median` of m64/summary.csv")
          if f["summary"] is not None else
          efficiency_tables(*report_cells(read(os.path.join(src, "report.md"))),
                            "floor over cycles/lk in report.md's tables per mode: the published sample holds no summary.csv")), "",
        "## Peer table", "",
        *peer_section(f, peer_md), "",
    ]
    while lines[-1] == "":
        lines.pop()
    with open(os.path.join(outdir, "README.md"), "w", encoding="utf-8") as o:
        o.write("\n".join(lines) + "\n")
    meta = {k: f[k] for k in ("cpu", "vendor", "uarch", "family", "model", "hypervisor", "ncpus",
                              "compiler", "cflags", "rev", "abi", "format", "date", "source")}
    meta["kind"] = kind
    if f["provisional"]:
        meta["provisional"] = f["provisional"]
    with open(os.path.join(outdir, "entry.json"), "w", encoding="utf-8") as o:
        json.dump(meta, o, indent=1, sort_keys=True)
        o.write("\n")
    return kind


def main(argv):
    try:
        prov = argv[-1:] == ["provisional"]
        if prov:
            argv = argv[:-1]
        if len(argv) == 3 and argv[0] == "check":
            print(kind_of(facts(argv[1], argv[2], prov)))
        elif len(argv) == 5 and argv[0] == "entry":
            print(write_entry(argv[1], argv[2], argv[3], argv[4], prov))
        elif len(argv) == 3 and argv[0] == "index":
            print(write_index(argv[1], argv[2]))
        else:
            sys.exit("usage: atlas.py check SRC study|sample [provisional] | entry SRC study|sample "
                     "OUT PEER_MD [provisional] | index ATLAS PEER_MD")
    except Refused as e:
        print(f"atlas.sh: refused: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
