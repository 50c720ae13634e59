package metadata

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	goldenfile "github.com/capirepo/capirepo/pkg/testsupport/golden"
)

// golden compares got with testdata/addseries/<name>.golden (go test -update rewrites it).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", "addseries", name+".golden"), got)
}

var commentRE = regexp.MustCompile(`#.*`)

func TestAddSeriesGolden(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, input, version, contract string
	}{
		{name: "comments", input: "comments.in.yaml", version: "v0.3.0", contract: "v1beta2"},
		{name: "compact", input: "compact.in.yaml", version: "v1.2.0-rc.0", contract: "v1beta1"},
		{name: "key-order", input: "key-order.in.yaml", version: "1.1.0", contract: "v1beta1"},
		{name: "flow-empty", input: "flow-empty.in.yaml", version: "v0.1.0", contract: "v1beta1"},
		{name: "no-series", input: "no-series.in.yaml", version: "v0.1.0", contract: "v1beta1"},
		{name: "comments-only", input: "comments-only.in.yaml", version: "v0.1.0", contract: "v1beta1"},
		{name: "absent", version: "v0.1.0", contract: "v1beta1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var in []byte
			if c.input != "" {
				in = readFixture(t, filepath.Join("addseries", c.input))
			}
			out, changed, err := AddSeries(in, layout.NamedVersion(c.version), c.contract)
			if err != nil || !changed {
				t.Fatalf("AddSeries() changed=%v err=%v, want a change", changed, err)
			}
			golden(t, c.name, out)
			checkAdded(t, in, out, c.version, c.contract)
		})
	}
}

// checkAdded verifies the result independently of the golden file: it parses, keeps
// every comment and every earlier series in order, and ends with the new series.
func checkAdded(t *testing.T, in, out []byte, version, contract string) {
	t.Helper()
	for _, comment := range commentRE.FindAll(in, -1) {
		if !bytes.Contains(out, comment) {
			t.Errorf("comment %q was lost", comment)
		}
	}
	m, err := Parse("out.yaml", out)
	if err != nil {
		t.Fatalf("result does not parse: %v\n%s", err, out)
	}
	if found := Lint("out.yaml", out); found.HasErrors() {
		t.Errorf("result has lint errors: %v", found)
	}
	var before []Series
	if old, err := Parse("in.yaml", in); err == nil {
		before = old.ReleaseSeries
	}
	last := m.ReleaseSeries[len(m.ReleaseSeries)-1]
	if !slices.Equal(m.ReleaseSeries[:len(m.ReleaseSeries)-1], before) || m.SeriesFor(layout.NamedVersion(version)) != &m.ReleaseSeries[len(m.ReleaseSeries)-1] || last.Contract != contract {
		t.Errorf("series = %v, want %v followed by %s with %s", m.ReleaseSeries, before, version, contract)
	}
}

func TestAddSeriesNoChangeAndErrors(t *testing.T) {
	t.Parallel()
	good := readFixture(t, "addseries/comments.in.yaml")
	cases := []struct {
		name, version, contract string
		data                    []byte
		wantErr                 string // "" for a no-op
	}{
		{name: "same series, same contract", data: good, version: "v0.2.5", contract: "v1beta1"},
		{name: "same series, other contract", data: good, version: "v0.2.0", contract: "v1beta2", wantErr: `already lists series 0.2 with contract "v1beta1"`},
		{name: "unknown contract", data: good, version: "v0.3.0", contract: "v1", wantErr: `contract "v1" is not a Cluster API contract version`},
		{name: "bad version", data: good, version: "v0.3", contract: "v1beta1", wantErr: `version "v0.3": not a SemVer version`},
		{name: "major beyond int32", data: good, version: "v4294967296.0.0", contract: "v1beta1", wantErr: "32 bits"},
		{name: "broken file", data: readFixture(t, "lint/string-major.yaml"), version: "v0.3.0", contract: "v1beta1", wantErr: "fix metadata.yaml first"},
		{name: "alias bomb", data: readFixture(t, "lint/alias-bomb.yaml"), version: "v0.3.0", contract: "v1beta1", wantErr: "excessive aliasing"},
		{name: "wrong apiVersion", data: readFixture(t, "lint/wrong-apiversion.yaml"), version: "v0.3.0", contract: "v1beta1", wantErr: "metadata-api-version"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out, changed, err := AddSeries(c.data, layout.NamedVersion(c.version), c.contract)
			if c.wantErr == "" {
				if err != nil || changed || !bytes.Equal(out, c.data) {
					t.Fatalf("AddSeries() = changed %v, err %v, same bytes %v; want an unchanged file", changed, err, bytes.Equal(out, c.data))
				}
				return
			}
			if err == nil || changed || !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("AddSeries() changed=%v err=%v, want error containing %q", changed, err, c.wantErr)
			}
		})
	}
}

func TestAddSeriesOnEmptyReleaseSeries(t *testing.T) {
	t.Parallel()
	data := readFixture(t, "lint/empty-series.yaml")
	out, changed, err := AddSeries(data, layout.MustParseVersion("v2.0.1"), "v1beta2")
	if err != nil || !changed {
		t.Fatalf("AddSeries() changed=%v err=%v", changed, err)
	}
	if found := Lint("out.yaml", out); len(found) != 0 {
		t.Errorf("Lint(result) = %v, want no findings", found)
	}
}
