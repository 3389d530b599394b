// Package bench holds the race of imlab against its peers (peers.sh, which
// calls peers.py for scikit-learn and LIBLINEAR; adaptive-race.sh, SDCA with
// the adaptive sampling against LIBLINEAR 2.3.0 and 2.50) and Go benchmarks
// of dfSDCA on the same real data sets, static and adaptive, for profiling
// where its time goes:
//
//	go test -run='^$' -bench=RealData -benchtime=20x -cpuprofile=cpu.prof ./bench
//	go tool pprof -top bench.test cpu.prof
//
// The benchmarks skip when the LIBSVM files (<repo>/../shared/data) are absent.
package bench
