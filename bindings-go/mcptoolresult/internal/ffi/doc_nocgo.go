//go:build !cgo && !mtr_native

// Package ffi calls the Rust library through cgo. Without cgo it is empty, and the package
// above it runs the core on wazero instead.
package ffi
