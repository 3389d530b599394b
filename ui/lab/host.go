package lab

// WorkerHost starts workers: Web Workers in the page (package browser),
// goroutines running RunWorker in tests.
type WorkerHost interface {
	// Cores is how many logical processors the host reports.
	Cores() int
	// Start starts n workers. receive gets every message of worker w, in
	// order, from any goroutine; it never blocks. A worker that fails to
	// start sends MsgFailed.
	Start(n int, receive func(w int, m Message)) ([]WorkerConn, error)
}

// WorkerConn is the page's end of one worker.
type WorkerConn interface {
	Send(m Message)
	Close() // ends the worker at once; closing again does nothing
}
