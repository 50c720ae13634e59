package local

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/release"
)

// move is one rename of the commit; undoing it renames back.
type move struct{ from, to string }

// apply stages everything, then renames it into place. A failure before the renames
// leaves root as it was; a failed rename undoes the earlier ones.
func (p *Publisher) apply(ctx context.Context, root string, set *release.Set, steps []step, rep *release.Report) error {
	st, err := stageAll(ctx, steps, p.opts.Writer)
	if err != nil {
		return err
	}
	changed, err := st.stageConfig(root, set, p.opts.Writer)
	if err != nil {
		st.discard()
		return err
	}
	moves, olds := st.moves(steps, root)
	if err := commit(moves); err != nil {
		st.discard()
		return err
	}
	for _, old := range olds {
		os.RemoveAll(old) // the replaced version; a leftover is cleaned on the next run
	}
	for dir := range st.dirs {
		syncDir(filepath.Dir(dir))
	}
	syncDir(root)
	report(steps, changed, rep, false)
	notes(root, set, rep)
	return nil
}

// stageConfig writes the updated clusterctl.yaml next to the current one.
func (st *staging) stageConfig(root string, set *release.Set, w FileWriter) (bool, error) {
	path := filepath.Join(root, ConfigFile)
	old, err := readConfig(path)
	if err != nil {
		return false, err
	}
	data, changed, err := mergeConfig(path, old, entries(root, set))
	if err != nil || !changed {
		return false, err
	}
	tmp := tempName(path, tmpMark)
	if err := w.WriteFile(tmp, data); err != nil {
		os.Remove(tmp)
		return false, fmt.Errorf("writing %s: %w", tmp, err)
	}
	st.config = tmp
	return true, nil
}

// moves lists the renames in order: for a replaced version, the old folder aside
// first, then the staged one in; clusterctl.yaml last. olds are the folders set aside.
func (st *staging) moves(steps []step, root string) (moves []move, olds []string) {
	for _, s := range steps {
		tmp, ok := st.dirs[s.dir]
		if !ok {
			continue
		}
		if s.op == opReplace {
			old := tempName(s.dir, oldMark)
			moves = append(moves, move{s.dir, old})
			olds = append(olds, old)
		}
		moves = append(moves, move{tmp, s.dir})
	}
	if st.config != "" {
		moves = append(moves, move{st.config, filepath.Join(root, ConfigFile)})
	}
	return moves, olds
}

// commit renames in order; on failure it undoes the done renames in reverse.
func commit(moves []move) error {
	for i, m := range moves {
		if err := os.Rename(m.from, m.to); err != nil {
			for j := i - 1; j >= 0; j-- {
				os.Rename(moves[j].to, moves[j].from)
			}
			return fmt.Errorf("renaming %s to %s: %w", m.from, m.to, err)
		}
	}
	return nil
}

// report records one action per release file, and one for clusterctl.yaml.
func report(steps []step, configChanged bool, rep *release.Report, dry bool) {
	for _, s := range steps {
		action := s.op
		if dry && (s.op == opWrite || s.op == opReplace) {
			action = release.Planned
		}
		if s.op == opRefuse {
			continue
		}
		for _, f := range s.rel.Files {
			rep.Add(s.rel.String(), f.Name, action, detail(s, f.Name))
		}
	}
	action := release.Skipped
	switch {
	case configChanged && dry:
		action = release.Planned
	case configChanged:
		action = release.Written
	}
	rep.Add("", ConfigFile, action, "")
}

// detail says, for a replaced version, how each file compares with the old one.
func detail(s step, name string) string {
	if s.op != opReplace {
		return ""
	}
	for _, c := range s.diff.Changed {
		if c == name {
			return "content differed"
		}
	}
	for _, c := range s.diff.Added {
		if c == name {
			return "new in this version"
		}
	}
	return "same content"
}

// notes tells the user how to point clusterctl at the repository.
func notes(root string, set *release.Set, rep *release.Report) {
	rep.Notes = append(rep.Notes, fmt.Sprintf("clusterctl: use --config %s, or copy its providers: entries:", filepath.Join(root, ConfigFile)))
	for _, p := range entries(root, set) {
		rep.Notes = append(rep.Notes, fmt.Sprintf("  - name: %s\n    type: %s\n    url: %s", p.Name, p.Type, p.URL))
	}
}
