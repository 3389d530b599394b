//go:build wasm

#include "textflag.h"

// trialPairsKernel: trialPairsGeneric (pattern.go) in WebAssembly; see
// trials_wasm.go.
//
//	R0  hi, R1 lo: the PCG state       R9  &thresholds[j]
//	R2  p                              R10 u, the last draw
//	R3  &out[0]                        R11 j
//	R4  d&^1                           R12 m
//	R5–R7 temporaries (PCGSTEP)

#include "pcg_wasm.h"

// STORE(r): out[m] = int32(r).
#define STORE(r) \
	Get R3; Get R12; I64Const $2; I64Shl; I64Add; I32WrapI64; \
	Get r; I32WrapI64; I32Store $0

// func trialPairsKernel(out []int32, thresholds []uint64, p *pcg) int
TEXT ·trialPairsKernel(SB), NOSPLIT, $0-64
	I64Load thresholds_len+32(FP); I64Const $-2; I64And; Set R4
	// out too short: the Go kernel, which panics.
	I64Load out_len+8(FP); Get R4; I64LtU
	If; JMP ·trialPairsGeneric(SB); End

	I64Load p+48(FP); Set R2
	Get R2; I32WrapI64; I64Load $0; Set R0
	Get R2; I32WrapI64; I64Load $8; Set R1
	I64Load out_base+0(FP); Set R3
	I64Load thresholds_base+24(FP); Set R9
	I64Const $0; Set R11
	I64Const $0; Set R12

	done:
	Block
		Get R11; Get R4; I64GeU; BrIf done
		pair:
		Loop
			PCGSTEP

			// out[m] = j; m += (u&low − t_j) >> 63, the borrow when
			// u&low < t_j.
			STORE(R11)
			Get R10; I64Const MASK32; I64And
			Get R9; I32WrapI64; I64Load $0; I64Sub
			I64Const $63; I64ShrU; Get R12; I64Add; Set R12

			// out[m] = j+1; m += (u>>32 − t_{j+1}) >> 63.
			Get R11; I64Const $1; I64Add; Set R5
			STORE(R5)
			Get R10; I64Const $32; I64ShrU
			Get R9; I32WrapI64; I64Load $8; I64Sub
			I64Const $63; I64ShrU; Get R12; I64Add; Set R12

			Get R9; I64Const $16; I64Add; Set R9
			Get R11; I64Const $2; I64Add; Tee R11
			Get R4; I64LtU; BrIf pair
		End
	End

	Get R2; I32WrapI64; Get R0; I64Store $0
	Get R2; I32WrapI64; Get R1; I64Store $8
	Get SP; Get R12; I64Store ret+56(FP)
	RET
