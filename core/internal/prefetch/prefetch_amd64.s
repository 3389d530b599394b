//go:build amd64

#include "textflag.h"

// func row(idx []int32, val []float64) float64
//
// PREFETCHT0 of every 64-byte line that idx's and val's bytes touch, from
// the line of the first byte to that of the last. A prefetch never faults.
TEXT ·row(SB), NOSPLIT, $0-56
	MOVQ idx_base+0(FP), AX
	MOVQ idx_len+8(FP), CX
	LEAQ (AX)(CX*4), CX // end of idx
	ANDQ $~63, AX
idxLines:
	CMPQ AX, CX
	JAE  idxDone
	PREFETCHT0 (AX)
	ADDQ $64, AX
	JMP  idxLines
idxDone:
	MOVQ val_base+24(FP), AX
	MOVQ val_len+32(FP), CX
	LEAQ (AX)(CX*8), CX // end of val
	ANDQ $~63, AX
valLines:
	CMPQ AX, CX
	JAE  valDone
	PREFETCHT0 (AX)
	ADDQ $64, AX
	JMP  valLines
valDone:
	XORPS X0, X0
	MOVSD X0, ret+48(FP)
	RET
