// Package manifest splits multi-document Kubernetes YAML (release files) into objects
// that keep their line numbers, finds the images they name (Images), and screens input
// that would crash or hang a YAML library (alias bombs, binary data): Screen, which
// the owners of the other YAML formats call too. Its fast path for CRDs as kustomize
// writes them is internal/crdfast; diff's block-mapping entry reader parses the
// entries it must through KeyValue and KeyValues.
package manifest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// Doc is one non-empty YAML document of a file.
type Doc struct {
	Index int        // 0-based position among the file's documents (empty ones included)
	Line  int        // 1-based line where the document's content starts
	Node  *yaml.Node // the document's root node (a mapping for Kubernetes objects)
	Obj   Object     // the decoded content; nil when the document is not a mapping
	Dups  []Dup      // keys written twice in one mapping (only the later is kept, as clusterctl does)
}

// Error is a parse failure with its position.
type Error struct {
	Doc  int // 0-based document index, -1 when unknown
	Line int // 1-based, 0 when unknown
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Screen rejects content that is not YAML text: NUL bytes or invalid UTF-8.
func Screen(data []byte) error {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return &Error{Doc: -1, Line: 1 + bytes.Count(data[:i], []byte("\n")), Msg: "binary content (NUL byte): not a YAML file"}
	}
	if !utf8.Valid(data) {
		return &Error{Doc: -1, Msg: "content is not valid UTF-8: not a YAML file"}
	}
	return nil
}

// Options for SplitWith.
type Options struct {
	// Slim, when set, drops as soon as each document is parsed what no check reads and
	// what most of a components file's bytes are: the schemas of
	// CustomResourceDefinitions (spec.versions[].schema, spec.validation), but the
	// paths it keeps. Everything else keeps its lines.
	Slim *Kept
	// Rendered says the text was written by kustomize (capirepo's own render), so it
	// is valid YAML: with Slim, the schema lines are skipped before parsing.
	Rendered bool
}

// Kept is the set of CRD schema paths Options.Slim keeps (their owner, pkg/contract,
// builds it once with KeepPaths).
type Kept struct{ tree *crdfast.Tree }

// KeepPaths is the set of paths (dot-separated, from the root of openAPIV3Schema; a
// path ending in ".*" keeps the names of every child).
func KeepPaths(paths ...string) *Kept { return &Kept{tree: crdfast.NewTree(paths)} }

// Split parses every document of data. Empty and comment-only documents are skipped,
// like clusterctl does. Alias expansion is bounded by yaml.v3's own aliasing limit, so an
// alias bomb is an error here instead of an out-of-memory crash later.
func Split(data []byte) ([]Doc, error) { return SplitWith(data, Options{}) }

// SplitWith is Split with options.
func SplitWith(data []byte, o Options) ([]Doc, error) {
	if err := Screen(data); err != nil {
		return nil, err
	}
	if o.Slim != nil || len(data) >= parallelMin && runtime.GOMAXPROCS(0) > 1 {
		return splitParallelWith(data, o)
	}
	return splitSeqWith(data, o)
}

// splitSeqWith parses the documents one after the other.
func splitSeqWith(data []byte, o Options) ([]Doc, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []Doc
	for i := 0; ; i++ {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, &Error{Doc: i, Line: errLine(err), Msg: fmt.Sprintf("document %d: %v", i+1, cleanErr(err))}
		}
		d, err := newDoc(i, &n, o)
		if err != nil {
			return nil, err
		}
		if d != nil {
			docs = append(docs, *d)
		}
	}
}

func newDoc(i int, n *yaml.Node, o Options) (*Doc, error) {
	root := n
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return nil, nil
		}
		root = n.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil, nil
	}
	d := &Doc{Index: i, Line: root.Line, Node: root}
	if root.Kind != yaml.MappingNode {
		return d, nil
	}
	if o.Slim != nil {
		slim(root, o.Slim.tree)
	}
	if obj, ok := toObject(root); ok {
		d.Obj = obj
		return d, nil
	}
	d.Dups = dedupe(root)
	var obj map[string]any
	if err := root.Decode(&obj); err != nil {
		return nil, &Error{Doc: i, Line: root.Line, Msg: fmt.Sprintf("document %d: %v", i+1, cleanErr(err))}
	}
	d.Obj = obj
	return d, nil
}
