#!/usr/bin/env python3
"""`make fuzz-eval`'s driver (docs/mutators.md, "The evaluation").

    eval.py run --tools tools.json --results DIR --trials N --seconds S [--targets a,b] [--configs ..]
    eval.py report --results DIR [--doc docs/mutators.md]

`run` goes trial by trial and, within a trial, target by target and configuration by configuration,
so load that comes and goes touches every configuration alike; each trial's figures are written to
DIR/TARGET.CONFIG.NN.json (a temporary file, then renamed) as soon as it ends, and a trial whose file
exists is skipped, so an interrupted run resumes where it stopped. One fuzzer process at a time
(`--jobs N`: N trials at once, for the short form of `make test`, whose figures are not compared).
`report` summarises whatever files exist (report.py).
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fuzzers import run_trial  # noqa: E402
from report import write_report  # noqa: E402
from targets import CONFIGS, TARGETS  # noqa: E402

# AFL++'s -s and libFuzzer's -seed for trial N: the same for every configuration of that trial.
SEED_BASE = 1000


def machine():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpus": os.cpu_count(), "cpu": cpu, "kernel": platform.release()}


def mutator_commit(repo):
    """The commit the mutator was built from, with `+dirty` when the engine's sources differ."""
    try:
        head = subprocess.run(["git", "-C", repo, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True)
        dirty = subprocess.run(
            ["git", "-C", repo, "status", "--porcelain", "--", "engine-rs"], capture_output=True, text=True
        )
        return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
    except OSError:
        return "?"


def plan(targets, configs, lf_targets, trials):
    """Every (trial, target, config) in the order they run."""
    for trial in range(trials):
        for target in targets:
            for config in configs:
                if CONFIGS[config]["fuzzer"] == "libfuzzer" and target not in lf_targets:
                    continue
                yield trial, target, config


def result_path(results, target, config, trial):
    return os.path.join(results, f"{target}.{config}.{trial:02d}.json")


def write_atomic(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def run(args):
    tools = json.load(open(args.tools))
    tools["nice"] = args.nice
    targets = args.targets.split(",")
    configs = args.configs.split(",")
    lf_targets = args.lf_targets.split(",") if args.lf_targets else targets
    for name in targets:
        if name not in TARGETS:
            sys.exit(f"fuzz-eval: unknown target {name} (known: {', '.join(TARGETS)})")
    for name in configs:
        if name not in CONFIGS:
            sys.exit(f"fuzz-eval: unknown configuration {name} (known: {', '.join(CONFIGS)})")
    os.makedirs(args.results, exist_ok=True)
    todo = [t for t in plan(targets, configs, lf_targets, args.trials) if not os.path.exists(result_path(args.results, t[1], t[2], t[0]))]
    total = len(list(plan(targets, configs, lf_targets, args.trials)))
    print(f"[fuzz-eval] {total - len(todo)} of {total} trials done; {len(todo)} to run, {args.seconds} s each", flush=True)
    info = {"machine": machine(), "mutator_commit": mutator_commit(tools["repo"]), "rustc": tools.get("rustc")}

    def one(trial, target, config):
        path = result_path(args.results, target, config, trial)
        seed = SEED_BASE + trial
        work = tempfile.mkdtemp(prefix=f"fracture-fuzz-eval-{target}-{config}-")
        started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        t0 = time.time()
        try:
            figures = run_trial(tools, target, config, seed, args.seconds, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        record = {
            "target": target,
            "crate": TARGETS[target]["crate"],
            "config": config,
            "trial": trial,
            "seed": seed,
            "seconds": args.seconds,
            "started": started,
            "wall_seconds": round(time.time() - t0, 1),
            **info,
            **figures,
        }
        write_atomic(path, record)
        bug = "none" if figures["bug_seconds"] is None else f"{figures['bug_seconds']} s"
        return (
            f"{target} {config} trial {trial}: {figures['edges']} edges, "
            f"corpus {figures['corpus']}, {figures['execs_per_sec']} exec/s, known bug {bug}, "
            f"{figures['cpu_seconds']} CPU s, load {figures['load']['mean']}"
        )

    # --jobs 1 (the evaluation's default): one fuzzer at a time, in plan order. More (the short form
    # of `make test`, which checks the pipeline and not the figures) runs that many trials at once.
    if args.jobs <= 1:
        for n, t in enumerate(todo, 1):
            print(f"[fuzz-eval] {n}/{len(todo)} {one(*t)}", flush=True)
        return
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        running = [pool.submit(one, *t) for t in todo]
        try:
            for n, future in enumerate(concurrent.futures.as_completed(running), 1):
                print(f"[fuzz-eval] {n}/{len(todo)} {future.result()}", flush=True)
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--tools", required=True, help="tools.json written by scripts/fuzz-eval.sh")
    r.add_argument("--results", required=True)
    r.add_argument("--trials", type=int, default=10)
    r.add_argument("--seconds", type=int, default=600)
    r.add_argument("--targets", default=",".join(TARGETS))
    r.add_argument("--configs", default=",".join(CONFIGS))
    r.add_argument("--lf-targets", default="", help="targets libFuzzer runs on (default: all)")
    r.add_argument("--nice", type=int, default=19, help="the fuzzers' niceness (default 19)")
    r.add_argument("--jobs", type=int, default=1, help="trials at once (default 1: one fuzzer at a time)")
    s = sub.add_parser("report")
    s.add_argument("--results", required=True)
    s.add_argument("--doc", help="the Markdown file whose marked section gets the table")
    s.add_argument("--name", help="the campaign's name in the markers (default: the results folder's)")
    args = p.parse_args()
    if args.command == "run":
        run(args)
    else:
        print(write_report(args.results, args.doc, args.name or os.path.basename(os.path.normpath(args.results))))


if __name__ == "__main__":
    main()
