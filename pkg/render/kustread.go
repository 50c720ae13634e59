package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/capirepo/capirepo/pkg/manifest"
	yaml "go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/types"
)

// Remote gives the content of a pinned remote resource (checked against its sha256),
// or an error telling how to pin it.
type Remote interface {
	Pinned(url string) bool
	Fetch(url string) ([]byte, error)
}

// Warning is something kustomize would print about one kustomization file.
type Warning struct {
	File    string
	Line    int // of the field it is about (0 = unknown)
	Message string
}

// remoteDir holds the virtual files that stand for pinned remote resources.
const remoteDir = ".capirepo-remote"

// kustReader looks at every kustomization file kustomize reads: it reports deprecated
// fields (kustomize prints them to stderr without the file name) and swaps remote
// resources for their pinned content.
type kustReader struct {
	fs       *boundFS
	remote   Remote
	warn     func(Warning)
	loadNone bool // kustomize's LoadRestrictionsNone
	origins  bool // the build keeps origin annotations (buildMetadata)
	// userMetadata: the folder's own kustomization may ask for build metadata.
	userMetadata bool

	mu     sync.Mutex
	warned map[Warning]bool
}

func (k *kustReader) read(p string, data []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return data, nil // kustomize reports the syntax error itself
	}
	k.deprecations(p, data, doc.Content[0])
	changed, err := k.rewrite(p, doc.Content[0])
	inline := func(kz *types.Kustomization) []string { return k.json6902Transformers(p, kz) }
	if err == nil && fixDeprecated(doc.Content[0], inline) {
		changed = true
	}
	if err != nil || !changed {
		return data, err
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return b.Bytes(), nil
}

func (k *kustReader) deprecations(p string, data []byte, m *yaml.Node) {
	var kz types.Kustomization
	if k.warn == nil || kz.Unmarshal(data) != nil {
		return
	}
	for _, msg := range *kz.CheckDeprecatedFields() {
		w := Warning{File: p, Message: strings.TrimPrefix(msg, "# Warning: ")}
		if field, _, ok := strings.Cut(strings.TrimPrefix(w.Message, "'"), "'"); ok {
			w.Line = keyLine(m, field)
		}
		k.mu.Lock()
		seen := k.warned[w]
		k.warned[w] = true
		k.mu.Unlock()
		if !seen {
			k.warn(w)
		}
	}
}

var refLists = []string{"resources", "bases", "components", "crds", "patchesStrategicMerge", "configurations", "generators", "transformers", "validators"}
var refPaths = []string{"patches", "patchesJson6902", "replacements"}

// rewrite replaces every remote reference of a kustomization with a virtual file.
func (k *kustReader) rewrite(p string, m *yaml.Node) (bool, error) {
	changed := false
	visit := func(n *yaml.Node) error {
		if n == nil || n.Kind != yaml.ScalarNode || isInline(n.Value) || !isRemote(filepath.Dir(p), n.Value) {
			return nil
		}
		v, err := k.virtualFor(p, n.Value)
		if err == nil {
			n.Value, changed = v, true
		}
		return err
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, val := m.Content[i].Value, m.Content[i+1]
		for _, item := range items(key, val) {
			if err := visit(item); err != nil {
				return false, err
			}
		}
		if err := generatorInputs(p, key, val); err != nil {
			return false, err
		}
	}
	return changed, nil
}

// items lists the scalar nodes of a kustomization field that name files or folders.
func items(key string, val *yaml.Node) []*yaml.Node {
	var out []*yaml.Node
	switch {
	case contains(refLists, key) && val.Kind == yaml.SequenceNode:
		out = append(out, val.Content...)
	case contains(refPaths, key) && val.Kind == yaml.SequenceNode:
		for _, it := range val.Content {
			out = append(out, manifest.MapValue(it, "path"))
		}
	case key == "openapi":
		out = append(out, manifest.MapValue(val, "path"))
	}
	return out
}

func (k *kustReader) virtualFor(kfile, ref string) (string, error) {
	pinned := k.remote != nil && k.remote.Pinned(ref)
	if !pinned && isGitRemote(ref) {
		return "", fmt.Errorf("%s: remote git base %q: capirepo does not clone git repositories; vendor the folder into the repository, or pin a single file under remoteResources: in capirepo.yaml", kfile, ref)
	}
	if k.remote == nil {
		return "", fmt.Errorf("%s: remote resource %q: pin it under remoteResources: in capirepo.yaml (url and sha256)", kfile, ref)
	}
	data, err := k.remote.Fetch(ref)
	if err != nil {
		return "", fmt.Errorf("%s: %w", kfile, err)
	}
	sum := sha256.Sum256([]byte(ref))
	rel := path.Join(remoteDir, hex.EncodeToString(sum[:6]), remoteBase(ref))
	abs, err := filepath.Abs(filepath.Join(filepath.Dir(kfile), filepath.FromSlash(rel)))
	if err != nil {
		return "", err
	}
	k.fs.addVirtual(abs, data)
	return rel, nil
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// keyLine is the line of a top-level key of mapping m (0 when absent).
func keyLine(m *yaml.Node, key string) int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i].Line
		}
	}
	return 0
}
