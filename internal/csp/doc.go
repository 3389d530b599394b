// Package csp writes the browser lab's Content-Security-Policy, as strict as
// the page allows: nothing from another origin, no plugins, no base URI, no
// form submission, no framing, and scripts only from the site itself or, if
// inline, by the SHA-256 hash of their text, plus WebAssembly compilation.
//
// The served site carries its policy twice: in a <meta> of index.html
// (cmd/offline writes it, for static hosts that send no header) and in a
// header (cmd/serve, which adds frame-ancestors, which a <meta> cannot
// carry). The single file, imlab.html, has a <meta> only: a page opened
// from disk gets no headers. The hashes are computed from the built page
// itself, never copied by hand. docs/offline.md says what each directive
// allows and why.
package csp
