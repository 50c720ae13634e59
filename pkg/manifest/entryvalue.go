package manifest

import (
	"bytes"
	"fmt"

	yaml "go.yaml.in/yaml/v3"
)

// StringKey reports a plain key YAML reads as a string (not true, null, 1.5, ...).
func StringKey(key string) bool {
	if c := key[0]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		if !reservedWord(key) {
			return true
		}
	}
	var v any
	return yaml.Unmarshal([]byte(key), &v) == nil && v == key
}

// KeyValue parses text, one entry of a block mapping (a key's line and the lines of
// its value), and returns the value of key.
func KeyValue(text []byte, key string) (any, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(text, &n); err != nil {
		return nil, &Error{Doc: -1, Msg: fmt.Sprintf("%s: %v", key, cleanErr(err))}
	}
	if n.Kind != yaml.DocumentNode || len(n.Content) == 0 {
		return nil, &Error{Doc: -1, Msg: key + ": not a mapping entry"}
	}
	value := MapValue(n.Content[0], key)
	if value == nil {
		return nil, &Error{Doc: -1, Msg: key + ": not a mapping entry"}
	}
	if v, ok := toValue(value); ok {
		return v, nil
	}
	var v any
	err := value.Decode(&v)
	return v, err
}

// KeyValues parses texts, entries of a block mapping with the keys keys, in one parse
// (a parse per entry would cost its set-up each time); ok is false when that parse
// fails or reads another structure: parse each with KeyValue, whose error names it.
func KeyValues(texts [][]byte, keys []string) ([]any, bool) {
	var b bytes.Buffer
	for i, t := range texts {
		fmt.Fprintf(&b, "e%d:\n", i)
		for _, line := range bytes.SplitAfter(t, []byte("\n")) {
			if len(line) > 0 {
				b.WriteString("  ")
				b.Write(line)
			}
		}
		if len(t) > 0 && t[len(t)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	var n yaml.Node
	if err := yaml.Unmarshal(b.Bytes(), &n); err != nil || n.Kind != yaml.DocumentNode || len(n.Content) != 1 {
		return nil, false
	}
	return keyValuesOf(n.Content[0], keys)
}

// keyValuesOf reads e<i>.<key> of the joint parse.
func keyValuesOf(root *yaml.Node, keys []string) ([]any, bool) {
	out := make([]any, len(keys))
	for i, key := range keys {
		value := MapValue(MapValue(root, fmt.Sprintf("e%d", i)), key)
		if value == nil {
			return nil, false
		}
		v, ok := toValue(value)
		if !ok && value.Decode(&v) != nil {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}
