package templates

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

const cluster = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n"

func flavor(s string) *string { return &s }

func names(r *Result) string {
	var out []string
	for _, f := range r.Files {
		out = append(out, f.Name)
	}
	return strings.Join(out, ",")
}

func TestBuildSources(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{
		"tpl/cluster-template-a.yaml":   cluster,
		"tpl/README.md":                 "docs",
		"tpl/sub/cluster-template.yaml": cluster,
		"flavors/ha/kustomization.yaml": "resources: [c.yaml]\n",
		"flavors/ha/c.yaml":             cluster,
		"odd-name.yaml":                 cluster,
		"cc/kustomization.yaml":         "resources: [cc.yaml]\n",
		"cc/cc.yaml":                    "apiVersion: cluster.x-k8s.io/v1beta1\nkind: ClusterClass\nmetadata:\n  name: quick\n",
	})
	res, err := Build(context.Background(), []Source{
		{Path: filepath.Join(dir, "tpl")},
		{Flavor: flavor("ha"), Kustomize: filepath.Join(dir, "flavors/ha")},
		{Flavor: flavor(""), Path: filepath.Join(dir, "odd-name.yaml")},
		{ClusterClass: filepath.Join(dir, "cc")},
	}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(res), "cluster-template-a.yaml,cluster-template-ha.yaml,cluster-template.yaml,clusterclass-quick.yaml"; got != want {
		t.Errorf("files = %s, want %s", got, want)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "README.md: skipped") {
		t.Errorf("notes = %v", res.Notes)
	}
}

func TestBuildErrors(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{
		"a/cluster-template.yaml": cluster,
		"b/cluster-template.yaml": cluster,
		"plain.yaml":              cluster,
		"two-classes.yaml":        "kind: ClusterClass\nmetadata: {name: a}\n---\nkind: ClusterClass\nmetadata: {name: b}\n",
	})
	cases := []struct {
		name string
		src  []Source
		want string
	}{
		{"same output twice", []Source{{Path: filepath.Join(dir, "a")}, {Path: filepath.Join(dir, "b")}}, "cluster-template.yaml is produced by both"},
		{"badly named file", []Source{{Path: filepath.Join(dir, "plain.yaml")}}, "must be named cluster-template"},
		{"two ClusterClasses", []Source{{ClusterClass: filepath.Join(dir, "two-classes.yaml")}}, "want exactly one ClusterClass, found 2"},
		{"missing path", []Source{{Path: filepath.Join(dir, "nope")}}, "nope"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if _, err := Build(context.Background(), c.src, 0); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}

// TestBuildParallelIsDeterministic renders many flavors with several jobs and checks
// the result does not depend on scheduling.
func TestBuildParallelIsDeterministic(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	var srcs []Source
	for _, f := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		files["fl/"+f+"/kustomization.yaml"] = "resources: [c.yaml]\n"
		files["fl/"+f+"/c.yaml"] = strings.Replace(cluster, "${CLUSTER_NAME}", f, 1)
	}
	dir := tree.Write(t, files)
	for _, f := range []string{"h", "a", "g", "b", "f", "c", "e", "d"} {
		srcs = append(srcs, Source{Flavor: flavor(f), Kustomize: filepath.Join(dir, "fl", f)})
	}
	first, err := Build(context.Background(), srcs, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		again, err := Build(context.Background(), srcs, 4)
		if err != nil {
			t.Fatal(err)
		}
		for j := range first.Files {
			if first.Files[j].Name != again.Files[j].Name || string(first.Files[j].Data) != string(again.Files[j].Data) {
				t.Fatalf("parallel build differs at %s", first.Files[j].Name)
			}
		}
	}
}
