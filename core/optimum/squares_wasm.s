//go:build wasm

#include "textflag.h"

// addSquaresKernel: diag[idx[k]] += (c·val[k])·val[k] for every k, in
// order; see squares_wasm.go. The layout follows core/sparse's axpy
// (kernels_wasm.s): windows of eight entries whose indices are all loaded
// and checked (as unsigned, against len(diag)) before the window's first
// update, then a tail checked entry by entry.
//
//	R0  p, the address of idx[k]      R4  &idx[0]
//	R1  q, the address of val[k]      R5  &idx[len(idx) &^ 7], end of the windows
//	R2  &diag[0]                      R6  &idx[len(idx)], end of the row
//	R3  len(diag)                     R7–R14  the window's indices, R15 an address
//	F20 c

// LOADIDX(off, r): r = uint32(idx at p+off); go to bad if r >= len(diag).
#define LOADIDX(off, r) \
	Get R0; I32WrapI64; I64Load32U $off; Tee r; \
	Get R3; I64GeU; BrIf bad

// PUSHV(off): push the value at q+off.
#define PUSHV(off) \
	Get R1; I32WrapI64; F64Load $off

// UPDATE(voff, r): diag[r] += (c·v)·v, v the value at q+voff.
#define UPDATE(voff, r) \
	Get R2; Get r; I64Const $3; I64Shl; I64Add; Tee R15; I32WrapI64; \
	Get R15; I32WrapI64; F64Load $0; \
	Get F20; PUSHV(voff); F64Mul; PUSHV(voff); F64Mul; \
	F64Add; F64Store $0

#define ADVANCE(n) \
	Get R0; I64Const $(4*n); I64Add; Set R0; \
	Get R1; I64Const $(8*n); I64Add; Set R1

// func addSquaresKernel(c float64, idx []int32, val, diag []float64)
TEXT ·addSquaresKernel(SB), NOSPLIT, $0-80
	// A val shorter than idx: the Go kernel, which panics.
	I64Load val_len+40(FP); I64Load idx_len+16(FP); I64LtU
	If; JMP ·addSquaresGeneric(SB); End

	I64Load idx_base+8(FP); Tee R4; Set R0
	I64Load val_base+32(FP); Set R1
	I64Load diag_base+56(FP); Set R2
	I64Load diag_len+64(FP); Set R3
	Get R4; I64Load idx_len+16(FP); I64Const $-8; I64And; I64Const $2; I64Shl; I64Add; Set R5
	Get R4; I64Load idx_len+16(FP); I64Const $2; I64Shl; I64Add; Set R6
	F64Load c+0(FP); Set F20

bad:
	Block
		windowsDone:
		Block
			Get R0; Get R5; I64GeU; BrIf windowsDone
			windows:
			Loop
				LOADIDX(0, R7); LOADIDX(4, R8); LOADIDX(8, R9); LOADIDX(12, R10)
				LOADIDX(16, R11); LOADIDX(20, R12); LOADIDX(24, R13); LOADIDX(28, R14)
				UPDATE(0, R7)
				UPDATE(8, R8)
				UPDATE(16, R9)
				UPDATE(24, R10)
				UPDATE(32, R11)
				UPDATE(40, R12)
				UPDATE(48, R13)
				UPDATE(56, R14)
				ADVANCE(8)
				Get R0; Get R5; I64LtU; BrIf windows
			End
		End

		tailDone:
		Block
			Get R0; Get R6; I64GeU; BrIf tailDone
			tail:
			Loop
				LOADIDX(0, R7)
				UPDATE(0, R7)
				ADVANCE(1)
				Get R0; Get R6; I64LtU; BrIf tail
			End
		End

		RET
	End

	// An index out of range at p, the entries before it done: the Go
	// kernel does the rest, idx[k:] and val[k:] with k = (p − &idx[0])/4,
	// and panics. R7 = k.
	Get R0; Get R4; I64Sub; I64Const $2; I64ShrU; Set R7
	Get SP; Get R0; I64Store idx_base+8(FP)
	Get SP; I64Load idx_len+16(FP); Get R7; I64Sub; I64Store idx_len+16(FP)
	Get SP; I64Load idx_cap+24(FP); Get R7; I64Sub; I64Store idx_cap+24(FP)
	Get SP; Get R1; I64Store val_base+32(FP)
	Get SP; I64Load val_len+40(FP); Get R7; I64Sub; I64Store val_len+40(FP)
	Get SP; I64Load val_cap+48(FP); Get R7; I64Sub; I64Store val_cap+48(FP)
	JMP ·addSquaresGeneric(SB)
