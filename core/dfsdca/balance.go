package dfsdca

// leadBalancer sizes part 0's share of a split minibatch's margins. Part 0
// also loads the next minibatch in that phase (draws it, copies it, checks
// its members are distinct: some 2.5 µs at τ = 64 on the 2-core VMs), so
// with equal shares the other parts wait for it at the barrier, and the
// more parts share a minibatch the larger that load is beside a share
// (with 16 parts, 4 rows of 800 non-zeros at τ = 64). How much smaller its
// share should be depends on the machine and the data, so the balancer
// measures it: every balanceWindow split iterations it moves one member
// from part 0 to the others if part 0 arrived last at the barrier in more
// than three quarters of them, and one back if in fewer than a quarter.
// So part 0 ends up about as late as the latest of the others, which is
// what the phase's length depends on. The iterates do not depend on the
// split (pool).
type leadBalancer struct {
	shift        int  // members part 0 gives up against an equal share; negative: takes more
	late, window int  // of the window's iterations so far, those part 0 arrived last in
	fixed        bool // keep shift as set (tests)
}

// balanceWindow is how many split iterations the balancer watches before
// moving a member: at fewer than 64, who arrives last at a barrier between
// two parts of equal work is noise (a quarter or three quarters of 16 coin
// flips comes up one time in 40).
const balanceWindow = 64

// lead returns part 0's share of a minibatch of m members among parts: an
// equal share, m/parts, less shift, within [0, m].
func (b *leadBalancer) lead(m, parts int) int {
	return min(max(m/parts-b.shift, 0), m)
}

// observe records whether part 0 arrived last at the margins barrier of an
// iteration split among parts, whose minibatches have at most maxSize
// members, and moves a member at the end of a window. The shift stays
// within what a minibatch can give: beyond it, it would only take as long
// to come back.
func (b *leadBalancer) observe(last bool, parts, maxSize int) {
	if b.fixed {
		return
	}
	if last {
		b.late++
	}
	if b.window++; b.window < balanceWindow {
		return
	}
	bound := maxSize / parts
	switch {
	case 4*b.late > 3*balanceWindow:
		b.shift = min(b.shift+1, bound)
	case 4*b.late < balanceWindow:
		b.shift = max(b.shift-1, -bound)
	}
	b.late, b.window = 0, 0
}

// members returns the members [from, to) of a minibatch of m that part of
// parts takes in the margins phase, part 0 the first lead and the others
// equal shares of the rest: contiguous, so that each part writes its own
// cache lines of z and coef.
func members(part, parts, m, lead int) (from, to int) {
	if part == 0 {
		return 0, lead
	}
	rest, others := m-lead, parts-1
	return lead + (part-1)*rest/others, lead + part*rest/others
}
