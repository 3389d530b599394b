package loss

// Terms names what a pass over the data asks of a loss at every margin.
type Terms int

const (
	ValuesDerivs Terms = iota // φ and φ'
	Curvatures                // φ”
)

// Eval evaluates l at every margin z[i] with label y[i], i < len(z): a[i] =
// φ and b[i] = φ' (ValuesDerivs), or a[i] = φ” (Curvatures; b is unused),
// with the bits of Value, Deriv and Curvature. a and b may be z itself.
//
// The loss is called by its concrete type, chosen once per call: the type
// switch hands each loss's methods, as method expressions, to one generic
// loop, eval, which the compiler inlines into every case and whose calls
// it then makes direct (and inlines where the method is small). So there is
// no interface call, and no call through a generic dictionary, per example:
// in WebAssembly either costs more than the smoothed hinge's arithmetic.
func Eval(l Loss, what Terms, z, y, a, b []float64) {
	switch l := l.(type) {
	case Logistic:
		eval(l, what, z, y, a, b, Logistic.ValueDeriv, Logistic.Curvature)
	case SmoothHinge:
		eval(l, what, z, y, a, b, SmoothHinge.ValueDeriv, SmoothHinge.Curvature)
	case Square:
		eval(l, what, z, y, a, b, Square.ValueDeriv, Square.Curvature)
	default:
		eval(l, what, z, y, a, b, valueDeriv, Loss.Curvature)
	}
}

// valueDeriv is ValueDeriv for any Loss.
func valueDeriv(l Loss, z, y float64) (value, deriv float64) {
	return l.Value(z, y), l.Deriv(z, y)
}

// eval is Eval's loop for a loss of type L with the given methods. It must
// stay within the inliner's budget, or its calls go through the function
// values: `go build -gcflags=-m ./core/loss` shows "inlining call to eval"
// and to the small methods.
func eval[L any](l L, what Terms, z, y, a, b []float64,
	valueDeriv func(L, float64, float64) (float64, float64),
	curvature func(L, float64, float64) float64) {
	for i, zi := range z {
		if what == ValuesDerivs {
			a[i], b[i] = valueDeriv(l, zi, y[i])
		} else {
			a[i] = curvature(l, zi, y[i])
		}
	}
}
