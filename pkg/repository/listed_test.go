package repository

import (
	"errors"
	"strings"
	"testing"
)

func TestListedCheck(t *testing.T) {
	data := []byte("kind: A\n")
	const sum = "1f8a6e7e7c8d4ab5a1f6c2c1c7c1c0a1b9e1a4d0b7b8a8f6a8d5b1c0e7f4a3b2"
	for name, c := range map[string]struct {
		l    Listed
		want string // "" accepted
	}{
		"size and digest": {Listed{Size: 8, SHA256: "7484dcdfb548dc36cb6cd1f2e55c294ae93e8806da968f3a3fe0397340cd200a"}, ""},
		"truncated":       {Listed{Size: 9}, "8 bytes downloaded, but GitHub lists 9 bytes"},
		"nothing listed":  {Listed{Size: -1}, ""},
		"size only":       {Listed{Size: 8}, ""},
		"other digest":    {Listed{Size: -1, SHA256: sum}, "lists sha256 " + sum},
	} {
		err := c.l.Check("a.yaml of v1", "GitHub", data)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case c.want != "" && (!errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "a.yaml of v1")):
			t.Errorf("%s: %v, want ErrMismatch naming the file and %q", name, err, c.want)
		}
	}
}
