package cli

import (
	"bytes"
	"testing"

	"github.com/capirepo/capirepo/pkg/mirror"
)

func TestMirrorProgressLine(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := &mirrorProgress{io: streams{out: &buf, err: &buf}, on: true}
	p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "metadata.yaml"})
	p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "cluster-template.yaml", Reused: true})
	p.end()
	want := "\r\033[K[1] downloaded infrastructure-aws v2.0.0 metadata.yaml\r\033[K[2] reused infrastructure-aws v2.0.0 cluster-template.yaml\r\033[K"
	if buf.String() != want {
		t.Errorf("progress = %q, want %q", buf.String(), want)
	}
}
