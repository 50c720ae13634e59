package remote

import "path/filepath"

// UserCacheDir is $XDG_CACHE_HOME, else $HOME/.cache ("" when neither is set), read
// through getenv; build keeps downloaded remote resources under <it>/capirepo/.
func UserCacheDir(getenv func(string) string) string {
	if d := getenv("XDG_CACHE_HOME"); d != "" {
		return d
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache")
	}
	return ""
}
