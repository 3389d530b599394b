package lab

// Release is the lab's version number.
const Release = "0.8.0"

// commit is the git commit the binary was built from, with "-dirty" for
// uncommitted changes, as build.sh stamps it (-ldflags "-X
// imlab/ui/lab.commit=…"); "devel" in a build that was not stamped (go
// run, go test). Stamped rather than read with debug.ReadBuildInfo, whose
// parser cost main.wasm 5.8 kB of gzip (docs/size.md).
var commit = "devel"

// Version is Release plus the commit: exports carry it so that a result
// names the code that made it.
var Version = Release + "+" + commit
