package remote

import (
	"path/filepath"
	"testing"
)

func TestUserCacheDir(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_CACHE_HOME": "/x", "HOME": "/h"}, "/x"},
		{map[string]string{"HOME": "/h"}, filepath.Join("/h", ".cache")},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := UserCacheDir(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("UserCacheDir(%v) = %q, want %q", tt.env, got, tt.want)
		}
	}
}
