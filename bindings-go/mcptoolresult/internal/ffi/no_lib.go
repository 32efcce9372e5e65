//go:build cgo && mtr_native && !(linux && amd64)

package ffi

// The module ships the Rust static library for linux/amd64 only; on this platform the
// mtr_native build tag cannot link.
var _ = mtr_native_has_no_prebuilt_static_library_for_this_GOOS_GOARCH__drop_the_tag_to_use_wazero
