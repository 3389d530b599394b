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
import re, sys

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
    lines = sys.stdin if name == '-' else open(name)
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
