package manifest

import "bytes"

// entryFrame is one block mapping being read by EntryTree: the body of a holder, or the text.
type entryFrame struct {
	ind     int // the keys' indentation (-1 before the first line)
	entries []Entry
	start   int             // offset of the current entry's first line
	seen    map[string]bool // the keys, once there are many (see repeated)
	keys    map[string]string
	ok      bool
}

// repeated reports whether key is already a key of the frame: a look at the few keys
// most mappings have, a map for the frames with many.
func (f *entryFrame) repeated(key string) bool {
	if f.seen != nil {
		return f.seen[key]
	}
	for i := range f.entries {
		if f.entries[i].Key == key {
			return true
		}
	}
	if len(f.entries) >= 16 {
		f.seen = make(map[string]bool, 2*len(f.entries))
		for i := range f.entries {
			f.seen[f.entries[i].Key] = true
		}
	}
	return false
}

// blank reports a line holding only white space, as bytes.TrimSpace sees it, looking
// at the first byte after the indentation first.
func blank(line []byte, n int) bool {
	if n == len(line) || line[n] == '\n' {
		return true
	}
	if c := line[n]; c > ' ' && c < 0x80 {
		return false
	}
	return len(bytes.TrimSpace(line)) == 0
}

// EntryTree is Entries of text with, for every holder, Entries of its body in Inner,
// read in one pass over the lines (Entries on each body again would read the lines
// of a deep mapping once per level).
func EntryTree(text []byte) ([]Entry, bool) {
	keys := map[string]string{} // one string per key spelling (schemas repeat a few keys)
	stack := []*entryFrame{{ind: -1, ok: true, keys: keys}}
	for i := 0; i < len(text); {
		next := len(text)
		if k := bytes.IndexByte(text[i:], '\n'); k >= 0 {
			next = i + k + 1
		}
		line := text[i:next]
		n := indentation(line)
		if blank(line, n) {
			i = next
			continue
		}
		if n < len(line) && line[n] == '\t' {
			return nil, false // Entries of every level holding it refuses it
		}
		for len(stack) > 1 && n <= stack[len(stack)-2].ind {
			stack = pop(stack, text, i)
		}
		stack = stack[len(stack)-1].line(stack, text, line, i, n)
		i = next
	}
	for len(stack) > 1 {
		stack = pop(stack, text, len(text))
	}
	root := stack[0]
	if !root.ok || len(root.entries) == 0 {
		return nil, false
	}
	root.entries[len(root.entries)-1].close(text[root.start:])
	return root.entries, true
}

// line reads one line at indentation n of the innermost entryFrame f, returning the stack
// (with a new entryFrame when the line opens a holder's body).
func (f *entryFrame) line(stack []*entryFrame, text, line []byte, at, n int) []*entryFrame {
	switch {
	case f.ind < 0:
		f.ind = n
	case len(f.entries) == 0: // its first line was no entry: not a plain mapping
		f.ok = false
		return stack
	case n < f.ind:
		f.ok = false
		return stack
	case n > f.ind:
		if cur := &f.entries[len(f.entries)-1]; cur.Holder && !cur.InnerOK && cur.Inner == nil {
			child := &entryFrame{ind: n, ok: true, keys: f.keys}
			cur.InnerOK = true // opened; set for good when the body ends
			return append(stack, child.entry(text, line, at, n))
		}
		return stack // a line of the current entry's value
	case bytes.HasPrefix(line[n:], []byte("- ")) || bytes.Equal(bytes.TrimSpace(line), []byte("-")):
		cur := &f.entries[len(f.entries)-1]
		cur.Holder, cur.Inner, cur.InnerOK = false, nil, false // a sequence at the key's indentation
		return stack
	}
	f.entry(text, line, at, n)
	return stack
}

// entry starts an entry at a line at the entryFrame's indentation (or marks the entryFrame not
// a plain mapping).
func (f *entryFrame) entry(text, line []byte, at, n int) *entryFrame {
	if f.ind < 0 {
		f.ind = n
	}
	key, holder, good := entryKeyIn(line[n:], f.keys)
	if !good || f.repeated(key) {
		f.ok = false
		return f
	}
	if len(f.entries) > 0 {
		f.entries[len(f.entries)-1].close(text[f.start:at])
	}
	f.start = at
	if f.seen != nil {
		f.seen[key] = true
	}
	if f.entries == nil {
		f.entries = make([]Entry, 0, 4)
	}
	f.entries = append(f.entries, Entry{Key: key, Holder: holder})
	return f
}

// pop ends the innermost entryFrame at offset end and gives its entries to the holder whose
// body it is.
func pop(stack []*entryFrame, text []byte, end int) []*entryFrame {
	f, parent := stack[len(stack)-1], stack[len(stack)-2]
	holder := &parent.entries[len(parent.entries)-1]
	if f.ok && len(f.entries) > 0 {
		f.entries[len(f.entries)-1].close(text[f.start:end])
		holder.Inner = f.entries
	} else {
		holder.Inner, holder.InnerOK = nil, false
	}
	return stack[:len(stack)-1]
}
