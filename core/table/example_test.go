package table_test

import (
	"os"

	"imlab/core/table"
)

// A table is built once from formatted cells and written in either format:
// the CLI's -format flag, the page's exports and docs/results.md all print
// it this way.
func ExampleTable() {
	t := &table.Table{Header: []string{"tau", "theory", "empirical"}}
	t.Add("1", table.Sig(0.4375, 3), table.Sig(0.51234, 3))
	t.Add("2", table.Sig(0.46, 3), table.Float(0.5))
	t.Write(os.Stdout, "csv")
	t.Write(os.Stdout, "md")
	// Output:
	// tau,theory,empirical
	// 1,0.438,0.512
	// 2,0.460,0.5
	// | tau | theory | empirical |
	// |---:|---:|---:|
	// | 1 | 0.438 | 0.512 |
	// | 2 | 0.460 | 0.5 |
}
