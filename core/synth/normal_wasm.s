//go:build wasm

#include "textflag.h"

// normalsFast: normalsFastGeneric (normal.go) in WebAssembly; see
// normal_wasm.go. Go's wasm registers are function locals, R0–R15 i64,
// F16–F31 f64:
//
//	R0  hi, R1 lo: the PCG state       R8  &normKn[0], R9 &normWn[0]
//	R2  p                              R10 u, the last draw
//	R3  &dst[n], R4 &dst[len(dst)]     R11 i = u>>32 & 0x7f
//	R5–R7 temporaries                  R12 &dst[0]
//	F16 the sum of squares             F17 x

#include "pcg_wasm.h"

// func normalsFast(dst []float64, p *pcg, sum float64) (n int, u uint64, sumSquares float64)
TEXT ·normalsFast(SB), NOSPLIT, $0-64
	I64Load p+24(FP); Set R2
	Get R2; I32WrapI64; I64Load $0; Set R0
	Get R2; I32WrapI64; I64Load $8; Set R1
	I64Load dst_base+0(FP); Tee R12; Set R3
	Get R12; I64Load dst_len+8(FP); I64Const $3; I64Shl; I64Add; Set R4
	F64Load sum+32(FP); Set F16
	MOVD $·normKn(SB), R8
	MOVD $·normWn(SB), R9
	I64Const $0; Set R10

	slow:
	Block
		filled:
		Block
			Get R3; Get R4; I64GeU; BrIf filled
			draw:
			Loop
				PCGSTEP

				// i = u>>32 & 0x7f; j = int32(u), sign-extended, in R6.
				Get R10; I64Const $32; I64ShrU; I64Const $0x7f; I64And; Set R11
				Get R10; I32WrapI64; I64ExtendI32S; Set R6

				// |j| ≥ kn[i] (as uint32, |MinInt32| = 2³¹): the slow path.
				I64Const $0; Get R6; I64Sub; Get R6; Get R6; I64Const $0; I64LtS; Select
				Get R8; Get R11; I64Const $2; I64Shl; I64Add; I32WrapI64; I64Load32U $0
				I64GeU; BrIf slow

				// x = float64(j)·float64(wn[i]); a zero is drawn again.
				Get R6; F64ConvertI64S
				Get R9; Get R11; I64Const $2; I64Shl; I64Add; I32WrapI64; F32Load $0; F64PromoteF32
				F64Mul; Tee F17
				F64Const $0.0; F64Eq; BrIf draw

				// dst[n] = x; sum += x·x.
				Get R3; I32WrapI64; Get F17; F64Store $0
				Get F16; Get F17; Get F17; F64Mul; F64Add; Set F16
				Get R3; I64Const $8; I64Add; Tee R3
				Get R4; I64LtU; BrIf draw
			End
		End

		// dst filled: u = 0.
		I64Const $0; Set R10
	End

	Get R2; I32WrapI64; Get R0; I64Store $0
	Get R2; I32WrapI64; Get R1; I64Store $8
	Get SP; Get R3; Get R12; I64Sub; I64Const $3; I64ShrU; I64Store n+40(FP)
	Get SP; Get R10; I64Store u+48(FP)
	Get SP; Get F16; F64Store sumSquares+56(FP)
	RET
