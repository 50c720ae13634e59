package diff

import (
	"bytes"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// Entry is one entry of a block mapping as written, read without parsing.
type Entry struct {
	Key string
	// Holder says the key line is "key:" alone and every line of the entry below it is
	// deeper: Body() is the block its value is written in (a mapping, or a scalar).
	Holder bool
	Text   []byte // the entry's lines
	// Inner is Entries(Body()) of a holder, when EntryTree read it (InnerOK: Entries' ok).
	Inner   []Entry
	InnerOK bool
}

// Body is the entry's lines below its key line.
func (e *Entry) Body() []byte {
	if nl := bytes.IndexByte(e.Text, '\n'); nl >= 0 {
		return e.Text[nl+1:]
	}
	return nil
}

// Entries cuts the text of a block mapping (every key at one indentation, as kustomize
// and controller-gen write CRD schemas) into its entries, so that two versions of a
// large mapping can be compared entry by entry and only the entries whose text differs
// parsed (EntryValue). ok is false when a line is not surely such an entry or a part of
// one (a comment or document marker at the keys' indentation, a key that is not plain,
// a tab, a repeated key, a line less indented than the keys): parse the text instead.
func Entries(text []byte) (entries []Entry, ok bool) {
	ind := -1
	start := 0
	seen := map[string]bool{}
	for i := 0; i < len(text); {
		next := len(text)
		if k := bytes.IndexByte(text[i:], '\n'); k >= 0 {
			next = i + k + 1
		}
		line := text[i:next]
		n := manifest.Indentation(line)
		switch {
		case len(bytes.TrimSpace(line)) == 0:
		case n < len(line) && line[n] == '\t', ind >= 0 && n < ind:
			return nil, false
		case ind >= 0 && n > ind:
		case ind >= 0 && (bytes.HasPrefix(line[n:], []byte("- ")) || bytes.Equal(bytes.TrimSpace(line), []byte("-"))):
			entries[len(entries)-1].Holder = false // a sequence written at the key's indentation
		default:
			key, holder, good := entryKey(line[n:])
			if !good || seen[key] || ind >= 0 && n != ind {
				return nil, false
			}
			if len(entries) > 0 {
				entries[len(entries)-1].close(text[start:i])
			}
			ind, start, seen[key] = n, i, true
			entries = append(entries, Entry{Key: key, Holder: holder})
		}
		i = next
	}
	if len(entries) == 0 {
		return nil, false
	}
	entries[len(entries)-1].close(text[start:])
	return entries, true
}

// close sets the entry's text; a holder without lines below it is a null, no holder.
func (e *Entry) close(text []byte) {
	e.Text = text
	e.Holder = e.Holder && !blankText(e.Body())
}

// blankText reports text of white space only (bytes.TrimSpace's), looking at its
// first byte that is not a space or line break first.
func blankText(text []byte) bool {
	for _, c := range text {
		switch {
		case c == ' ' || c == '\n':
		case c > ' ' && c < 0x80:
			return false
		default:
			return len(bytes.TrimSpace(text)) == 0
		}
	}
	return true
}

// entryKey reads "key:" or "key: value" with a plain key of letters, digits and
// -_./ that YAML reads as a string.
func entryKey(s []byte) (key string, holder, ok bool) { return entryKeyIn(s, nil) }

// entryKeyIn is entryKey taking the key's string from keys when it holds the spelling
// (and adding it), so that repeated keys are one string.
func entryKeyIn(s []byte, keys map[string]string) (key string, holder, ok bool) {
	colon := bytes.IndexByte(s, ':')
	if colon <= 0 {
		return "", false, false
	}
	for _, c := range s[:colon] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '/') {
			return "", false, false
		}
	}
	rest := s[colon+1:]
	for len(rest) > 0 && (rest[len(rest)-1] == ' ' || rest[len(rest)-1] == '\r' || rest[len(rest)-1] == '\n') {
		rest = rest[:len(rest)-1] // bytes.TrimRight(rest, " \r\n"), without its set
	}
	if len(rest) > 0 && rest[0] != ' ' {
		return "", false, false // "a:b" is a plain scalar, not a key
	}
	if k, found := keys[string(s[:colon])]; found {
		return k, len(rest) == 0, true
	}
	key = string(s[:colon])
	if !manifest.StringKey(key) {
		return "", false, false
	}
	if keys != nil {
		keys[key] = key
	}
	return key, len(rest) == 0, true
}

// EntryValues parses the values of many entries at once (one parse, where a parse per
// entry would cost its set-up each time); on a failure each is parsed on its own, so
// the error names the entry.
func EntryValues(entries []Entry) ([]any, error) {
	out := make([]any, len(entries))
	var rest []int // the entries entryScalar cannot read
	for i, e := range entries {
		if v, ok := entryScalar(e); ok {
			out[i] = v
		} else {
			rest = append(rest, i)
		}
	}
	if len(rest) == 0 {
		return out, nil
	}
	var parse []Entry
	for _, i := range rest {
		parse = append(parse, entries[i])
	}
	vs, err := parsedValues(parse)
	if err != nil {
		return nil, err
	}
	for k, i := range rest {
		out[i] = vs[k]
	}
	return out, nil
}

// EntryValue parses an entry's value.
func EntryValue(e Entry) (any, error) { return manifest.KeyValue(e.Text, e.Key) }

// parsedValues parses the values of entries in one parse (manifest.KeyValues), or
// each on its own when that fails, so the error names the entry.
func parsedValues(entries []Entry) ([]any, error) {
	texts, keys := make([][]byte, len(entries)), make([]string, len(entries))
	for i, e := range entries {
		texts[i], keys[i] = e.Text, e.Key
	}
	if out, ok := manifest.KeyValues(texts, keys); ok {
		return out, nil
	}
	out := make([]any, len(entries))
	for i, e := range entries {
		v, err := EntryValue(e)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
