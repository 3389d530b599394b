package experiment

import "testing"

func TestNewYieldsPerPlan(t *testing.T) {
	pr := heterogeneous(t, 60, 8)
	calls := 0
	e, err := New(pr, pstar(t, pr), Config{Taus: []int{1, 2, 4}, Yield: func() { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(e.Jobs()); calls != want {
		t.Errorf("Yield called %d times for %d plans", calls, want)
	}
}
