package worker

// Host starts workers: Web Workers in the page (package browser),
// goroutines running Run in tests.
type Host interface {
	// Cores is how many logical processors the host reports.
	Cores() int
	// Start starts n workers. receive gets every message of worker w, in
	// order, from any goroutine; it never blocks. A worker that fails to
	// start sends MsgFailed.
	Start(n int, receive func(w int, m Message)) ([]Conn, error)
}

// Conn is the page's end of one worker.
type Conn interface {
	Send(m Message)
	Close() // ends the worker at once; closing again does nothing
}
