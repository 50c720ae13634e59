package variables

import "unsafe"

// view reads data as a string without copying it, so linting a large components
// file does not hold it twice. The caller must not change data while the string is
// in use, and nothing built from it may outlive the call unless copied: Lint only
// returns findings whose messages are formatted afresh (TestLintKeepsNoViewOfData).
func view(data []byte) string {
	return unsafe.String(unsafe.SliceData(data), len(data))
}
