package lab

import (
	"context"
	"sync"

	"imlab/core/loss"
	"imlab/ui/lab/worker"
)

// inbox queues the workers' messages for the controller's task without
// ever blocking the sender (a JavaScript message handler).
type inbox struct {
	mu   sync.Mutex
	msgs []workerMsg
	wake chan struct{}
	// solved holds every P* the workers have answered, as they arrive, so
	// the page knows it before a run reads the message (PStarKnown).
	solved map[lossLambda]float64
	// theories holds every MethodTheory the workers have answered.
	theories map[theoryRequest]*worker.MethodTheory
}

type lossLambda struct {
	loss   loss.Spec
	lambda float64
}

type workerMsg struct {
	w int
	m worker.Message
}

func newInbox() *inbox {
	return &inbox{wake: make(chan struct{}, 1), solved: map[lossLambda]float64{}, theories: map[theoryRequest]*worker.MethodTheory{}}
}

func (b *inbox) put(w int, m worker.Message) {
	b.mu.Lock()
	b.msgs = append(b.msgs, workerMsg{w, m})
	if m.Kind == worker.MsgPStar && m.Err == "" {
		b.solved[lossLambda{m.Loss, m.Lambda}] = m.PStar
	}
	if m.Kind == worker.MsgTheory && m.Err == "" && m.Theory != nil {
		b.theories[theoryRequestIn(m)] = m.Theory
	}
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// pstar returns P* of loss and λ if a worker has answered it.
func (b *inbox) pstar(l loss.Spec, lambda float64) (float64, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p, ok := b.solved[lossLambda{l, lambda}]
	return p, ok
}

// theory returns the MethodTheory of r if a worker has answered it.
func (b *inbox) theory(r theoryRequest) (*worker.MethodTheory, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	mt, ok := b.theories[r]
	return mt, ok
}

// tryGet returns the next message if one is queued.
func (b *inbox) tryGet() (workerMsg, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.msgs) == 0 {
		return workerMsg{}, false
	}
	m := b.msgs[0]
	b.msgs = b.msgs[1:]
	return m, true
}

// get returns the next message, or false once ctx ends.
func (b *inbox) get(ctx context.Context) (workerMsg, bool) {
	for {
		b.mu.Lock()
		if len(b.msgs) > 0 {
			m := b.msgs[0]
			b.msgs = b.msgs[1:]
			b.mu.Unlock()
			return m, true
		}
		b.mu.Unlock()
		select {
		case <-b.wake:
		case <-ctx.Done():
			return workerMsg{}, false
		}
	}
}
