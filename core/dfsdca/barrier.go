package dfsdca

import (
	"runtime"
	"sync/atomic"
	"time"
)

// The pool's barriers and hand-offs (see pool): a flag per part that its
// owner alone writes, polled by the others, spinning before parking.

// paddedFlag keeps each part's barrier flag on its own cache line, so that
// a part writing its flag does not disturb the lines the others poll.
type paddedFlag struct {
	n    atomic.Uint64
	sink float64 // what the part's prefetch fallback loaded (core/internal/prefetch), kept alive
	_    [48]byte
}

// sleeper parks a goroutine until woken; asleep guards the hand-off so that
// exactly one token is sent per park.
type sleeper struct {
	asleep atomic.Bool
	wake   chan struct{}
}

// park blocks until wakeUp is called, unless ready() turns true first.
func (s *sleeper) park(ready func() bool) {
	s.asleep.Store(true)
	if ready() && s.asleep.CompareAndSwap(true, false) {
		return
	}
	<-s.wake
}

// wakeUp releases a parked goroutine, if any.
func (s *sleeper) wakeUp() {
	if s.asleep.Load() && s.asleep.CompareAndSwap(true, false) {
		s.wake <- struct{}{}
	}
}

// spinFor bounds the busy-wait of a hand-off before the part parks.
// Waking a parked goroutine goes through the scheduler and the kernel: some
// microseconds on a bare machine, up to hundreds on a virtual one. On the
// 2-vCPU Intel VM of 2026-12-01 a spin of some 30 µs (2¹⁵ polls) parked a
// third of the hand-offs of a run at τ = 64 (n = 20,000, d = 1,000: about
// 35 µs of work per part and phase), and each wake-up cost the other part as
// long again: split minibatches ran at 0.6× the speed of serial ones; with
// 500 µs none parked, and they ran 1.8× faster than serial (docs/cores.md).
// A part spins that long only while its partner is late, and the tuner stops
// splitting when the machine is too busy for it to pay.
const spinFor = 500 * time.Microsecond

// yieldEvery is how many polls a part makes between yields when the pool
// has more parts than threads, and between looks at the clock.
const yieldEvery = 64

// spin polls ready until it holds (true) or spinFor has passed (false),
// letting another part run every yieldEvery polls where the pool has more
// parts than threads.
func (p *pool) spin(ready func() bool) bool {
	if !p.spins {
		return ready()
	}
	var start time.Time
	for i := 1; ; i++ {
		if ready() {
			return true
		}
		if i%yieldEvery == 0 {
			if p.yield {
				runtime.Gosched()
			}
			switch {
			case start.IsZero():
				start = time.Now()
			case time.Since(start) > spinFor:
				return false
			}
		}
	}
}

// sleeperOf is part's sleeper.
func (p *pool) sleeperOf(part int) *sleeper {
	if part == 0 {
		return &p.self
	}
	return &p.helpers[part-1]
}

// await returns once ready() holds, spinning first and then parking on s.
// A wake-up can be stale (a waker delayed past the hand-off it was meant
// for), so ready() is checked again after every park.
func (p *pool) await(s *sleeper, ready func() bool) {
	if p.spin(ready) {
		return
	}
	for !ready() {
		s.park(ready)
	}
}

// reached reports whether every part has reached barrier b, polling the
// flags from *from on (the ones before it have already been seen there).
func (p *pool) reached(b uint64, from *int) bool {
	for *from < p.parts && p.flags[*from].n.Load() >= b {
		*from++
	}
	return *from == p.parts
}

// arrive marks part as having reached the next barrier and returns once
// every part has; it reports whether part was the last to arrive.
func (p *pool) arrive(part int) (last bool) {
	b := p.flags[part].n.Load() + 1 // every part passes the same barriers
	p.flags[part].n.Store(b)
	if p.sleepers.Load() > 0 {
		// Wake the parked parts if this was the last arrival. (A part
		// parks only after counting itself in sleepers and then seeing
		// the barrier unreached, so one of the two sees the other.)
		if from := 0; p.reached(b, &from) {
			p.wakeAll()
		}
	}
	from := 0
	ready := func() bool { return p.reached(b, &from) }
	if ready() {
		return true
	}
	if p.spin(ready) {
		return false
	}
	me := p.sleeperOf(part)
	for !ready() {
		p.sleepers.Add(1)
		me.park(ready)
		p.sleepers.Add(-1)
	}
	return false
}

// wakeAll wakes every parked part.
func (p *pool) wakeAll() {
	p.self.wakeUp()
	for h := range p.helpers {
		p.helpers[h].wakeUp()
	}
}
