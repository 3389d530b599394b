//go:build wasm

#include "textflag.h"

// normals: normalsGeneric (normal.go) in WebAssembly; see normal_wasm.go.
// Go's wasm registers are function locals, R0–R15 i64, F0–F15 f32,
// F16–F31 f64:
//
//	R0  hi, R1 lo: the PCG state       R8  &normKn[0], R9 &normWn[0]
//	R2  p                              R10 u, the last draw
//	R3  &dst[n], R4 &dst[len(dst)]     R11 i = u>>32 & 0x7f
//	R5–R7 temporaries                  R12 &dst[0], R13 &normFn[0]
//	F16 the sum of squares             F17 x, F18 −x²/2
//	F19–F24 expNormal's k, hi, lo, r, t, c
//	F0  normFn[i]

#include "pcg_wasm.h"

// EXPNORMAL pushes expNormal(F18) (exp_wasm.go), F18 in its shortcut's
// range: the same operations in the same order.
#define EXPNORMAL \
	Get F18; F64Const $1.44269504088896338700e+00; F64Mul; F64Const $0.5; F64Sub; \
	I64TruncF64S; Set R5; \
	Get R5; F64ConvertI64S; Set F19; \
	Get F18; Get F19; F64Const $6.93147180369123816490e-01; F64Mul; F64Sub; Set F20; \
	Get F19; F64Const $1.90821492927058770002e-10; F64Mul; Set F21; \
	Get F20; Get F21; F64Sub; Set F22; \
	Get F22; Get F22; F64Mul; Set F23; \
	Get F22; \
	Get F23; F64Const $1.66666666666666657415e-01; \
	Get F23; F64Const $-2.77777777770155933842e-03; \
	Get F23; F64Const $6.61375632143793436117e-05; \
	Get F23; F64Const $-1.65339022054652515390e-06; \
	Get F23; F64Const $4.13813679705723846039e-08; F64Mul; \
	F64Add; F64Mul; \
	F64Add; F64Mul; \
	F64Add; F64Mul; \
	F64Add; F64Mul; \
	F64Sub; Set F24; \
	F64Const $1.0; \
	Get F21; \
	Get F22; Get F24; F64Mul; \
	F64Const $2.0; Get F24; F64Sub; \
	F64Div; F64Sub; \
	Get F20; F64Sub; \
	F64Sub; \
	Get R5; I64Const $1023; I64Add; I64Const $52; I64Shl; F64ReinterpretI64; \
	F64Mul

// func normals(dst []float64, p *pcg, sum float64) (n int, u uint64, sumSquares float64)
TEXT ·normals(SB), NOSPLIT, $0-64
	I64Load p+24(FP); Set R2
	Get R2; I32WrapI64; I64Load $0; Set R0
	Get R2; I32WrapI64; I64Load $8; Set R1
	I64Load dst_base+0(FP); Tee R12; Set R3
	Get R12; I64Load dst_len+8(FP); I64Const $3; I64Shl; I64Add; Set R4
	F64Load sum+32(FP); Set F16
	MOVD $·normKn(SB), R8
	MOVD $·normWn(SB), R9
	MOVD $·normFn(SB), R13
	I64Const $0; Set R10

	toGo:
	Block
		filled:
		Block
			Get R3; Get R4; I64GeU; BrIf filled
			draw:
			Loop
				PCGSTEP

				// i = u>>32 & 0x7f; j = int32(u), sign-extended, in R6;
				// x = float64(j)·float64(wn[i]).
				Get R10; I64Const $32; I64ShrU; I64Const $0x7f; I64And; Set R11
				Get R10; I32WrapI64; I64ExtendI32S; Set R6
				Get R6; F64ConvertI64S
				Get R9; Get R11; I64Const $2; I64Shl; I64Add; I32WrapI64; F32Load $0; F64PromoteF32
				F64Mul; Set F17

				// |j| ≥ kn[i] (as uint32, |MinInt32| = 2³¹): not the fast path.
				I64Const $0; Get R6; I64Sub; Get R6; Get R6; I64Const $0; I64LtS; Select
				Get R8; Get R11; I64Const $2; I64Shl; I64Add; I32WrapI64; I64Load32U $0
				I64GeU
				If
					// The base strip, or −x²/2 outside expNormal's
					// shortcut: Go (normalSlow).
					Get R11; I64Eqz; BrIf toGo
					F64Const $-0.5; Get F17; F64Mul; Get F17; F64Mul; Set F18
					Get F18; F64Const $-700.0; F64Gt
					Get F18; F64Const $-3.7252902984619140625e-09; F64Le
					I32And; I32Eqz; BrIf toGo

					// The wedge: keep x if fn[i] + float32(float32(f)·
					// (fn[i−1] − fn[i])) < float32(exp(−x²/2)), f the next
					// draw as Float64, else draw again.
					PCGSTEP
					Get R13; Get R11; I64Const $2; I64Shl; I64Add; Set R7
					Get R7; I32WrapI64; F32Load $0; Tee F0
					Get R10; I64Const $11; I64Shl; I64Const $11; I64ShrU; F64ConvertI64U
					F64Const $1.1102230246251565404236316680908203125e-16; F64Mul; F32DemoteF64
					Get R7; I64Const $4; I64Sub; I32WrapI64; F32Load $0; Get F0; F32Sub
					F32Mul; F32Add
					EXPNORMAL; F32DemoteF64
					F32Lt; I32Eqz; BrIf draw
				End

				// x = 0 is drawn again; else dst[n] = x, sum += x·x.
				Get F17; F64Const $0.0; F64Eq; BrIf draw
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

// func expNormalAsm(x float64) float64: EXPNORMAL alone, for
// TestExpNormalAsm; x must be in expNormal's shortcut's range.
TEXT ·expNormalAsm(SB), NOSPLIT, $0-16
	F64Load x+0(FP); Set F18
	Get SP; EXPNORMAL; F64Store ret+8(FP)
	RET
