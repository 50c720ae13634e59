package cli

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/pipeline"
)

// kustomize prints deprecation warnings straight to os.Stderr ("# Warning: 'bases'
// is deprecated…"), once per render and without the file; build reports them as
// kustomize-deprecated findings naming the kustomization instead. While any build
// runs, os.Stderr is a pipe that forwards every other line to the real stderr.
var stderrFilter struct {
	sync.Mutex
	users int
	orig  *os.File
	w     *os.File
	done  chan struct{}
}

// withoutKustomizeWarnings runs f with kustomize's deprecation lines filtered out.
func withoutKustomizeWarnings(f func()) {
	if !startFilter() {
		f()
		return
	}
	defer stopFilter()
	f()
}

func startFilter() bool {
	s := &stderrFilter
	s.Lock()
	defer s.Unlock()
	if s.users > 0 {
		s.users++
		return true
	}
	r, w, err := os.Pipe()
	if err != nil {
		return false
	}
	s.users, s.orig, s.w, s.done = 1, os.Stderr, w, make(chan struct{})
	go forward(r, s.orig, s.done)
	os.Stderr = w
	return true
}

func stopFilter() {
	s := &stderrFilter
	s.Lock()
	defer s.Unlock()
	if s.users--; s.users > 0 {
		return
	}
	os.Stderr = s.orig
	s.w.Close()
	<-s.done
}

func forward(r *os.File, to *os.File, done chan struct{}) {
	defer close(done)
	defer r.Close()
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n') // any length: a long line is forwarded whole
		if line != "" && !strings.HasPrefix(line, "# Warning: '") {
			fmt.Fprint(to, line)
		}
		if err != nil {
			return
		}
	}
}

// buildQuietly is pipeline.Build with kustomize's raw deprecation lines filtered out
// (they are kustomize-deprecated findings).
func buildQuietly(ctx context.Context, cfg *config.Config, opts pipeline.Options) (res *pipeline.Result, err error) {
	withoutKustomizeWarnings(func() { res, err = pipeline.Build(ctx, cfg, opts) })
	return res, err
}
