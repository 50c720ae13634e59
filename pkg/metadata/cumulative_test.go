package metadata

import (
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

func parseFixture(t *testing.T, name string) *Metadata {
	t.Helper()
	m, err := Parse(name, readFixture(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCumulativeRange: every published version without a series breaks upgrade plan
// (an error), wherever it sits against the listed series; exempt versions (tags whose own
// metadata.yaml never declared their series) only get a note.
func TestCumulativeRange(t *testing.T) {
	t.Parallel()
	from10 := parseFixture(t, "check/from-1.0.yaml")
	gap := parseFixture(t, "check/gap-descending.yaml")
	cases := []struct {
		name string
		m    *Metadata
		opts CheckOptions
		want []string // rule:line
		text []string // substrings of the messages
	}{
		{name: "exempt pre-metadata tags are a note", m: from10,
			opts: CheckOptions{Version: layout.NamedVersion("v1.2.1"), Published: []string{
				"v0.1.0", "v0.3.0-alpha.0", "v0.3.0", "v0.8.2", "v0.8.0", "v1.0.0", "v1.1.0-rc.0", "v1.2.0", "api/v1.17.0"},
				Exempt: []string{"v0.1.0", "v0.3.0-alpha.0", "v0.3.0", "v0.8.2", "v0.8.0"}},
			want: []string{"metadata-cumulative-old:4"},
			text: []string{"no series 0.1, 0.3, 0.8", "v0.1.0 … v0.8.2 (5 releases)", "never declared them", "nothing is lost"}},
		{name: "a published series older than every listed one is an error (CAPC v0.5.0)", m: parseFixture(t, "lint/good.yaml"),
			opts: CheckOptions{Version: layout.NamedVersion("v1.1.0"), Published: []string{"v0.0.1", "v0.0.2-alpha.0", "v0.1.0"}},
			want: []string{"metadata-cumulative:4"},
			text: []string{"no series 0.0, yet v0.0.1, v0.0.2-alpha.0 were released", "add-series --version v0.0.1"}},
		{name: "gap inside the range is an error", m: gap,
			opts: CheckOptions{Version: layout.NamedVersion("v1.3.0"), Published: []string{"v0.9.0", "v1.0.0", "v1.2.1", "v1.2.0", "v1.1.0"}, Exempt: []string{"v0.9.0"}},
			want: []string{"metadata-cumulative-old:4", "metadata-cumulative:4"},
			text: []string{"no series 1.2, yet v1.2.0, v1.2.1 were released", "add-series --version v1.2.0", "no series 0.9"}},
		{name: "a pre-release alone still needs its series", m: gap,
			opts: CheckOptions{Version: layout.NamedVersion("v1.3.1"), Published: []string{"v1.2.0-rc.0", "v1.3.0"}},
			want: []string{"metadata-cumulative:4"},
			text: []string{"no series 1.2, yet v1.2.0-rc.0 were released"}},
		{name: "pre-releases count as their series", m: from10,
			opts: CheckOptions{Version: layout.NamedVersion("v1.2.0-rc.1"), Published: []string{"v1.0.0-alpha.1", "v1.1.0-beta.0", "v1.2.0-alpha.0", "v1.2.0-rc.0"}},
			want: []string{}},
		{name: "newer published versions are ignored", m: from10,
			opts: CheckOptions{Version: layout.NamedVersion("v1.2.0"), Published: []string{"v1.2.0", "v1.2.1", "v1.3.0-rc.0", "v1.4.0", "v2.0.0"}},
			want: []string{}},
		{name: "no series at all reports nothing here", m: &Metadata{},
			opts: CheckOptions{Published: []string{"v0.1.0"}},
			want: []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			found := cumulative("metadata.yaml", c.m, c.opts)
			if got := ruleLines(found); !slices.Equal(got, c.want) {
				t.Errorf("cumulative() = %v, want %v\n%v", got, c.want, found)
			}
			all := messages(found)
			for _, w := range c.text {
				if !strings.Contains(all, w) {
					t.Errorf("messages %q lack %q", all, w)
				}
			}
		})
	}
}

func TestCumulativeOldIsANote(t *testing.T) {
	t.Parallel()
	found := Check("metadata.yaml", parseFixture(t, "check/from-1.0.yaml"),
		CheckOptions{Version: layout.NamedVersion("v1.2.0"), Published: []string{"v0.1.0-alpha.1", "v0.8.2", "v1.0.0"}, Exempt: []string{"v0.1.0-alpha.1", "v0.8.2"}})
	if len(found) != 1 || found[0].Severity != lint.Note || found.HasErrors() {
		t.Errorf("Check() = %v, want one note", found)
	}
}

func TestContractV1beta2Wording(t *testing.T) {
	t.Parallel()
	mixed := &Metadata{ReleaseSeries: []Series{{1, 0, "v1beta1"}, {1, 1, "v1beta1"}, {2, 0, "v1beta2"}}}
	cases := []struct {
		name string
		m    *Metadata
		text []string
	}{
		{"falls back to the newest v1beta1 series", mixed, []string{
			"clusterctl ≤v1.10 rejects it in init and generate provider",
			"resolves latest to the newest v1beta1 series (1.1)",
			"clusterctl v1.11+ resolves latest to the newest v1beta2 series",
			"v1beta2 core (Cluster API v1.11+)"}},
		{"no v1beta1 series to fall back on", parseFixture(t, "check/v1beta2-only.yaml"), []string{
			"has no v1beta1 series, so latest fails the same way"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			found := Check("metadata.yaml", c.m, CheckOptions{Version: layout.NamedVersion("v2.0.0")})
			if got := ruleLines(found); len(got) != 1 || !strings.HasPrefix(got[0], RuleContractV1beta2+":") {
				t.Fatalf("Check() = %v, want one %s", got, RuleContractV1beta2)
			}
			for _, w := range c.text {
				if !strings.Contains(found[0].Message, w) {
					t.Errorf("message %q lacks %q", found[0].Message, w)
				}
			}
		})
	}
}

func messages(fs lint.Findings) string {
	all := ""
	for _, f := range fs {
		all += f.Message + "\n"
	}
	return all
}
