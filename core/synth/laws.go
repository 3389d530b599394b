package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// PaperLaw is one of the paper's five laws of the squared norms
// L_i = ‖x_i‖² (its Table 1), listed in PaperLaws. The zero PaperLaw is
// none of them: a Norms that holds a Law of a Family.
type PaperLaw uint8

// The paper's laws, in PaperLaws' order.
const (
	UniformLaw  PaperLaw = iota + 1 // L_i = 2·U[0,1]
	ChiSq100Law                     // L_i ~ χ² with 100 d.o.f.
	ChiSq10Law                      // L_i ~ χ² with 10 d.o.f.
	ChiSq1Law                       // L_i ~ χ² with 1 d.o.f.
	ExtremeLaw                      // L = ones(n), L_0 = ExtremeNorm
)

// PaperLaws lists the paper's laws in the order of its tables of results
// (Tables 2 and 3, and the panels of its Figure 1): from the most even
// norms to the most uneven. (Table 1, which defines them, lists them in
// the reverse order.)
var PaperLaws = []PaperLaw{UniformLaw, ChiSq100Law, ChiSq10Law, ChiSq1Law, ExtremeLaw}

var (
	paperLawNames  = [...]string{UniformLaw: "uniform", ChiSq100Law: "chisq100", ChiSq10Law: "chisq10", ChiSq1Law: "chisq1", ExtremeLaw: "extreme"}
	paperLawLabels = [...]string{UniformLaw: "uniform", ChiSq100Law: "χ²₁₀₀", ChiSq10Law: "χ²₁₀", ChiSq1Law: "χ²₁", ExtremeLaw: "extreme"}
	paperLawShapes = [...]string{UniformLaw: "uniform on [0, 2] — nearly homogeneous", ChiSq100Law: "χ² with 100 degrees of freedom — mild",
		ChiSq10Law: "χ² with 10 degrees of freedom", ChiSq1Law: "χ² with 1 degree of freedom — heavy tail",
		ExtremeLaw: "all 1 but one example at 1000"}
)

// PaperLawNames lists the names of PaperLaws, in order.
func PaperLawNames() []string {
	names := make([]string, len(PaperLaws))
	for i, l := range PaperLaws {
		names[i] = l.String()
	}
	return names
}

// valid reports whether l is one of PaperLaws.
func (l PaperLaw) valid() bool { return l >= UniformLaw && l <= ExtremeLaw }

// String is the law's name in the paper, in links and on command lines:
// "uniform", "chisq100", "chisq10", "chisq1" or "extreme".
func (l PaperLaw) String() string {
	if !l.valid() {
		return fmt.Sprintf("PaperLaw(%d)", uint8(l))
	}
	return paperLawNames[l]
}

// Label is how a page names the law: "χ²₁" for chisq1.
func (l PaperLaw) Label() string {
	if !l.valid() {
		return l.String()
	}
	return paperLawLabels[l]
}

// Shape says in words how the law spreads the norms, for a form's hint.
func (l PaperLaw) Shape() string {
	if !l.valid() {
		return ""
	}
	return paperLawShapes[l]
}

// Norms is the law of the squared norms a Config draws: one of the paper's
// (Paper), or, when Paper is zero, Law, a member of a Family. It is read
// from text at the edges only (a flag, a link, a message) by ParseNorms
// and written back by String.
type Norms struct {
	Paper PaperLaw
	Law   Law // when Paper is zero
}

// String is the name ParseNorms reads: a PaperLaw's, or a Law's
// ("chisq:1.5"); "" for the zero Norms, which names no law.
func (n Norms) String() string {
	switch {
	case n.Paper != 0:
		return n.Paper.String()
	case n == Norms{}:
		return ""
	}
	return n.Law.String()
}

// Label is how a page names the law: the paper's law's Label, or
// "χ² k = 1.5", "extreme w = 300" for a Family's.
func (n Norms) Label() string {
	if n.Paper != 0 {
		return n.Paper.Label()
	}
	return n.Law.Label()
}

// ParseNorms reads a law's name, case-insensitive: one of the paper's
// ("chisq1") or a Family's member ("chisq:1.5", checked against its range
// by ParseLaw). The error wraps ErrLaw and lists what is wanted.
func ParseNorms(name string) (Norms, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, l := range PaperLaws {
		if l.String() == key {
			return Norms{Paper: l}, nil
		}
	}
	if !strings.Contains(key, ":") {
		return Norms{}, fmt.Errorf("%w %q (want one of %s, or chisq:k or extreme:w)", ErrLaw, name, strings.Join(PaperLawNames(), ", "))
	}
	l, err := ParseLaw(key)
	return Norms{Law: l}, err
}

// Check returns nil for one of PaperLaws or a Law that passes its Check,
// and otherwise an error wrapping ErrLaw. It draws nothing.
func (n Norms) Check() error {
	switch {
	case n.Paper != 0 && !n.Paper.valid():
		return fmt.Errorf("%w: %v", ErrLaw, n.Paper)
	case n.Paper != 0:
		return nil
	case n == Norms{}:
		return fmt.Errorf("%w: none given", ErrLaw)
	}
	return n.Law.Check()
}

// MarshalText writes the law's String, so that a flag (flag.TextVar) or an
// encoder carries the text ParseNorms reads.
func (n Norms) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText reads text as ParseNorms does.
func (n *Norms) UnmarshalText(text []byte) error {
	v, err := ParseNorms(string(text))
	if err != nil {
		return err
	}
	*n = v
	return nil
}

// ExtremeNorm is L_0 of the "extreme" law; every other L_i is 1.
const ExtremeNorm = 1000

// NormSquares draws n squared norms from the law: a Family's member as
// Law.NormSquares, or one of the paper's:
//
//	uniform   L_i = 2·U[0,1]               (Julia: 2*rand(n))
//	chisq1    L_i ~ χ² with 1 d.o.f.       (Julia: rand(chisq(1), n))
//	chisq10   L_i ~ χ² with 10 d.o.f.
//	chisq100  L_i ~ χ² with 100 d.o.f.
//	extreme   L = ones(n), L_0 = ExtremeNorm (no randomness)
//
// The draws come from src's stream,
// as gonum's distuv laws with Src: src draw them, and leave src where they
// end. src must not be nil for the random laws; extreme does not use it.
func NormSquares(law Norms, n int, src *rand.PCG) ([]float64, error) {
	if n <= 0 {
		return nil, fmt.Errorf("%w: %d norms requested, want n ≥ 1", ErrConfig, n)
	}
	if err := law.Check(); err != nil {
		return nil, err
	}
	L := make([]float64, n)
	drawNorms(law, L, 0, src, law.quantiler(), nil)
	return L, nil
}

// quantiler returns the quantile a Law of the χ² family draws with, nil
// for every other law.
func (n Norms) quantiler() *gammaQuantile {
	if n.Paper != 0 {
		return nil
	}
	return n.Law.quantiler()
}

// normsBlock is how many named-law draws drawNorms makes between two
// counts of its work.
const normsBlock = 256

// drawNorms fills L[from:] with draws from the law (see NormSquares;
// law is checked), handing pace, if not nil, the work as it goes; it stops
// once pace's step is spent and returns the index to resume at, len(L)
// once L is full. g is the quantile of a χ² Law (Law.quantiler).
func drawNorms(law Norms, L []float64, from int, src *rand.PCG, g *gammaQuantile, pace *pacer) int {
	if law.Paper == 0 {
		return law.Law.drawNormSquares(L, from, rand.New(src), g, pace)
	}
	var k float64 // χ²'s degrees of freedom; 0 for the uniform law
	switch law.Paper {
	case ChiSq1Law:
		k = 1
	case ChiSq10Law:
		k = 10
	case ChiSq100Law:
		k = 100
	case ExtremeLaw:
		for i := range L {
			L[i] = 1
		}
		L[0] = ExtremeNorm
		return len(L)
	}
	p := newPCG(src)
	defer p.store(src)
	for i := from; i < len(L); i++ {
		if k == 0 {
			L[i] = distuv.Uniform{Min: 0, Max: 2, Src: p}.Rand()
		} else {
			L[i] = p.chiSquare(k)
		}
		if pace != nil && (i+1)%normsBlock == 0 && !pace.add(normsBlock*normalWork) {
			return i + 1
		}
	}
	return len(L)
}
