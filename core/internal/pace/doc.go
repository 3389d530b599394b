// Package pace drives a stepping run in chunks of about a millisecond of
// solver work, checking for cancellation between chunks: the loop behind
// method.Run.Until.
package pace
