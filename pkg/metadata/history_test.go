package metadata

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// historyRepo makes a git repository whose tags carry their own metadata.yaml:
// v0.1.0 has none (pre-metadata), v0.2.0 declares 0.2, v0.3.0 declares 0.2 and 0.3.
// The work tree's metadata.yaml is newest; it is written at path inside the repository.
func historyRepo(t *testing.T, path, newest string) string {
	t.Helper()
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	for _, c := range []string{"user.name=Test", "user.email=test@example.invalid", "commit.gpgsign=false", "tag.gpgsign=false"} {
		k, v, _ := strings.Cut(c, "=")
		git(t, dir, "config", k, v)
	}
	writeRepoFile(t, dir, "README", "provider\n")
	commitTag(t, dir, "v0.1.0")
	writeRepoFile(t, dir, path, seriesYAML("0.2"))
	commitTag(t, dir, "v0.2.0")
	writeRepoFile(t, dir, path, seriesYAML("0.2", "0.3"))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "0.3")
	git(t, dir, "tag", "-a", "-m", "annotated", "v0.3.0")
	writeRepoFile(t, dir, path, newest)
	return dir
}

func commitTag(t *testing.T, dir, tag string) {
	t.Helper()
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", tag)
	git(t, dir, "tag", tag)
}

func writeRepoFile(t *testing.T, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func seriesYAML(series ...string) string {
	s := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n"
	for _, x := range series {
		major, minor, _ := strings.Cut(x, ".")
		s += "- major: " + major + "\n  minor: " + minor + "\n  contract: v1beta1\n"
	}
	return s
}

// checkHistory runs the whole metadata check of dir/path for v0.4.0.
func checkHistory(t *testing.T, dir, path string, ci bool) lint.Findings {
	t.Helper()
	file := filepath.Join(dir, path)
	h := ReadHistory(t.Context(), HistoryInput{Dir: filepath.Dir(file), File: file, CI: ci})
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return append(h.Findings, Validate(path, data, CheckOptions{Version: layout.NamedVersion("v0.4.0"), Published: h.Published, Exempt: h.Exempt})...)
}

func rules(fs lint.Findings) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.Severity)+":"+f.Rule)
	}
	slices.Sort(out)
	return out
}

func TestHistoryPublishedSeriesDropped(t *testing.T) {
	t.Parallel()
	// The CAPC #404 mistake: the new file lists only the new series.
	dir := historyRepo(t, "metadata.yaml", seriesYAML("0.3", "0.4"))
	found := checkHistory(t, dir, "metadata.yaml", false)
	if got, want := rules(found), []string{"error:metadata-cumulative", "note:metadata-cumulative-old"}; !slices.Equal(got, want) {
		t.Fatalf("findings = %v, want %v\n%v", got, want, found)
	}
	found.Sort()
	if !strings.Contains(found[0].Message, "no series 0.2, yet v0.2.0 were released") {
		t.Errorf("message %q does not name the dropped series", found[0].Message)
	}
}

func TestHistoryPreMetadataTagsExempt(t *testing.T) {
	t.Parallel()
	// v0.1.0 predates metadata.yaml: dropping 0.1 is a note, not an error. The file
	// lives in a sub-folder, as in multi-provider trees.
	dir := historyRepo(t, "sub/metadata.yaml", seriesYAML("0.2", "0.3", "0.4"))
	found := checkHistory(t, dir, "sub/metadata.yaml", true)
	if got, want := rules(found), []string{"note:metadata-cumulative-old"}; !slices.Equal(got, want) {
		t.Fatalf("findings = %v, want %v\n%v", got, want, found)
	}
}

func TestHistoryWithoutTags(t *testing.T) {
	t.Parallel()
	repo := historyRepo(t, "metadata.yaml", seriesYAML("0.2", "0.3", "0.4"))
	shallow := filepath.Join(t.TempDir(), "shallow")
	git(t, repo, "clone", "-q", "--depth", "1", "file://"+repo, shallow)
	tagless := t.TempDir()
	git(t, tagless, "init", "-q")
	plain := t.TempDir()
	for _, d := range []string{shallow, tagless, plain} {
		writeRepoFile(t, d, "metadata.yaml", seriesYAML("0.4"))
	}
	cases := map[string]string{"shallow clone": shallow, "tagless clone": tagless, "no git": plain}
	for name, dir := range cases {
		for _, ci := range []bool{false, true} {
			found := checkHistory(t, dir, "metadata.yaml", ci)
			want := []string{"warning:metadata-history"}
			if ci {
				want = []string{"error:metadata-history"}
			}
			if got := rules(found); !slices.Equal(got, want) {
				t.Errorf("%s (CI %v): findings = %v, want %v", name, ci, got, want)
				continue
			}
			for _, w := range []string{"fetch-depth: 0", "--published"} {
				if !strings.Contains(found[0].Message, w) {
					t.Errorf("%s: message %q lacks %q", name, found[0].Message, w)
				}
			}
		}
	}
}

func TestHistoryPublishedByHand(t *testing.T) {
	t.Parallel()
	// --published needs no git, and every version it names must keep its series.
	h := ReadHistory(t.Context(), HistoryInput{Dir: t.TempDir(), Published: []string{"v0.4.8"}, CI: true})
	if len(h.Findings) != 0 || len(h.Exempt) != 0 || !slices.Equal(h.Published, []string{"v0.4.8"}) {
		t.Fatalf("ReadHistory(--published) = %+v", h)
	}
	found := Validate("metadata.yaml", []byte(seriesYAML("0.5")), CheckOptions{Version: layout.NamedVersion("v0.5.0"), Published: h.Published, Exempt: h.Exempt})
	if got := rules(found); !slices.Equal(got, []string{"error:metadata-cumulative"}) {
		t.Errorf("findings = %v", got)
	}
}

// TestHistoryUninstallableSeriesExempt: a tag whose own metadata.yaml declared a
// contract no clusterctl v1 installs or upgrades from may be dropped: a v1alpha* one
// (clusterctl v0.3 days, CAPO's v0.3 and v0.4) or a typo ("v1beta", MicroK8s v0.1.0).
// Its v1beta1 successor may not.
func TestHistoryUninstallableSeriesExempt(t *testing.T) {
	t.Parallel()
	for _, contract := range []string{"v1alpha3", "v1beta"} {
		t.Run(contract, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			git(t, dir, "init", "-q")
			for _, c := range []string{"user.name=Test", "user.email=test@example.invalid", "commit.gpgsign=false"} {
				k, v, _ := strings.Cut(c, "=")
				git(t, dir, "config", k, v)
			}
			old := strings.Replace(seriesYAML("0.1"), "v1beta1", contract, 1)
			writeRepoFile(t, dir, "metadata.yaml", old)
			commitTag(t, dir, "v0.1.0")
			writeRepoFile(t, dir, "metadata.yaml", old+strings.TrimPrefix(seriesYAML("0.2"), seriesYAML()))
			commitTag(t, dir, "v0.2.0")
			writeRepoFile(t, dir, "metadata.yaml", seriesYAML("0.3", "0.4"))
			found := checkHistory(t, dir, "metadata.yaml", true)
			if got, want := rules(found), []string{"error:metadata-cumulative", "note:metadata-cumulative-old"}; !slices.Equal(got, want) {
				t.Fatalf("findings = %v, want %v\n%v", got, want, found)
			}
			if all := found[0].Message + found[1].Message; !strings.Contains(all, "no series 0.1 for v0.1.0") || !strings.Contains(all, "no series 0.2, yet v0.2.0") {
				t.Errorf("messages: %s", all)
			}
		})
	}
}

// When git refuses a checkout (here a broken .git/config; in CI often "detected dubious
// ownership"), the finding gives git's reason, not "not inside a git checkout".
func TestHistoryGitRefusesTheCheckout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	writeRepoFile(t, dir, ".git/config", "[broken\n")
	writeRepoFile(t, dir, "metadata.yaml", seriesYAML("0.4"))
	found := checkHistory(t, dir, "metadata.yaml", true)
	if len(found) == 0 || !strings.Contains(found[0].Message, "git cannot read the checkout") || !strings.Contains(found[0].Message, "bad config") {
		t.Fatalf("findings = %v, want git's own reason", found)
	}
}
