//go:build js && wasm

// Package app is the browser lab's user interface: vecty components that
// render a lab.Snapshot and turn user input into controller actions, and
// the drawing of the plots on <canvas> elements once per animation frame.
// It holds no logic of its own beyond layout: the state machine, settings,
// plot models and exports live in ui/lab, and what each frame draws and
// when is decided by ui/schedule.
package app
