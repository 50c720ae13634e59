package local

import (
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/publish"
)

// commit puts the staged folders in place and remembers how to undo that.
type commit struct {
	fs   *fsx.FS
	done []*fsx.Swapped // in order; replaced versions are removed once all are in place
}

// run commits every version, then clusterctl.yaml. A new version is renamed into
// place; a replaced one is swapped with an atomic exchange, so it is never missing,
// or, where the system cannot exchange, set aside first (a run that dies before the
// second rename leaves it for the next run's recoverLeftovers to restore). On
// failure it undoes what it did.
func (c *commit) run(st *staging, root string, vs []publish.VersionSteps) error {
	for _, v := range vs {
		s := st.dirs[versionDir(root, v)]
		fsx.SyncDir(s.Dir)
		sw, err := c.fs.Swap(s.Dir, s.Target)
		if err != nil {
			c.rollback()
			return err
		}
		c.done = append(c.done, sw)
	}
	if st.config == "" {
		return nil
	}
	if err := c.fs.Rename(st.config, filepath.Join(root, clusterctlcfg.File)); err != nil {
		c.rollback()
		return err
	}
	return nil
}

func (c *commit) rollback() {
	for i := len(c.done) - 1; i >= 0; i-- {
		c.done[i].Undo()
	}
}

// cleanup removes the replaced versions; a leftover is removed by the next run.
func (c *commit) cleanup() {
	for _, sw := range c.done {
		if sw.Old != "" {
			c.fs.Remove(sw.Old)
			fsx.SyncDir(filepath.Dir(sw.Old))
		}
	}
}
