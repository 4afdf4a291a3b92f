"""The evaluation's report from whatever trial files exist: per target and configuration the
median and interquartile range of edges, corpus size and executions per second, the known bug's
trials and median time, and the Mann-Whitney U test between configurations (on edges, and on the
time to the known bug with a trial that never found it counted as the whole duration). Writes
DIR/summary.json and, given a Markdown file, rewrites the section between its markers
`<!-- fuzz-eval:NAME:begin -->` and `<!-- fuzz-eval:NAME:end -->`."""

import glob
import json
import os
import re

from stats import a12, mann_whitney_u, median, spread
from targets import CONFIGS, PAIRS, TARGETS


def load(results):
    trials = []
    for path in sorted(glob.glob(os.path.join(results, "*.json"))):
        if os.path.basename(path) == "summary.json":
            continue
        with open(path) as f:
            trials.append(json.load(f))
    return trials


def bug_times(group):
    """Seconds to the known bug per trial, a trial that never found it counted as its duration."""
    return [t["bug_seconds"] if t["bug_seconds"] is not None else t["seconds"] for t in group]


def summarise(trials):
    groups = {}
    for t in trials:
        groups.setdefault((t["target"], t["config"]), []).append(t)
    cells = {}
    for (target, config), group in sorted(groups.items()):
        found = [t["bug_seconds"] for t in group if t["bug_seconds"] is not None]
        cells[f"{target}/{config}"] = {
            "target": target,
            "config": config,
            "trials": len(group),
            "seconds": sorted({t["seconds"] for t in group}),
            "edges": spread([t["edges"] for t in group]),
            "corpus": spread([t["corpus"] for t in group]),
            "execs_per_sec": spread([t["execs_per_sec"] for t in group]),
            "bug_found": len(found),
            "bug_seconds": spread(found),
            "first_crash_seconds": spread(
                [min(c["seconds"] for c in t["crash_sites"]) for t in group if t["crash_sites"]]
            ),
            "load_mean": median([t["load"]["mean"] for t in group]),
            "cpu_seconds": spread([t["cpu_seconds"] for t in group if t.get("cpu_seconds") is not None]),
        }
    tests = []
    for target in TARGETS:
        for a, b in PAIRS:
            ga, gb = groups.get((target, a)), groups.get((target, b))
            if not ga or not gb:
                continue
            ea, eb = [t["edges"] for t in ga], [t["edges"] for t in gb]
            u, p = mann_whitney_u(ea, eb)
            ta, tb = bug_times(ga), bug_times(gb)
            ub, pb = mann_whitney_u(ta, tb)
            tests.append(
                {
                    "target": target,
                    "a": a,
                    "b": b,
                    "n": [len(ea), len(eb)],
                    "edges_u": u,
                    "edges_p": p,
                    "edges_a12": a12(ea, eb),
                    "bug_time_u": ub,
                    "bug_time_p": pb,
                }
            )
    return {"cells": cells, "tests": tests}


def fmt(x, digits=0):
    if x is None:
        return "–"
    if digits == 0:
        return f"{x:,.0f}"
    return f"{x:,.{digits}f}"


def iqr(s, digits=0):
    if not s:
        return "–"
    return f"{fmt(s['median'], digits)} ({fmt(s['q1'], digits)}–{fmt(s['q3'], digits)})"


def first_crash(cell):
    """The median time to a trial's first crash of any kind, and in how many trials there was one."""
    s = cell["first_crash_seconds"]
    if not s:
        return "none"
    return f"{fmt(s['median'], 1)} s ({s['n']}/{cell['trials']})"


def verdict(test):
    """`a > b`, `a < b` or `=` at p < 0.05 on edges."""
    if test["edges_p"] >= 0.05:
        return "no significant difference"
    return "more edges" if test["edges_a12"] > 0.5 else "fewer edges"


def table(header, right, rows):
    """A Markdown table padded as the repository's formatter (Biome) pads one: every cell to its
    column's width, right-aligned columns (`right[i]`) padded on the left."""
    widths = [max(3, len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]

    def line(cells):
        return "| " + " | ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)) + " |"

    rule = "| " + " | ".join("-" * (w - 1) + ":" if r else "-" * w for w, r in zip(widths, right)) + " |"
    return [line(header), rule, *(line(r) for r in rows)]


def markdown(summary, trials):
    lines = []
    if not trials:
        return "No trials yet."
    machines = {(t["machine"]["cpus"], t["machine"]["cpu"]) for t in trials}
    seconds = sorted({t["seconds"] for t in trials})
    commits = sorted({t["mutator_commit"] for t in trials})
    versions = sorted({t["fuzzer_version"] for t in trials})
    loads = [t["load"]["mean"] for t in trials]
    starts = sorted(t["started"] for t in trials)
    lines.append(
        f"{len(trials)} trials of {', '.join(str(s) for s in seconds)} s, from {starts[0]} to {starts[-1]}, "
        f"on {'; '.join(f'{c} × {m}' for c, m in sorted(machines))} shared with other work "
        f"(load average during trials: median {median(loads):.1f}, from {min(loads):.1f} to {max(loads):.1f}); "
        f"mutator built from {', '.join(commits)}; {', '.join(versions)}. "
        "Figures are medians with the interquartile range in brackets; CPU s is the CPU time the fuzzer "
        "and its target got in a trial."
    )
    lines.append("")
    rows = []
    for c in summary["cells"].values():
        bug = c["bug_seconds"]
        rows.append(
            [c["target"], c["config"], str(c["trials"]), iqr(c["edges"]), iqr(c["corpus"]), iqr(c["execs_per_sec"]),
             fmt(c["cpu_seconds"]["median"]) if c["cpu_seconds"] else "–", first_crash(c), f"{c['bug_found']}/{c['trials']}", fmt(bug["median"], 1) + " s" if bug else "never"]
        )
    header = ["target", "configuration", "trials", "edges", "corpus", "execs/s", "CPU s", "first crash",
              "known bug found", "time to bug"]
    lines += table(header, [False, False, True, True, True, True, True, True, True, True], rows)
    lines.append("")
    rows = [
        [t["target"], f"{t['a']} vs {t['b']}", f"{t['n'][0]}, {t['n'][1]}",
         f"{t['edges_u']:g}, {t['edges_p']:.3g}, {t['edges_a12']:.2f}", verdict(t),
         f"{t['bug_time_u']:g}, {t['bug_time_p']:.3g}"]
        for t in summary["tests"]
    ]
    header = ["target", "comparison", "trials", "edges: U, p, A12", "edges at p < 0.05", "time to bug: U, p"]
    lines += table(header, [False, False, True, False, False, False], rows)
    return "\n".join(lines)


def write_report(results, doc, name):
    trials = load(results)
    summary = summarise(trials)
    with open(os.path.join(results, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
        f.write("\n")
    text = markdown(summary, trials)
    if doc:
        begin, end = f"<!-- fuzz-eval:{name}:begin -->", f"<!-- fuzz-eval:{name}:end -->"
        body = open(doc).read()
        pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
        if not pattern.search(body):
            raise SystemExit(f"fuzz-eval: {doc} has no {begin} ... {end} section")
        body = pattern.sub(lambda _: f"{begin}\n\n{text}\n\n{end}", body)
        tmp = doc + ".tmp"
        with open(tmp, "w") as f:
            f.write(body)
        os.replace(tmp, doc)
    return text
