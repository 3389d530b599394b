//go:build js && wasm

package canvas

import (
	"math"
	"syscall/js"
	"unsafe"

	"imlab/ui/chart"
)

// Replay draws a chart.Batch on the canvas in one call to JavaScript:
// drawing call by call from Go costs a few microseconds per call, and a plot
// is thousands of calls. The page draws one canvas at a time, on one thread,
// so one replayer serves every canvas.
func (c *Canvas) Replay(b *chart.Batch) { replayer.replay(c.ctx2d, b, 0, 0, math.Inf(1)) }

// ReplayPart replays b's commands from the one at index from of b.Ops,
// with clips open clips, until they end or the time (performance.now(),
// in milliseconds) passes until, checked every few commands. It returns
// where to go on from, len(b.Ops) at the end, and the clips then open,
// which stay open on the canvas's context (and are ended at the end). A
// drawing too long for one frame is so split across frames, on a canvas
// off screen, shown when complete (Show).
//
// The command stream goes to JavaScript once per drawing: a call with from
// > 0 on the batch, of the length, that the last call sent goes on with the
// stream sent then, so b must not change between the parts of one replay.
func (c *Canvas) ReplayPart(b *chart.Batch, from, clips int, until float64) (next, open int) {
	return replayer.replay(c.ctx2d, b, from, clips, until)
}

// EndReplay ends a replay in parts that will not go on: it closes the
// clips open (ReplayPart's open) on the canvas's context.
func (c *Canvas) EndReplay(open int) {
	for ; open > 0; open-- {
		c.ctx2d.Call("restore")
	}
}

// Show copies src's pixels onto c, whose backing store is sized to match:
// a drawing made off screen appears at once.
func (c *Canvas) Show(src *Canvas) {
	ctx := c.ctx()
	ctx.Save()
	ctx.SetTransform(1, 0, 0, 1, 0, 0)
	w, h := src.el.Get("width").Float(), src.el.Get("height").Float()
	ctx.ClearRect(0, 0, w, h)
	ctx.Call("drawImage", src.el, 0, 0)
	ctx.Restore()
}

var replayer batchReplayer

// batchReplayer hands a chart.Batch to its JavaScript replayer.
type batchReplayer struct {
	fn   js.Value     // the replayer, compiled once
	ops  js.Value     // a Uint8Array reused for the command stream
	size int          // its length in bytes
	sent *chart.Batch // the batch whose stream ops holds
	n    int          // and its length then
	strs string       // its string table
}

func (r *batchReplayer) replay(ctx js.Value, b *chart.Batch, from, clips int, until float64) (next, open int) {
	ops := b.Ops
	if from >= len(ops) {
		return len(ops), clips
	}
	if r.fn.IsUndefined() {
		r.fn = defineReplayer()
	}
	if from == 0 || b != r.sent || len(ops) != r.n { // a new replay: send the stream (see ReplayPart)
		raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ops))), 8*len(ops))
		if r.size < len(raw) {
			r.size = max(len(raw), 2*r.size)
			r.ops = js.Global().Get("Uint8Array").New(r.size)
		}
		js.CopyBytesToJS(r.ops, raw)
		r.sent, r.n, r.strs = b, len(ops), b.Strings()
	}
	res := r.fn.Invoke(ctx, r.ops, len(ops), r.strs, from, clips, until)
	return res.Index(0).Int(), res.Index(1).Int()
}

// defineReplayer runs ReplayScript as an inline script, which the page's
// Content-Security-Policy allows by its hash, and returns the function it
// defines. Compiling the source with new Function instead would need
// 'unsafe-eval', which would let any string run as script.
func defineReplayer() js.Value {
	global, doc := js.Global(), js.Global().Get("document")
	s := doc.Call("createElement", "script")
	s.Set("textContent", ReplayScript)
	doc.Get("head").Call("append", s)
	s.Call("remove")
	fn := global.Get(replayGlobal)
	if fn.Type() != js.TypeFunction {
		panic("canvas: the page's Content-Security-Policy refused the replayer's script (internal/csp allows it by its hash)")
	}
	global.Delete(replayGlobal)
	return fn
}
