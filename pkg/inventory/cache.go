package inventory

import (
	"bytes"
	"hash/maphash"
	"runtime"
	"strings"
	"sync"

	"github.com/capirepo/capirepo/pkg/manifest"
	"golang.org/x/sync/errgroup"
)

// Cache keeps the facts of every document text it has read, so that the documents
// several releases share (most CRDs of two releases of a provider) are parsed once.
// Documents are found by a hash of their text and told apart by the text itself, the
// release file's bytes (which the cache keeps: do not change them). Safe for concurrent
// use; the zero value is not usable: use NewCache.
type Cache struct {
	mu     sync.Mutex
	seed   maphash.Seed
	docs   map[uint64][]*cached // by the text's key; the text decides
	shapes map[uint64][]*cached // CRD texts by their hash without controller-gen's version (generator.go)
}

// cached is a text read and its facts.
type cached struct {
	text  []byte // the release file's own bytes, never copied nor changed
	facts *textFacts
	gen   span // where controller-gen's version is in text (generator.go), when found
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{seed: maphash.MakeSeed(), docs: map[uint64][]*cached{}, shapes: map[uint64][]*cached{}}
}

// key is what the cache finds a text by: a hash of its length and its first and last
// bytes (the text itself decides between texts of one key), so that a text is read
// whole only when compared with a candidate, not to be hashed.
func (c *Cache) key(text []byte) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	n := len(text)
	h.WriteByte(byte(n))
	h.WriteByte(byte(n >> 8))
	h.WriteByte(byte(n >> 16))
	h.WriteByte(byte(n >> 24))
	if n <= 1024 {
		h.Write(text)
	} else {
		h.Write(text[:512])
		h.Write(text[n-512:])
	}
	return h.Sum64()
}

// lookup returns the facts of text, or nil. Call with mu held.
func (c *Cache) lookup(h uint64, text []byte) *textFacts {
	for _, e := range c.docs[h] {
		if bytes.Equal(e.text, text) {
			return e.facts
		}
	}
	return nil
}

// textFacts is what one document text holds (usually one document).
type textFacts struct {
	err  error
	docs []docFacts
}

// docFacts is one document's facts, its line counted from its text's start.
type docFacts struct {
	line     int
	obj      manifest.Object
	crd      *CRD
	images   []string
	kinds    []KindUse
	grants   []Grant
	workload *Workload
}

// documents returns the facts of each text, reading the texts it has not seen on
// every CPU.
func (c *Cache) documents(texts []manifest.Text) []*textFacts {
	out := make([]*textFacts, len(texts))
	hashes := make([]uint64, len(texts))
	var todo []int
	gens := make([]span, len(texts))
	c.mu.Lock()
	for i, t := range texts {
		hashes[i] = c.key(t.Data)
		if out[i] = c.lookup(hashes[i], t.Data); out[i] != nil {
			continue
		}
		if gens[i] = generatorValue(t.Data); gens[i].ok() {
			out[i] = c.sameShape(t.Data, gens[i]) // only controller-gen's version differs
		}
		if out[i] == nil {
			todo = append(todo, i)
		}
	}
	c.mu.Unlock()
	parallel(len(todo), func(k int) { out[todo[k]] = readText(texts[todo[k]]) })
	c.mu.Lock()
	for i, t := range texts {
		if c.lookup(hashes[i], t.Data) != nil {
			continue
		}
		e := &cached{text: t.Data, facts: out[i], gen: gens[i]}
		c.docs[hashes[i]] = append(c.docs[hashes[i]], e)
		if e.gen.ok() {
			h := c.shapeHash(t.Data, e.gen)
			c.shapes[h] = append(c.shapes[h], e)
		}
	}
	c.mu.Unlock()
	return out
}

// parallel calls fn(0..n-1) on every CPU.
func parallel(n int, fn func(int)) {
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range n {
		g.Go(func() error { fn(i); return nil })
	}
	_ = g.Wait()
}

// readText reads the facts of one document text.
func readText(text manifest.Text) *textFacts {
	docs, err := manifest.OutlineText(manifest.Text{Data: text.Data}) // lines from the text's start
	if err != nil {
		return &textFacts{err: err}
	}
	tf := &textFacts{}
	for _, d := range docs {
		f := docFacts{line: d.Line, obj: d.Obj}
		if d.Obj != nil {
			f.read(d)
		}
		tf.docs = append(tf.docs, f)
	}
	return tf
}

func (f *docFacts) read(d manifest.Outline) {
	if d.Obj.Kind() == "CustomResourceDefinition" && strings.HasPrefix(d.Obj.APIVersion(), "apiextensions.k8s.io/") {
		crd := newCRD(d)
		f.crd = &crd
		return
	}
	set := map[string]bool{}
	manifest.ImagesIn(d.Node, set)
	for img := range set {
		f.images = append(f.images, img)
	}
	f.kinds = kindsOf(d.Obj)
	f.grants = grantsOf(d.Obj)
	if w, ok := workloadOf(d.Obj); ok {
		f.workload = &w
	}
}
