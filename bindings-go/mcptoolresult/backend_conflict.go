//go:build mtr_wasm && mtr_native

package mcptoolresult

// The build tags mtr_wasm and mtr_native each force one backend: set one of them, not both.
var _ = build_tags_mtr_wasm_and_mtr_native_exclude_each_other__set_only_one
