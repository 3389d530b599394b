package lab

import "runtime/debug"

// Release is the lab's version number.
const Release = "0.8.0"

// Version is Release plus, when the binary was built from a git checkout,
// the commit (and "-dirty" for uncommitted changes), as the Go toolchain
// records it; exports carry it so that a result names the code that made
// it. A build may also set it with -ldflags "-X imlab/ui/lab.Version=…".
var Version = versionOf(Release)

func versionOf(release string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return release
	}
	rev, dirty := "", ""
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return release
	}
	return release + "+" + rev + dirty
}
