package images

import (
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/httpx"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

var fastRetry = httpx.Policy{MaxAttempts: 3, Base: time.Millisecond, MaxWait: 5 * time.Millisecond}

var plain = regclient.Remote{PlainHTTP: true, Retry: fastRetry}

var multiArch = registry.Image{Layers: 3, LayerSize: 2048, Platforms: []string{"linux/amd64", "linux/arm64/v8", "linux/s390x"}}

func target(t testing.TB, s string) regclient.Target {
	t.Helper()
	tg, err := regclient.ParseTarget(s)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}
