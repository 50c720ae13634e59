// Package mutate changes test inputs at random, for tests that check a fast reader
// against the reference parser on many near-valid inputs (seeded: the same cases
// every run).
package mutate

import "math/rand/v2"

// Bytes returns a copy of data with n random edits anywhere: a byte of alphabet
// inserted, or a byte replaced by one, or a byte deleted.
func Bytes(rnd *rand.Rand, data, alphabet []byte, n int) []byte {
	out := append([]byte(nil), data...)
	for range n {
		if len(out) == 0 {
			break
		}
		at := rnd.IntN(len(out))
		c := alphabet[rnd.IntN(len(alphabet))]
		switch rnd.IntN(3) {
		case 0:
			out = append(out[:at], append([]byte{c}, out[at:]...)...)
		case 1:
			out[at] = c
		default:
			out = append(out[:at], out[at+1:]...)
		}
	}
	return out
}
