package manifest

import "bytes"

// Parts cuts data into texts of at most n documents each, in order, at the same
// document-start lines as the parallel parse. Input with n documents or fewer is
// returned whole.
func Parts(data []byte, n int) [][]byte {
	cs := Texts(data)
	if len(cs) <= n {
		return [][]byte{data}
	}
	var out [][]byte
	for i := 0; i < len(cs); i += n {
		var b bytes.Buffer
		for j, c := range cs[i:min(i+n, len(cs))] {
			if j > 0 {
				b.WriteString("---\n")
			}
			b.Write(c.Data)
			if len(c.Data) > 0 && c.Data[len(c.Data)-1] != '\n' {
				b.WriteByte('\n')
			}
		}
		out = append(out, b.Bytes())
	}
	return out
}

// CountDocs counts the documents of data as Parts cuts them (empty ones included) and
// the items of `kind: List` documents, which kustomize unwraps into objects.
func CountDocs(data []byte) int {
	st := Stats(data)
	return st.Docs + st.ListItems
}

// DocStats is what a bounded scan learns about a file's documents.
type DocStats struct {
	Docs      int // documents, as Parts cuts them (empty ones included)
	ListItems int // objects in `kind: List` documents, which kustomize unwraps (estimate)
	Largest   int // bytes of the largest document
	LargestN  int // its 1-based number
}

// Stats scans data for document-start lines without parsing it.
func Stats(data []byte) DocStats {
	st := DocStats{Docs: 1}
	start := 0
	note := func(end int) {
		if end-start > st.Largest {
			st.Largest, st.LargestN = end-start, st.Docs
		}
	}
	for i := 0; i < len(data); {
		end := bytes.IndexByte(data[i:], '\n')
		next := len(data)
		if end >= 0 {
			next = i + end + 1
		}
		if data[i] == '-' && isDocStart(data[i:next]) {
			note(i)
			st.Docs++
			start = next
		}
		i = next
	}
	note(len(data))
	st.ListItems = listItems(data)
	return st
}

// listItems estimates the objects kustomize unwraps from `kind: List` documents: the
// items that start with apiVersion or kind (0 when the file has no List).
func listItems(data []byte) int {
	if !bytes.Contains(data, []byte("kind: List")) {
		return 0
	}
	n := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		t := bytes.TrimLeft(line, " ")
		if bytes.HasPrefix(t, []byte("- apiVersion:")) || bytes.HasPrefix(t, []byte("- kind:")) {
			n++
		}
	}
	return n
}
