// Package bench holds the race of imlab against its peers (peers.sh, which
// calls peers.py for scikit-learn and LIBLINEAR) and Go benchmarks of dfSDCA
// on the same real data sets, for profiling where its time goes:
//
//	go test -run='^$' -bench=RealData -benchtime=20x -cpuprofile=cpu.prof ./bench
//	go tool pprof -top bench.test cpu.prof
//
// The benchmarks skip when the LIBSVM files (<repo>/../shared/data) are absent.
package bench
