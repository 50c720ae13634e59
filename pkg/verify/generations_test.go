package verify

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestGenerations: `latest` failing is an error only when no clusterctl generation the
// releases target resolves it; the generations that can use the provider are reported.
func TestGenerations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		tree      map[string]string
		wantUsers []string
		want      map[string]lint.Severity // rule → severity of the latest findings
		wantText  []string
		notText   []string
	}{
		{name: "one v1beta2 release with a v1beta1 history", wantUsers: []string{"clusterctl v1.11+"},
			want:     map[string]lint.Severity{RuleLatestOtherContract: lint.Note},
			tree:     map[string]string{"v2.0.0/metadata.yaml": md("1.0 v1beta1", "2.0 v1beta2"), "v2.0.0/" + comp: "kind: Namespace"},
			wantText: []string{"usable by: clusterctl v1.11+", "cannot use this provider", "no version of that series is published"},
			notText:  []string{"publish a version named"}},
		{name: "v1beta1 only: every generation", wantUsers: []string{"clusterctl v1.7-v1.10", "clusterctl v1.11+"},
			want:     map[string]lint.Severity{},
			tree:     map[string]string{"v1.0.0/metadata.yaml": md("1.0 v1beta1"), "v1.0.0/" + comp: "kind: Namespace"},
			wantText: []string{"usable by: clusterctl v1.7-v1.10, clusterctl v1.11+"}},
		{name: "a targeted generation fails beside one that works", wantUsers: []string{"clusterctl v1.11+"},
			want: map[string]lint.Severity{RuleLatest: lint.Warning},
			tree: map[string]string{
				"v1.0.0/metadata.yaml": md("1.0 v1beta1"), "v1.0.0/" + comp: "kind: Namespace",
				"v2.0.0/metadata.yaml": md("1.0 v1beta1", "1.1 v1beta1", "2.0 v1beta2"), "v2.0.0/" + comp: "kind: Namespace",
			},
			wantText: []string{"names 1.1 as the newest series for contract v1beta1"}},
		{name: "no targeted generation resolves", wantUsers: nil,
			want: map[string]lint.Severity{RuleLatest: lint.Error},
			tree: map[string]string{"v1.0.0/metadata.yaml": md("1.0 v1beta1"), "v1.0.0/" + comp: "kind: Namespace", "v1.1.0/" + comp: "kind: Namespace"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			tree.WriteIn(t, dir, tt.tree)
			rep, err := Provider(t.Context(), listingSource{dirSource{dir}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(rep.UsableBy, tt.wantUsers) {
				t.Errorf("usable by %q, want %q", rep.UsableBy, tt.wantUsers)
			}
			got := map[string]lint.Severity{}
			for _, f := range rep.Findings {
				if f.Rule == RuleLatest || f.Rule == RuleLatestOtherContract {
					got[f.Rule] = f.Severity
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("latest findings = %v, want %v\n%s", got, tt.want, rep.Findings)
			}
			var text bytes.Buffer
			if err := rep.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			for _, s := range tt.wantText {
				if !strings.Contains(text.String(), s) {
					t.Errorf("report lacks %q:\n%s", s, text.String())
				}
			}
			for _, s := range tt.notText {
				if strings.Contains(text.String(), s) {
					t.Errorf("report says %q, which is not true here:\n%s", s, text.String())
				}
			}
		})
	}
}
