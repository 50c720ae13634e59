package diff

import (
	"bytes"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// entryFrame is one block mapping being read by EntryTree: the body of a holder, or
// the text. Its entries are tree.arenas[depth][first:], depth its place in the stack.
type entryFrame struct {
	ind   int             // the keys' indentation (-1 before the first line)
	first int             // index of its first entry in its depth's arena
	start int             // offset of the current entry's first line
	seen  map[string]bool // the keys, once there are many (see repeated)
	ok    bool
}

// entryTree is EntryTree's state: the open frames and, per depth, one arena their
// entries are appended to. One frame of a depth is open at a time, so its entries are
// contiguous there, and a body's entries are handed to its holder where they are. A
// full arena is followed by a new chunk, where only the open frame's entries move: the
// closed bodies stay, complete, in the old one.
type entryTree struct {
	text   []byte
	frames []entryFrame
	arenas [][]Entry
	keys   map[string]string // one string per key spelling (schemas repeat a few keys)
}

// mine returns the innermost frame and its entries.
func (t *entryTree) mine() (*entryFrame, []Entry) {
	d := len(t.frames) - 1
	f := &t.frames[d]
	return f, t.arenas[d][f.first:]
}

// last is the innermost frame's last entry.
func (t *entryTree) last() *Entry {
	a := t.arenas[len(t.frames)-1]
	return &a[len(a)-1]
}

// EntryTree is Entries of text with, for every holder, Entries of its body in Inner,
// read in one pass over the lines (Entries on each body again would read the lines
// of a deep mapping once per level).
func EntryTree(text []byte) ([]Entry, bool) {
	t := &entryTree{text: text, frames: []entryFrame{{ind: -1, ok: true}}, arenas: [][]Entry{nil}, keys: map[string]string{}}
	for i := 0; i < len(text); {
		next := len(text)
		if k := bytes.IndexByte(text[i:], '\n'); k >= 0 {
			next = i + k + 1
		}
		line := text[i:next]
		n := manifest.Indentation(line)
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
	root, entries := t.mine()
	if !root.ok || len(entries) == 0 {
		return nil, false
	}
	entries[len(entries)-1].close(text[root.start:])
	return entries, true
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
	f, mine := t.mine()
	switch {
	case f.ind < 0:
		f.ind = n
	case len(mine) == 0: // its first line was no entry: not a plain mapping
		f.ok = false
		return
	case n < f.ind:
		f.ok = false
		return
	case n > f.ind:
		if cur := t.last(); cur.Holder && !cur.InnerOK && cur.Inner == nil {
			cur.InnerOK = true // opened; set for good when the body ends
			t.open(n)
			t.entry(line, at, n)
		}
		return // else a line of the current entry's value
	case line[n] == '-' && (bytes.HasPrefix(line[n:], []byte("- ")) || bytes.Equal(bytes.TrimSpace(line), []byte("-"))):
		cur := t.last()
		cur.Holder, cur.Inner, cur.InnerOK = false, nil, false // a sequence at the key's indentation
		return
	}
	t.entry(line, at, n)
}

// open starts the body of the innermost frame's last entry, at indentation n.
func (t *entryTree) open(n int) {
	d := len(t.frames)
	if d == len(t.arenas) {
		t.arenas = append(t.arenas, make([]Entry, 0, 64))
	}
	t.frames = append(t.frames, entryFrame{ind: n, first: len(t.arenas[d]), ok: true})
}

// entry starts an entry of the innermost frame at a line at its indentation (or marks
// the frame not a plain mapping).
func (t *entryTree) entry(line []byte, at, n int) {
	f, mine := t.mine()
	if f.ind < 0 {
		f.ind = n
	}
	key, holder, good := entryKeyIn(line[n:], t.keys)
	if !good || repeated(f, mine, key) {
		f.ok = false
		return
	}
	if len(mine) > 0 {
		mine[len(mine)-1].close(t.text[f.start:at])
	}
	f.start = at
	if f.seen != nil {
		f.seen[key] = true
	}
	d := len(t.frames) - 1
	if a := t.arenas[d]; len(a) == cap(a) { // a new chunk, where the open frame's entries move
		moved := make([]Entry, len(mine), max(64, 2*len(mine)))
		copy(moved, mine)
		t.arenas[d], f.first = moved, 0
	}
	t.arenas[d] = append(t.arenas[d], Entry{Key: key, Holder: holder})
}

// repeated reports whether key is already a key of frame f (its entries mine): a
// look at the few keys most mappings have, a map for the frames with many.
func repeated(f *entryFrame, mine []Entry, key string) bool {
	if f.seen != nil {
		return f.seen[key]
	}
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

// pop ends the innermost frame at offset end and gives its entries to the holder
// whose body it is (the arena's next frame of that depth appends after them).
func (t *entryTree) pop(end int) {
	f, mine := t.mine()
	ok, start := f.ok, f.start
	t.frames = t.frames[:len(t.frames)-1]
	holder := t.last()
	if ok && len(mine) > 0 {
		mine[len(mine)-1].close(t.text[start:end])
		holder.Inner = mine[:len(mine):len(mine)]
	} else {
		holder.Inner, holder.InnerOK = nil, false
	}
}
