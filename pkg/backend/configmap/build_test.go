package configmap

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

func TestNewPlain(t *testing.T) {
	r := rel(layout.ControlPlaneProvider, "kubeadm", "v1.2.0", small("capi-kubeadm-control-plane-system"))
	cm := mustNew(t, r, "capi-kubeadm-control-plane-system")
	if cm.Metadata.Name != "control-plane-kubeadm-v1.2.0" || cm.Metadata.Namespace != "capi-kubeadm-control-plane-system" {
		t.Errorf("got %s", cm.Ref())
	}
	want := map[string]string{LabelVersion: "v1.2.0", LabelType: "control-plane", LabelName: "kubeadm", LabelManaged: "true"}
	if !reflect.DeepEqual(cm.Metadata.Labels, want) {
		t.Errorf("labels %v, want %v", cm.Metadata.Labels, want)
	}
	if cm.Data[KeyMetadata] != testMetadata || cm.Data[KeyComponents] != string(r.File(r.ComponentsFile).Data) {
		t.Errorf("data does not hold the release's files: %v", cm.Data)
	}
	if cm.Compressed() || cm.BinaryData != nil || cm.Metadata.Annotations != nil {
		t.Errorf("a small release is compressed: %+v", cm)
	}
}

func TestNewCompressesExactlyOverTheLimit(t *testing.T) {
	for _, tc := range []struct {
		extra    int
		compress bool
	}{{0, false}, {1, true}} {
		comp := padded(MaxSize - len(testMetadata) + tc.extra)
		cm := mustNew(t, rel(layout.InfrastructureProvider, "big", "v1.3.0", comp), "big-system")
		if cm.Compressed() != tc.compress {
			t.Fatalf("metadata + components = MaxSize%+d: compressed %v, want %v", tc.extra, cm.Compressed(), tc.compress)
		}
		got, err := Components(cm)
		if err != nil || string(got) != comp {
			t.Fatalf("components read back differ (err %v)", err)
		}
		if tc.compress && (cm.Data[KeyComponents] != "" || len(cm.BinaryData[KeyComponents]) >= len(comp)) {
			t.Errorf("compressed components are not only in binaryData: data %d bytes, binaryData %d", len(cm.Data[KeyComponents]), len(cm.BinaryData[KeyComponents]))
		}
	}
}

func TestNewRefusesWhatGzipCannotFit(t *testing.T) {
	_, err := New(rel(layout.InfrastructureProvider, "noisy", "v1.3.0", noise(2*MaxSize)), "noisy-system")
	wantErr(t, err, "infrastructure-noisy v1.3.0", "over the API server's limit of 1048576 bytes", "gzip-compressed from 2097152", "publish oci")
}

func TestCompressIsDeterministic(t *testing.T) {
	a, _ := compress([]byte(padded(4096)))
	b, _ := compress([]byte(padded(4096)))
	if !bytes.Equal(a, b) {
		t.Fatal("two compressions of the same data differ")
	}
	if mtime := a[4:8]; !bytes.Equal(mtime, []byte{0, 0, 0, 0}) {
		t.Errorf("gzip header holds a modification time %v", mtime)
	}
}

func TestNewRefusesWhatKubernetesRefuses(t *testing.T) {
	long := "a23456789-123456789-123456789-123456789-123456789-1234567"
	for name, tc := range map[string]struct {
		r    *release.Release
		ns   string
		want string
	}{
		"build metadata":       {rel(layout.CoreProvider, "cluster-api", "v1.2.3+build.1", small("x")), "capi-system", "build metadata"},
		"upper-case pre":       {rel(layout.CoreProvider, "cluster-api", "v1.2.3-RC.1", small("x")), "capi-system", `ConfigMap name "core-cluster-api-v1.2.3-RC.1" is not a valid Kubernetes name`},
		"long label value":     {rel(layout.CoreProvider, "cluster-api", "v1.2.3-"+long, small("x")), "capi-system", "not a valid Kubernetes label value"},
		"namespace":            {rel(layout.CoreProvider, "cluster-api", "v1.2.3", small("x")), "Capi", `namespace "Capi"`},
		"no version semantics": {rel(layout.CoreProvider, "cluster-api", "v1.2", small("x")), "capi-system", "not a SemVer version"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := New(tc.r, tc.ns)
			wantErr(t, err, "cluster-api", tc.want)
		})
	}
}

func TestFromSetDefaultsToTheComponentsNamespace(t *testing.T) {
	set := &release.Set{Releases: []*release.Release{
		rel(layout.CoreProvider, "cluster-api", "v1.2.0", small("capi-system")),
		rel(layout.BootstrapProvider, "none", "v1.2.0", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: x\n"),
	}}
	_, err := fromSet(set, "")
	wantErr(t, err, "bootstrap-none v1.2.0", "creates 0 Namespaces", "--namespace")
	if !errors.Is(err, publish.ErrInvalid) {
		t.Errorf("error is not an input error: %v", err)
	}
	cms, err := fromSet(&release.Set{Releases: set.Releases[:1]}, "")
	if err != nil || cms[0].Metadata.Namespace != "capi-system" {
		t.Fatalf("namespace from the components: %v %v", cms, err)
	}
	if cms, err = fromSet(set, "elsewhere"); err != nil || cms[1].Metadata.Namespace != "elsewhere" {
		t.Fatalf("--namespace: %v", err)
	}
}
