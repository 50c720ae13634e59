package gitlab

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// BenchmarkPublishRerun measures a no-op re-run of one version (project lookup,
// package and file listing, all files skipped) against the in-process fake.
func BenchmarkPublishRerun(b *testing.B) {
	s := fakegitlab.New(b)
	s.AddProject(fakegitlab.Project{ID: 42, Path: testProject})
	s.AddToken(fakegitlab.Token{Value: testPAT, Kind: fakegitlab.PersonalToken})
	set := testSet(b, "v1.2.3")
	p, err := New(options(s, &sleeps{}))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := publish.Publish(b.Context(), set, p, publish.Policy{}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := publish.Publish(b.Context(), set, p, publish.Policy{}); err != nil {
			b.Fatal(err)
		}
	}
}
