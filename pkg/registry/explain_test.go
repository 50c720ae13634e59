package registry

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"oras.land/oras-go/v2/registry/remote/auth"
	"oras.land/oras-go/v2/registry/remote/errcode"
)

func TestExplain(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("GET x: %w", auth.ErrBasicCredentialNotFound), "set OCI_USERNAME"},
		{&errcode.ErrorResponse{StatusCode: http.StatusUnauthorized}, "refused the credentials"},
		{&errcode.ErrorResponse{StatusCode: http.StatusForbidden}, "may not read or write"},
		{&errcode.ErrorResponse{StatusCode: http.StatusTooManyRequests}, "run again later"},
		{errors.New("other"), "other"},
	} {
		got := Explain(tc.err)
		if !strings.Contains(got.Error(), tc.want) || !errors.Is(got, tc.err) {
			t.Errorf("Explain(%v) = %v, want %q and the cause kept", tc.err, got, tc.want)
		}
	}
}
