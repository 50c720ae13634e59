package publish_test

import (
	"context"
	"maps"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// entry is one destination of the publishing conformance suite: every scenario
// runs against every entry, through publish.Publish. A new destination joins by
// adding ONE entry to destinations (destinations_test.go).
type entry struct {
	name  string
	start func(t *testing.T) *target // a fresh, empty destination
}

// target is one started destination. Its one Destination value serves every run
// of a scenario, so a destination that kept state between runs fails.
type target struct {
	dest   publish.Destination
	secret string // a credential that must never appear in a report or error ("" = none)
	// held is everything the destination holds, as "<version>/<file>" → sha256 of
	// what a consumer gets; duplicates, drafts and leftovers get keys of their own,
	// so comparing with wantHeld shows a missing, duplicate or stray file.
	held func(t *testing.T) map[string]string
	// interrupt arms an interruption: it calls cancel once the run is under way (in
	// the middle of its writes) and returns a function that undoes what it set up.
	interrupt func(t *testing.T, cancel context.CancelFunc) (undo func())
	// fault arms transient faults (lost answers, a dead run's leftovers) for the next run.
	fault func(t *testing.T)
	// signs: the destination signs each release for itself (publish oci --sign-*): the
	// plan has one more step per release, its signature (layout.BundleFile), and held
	// holds "<version>/<bundle file>" → signed for each signature that verifies.
	signs bool
}

// signed is what held reports for a release's signature that verifies under the
// destination's key, names the release and the artifact and covers every file.
const signed = "signed"

// want is what the destination should hold after publishing s: wantHeld, and with
// signs each version's signature.
func (tg *target) want(s *release.Set) map[string]string {
	out := wantHeld(s)
	for _, r := range s.Releases {
		if tg.signs {
			out[r.Version.String()+"/"+layout.BundleFile(r.Label(), r.Version.String())] = signed
		}
	}
	return out
}

// publish runs publish.Publish and checks that no credential reached the report or
// the error.
func (tg *target) publish(t *testing.T, ctx context.Context, set *release.Set, pol publish.Policy) (*publish.Report, error) {
	t.Helper()
	rep, err := publish.Publish(ctx, set, tg.dest, pol)
	if tg.secret != "" {
		var b strings.Builder
		rep.WriteText(&b)
		if err != nil {
			b.WriteString(err.Error())
		}
		if strings.Contains(b.String(), tg.secret) {
			t.Errorf("the credential reached the output:\n%s", b.String())
		}
	}
	return rep, err
}

// must publishes and fails the test on an error.
func (tg *target) must(t *testing.T, set *release.Set, pol publish.Policy) *publish.Report {
	t.Helper()
	rep, err := tg.publish(t, context.Background(), set, pol)
	if err != nil {
		t.Fatalf("Publish(%s, %+v): %v", tg.dest, pol, err)
	}
	return rep
}

func TestConformance(t *testing.T) {
	t.Parallel()
	for _, e := range destinations {
		for _, sc := range scenarios {
			t.Run(e.name+"/"+sc.name, func(t *testing.T) {
				t.Parallel()
				sc.run(t, e.start(t))
			})
		}
	}
}

func sameHeld(t *testing.T, got, want map[string]string) {
	t.Helper()
	if !maps.Equal(got, want) {
		t.Errorf("the destination holds\n%v\nwant\n%v", got, want)
	}
}

// counts checks a report's written, replaced, skipped, refused and planned counts
// of the set's files (signatures aside: sigs).
func counts(t *testing.T, rep *publish.Report, want ...int) {
	t.Helper()
	countOf(t, rep, "files", func(a publish.Outcome) bool { return !isSignature(a) }, want)
}

// sigs checks the same counts of the signature steps: with tg.signs they are want,
// without none at all.
func (tg *target) sigs(t *testing.T, rep *publish.Report, want ...int) {
	t.Helper()
	if !tg.signs {
		want = make([]int, len(want))
	}
	countOf(t, rep, "signatures", isSignature, want)
}

func countOf(t *testing.T, rep *publish.Report, what string, of func(publish.Outcome) bool, want []int) {
	t.Helper()
	kinds := []string{publish.Written, publish.Replaced, publish.Skipped, publish.Refused, publish.Planned}
	for i, k := range kinds {
		n := 0
		for _, a := range rep.Actions {
			if a.Action == k && of(a) {
				n++
			}
		}
		if n != want[i] {
			t.Errorf("%s: %d %s %s, want %d; actions %+v", rep.Destination, n, what, k, want[i], rep.Actions)
		}
	}
}

// isSignature tells a release's signature step from its files' ones.
func isSignature(a publish.Outcome) bool { return strings.HasSuffix(a.File, ".sigstore.json") }
