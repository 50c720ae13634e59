package check

import "bytes"

// boolKeys are the plain words goyaml.v2 (under sigs.k8s.io/yaml) reads as booleans
// and writes as "true" or "false" when they are keys.
var boolKeys = map[string]bool{"y": true, "Y": true, "yes": true, "Yes": true, "YES": true, "n": true, "N": true,
	"no": true, "No": true, "NO": true, "on": true, "On": true, "ON": true, "off": true, "Off": true, "OFF": true,
	"True": true, "TRUE": true, "False": true, "FALSE": true}

// hasLineKeyCandidate: some line of data starts (after indentation and "- ") with
// a key YAML 1.1 reads as a boolean or a number. It visits the colons (found with
// IndexByte) and looks back from each, so indentation is skipped at memory speed.
func hasLineKeyCandidate(data []byte) bool {
	for p := 0; p < len(data); {
		i := bytes.IndexByte(data[p:], ':')
		if i < 0 {
			return false
		}
		c := p + i
		p = c + 1
		if c+1 < len(data) && !blank(data[c+1]) {
			continue
		}
		s := c
		for s > 0 && c-s < 24 && keyChar[data[s-1]] {
			s--
		}
		if s < c && (s == 0 || blank(data[s-1])) && candidateKey(data[s:c]) && atLineStart(data, s) {
			return true
		}
	}
	return false
}

// keyChar: the bytes of the boolean words and of YAML 1.1 numbers (digits, signs,
// points, underscores, 0x/0o/0b, exponents, .inf and .nan); a word with another
// byte is no candidate, so the look back stops at once on most keys.
var keyChar = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-._abcdefABCDEFxXoObBiInNyYsSrRuUlLtT") {
		t[c] = true
	}
	return t
}()

func blank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// atLineStart: only blanks and "- " come before s on its line.
func atLineStart(data []byte, s int) bool {
	for s > 0 {
		switch c := data[s-1]; {
		case c == '\n':
			return true
		case c == ' ' || c == '\t' || c == '-' && s < len(data) && data[s] == ' ':
			s--
		default:
			return false
		}
	}
	return true
}

// candidateKey: a boolean word, or text starting like a YAML 1.1 number.
func candidateKey(k []byte) bool {
	if len(k) == 0 {
		return false
	}
	switch c := k[0]; {
	case c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.':
		return true
	case len(k) > 5:
		return false
	case c == 'y' || c == 'Y' || c == 'n' || c == 'N' || c == 'o' || c == 'O' || c == 'T' || c == 'F':
		return boolKeys[string(k)]
	}
	return false
}
