//go:build wasm

#include "textflag.h"

// scaleKernel: scaleGeneric (generate.go) in WebAssembly; see
// scale_wasm.go. R0 is &val[k], R1 &val[len(val)], F16 c.

// func scaleKernel(val []float64, c float64)
TEXT ·scaleKernel(SB), NOSPLIT, $0-32
	I64Load val_base+0(FP); Set R0
	Get R0; I64Load val_len+8(FP); I64Const $3; I64Shl; I64Add; Set R1
	F64Load c+24(FP); Set F16

	done:
	Block
		Get R0; Get R1; I64GeU; BrIf done
		next:
		Loop
			Get R0; I32WrapI64
			Get R0; I32WrapI64; F64Load $0; Get F16; F64Mul
			F64Store $0
			Get R0; I64Const $8; I64Add; Tee R0
			Get R1; I64LtU; BrIf next
		End
	End
	RET
