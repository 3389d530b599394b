#!/usr/bin/env python3
# bench/jobs-schedule.py CSV [SEEDS]: from the per-run seconds that
# bench/jobcost prints, simulate paper.Reproduce's list scheduling
# (jobs in its order, each to the first free worker) and print the
# makespan for 1, 2, 3, 4 and 8 workers (docs/jobs.md). Seed 1's run
# times stand for every seed's; loading data and solving P* are left out.
import csv, sys, heapq
rows = list(csv.DictReader(open(sys.argv[1])))
seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
laws = []
cost = {}
for r in rows:
    if r['law'] not in laws: laws.append(r['law'])
    cost[(r['law'], r['sampling'], int(r['tau']))] = float(r['seconds'])
taus = [32, 16, 8, 4, 2, 1]
jobs = [cost[(l, k, t)] for l in laws for s in range(seeds) for t in taus for k in ('nice', 'imp') if (l, k, t) in cost]
total = sum(jobs)
def makespan(w):
    free = [0.0] * w
    for c in jobs:
        t = heapq.heappop(free)
        heapq.heappush(free, t + c)
    return max(free)
one = makespan(1)
print(f"{len(jobs)} runs, {total:.1f} s of solver time; longest run {max(jobs):.2f} s")
for w in (1, 2, 3, 4, 8):
    m = makespan(w)
    print(f"workers {w}: makespan {m:.1f} s, speedup {one/m:.2f}")
