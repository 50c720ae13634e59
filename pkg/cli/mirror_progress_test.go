package cli

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/mirror"
)

// tty is streams whose stderr (buf) counts as a terminal.
func tty(buf *bytes.Buffer) streams {
	return streams{out: buf, err: buf, terminal: func(io.Writer) bool { return true }}
}

// TestMirrorProgressBar: on a terminal mirror draws one status bar (progressbar: the
// file count, bytes and rate, the file), removed at the end; -o json draws none.
func TestMirrorProgressBar(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := (&mirrorOptions{}).progress(tty(&buf))
	p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "metadata.yaml", Bytes: 2048})
	drawn := buf.String()
	p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "cluster-template.yaml", Reused: true})
	p.end()
	if !strings.Contains(drawn, "\r") || !strings.Contains(drawn, "1 files: downloaded infrastructure-aws v2.0.0 metadata.yaml") || !strings.Contains(drawn, "2.0 kB") || !strings.Contains(drawn, "/s") {
		t.Errorf("bar after the first file = %q; want the count, the file, the bytes and a rate", drawn)
	}
	if rest := buf.String()[strings.LastIndex(buf.String(), "\r"):]; strings.TrimSpace(rest) != "" || strings.Contains(buf.String(), "\n") {
		t.Errorf("the bar is not removed at the end, or wrote lines: %q", buf.String())
	}
	buf.Reset()
	p = (&mirrorOptions{format: "json"}).progress(tty(&buf))
	p.event(mirror.Event{Release: "infrastructure-aws v2.0.0", File: "metadata.yaml"})
	p.end()
	if strings.ContainsAny(buf.String(), "\r\033") {
		t.Errorf("-o json on a terminal drew a bar: %q", buf.String())
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

// TestDevNullIsNoTerminal: a character device that is no terminal (/dev/null, where
// CI jobs and cron send output) gets no status line.
func TestDevNullIsNoTerminal(t *testing.T) {
	t.Parallel()
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if processEnv(f, f).IsTerminal(f) {
		t.Error("/dev/null is taken for a terminal")
	}
}
