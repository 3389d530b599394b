// The PCG step (core/internal/pcgstep's Next and Out) for the assembly of this
// package: PCGSTEP advances the state in R0 (hi), R1 (lo) and leaves the
// output u in R10, using R5–R7 as temporaries. The high half of lo·mulLo
// is computed as bits.Mul64 does, from 32-bit halves x0, x1 of lo:
// t = x1·y0 + (x0·y0)>>32, w1 = t&mask + x0·y1,
// high = x1·y1 + t>>32 + w1>>32; then hi·mulLo + lo·mulHi + incHi and the
// carry of lo·mulLo + incLo are added (integer sums modulo 2⁶⁴, in any
// order), and u is the DXSM output of the new state.

// PCG's constants (math/rand/v2's pcg.go): mul = mulHi·2⁶⁴ + mulLo, inc
// likewise; mulLo in 32-bit halves for the 128-bit product.
#define MULLO $4865540595714422341
#define MULLO0 $0x9fccf645
#define MULLO1 $0x4385df64
#define MULHI $2549297995355413924
#define INCHI $6364136223846793005
#define INCLO $1442695040888963407
#define CHEAPMUL $0xda942042e4dd58b5
#define MASK32 $0xffffffff

#define PCGSTEP \
	Get R1; I64Const MASK32; I64And; Set R5; \
	Get R1; I64Const $32; I64ShrU; Set R6; \
	Get R6; I64Const MULLO0; I64Mul; \
	Get R5; I64Const MULLO0; I64Mul; I64Const $32; I64ShrU; \
	I64Add; Set R7; \
	Get R7; I64Const MASK32; I64And; Get R5; I64Const MULLO1; I64Mul; I64Add; Set R5; \
	Get R6; I64Const MULLO1; I64Mul; \
	Get R7; I64Const $32; I64ShrU; I64Add; \
	Get R5; I64Const $32; I64ShrU; I64Add; \
	Get R0; I64Const MULLO; I64Mul; I64Add; \
	Get R1; I64Const MULHI; I64Mul; I64Add; \
	I64Const INCHI; I64Add; \
	Set R0; \
	Get R1; I64Const MULLO; I64Mul; I64Const INCLO; I64Add; Tee R1; \
	I64Const INCLO; I64LtU; I64ExtendI32U; Get R0; I64Add; Set R0; \
	Get R0; Get R0; I64Const $32; I64ShrU; I64Xor; \
	I64Const CHEAPMUL; I64Mul; Tee R5; \
	Get R5; I64Const $48; I64ShrU; I64Xor; \
	Get R1; I64Const $1; I64Or; I64Mul; Set R10
