package verify

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func TestLatest(t *testing.T) {
	t.Parallel()
	notes := map[string]string{ // clusterctl-consumer.md §1, tested with v1.9.6 and v1.14.0
		"v0.1.0/metadata.yaml":      md("0.1 v1beta1", "0.2 v1beta1", "0.3 v1beta1"),
		"v0.2.0/metadata.yaml":      md("0.1 v1beta1", "0.2 v1beta1", "0.3 v1beta1"),
		"v0.3.0-rc.0/metadata.yaml": md("0.1 v1beta1", "0.2 v1beta1", "0.3 v1beta1"),
	}
	sixMissing := map[string]string{"v1.0.0/metadata.yaml": md("1.0 v1beta1")}
	for _, v := range []string{"v1.0.1/", "v1.0.2/", "v1.0.3/", "v1.0.4/", "v1.0.5/"} {
		sixMissing[v] = ""
	}
	tests := []struct {
		name     string
		tree     map[string]string
		skip     bool   // GitHub behaviour: a missing metadata.yaml skips the candidate
		contract string // clusterctl's own contract
		want     string
		wantErr  string
	}{
		{name: "notes example, v1.9 client", tree: notes, contract: layout.ContractV1beta1, want: "v0.3.0-rc.0"},
		{name: "notes example, v1.14 client", tree: notes, contract: layout.ContractV1beta2, want: "v0.2.0"},
		{name: "older series for the contract", contract: layout.ContractV1beta1, want: "v1.4.1", tree: map[string]string{
			"v1.4.0/metadata.yaml": md("1.4 v1beta1"),
			"v1.4.1/metadata.yaml": md("1.4 v1beta1"),
			"v2.0.0/metadata.yaml": md("1.4 v1beta1", "2.0 v1beta2"),
		}},
		{name: "newest series for the contract", contract: layout.ContractV1beta2, want: "v2.0.0", tree: map[string]string{
			"v1.4.1/metadata.yaml": md("1.4 v1beta1"),
			"v2.0.0/metadata.yaml": md("1.4 v1beta1", "2.0 v1beta2"),
		}},
		{name: "GA before pre-release", contract: layout.ContractV1beta2, want: "v1.0.0", tree: map[string]string{
			"v1.0.0/metadata.yaml":        md("1.0 v1beta2"),
			"v2.0.0-beta.0/metadata.yaml": md("1.0 v1beta2", "2.0 v1beta2"),
		}},
		{name: "junk and non-semver folders skipped", contract: layout.ContractV1beta1, want: "v0.1.0", tree: map[string]string{
			"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "junk/": "", "v0.2/": "",
		}},
		{name: "undecodable metadata keeps latest", contract: layout.ContractV1beta1, want: "v0.2.0", tree: map[string]string{
			"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v0.2.0/metadata.yaml": "releaseSeries: {major: [",
		}},
		{name: "local: highest folder without metadata is fatal", contract: layout.ContractV1beta1, wantErr: "v1.0.0", tree: map[string]string{
			"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v1.0.0/": "",
		}},
		{name: "github: highest release without metadata is skipped", skip: true, contract: layout.ContractV1beta1, want: "v0.1.0", tree: map[string]string{
			"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v1.0.0/": "",
		}},
		{name: "github: only the top five are probed", skip: true, contract: layout.ContractV1beta1, wantErr: "no release", tree: sixMissing},
		{name: "folder without v prefix", contract: layout.ContractV1beta1, wantErr: "v0.1.0", tree: map[string]string{
			"0.1.0/metadata.yaml": md("0.1 v1beta1"),
		}},
		{name: "no versions", contract: layout.ContractV1beta1, wantErr: "no release", tree: map[string]string{"junk/": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			tree.WriteIn(t, dir, tt.tree)
			var src repository.Repository = dirSource{dir}
			if tt.skip {
				src = skippingSource{dirSource{dir}}
			}
			got, err := Latest(t.Context(), src, tt.contract)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Latest() = %q, %v; want an error containing %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Latest() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
