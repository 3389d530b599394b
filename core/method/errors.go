package method

import "errors"

// Errors shared by every method, so that callers can test for them with
// errors.Is whichever method ran.
var (
	// ErrDiverged reports that an iterate became non-finite, which happens
	// when the step size is larger than the theory allows.
	ErrDiverged = errors.New("method: diverged (non-finite iterate; step size too large?)")
	// ErrOptions reports invalid solver options or stopping rules.
	ErrOptions = errors.New("method: invalid options")
)
