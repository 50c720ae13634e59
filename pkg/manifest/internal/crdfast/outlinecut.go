package crdfast

import "bytes"

// cut is one schema block cut out of a CRD document by CutOut.
type Cut struct {
	RestLine   int // 0-based line of the block's key in the text without the blocks
	Start, End int // byte range of the block's lines in the document
	Removed    int // lines cut
}

// CutOut returns a CustomResourceDefinition document written in block style (the
// `kind:` line at column 0, versions items at two spaces, as kustomize and
// controller-gen write them) without the lines of its schemas (spec.versions[].schema
// and spec.validation, each a key alone on its line followed by deeper or blank lines),
// and where each block was. ok is false when a block ends on a comment line, which may
// belong to it: the caller then parses the document whole. Other documents come back
// as they are, with no cut. outlineCut checks the rest parses with exactly those keys,
// each null, so a document this misreads is parsed whole too.
func CutOut(doc []byte) (rest []byte, cuts []Cut, ok bool) {
	if !bytes.HasPrefix(doc, []byte("kind: CustomResourceDefinition\n")) && !bytes.Contains(doc, []byte("\nkind: CustomResourceDefinition\n")) {
		return doc, nil, true
	}
	rest = make([]byte, 0, min(len(doc), 4<<10)) // a CRD without its schemas is a few KB
	block, inSpec, restLine := -1, false, 0      // block: indentation of the key being cut
	for i := 0; i < len(doc); {
		next := len(doc)
		if k := bytes.IndexByte(doc[i:], '\n'); k >= 0 {
			next = i + k + 1
		}
		line := doc[i:next]
		if block >= 0 && deeper(line, block) { // most lines: no need to measure them
			cuts[len(cuts)-1].End, cuts[len(cuts)-1].Removed = next, cuts[len(cuts)-1].Removed+1
			i = next
			continue
		}
		ind := Indentation(line)
		if block >= 0 && (ind > block || len(bytes.TrimSpace(line)) == 0) {
			cuts[len(cuts)-1].End, cuts[len(cuts)-1].Removed = next, cuts[len(cuts)-1].Removed+1
			i = next
			continue
		}
		if block >= 0 && line[ind] == '#' {
			return nil, nil, false
		}
		block = -1
		if ind == 0 {
			inSpec = bytes.HasPrefix(line, []byte("spec:"))
		}
		rest = append(rest, line...)
		if inSpec && isSchemaKey(line, ind) {
			block = ind
			cuts = append(cuts, Cut{RestLine: restLine, Start: next, End: next})
		}
		restLine++
		i = next
	}
	return rest, cuts, true
}

// deeper reports a line whose first n+1 bytes are spaces and that goes on after them.
func deeper(line []byte, n int) bool {
	if len(line) <= n+1 {
		return false
	}
	for _, c := range line[:n+1] {
		if c != ' ' {
			return false
		}
	}
	return true
}
