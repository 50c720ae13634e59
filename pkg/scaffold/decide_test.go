package scaffold

import (
	"slices"
	"strings"
	"testing"
)

// TestDecide: the one decision point. A scripted or default value is asked, naming its
// evidence; a declared one is silent unless disputed; a released one is silent and
// answers the disputes about it; every question names the strength of its evidence.
func TestDecide(t *testing.T) {
	t.Parallel()
	p := &Provider{Components: "config/default", Image: "ghcr.io/acme/foo", Tag: "true", Metadata: "metadata.yaml"}
	p.Name, p.Type = "foo", "InfrastructureProvider"
	p.cite("name", Declared, "the label")
	p.cite("type", Declared, "CRD group")
	p.cite("components", Scripted, "Makefile:7 renders it")
	p.cite("imageName", Declared, "manager.yaml:9")
	p.cite("image", Released, "the release's components")
	p.cite("metadata", Declared, "metadata.yaml:2")
	p.ask("metadata", "the tags disagree")
	p.ask("image", "two runs set it")
	p.decide()
	got := map[string]string{}
	for _, q := range p.Questions {
		got[q.Field] = q.Evidence
		if q.Evidence == "" || !strings.Contains(q.Text, q.Field) && q.unproven {
			t.Errorf("question names no evidence: %+v", q)
		}
	}
	want := map[string]string{"components": "scripted", "tag": "default", "metadata": "declared"}
	if len(got) != len(want) || got["components"] != want["components"] || got["tag"] != want["tag"] || got["metadata"] != want["metadata"] {
		t.Errorf("asked %v, want %v: %+v", got, want, p.Questions)
	}
	if i := slices.IndexFunc(p.Questions, func(q Question) bool { return q.Field == "components" }); i < 0 || !strings.Contains(p.Questions[i].Text, "Makefile:7") {
		t.Errorf("the components question does not cite Makefile:7: %+v", p.Questions)
	}
	p.decide() // again: its own questions are recomputed, not doubled
	if len(p.Questions) != 3 {
		t.Errorf("a second decide gives %d questions: %+v", len(p.Questions), p.Questions)
	}
}
