package install

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// session is one control plane with clusterctl pointed at it.
type session struct {
	cp  *ControlPlane
	api *Client
	ctl clusterctl
}

// Install runs a plan in this process (the child Run starts, inside its network
// namespace): control plane, clusterctl init, webhooks stripped, every flavor
// dry-run, then each upgrade on a control plane of its own. log gets progress lines.
func Install(ctx context.Context, p Plan, log io.Writer) (r Result) {
	s, err := r.open(ctx, p, "main", log)
	if err != nil {
		return r.fail(err)
	}
	defer s.cp.Stop()
	if len(p.Apply) > 0 {
		if err := r.timed("apply", log, func() error { return s.apply(ctx, p.Apply, &r) }); err != nil {
			return r.fail(err)
		}
	}
	if len(p.Init) == 0 {
		return r
	}
	if err := r.timed("init", log, func() error { return r.init(ctx, s, p.Init) }); err != nil {
		return r
	}
	if err := r.timed("strip webhooks", log, func() error { return s.strip(ctx, &r) }); err != nil {
		return r.fail(err)
	}
	_ = r.timed("dry-runs", log, func() error { return s.dryRuns(ctx, p, &r) })
	s.cp.Stop()
	for i, u := range p.Upgrades {
		if err := r.upgrade(ctx, p, i, u, log); err != nil {
			return r.fail(err)
		}
	}
	return r
}

// open starts a control plane in a folder of the run and readies it for clusterctl.
func (r *Result) open(ctx context.Context, p Plan, name string, log io.Writer) (*session, error) {
	dir := filepath.Join(p.Dir, name)
	if err := os.MkdirAll(filepath.Join(dir, "home"), 0o700); err != nil {
		return nil, err
	}
	s := &session{}
	err := r.timed("start "+name, log, func() error {
		cp, err := Start(ctx, p.Etcd, p.APIServer, dir)
		s.cp = cp
		return err
	})
	if err != nil {
		return nil, err
	}
	s.api = s.cp.Client()
	kc, err := s.cp.WriteKubeconfig()
	if err == nil && p.CertManagerCRDs != "" {
		err = r.timed("cert-manager CRDs", log, func() error { return s.api.InstallCertManagerCRDs(ctx, p.CertManagerCRDs) })
	}
	if err != nil {
		s.cp.Stop()
		return nil, err
	}
	s.ctl = clusterctl{bin: p.Clusterctl, kubeconfig: kc, config: p.Config, home: filepath.Join(dir, "home"), values: p.Values}
	return s, nil
}

// init runs clusterctl init; its failure is a refusal.
func (r *Result) init(ctx context.Context, s *session, flags []string) error {
	_, err := s.ctl.run(ctx, append([]string{"init"}, flags...)...)
	if err != nil && ctx.Err() == nil {
		r.Refusals = append(r.Refusals, Refusal{Step: "init", Message: err.Error()})
	}
	return err
}

func (s *session) strip(ctx context.Context, r *Result) error {
	w, c, err := s.api.Strip(ctx)
	r.Notes = append(r.Notes, fmt.Sprintf("removed %d admission webhook configuration(s); conversion None on %d CRD(s)", w, c))
	return err
}

// timed runs one step and records its time.
func (r *Result) timed(name string, log io.Writer, f func() error) error {
	start := time.Now()
	err := f()
	d := time.Since(start)
	r.Steps = append(r.Steps, Step{Name: name, Seconds: d.Seconds()})
	fmt.Fprintf(log, "install: %s: %.1fs\n", name, d.Seconds())
	return err
}

func (r Result) fail(err error) Result {
	r.Error = err.Error()
	if errors.Is(err, ErrStart) {
		r.Class = "start"
	}
	return r
}
