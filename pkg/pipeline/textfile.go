package pipeline

import (
	"bytes"
	"sort"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// textFile is one file the tracer reads lines and documents of, indexed once: the
// offset where each line starts, the documents' texts with their line spans, and
// what was parsed of them so far. Looking a line up costs the same wherever it is.
type textFile struct {
	data   []byte
	starts []int // byte offset of each line's start; starts[0] is line 1

	texts []manifest.Text
	ends  []int // last 1-based line of each text (its first is texts[i].Line+1)
	objs  map[int]manifest.Object
	bad   map[int]bool // texts that are not one mapping

	docs    []manifest.Doc // the file's documents (outline), when asked
	docsErr error
	parsed  bool
}

func newTextFile(data []byte) *textFile {
	f := &textFile{data: data, starts: []int{0}, objs: map[int]manifest.Object{}, bad: map[int]bool{}}
	for at := 0; ; {
		k := bytes.IndexByte(data[at:], '\n')
		if k < 0 {
			break
		}
		at += k + 1
		f.starts = append(f.starts, at)
	}
	return f
}

// count is the number of line ends in the file.
func (f *textFile) count() int { return len(f.starts) - 1 }

// line is the 1-based line n, without its line end ("" past the end; line 1 below 1).
func (f *textFile) line(n int) string {
	n = max(n, 1)
	if n > len(f.starts) {
		return ""
	}
	rest := f.data[f.starts[n-1]:]
	if k := bytes.IndexByte(rest, '\n'); k >= 0 {
		rest = rest[:k]
	}
	return string(rest)
}

// outline is the file's documents as Split reads them (CRD schemas not parsed: only
// the documents' kinds, names and lines are needed), parsed once.
func (f *textFile) outline() ([]manifest.Doc, error) {
	if !f.parsed {
		f.parsed = true
		os, err := manifest.SplitOutline(f.data)
		for _, o := range os {
			f.docs = append(f.docs, o.Doc)
		}
		f.docsErr = err
	}
	return f.docs, f.docsErr
}

// objectAt is the object of the document holding 1-based line n, when that document
// is one mapping.
func (f *textFile) objectAt(n int) (manifest.Object, bool) {
	f.cut()
	i := sort.Search(len(f.texts), func(i int) bool { return f.ends[i] >= n })
	if i == len(f.texts) || n <= f.texts[i].Line {
		return nil, false
	}
	if obj, ok := f.objs[i]; ok || f.bad[i] {
		return obj, ok
	}
	docs, err := manifest.OutlineText(f.texts[i])
	if err != nil || len(docs) != 1 || docs[0].Obj == nil {
		f.bad[i] = true
		return nil, false
	}
	f.objs[i] = docs[0].Obj
	return docs[0].Obj, true
}

// cut cuts the file into its documents' texts, once.
func (f *textFile) cut() {
	if f.texts != nil {
		return
	}
	f.texts = manifest.Texts(f.data)
	for _, x := range f.texts {
		n := bytes.Count(x.Data, []byte("\n"))
		if len(x.Data) > 0 && x.Data[len(x.Data)-1] != '\n' {
			n++
		}
		f.ends = append(f.ends, x.Line+n)
	}
}
