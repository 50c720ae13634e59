package manifest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	apiyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// RefDoc is one object as clusterctl reads it.
type RefDoc struct {
	Line int            // 1-based file line of the document's first line (its "---" when it has one)
	Obj  map[string]any // the object after sigs.k8s.io/yaml's YAML→JSON round trip
}

// ReadClusterctl reads data exactly as clusterctl does (cluster-api util/yaml
// ToUnstructured, used by repository/components.go NewComponents and template.go
// NewTemplate): apimachinery's YAMLReader splits the documents, sigs.k8s.io/yaml
// unmarshals each into a map, empty documents are dropped. It is the reference
// for every "clusterctl can read it" verdict; the error names the file line. A CRD
// whose schemas the fast path vouches for comes without them (spec.validation and
// spec.versions[].schema cut out): read whole objects elsewhere to create them.
func ReadClusterctl(data []byte) ([]RefDoc, error) { return readClusterctl(data, false) }

// ReadRendered is ReadClusterctl of text kustomize wrote (capirepo's own render,
// valid YAML by construction, as Options.Rendered trusts it): a schema plainSchema
// vouches for is skipped without validBlock's scan.
func ReadRendered(data []byte) ([]RefDoc, error) { return readClusterctl(data, true) }

func readClusterctl(data []byte, rendered bool) ([]RefDoc, error) {
	results := make(chan chunkResult)
	var splitErr error
	go func() {
		splitErr = streamChunks(data, rendered, results)
		close(results)
	}()
	var got []chunkResult
	for r := range results {
		got = append(got, r)
	}
	if splitErr != nil {
		return nil, splitErr
	}
	slices.SortFunc(got, func(a, b chunkResult) int { return a.index - b.index })
	var out []RefDoc
	for _, r := range got {
		if r.err != nil {
			return nil, refError(len(out), r.chunk, r.err)
		}
		if r.obj != nil {
			out = append(out, RefDoc{Line: r.chunk.line, Obj: r.obj})
		}
	}
	return out, nil
}

// chunkResult is one document read: its object, or its error with its text (the
// text is kept only then, to place the error; a read document's text is dropped at
// once, so a large file is never held twice).
type chunkResult struct {
	index int
	chunk refChunk
	obj   map[string]any
	err   error
}

// streamChunks splits data with apimachinery's YAMLReader and unmarshals each
// document on all CPUs as it is split, sending every result; the error is the
// reader's own (a bad separator), which wins over any document's.
func streamChunks(data []byte, rendered bool, results chan<- chunkResult) error {
	next := make(chan chunkResult)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				if c.obj, c.err = readChunk(c.chunk.data, rendered); c.err == nil {
					c.chunk.data = nil
				}
				results <- c
			}
		}()
	}
	err := eachChunk(data, func(i int, c refChunk) { next <- chunkResult{index: i, chunk: c} })
	close(next)
	wg.Wait()
	return err
}

// readChunk unmarshals one document as sigs.k8s.io/yaml does. A CRD whose schemas
// are vouched for is read with them cut out (their lines blank): the bulk of a
// components file. Any error is the whole document's.
func readChunk(data []byte, rendered bool) (map[string]any, error) {
	if rest, blocks := crdfast.CutSchemas(data, noPaths); len(blocks) > 0 && oneDocument(data) && vouched(blocks, rendered) {
		var m map[string]any
		if yaml.Unmarshal(rest, &m) == nil && schemaKeys(m) == len(blocks) {
			return m, nil
		}
	}
	var m map[string]any
	err := yaml.Unmarshal(data, &m)
	return m, err
}

// schemaKeys counts a CRD object's spec.validation and spec.versions[].schema keys:
// the blocks cut must be exactly those.
func schemaKeys(m map[string]any) int {
	spec, _ := m["spec"].(map[string]any)
	n := 0
	if _, ok := spec["validation"]; ok {
		n++
	}
	vs, _ := spec["versions"].([]any)
	for _, v := range vs {
		if vm, ok := v.(map[string]any); ok {
			if _, ok := vm["schema"]; ok {
				n++
			}
		}
	}
	return n
}

// noPaths keeps no schema line: clusterctl's verdict needs none, and checks read
// CRDs from Split, which keeps the contract's paths.
var noPaths = crdfast.NewTree(nil)

// vouched: every schema block is YAML (validBlock, the scanner the Slim split
// trusts, ended by no comment that may belong to it) that clusterctl's yaml.v2 reads
// as yaml.v3 does (plainSchema).
func vouched(blocks []crdfast.SchemaBlock, rendered bool) bool {
	for _, b := range blocks {
		if b.Next != nil && bytes.HasPrefix(bytes.TrimLeft(b.Next, " "), []byte("#")) || !rendered && !crdfast.ValidBlock(b.Lines, b.KeyInd) || !plainSchema(b.Lines) {
			return false
		}
	}
	return true
}

// refChunk is one document's text as apimachinery's YAMLReader returns it.
type refChunk struct {
	line int // 1-based file line of its first line
	data []byte
}

// eachChunk splits data with apimachinery's YAMLReader, feeding it one line per
// read so the lines it consumed tell where each document starts, and hands each
// document to use in order. YAMLReader returns a fresh buffer per document.
func eachChunk(data []byte, use func(int, refChunk)) error {
	f := &lineFeeder{data: data}
	r := apiyaml.NewYAMLReader(bufio.NewReader(f))
	for i := 0; ; i++ {
		b, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &Error{Doc: -1, Line: f.lines(), Msg: fmt.Sprintf("%v (apimachinery's YAMLReader allows only spaces or a comment after ---)", err)}
		}
		if len(b) == 0 {
			return nil
		}
		n := bytes.Count(b, []byte("\n"))
		start := f.lines() - n + 1
		if f.lastIsSeparator() {
			start--
		}
		start = max(start, 1) // a document that is its own lone "---" line
		use(i, refChunk{line: start, data: b})
	}
}

// refError places a document's unmarshal error on its file line: the line yaml
// names inside the document, else the document's first line. Documents are counted
// as clusterctl counts them ("the 2nd yaml document"): empty ones are not.
func refError(i int, c refChunk, err error) *Error {
	line := c.line
	if n := errLine(err); n > 0 {
		line = c.line + n - 1
	} else if m := anchorRE.FindStringSubmatch(err.Error()); m != nil {
		line = c.line + lineWith(c.data, "*"+m[1])
	} else if strings.Contains(err.Error(), "map key") {
		line = c.line + badKeyLine(c.data)
	}
	msg := refMsgRE.ReplaceAllString(err.Error(), "")
	return &Error{Doc: i, Line: line, Msg: fmt.Sprintf("document %d: %s", i+1, msg)}
}

var refMsgRE = regexp.MustCompile(`^(error converting YAML to JSON: |error unmarshaling JSON: (while decoding JSON: )?)|yaml: (unmarshal errors:\n\s*)?(line \d+: )?`)

var anchorRE = regexp.MustCompile(`unknown anchor '([^']*)' referenced`)

// lineWith is the 0-based line of data where s first occurs (0 if nowhere).
func lineWith(data []byte, s string) int {
	i := bytes.Index(data, []byte(s))
	if i < 0 {
		return 0
	}
	return bytes.Count(data[:i], []byte("\n"))
}

// lineFeeder hands its data out at most one line per Read, so a bufio.Reader on it
// never buffers past the line being read.
type lineFeeder struct {
	data []byte
	off  int
	nl   int // newlines in data[:off]
}

func (f *lineFeeder) Read(p []byte) (int, error) {
	if f.off >= len(f.data) {
		return 0, io.EOF
	}
	end := len(f.data)
	if i := bytes.IndexByte(f.data[f.off:], '\n'); i >= 0 {
		end = f.off + i + 1
	}
	n := copy(p, f.data[f.off:end])
	if f.data[f.off+n-1] == '\n' {
		f.nl++
	}
	f.off += n
	return n, nil
}

// lines counts the lines consumed so far (a last line without "\n" counts).
func (f *lineFeeder) lines() int {
	n := f.nl
	if f.off > 0 && f.data[f.off-1] != '\n' {
		n++
	}
	return n
}

// lastIsSeparator reports whether the last consumed line is a document separator
// as YAMLReader tells them ("---" then nothing but spaces or a comment); YAMLReader
// keeps such a line out of the document it ends.
func (f *lineFeeder) lastIsSeparator() bool {
	s := f.data[:f.off]
	s = bytes.TrimSuffix(s, []byte("\n"))
	if i := bytes.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if !bytes.HasPrefix(s, []byte("---")) {
		return false
	}
	rest := bytes.TrimSpace(s[3:])
	return len(rest) == 0 || rest[0] == '#'
}
