package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
)

// TestMirrorCertManagerFailureWritesNothing: mirror is all or nothing. When
// cert-manager cannot be read (fetched last), --out stays absent, or as an earlier
// run left it; nothing says "mirrored" a release; the error names --cert-manager= and
// --cert-manager-url, and the exit is 4.
func TestMirrorCertManagerFailureWritesNothing(t *testing.T) {
	t.Parallel()
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: sampleReleases(t, "v0.1.0")})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/latest/infrastructure-components.yaml\"}\n")
	args := func(dir, cert string) []string {
		return []string{"--out", dir, "--from-config", from, "--github-url", gh.URL(), "--infrastructure", "sample:v0.1.0", "--cert-manager", cert}
	}
	fresh := filepath.Join(t.TempDir(), "mirror")
	earlier := filepath.Join(t.TempDir(), "mirror")
	if code, _, errOut := runMirror(t, nil, args(earlier, "")...); code != ExitOK {
		t.Fatalf("first mirror: exit %d\n%s", code, errOut)
	}
	before := treeOf(t, earlier)
	for dir, check := range map[string]func(){
		fresh: func() {
			if entries, err := os.ReadDir(fresh); err == nil && len(entries) > 0 {
				t.Errorf("a failed mirror left %d entries in a new --out", len(entries))
			}
		},
		earlier: func() {
			if after := treeOf(t, earlier); after != before {
				t.Errorf("a failed mirror changed the earlier one:\nbefore:\n%s\nafter:\n%s", before, after)
			}
		},
	} {
		code, out, errOut := runMirror(t, nil, args(dir, "v1.99.0")...)
		if code != ExitPublish {
			t.Fatalf("exit %d, want 4\n%s\n%s", code, out, errOut)
		}
		for _, want := range []string{"cert-manager v1.99.0", "--cert-manager= mirrors without cert-manager", "--cert-manager-url", "nothing was mirrored"} {
			if !strings.Contains(errOut, want) {
				t.Errorf("stderr lacks %q:\n%s", want, errOut)
			}
		}
		if strings.Contains(out, "mirrored ") {
			t.Errorf("stdout says mirrored:\n%s", out)
		}
		check()
	}
}

// treeOf lists every file under dir with its content.
func treeOf(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		b.WriteString(rel + "\n" + string(data) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
