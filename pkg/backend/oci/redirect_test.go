package oci

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"oras.land/oras-go/v2/registry/remote/auth"
)

// A registry that redirects blob downloads to another origin (a storage host on
// another port) never sees the credential follow: only the registry itself gets it.
func TestRegistryRedirectCarriesNoCredential(t *testing.T) {
	reg := registry.New(t)
	s := set(rel(layout.InfrastructureProvider, "aws", "v1.2.3", "kind: A\n"))
	if _, err := publish.Publish(context.Background(), s, newPub(t, reg, Options{}), publish.Policy{}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []string
	storage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Authorization"))
		mu.Unlock()
		resp, err := http.Get(reg.URL + r.URL.Path)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	}))
	t.Cleanup(storage.Close)
	target, _ := url.Parse(reg.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "robot" || p != secret {
			w.Header().Set("WWW-Authenticate", `Basic realm="test"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "/blobs/") {
			http.Redirect(w, r, storage.URL+r.URL.Path, http.StatusTemporaryRedirect)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	cred := func(context.Context, string) (auth.Credential, error) {
		return auth.Credential{Username: "robot", Password: secret}, nil
	}
	r := NewReader(regclient.Remote{PlainHTTP: true, Credential: cred, Retry: fastRetry}, strings.TrimPrefix(front.URL, "http://")+"/capi/infrastructure-aws", "v1.2.3")
	b, err := r.File(context.Background(), "v1.2.3", "infrastructure-components.yaml")
	if err != nil || string(b) != "kind: A\n" {
		t.Fatalf("read through the redirect: %q, %v", b, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 {
		t.Fatal("no blob was redirected")
	}
	for _, a := range seen {
		if a != "" {
			t.Fatalf("the storage host received Authorization: %s", a)
		}
	}
}
