package manifest

import "bytes"

// Parts cuts data into texts of at most n documents each, in order, at the same
// document-start lines as the parallel parse. Input with n documents or fewer is
// returned whole.
func Parts(data []byte, n int) [][]byte {
	cs := chunks(data)
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
			b.Write(c.data)
			if len(c.data) > 0 && c.data[len(c.data)-1] != '\n' {
				b.WriteByte('\n')
			}
		}
		out = append(out, b.Bytes())
	}
	return out
}

// CountDocs counts the documents of data as Parts cuts them (empty ones included).
func CountDocs(data []byte) int { return Stats(data).Docs }

// DocStats is what a bounded scan learns about a file's documents.
type DocStats struct {
	Docs     int // documents, as Parts cuts them (empty ones included)
	Largest  int // bytes of the largest one
	LargestN int // its 1-based number
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
	return st
}
