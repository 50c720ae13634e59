package metadata

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
	yaml "go.yaml.in/yaml/v3"
)

// decoder walks the YAML node tree the way clusterctl's decoder reads the file, and
// collects a finding for everything clusterctl would reject or silently ignore.
type decoder struct {
	file     string
	found    lint.Findings
	rootNode *yaml.Node // the first document's mapping, once walked
}

func (d *decoder) add(line int, rule, format string, args ...any) {
	d.found = append(d.found, finding(d.file, line, rule, fmt.Sprintf(format, args...)))
}

// decode returns the metadata (nil when the file is not a YAML mapping) and findings.
func decode(file string, data []byte) (*Metadata, lint.Findings) {
	d := &decoder{file: file}
	m := d.asClusterctl(data, d.walk(data))
	return m, d.found
}

// walk reads the first document's nodes (for lines and precise findings).
func (d *decoder) walk(data []byte) *Metadata {
	root := d.root(data)
	if root == nil {
		return nil
	}
	m := &Metadata{}
	var series *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, val := root.Content[i], root.Content[i+1]
		switch key.Value {
		case "apiVersion":
			m.APIVersion, m.lines.apiVersion = d.str(key, val), key.Line
		case "kind":
			m.Kind, m.lines.kind = d.str(key, val), key.Line
		case "releaseSeries":
			series = val
			m.lines.series = key.Line
		case "metadata": // ObjectMeta: part of the type, unused
		default:
			d.add(key.Line, RuleUnknownField, "unknown field %q: clusterctl ignores it (fields are apiVersion, kind, releaseSeries)", key.Value)
		}
	}
	d.typeMeta(root.Line, m)
	d.releaseSeries(root.Line, series, m)
	d.rootNode = root
	return m
}

// root splits the file and returns its first document's mapping node.
func (d *decoder) root(data []byte) *yaml.Node {
	docs, err := manifest.Split(data)
	if err != nil {
		var me *manifest.Error
		line := 0
		if errors.As(err, &me) {
			line = me.Line
		}
		d.add(line, RuleYAML, "not valid YAML (%s): fix the syntax; clusterctl cannot decode it", yamlMessage(err, me))
		return nil
	}
	if len(docs) == 0 {
		d.add(0, RuleYAML, "file is empty: write apiVersion %s, kind %s and releaseSeries (capirepo metadata add-series creates it)", APIVersion, Kind)
		return nil
	}
	for _, k := range docs[0].Dups {
		d.add(k.Line, RuleDuplicateKey, "key %q is already defined at line %d: clusterctl keeps this later value; keep one", k.Key, k.First)
	}
	if len(docs) > 1 {
		d.add(docs[1].Line, RuleMultipleDocuments, "document %d is ignored: clusterctl reads only the first document; remove the others", docs[1].Index+1)
	}
	if docs[0].Node.Kind != yaml.MappingNode {
		d.add(docs[0].Line, RuleYAML, "the top level is not a mapping: write apiVersion, kind and releaseSeries keys")
		return nil
	}
	return docs[0].Node
}

// str returns a scalar's text, so a number is reported by the check of its value;
// lists and mappings are reported here, as clusterctl cannot decode them.
func (d *decoder) str(key, val *yaml.Node) string {
	if val.Kind == yaml.ScalarNode && val.Tag == "!!null" {
		return ""
	}
	if val.Kind != yaml.ScalarNode {
		d.add(val.Line, RuleYAML, "%s must be a string, got %s: clusterctl cannot decode it", key.Value, describe(val))
		return ""
	}
	return val.Value
}

func (d *decoder) typeMeta(line int, m *Metadata) {
	switch m.APIVersion {
	case APIVersion:
	case "":
		d.add(or(m.lines.apiVersion, line), RuleAPIVersionMissing, "apiVersion is missing: clusterctl v1.11+ rejects the file; add apiVersion: %s", APIVersion)
	default:
		d.add(m.lines.apiVersion, RuleAPIVersion, "apiVersion is %q: every clusterctl rejects it (no kind \"Metadata\" is registered for that version); write apiVersion: %s", m.APIVersion, APIVersion)
	}
	switch m.Kind {
	case Kind:
	case "":
		d.add(or(m.lines.kind, line), RuleKindMissing, "kind is missing: clusterctl v1.11.0 rejects the file; add kind: %s", Kind)
	default:
		d.add(m.lines.kind, RuleKind, "kind is %q: every clusterctl rejects it; write kind: %s", m.Kind, Kind)
	}
}

func (d *decoder) releaseSeries(line int, seq *yaml.Node, m *Metadata) {
	if seq != nil && seq.Kind == yaml.SequenceNode && len(seq.Content) > 0 {
		for _, item := range seq.Content {
			d.seriesItem(item, m)
		}
		return
	}
	if seq != nil && !(seq.Kind == yaml.ScalarNode && seq.Tag == "!!null") && seq.Kind != yaml.SequenceNode {
		d.add(seq.Line, RuleSeriesValue, "releaseSeries must be a list of {major, minor, contract}, got %s", describe(seq))
		return
	}
	if seq != nil {
		line = seq.Line
	}
	d.add(line, RuleSeriesEmpty, "releaseSeries is empty or missing: clusterctl v1.11+ rejects the file and older releases match no version; add a series with capirepo metadata add-series --version vX.Y.Z --contract v1beta1")
}

func (d *decoder) seriesItem(item *yaml.Node, m *Metadata) {
	if item.Kind != yaml.MappingNode {
		d.add(item.Line, RuleSeriesValue, "releaseSeries entry must be a mapping with major, minor and contract, got %s", describe(item))
		return
	}
	s, seen, ok := Series{}, map[string]bool{}, true
	for i := 0; i+1 < len(item.Content); i += 2 {
		key, val := item.Content[i], item.Content[i+1]
		seen[key.Value] = true
		switch key.Value {
		case "major":
			s.Major, ok = d.number(key, val, ok)
		case "minor":
			s.Minor, ok = d.number(key, val, ok)
		case "contract":
			s.Contract = d.str(key, val)
		default:
			d.add(key.Line, RuleUnknownField, "unknown field %q in a releaseSeries entry: clusterctl ignores it (fields are major, minor, contract)", key.Value)
		}
	}
	for _, f := range []string{"major", "minor"} {
		if !seen[f] {
			d.add(item.Line, RuleSeriesFieldMissing, "releaseSeries entry has no %s: clusterctl reads it as 0; write %s explicitly", f, f)
		}
	}
	if ok {
		m.ReleaseSeries = append(m.ReleaseSeries, s)
		m.lines.items = append(m.lines.items, item.Line)
	}
}

// number decodes major or minor; ok turns false on the first bad value.
func (d *decoder) number(key, val *yaml.Node, ok bool) (int32, bool) {
	if val.Kind == yaml.ScalarNode && val.Tag == "!!null" {
		return 0, ok
	}
	if n, ok := integralFloat(val); ok {
		return n, ok // sigs.k8s.io/yaml hands clusterctl's decoder 1.0 and 1e0 as integers
	}
	if val.Kind != yaml.ScalarNode || val.Tag != "!!int" {
		d.add(val.Line, RuleSeriesValue, "%s is %s, not an integer: clusterctl fails with \"cannot unmarshal … into Go struct field ReleaseSeries.releaseSeries.%s\"; write %s: <number> without quotes", key.Value, describe(val), key.Value, key.Value)
		return 0, false
	}
	var n int64
	if err := val.Decode(&n); err != nil || n > math.MaxInt32 {
		d.add(val.Line, RuleSeriesValue, "%s %s is not a 32-bit integer: clusterctl cannot decode it", key.Value, val.Value)
		return 0, false
	}
	if n < 0 {
		d.add(val.Line, RuleSeriesValue, "%s is negative (%d): clusterctl ≤v1.9 cannot decode it and no version matches it; use the release's %s number", key.Value, n, key.Value)
		return 0, false
	}
	return int32(n), ok
}

// describe names a node's type for messages: `a string ("0")`, `a list`.
func describe(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.AliasNode:
		return "an alias"
	case n.Tag == "!!str":
		return fmt.Sprintf("a string (%q)", n.Value)
	}
	return fmt.Sprintf("%s (%s)", n.Value, n.ShortTag()[2:])
}

// yamlMessage is the parse error without the position the finding already carries.
func yamlMessage(err error, me *manifest.Error) string {
	if me == nil {
		return err.Error()
	}
	return strings.ReplaceAll(me.Msg, ": :", ":")
}

func or(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}
