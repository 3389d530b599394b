//go:build js && wasm

package browser

import (
	"syscall/js"
	"time"
)

// Yielder hands control back to the browser's event loop. It is written on
// syscall/js: dom/v2 has no MessageChannel.
type Yielder struct {
	port js.Value
	wake chan struct{}
	fn   js.Func
}

// NewYielder opens the MessageChannel that Yield posts on. The Yielder lives
// as long as the page.
func NewYielder() *Yielder {
	mc := js.Global().Get("MessageChannel").New()
	y := &Yielder{port: mc.Get("port2"), wake: make(chan struct{}, 64)}
	y.fn = js.FuncOf(func(js.Value, []js.Value) any {
		select { // never block inside a JS callback
		case y.wake <- struct{}{}:
		default:
		}
		return nil
	})
	mc.Get("port1").Set("onmessage", y.fn)
	return y
}

// Yield posts a message and blocks the calling goroutine until the browser
// delivers it, after it has had the chance to paint and handle input. It must
// not be called from inside a JS callback (start a goroutine first).
func (y *Yielder) Yield() {
	y.port.Call("postMessage", nil)
	<-y.wake
}

// Now is the page's monotonic clock (performance.now), with sub-millisecond
// resolution in isolated contexts and ~0.1 ms otherwise.
func Now() time.Duration { return time.Duration(nowMs() * float64(time.Millisecond)) }
