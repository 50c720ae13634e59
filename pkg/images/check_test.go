package images

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func TestGate(t *testing.T) {
	reg := registry.New(t)
	reg.PushImage(t, "x/multi:v1", multiArch)
	reg.PushImage(t, "x/single:v1", registry.Image{Layers: 1, LayerSize: 64, Platforms: []string{"linux/amd64"}})
	h := reg.Host
	res := Check(context.Background(), []string{h + "/x/multi:v1", h + "/x/single:v1", h + "/x/multi:v2", "Bad Ref"},
		CheckOptions{Remote: plain, Platforms: []string{"linux/amd64", "linux/arm64"}})
	want := []string{"", "platform linux/arm64 missing (has linux/amd64)", "not found", "not a valid reference"}
	for i, r := range res {
		if (want[i] == "") != (r.Problem == "") || !strings.Contains(r.Problem, want[i]) {
			t.Errorf("%s: problem %q, want %q", r.Image, r.Problem, want[i])
		}
	}
	if len(Failed(res)) != 3 {
		t.Errorf("failed = %d, want 3", len(Failed(res)))
	}
}

func TestGateRegistryAnswers(t *testing.T) {
	for _, st := range []int{http.StatusUnauthorized, http.StatusInternalServerError, http.StatusTooManyRequests} {
		reg := registry.New(t)
		reg.PushImage(t, "x/a:v1", registry.Image{Layers: 1, LayerSize: 8, Platforms: []string{"linux/amd64"}})
		reg.AddFault(&registry.Fault{Status: st})
		res := Check(context.Background(), []string{reg.Host + "/x/a:v1"}, CheckOptions{Remote: plain})
		if !strings.Contains(res[0].Problem, http.StatusText(st)) && !strings.Contains(res[0].Problem, "code "+strconv.Itoa(st)) {
			t.Errorf("status %d: problem %q does not carry the registry's answer", st, res[0].Problem)
		}
		t.Logf("%d: %s", st, res[0].Problem)
	}
}
