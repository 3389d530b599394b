//go:build amd64

#include "textflag.h"

// LINES(label, done) prefetches the lines from that of AX up to CX.
#define LINES(label, done) \
	ANDQ $~63, AX; \
label: \
	CMPQ AX, CX; \
	JAE  done; \
	PREFETCHT0 (AX); \
	ADDQ $64, AX; \
	JMP  label

// func lines(rowPtr []int, col []int32, val []float64, i int)
//
// With lo = rowPtr[i] and hi = rowPtr[i+1] (if i+1 < len(rowPtr), as
// unsigned), PREFETCHT0 of every 64-byte line that col[lo:hi]'s and
// val[lo:hi]'s bytes touch, from the line of the first byte to that of the
// last. A prefetch never faults.
TEXT ·lines(SB), NOSPLIT, $0-80
	MOVQ i+72(FP), DX
	LEAQ 1(DX), BX
	CMPQ BX, rowPtr_len+8(FP)
	JAE  done
	MOVQ rowPtr_base+0(FP), SI
	MOVQ (SI)(DX*8), DX // lo
	MOVQ (SI)(BX*8), BX // hi
	MOVQ col_base+24(FP), AX
	LEAQ (AX)(BX*4), CX // &col[hi]
	LEAQ (AX)(DX*4), AX // &col[lo]
	LINES(colLines, colDone)
colDone:
	MOVQ val_base+48(FP), AX
	LEAQ (AX)(BX*8), CX // &val[hi]
	LEAQ (AX)(DX*8), AX // &val[lo]
	LINES(valLines, done)
done:
	RET

// func word(x unsafe.Pointer, n, i int)
//
// PREFETCHT0 of the line of the i-th 8-byte word at x, if i < n (as
// unsigned).
TEXT ·word(SB), NOSPLIT, $0-24
	MOVQ i+16(FP), DX
	CMPQ DX, n+8(FP)
	JAE  wordDone
	MOVQ x+0(FP), AX
	PREFETCHT0 (AX)(DX*8)
wordDone:
	RET
