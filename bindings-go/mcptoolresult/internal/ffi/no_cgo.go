//go:build !cgo && mtr_native

package ffi

// This package is the cgo backend, chosen by the mtr_native build tag: it needs cgo.
var _ = mtr_native_needs_cgo__build_with_CGO_ENABLED_1_and_a_C_compiler_or_drop_the_tag_to_use_wazero
