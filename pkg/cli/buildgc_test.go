package cli

import (
	"runtime/debug"
	"testing"
)

// TestCollectLess: build collects at buildGCPercent and restores the target after,
// unless GOGC says otherwise. Not parallel: the target is the process's.
func TestCollectLess(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := collectLess(func(string) string { return "" })
	if got := debug.SetGCPercent(buildGCPercent); got != buildGCPercent {
		t.Errorf("GC percent during build %d, want %d", got, buildGCPercent)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent after build %d, want 100", got)
	}
	collectLess(func(string) string { return "off" })()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent with GOGC set %d, want it untouched (100)", got)
	}
}
