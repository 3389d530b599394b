//go:build wasm

#include "textflag.h"

// sumSquaresKernel: sumSquaresGeneric (stats.go) in WebAssembly; see
// squares_wasm.go. R0 is &val[k], R1 &val[len(val)], F16 the sum, F17 v.

// func sumSquaresKernel(val []float64) float64
TEXT ·sumSquaresKernel(SB), NOSPLIT, $0-32
	I64Load val_base+0(FP); Set R0
	Get R0; I64Load val_len+8(FP); I64Const $3; I64Shl; I64Add; Set R1
	F64Const $0.0; Set F16

	done:
	Block
		Get R0; Get R1; I64GeU; BrIf done
		next:
		Loop
			Get F16
			Get R0; I32WrapI64; F64Load $0; Tee F17
			Get F17; F64Mul
			F64Add; Set F16
			Get R0; I64Const $8; I64Add; Tee R0
			Get R1; I64LtU; BrIf next
		End
	End

	Get SP; Get F16; F64Store ret+24(FP)
	RET
