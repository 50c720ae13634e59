package diff

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// field is one path where two decoded YAML values differ. An absent side is nil with
// its only flag set on the other.
type field struct {
	path         string
	a, b         any
	onlyA, onlyB bool
}

// fields lists the paths where a and b differ: mappings key by key (key order never
// counts), lists of items that all have a distinct name by name (path[name]), other
// lists item by item (path[i]). A list of named items whose names only moved reports
// its order once.
func fields(path string, a, b any, out *[]field) {
	if reflect.DeepEqual(a, b) {
		return
	}
	ma, okA := asMap(a)
	mb, okB := asMap(b)
	if okA && okB {
		mapFields(path, ma, mb, out)
		return
	}
	la, okA := a.([]any)
	lb, okB := b.([]any)
	if okA && okB {
		listFields(path, la, lb, out)
		return
	}
	*out = append(*out, field{path: path, a: a, b: b})
}

func mapFields(path string, a, b map[string]any, out *[]field) {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		va, inA := a[k]
		vb, inB := b[k]
		p := join(path, k)
		switch {
		case !inB:
			*out = append(*out, field{path: p, a: va, onlyA: true})
		case !inA:
			*out = append(*out, field{path: p, b: vb, onlyB: true})
		default:
			fields(p, va, vb, out)
		}
	}
}

func listFields(path string, a, b []any, out *[]field) {
	na, okA := names(a)
	nb, okB := names(b)
	if okA && okB {
		namedFields(path, a, b, na, nb, out)
		return
	}
	for i := 0; i < max(len(a), len(b)); i++ {
		p := fmt.Sprintf("%s[%d]", path, i)
		switch {
		case i >= len(b):
			*out = append(*out, field{path: p, a: a[i], onlyA: true})
		case i >= len(a):
			*out = append(*out, field{path: p, b: b[i], onlyB: true})
		default:
			fields(p, a[i], b[i], out)
		}
	}
}

// namedFields compares lists of named items (containers, env, CRD versions) by name.
func namedFields(path string, a, b []any, na, nb []string, out *[]field) {
	ia, ib := index(na), index(nb)
	var common []string
	for i, n := range na {
		if j, ok := ib[n]; ok {
			common = append(common, n)
			fields(fmt.Sprintf("%s[%s]", path, n), a[i], b[j], out)
		} else {
			*out = append(*out, field{path: fmt.Sprintf("%s[%s]", path, n), a: a[i], onlyA: true})
		}
	}
	var orderB []string
	for j, n := range nb {
		if _, ok := ia[n]; !ok {
			*out = append(*out, field{path: fmt.Sprintf("%s[%s]", path, n), b: b[j], onlyB: true})
		} else {
			orderB = append(orderB, n)
		}
	}
	if strings.Join(common, ",") != strings.Join(orderB, ",") {
		*out = append(*out, field{path: path + " (order)", a: strings.Join(common, ", "), b: strings.Join(orderB, ", ")})
	}
}

// names returns the name of every item when each is a mapping with a distinct,
// non-empty string name.
func names(l []any) ([]string, bool) {
	out := make([]string, 0, len(l))
	seen := map[string]bool{}
	for _, v := range l {
		m, ok := asMap(v)
		if !ok {
			return nil, false
		}
		n, _ := m["name"].(string)
		if n == "" || seen[n] {
			return nil, false
		}
		seen[n] = true
		out = append(out, n)
	}
	return out, len(out) > 0
}

func index(ns []string) map[string]int {
	m := make(map[string]int, len(ns))
	for i, n := range ns {
		m[n] = i
	}
	return m
}

// asMap is a decoded mapping with string keys (yaml.v3 gives map[any]any when a key
// is not a string; its keys are then printed).
func asMap(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case map[any]any:
		out := make(map[string]any, len(m))
		for k, v := range m {
			out[fmt.Sprint(k)] = v
		}
		return out, true
	}
	return nil, false
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// shown prints both sides of a field, "" for the absent one.
func (f field) shown() (a, b string) {
	if !f.onlyB {
		a = show(f.a)
	}
	if !f.onlyA {
		b = show(f.b)
	}
	return a, b
}

// show prints a value for a report: one-line strings as they are, strings of several
// lines quoted (Go syntax, so that a report line stays one line), anything else as
// compact JSON; cut at 200 characters.
func show(v any) string {
	s, ok := v.(string)
	if ok && strings.ContainsAny(s, "\n\r") {
		s = goQuote(quotedPrefix(s))
	}
	if !ok {
		data, err := json.Marshal(jsonable(v))
		if err != nil {
			data = []byte(fmt.Sprint(v))
		}
		s = string(data)
	}
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}

// quotedPrefix is as much of s as its quoted form can show before the cut: quoting
// is rune by rune, so the quoted first 200 bytes or more (to a rune boundary) begin
// as the quoted whole does, and are as sure to be cut at 197.
func quotedPrefix(s string) string {
	end := 200
	for end < len(s) && !utf8.RuneStart(s[end]) {
		end++
	}
	return s[:min(end, len(s))]
}

// goQuote is strconv.Quote, written out for the ASCII text most values are (printable,
// with line breaks and tabs), and strconv.Quote's for anything else.
func goQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8 + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c >= 0x7f:
			return strconv.Quote(s)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// jsonable turns map[any]any (which encoding/json refuses) into string-keyed maps.
func jsonable(v any) any {
	switch t := v.(type) {
	case map[string]any, map[any]any:
		m, _ := asMap(t)
		out := make(map[string]any, len(m))
		for k, c := range m {
			out[k] = jsonable(c)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, c := range t {
			out[i] = jsonable(c)
		}
		return out
	}
	return v
}
