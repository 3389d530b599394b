package offline

import (
	"bytes"
	_ "embed"
	"encoding/json"
)

// ServiceWorkerFile is the service worker's name in the site. It sits at the
// root so that its scope is the whole site; index.html registers it.
const ServiceWorkerFile = "sw.js"

//go:embed sw.js
var swTemplate []byte

// ServiceWorker returns the service worker for one build: build names its
// cache, and files (relative to the site's root, "./" for the root itself)
// are what it precaches.
func ServiceWorker(build string, files []string) []byte {
	list, err := json.Marshal(files)
	if err != nil {
		panic(err) // strings always marshal
	}
	b := bytes.Replace(swTemplate, []byte("{{FILES}}"), list, 1)
	name, _ := json.Marshal(build)
	return bytes.Replace(b, []byte(`"{{BUILD}}"`), name, 1)
}
