package variables

// Normalise applies clusterctl's legacy rewrite (`${ VAR }`, `${ VAR}` and `${VAR }`
// become `${VAR}`), which clusterctl runs before it substitutes variables.
func Normalise(text string) string {
	s, _ := normalise(text)
	return s
}
