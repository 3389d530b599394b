//go:build js && wasm

package app

import (
	"syscall/js"
	"unsafe"

	"imlab/ui/browser"
	"imlab/ui/canvas"
	"imlab/ui/chart"
)

// paintCanvas draws on the canvas with the given id at its laid-out size,
// crisp on high-DPI screens (see canvas.Canvas.Fit); draw works in CSS
// pixels. A canvas that is missing or not laid out is left alone.
//
// The drawing is recorded in a chart.Batch and replayed in JavaScript in
// one call: drawing call by call from Go costs a few microseconds per call,
// and a plot is thousands of calls (tens of milliseconds per frame).
func paintCanvas(id string, draw func(p chart.Painter, w, h float64)) {
	updateCanvas(id, nil, draw)
}

// updateCanvas is paintCanvas drawing over what the canvas shows with
// update, if update reports that it could (at this size); otherwise it
// clears the canvas and draws it whole with draw.
func updateCanvas(id string, update func(p chart.Painter, w, h float64) bool, draw func(p chart.Painter, w, h float64)) {
	el := browser.Element(id)
	if !el.Truthy() {
		return
	}
	c := canvas.FromValue(el)
	w, h := c.Fit()
	if w <= 0 || h <= 0 {
		return
	}
	painter.batch.Reset()
	if update == nil || !update(&painter.batch, w, h) {
		c.Clear()
		painter.batch.Reset()
		draw(&painter.batch, w, h)
	}
	painter.replay(el.Call("getContext", "2d"))
}

// painter is the page's one batch replayer: the page draws one canvas at a
// time, on one thread.
var painter batchReplayer

// batchReplayer hands a chart.Batch to its JavaScript replayer.
type batchReplayer struct {
	batch chart.Batch
	fn    js.Value // the replayer, compiled once
	ops   js.Value // a Uint8Array reused for the command stream
	size  int      // its length in bytes
}

func (r *batchReplayer) replay(ctx js.Value) {
	ops := r.batch.Ops
	if len(ops) == 0 {
		return
	}
	if r.fn.IsUndefined() {
		r.fn = js.Global().Get("Function").New("ctx", "bytes", "count", "strs", replaySource)
	}
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ops))), 8*len(ops))
	if r.size < len(raw) {
		r.size = max(len(raw), 2*r.size)
		r.ops = js.Global().Get("Uint8Array").New(r.size)
	}
	js.CopyBytesToJS(r.ops, raw)
	r.fn.Invoke(ctx, r.ops, len(ops), r.batch.Strings())
}

// replaySource is the body of the JavaScript function that replays a
// chart.Batch's command stream (see its documentation) on a 2-D context
// exactly as package ui/canvas draws each call.
const replaySource = `
const f = new Float64Array(bytes.buffer, bytes.byteOffset, count);
const s = strs.split("\u0000");
const aligns = ["left", "center", "right"];
let i = 0, clips = 0;
const stroke = (color, width, dash) => {
  ctx.setLineDash(dash); ctx.strokeStyle = color; ctx.lineWidth = width; ctx.lineJoin = "round"; ctx.stroke();
};
while (i < count) {
  switch (f[i++]) {
  case 1: { // polyline
    const n = f[i], width = f[i + 1], color = s[f[i + 2]], nd = f[i + 3];
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
    ctx.fillStyle = s[f[i + 4]];
    ctx.fillRect(f[i], f[i + 1], f[i + 2], f[i + 3]);
    i += 5;
    break;
  case 3: { // marker
    const color = s[f[i + 4]], fill = f[i + 5], width = f[i + 6], closed = f[i + 7], paths = f[i + 8];
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
      if (fill >= 0) { ctx.fillStyle = s[fill]; ctx.fill(); }
      stroke(color, width, []);
    }
    break;
  }
  case 4: { // text
    const x = f[i], y = f[i + 1], text = s[f[i + 2]], color = s[f[i + 4]], align = aligns[f[i + 5]];
    const rotate = f[i + 8], dy = f[i + 9], font = s[f[i + 10]];
    i += 11;
    ctx.font = font; ctx.fillStyle = color; ctx.textAlign = align; ctx.textBaseline = "alphabetic";
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
    if (clips > 0) { clips--; ctx.restore(); }
    break;
  default:
    throw new Error("corrupt chart batch at " + (i - 1));
  }
}
for (; clips > 0; clips--) ctx.restore();
`
