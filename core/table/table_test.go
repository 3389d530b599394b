package table

import (
	"bytes"
	"encoding/csv"
	"math"
	"strings"
	"testing"
)

func TestSig(t *testing.T) {
	for _, c := range []struct {
		x    float64
		k    int
		want string
	}{
		{8.8312, 2, "8.8"}, {11.4, 2, "11"}, {153.7, 2, "150"}, {0.04213, 2, "0.042"},
		{9.999, 2, "10"}, {0.0999, 1, "0.1"}, {1, 3, "1.00"}, {math.NaN(), 2, "–"}, {-2.345, 2, "-2.3"},
	} {
		if got := Sig(c.x, c.k); got != c.want {
			t.Errorf("Sig(%v, %d) = %q, want %q", c.x, c.k, got, c.want)
		}
	}
}

func TestCSVRoundTrip(t *testing.T) {
	tb := Table{Header: []string{"tau", "name"}}
	tb.Add("1", `a,"b"`)
	tb.Add("2", "c")
	var buf bytes.Buffer
	if err := tb.Write(&buf, "csv"); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0][0] != "tau" || recs[1][1] != `a,"b"` {
		t.Fatalf("round trip gave %q", recs)
	}
}

func TestMarkdownAlignsNumbers(t *testing.T) {
	tb := Table{Header: []string{"tau", "data"}}
	tb.Add("1", "w8a|bias")
	var buf bytes.Buffer
	if err := tb.Write(&buf, "md"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || lines[1] != "|---:|---|" || !strings.Contains(lines[2], `w8a\|bias`) {
		t.Fatalf("markdown:\n%s", buf.String())
	}
	if err := tb.Write(&buf, "xml"); err == nil {
		t.Fatal("unknown format accepted")
	}
}

func TestAddPanicsOnWidth(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a short row")
		}
	}()
	tb := Table{Header: []string{"a", "b"}}
	tb.Add("1")
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 3000: "3000", -9999: "-9999", 10000: "10,000", 49749: "49,749", -123456: "-123,456", 1234567: "1,234,567"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
