package httpx

import (
	"strings"
	"testing"
)

func TestNoUserInfo(t *testing.T) {
	t.Parallel()
	if err := NoUserInfo("https://gitlab.example.com/api"); err != nil {
		t.Errorf("plain URL refused: %v", err)
	}
	err := NoUserInfo("https://bot:s3cret@gitlab.example.com/api")
	if err == nil || !strings.HasPrefix(err.Error(), "https://gitlab.example.com/api: the URL carries credentials") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("NoUserInfo = %v; want the URL named without its credentials", err)
	}
}
