package local

import (
	"context"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Apply stages every version that changes and the updated clusterctl.yaml, then
// commits: a new version is renamed into place, a replaced one exchanged with its
// staged successor (or set aside and restored by the next run where the system
// cannot exchange), clusterctl.yaml last. A failure before the commit leaves root as
// it was; a failed rename undoes the earlier ones.
func (p *Publisher) Apply(ctx context.Context, plan *publish.Plan) error {
	root, err := p.abs()
	if err != nil {
		return err
	}
	f := p.fs()
	st := &staging{fs: f, dirs: map[string]*fsx.Stage{}}
	var vs []publish.VersionSteps
	for _, v := range plan.ByVersion() {
		if v.Writes() {
			vs = append(vs, v)
		}
	}
	if err := st.stageAll(ctx, root, vs); err != nil {
		return err
	}
	if err := st.stageConfig(root, plan.Set, p); err != nil {
		st.discard()
		return err
	}
	c := &commit{fs: f}
	if err := c.run(st, root, vs); err != nil {
		st.discard()
		return err
	}
	for _, v := range vs {
		plan.DoneVersion(v)
	}
	c.cleanup()
	fsx.SyncDir(root)
	return nil
}

// stageConfig writes the updated clusterctl.yaml next to the current one.
func (st *staging) stageConfig(root string, set *release.Set, p *Publisher) error {
	if p.opts.KeepConfig {
		return nil
	}
	data, changed, err := p.config(root, set)
	if err != nil || !changed {
		return err
	}
	tmp := st.fs.TempName(filepath.Join(root, clusterctlcfg.File))
	if err := st.fs.CreateFile(tmp, data); err != nil {
		os.Remove(tmp)
		return err
	}
	st.config = tmp
	return nil
}

// versionDir is where a version is published.
func versionDir(root string, v publish.VersionSteps) string {
	return layout.LocalDir(root, v.Release.Label(), v.Release.Version.String())
}
