package bigtree

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// words are what kubebuilder descriptions of cloud providers are made of.
var words = strings.Fields(`the a an of to and is for in be used when it this if that with by on not
	set specifies defines field value resource cluster machine instance network subnet load balancer
	security group identity role reference name namespace provider controller reconcile defaults must
	should optional required Kubernetes API version image region zone availability tags labels
	annotations secret key certificate endpoint address port protocol IPv4 IPv6 CIDR block route
	table gateway volume size type ID ARN policy template spec status condition replicas bootstrap
	data user timeout seconds minutes enabled disabled override configuration options list map`)

// gen makes deterministic, kubebuilder-shaped schemas and descriptions.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, 2027))} }

// sentence is a capitalised sentence of n words; some carry the punctuation real
// descriptions have (colons, quotes, a curly apostrophe now and then).
func (g *gen) sentence(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = words[g.r.IntN(len(words))]
	}
	ws[0] = upperFirst(ws[0])
	switch g.r.IntN(12) {
	case 0:
		ws[n/2] += ":"
	case 1:
		ws[n/2] = `"` + ws[n/2] + `"`
	case 2:
		ws[n/3] += "’s"
	case 3:
		ws[n/2] += " (e.g. " + ws[0] + ")"
	}
	return strings.Join(ws, " ") + "."
}

// description is a field's doc: one short line, one long line, or kubebuilder's
// multi-line text with a paragraph break (a literal block in kustomize's output).
func (g *gen) description(field string) string {
	first := field + " " + g.sentence(4+g.r.IntN(7))
	switch g.r.IntN(8) {
	case 0, 1, 2:
		return first
	case 3, 4:
		return first + " " + g.sentence(6+g.r.IntN(6))
	}
	var lines []string
	lines = append(lines, first)
	for range 1 + g.r.IntN(3) {
		lines = append(lines, g.sentence(6+g.r.IntN(8)))
	}
	if g.r.IntN(3) == 0 {
		lines = append(lines, "", g.sentence(5+g.r.IntN(8)))
	}
	return strings.Join(lines, "\n")
}

// object is a schema object of n generated properties, depth levels deep at most.
func (g *gen) object(depth, n int) map[string]any {
	props := map[string]any{}
	for i := range n {
		name := fmt.Sprintf("%s%s%d", words[g.r.IntN(len(words))], upperFirst(words[g.r.IntN(len(words))]), i)
		props[name] = g.property(name, depth)
	}
	return map[string]any{"type": "object", "properties": props}
}

// property is one field: a nested object, a list, a map or a scalar with the markers
// controller-gen writes.
func (g *gen) property(name string, depth int) map[string]any {
	var p map[string]any
	switch k := g.r.IntN(10); {
	case depth > 0 && k < 2:
		p = g.object(depth-1, 2+g.r.IntN(5))
		if g.r.IntN(3) == 0 {
			p["required"] = []any{firstKey(p)}
		}
	case depth > 0 && k == 2:
		item := g.object(depth-1, 2+g.r.IntN(4))
		p = map[string]any{"type": "array", "items": item, "x-kubernetes-list-type": "atomic"}
	case k == 3 || k == 4:
		p = map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	case k == 5:
		p = map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}}
	case k == 6:
		p = map[string]any{"type": "integer", "format": "int32", "minimum": 0}
	case k == 7:
		p = map[string]any{"type": "boolean"}
	case k == 8:
		p = map[string]any{"type": "string", "enum": []any{"Enabled", "Disabled", "Auto"}}
	default:
		p = map[string]any{"type": "string", "maxLength": 256, "minLength": 1}
	}
	p["description"] = g.description(name)
	return p
}

func firstKey(obj map[string]any) string {
	best := ""
	for k := range obj["properties"].(map[string]any) {
		if best == "" || k < best {
			best = k
		}
	}
	return best
}

func upperFirst(w string) string { return strings.ToUpper(w[:1]) + w[1:] }
