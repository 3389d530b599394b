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
		r.fn = js.Global().Get("Function").New("ctx", "bytes", "count", "strs", "start", "clips0", "until", replaySource)
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

// replaySource is the body of the JavaScript function that replays a
// chart.Batch's command stream (see its documentation) on a 2-D context
// exactly as Canvas draws each call.
const replaySource = `
const f = new Float64Array(bytes.buffer, bytes.byteOffset, count);
const s = strs.split("\u0000");
const aligns = ["left", "center", "right"];
// The clock is read once per 32 units of work: a command is one, a
// polyline one more per 8 of its points (a long stroke is most of a frame).
let i = start, clips = clips0, work = 0;
// The context's style as last set here (null: unknown, as after a restore):
// setting a style parses it, so an unchanged one is not set again.
let fill = null, strokeColor = null, lineWidth = null, dashKey = null, font = null, align = null;
const forget = () => { fill = strokeColor = lineWidth = dashKey = font = align = null; };
const setFill = (c) => { if (c !== fill) { ctx.fillStyle = c; fill = c; } };
const stroke = (color, width, dash) => {
  const key = dash.join();
  if (key !== dashKey) { ctx.setLineDash(dash); dashKey = key; }
  if (color !== strokeColor) { ctx.strokeStyle = color; strokeColor = color; }
  if (width !== lineWidth) { ctx.lineWidth = width; lineWidth = width; }
  ctx.lineJoin = "round"; ctx.stroke();
};
while (i < count) {
  if (work >= 32) {
    work = 0;
    if (performance.now() > until) return [i, clips];
  }
  work++;
  switch (f[i++]) {
  case 1: { // polyline
    const n = f[i], width = f[i + 1], color = s[f[i + 2]], nd = f[i + 3];
    work += n >> 3;
    const dash = Array.from(f.subarray(i + 4, i + 4 + nd));
    i += 4 + nd;
    ctx.beginPath();
    ctx.moveTo(f[i], f[i + 1]);
    for (let k = 1; k < n; k++) ctx.lineTo(f[i + 2 * k], f[i + 2 * k + 1]);
    i += 2 * n;
    stroke(color, width, dash);
    break;
  }
  case 2: // rect
    setFill(s[f[i + 4]]);
    ctx.fillRect(f[i], f[i + 1], f[i + 2], f[i + 3]);
    i += 5;
    break;
  case 3: { // marker
    const color = s[f[i + 4]], fillAt = f[i + 5], width = f[i + 6], closed = f[i + 7], paths = f[i + 8];
    i += 9;
    ctx.beginPath();
    for (let p = 0; p < paths; p++) {
      const n = f[i++];
      for (let k = 0; k < n; k++) {
        if (k === 0) ctx.moveTo(f[i], f[i + 1]); else ctx.lineTo(f[i + 2 * k], f[i + 2 * k + 1]);
      }
      if (closed && n > 0) ctx.closePath();
      i += 2 * n;
    }
    if (paths > 0) {
      if (fillAt >= 0) { setFill(s[fillAt]); ctx.fill(); }
      stroke(color, width, []);
    }
    break;
  }
  case 4: { // text
    const x = f[i], y = f[i + 1], text = s[f[i + 2]], color = s[f[i + 4]], textAlign = aligns[f[i + 5]];
    const rotate = f[i + 8], dy = f[i + 9], textFont = s[f[i + 10]];
    i += 11;
    if (textFont !== font) { ctx.font = textFont; font = textFont; }
    if (textAlign !== align) { ctx.textAlign = textAlign; align = textAlign; }
    setFill(color); ctx.textBaseline = "alphabetic";
    if (!rotate) { ctx.fillText(text, x, y + dy); break; }
    ctx.save(); ctx.translate(x, y); ctx.rotate(-Math.PI / 2); ctx.fillText(text, 0, dy); ctx.restore();
    break;
  }
  case 5: // clip
    ctx.save(); clips++;
    ctx.beginPath(); ctx.rect(f[i], f[i + 1], f[i + 2], f[i + 3]); ctx.clip();
    i += 4;
    break;
  case 6: // unclip
    if (clips > 0) { clips--; ctx.restore(); forget(); }
    break;
  default:
    throw new Error("corrupt chart batch at " + (i - 1));
  }
}
for (; clips > 0; clips--) ctx.restore();
return [count, 0];
`
