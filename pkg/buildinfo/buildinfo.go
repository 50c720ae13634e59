// Package buildinfo tells capirepo's own version and where it came from: the value
// set at link time (-ldflags -X, as goreleaser and the GitHub Action build), else the
// Go build information of the binary (debug.ReadBuildInfo): the module version of
// `go install …@vX.Y.Z`, or the commit a build from a git checkout was made of.
// `capirepo version` and the signed provenance's builder version both read it.
package buildinfo

import (
	"runtime"
	"runtime/debug"
)

// Where the version came from (Info.Source).
const (
	SourceLDFlags = "ldflags" // set at link time
	SourceModule  = "module"  // the module version: go install …@vX.Y.Z
	SourceVCS     = "vcs"     // a build in a git checkout: the commit (and whether it was modified)
	SourceNone    = "none"    // nothing known: "dev"
)

// Dev is the version of a build nothing tells the version of.
const Dev = "dev"

// Info is capirepo's version and its evidence.
type Info struct {
	Version  string `json:"version"`            // "v0.4.0", "v0.0.0-20260101120000-0123456789ab+dirty", "dev+0123456789ab", "dev"
	Source   string `json:"source"`             // SourceLDFlags, SourceModule, SourceVCS or SourceNone
	Revision string `json:"revision,omitempty"` // vcs.revision, when the build recorded it
	Modified bool   `json:"modified,omitempty"` // vcs.modified: the checkout had uncommitted changes
	Go       string `json:"goVersion"`          // the Go release that built it
	Platform string `json:"platform"`           // GOOS/GOARCH
}

// From is the version of a binary linked with ldflags ("" when not set) whose build
// information is bi (nil when it has none). The first that is known wins: ldflags;
// the main module's version (Go stamps a build in a git checkout with a
// pseudo-version of its commit, "+dirty" when modified: source vcs); the commit alone
// ("dev+<12 hex>", ".dirty" when modified); "dev".
func From(ldflags string, bi *debug.BuildInfo) Info {
	in := Info{Version: Dev, Source: SourceNone, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		if bi.GoVersion != "" {
			in.Go = bi.GoVersion
		}
		in.Revision, in.Modified = vcs(bi.Settings)
	}
	switch {
	case ldflags != "":
		in.Version, in.Source = ldflags, SourceLDFlags
	case bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)":
		in.Version, in.Source = bi.Main.Version, SourceModule
		if in.Revision != "" {
			in.Source = SourceVCS
		}
	case in.Revision != "":
		in.Version, in.Source = DevAt(in.Revision, in.Modified), SourceVCS
	}
	return in
}

// DevAt is the version of a build of commit revision that no tag names:
// "dev+<first 12 characters>", with ".dirty" when the checkout was modified. The
// GitHub Action stamps builds of a commit the same way.
func DevAt(revision string, modified bool) string {
	v := Dev + "+" + revision[:min(12, len(revision))]
	if modified {
		v += ".dirty"
	}
	return v
}

// vcs reads vcs.revision and vcs.modified from a build's settings.
func vcs(settings []debug.BuildSetting) (revision string, modified bool) {
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return revision, modified
}
