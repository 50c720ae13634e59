package crdfast

import "bytes"

// BlankSchemas returns a CustomResourceDefinition document written by kustomize
// (block style, keys sorted, two-space indentation) with the lines of its schemas
// (spec.versions[].schema, spec.validation) made empty, except those on the
// contract paths (crdschema.go): the parser then skips them while every other line
// keeps its number. Other documents are returned as they are.
// Only for text capirepo rendered itself (Options.Rendered): a syntax error in a
// schema written by hand must still be reported.
func BlankSchemas(doc []byte, t *Tree) []byte {
	out, _ := CutSchemas(doc, t)
	return out
}

// SchemaBlock is a schema cut by CutSchemas: the line of its key, the key's
// indentation, its lines (deeper than the key, or blank) and the line after them.
type SchemaBlock struct {
	KeyLine, KeyInd int
	Lines           [][]byte
	Next            []byte // nil at the end of the document
}

// CutSchemas is BlankSchemas that also returns the schema blocks it cut.
func CutSchemas(doc []byte, t *Tree) ([]byte, []SchemaBlock) {
	if !bytes.HasPrefix(doc, []byte("kind: CustomResourceDefinition\n")) && !bytes.Contains(doc, []byte("\nkind: CustomResourceDefinition\n")) {
		return doc, nil
	}
	var blocks []SchemaBlock
	out := make([]byte, 0, len(doc))
	blank, inSpec := -1, false // blank: indentation of the key being blanked
	var keep *schemaLines      // keeps the contract paths of the schema (crdschema.go)
	for i, n := 0, 0; i < len(doc); n++ {
		next := len(doc)
		if k := bytes.IndexByte(doc[i:], '\n'); k >= 0 {
			next = i + k + 1
		}
		line := doc[i:next]
		ind := Indentation(line)
		if blank >= 0 && (ind > blank || len(bytes.TrimSpace(line)) == 0) {
			if len(bytes.TrimSpace(line)) > 0 && keep.keepLine(line, ind) {
				out = append(out, line...)
			} else {
				out = append(out, '\n')
			}
			blocks[len(blocks)-1].Lines = append(blocks[len(blocks)-1].Lines, line)
			i = next
			continue
		}
		if blank >= 0 {
			blocks[len(blocks)-1].Next = line
		}
		blank = -1
		if ind == 0 {
			inSpec = bytes.HasPrefix(line, []byte("spec:"))
		}
		out = append(out, line...)
		if inSpec && isSchemaKey(line, ind) {
			blank, keep = ind, newSchemaLines(ind, t)
			blocks = append(blocks, SchemaBlock{KeyLine: n, KeyInd: ind})
		}
		i = next
	}
	return out, blocks
}

// isSchemaKey: "    schema:" (a versions item) or "  validation:" (v1beta1), as the
// whole line: the value is the block that follows.
func isSchemaKey(line []byte, ind int) bool {
	key := bytes.TrimRight(line[ind:], " \r\n")
	return ind == 4 && bytes.Equal(key, []byte("schema:")) || ind == 2 && bytes.Equal(key, []byte("validation:"))
}

func Indentation(line []byte) int {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	return n
}
