// Package dataset holds a labelled data set as an example-major sparse matrix
// in CSR form (float64 values, int32 feature indices), and computes the
// statistics the paper's theory needs: per-example squared norms ‖x_i‖², the
// per-feature counts |J_j| = |{i : X_ji ≠ 0}|, density, and the predicted
// importance-sampling speedup σ = max_i ‖x_i‖² / mean_i ‖x_i‖².
//
// Examples are the paper's columns X_{:i}; here they are rows, because every
// kernel of dfSDCA touches one example at a time.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package dataset
