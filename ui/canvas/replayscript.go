package canvas

// ReplayScript is the JavaScript that defines the function Replay and
// ReplayPart call, as globalThis.imlabReplay, which the replayer takes and
// deletes. It runs as an inline script, once per page: internal/csp puts its
// hash in the page's Content-Security-Policy. It builds natively too, for
// that.
const ReplayScript = "globalThis." + replayGlobal + " = function (ctx, bytes, count, strs, start, clips0, until) {" +
	replaySource + "};"

const replayGlobal = "imlabReplay"

// replaySource is the body of the JavaScript function that replays a
// chart.Batch's command stream (see its documentation) on a 2-D context
// exactly as Canvas draws each call: ReplayScript's.
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
