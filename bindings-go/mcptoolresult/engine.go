package mcptoolresult

// engine is the one seam between this package and the core: JSON text in, the core's JSON
// text out (a Conversion or an Extraction) with the JSON Pointers of the values that are bytes.
// Everything above it (lowering Go values, lifting the answer, errors) is shared by both
// backends. Errors are *ConvertError.
type engine interface {
	convert(input []byte, target string, options []byte) (coreOutput, error)
	extractImages(input []byte, options []byte) (coreOutput, error)
	// jsonPointer is the core's JSON Pointer of tokens (keys, indices in decimal; valid
	// UTF-8), outermost first.
	jsonPointer(tokens []string) (string, error)
	// warm does now the start-up work a first call would do (nothing on cgo).
	warm() error
}

// coreOutput is the core's answer: text is private to the caller and never changes, so lifted
// values may alias it.
type coreOutput struct {
	text  []byte
	bytes []string
}
