package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func TestIsGitRemote(t *testing.T) {
	t.Parallel()
	for ref, want := range map[string]bool{
		"github.com/org/repo//config?ref=v1":                             true,
		"https://github.com/org/repo//config?ref=v1":                     true,
		"https://github.com/org/repo/config":                             true,
		"git@github.com:org/repo.git":                                    true,
		"ssh://git@example.com/org/repo.git//x":                          true,
		"https://example.com/repo.git":                                   true,
		"https://github.com/org/repo/releases/download/v1/crds.yaml":     false,
		"https://raw.githubusercontent.com/org/repo/v1/config/crds.yaml": false,
		"https://example.com/files/crds.yaml":                            false,
		"../base":                                                        false,
	} {
		if got := isGitRemote(ref); got != want {
			t.Errorf("IsGitRemote(%q) = %v, want %v", ref, got, want)
		}
	}
}

func TestGeneratorReadingFromTheNetworkIsRefused(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{"kustomization.yaml": "configMapGenerator:\n- name: x\n  files: [k=https://example.com/a.txt]\n"})
	_, err := Kustomize(Options{Dir: dir, Root: dir})
	if err == nil || !strings.Contains(err.Error(), "configMapGenerator") || !strings.Contains(err.Error(), "https://example.com/a.txt") {
		t.Fatalf("err = %v, want a refusal naming the generator input", err)
	}
}

type pinnedRemote map[string][]byte

func (p pinnedRemote) Pinned(url string) bool           { _, ok := p[url]; return ok }
func (p pinnedRemote) Fetch(url string) ([]byte, error) { return p[url], nil }

// A pinned remote resource is held to the screen's document limit, as a local file is.
func TestPinnedRemoteResourceDocumentLimit(t *testing.T) {
	t.Parallel()
	url := "https://example.com/many.yaml"
	var b strings.Builder
	for i := 0; i <= maxDocs; i++ {
		if i > 0 {
			b.WriteString("---\n")
		}
		fmt.Fprintf(&b, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\n", i)
	}
	dir := tree.Write(t, map[string]string{"kustomization.yaml": "resources: [" + url + "]\n"})
	_, err := Kustomize(Options{Dir: dir, Root: dir, Remote: pinnedRemote{url: []byte(b.String())}})
	if err == nil || !strings.Contains(err.Error(), "remote resource "+url+" has 2001 YAML documents") {
		t.Fatalf("err = %v, want the remote resource refused for its document count", err)
	}
}
