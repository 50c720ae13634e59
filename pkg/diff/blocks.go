package diff

import (
	"bytes"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// leaf is an entry that differs, to be parsed: a nil side is absent.
type leaf struct {
	path string
	a, b *Entry
}

// blockFields compares two texts of a block mapping (CRD schemas as written) entry by
// entry (Entries): equal entries are skipped unparsed, differing holders are
// compared one level down, and only the differing leaves are parsed, all at once
// (EntryValues), then compared with fields. Text that is not surely a plain
// block mapping is parsed whole.
func blockFields(path string, a, b []byte, out *[]field) error {
	ea, okA := EntryTree(a)
	eb, okB := EntryTree(b)
	if !okA || !okB {
		return parsedFields(path, a, b, out)
	}
	var leaves []leaf
	if err := blockLeaves(path, ea, eb, &leaves, out); err != nil {
		return err
	}
	var as, bs []Entry
	for _, l := range leaves {
		if l.a != nil {
			as = append(as, *l.a)
		}
		if l.b != nil {
			bs = append(bs, *l.b)
		}
	}
	va, err := EntryValues(as)
	if err != nil {
		return err
	}
	vb, err := EntryValues(bs)
	if err != nil {
		return err
	}
	for _, l := range leaves {
		var x, y any
		if l.a != nil {
			x, va = va[0], va[1:]
		}
		if l.b != nil {
			y, vb = vb[0], vb[1:]
		}
		switch {
		case l.b == nil:
			*out = append(*out, field{path: l.path, a: x, onlyA: true})
		case l.a == nil:
			*out = append(*out, field{path: l.path, b: y, onlyB: true})
		default:
			fields(l.path, x, y, out)
		}
	}
	return nil
}

// blockLeaves walks the entries of two block mappings (EntryTree) down their
// differing holders and lists the differing entries; a holder's body that is not a
// plain block mapping is parsed and compared at once (into out).
func blockLeaves(path string, ea, eb []Entry, leaves *[]leaf, out *[]field) error {
	inB := map[string]int{}
	for i, e := range eb {
		inB[e.Key] = i
	}
	for i := range ea {
		ka := &ea[i]
		j, ok := inB[ka.Key]
		switch {
		case !ok:
			*leaves = append(*leaves, leaf{path: join(path, ka.Key), a: ka})
		case bytes.Equal(ka.Text, eb[j].Text):
		case ka.Holder && eb[j].Holder && ka.InnerOK && eb[j].InnerOK:
			if err := blockLeaves(join(path, ka.Key), ka.Inner, eb[j].Inner, leaves, out); err != nil {
				return err
			}
		case ka.Holder && eb[j].Holder:
			if err := parsedFields(join(path, ka.Key), ka.Body(), eb[j].Body(), out); err != nil {
				return err
			}
		default:
			*leaves = append(*leaves, leaf{path: join(path, ka.Key), a: ka, b: &eb[j]})
		}
		delete(inB, ka.Key)
	}
	for j := range eb {
		if _, left := inB[eb[j].Key]; left {
			*leaves = append(*leaves, leaf{path: join(path, eb[j].Key), b: &eb[j]})
		}
	}
	return nil
}

// parsedFields parses two texts whole and compares them.
func parsedFields(path string, a, b []byte, out *[]field) error {
	va, err := manifest.Schema{Text: a}.Parse()
	if err != nil {
		return err
	}
	vb, err := manifest.Schema{Text: b}.Parse()
	if err != nil {
		return err
	}
	fields(path, va, vb, out)
	return nil
}
