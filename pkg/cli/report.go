package cli

import "encoding/json"

// writeJSON prints v as indented JSON on stdout (every command's -o json).
func writeJSON(io streams, v any) error {
	enc := json.NewEncoder(io.out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// nonNil is l, or an empty list for JSON ([] rather than null).
func nonNil[S ~[]E, E any](l S) S {
	if l == nil {
		return S{}
	}
	return l
}

// joinErr is the command's error, else the report's.
func joinErr(err, report error) error {
	if err != nil {
		return err
	}
	return report
}
