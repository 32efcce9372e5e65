//go:build !mtr_wasm && (mtr_native || (cgo && linux && amd64))

package mcptoolresult

func init() { testEngines["cgo"] = cgoEngine{} }
