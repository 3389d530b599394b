//go:build js && wasm

package browser

import (
	"time"

	"honnef.co/go/js/dom/v2"
)

// NextFrame blocks the calling goroutine until the browser's next
// animation frame. It must not be called from inside a JS callback.
func NextFrame() {
	done := make(chan struct{})
	dom.GetWindow().RequestAnimationFrame(func(time.Duration) { close(done) })
	<-done
}
