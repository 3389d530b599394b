//go:build wasm

#include "textflag.h"

// The row kernels in WebAssembly (Dot, DotOrdered, Axpy, AddSquares); see
// kernels_wasm.go for why, and generic.go for the Go kernels whose
// operations, in the same order, these perform.
//
// Go's wasm registers are function locals: R0–R15 are i64, F16–F31 f64.
// All four functions use
//
//	R0  p, the address of idx[k]      R4  &idx[0]
//	R1  q, the address of val[k]      R5  &idx[len(idx) &^ 7], end of the windows
//	R2  &w[0]                         R6  &idx[len(idx)], end of the row
//	R3  len(w)                        R7–R14  the window's indices, R15 an address
//
// A window of eight entries first loads and checks its eight indices, so
// that an index out of range stops the kernel at the window's start before
// any of its entries is read or written; the tail checks entry by entry.
// On an index out of range, or a val shorter than idx, the kernel jumps to
// its Go kernel (a tail call: the Go kernel takes over this call's
// arguments and returns to its caller), which panics as natively: the dot
// products start again from the beginning, Axpy continues from the window
// with its arguments moved on to idx[k:], val[k:].
// The loops are plain wasm loops (Loop … BrIf), leaf functions with no
// frame, so Go's resumable block dispatch is not generated for them.

// LOADIDX(off, r): r = uint32(idx at p+off); go to bad if r >= len(w).
// The index is zero-extended, so a negative one is out of range too.
#define LOADIDX(off, r) \
	Get R0; I32WrapI64; I64Load32U $off; Tee r; \
	Get R3; I64GeU; BrIf bad

// PUSHW(r): push w[r] (r already checked).
#define PUSHW(r) \
	Get R2; Get r; I64Const $3; I64Shl; I64Add; I32WrapI64; F64Load $0

// PUSHV(off): push the value at q+off.
#define PUSHV(off) \
	Get R1; I32WrapI64; F64Load $off

// PRODUCT(voff, r): push val at q+voff times w[r].
#define PRODUCT(voff, r) PUSHV(voff); PUSHW(r); F64Mul

// LOADWINDOW loads and checks the eight indices of the window at p.
#define LOADWINDOW \
	LOADIDX(0, R7); LOADIDX(4, R8); LOADIDX(8, R9); LOADIDX(12, R10); \
	LOADIDX(16, R11); LOADIDX(20, R12); LOADIDX(24, R13); LOADIDX(28, R14)

// SETUP loads the slices' addresses and lengths into R0–R6 for idx at
// frame offset idxoff and val, w following it.
#define SETUP(idxoff, lenoff, valoff, woff, wlenoff) \
	I64Load idxoff(FP); Tee R4; Set R0; \
	I64Load valoff(FP); Set R1; \
	I64Load woff(FP); Set R2; \
	I64Load wlenoff(FP); Set R3; \
	Get R4; I64Load lenoff(FP); I64Const $-8; I64And; I64Const $2; I64Shl; I64Add; Set R5; \
	Get R4; I64Load lenoff(FP); I64Const $2; I64Shl; I64Add; Set R6

// SHORTVAL(idxlen, vallen, generic): if len(val) < len(idx), the Go
// kernel, which panics.
#define SHORTVAL(idxlen, vallen, generic) \
	I64Load vallen(FP); I64Load idxlen(FP); I64LtU; \
	If; JMP generic; End

// ADVANCE(n) moves p and q on by n entries.
#define ADVANCE(n) \
	Get R0; I64Const $(4*n); I64Add; Set R0; \
	Get R1; I64Const $(8*n); I64Add; Set R1

// ROWLOOPS(window, entry, windowsDone, windows, tailDone, tail) runs a
// kernel's loops over the row at p (R0) once SETUP (or dotRows) has set
// R0–R6: windows of eight entries, each loaded and checked whole
// (LOADWINDOW) before window runs on them, then the tail, each entry
// checked before entry(R7) runs on it; an index out of range branches to
// bad. The labels are arguments, since a function's labels are unique and
// rankOne runs two such loops.
#define ROWLOOPS(window, entry, windowsDone, windows, tailDone, tail) \
	windowsDone: \
	Block; \
	Get R0; Get R5; I64GeU; BrIf windowsDone; \
	windows: \
	Loop; \
	LOADWINDOW; \
	window; \
	ADVANCE(8); \
	Get R0; Get R5; I64LtU; BrIf windows; \
	End; \
	End; \
	tailDone: \
	Block; \
	Get R0; Get R6; I64GeU; BrIf tailDone; \
	tail: \
	Loop; \
	LOADIDX(0, R7); \
	entry(R7); \
	ADVANCE(1); \
	Get R0; Get R6; I64LtU; BrIf tail; \
	End; \
	End

// SUMWINDOW and SUMENTRY add a window's products, or one entry's, to F16
// in the order of k: dotOrdered's running sum.
#define SUMWINDOW \
	Get F16; \
	PRODUCT(0, R7); F64Add; \
	PRODUCT(8, R8); F64Add; \
	PRODUCT(16, R9); F64Add; \
	PRODUCT(24, R10); F64Add; \
	PRODUCT(32, R11); F64Add; \
	PRODUCT(40, R12); F64Add; \
	PRODUCT(48, R13); F64Add; \
	PRODUCT(56, R14); F64Add; \
	Set F16
#define SUMENTRY(r) Get F16; PRODUCT(0, r); F64Add; Set F16

// DOTORDERED(labels…) adds the row's products to F16 (dotOrdered's loops).
#define DOTORDERED(windowsDone, windows, tailDone, tail) \
	ROWLOOPS(SUMWINDOW, SUMENTRY, windowsDone, windows, tailDone, tail)

// UPDATEWINDOW: w[idx[k]] += what UPDATE pushes, for the window's eight
// entries in order.
#define UPDATEWINDOW \
	UPDATE(0, R7); UPDATE(8, R8); UPDATE(16, R9); UPDATE(24, R10); \
	UPDATE(32, R11); UPDATE(40, R12); UPDATE(48, R13); UPDATE(56, R14)
#define UPDATEENTRY(r) UPDATE(0, r)

// UPDATES(labels…) does w[idx[k]] += what UPDATE pushes for every k of
// the row in order, the kernel's constant in F20; each window is checked
// whole before its first update.
#define UPDATES(windowsDone, windows, tailDone, tail) \
	ROWLOOPS(UPDATEWINDOW, UPDATEENTRY, windowsDone, windows, tailDone, tail)

// ROWUPDATE(generic) is a row update func(c float64, idx []int32, val, w
// []float64): its arguments into R0–R6 and F20, UPDATES, then RET. On an
// index out of range at p, the entries before it done, it hands the rest, idx[k:] and val[k:] with k = (p − &idx[0])/4 (R7), to the Go
// kernel generic (a tail call), which panics as natively.
#define ROWUPDATE(generic) \
	SHORTVAL(idx_len+16, val_len+40, generic); \
	SETUP(idx_base+8, idx_len+16, val_base+32, w_base+56, w_len+64); \
	F64Load c+0(FP); Set F20; \
	bad: \
	Block; \
	UPDATES(windowsDone, windows, tailDone, tail); \
	RET; \
	End; \
	Get R0; Get R4; I64Sub; I64Const $2; I64ShrU; Set R7; \
	Get SP; Get R0; I64Store idx_base+8(FP); \
	Get SP; I64Load idx_len+16(FP); Get R7; I64Sub; I64Store idx_len+16(FP); \
	Get SP; I64Load idx_cap+24(FP); Get R7; I64Sub; I64Store idx_cap+24(FP); \
	Get SP; Get R1; I64Store val_base+32(FP); \
	Get SP; I64Load val_len+40(FP); Get R7; I64Sub; I64Store val_len+40(FP); \
	Get SP; I64Load val_cap+48(FP); Get R7; I64Sub; I64Store val_cap+48(FP); \
	JMP generic

// func dot(idx []int32, val, w []float64) float64
TEXT ·dot(SB), NOSPLIT, $0-80
	SHORTVAL(idx_len+8, val_len+32, ·dotGeneric(SB))
	SETUP(idx_base+0, idx_len+8, val_base+24, w_base+48, w_len+56)
	F64Const $0.0; Set F16
	F64Const $0.0; Set F17
	F64Const $0.0; Set F18
	F64Const $0.0; Set F19

bad:
	Block
		// Windows of eight: s0 += v0·w + v4·w, s1 += v1·w + v5·w, ….
		windowsDone:
		Block
			Get R0; Get R5; I64GeU; BrIf windowsDone
			windows:
			Loop
				LOADWINDOW
				Get F16; PRODUCT(0, R7); PRODUCT(32, R11); F64Add; F64Add; Set F16
				Get F17; PRODUCT(8, R8); PRODUCT(40, R12); F64Add; F64Add; Set F17
				Get F18; PRODUCT(16, R9); PRODUCT(48, R13); F64Add; F64Add; Set F18
				Get F19; PRODUCT(24, R10); PRODUCT(56, R14); F64Add; F64Add; Set F19
				ADVANCE(8)
				Get R0; Get R5; I64LtU; BrIf windows
			End
		End

		// The tail, into s0.
		tailDone:
		Block
			Get R0; Get R6; I64GeU; BrIf tailDone
			tail:
			Loop
				LOADIDX(0, R7)
				Get F16; PRODUCT(0, R7); F64Add; Set F16
				ADVANCE(1)
				Get R0; Get R6; I64LtU; BrIf tail
			End
		End

		// (s0 + s1) + (s2 + s3)
		Get SP
		Get F16; Get F17; F64Add
		Get F18; Get F19; F64Add
		F64Add
		F64Store ret+72(FP)
		RET
	End

	// An index out of range: the Go kernel panics.
	JMP ·dotGeneric(SB)

// func dotOrdered(idx []int32, val, w []float64) float64
TEXT ·dotOrdered(SB), NOSPLIT, $0-80
	SHORTVAL(idx_len+8, val_len+32, ·dotOrderedGeneric(SB))
	SETUP(idx_base+0, idx_len+8, val_base+24, w_base+48, w_len+56)
	F64Const $0.0; Set F16

bad:
	Block
		DOTORDERED(windowsDone, windows, tailDone, tail)
		Get SP; Get F16; F64Store ret+72(FP)
		RET
	End

	JMP ·dotOrderedGeneric(SB)

// UPDATE(voff, r): w[r] += TERM(voff), TERM the kernel's term for the
// value at q+voff.
#define UPDATE(voff, r) \
	Get R2; Get r; I64Const $3; I64Shl; I64Add; Tee R15; I32WrapI64; \
	Get R15; I32WrapI64; F64Load $0; \
	TERM(voff); \
	F64Add; F64Store $0

// TERM for axpy and rankOne: c·v, v the value at q+voff, c in F20.
#define TERM(voff) Get F20; PUSHV(voff); F64Mul

// func axpy(c float64, idx []int32, val, w []float64)
TEXT ·axpy(SB), NOSPLIT, $0-80
	ROWUPDATE(·axpyGeneric(SB))

// func rankOne(c float64, idx []int32, val, v, w []float64)
//
// dotOrdered's loops over v into F16, then c·F16 into F20 and axpy's loops
// over w. Unless len(v) = len(w) the Go kernel takes the call; otherwise
// the dot checks every index against len(v) before anything is written,
// and on one out of range the Go kernel takes the call (it panics in its
// dot, as natively, before writing). The update then needs no check of
// its own; it keeps LOADWINDOW's (whose branch to bad cannot be taken).
TEXT ·rankOne(SB), NOSPLIT, $0-104
	SHORTVAL(idx_len+16, val_len+40, ·rankOneGeneric(SB))
	I64Load v_len+64(FP); I64Load w_len+88(FP); I64Ne
	If; JMP ·rankOneGeneric(SB); End
	SETUP(idx_base+8, idx_len+16, val_base+32, v_base+56, v_len+64)
	F64Const $0.0; Set F16

bad:
	Block
		// xᵀv
		DOTORDERED(dotWindowsDone, dotWindows, dotTailDone, dotTail)

		// F20 = c·xᵀv; p, q back to the row's start, R2 = &w[0].
		F64Load c+0(FP); Get F16; F64Mul; Set F20
		Get R4; Set R0
		I64Load val_base+32(FP); Set R1
		I64Load w_base+80(FP); Set R2

		// w[idx[k]] += F20·val[k], in the order of k.
		UPDATES(updWindowsDone, updWindows, updTailDone, updTail)
		RET
	End

	JMP ·rankOneGeneric(SB)

// TERM for addSquares: (c·v)·v, v the value at q+voff, c in F20.
#undef TERM
#define TERM(voff) Get F20; PUSHV(voff); F64Mul; PUSHV(voff); F64Mul

// func addSquares(c float64, idx []int32, val, w []float64)
TEXT ·addSquares(SB), NOSPLIT, $0-80
	ROWUPDATE(·addSquaresGeneric(SB))

// func dotRows(rowPtr []int, col []int32, val, w, z []float64)
//
// dotOrdered's loops for every row, with R4 the address of rowPtr[i] and
// R15 that of z[i]. A row whose offsets are out of order or beyond col or
// val, an index out of range, or a rowPtr shorter than len(z)+1 hands the
// call to the Go kernel, which starts again from row 0 (the rows before
// get the same z) and panics as natively.
TEXT ·dotRows(SB), NOSPLIT, $0-120
	I64Load rowPtr_len+8(FP); I64Load z_len+104(FP); I64LeU
	If; JMP ·dotRowsGeneric(SB); End
	I64Load w_base+72(FP); Set R2
	I64Load w_len+80(FP); Set R3
	I64Load rowPtr_base+0(FP); Set R4
	I64Load z_base+96(FP); Set R15

bad:
	Block
		rowsDone:
		Block
			Get R15; I64Load z_base+96(FP); I64Load z_len+104(FP); I64Const $3; I64Shl; I64Add; I64GeU; BrIf rowsDone
			rows:
			Loop
				// lo in R7, hi in R8; lo ≤ hi ≤ len(col), len(val).
				Get R4; I32WrapI64; I64Load $0; Set R7
				Get R4; I32WrapI64; I64Load $8; Set R8
				Get R7; Get R8; I64GtU; BrIf bad
				Get R8; I64Load col_len+32(FP); I64GtU; BrIf bad
				Get R8; I64Load val_len+56(FP); I64GtU; BrIf bad
				I64Load col_base+24(FP); Get R7; I64Const $2; I64Shl; I64Add; Set R0
				I64Load val_base+48(FP); Get R7; I64Const $3; I64Shl; I64Add; Set R1
				I64Load col_base+24(FP); Get R8; I64Const $2; I64Shl; I64Add; Set R6
				Get R0; Get R8; Get R7; I64Sub; I64Const $-8; I64And; I64Const $2; I64Shl; I64Add; Set R5
				F64Const $0.0; Set F16

				DOTORDERED(rowWindowsDone, rowWindows, rowTailDone, rowTail)

				Get R15; I32WrapI64; Get F16; F64Store $0
				Get R4; I64Const $8; I64Add; Set R4
				Get R15; I64Const $8; I64Add; Set R15
				Get R15; I64Load z_base+96(FP); I64Load z_len+104(FP); I64Const $3; I64Shl; I64Add; I64LtU; BrIf rows
			End
		End
		RET
	End

	JMP ·dotRowsGeneric(SB)
