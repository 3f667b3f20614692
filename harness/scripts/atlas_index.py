"""atlas_index.py - the atlas's first page (atlas.py index): a row per entry with its three
answers and each workload's winner, the peer ratios side by side, where the machines disagree,
the machines met without an entry, and factors.csv for the chart (not run by hand)."""
import csv
import json
import os
import re
import statistics

from atlas_lib import ANSWERS, PEER_HEAD, WORDS, WORKLOADS, anchor, clean, md_rows, read, rows

def word_of(text):
    m = list(re.finditer(r"\((" + "|".join(WORDS) + r")\b", text))
    return m[-1].group(1) if m else "?"


def three_answers(answer):
    """The three answers of answer.txt: {key: (winner, factor or None, word)}."""
    out = {}
    for line in answer.split("\n"):
        for label, key in ANSWERS:
            if not line.startswith(label + " "):
                continue
            text = line[len(label):].strip()
            fm = re.search(r"(\d+(?:\.\d+)?)×", text)
            w = re.split(r" (?:is|are) ", text, maxsplit=1)[0] if fm else "no clear winner"
            if key == "bits":
                w = "64-bit" if re.search(r"-m64|64-bit", w) else "32-bit" if re.search(r"-m32|32-bit", w) else w
            w = re.sub(r"\s*\([^)]*\)", "", w)
            out[key] = (clean(w, 60), float(fm.group(1)) if fm else None, word_of(text))
    return out


def verdict_word(r):
    s = (r.get("settled") or "").strip()
    if s == "yes":
        return "settled"
    if s == "provisional":
        return "provisional"
    try:
        return "likely" if float(r["lo"]) > 1 else "unclear"
    except (KeyError, TypeError, ValueError):
        return "unclear"


RANK = {"settled": 0, "likely": 1, "provisional": 2, "unclear": 3, "?": 4}


def workloads(verdicts):
    """Per workload of verdicts.csv's recommend rows: (winner, factor, word); the pressure rows
    (one a pressure size) make one, "pressure": the winner at most sizes, the others named."""
    out, pressure = {}, []
    for r in verdicts:
        q = r.get("question") or ""
        if not q.startswith("recommend:"):
            continue
        name = clean(q[len("recommend:"):], 60)
        try:
            ratio = float(r.get("ratio") or "")
        except ValueError:
            ratio = None
        item = (clean(r.get("a"), 60), ratio, verdict_word(r))
        if name.startswith("pressure at "):
            pressure.append((name[len("pressure at "):], item))
        else:
            out[name] = item
    if pressure:
        names = [i[0] for _, i in pressure]
        top = max(names, key=lambda n: (names.count(n), -names.index(n)))
        others = [f"{i[0]} at {size}" for size, i in pressure if i[0] != top]
        w = top + (f" ({'; '.join(others)})" if others else "")
        ratios = [i[1] for _, i in pressure if i[1] is not None and i[0] == top]
        word = max((i[2] for _, i in pressure), key=lambda x: RANK.get(x, 4))
        out["pressure"] = (w, min(ratios) if ratios else None, word)
    return out


def answer_words(answer, wl):
    """The answer's own word for each workload it names (it may judge a workload on more than
    the one verdict row, as pressure's line does), and pressure's winner and factor as it says
    them; a workload it leaves out ("and 2 more workloads") keeps verdicts.csv's."""
    for line in answer.split("\n"):
        for name in list(wl):
            if name == "pressure" and line.startswith("pressure "):
                m = re.search(r" use (\S+?),? (?:\(needs [^)]*\) )?(\(([^()]*) instead\))?,? ?(\d+(?:\.\d+)?)× over", line)
                if m:
                    w = clean(m.group(1).rstrip(","), 60) + (f" ({clean(m.group(3), 80)})" if m.group(3) else "")
                    wl[name] = (w, float(m.group(4)), word_of(line))
                else:
                    wl[name] = (wl[name][0], wl[name][1], word_of(line))
            elif line.startswith(name + " ") and not line.startswith(name + ", "):
                wl[name] = (wl[name][0], wl[name][1], word_of(line[len(name):]))


def cell(item):
    if not item:
        return "–"
    w, factor, word = item
    if word == "unclear":
        return f"{w}, within the noise (unclear)"
    return f"{w} {factor:.2f}× ({word})" if factor is not None else f"{w} ({word})"


def shown(folder, meta, mark=" (provisional)"):
    """The name the index gives an entry: its folder's, marked wherever it is provisional."""
    return folder + (mark if meta.get("provisional") else "")


def write_index(atlas, peer_md):
    entries = []
    for name in sorted(os.listdir(atlas)):
        d = os.path.join(atlas, name)
        if os.path.islink(d) or not os.path.isdir(d) or not os.path.isfile(os.path.join(d, "entry.json")):
            continue
        meta = json.loads(read(os.path.join(d, "entry.json")))
        ans = three_answers(read(os.path.join(d, "answer.txt")))
        wl = workloads(rows(os.path.join(d, "verdicts.csv")))
        answer_words(read(os.path.join(d, "answer.txt")), wl)
        entries.append((clean(name, 80), meta, ans, wl))
    cols = [w for w in WORKLOADS if any(w in e[3] for e in entries)]
    for e in entries:
        cols += [w for w in e[3] if w not in cols and w != "pressure"]
    if any("pressure" in e[3] for e in entries):
        cols.append("pressure")
    lines = [
        "# An atlas of machines", "",
        "One entry per machine kind the project has measured with a full, quiet study: its "
        "answer, its report and its peer table. An entry marked provisional is a full study "
        "whose host was busy beyond the guest (no study of that kind has been quiet yet): its "
        "answers are provisional, and the first quiet study of the kind replaces it. Written by `harness/scripts/atlas.sh` from "
        "the entries present, never by hand; [CONTRIBUTING.md](CONTRIBUTING.md) says how to "
        "add a machine." + "".join(
            f" The README's sample ([docs/sample/](../sample/)) is the study behind "
            f"`{shown(n, meta)}`." for n, meta, _, _ in entries if "docs/sample/" in str(meta.get("source"))), "",
        f"{len(entries)} machine{'s' if len(entries) != 1 else ''}. A cell is the winner, its "
        "factor over the runner-up and the confidence word of the study's report (settled, "
        "likely, provisional, unclear: [README.md](../../README.md#what-it-answers)); "
        "`pressure` is the answer's pressure line: the winner at most pressure sizes, the "
        "others named (where the answer leaves it out, verdicts.csv's: the least factor and "
        "the weakest word of the sizes).", "",
        "| machine | date | compiler | 32 or 64 bit | table size | branching | "
        + " | ".join(cols) + " |",
        "|---" * (6 + len(cols)) + "|",
    ]
    for folder, meta, ans, wl in entries:
        lines.append(
            f"| [{clean(meta.get('cpu'), 60)}, {clean(meta.get('uarch'), 40)}]({folder}/README.md) "
            f"(`{folder}`{', provisional' if meta.get('provisional') else ''}) | {clean(meta.get('date'), 12)} | {clean(meta.get('compiler'), 40)} | "
            + " | ".join(cell(ans.get(k)) for _, k in ANSWERS) + " | "
            + " | ".join(cell(wl.get(c)) for c in cols) + " |")
    lines += ["", "## Where the machines disagree", ""]
    said = []
    for label, key in ANSWERS:
        said.append(agree(label, [(shown(n, m), e.get(key)) for n, m, e, _ in entries]))
    for c in cols:
        said.append(agree(c, [(shown(n, m), wl.get(c)) for n, m, _, wl in entries]))
    lines += [s for s in said if s] or ["No workload was measured on any machine yet."]
    lines += peer_rows(entries, atlas)
    lines += ["", "## Machines met without an entry", ""]
    met = []
    have = {(e[1].get("family"), e[1].get("model")) for e in entries}
    for l in (read(peer_md).split("\n") if os.path.isfile(peer_md) else []):
        m = PEER_HEAD.match(l)
        if m and (m.group("f"), m.group("m")) not in have:
            met.append(f"- {clean(m.group('title'), 120)}: a [peer table](../peer.md#{anchor(m.group('title'))}), "
                       "no full quiet study in the atlas yet.")
    lines += met or ["None: every machine with a peer table in docs/peer.md has an entry."]
    lines += ["", "## The factors side by side", "",
              "![each machine's factor per answer](factors.png)", "",
              "Each bar is one machine's factor of the winner over the runner-up (the three "
              "answers: the winner over the other side), labelled with the winner; a lighter "
              "bar is not settled (likely, provisional or unclear). The numbers are in "
              "[factors.csv](factors.csv); `harness/scripts/atlas.sh --index` draws it again."]
    with open(os.path.join(atlas, "README.md"), "w", encoding="utf-8") as o:
        o.write("\n".join(lines) + "\n")
    with open(os.path.join(atlas, "factors.csv"), "w", encoding="utf-8", newline="") as o:
        w = csv.writer(o, lineterminator="\n")
        w.writerow(["answer_no", "answer", "machine_no", "machine", "factor", "winner", "settled"])
        for i, (label, key) in enumerate(list(ANSWERS) + [(c, c) for c in cols if c != "pressure"]):
            for j, (name, meta, ans, wl) in enumerate(entries):
                item = ans.get(key) if key in dict((k, 1) for _, k in ANSWERS) else wl.get(key)
                if not item or item[1] is None:
                    continue
                # one word a machine (the chart's legend splits on spaces)
                w.writerow([i, clean(label, 40, True), j,
                            clean(shown(name, meta, "-provisional"), 80, True), f"{item[1]:.3f}",
                            clean(item[0], 40, True), 1 if item[2] == "settled" else 0])
    return len(entries)


def peer_summary(readme):
    """The like-for-like peer ratios of an entry's peer table (its README's "## Peer table"):
    (measured, [(side, n, median, gaps, intervals)]) for gcc / K and gcc / R, or None."""
    text = readme.split("\n## Peer table", 1)
    if len(text) < 2:
        return None
    lines, found = text[1].split("\n"), {}
    measured = next((clean(m.group(1), 60) for m in
                     (re.match(r"^\| measured \| ([^|]*) \|$", l) for l in lines) if m), "")
    for _, row in md_rows(lines, ("gcc / K",)):
        for side in ("gcc / K", "gcc / R"):
            cell = row.get(side, "")
            v = re.match(r"^(\*\*)?(\d+(?:\.\d+)?)", cell)
            if v:
                found.setdefault(side, []).append((float(v.group(2)), bool(v.group(1)), "–" in cell))
    if not found:
        return None
    out = []
    for side in ("gcc / K", "gcc / R"):
        v = found.get(side, [])
        if v:
            out.append((side, len(v), statistics.median(x for x, _, _ in v),
                        sum(b for _, b, _ in v), all(i for _, _, i in v)))
    return measured, out


def peer_rows(entries, atlas):
    """The index's table of each entry's peer ratios."""
    lines = ["", "## Against the peer", "",
             "Ours over the peer benchmark's like-for-like builds (the gcc build; known squares "
             "`K`, random squares `R`), from each entry's peer table: the median ratio over the "
             "shared approaches and the gaps. A gap is a ratio whose 95% interval lies below "
             "0.95; a table of fewer than 6 rounds has no intervals, and its bold cells are only "
             "below 0.95. Each entry's table names the gaps and their measured reasons.", "",
             "| machine | peer table measured | known squares | random squares |",
             "|---|---|---|---|"]
    for folder, meta, _, _ in entries:
        name = shown(folder, meta)
        got = peer_summary(read(os.path.join(atlas, folder, "README.md")))
        if not got:
            lines.append(f"| {name} | not measured | – | – |")
            continue
        cells = {side: (f"{med:.2f} median over {n}; {gaps} gap{'s' if gaps != 1 else ''}"
                        if ivl else f"{med:.2f} median over {n}; {gaps} below 0.95 (no intervals)")
                 for side, n, med, gaps, ivl in got[1]}
        lines.append(f"| [{name}]({folder}/README.md#peer-table) | {got[0] or '–'} | "
                     f"{cells.get('gcc / K', '–')} | {cells.get('gcc / R', '–')} |")
    return lines


def agree(label, items):
    """One sentence: who leads `label` on every machine, or where the machines disagree."""
    items = [(n, i) for n, i in items if i]
    if not items:
        return ""
    clear = [(n, i[0]) for n, i in items if i[2] != "unclear"]
    noise = [n for n, i in items if i[2] == "unclear"]
    tail = f"; within the noise on {', '.join(noise)}" if noise else ""
    if not clear:
        return f"- **{label}**: no machine has a clear winner ({', '.join(noise)})."
    winners = [w for _, w in clear]
    top = max(winners, key=lambda w: (winners.count(w), -winners.index(w)))
    but = [f"{n}, where {w} leads" for n, w in clear if w != top]
    if but and 2 * winners.count(top) <= len(winners):
        return (f"- **{label}**: the machines disagree: "
                + "; ".join(f"{w} leads on {n}" for n, w in clear) + f"{tail}.")
    if not but:
        every = "every machine measured" if len(clear) > 1 else "the one machine measured"
        return f"- **{label}**: {top} leads on {every}{' with a clear winner' if noise else ''}{tail}."
    return f"- **{label}**: {top} leads on every machine measured but {'; '.join(but)}{tail}."
