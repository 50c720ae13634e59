package crdfast

import "bytes"

// flowOnly reports whether v is one flow collection ({...} or [...]) closed on its
// line, in the subset ValidBlock knows: plain keys followed by ": ", plain values
// without , [ ] { } : #, simple quoted values, nesting, nothing after it.
func flowOnly(v []byte) bool {
	p := flowParser{s: bytes.TrimRight(v, " ")}
	return p.node(0) && p.i == len(p.s)
}

const flowStops = ",[]{}:#?&*!|>'\"%@`\\"

type flowParser struct {
	s []byte
	i int
}

func (p *flowParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *flowParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *flowParser) node(depth int) bool {
	p.space()
	switch c := p.peek(); {
	case depth > 50 || c == 0:
		return false
	case c == '{':
		return p.collection('}', depth)
	case c == '[':
		return p.collection(']', depth)
	case c == '"' || c == '\'':
		end, st := quotedEnd(p.s[p.i+1:], c)
		p.i += 1 + end
		return st == closed
	}
	return p.plain()
}

// collection reads a flow mapping (close '}') or sequence (close ']') and its items.
func (p *flowParser) collection(close byte, depth int) bool {
	p.i++
	p.space()
	if p.peek() == close {
		p.i++
		return true
	}
	for {
		if close == '}' && !p.key() || !p.node(depth+1) {
			return false
		}
		p.space()
		switch p.peek() {
		case ',':
			p.i++
			p.space()
			if p.peek() == close {
				return false
			}
		case close:
			p.i++
			return true
		default:
			return false
		}
	}
}

// key reads a plain key and the ": " after it.
func (p *flowParser) key() bool {
	p.space()
	start := p.i
	for p.i < len(p.s) && isKeyByte(p.s[p.i]) {
		p.i++
	}
	if !validKey(p.s[start:p.i]) || p.i+1 >= len(p.s) || p.s[p.i] != ':' || p.s[p.i+1] != ' ' {
		return false
	}
	p.i += 2
	return true
}

// plain reads a plain scalar up to the next , ] or }; it holds none of the YAML
// indicators (some end a plain scalar in a flow collection).
func (p *flowParser) plain() bool {
	start := p.i
	for p.i < len(p.s) && !bytes.ContainsAny(p.s[p.i:p.i+1], flowStops) {
		p.i++
	}
	if p.i < len(p.s) && p.s[p.i] != ',' && p.s[p.i] != ']' && p.s[p.i] != '}' {
		return false
	}
	v := bytes.TrimRight(p.s[start:p.i], " ")
	return len(v) > 0 && plainText(v, true)
}
