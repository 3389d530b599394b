package offline_test

import (
	"fmt"
	"strings"

	"imlab/internal/offline"
)

// The service worker of one build names its cache after the build and lists
// the files it precaches, relative to the site's root.
func ExampleServiceWorker() {
	sw := string(offline.ServiceWorker("4de703caeafc48b6", []string{"./", "index.html", "main.wasm"}))
	for line := range strings.Lines(sw) {
		if strings.HasPrefix(line, "const BUILD") || strings.HasPrefix(line, "const FILES") {
			fmt.Print(line)
		}
	}
	// Output:
	// const BUILD = "4de703caeafc48b6";
	// const FILES = ["./","index.html","main.wasm"];
}
