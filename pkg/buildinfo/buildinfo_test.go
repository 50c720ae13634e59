package buildinfo

import (
	"runtime/debug"
	"testing"
)

func settings(kv ...string) []debug.BuildSetting {
	var out []debug.BuildSetting
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return out
}

func TestFrom(t *testing.T) {
	t.Parallel()
	const rev = "0123456789abcdef0123456789abcdef01234567"
	installed := &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "github.com/capirepo/capirepo", Version: "v1.4.2"}}
	checkout := &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "v0.0.0-20260101120000-0123456789ab+dirty"},
		Settings: settings("vcs", "git", "vcs.revision", rev, "vcs.modified", "true")}
	devel := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", rev, "vcs.modified", "false")}
	dirty := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", rev, "vcs.modified", "true")}
	cases := map[string]struct {
		ldflags  string
		bi       *debug.BuildInfo
		version  string
		source   string
		revision string
	}{
		"goreleaser: ldflags win":         {"v1.5.0", checkout, "v1.5.0", SourceLDFlags, rev},
		"go install …@v1.4.2":             {"", installed, "v1.4.2", SourceModule, ""},
		"go build in a modified checkout": {"", checkout, "v0.0.0-20260101120000-0123456789ab+dirty", SourceVCS, rev},
		"a commit, no module version":     {"", devel, "dev+0123456789ab", SourceVCS, rev},
		"a modified commit":               {"", dirty, "dev+0123456789ab.dirty", SourceVCS, rev},
		"-buildvcs=false, no version":     {"", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev", SourceNone, ""},
		"no build information":            {"", nil, "dev", SourceNone, ""},
	}
	for name, c := range cases {
		got := From(c.ldflags, c.bi)
		if got.Version != c.version || got.Source != c.source || got.Revision != c.revision {
			t.Errorf("%s: %s from %s at %q; want %s from %s at %q", name, got.Version, got.Source, got.Revision, c.version, c.source, c.revision)
		}
		if got.Platform == "" || got.Go == "" {
			t.Errorf("%s: platform %q, Go %q: want both", name, got.Platform, got.Go)
		}
	}
}
