// Package pace drives a stepping run in chunks of about a millisecond of
// solver work, checking for cancellation between chunks: the loop behind
// dfsdca.Run.Until and method.Run.Until, written once.
package pace
