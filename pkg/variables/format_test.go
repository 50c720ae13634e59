package variables

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

var sampleFiles = []FileVars{
	{File: "cluster-template.yaml", Vars: []Var{
		{Name: "CAPX_KEY", Required: true, Lines: []int{4, 9}},
		{Name: "CLUSTER_NAME", SetByClusterctl: true, Lines: []int{3}},
		{Name: "DOMAIN", Default: `"cluster.local"`, Lines: []int{5}},
		{Name: "PIPE", Default: "a|b `c`", Lines: []int{7}},
		{Name: "REGION", Default: "us-east-1\nx", Lines: []int{6}},
	}},
	{File: "clusterclass-empty.yaml"},
}

func TestWriteText(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteText(&b, sampleFiles); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"cluster-template.yaml:",
		"  Required Variables:",
		"    - CAPX_KEY     (lines 4, 9)",
		"  Optional Variables:",
		"    - CLUSTER_NAME (set by clusterctl: the cluster name argument; line 3)",
		`    - DOMAIN       (defaults to "cluster.local"; line 5)`,
		`    - PIPE         (defaults to "a|b ` + "`c`" + `"; line 7)`,
		`    - REGION       (defaults to "us-east-1\nx"; line 6)`,
		"",
		"clusterclass-empty.yaml:",
		"  No variables.",
	}
	if got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("WriteText:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// cells splits a Markdown table row on unescaped pipes.
func cells(row string) []string {
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	parts := regexp.MustCompile(`(^|[^\\])\|`).ReplaceAllString(row, "$1\x00")
	out := strings.Split(parts, "\x00")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

func TestWriteMarkdown(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteMarkdown(&b, sampleFiles); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if lines[0] != "## cluster-template.yaml" || lines[1] != "" {
		t.Fatalf("heading = %q", lines[:2])
	}
	if got := cells(lines[2]); !reflect.DeepEqual(got, []string{"Variable", "Required", "Default", "Used at"}) {
		t.Errorf("header cells = %q", got)
	}
	wantRows := [][]string{
		{"`CAPX_KEY`", "yes", "", "lines 4, 9"},
		{"`CLUSTER_NAME`", "set by clusterctl", "the cluster name argument", "line 3"},
		{"`DOMAIN`", "no", "`\"cluster.local\"`", "line 5"},
		{"`PIPE`", "no", "`` \"a\\|b `c`\" ``", "line 7"},
		{"`REGION`", "no", "`\"us-east-1\\nx\"`", "line 6"},
	}
	for i, want := range wantRows {
		if got := cells(lines[4+i]); !reflect.DeepEqual(got, want) {
			t.Errorf("row %d cells = %q, want %q", i, got, want)
		}
	}
	if !strings.Contains(b.String(), "\n## clusterclass-empty.yaml\n\nNo variables.\n") {
		t.Errorf("empty file section missing:\n%s", b.String())
	}
}

func TestWriteJSONRoundTrip(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteJSON(&b, sampleFiles); err != nil {
		t.Fatal(err)
	}
	var got []FileVars
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := append([]FileVars(nil), sampleFiles...)
	want[1].Vars = []Var{}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("JSON round trip = %+v, want %+v", got, want)
	}
	if sampleFiles[1].Vars != nil {
		t.Error("WriteJSON changed its input")
	}
	if !strings.Contains(b.String(), `"variables": []`) || !strings.Contains(b.String(), `"required": true`) {
		t.Errorf("JSON field names:\n%s", b.String())
	}
	b.Reset()
	if err := WriteJSON(&b, nil); err != nil || strings.TrimSpace(b.String()) != "[]" {
		t.Errorf("WriteJSON(nil) = %q, %v", b.String(), err)
	}
}
