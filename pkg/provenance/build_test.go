package provenance

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestForBuild: outside a checkout the time comes from SOURCE_DATE_EPOCH, the
// inputs carry the version, config path and pins as given; with no time it fails.
func TestForBuild(t *testing.T) {
	t.Parallel()
	cfg := filepath.Join(t.TempDir(), "capirepo.yaml")
	pins := []Pinned{{URI: "https://a.example/x.yaml", SHA256: "ab"}}
	in, err := ForBuild(context.Background(), "v9.9.9", cfg, "1700000000", pins)
	if err != nil {
		t.Fatal(err)
	}
	if !in.Time.Equal(time.Unix(1700000000, 0)) || in.BuilderVersion != "v9.9.9" || in.ConfigPath != cfg {
		t.Errorf("inputs = %+v", in)
	}
	if len(in.Remote) != 1 || in.Remote[0] != pins[0] || in.Source != (Source{}) {
		t.Errorf("remote/source = %+v %+v", in.Remote, in.Source)
	}
	if _, err := ForBuild(context.Background(), "dev", cfg, "", nil); err == nil {
		t.Error("no time source accepted")
	}
}
