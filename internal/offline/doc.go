// Package offline writes the parts of the built site (dist/) that let the lab
// work without a network: the app icons, the web app manifest, the service
// worker that precaches the site under a cache name that changes with each
// build, and imlab.html, the whole lab in one HTML file that runs from disk.
//
// cmd/offline runs Write on dist/ after ./build.sh has put index.html,
// assets/, wasm_exec.js and main.wasm there.
package offline
