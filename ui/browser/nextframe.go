//go:build js && wasm

package browser

import "syscall/js"

// NextFrame blocks the calling goroutine until the browser's next
// animation frame. It must not be called from inside a JS callback.
func NextFrame() {
	done := make(chan struct{})
	var fn js.Func
	fn = js.FuncOf(func(js.Value, []js.Value) any {
		fn.Release()
		close(done)
		return nil
	})
	js.Global().Call("requestAnimationFrame", fn)
	<-done
}
