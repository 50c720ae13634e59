package github

import (
	"context"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// TestSSLCertFile checks that a client built without Options.HTTPClient trusts the
// CA named by SSL_CERT_FILE (Go's crypto/x509 reads it once per process, so each
// case runs the test binary again as a child).
func TestSSLCertFile(t *testing.T) {
	if os.Getenv("CAPIREPO_TLS_CHILD") == "1" {
		tlsChild(t)
		return
	}
	t.Parallel()
	f := fakegithub.NewTLS()
	defer f.Close()
	f.AddRepo("acme", "capx", fakegithub.RepoOptions{})
	f.AddToken(token, fakegithub.Write)
	pemFile := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(pemFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: f.Certificate()}), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		certFile string
		wantOK   bool
	}{
		{"trusted through SSL_CERT_FILE", pemFile, true},
		{"untrusted without it", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := tlsChildRun(f.APIURL(), tt.certFile)
			if (err == nil) != tt.wantOK {
				t.Errorf("child run error = %v, want ok=%v; output:\n%s", err, tt.wantOK, out)
			}
			if !tt.wantOK && !strings.Contains(out, "certificate") {
				t.Errorf("child output lacks a certificate error:\n%s", out)
			}
		})
	}
}

func tlsChildRun(apiURL, certFile string) (string, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestSSLCertFile$", "-test.v")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SSL_CERT_FILE=") && !strings.HasPrefix(kv, "SSL_CERT_DIR=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "CAPIREPO_TLS_CHILD=1", "CAPIREPO_TLS_API="+apiURL, "SSL_CERT_DIR="+os.TempDir()+"/no-such-dir")
	if certFile != "" {
		cmd.Env = append(cmd.Env, "SSL_CERT_FILE="+certFile)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func tlsChild(t *testing.T) {
	api := os.Getenv("CAPIREPO_TLS_API")
	p, err := New(Options{Owner: "acme", Repo: "capx", Token: token, APIURL: api, UploadURL: api,
		Retry: RetryPolicy{MaxAttempts: 1, Base: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.api.getRepo(context.Background()); err != nil {
		t.Fatal(err)
	}
}
