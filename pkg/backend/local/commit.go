package local

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/publish"
)

// commit renames the staged folders into place and remembers how to undo that.
type commit struct {
	step       func(string)
	noExchange bool
	undo       []func()
	olds       []string // replaced versions, removed once everything is in place
}

// run commits every version, then clusterctl.yaml. On failure it undoes what it did.
func (c *commit) run(st *staging, root string, vs []publish.VersionSteps) error {
	for _, v := range vs {
		dir := versionDir(root, v)
		tmp := st.dirs[dir]
		var err error
		if v.Held == nil {
			err = c.rename(tmp, dir)
		} else {
			err = c.swap(tmp, dir)
		}
		if err != nil {
			c.rollback()
			return err
		}
	}
	if st.config == "" {
		return nil
	}
	if err := c.rename(st.config, filepath.Join(root, ConfigFile)); err != nil {
		c.rollback()
		return err
	}
	return nil
}

func (c *commit) rename(from, to string) error {
	c.step("rename " + from + " to " + to)
	if err := os.Rename(from, to); err != nil {
		return fmt.Errorf("renaming %s to %s: %w", from, to, err)
	}
	c.undo = append(c.undo, func() { os.Rename(to, from) })
	return nil
}

// swap puts the staged folder in place of the published one. With an atomic
// exchange the version is never missing; otherwise the old folder is set aside
// first, and a run that dies before the second rename leaves it for the next run's
// recoverLeftovers to restore.
func (c *commit) swap(tmp, dir string) error {
	err := errNoExchange
	if !c.noExchange {
		c.step("exchange " + tmp + " with " + dir)
		err = exchange(tmp, dir)
	}
	if err == nil {
		c.undo = append(c.undo, func() { exchange(tmp, dir) })
		c.olds = append(c.olds, tmp)
		return nil
	}
	if err != errNoExchange {
		return fmt.Errorf("exchanging %s with %s: %w", tmp, dir, err)
	}
	old := stageName(dir, oldMark)
	if err := c.rename(dir, old); err != nil {
		return err
	}
	c.olds = append(c.olds, old)
	return c.rename(tmp, dir)
}

func (c *commit) rollback() {
	for i := len(c.undo) - 1; i >= 0; i-- {
		c.undo[i]()
	}
}

// cleanup removes the replaced versions; a leftover is removed by the next run.
func (c *commit) cleanup() {
	for _, old := range c.olds {
		c.step("remove " + old)
		os.RemoveAll(old)
		syncDir(filepath.Dir(old))
	}
}
