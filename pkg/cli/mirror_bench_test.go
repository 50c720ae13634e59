package cli

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// BenchmarkMirror mirrors 10 providers x 2 versions from a fake GitHub that adds 50 ms
// to every request: with --jobs 1, with the default --jobs 8, and resumed.
func BenchmarkMirror(b *testing.B) {
	rels := sampleReleases(b, "v0.1.0", "v0.1.1")
	repos := map[string][]*release.Release{}
	var args []string
	cfg := "providers:\n"
	for i := range 10 {
		name := "bench" + string(rune('a'+i))
		repos["capi-"+name] = rels
		cfg += "- {name: " + name + ", type: InfrastructureProvider, url: \"https://github.com/acme/capi-" + name + "/releases/latest/infrastructure-components.yaml\"}\n"
		args = append(args, "--infrastructure", name+":v0.1.0", "--infrastructure", name+":v0.1.1")
	}
	gh := fakeGitHub(b, repos)
	for _, route := range []string{fakegithub.RouteListReleases, fakegithub.RouteGetReleaseByTag, fakegithub.RouteListAssets, fakegithub.RouteGetAsset, fakegithub.RouteDownload} {
		gh.Inject(fakegithub.Fault{Route: route, Kind: fakegithub.FaultDelay, Delay: 50 * time.Millisecond, Count: 1 << 30})
	}
	from := writeText(b, filepath.Join(b.TempDir(), "clusterctl.yaml"), cfg)
	base := append([]string{"--from-config", from, "--github-url", gh.URL(), "--cert-manager", ""}, args...)
	mirror := func(b *testing.B, dir string, jobs string) {
		if code, out, errOut := runMirror(b, nil, append([]string{"--out", dir, "--jobs", jobs}, base...)...); code != 0 {
			b.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
	}
	for _, jobs := range []string{"1", "8"} {
		b.Run("jobs="+jobs, func(b *testing.B) {
			for b.Loop() {
				mirror(b, b.TempDir(), jobs)
			}
		})
	}
	b.Run("resumed", func(b *testing.B) {
		dir := b.TempDir()
		mirror(b, dir, "8")
		before := len(gh.Log())
		for b.Loop() {
			mirror(b, dir, "8")
		}
		b.ReportMetric(float64(len(gh.Log())-before)/float64(b.N), "requests/op")
	})
}
