package manifest

import "bytes"

// entryFrame is one block mapping being read by EntryTree: the body of a holder, or
// the text. Its entries are tree.buf[first:] while it is the innermost frame.
type entryFrame struct {
	ind   int             // the keys' indentation (-1 before the first line)
	first int             // index of its first entry in tree.buf
	start int             // offset of the current entry's first line
	seen  map[string]bool // the keys, once there are many (see repeated)
	ok    bool
}

// entryTree is EntryTree's state: the open frames and, on one stack, their entries
// (a frame's entries end where the next frame's begin), so that each body's entries
// are copied once, when it ends, into a slice of their size.
type entryTree struct {
	text   []byte
	frames []entryFrame
	buf    []Entry
	keys   map[string]string // one string per key spelling (schemas repeat a few keys)
}

// EntryTree is Entries of text with, for every holder, Entries of its body in Inner,
// read in one pass over the lines (Entries on each body again would read the lines
// of a deep mapping once per level).
func EntryTree(text []byte) ([]Entry, bool) {
	t := &entryTree{text: text, frames: []entryFrame{{ind: -1, ok: true}}, keys: map[string]string{}}
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
		for len(t.frames) > 1 && n <= t.frames[len(t.frames)-2].ind {
			t.pop(i)
		}
		t.line(line, i, n)
		i = next
	}
	for len(t.frames) > 1 {
		t.pop(len(text))
	}
	root := &t.frames[0]
	if !root.ok || len(t.buf) == 0 {
		return nil, false
	}
	t.buf[len(t.buf)-1].close(text[root.start:])
	return t.buf, true
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

// line reads one line at indentation n of the innermost frame (opening a frame when
// the line starts a holder's body).
func (t *entryTree) line(line []byte, at, n int) {
	f := &t.frames[len(t.frames)-1]
	switch {
	case f.ind < 0:
		f.ind = n
	case len(t.buf) == f.first: // its first line was no entry: not a plain mapping
		f.ok = false
		return
	case n < f.ind:
		f.ok = false
		return
	case n > f.ind:
		if cur := &t.buf[len(t.buf)-1]; cur.Holder && !cur.InnerOK && cur.Inner == nil {
			cur.InnerOK = true // opened; set for good when the body ends
			t.frames = append(t.frames, entryFrame{ind: n, first: len(t.buf), ok: true})
			t.entry(line, at, n)
		}
		return // else a line of the current entry's value
	case line[n] == '-' && (bytes.HasPrefix(line[n:], []byte("- ")) || bytes.Equal(bytes.TrimSpace(line), []byte("-"))):
		cur := &t.buf[len(t.buf)-1]
		cur.Holder, cur.Inner, cur.InnerOK = false, nil, false // a sequence at the key's indentation
		return
	}
	t.entry(line, at, n)
}

// entry starts an entry of the innermost frame at a line at its indentation (or marks
// the frame not a plain mapping).
func (t *entryTree) entry(line []byte, at, n int) {
	f := &t.frames[len(t.frames)-1]
	if f.ind < 0 {
		f.ind = n
	}
	key, holder, good := entryKeyIn(line[n:], t.keys)
	if !good || t.repeated(f, key) {
		f.ok = false
		return
	}
	if len(t.buf) > f.first {
		t.buf[len(t.buf)-1].close(t.text[f.start:at])
	}
	f.start = at
	if f.seen != nil {
		f.seen[key] = true
	}
	t.buf = append(t.buf, Entry{Key: key, Holder: holder})
}

// repeated reports whether key is already a key of frame f: a look at the few keys
// most mappings have, a map for the frames with many.
func (t *entryTree) repeated(f *entryFrame, key string) bool {
	if f.seen != nil {
		return f.seen[key]
	}
	mine := t.buf[f.first:]
	for i := range mine {
		if mine[i].Key == key {
			return true
		}
	}
	if len(mine) >= 16 {
		f.seen = make(map[string]bool, 2*len(mine))
		for i := range mine {
			f.seen[mine[i].Key] = true
		}
	}
	return false
}

// pop ends the innermost frame at offset end and gives its entries, copied, to the
// holder whose body it is.
func (t *entryTree) pop(end int) {
	f := t.frames[len(t.frames)-1]
	t.frames = t.frames[:len(t.frames)-1]
	mine := t.buf[f.first:]
	holder := &t.buf[f.first-1]
	if f.ok && len(mine) > 0 {
		mine[len(mine)-1].close(t.text[f.start:end])
		holder.Inner = append(make([]Entry, 0, len(mine)), mine...)
	} else {
		holder.Inner, holder.InnerOK = nil, false
	}
	clear(mine)
	t.buf = t.buf[:f.first]
}
