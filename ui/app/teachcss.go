//go:build js && wasm

package app

// teachCSS styles the lessons, the article, the speedup map, the sampling
// view, self-explaining numbers and presenter mode. It is inlined by
// teachStyle rather than linked, so that it needs no fetch.
const teachCSS = `
.teach-card .buttons { margin-bottom: 6px; }
.map-figure canvas { aspect-ratio: 16 / 10; max-height: 80vh; cursor: crosshair; }
.sampling-figure canvas { aspect-ratio: 16 / 8; max-height: 70vh; }
.readout { min-height: 1.4em; font-size: 0.88rem; font-variant-numeric: tabular-nums; margin: 6px 0; }
.table-scroll { overflow-x: auto; }
#map-table { border-collapse: collapse; font-size: 0.8rem; font-variant-numeric: tabular-nums; }
#map-table th, #map-table td { padding: 2px 6px; text-align: right; border-bottom: 1px solid var(--line); }
#map-table th[scope=row] { text-align: left; font-weight: 500; }
.speed-row { align-items: end; }
button.fullscreen { font-weight: 500; }
.plot > button.fullscreen { font-size: 0.78rem; padding: 3px 8px; margin: 4px 0 0; }
figure:fullscreen > button.fullscreen { display: none; }
figure:fullscreen { background: #fff; padding: 12px; display: flex; flex-direction: column; align-items: center; justify-content: center; }
figure:fullscreen canvas { width: 100%; height: 100%; max-height: none; aspect-ratio: auto; }
.lessons { display: grid; grid-template-columns: minmax(200px, 0.7fr) minmax(0, 2fr); gap: 8px 24px; margin: var(--gap) 24px 0; }
.lessons ol { margin: 0; padding-left: 1.4em; font-size: 0.9rem; }
.lessons a[aria-current] { font-weight: 700; }
#lesson h2 { margin-top: 0; }
#lesson p { margin: 6px 0; max-width: 70em; }
#lesson-answer { background: #fff8e6; border-left: 4px solid var(--focus); padding: 6px 10px; }
.lesson-file { color: var(--muted); }
.num { border-bottom: 1px dotted #8a94a3; cursor: help; position: relative; }
.num:focus::after, .num:hover::after {
  content: attr(data-explain); position: absolute; right: 0; top: 1.6em; z-index: 10; width: max-content; max-width: 26em;
  background: #16324f; color: #fff; font-weight: 400; font-size: 0.8rem; text-align: left; padding: 6px 8px;
  border-radius: 6px; white-space: normal; line-height: 1.35;
}
td.paper { color: #6b3d00; background: #fff4e0; }
#article { margin: var(--gap) 24px; max-width: 60em; background: var(--card); border: 1px solid var(--line);
  border-radius: var(--radius); padding: 16px 24px; line-height: 1.55; }
#article h2 { font-size: 1.25rem; margin: 0 0 8px; }
#article h3 { font-size: 1.02rem; margin: 18px 0 6px; }
#article math[display=block] { margin: 8px 0; font-size: 1.08em; overflow-x: auto; max-width: 100%; }
#article .ref { font-size: 0.82rem; color: var(--muted); }
#article pre { background: #f4f6f9; padding: 8px 12px; border-radius: 6px; overflow-x: auto; font-size: 0.86rem; }
body.present { font-size: 1.5rem; }
body.present .facts, body.present #ratios, body.present #status, body.present .readout { font-size: 1.5rem; }
@media (max-width: 680px) {
  .lessons { grid-template-columns: minmax(0, 1fr); margin: 12px 12px 0; }
  #article { margin: 12px; padding: 12px; }
}
body.present .layout { grid-template-columns: minmax(300px, 420px) minmax(0, 1fr); }
`
