"""One trial: a fuzzer on a target for a number of seconds from the seed corpus, then its figures.

AFL++ runs the cargo-afl build (`afl-fuzz -s SEED -V SECONDS`); libFuzzer runs the libfuzzer-sys
build, restarted on the same corpus after each crash until the time is used (libFuzzer stops at
the first crash, AFL++ goes on). Edges are counted the same way for both: afl-showmap replays the
final corpus through the AFL++ build and counts the edges it covers (as FuzzBench measures
coverage on a build of its own). Every crash is replayed through the plain build to name its
panic site, which tells whether it is the target's known bug.
"""

import base64
import glob
import os
import re
import shutil
import subprocess
import threading
import time

from targets import CONFIGS, TARGETS, bug_site

AFL_ENV = {
    "AFL_NO_UI": "1",
    "AFL_SKIP_CPUFREQ": "1",
    "AFL_NO_AFFINITY": "1",
    "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES": "1",
    "AFL_FAST_CAL": "1",
}


class LoadSampler:
    """While a trial runs: the one-minute load average every 15 s, and every 2 s the CPU time of
    the fuzzer and every process under it (fork server, target), so the trial can say how much CPU
    it got on a shared machine (to within the last 2 s of short-lived processes)."""

    def __init__(self):
        self.samples = []
        self.root = None
        self.cpu = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @staticmethod
    def now():
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])

    def _cpu(self):
        if self.root is None:
            return
        tick = os.sysconf("SC_CLK_TCK")
        parents, used = {}, {}
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            # After the name: state, ppid, ..., utime (12th field), stime (13th).
            parents[int(pid)] = int(fields[1])
            used[int(pid)] = (int(fields[11]) + int(fields[12])) / tick
        for pid, cpu in used.items():
            p, hops = pid, 0
            while p not in (self.root, 0, 1) and hops < 16:
                p, hops = parents.get(p, 0), hops + 1
            if p == self.root:
                self.cpu[pid] = max(self.cpu.get(pid, 0), cpu)

    def _run(self):
        n = 0
        while True:
            if n % 8 == 0:
                self.samples.append(self.now())
            self._cpu()
            n += 1
            if self._stop.wait(2):
                return

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def summary(self):
        s = self.samples or [self.now()]
        return {"mean": round(sum(s) / len(s), 2), "max": max(s), "samples": len(s)}

    def cpu_seconds(self):
        return round(sum(self.cpu.values()), 1)


def start(cmd, sampler, limit, **kwargs):
    """`cmd`, whose process tree `sampler` watches; waits for it, at most `limit` s."""
    with subprocess.Popen(cmd, **kwargs) as proc:
        sampler.root = proc.pid
        try:
            out, err = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def showmap_edges(tools, target, corpus):
    """Edges the AFL++ build covers over every file in `corpus` (afl-showmap -C)."""
    out = os.path.join(os.path.dirname(corpus.rstrip("/")), "showmap.out")
    run = subprocess.run(
        [tools["afl-showmap"], "-C", "-i", corpus, "-o", out, "-t", "5000", "--", tools["afl-bin"][target]],
        capture_output=True,
        text=True,
        env={**os.environ, **AFL_ENV, "AFL_QUIET": "1"},
        timeout=900,
    )
    text = run.stdout + run.stderr
    m = re.search(r"Captured (\d+) tuples", text)
    if not m:
        raise RuntimeError(f"afl-showmap gave no count:\n{text[-2000:]}")
    return int(m.group(1))


def replay_batch(tools, target, files):
    """{file: (site, message) or None} for the files whose line the replay binary printed."""
    sites = {}
    run = subprocess.run([tools["replay"], target, *files], capture_output=True, text=True, timeout=900)
    for line in run.stdout.splitlines():
        m = re.match(r'\{"file":"(.*?)","panic":(null|"(.*)"),"at":"(.*)"\}$', line)
        if m:
            sites[m.group(1)] = (bug_site(m.group(4)), m.group(3))
        elif line.startswith('{"file":'):
            sites[re.match(r'\{"file":"(.*?)"', line).group(1)] = None
    return sites, run.returncode


def replay(tools, target, files):
    """The panic site of each file (None when it does not panic), from the plain build. An input
    that aborts the process (a failed allocation is an abort, not a panic) ends the batch, so the
    files it left unreplayed run one by one, and one that aborts alone is named by its signal."""
    sites = {}
    for i in range(0, len(files), 200):
        batch = files[i : i + 200]
        got, _ = replay_batch(tools, target, batch)
        sites.update(got)
        for f in batch:
            if f not in sites:
                alone, code = replay_batch(tools, target, [f])
                sites[f] = alone.get(f) or (f"abort on replay (exit {code})", None)
    return sites


def crash_report(tools, target, crashes):
    """`crashes`: [(seconds, file)]. The first crash at each panic site, and the known bug's time."""
    sites = replay(tools, target, [f for _, f in crashes])
    first = {}
    for t, f in sorted(crashes):
        site = sites.get(f)
        key = site[0] if site else "no panic on replay"
        if key not in first:
            entry = {"seconds": round(t, 1), "at": key, "panic": site[1] if site else None}
            data = open(f, "rb").read()
            if len(data) <= 4096:
                entry["input_base64"] = base64.b64encode(data).decode()
            first[key] = entry
    bug = TARGETS[target]["bug"]["at"]
    bug_time = first[bug]["seconds"] if bug in first else None
    return list(first.values()), bug_time


def stats_file(path):
    fields = {}
    with open(path) as f:
        for line in f:
            k, _, v = line.partition(":")
            fields[k.strip()] = v.strip()
    return fields


def run_afl(tools, target, config, seed, seconds, work, sampler):
    out = os.path.join(work, "out")
    env = {**os.environ, **AFL_ENV}
    env.pop("AFL_CUSTOM_MUTATOR_LIBRARY", None)
    env.pop("AFL_CUSTOM_MUTATOR_ONLY", None)
    env.pop("AFL_FRAMESHIFT_DISABLE", None)
    mutator = CONFIGS[config]["mutator"]
    if mutator:
        env["AFL_CUSTOM_MUTATOR_LIBRARY"] = tools["mutator"]
        # AFL++ 4.40c's FrameShift rewrites the queue entry's length fields in a custom mutator's
        # output (undoing its changes, and past the end of a shorter output): off with a mutator.
        env["AFL_FRAMESHIFT_DISABLE"] = "1"
    if mutator == "only":
        env["AFL_CUSTOM_MUTATOR_ONLY"] = "1"
    cmd = ["nice", "-n", str(tools.get("nice", 19)), tools["afl-fuzz"], "-i", tools["seeds"][target], "-o", out, "-s", str(seed)]
    cmd += ["-V", str(seconds), "--", tools["afl-bin"][target]]
    log = os.path.join(work, "afl.log")
    started = time.time()
    with open(log, "w") as logf:
        run = start(cmd, sampler, seconds + 600, stdout=logf, stderr=subprocess.STDOUT, env=env)
    wall = time.time() - started
    stats_path = os.path.join(out, "default", "fuzzer_stats")
    if run.returncode != 0 or not os.path.exists(stats_path):
        raise RuntimeError(f"afl-fuzz failed ({run.returncode}):\n{open(log).read()[-3000:]}")
    st = stats_file(stats_path)
    crashes = []
    for f in glob.glob(os.path.join(out, "default", "crashes", "id:*")):
        m = re.search(r",time:(\d+)", f)
        crashes.append(((int(m.group(1)) / 1000) if m else wall, f))
    found, bug_time = crash_report(tools, target, crashes)
    run_time = float(st.get("run_time", seconds)) or seconds
    return {
        "fuzzer_version": "AFL++ " + st.get("afl_version", "?").lstrip("+"),
        "edges": showmap_edges(tools, target, os.path.join(out, "default", "queue")),
        "fuzzer_edges": int(st["edges_found"]),
        "corpus": int(st["corpus_count"]),
        "execs": int(st["execs_done"]),
        "execs_per_sec": round(int(st["execs_done"]) / run_time, 1),
        "fuzz_seconds": run_time,
        "saved_crashes": int(st.get("saved_crashes", 0)),
        "crash_sites": found,
        "bug_seconds": bug_time,
    }


def run_libfuzzer(tools, target, config, seed, seconds, work, sampler):
    binary = tools["lf-bin"]["fracture" if CONFIGS[config]["mutator"] else "default"][target]
    corpus = os.path.join(work, "corpus")
    shutil.copytree(tools["seeds"][target], corpus)
    artifacts = os.path.join(work, "artifacts") + "/"
    os.makedirs(artifacts)
    started = time.time()
    execs, restarts, crashes, cov = 0, 0, [], None
    while True:
        left = seconds - (time.time() - started)
        if left < 1:
            break
        cmd = ["nice", "-n", str(tools.get("nice", 19)), binary, f"-seed={seed + restarts}", f"-max_total_time={int(left + 0.999)}"]
        cmd += [f"-artifact_prefix={artifacts}", "-close_fd_mask=3", "-rss_limit_mb=2048", "-timeout=10"]
        cmd += ["-print_final_stats=1", corpus]
        run = start(cmd, sampler, seconds + 600, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        log = run.stderr
        if restarts == 0 and CONFIGS[config]["mutator"] and "found LLVMFuzzerCustomMutator" not in log:
            raise RuntimeError("libFuzzer did not find LLVMFuzzerCustomMutator")
        done = re.findall(r"^#(\d+)\s", log, re.M)
        final = re.search(r"stat::number_of_executed_units: (\d+)", log)
        execs += int(final.group(1)) if final else int(done[-1]) if done else 0
        covs = re.findall(r"\bcov: (\d+)", log)
        cov = int(covs[-1]) if covs else cov
        # libFuzzer names an artifact by its content's hash, so a crash found again rewrites the same
        # file: the log's line, not a new file, tells that the run ended on a crash.
        written = [
            path
            for path in re.findall(r"Test unit written to (\S+)", log)
            if os.path.basename(path).startswith(("crash-", "oom-", "timeout-", "leak-"))
        ]
        at = time.time() - started
        crashes += [(at, path) for path in written if os.path.exists(path)]
        if not written:
            if run.returncode != 0:
                raise RuntimeError(f"libFuzzer failed ({run.returncode}):\n{log[-3000:]}")
            break
        restarts += 1
    wall = time.time() - started
    found, bug_time = crash_report(tools, target, crashes)
    return {
        "fuzzer_version": "libFuzzer (libfuzzer-sys " + tools.get("libfuzzer-sys", "?") + ")",
        "edges": showmap_edges(tools, target, corpus),
        "fuzzer_edges": cov,
        "corpus": len(os.listdir(corpus)),
        "execs": execs,
        "execs_per_sec": round(execs / wall, 1),
        "fuzz_seconds": round(wall, 1),
        "saved_crashes": len(crashes),
        "restarts": restarts,
        "crash_sites": found,
        "bug_seconds": bug_time,
    }


def run_trial(tools, target, config, seed, seconds, work):
    """The trial's figures (edges, corpus, executions, crashes), the CPU time the fuzzer and its
    target got, and the load while it ran."""
    runner = run_afl if CONFIGS[config]["fuzzer"] == "afl" else run_libfuzzer
    with LoadSampler() as load:
        start_load = LoadSampler.now()
        figures = runner(tools, target, config, seed, seconds, work, load)
    figures["cpu_seconds"] = load.cpu_seconds()
    figures["load"] = {"start": start_load, **load.summary()}
    return figures
