//go:build linux

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/install"
	"github.com/capirepo/capirepo/pkg/testsupport/envtest"
)

// TestPublishConfigMapsApplies: what publish configmaps writes for the sample is
// created by a real kube-apiserver (its name rules, its 1 MiB object limit, strict
// field validation): every Namespace and ConfigMap, in the files' order. The provider
// objects need the operator's CRDs, which this control plane does not have.
func TestPublishConfigMapsApplies(t *testing.T) {
	tools := envtest.Find(t)
	dist := buildSample(t)
	out := filepath.Join(t.TempDir(), "configmaps")
	if r := runCapirepo(t, "publish", "configmaps", "--from", dist, "--to", out); r.code != 0 {
		t.Fatalf("publish configmaps: exit %d\n%s", r.code, r.stderr)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "00-namespace-") || strings.HasPrefix(e.Name(), "10-configmap-") {
			files = append(files, filepath.Join(out, e.Name()))
		}
	}
	if len(files) < 2 {
		t.Fatalf("publish configmaps wrote %v: want a Namespace and a ConfigMap", entries)
	}
	etcd, api, err := install.Assets(tools.Assets)
	if err != nil {
		t.Fatal(err)
	}
	p := install.Plan{Etcd: etcd, APIServer: api, Apply: files, Isolate: true}
	res, err := install.Run(context.Background(), []string{os.Args[0]}, p, nil, testWriter{t})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refusals) > 0 || len(res.Notes) != 1 || res.Notes[0] != "created 2 object(s)" {
		t.Fatalf("refusals %v, notes %v: want the Namespace and the ConfigMap created", res.Refusals, res.Notes)
	}
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
