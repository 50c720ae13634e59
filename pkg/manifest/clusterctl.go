package manifest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
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
// for every "clusterctl can read it" verdict; the error names the file line.
func ReadClusterctl(data []byte) ([]RefDoc, error) {
	chunks, err := refChunks(data)
	if err != nil {
		return nil, err
	}
	objs, errs := readChunks(chunks)
	var out []RefDoc
	for i, c := range chunks {
		if errs[i] != nil {
			return nil, refError(len(out), c, errs[i])
		}
		if objs[i] != nil {
			out = append(out, RefDoc{Line: c.line, Obj: objs[i]})
		}
	}
	return out, nil
}

// readChunks unmarshals every document, on all CPUs when there are many.
func readChunks(chunks []refChunk) ([]map[string]any, []error) {
	objs, errs := make([]map[string]any, len(chunks)), make([]error, len(chunks))
	workers := 1
	if len(chunks) > 8 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				objs[i], errs[i] = readChunk(chunks[i].data)
			}
		}()
	}
	for i := range chunks {
		next <- i
	}
	close(next)
	wg.Wait()
	return objs, errs
}

// readChunk unmarshals one document as sigs.k8s.io/yaml does. A CRD whose schemas
// are vouched for is read with them cut out (their lines blank): the bulk of a
// components file. Any error is the whole document's.
func readChunk(data []byte) (map[string]any, error) {
	if rest, blocks := crdfast.CutSchemas(data, noPaths); len(blocks) > 0 && oneDocument(data) && vouched(blocks) {
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
func vouched(blocks []crdfast.SchemaBlock) bool {
	for _, b := range blocks {
		if b.Next != nil && bytes.HasPrefix(bytes.TrimLeft(b.Next, " "), []byte("#")) || !crdfast.ValidBlock(b.Lines, b.KeyInd) || !plainSchema(b.Lines) {
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

// refChunks splits data with apimachinery's YAMLReader, feeding it one line per
// read so the lines it consumed tell where each document starts.
func refChunks(data []byte) ([]refChunk, error) {
	f := &lineFeeder{data: data}
	r := apiyaml.NewYAMLReader(bufio.NewReader(f))
	var out []refChunk
	for {
		b, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, &Error{Doc: -1, Line: f.lines(), Msg: fmt.Sprintf("%v (apimachinery's YAMLReader allows only spaces or a comment after ---)", err)}
		}
		if len(b) == 0 {
			return out, nil
		}
		n := bytes.Count(b, []byte("\n"))
		start := f.lines() - n + 1
		if f.lastIsSeparator() {
			start--
		}
		start = max(start, 1) // a document that is its own lone "---" line
		out = append(out, refChunk{line: start, data: bytes.Clone(b)})
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
