package cli

import "path/filepath"

// cacheDir is $XDG_CACHE_HOME, else $HOME/.cache ("" when neither is set); build
// keeps downloaded remote resources under <cacheDir>/capirepo/.
func cacheDir(getenv func(string) string) string {
	if d := getenv("XDG_CACHE_HOME"); d != "" {
		return d
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache")
	}
	return ""
}
