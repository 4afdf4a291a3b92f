"""`make test`'s check of the short evaluation (scripts/fuzz-eval.sh --short): every planned trial
wrote its figures, the figures are the kind a run gives, and the report's statistics came out for
every pair of configurations. Prints `N passed, N failed`."""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from targets import TARGETS  # noqa: E402

results = sys.argv[1]
checks = []


def check(name, ok):
    checks.append(ok)
    if not ok:
        print(f"FAILED: {name}")


expected = [(t, c, n) for n in range(2) for t in ("png", "gif") for c in ("afl-default", "afl-fracture", "afl-both")]
expected += [("png", c, n) for n in range(2) for c in ("lf-default", "lf-fracture")]
for target, config, trial in expected:
    path = os.path.join(results, f"{target}.{config}.{trial:02d}.json")
    check(f"{path} exists", os.path.exists(path))
    if not os.path.exists(path):
        continue
    t = json.load(open(path))
    name = f"{target} {config} {trial}"
    check(f"{name}: edges", t["edges"] > 0)
    check(f"{name}: corpus holds at least the seeds", t["corpus"] >= len(os.listdir(f"tests/fuzz-eval/seeds/{target}")))
    check(f"{name}: executions", t["execs"] > 0 and t["execs_per_sec"] > 0)
    check(f"{name}: load recorded", t["load"]["samples"] >= 1)
    check(f"{name}: crash sites named", all(c["at"] for c in t["crash_sites"]))
    known = TARGETS[target]["bug"]["at"]
    check(f"{name}: the bug's time matches its crash", (t["bug_seconds"] is None) == all(c["at"] != known for c in t["crash_sites"]))

summary = json.load(open(os.path.join(results, "summary.json")))
check("a cell per target and configuration", len(summary["cells"]) == 8)
for cell in summary["cells"].values():
    check(f"{cell['target']}/{cell['config']}: median and quartiles", cell["edges"]["q1"] <= cell["edges"]["median"] <= cell["edges"]["q3"])
pairs = {(t["target"], t["a"], t["b"]) for t in summary["tests"]}
for target in ("png", "gif"):
    for a, b in (("afl-fracture", "afl-default"), ("afl-both", "afl-default"), ("afl-both", "afl-fracture")):
        check(f"U test {target} {a} vs {b}", (target, a, b) in pairs)
check("U test png lf-fracture vs lf-default", ("png", "lf-fracture", "lf-default") in pairs)
for t in summary["tests"]:
    check(f"{t['target']} {t['a']} vs {t['b']}: p in [0, 1]", 0 <= t["edges_p"] <= 1 and 0 <= t["bug_time_p"] <= 1)
    check(f"{t['target']} {t['a']} vs {t['b']}: U in range", 0 <= t["edges_u"] <= t["n"][0] * t["n"][1])

failed = checks.count(False)
print(f"{len(checks) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
