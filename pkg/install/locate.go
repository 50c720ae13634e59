package install

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/variables"
	"go.yaml.in/yaml/v3"
)

// fieldPaths finds the fields of strict decoding's errors: unknown field "a.b[0].c"
// and duplicate field "a" (a validation error's fields: invalidFields).
var fieldPaths = []*regexp.Regexp{
	regexp.MustCompile(`unknown field "([^"]+)"`),
	regexp.MustCompile(`duplicate field "([^"]+)"`),
}

// invalidField matches a field a validation error names: `… is invalid: [a.b: msg,
// c.d: msg, <nil>: …]` or `… is invalid: a.b: msg` (<nil>, a rule not checked, is no
// field).
var invalidField = regexp.MustCompile(`(?:^|\[|, )([A-Za-z0-9_][A-Za-z0-9_.\[\]-]*): `)

// invalidFields lists the fields a validation error names.
func invalidFields(msg string) []string {
	_, list, ok := strings.Cut(msg, "is invalid: ")
	if !ok {
		return nil
	}
	var out []string
	for _, m := range invalidField.FindAllStringSubmatch(list, -1) {
		out = append(out, m[1])
	}
	return out
}

// locateDoc finds the refused object's document in the template file, else in a
// ClusterClass file, with the variables' texts by placeholder (variables.Placeholders).
func locateDoc(files map[string][]byte, template string, ref Refusal) (string, *yaml.Node, map[string]string) {
	cands := []string{template}
	for _, n := range sortedNames(files) {
		if layout.FileKind(n) == layout.KindClusterClass {
			cands = append(cands, n)
		}
	}
	for _, name := range cands {
		if doc, originals := findDoc(files[name], ref.Kind, ref.Name); doc != nil {
			return name, doc, originals
		}
	}
	return template, nil, nil
}

// findDoc returns the document of kind whose name matches (${VAR}s match anything).
func findDoc(data []byte, kind, name string) (*yaml.Node, map[string]string) {
	text, originals, err := variables.Placeholders(data)
	if err != nil {
		return nil, nil
	}
	dec := yaml.NewDecoder(strings.NewReader(text))
	for {
		var doc yaml.Node
		if dec.Decode(&doc) != nil {
			return nil, nil
		}
		if len(doc.Content) == 0 {
			continue
		}
		root := doc.Content[0]
		if k := child(root, "kind"); k != nil && k.Value == kind && nameMatches(child(child(root, "metadata"), "name"), name, originals) {
			return root, originals
		}
	}
}

func nameMatches(n *yaml.Node, name string, originals map[string]string) bool {
	if n == nil {
		return false
	}
	pat := regexp.QuoteMeta(n.Value)
	for token := range originals {
		pat = strings.ReplaceAll(pat, token, ".*")
	}
	ok, _ := regexp.MatchString("^"+pat+"$", name)
	return ok
}

// fieldLine is the line of the deepest node found of the message's field path; when
// the message names several fields (the API server lists them in no fixed order), the
// first such line in the file, so the same refusal always gets the same line.
func fieldLine(root *yaml.Node, msg string) int {
	best := 0
	for _, path := range messageFields(msg) {
		if _, at, _ := walkPath(root, path); at > 0 && (best == 0 || at < best) {
			best = at
		}
	}
	if best > 0 {
		return best
	}
	if k := child(root, "kind"); k != nil {
		return k.Line
	}
	return root.Line
}

// walkPath follows a field path ("a.b[0].c") down from root: the deepest node found,
// the line naming it (0: none), and whether the whole path was found.
func walkPath(root *yaml.Node, path string) (*yaml.Node, int, bool) {
	n, line := root, 0
	for _, seg := range segments(path) {
		next, at := step(n, seg)
		if next == nil {
			return n, line, false
		}
		n, line = next, at
	}
	return n, line, true
}

// messageFields lists the fields an API server message names: strict decoding's
// unknown and duplicate fields, and every field of a validation error.
func messageFields(msg string) []string {
	var out []string
	for _, re := range fieldPaths {
		for _, m := range re.FindAllStringSubmatch(msg, -1) {
			out = append(out, m[1])
		}
	}
	return append(out, invalidFields(msg)...)
}

// segments splits "a.b[0].c" into a, b, [0], c.
func segments(path string) []string {
	var out []string
	for _, part := range strings.Split(path, ".") {
		for part != "" {
			i := strings.IndexByte(part, '[')
			if i < 0 {
				out = append(out, part)
				break
			}
			if i > 0 {
				out = append(out, part[:i])
			}
			j := strings.IndexByte(part, ']')
			if j < i {
				break
			}
			out = append(out, part[i:j+1])
			part = part[j+1:]
		}
	}
	return out
}

// step goes one segment down: the value node and the line naming it (a key's line).
func step(n *yaml.Node, seg string) (*yaml.Node, int) {
	if strings.HasPrefix(seg, "[") {
		i, err := strconv.Atoi(strings.Trim(seg, "[]"))
		if err != nil || n.Kind != yaml.SequenceNode || i >= len(n.Content) {
			return nil, 0
		}
		return n.Content[i], n.Content[i].Line
	}
	if key := keyNode(n, seg); key != nil {
		return child(n, seg), key.Line
	}
	return nil, 0
}

var crdName = regexp.MustCompile(`(?:CRD|CustomResourceDefinition(?:\.apiextensions\.k8s\.io)?) "?([a-z0-9][a-z0-9.-]*[a-z0-9])"?`)

// crdLine is the line of the metadata.name of the CRD a message names, or 0.
func crdLine(components []byte, msg string) int {
	m := crdName.FindStringSubmatch(msg)
	if m == nil {
		return 0
	}
	for i, l := range strings.Split(string(components), "\n") {
		if strings.TrimSpace(l) == "name: "+m[1] {
			return i + 1
		}
	}
	return 0
}

// keyNode returns the key node of a mapping entry (its line is the field's line);
// child returns the value.
func keyNode(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return nil
}

func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
