package cli

import (
	"bytes"
	"testing"

	"github.com/capirepo/capirepo/pkg/mirror"
)

func TestMirrorProgressLine(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := &mirrorProgress{io: streams{out: &buf, err: &buf}, on: true, tty: true}
	p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "metadata.yaml"})
	p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "cluster-template.yaml", Reused: true})
	p.end()
	want := "\r\033[K[1] downloaded infrastructure-aws v2.0.0 metadata.yaml\r\033[K[2] reused infrastructure-aws v2.0.0 cluster-template.yaml\r\033[K"
	if buf.String() != want {
		t.Errorf("progress = %q, want %q", buf.String(), want)
	}
}

// TestMirrorProgressLinesWithoutTerminal: on a non-terminal (a CI log) each file is
// one line, written as it is done; --quiet writes nothing.
func TestMirrorProgressLinesWithoutTerminal(t *testing.T) {
	t.Parallel()
	for _, quiet := range []bool{false, true} {
		var buf bytes.Buffer
		p := (&mirrorOptions{quiet: quiet}).progress(streams{out: &buf, err: &buf})
		p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "metadata.yaml"})
		first := buf.String()
		p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "cluster-template.yaml", Reused: true})
		p.end()
		want, wantFirst := "[1] downloaded infrastructure-aws v2.0.0 metadata.yaml\n[2] reused infrastructure-aws v2.0.0 cluster-template.yaml\n", "[1] downloaded infrastructure-aws v2.0.0 metadata.yaml\n"
		if quiet {
			want, wantFirst = "", ""
		}
		if buf.String() != want || first != wantFirst {
			t.Errorf("quiet %v: progress %q (after the first file %q), want %q", quiet, buf.String(), first, want)
		}
	}
}
