#!/usr/bin/env python3
# bench/timeline.py [FILE...]: where each worker's time went in the runs that
# bench/page.sh logged with IMLAB_BENCH_TIMELINE=1 (stdin if no file). From
# each run's moments (imlab.timeline(): each job's first and last update as
# they reach the page, with the worker's solver time in the run so far), per
# worker: its solver time (busy) and its idle time, elapsed − busy, split
# into
#   start   before its first job's first update (less the solver time in it:
#           the data still loading, P* or the theory queued first, the
#           jobs' way out and the first update's way back)
#   between from a job's last update to the next job's first (less solver
#           time): waiting for a job, and the messages' way
#   within  from a job's first update to its last (less solver time): the
#           yields between slices, making and sending updates
#   tail    from its last job's end to the run's end: nothing left to do
# The four add up to elapsed − busy. The solver share of the run is
# Σ busy ÷ (elapsed × workers), as bench/page.sh's solver_share.
#
# From each run's CPU line (every browser thread's CPU seconds over the run,
# and its run-queue wait): the workers' CPU (each, and together), the
# page's main thread, the compositor, the renderer's thread pool (the wasm
# optimising compiler, mostly), the GPU and browser processes, all the
# browser's threads, and the machine's busy CPU time (everyone's) over the
# same wall time; "per s" is the page's main thread per second of the run.
import re, sys

def cpu_lines(lines):
    for line in lines:
        m = re.search(r'CPU workers=(\S+) load=(\S+) settle=(\S+) wall_s=([\d.]+) (.*)', line)
        if not m:
            continue
        f = dict(re.findall(r'(\S+)=([\d.]+)/([\d.]+)', m.group(5)) and
                 [(k, (float(c), float(q))) for k, c, q in re.findall(r'(\S+)=([\d.]+)/([\d.]+)', m.group(5))])
        tot = dict(re.findall(r'(browser_total|machine_busy)=([\d.]+)', m.group(5)))
        yield m.group(1), m.group(3), float(m.group(4)), f, {k: float(v) for k, v in tot.items()}

def cpu_summary(wall, f, tot):
    # the renderer holding the workers; its main thread is named after the
    # program ("chromium")
    wr = {k.split(':')[0] for k in f if 'DedicatedWorker' in k}
    r = min(wr) if wr else 'r?'
    workers = sorted(((k, v) for k, v in f.items() if k.startswith(r + ':DedicatedWorker') and v[0] >= 0.05),
                     key=lambda kv: kv[0])
    part = lambda pre: sum(v[0] for k, v in f.items() if k.startswith(pre))
    main = max((v[0] for k, v in f.items() if k.startswith(r + ':chromium')), default=0)
    return dict(workers=[v for _, v in workers], wsum=sum(v[0] for _, v in workers), main=main,
                comp=part(r + ':Compositor'), pool=part(r + ':ThreadPool'), gpu=part('gpu'), brow=part('browser'),
                total=tot.get('browser_total', 0), machine=tot.get('machine_busy', 0), wall=wall)

def runs(lines):
    for line in lines:
        m = re.search(r'TIMELINE workers=(\S+) load=(\S+) settle=(\S+) (.*)', line)
        if not m:
            continue
        events = []
        for e in m.group(4).split('; '):
            f = re.match(r'([\d.]+)ms w(\d+) (\S+)(?: job(\d+))?(?: busy=([\d.]+)ms)?', e.strip())
            if f:
                events.append((float(f.group(1)), int(f.group(2)), f.group(3),
                               int(f.group(4)) if f.group(4) else -1, float(f.group(5) or 0)))
        yield m.group(1), m.group(3), events

def breakdown(events):
    done = max((t for t, w, what, j, b in events if what == 'done'), default=None)
    if done is None:
        return None
    out = {}
    for w in sorted({w for _, w, what, _, _ in events if w > 0 and what.startswith('job')}):
        ev = [(t, what, j, b) for t, ww, what, j, b in events if ww == w and what in ('job-start', 'job-end')]
        busy = max(b for _, _, _, b in ev)
        start = between = within = 0.0
        last_t, last_b, first = 0.0, 0.0, True
        for t, what, j, b in ev:
            gap = (t - last_t) - (b - last_b)
            if first:
                start += gap
                first = False
            elif what == 'job-start':
                between += gap
            else:
                within += gap
            last_t, last_b = t, b
        out[w] = dict(busy=busy, idle=done - busy, start=start, between=between, within=within, tail=done - last_t,
                      jobs=sum(1 for _, what, _, _ in ev if what == 'job-end'))
    return done, out

files = sys.argv[1:] or ['-']
for name in files:
    lines = list(sys.stdin if name == '-' else open(name))
    for key, settle, wall, f, tot in cpu_lines(lines):
        c = cpu_summary(wall, f, tot)
        ws = ' + '.join(f"{w[0]:.2f} (runq {w[1]:.2f})" for w in c['workers'])
        print(f"{name}: workers={key} settle={settle} wall {wall:.2f} s, CPU s: workers {ws} = {c['wsum']:.2f};"
              f" page main {c['main']:.2f} ({c['main']/wall:.2f} per s), compositor {c['comp']:.2f},"
              f" thread pool {c['pool']:.2f}, gpu {c['gpu']:.2f}, browser {c['brow']:.2f};"
              f" all browser {c['total']:.2f}, machine {c['machine']:.2f} of {2*wall:.2f}")
    for key, settle, events in runs(lines):
        r = breakdown(events)
        if r is None:
            continue
        done, per = r
        share = sum(p['busy'] for p in per.values()) / (done * len(per))
        print(f"{name}: workers={key} settle={settle} elapsed {done/1e3:.2f} s, solver share {share:.3f}")
        for w, p in per.items():
            print(f"  w{w}: {p['jobs']:2d} jobs, busy {p['busy']/1e3:.2f} s, idle {p['idle']/1e3:.2f} s ="
                  f" start {p['start']/1e3:.2f} + between {p['between']/1e3:.2f} + within {p['within']/1e3:.2f}"
                  f" + tail {p['tail']/1e3:.2f}")
