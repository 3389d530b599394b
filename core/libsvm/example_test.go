package libsvm_test

import (
	"fmt"
	"os"
	"strings"

	"imlab/core/libsvm"
)

func ExampleRead() {
	const file = `# labels 0/1 are read as -1/+1
1 1:0.5 3:2
0 2: 1   # a space after the colon, as in LIBSVM's protein files
`
	ds, err := libsvm.Read(strings.NewReader(file), libsvm.Options{Name: "tiny.svm", Bias: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("n=%d d=%d nnz=%d\n", ds.N, ds.D, ds.NNZ())
	for i := 0; i < ds.N; i++ {
		idx, val := ds.Row(i)
		fmt.Println(ds.Y[i], idx, val)
	}

	_, err = libsvm.Read(strings.NewReader("+1 1:0.5\n-1 3:abc\n"), libsvm.Options{Name: "bad.svm"})
	fmt.Println(err)
	// Output:
	// n=2 d=4 nnz=5
	// 1 [0 2 3] [0.5 2 1]
	// -1 [1 3] [1 1]
	// bad.svm: line 2: token "3:abc": invalid value
}

func ExampleWrite() {
	ds, err := libsvm.Read(strings.NewReader("+1 1:0.5 3:2\n-1 2:1\n"), libsvm.Options{Bias: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := libsvm.Write(os.Stdout, ds); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 1:0.5 3:2 4:1
	// -1 2:1 4:1
}
