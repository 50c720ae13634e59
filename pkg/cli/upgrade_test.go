package cli

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/upgradefix"
)

// upgradeScenarios make each upgrade rule fire through diff --upgrade on its fixture
// case (pkg/testsupport/upgradefix); upgrade-change on the RBAC case's notes.
func upgradeScenarios() map[string]ruleScenario {
	out := map[string]ruleScenario{}
	for _, c := range upgradefix.Cases() {
		if c.Want == "" {
			continue
		}
		out[c.Want] = diffUpgrade(c)
		if c.Name == "rbac-grown" {
			out["upgrade-change"] = diffUpgrade(c)
		}
	}
	return out
}

func diffUpgrade(c upgradefix.Case) ruleScenario {
	return func(t *testing.T) []string {
		old, next := writeCase(t, c)
		return []string{"diff", "--upgrade", old, next}
	}
}

// writeCase writes a fixture case into a temporary folder: the repository of its
// earlier releases and its next release's folder.
func writeCase(t *testing.T, c upgradefix.Case) (old, next string) {
	t.Helper()
	old, next, err := upgradefix.Write(t.TempDir(), c)
	if err != nil {
		t.Fatal(err)
	}
	return old, next
}

// caseNamed returns the fixture case of that name.
func caseNamed(t *testing.T, name string) upgradefix.Case {
	t.Helper()
	for _, c := range upgradefix.Cases() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no fixture case %s", name)
	return upgradefix.Case{}
}

const (
	acmeRepo = "cluster-api-provider-acme"
	acmeURL  = "https://github.com/" + ghOwner + "/" + acmeRepo + "/releases/latest/infrastructure-components.yaml"
)

// acmeForge is a fake GitHub holding a case's history as releases.
func acmeForge(t *testing.T, c upgradefix.Case) *fakegithub.Server {
	t.Helper()
	gh := fakegithub.New()
	t.Cleanup(gh.Close)
	gh.AddRepo(ghOwner, acmeRepo, fakegithub.RepoOptions{})
	for _, r := range c.History {
		addRelease(gh, r.Version, stringFiles(r.Files()))
	}
	return gh
}

func addRelease(gh *fakegithub.Server, tag string, files map[string][]byte) {
	var assets []fakegithub.Asset
	for _, n := range slices.Sorted(maps.Keys(files)) {
		assets = append(assets, fakegithub.Asset{Name: n, Data: files[n]})
	}
	gh.AddRelease(ghOwner, acmeRepo, fakegithub.Release{Tag: tag, Published: time.Now(), Assets: assets})
}

func stringFiles(in map[string]string) map[string][]byte {
	out := map[string][]byte{}
	for n, s := range in {
		out[n] = []byte(s)
	}
	return out
}

// acmeTree writes a source tree whose capirepo.yaml builds a case's next release
// (its files prebuilt under release/), published at published when not empty.
func acmeTree(t *testing.T, c upgradefix.Case, published string) string {
	t.Helper()
	dir := t.TempDir()
	for n, body := range c.Next.Files() {
		writeText(t, filepath.Join(dir, "release", n), body)
	}
	cfg := "providers:\n- name: acme\n  type: InfrastructureProvider\n  components:\n    file: release/infrastructure-components.yaml\n" +
		"  metadata: release/metadata.yaml\n  templates:\n  - path: release/cluster-template.yaml\n"
	if published != "" {
		cfg += "  published: " + published + "\n"
	}
	return writeText(t, filepath.Join(dir, "capirepo.yaml"), cfg)
}

// findingLine returns the one line of out reporting rule.
func findingLine(t *testing.T, out, rule string) string {
	t.Helper()
	var hits []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, " "+rule+": ") {
			hits = append(hits, strings.TrimSpace(l))
		}
	}
	if len(hits) != 1 {
		t.Fatalf("%d lines report %s, want 1:\n%s", len(hits), rule, out)
	}
	return hits[0]
}

// TestBuildUpgradeFromForge: build reads the published URL of capirepo.yaml from the
// fake forge and stops before writing anything when an upgrade breaks; with
// --upgrade-from= it builds; verify of the forge, once the release is published,
// reports the same finding for the published pair.
func TestBuildUpgradeFromForge(t *testing.T) {
	t.Parallel()
	c := caseNamed(t, "storage-two-back")
	gh := acmeForge(t, c)
	cfg := acmeTree(t, c, acmeURL)
	out := filepath.Join(t.TempDir(), "dist")
	args := []string{"build", "--config", cfg, "--version", c.Next.Version, "--out", out, "--published=", "--github-url", gh.URL()}
	code, stdout, stderr := runEnv(t, nil, args...)
	if code != ExitFindings || !strings.Contains(stderr, "nothing was written") {
		t.Fatalf("build: exit %d, want %d\n%s%s", code, ExitFindings, stdout, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("build wrote %s although the upgrade check failed", out)
	}
	built := findingLine(t, stderr, "upgrade-storage-version-removed")
	// build names the source file (the fixture's prebuilt components) and the released line
	for _, want := range []string{"release/infrastructure-components.yaml:9: error", "(released in infrastructure-components.yaml, line 9)", "in v0.1.0;", "v0.2.0 still lists it", "must appear in spec.versions",
		"checked against the 2 earlier release(s) a cluster may upgrade from: v0.1.0, v0.2.0 (" + acmeURL + ")"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("build does not say %q:\n%s", want, stderr)
		}
	}
	if code, stdout, stderr := runEnv(t, nil, append(args, "--upgrade-from=")...); code != ExitOK {
		t.Fatalf("build --upgrade-from=: exit %d\n%s%s", code, stdout, stderr)
	}
	addRelease(gh, c.Next.Version, folderFiles(t, filepath.Join(out, upgradefix.Label, c.Next.Version)))
	code, stdout, stderr = runEnv(t, nil, "verify", acmeURL, "--github-url", gh.URL())
	if code != ExitFindings {
		t.Fatalf("verify: exit %d, want %d\n%s%s", code, ExitFindings, stdout, stderr)
	}
	// verify names the published file; the finding is the same
	got := findingLine(t, stdout, "upgrade-storage-version-removed")
	if !strings.HasPrefix(got, "infrastructure-acme/v0.3.0/infrastructure-components.yaml:9: ") || findingText(got) != findingText(built) {
		t.Errorf("verify reports\n%s\nbuild reported\n%s", got, built)
	}
}

// folderFiles reads the files of a folder.
func folderFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		out[e.Name()] = []byte(readFile(t, filepath.Join(dir, e.Name())))
	}
	return out
}

// upgradeExitRows prove the exit codes of the upgrade checks: build --upgrade-from
// (an upgrade error stops the build) and diff --upgrade.
func upgradeExitRows() []exitRow {
	c := caseNamed
	nope := "https://github.com/acme/nope/releases/latest/infrastructure-components.yaml"
	build := func(s *stage, from string, extra ...string) []string {
		cs := c(s.t, "storage-two-back")
		args := []string{"build", "--upgrade-from", from, "--config", acmeTree(s.t, cs, ""), "--version", cs.Next.Version,
			"--out", filepath.Join(s.t.TempDir(), "dist"), "--published="}
		return append(args, extra...)
	}
	diffUp := func(s *stage, old string, extra ...string) []string {
		_, next := writeCase(s.t, c(s.t, "storage-two-back"))
		return append([]string{"diff", "--upgrade", old, next}, extra...)
	}
	return []exitRow{
		{cmd: "build --upgrade-from", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return build(s, acmeURL, "--offline") },
			classFindings: func(s *stage) []string {
				old, _ := writeCase(s.t, c(s.t, "storage-two-back"))
				return build(s, old)
			},
			classInput:  func(s *stage) []string { return build(s, missing(s.t)) },
			classRemote: func(s *stage) []string { return build(s, nope, "--github-url", newGitHub(s.t).URL()) },
			classInterrupt: func(s *stage) []string {
				return build(s, acmeURL, "--github-url", s.hangingServer())
			},
		}, na: map[errClass]string{classConflict: "build replaces its own output folder"}},
		{cmd: "diff --upgrade", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return diffUp(s, "ftp://example.com/x") },
			classFindings: func(s *stage) []string {
				old, _ := writeCase(s.t, c(s.t, "storage-two-back"))
				return diffUp(s, old)
			},
			classInput:  func(s *stage) []string { return diffUp(s, missing(s.t)) },
			classRemote: func(s *stage) []string { return diffUp(s, nope, "--github-url", newGitHub(s.t).URL()) },
			classInterrupt: func(s *stage) []string {
				return diffUp(s, acmeURL, "--github-url", s.hangingServer())
			},
		}, na: map[errClass]string{classConflict: "reads only"}},
	}
}

// TestDiffUpgradeDisable: --disable leaves a rule out (the error gone, exit 0), an
// unknown id is a usage error.
func TestDiffUpgradeDisable(t *testing.T) {
	t.Parallel()
	old, next := writeCase(t, caseNamed(t, "storage-two-back"))
	code, stdout, stderr := runEnv(t, nil, "diff", "--upgrade", old, next, "--disable", "upgrade-storage-version-removed")
	if code != ExitOK || strings.Contains(stdout, "upgrade-storage-version-removed") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := runEnv(t, nil, "diff", "--upgrade", old, next, "--disable", "upgrade-nope"); code != ExitUsage || !strings.Contains(stderr, "upgrade-nope") {
		t.Errorf("unknown id: exit %d\n%s", code, stderr)
	}
}

// TestBuildUpgradeOffline: --offline skips a remote published URL with a note and
// builds; a local folder of earlier releases is read offline, and its error stops the
// build; lint.disable in capirepo.yaml turns the rule off.
func TestBuildUpgradeOffline(t *testing.T) {
	t.Parallel()
	c := caseNamed(t, "storage-two-back")
	cfg := acmeTree(t, c, acmeURL)
	out := filepath.Join(t.TempDir(), "dist")
	code, stdout, stderr := runEnv(t, nil, "build", "--config", cfg, "--version", c.Next.Version, "--out", out, "--published=", "--offline")
	if code != ExitOK || !strings.Contains(stderr, "upgrade checks against "+acmeURL+" skipped (--offline)") {
		t.Fatalf("offline build: exit %d\n%s%s", code, stdout, stderr)
	}
	old, _ := writeCase(t, c)
	args := []string{"build", "--config", cfg, "--version", c.Next.Version, "--out", filepath.Join(t.TempDir(), "dist"), "--published=", "--offline", "--upgrade-from", old}
	if code, _, stderr := runEnv(t, nil, args...); code != ExitFindings || !strings.Contains(stderr, "error upgrade-storage-version-removed") {
		t.Fatalf("local history: exit %d\n%s", code, stderr)
	}
	writeText(t, cfg, readFile(t, cfg)+"lint:\n  disable: [upgrade-storage-version-removed]\n")
	if code, _, stderr := runEnv(t, nil, args...); code != ExitOK {
		t.Fatalf("lint.disable: exit %d\n%s", code, stderr)
	}
}

// TestVerifyReadsOnce: verify's upgrade checks download nothing the verification did
// not download already (each file of each release once).
func TestVerifyReadsOnce(t *testing.T) {
	t.Parallel()
	c := caseNamed(t, "storage-two-back")
	gh := acmeForge(t, c)
	addRelease(gh, c.Next.Version, stringFiles(c.Next.Files()))
	if code, stdout, stderr := runEnv(t, nil, "verify", acmeURL, "--github-url", gh.URL()); code != ExitFindings || !strings.Contains(stdout, "upgrade-storage-version-removed") {
		t.Fatalf("verify: exit %d\n%s%s", code, stdout, stderr)
	}
	seen := map[string]int{}
	for _, e := range gh.Log() {
		if e.Route == "download" {
			seen[e.Path]++
		}
	}
	if len(seen) != 9 {
		t.Errorf("%d files downloaded, want the 9 of the three releases: %v", len(seen), seen)
	}
	for path, n := range seen {
		if n > 1 {
			t.Errorf("%s asked %d times", path, n)
		}
	}
}

// findingText is a finding's line without its location and the released-line note
// build adds to a finding it traced to its source.
func findingText(line string) string {
	_, rest, _ := strings.Cut(line, ": ")
	if i := strings.LastIndex(rest, " (released in "); i >= 0 {
		rest = rest[:i]
	}
	return rest
}
