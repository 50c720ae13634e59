package gitlab

import (
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

func TestPublishAndRerun(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	set := testSet(t, "v1.2.3", "v1.3.0")
	rep, err := publishTo(t, options(s, &sleeps{}), set)
	if err != nil {
		t.Fatalf("Publish: %v", err)
	}
	if got := rep.Count(publish.Written); got != 6 {
		t.Errorf("written = %d, want 6: %+v", got, rep.Actions)
	}
	for _, v := range []string{"v1.2.3", "v1.3.0"} {
		for name, n := range copies(s, v) {
			if n != 1 {
				t.Errorf("%s/%s stored %d times, want 1", v, name, n)
			}
		}
		if got := len(copies(s, v)); got != 3 {
			t.Errorf("%s holds %d files, want 3", v, got)
		}
	}
	s.ResetLog()
	rep, err = publishTo(t, options(s, &sleeps{}), set)
	if err != nil {
		t.Fatalf("second Publish: %v", err)
	}
	if got := rep.Count(publish.Skipped); got != 6 || len(puts(s)) != 0 {
		t.Errorf("re-run skipped %d and uploaded %v, want 6 skipped and no upload", got, puts(s))
	}
}

func TestMetadataUploadedLast(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	if _, err := publishTo(t, options(s, &sleeps{}), testSet(t, "v1.2.3", "v1.3.0")); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(puts(s), " ")
	want := "v1.2.3/cluster-template.yaml v1.2.3/infrastructure-components.yaml v1.2.3/metadata.yaml " +
		"v1.3.0/cluster-template.yaml v1.3.0/infrastructure-components.yaml v1.3.0/metadata.yaml"
	if got != want {
		t.Errorf("PUT order:\n got %s\nwant %s", got, want)
	}
}

func TestResumeWithoutDuplicates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		fault    fakegitlab.Fault
		attempts int
		wantErr  bool // first run fails
	}{
		{"connection reset, no retries, then re-run", fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 2, Reset: true}, 1, true},
		{"500 on every attempt, then re-run", fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 3, Count: 3, Status: 500}, 3, true},
		{"stored but answered 502, retried", fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 2, Status: 502, AfterHandling: true}, 3, false},
		{"reset after storing, retried", fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 1, Reset: true, AfterHandling: true}, 3, false},
		{"reset mid-upload, retried", fakegitlab.Fault{Route: fakegitlab.RouteUpload, Nth: 2, Reset: true}, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			s.Inject(tt.fault)
			o := options(s, &sleeps{})
			o.Retry.MaxAttempts = tt.attempts
			set := testSet(t, "v1.2.3")
			_, err := publishTo(t, o, set)
			if (err != nil) != tt.wantErr {
				t.Fatalf("first Publish error = %v, want error %v", err, tt.wantErr)
			}
			if _, err := publishTo(t, o, set); err != nil {
				t.Fatalf("re-run: %v", err)
			}
			got := copies(s, "v1.2.3")
			if len(got) != 3 {
				t.Errorf("files = %v, want the 3 files", got)
			}
			for name, n := range got {
				if n != 1 {
					t.Errorf("%s stored %d times, want once", name, n)
				}
			}
		})
	}
}

func TestConflictRefusedThenReplaced(t *testing.T) {
	t.Parallel()
	for _, disallow := range []bool{false, true} {
		name := "duplicates allowed"
		if disallow {
			name = "duplicates disallowed"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newFake(t)
			s.SetDisallowDuplicates(testProject, disallow)
			s.Seed(testProject, "infrastructure-aws", "v1.2.3", "infrastructure-components.yaml", []byte("old content\n"))
			s.Seed(testProject, "infrastructure-aws", "v1.2.3", "metadata.yaml", readFixture(t, "metadata.yaml"))
			set := testSet(t, "v1.2.3")
			rep, err := publishTo(t, options(s, &sleeps{}), set)
			if !errors.Is(err, publish.ErrConflict) || !strings.Contains(err.Error(), "--replace") || !strings.Contains(err.Error(), testProject) {
				t.Fatalf("Publish error = %v, want an ErrConflict naming the project and --replace", err)
			}
			if rep.Count(publish.Refused) != 2 || len(puts(s)) != 0 {
				t.Fatalf("refused %d, uploaded %v; want 2 refused (changed, missing) and nothing uploaded", rep.Count(publish.Refused), puts(s))
			}
			rep, err = publishTo(t, options(s, &sleeps{}), set, publish.Policy{Replace: true})
			if err != nil {
				t.Fatalf("Publish --replace: %v", err)
			}
			files := s.Files(testProject, "infrastructure-aws", "v1.2.3")
			var comps []fakegitlab.File
			for _, f := range files {
				if f.Name == "infrastructure-components.yaml" {
					comps = append(comps, f)
				}
			}
			want := string(readFixture(t, "infrastructure-components.yaml"))
			if len(comps) != 1 || string(comps[0].Data) != want || rep.Count(publish.Replaced) != 1 {
				t.Errorf("after --replace: %d copies, replaced %d; want exactly one copy with the new content", len(comps), rep.Count(publish.Replaced))
			}
		})
	}
}

func TestStaleDuplicatesRemovedWithReplace(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	set := testSet(t, "v1.2.3")
	for _, f := range set.Releases[0].Files[:2] { // the files other than metadata.yaml
		s.Seed(testProject, "infrastructure-aws", "v1.2.3", f.Name, f.Data)
	}
	s.Seed(testProject, "infrastructure-aws", "v1.2.3", "metadata.yaml", []byte("stale"))
	s.Seed(testProject, "infrastructure-aws", "v1.2.3", "metadata.yaml", readFixture(t, "metadata.yaml"))
	rep, err := publishTo(t, options(s, &sleeps{}), set)
	if err != nil || !strings.Contains(strings.Join(rep.Notes, "\n"), "older different copies") || copies(s, "v1.2.3")["metadata.yaml"] != 2 {
		t.Fatalf("without --replace: err %v, actions %+v, copies %v", err, rep.Actions, copies(s, "v1.2.3"))
	}
	if _, err := publishTo(t, options(s, &sleeps{}), set, publish.Policy{Replace: true}); err != nil {
		t.Fatal(err)
	}
	if n := copies(s, "v1.2.3")["metadata.yaml"]; n != 1 {
		t.Errorf("metadata.yaml copies = %d after --replace, want 1", n)
	}
}

func TestDryRun(t *testing.T) {
	t.Parallel()
	s := newFake(t)
	rep, err := publishTo(t, options(s, &sleeps{}), testSet(t, "v1.2.3"), publish.Policy{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(publish.Planned) != 3 || len(puts(s)) != 0 {
		t.Errorf("dry run planned %d and uploaded %v, want 3 planned and nothing uploaded", rep.Count(publish.Planned), puts(s))
	}
}
