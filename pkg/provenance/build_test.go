package provenance

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/config"
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

// TestPins: the statement records each remote resource's URL and pin, in config
// order; a vendored copy's file name is no part of it.
func TestPins(t *testing.T) {
	t.Parallel()
	got := Pins([]config.RemoteResource{
		{URL: "https://b.example/y.yaml", SHA256: "cd", File: "vendor/y.yaml", Line: 7},
		{URL: "https://a.example/x.yaml", SHA256: "ab"},
	})
	want := []Pinned{{URI: "https://b.example/y.yaml", SHA256: "cd"}, {URI: "https://a.example/x.yaml", SHA256: "ab"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Pins = %+v, want %+v", got, want)
	}
	if Pins(nil) != nil {
		t.Error("no resources gave pins")
	}
}
