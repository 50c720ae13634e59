package verify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

const comp = "infrastructure-components.yaml"

func ruleIDs(fs lint.Findings) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range fs {
		if !seen[f.Rule] {
			out = append(out, f.Rule)
		}
		seen[f.Rule] = true
	}
	sort.Strings(out)
	return out
}

func TestProvider(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		tree       map[string]string
		list       bool
		wantRules  []string
		wantLatest []string // per Clients entry; "" = error
	}{
		{name: "clean repository", list: true, wantRules: nil, wantLatest: []string{"v0.2.0", "v0.2.0"}, tree: map[string]string{
			"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v0.1.0/" + comp: "kind: Namespace",
			"v0.2.0/metadata.yaml": md("0.1 v1beta1", "0.2 v1beta1"), "v0.2.0/" + comp: "kind: Namespace",
		}},
		{name: "highest folder without metadata", list: true, wantLatest: []string{"", ""},
			wantRules: []string{RuleLatest, RuleMetadataMissing, RuleUpgradeSeries}, tree: map[string]string{
				"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v0.1.0/" + comp: "x: 1",
				"v0.2.0/" + comp: "x: 1",
			}},
		{name: "folder without v prefix and junk", wantLatest: []string{"", ""},
			wantRules: []string{RuleLatest, RuleNotSemver, RulePrefix}, tree: map[string]string{
				"0.1.0/metadata.yaml": md("0.1 v1beta1"), "0.1.0/" + comp: "x: 1", "junk/": "",
			}},
		{name: "version missing from its own metadata and from the highest", list: true, wantLatest: []string{"v0.1.0", "v0.2.0"},
			wantRules: []string{RuleLatestDiffers, RuleUpgradeSeries, RuleNotInOwnMetadata}, tree: map[string]string{
				"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v0.1.0/" + comp: "x: 1",
				"v0.2.0/metadata.yaml": md("0.1 v1beta1"), "v0.2.0/" + comp: "x: 1",
			}},
		{name: "upgrade plan counts pre-releases", list: true, wantLatest: []string{"v0.3.0-rc.0", "v0.2.0"},
			wantRules: []string{RuleLatestDiffers, RuleLatestPrerelease, RuleUpgradeSeries}, tree: map[string]string{
				"v0.2.0/metadata.yaml": md("0.2 v1beta1", "0.3 v1beta1"), "v0.2.0/" + comp: "x: 1",
				"v0.3.0-rc.0/metadata.yaml": md("0.3 v1beta1"), "v0.3.0-rc.0/" + comp: "x: 1",
			}},
		{name: "missing components and invalid metadata without a lister", wantLatest: []string{"v0.1.0", "v0.1.0"},
			wantRules: []string{RuleComponentsMissing, RuleMetadataInvalid, RuleUpgradeSeries}, tree: map[string]string{
				"v0.1.0/metadata.yaml": "releaseSeries: {major: [",
			}},
		{name: "upper-case pre-release", list: true, wantLatest: []string{"v0.1.0", "v0.1.0"},
			wantRules: []string{RuleUpperCase}, tree: map[string]string{
				"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v0.1.0/" + comp: "x: 1",
				"v0.1.0-RC.1/metadata.yaml": md("0.1 v1beta1"), "v0.1.0-RC.1/" + comp: "x: 1",
			}},
		{name: "empty repository", wantLatest: []string{"", ""}, wantRules: []string{RuleLatest, RuleNoVersions, RuleNotSemver},
			tree: map[string]string{"README/": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			tree.WriteIn(t, dir, tt.tree)
			var src repository.Repository = dirSource{dir}
			if tt.list {
				src = listingSource{dirSource{dir}}
			}
			rep, err := Provider(t.Context(), src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := ruleIDs(rep.AllFindings()); !reflect.DeepEqual(got, tt.wantRules) {
				t.Errorf("rules = %v, want %v\n%s", got, tt.wantRules, rep.AllFindings())
			}
			var latest []string
			for _, l := range rep.Latest {
				latest = append(latest, l.Version)
			}
			if !reflect.DeepEqual(latest, tt.wantLatest) {
				t.Errorf("latest = %q, want %q", latest, tt.wantLatest)
			}
		})
	}
}

func TestProviderLintAndReport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tree.WriteIn(t, dir, map[string]string{
		"v1.0.0/metadata.yaml": md("1.0 v1beta1"), "v1.0.0/" + comp: "kind: Namespace",
		"v1.0.0/cluster-template.yaml": "kind: Cluster", "v1.0.0/clusterclass-dev.yaml": "kind: ClusterClass",
		"v1.0.0/notes.txt": "not read",
	})
	var calls []string
	lintFn := func(label, version string, files map[string][]byte) lint.Findings {
		var names []string
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		calls = append(calls, label+" "+version+": "+strings.Join(names, ","))
		return lint.Findings{{Rule: "test-rule", Severity: lint.Warning, File: label + "/" + version + "/" + comp, Message: "from lint"}}
	}
	rep, err := Provider(t.Context(), listingSource{dirSource{dir}}, Options{Lint: true, lintWith: lintFn})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"infrastructure-foo v1.0.0: cluster-template.yaml,clusterclass-dev.yaml," + comp + ",metadata.yaml"}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("lint calls = %q, want %q", calls, want)
	}
	if got := ruleIDs(rep.AllFindings()); !reflect.DeepEqual(got, []string{"test-rule"}) {
		t.Errorf("rules = %v, want the injected lint's only", got)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"latest for clusterctl v1.11+ (contract v1beta2): v1.0.0", "notes.txt", "test-rule"} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("text report lacks %q:\n%s", s, text.String())
		}
	}
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js, &back); err != nil || !reflect.DeepEqual(&back, rep) {
		t.Errorf("JSON round trip changed the report: %v\n%s", err, js)
	}
}

func TestRules(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, r := range Rules() {
		if !strings.HasPrefix(r.ID, "repo-") || r.Contract == "" || seen[r.ID] {
			t.Errorf("rule %+v: want a unique repo- id and a description", r)
		}
		seen[r.ID] = true
	}
	if len(seen) != 15 || seen[RuleMetadataMissing] {
		t.Errorf("Rules() has %d rules, want 15 (one per Rule constant but RuleMetadataMissing, which pkg/check lists)", len(seen))
	}
}

// brokenSource fails every read with a permission error, as an unreadable local file.
type brokenSource struct{ dirSource }

func (brokenSource) File(context.Context, string, string) ([]byte, error) {
	return nil, fs.ErrPermission
}

func TestProviderReadErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tree.WriteIn(t, dir, map[string]string{"v1.0.0/metadata.yaml": md("1.0 v1beta1")})
	rep, err := Provider(t.Context(), brokenSource{dirSource{dir}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{RuleUnreadable, RuleLatest, RuleUpgradeSeries}
	if got := ruleIDs(rep.AllFindings()); !reflect.DeepEqual(got, want) {
		t.Errorf("rules = %v, want %v", got, want)
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Provider(ctx, dirSource{dir}, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Provider with a cancelled context = %v, want context.Canceled", err)
	}
	if _, err := Provider(t.Context(), dirSource{filepath.Join(dir, "missing")}, Options{}); err == nil || !strings.Contains(err.Error(), "infrastructure-foo") {
		t.Errorf("Provider over a missing folder = %v, want a listing error naming the provider", err)
	}
}

func TestProviderFilesWithoutLister(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tree.WriteIn(t, dir, map[string]string{"v1.0.0/metadata.yaml": md("1.0 v1beta1"), "v1.0.0/cluster-template.yaml": "not read"})
	rep, err := Provider(t.Context(), dirSource{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Versions) != 1 || !reflect.DeepEqual(rep.Versions[0].Files, []string{layout.MetadataFile}) {
		t.Errorf("versions = %+v, want v1.0.0 with only the metadata.yaml that was found", rep.Versions)
	}
}

// TestContractBreaksAreWarnings: lint errors that are contract breaks become warnings
// (errors with Strict); what makes clusterctl fail stays an error.
func TestContractBreaksAreWarnings(t *testing.T) {
	t.Parallel()
	fs := lint.Findings{{Rule: "crd-contract-label", Severity: lint.Error}, {Rule: "components-namespace-count", Severity: lint.Error},
		{Rule: "contract-infra-machine-provider-id", Severity: lint.Error}, {Rule: RuleLatest, Severity: lint.Error}}
	got := contractBreaks(fs, false)
	want := []lint.Severity{lint.Warning, lint.Error, lint.Warning, lint.Error}
	for i, f := range got {
		if f.Severity != want[i] {
			t.Errorf("%s: severity %s, want %s", f.Rule, f.Severity, want[i])
		}
	}
	if !strings.Contains(got[0].Message, "an error with --strict") {
		t.Errorf("message %q does not say how to make it an error", got[0].Message)
	}
	if strict := contractBreaks(fs, true); strict.Count(lint.Error) != 4 {
		t.Errorf("strict: %d errors, want 4", strict.Count(lint.Error))
	}
}
