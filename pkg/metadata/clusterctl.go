package metadata

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
)

// refMetadata is clusterctl's clusterctlv1.Metadata (cmd/clusterctl/api/v1alpha3
// metadata_type.go) as its decoder sees it: TypeMeta, ObjectMeta and releaseSeries.
type refMetadata struct {
	APIVersion    string         `json:"apiVersion,omitempty"`
	Kind          string         `json:"kind,omitempty"`
	Metadata      map[string]any `json:"metadata,omitempty"`
	ReleaseSeries []Series       `json:"releaseSeries"`
}

func (m *refMetadata) GetObjectKind() schema.ObjectKind { return m }

func (m *refMetadata) SetGroupVersionKind(gvk schema.GroupVersionKind) {
	m.APIVersion, m.Kind = gvk.ToAPIVersionAndKind()
}

func (m *refMetadata) GroupVersionKind() schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(m.APIVersion, m.Kind)
}

func (m *refMetadata) DeepCopyObject() runtime.Object {
	c := *m
	c.ReleaseSeries = append([]Series(nil), m.ReleaseSeries...)
	return &c
}

// refDecoder is clusterctl's: serializer.NewCodecFactory(scheme).UniversalDecoder()
// over a scheme holding Metadata as clusterctl.cluster.x-k8s.io/v1alpha3
// (cmd/clusterctl/client/repository/metadata_client.go Get).
var refDecoder = func() runtime.Decoder {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(schema.GroupVersionKind{Group: "clusterctl.cluster.x-k8s.io", Version: "v1alpha3", Kind: Kind}, &refMetadata{})
	return serializer.NewCodecFactory(s).UniversalDecoder()
}()

// decodeClusterctl decodes data as clusterctl v1.14 does (runtime.DecodeInto with
// its scheme's UniversalDecoder); the error is clusterctl's.
func decodeClusterctl(data []byte) (*refMetadata, error) {
	m := &refMetadata{}
	if err := runtime.DecodeInto(refDecoder, data, m); err != nil {
		return nil, err
	}
	return m, nil
}

// integralFloat: a float scalar with an integral value in int32 range, which
// clusterctl decodes into major or minor (1.0, 1e0; not 1.5).
func integralFloat(val *yaml.Node) (int32, bool) {
	if val.Kind != yaml.ScalarNode || val.Tag != "!!float" {
		return 0, false
	}
	var f float64
	if val.Decode(&f) != nil || f != math.Trunc(f) || f < 0 || f > math.MaxInt32 {
		return 0, false
	}
	return int32(f), true
}

// asClusterctl makes the verdict clusterctl's: its decoder (decodeClusterctl) is the
// reference; the node walk only adds lines and precise messages.
func (d *decoder) asClusterctl(data []byte, m *Metadata) *Metadata {
	ref, err := decodeClusterctl(data)
	switch {
	case err != nil:
		for i, f := range d.found {
			if f.Rule == RuleYAML && f.Line == 0 {
				d.found[i].Line = d.refLine(err)
			}
		}
		if !d.hasFatal() {
			d.add(d.refLine(err), RuleYAML, "clusterctl cannot decode it: %s (cmd/clusterctl/client/repository/metadata_client.go Get reads YAML 1.1 through sigs.k8s.io/yaml: an unquoted yes, no, on, off, y, n or number is no string); fix or quote the value", err)
		}
		return m
	case m != nil && refEmpty(ref):
		d.add(1, RuleYAML, "clusterctl reads only the first YAML document, which is empty here (a --- with nothing under it comes first), and rejects the file: invalid provider metadata: unexpected apiVersion \"\"; remove the empty document")
		return nil
	case m == nil && !refEmpty(ref):
		return d.fromRef(ref)
	}
	return m
}

func refEmpty(r *refMetadata) bool {
	return r.APIVersion == "" && r.Kind == "" && len(r.ReleaseSeries) == 0 && len(r.Metadata) == 0
}

func (d *decoder) hasFatal() bool {
	for _, f := range d.found {
		switch f.Rule {
		case RuleYAML, RuleSeriesValue, RuleAPIVersion, RuleKind, RuleAPIVersionMissing, RuleSeriesEmpty:
			return true
		}
	}
	return false
}

// fromRef: the node walk refused a text clusterctl reads (a broken document after
// the first, which clusterctl ignores): its finding becomes the ignored document's
// warning and the values are clusterctl's.
func (d *decoder) fromRef(ref *refMetadata) *Metadata {
	for i, f := range d.found {
		if f.Rule == RuleYAML && strings.HasPrefix(f.Message, "not valid YAML") {
			d.found[i] = finding(d.file, f.Line, RuleMultipleDocuments, strings.Replace(f.Message, "fix the syntax; clusterctl cannot decode it", "clusterctl reads only the first document and ignores it; remove it", 1))
		}
	}
	m := &Metadata{APIVersion: ref.APIVersion, Kind: ref.Kind, ReleaseSeries: ref.ReleaseSeries}
	d.typeMeta(1, m)
	if len(m.ReleaseSeries) == 0 {
		d.releaseSeries(1, nil, m)
	}
	return m
}

var jsonField = regexp.MustCompile(`Go struct field \S*\.(\w+) of type`)
var yamlLine = regexp.MustCompile(`^yaml: line (\d+):`)

// refLine is the line clusterctl's error points at: its YAML line, or the first
// value of the field its JSON error names that YAML 1.1 does not read as a string.
func (d *decoder) refLine(err error) int {
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	m := jsonField.FindStringSubmatch(err.Error())
	if m == nil || d.rootNode == nil {
		return 0
	}
	return firstNonString(d.rootNode, m[1])
}

// firstNonString finds, depth first, a plain scalar under key that sigs.k8s.io/yaml
// (YAML 1.1) reads as something other than a string.
func firstNonString(n *yaml.Node, key string) int {
	for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Value == key && v.Kind == yaml.ScalarNode && v.Style == 0 && !isString11(v.Value) {
			return v.Line
		}
	}
	for _, c := range n.Content {
		if l := firstNonString(c, key); l != 0 {
			return l
		}
	}
	return 0
}

func isString11(text string) bool {
	var v map[string]any
	if sigsyaml.Unmarshal([]byte("v: "+text), &v) != nil {
		return true
	}
	_, ok := v["v"].(string)
	return ok
}
