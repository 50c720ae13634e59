package manifest

import (
	"bytes"
	"runtime"
	"sync"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// parallelMin is the input size above which documents are parsed concurrently.
const parallelMin = 256 << 10

func isDocStart(l []byte) bool {
	if !bytes.HasPrefix(l, []byte("---")) {
		return false
	}
	rest := bytes.TrimRight(l[3:], " \t\r\n")
	return len(rest) == 0 || rest[0] == '#' || l[3] == ' ' && bytes.HasPrefix(bytes.TrimLeft(rest, " \t"), []byte("#"))
}

// splitParallelWith parses each chunk on its own, on all CPUs, and keeps file order.
func splitParallelWith(data []byte, o Options) ([]Doc, error) {
	cs := Texts(data)
	docs := make([][]Doc, len(cs))
	errs := make([]error, len(cs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				docs[i], errs[i] = splitOne(cs[i], i, o)
			}
		}()
	}
	for i := range cs {
		next <- i
	}
	close(next)
	wg.Wait()
	var out []Doc
	for i := range cs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		out = append(out, docs[i]...)
	}
	return out, nil
}

// splitOne parses one chunk and shifts its lines to file lines.
func splitOne(c Text, index int, o Options) ([]Doc, error) {
	ds, err := splitChunk(c.Data, o)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Doc = index
			if e.Line > 0 {
				e.Line += c.Line
			}
			e.Msg = replaceDocNumber(e.Msg, index)
		}
		return nil, err
	}
	for i := range ds {
		ds[i].Index = index
		ds[i].Line += c.Line
		shiftLines(ds[i].Node, c.Line)
		for j := range ds[i].Dups {
			ds[i].Dups[j].Line += c.Line
			ds[i].Dups[j].First += c.Line
		}
	}
	return ds, nil
}

// splitChunk parses one chunk: a chunk that can hold only one document is parsed
// from memory with Unmarshal (cheaper than a Decoder's reader); others, and any
// error, go through the Decoder, whose messages are the reference.
func splitChunk(data []byte, o Options) ([]Doc, error) {
	if o.Slim != nil && o.Rendered {
		data = crdfast.BlankSchemas(data, o.Slim.tree)
	} else if o.Slim != nil {
		if docs, ok := skimCRD(data, o); ok {
			return docs, nil
		}
	}
	if !oneDocument(data) {
		return splitSeqWith(data, o)
	}
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		return splitSeqWith(data, o)
	}
	if n.Kind == 0 {
		return nil, nil
	}
	d, err := newDoc(0, &n, o)
	if err != nil || d == nil {
		return nil, err
	}
	return []Doc{*d}, nil
}

// oneDocument reports whether data has no line that could start or end a document
// ("---" with content after it, "..."), so Unmarshal, which reads only the first
// document, sees all of it.
func oneDocument(data []byte) bool {
	for _, mark := range []string{"---", "..."} {
		if bytes.HasPrefix(data, []byte(mark)) || bytes.Contains(data, []byte("\n"+mark)) {
			return false
		}
	}
	return true
}
