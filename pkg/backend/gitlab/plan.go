package gitlab

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/release"
)

// step is what to do with one file of a version.
type step struct {
	file   release.File
	action string       // release.Written, Replaced, Skipped or Refused
	old    []remoteFile // copies to delete: replaced ones, or stale older duplicates
	detail string
}

// uploadOrder sorts files by name with metadata.yaml last: a version only becomes
// complete for clusterctl once its metadata exists.
func uploadOrder(files []release.File) []release.File {
	out := append([]release.File(nil), files...)
	sort.SliceStable(out, func(i, j int) bool {
		mi, mj := out[i].Name == "metadata.yaml", out[j].Name == "metadata.yaml"
		if mi != mj {
			return mj
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// planVersion decides every file of a version against what GitLab holds. When a file
// is refused nothing of the version is uploaded, so a version never mixes old and new
// content.
func planVersion(files []release.File, remote remoteVersion, replace bool) []step {
	steps := make([]step, 0, len(files))
	var conflicts []string
	for _, f := range files {
		st := planFile(f, remote[f.Name], replace)
		if st.action == release.Refused {
			conflicts = append(conflicts, f.Name)
		}
		steps = append(steps, st)
	}
	if len(conflicts) == 0 {
		return steps
	}
	for i, st := range steps {
		if st.action == release.Written || st.action == release.Replaced {
			steps[i] = step{file: st.file, action: release.Refused,
				detail: "not uploaded: other files of this version conflict (" + strings.Join(conflicts, ", ") + ")"}
		}
	}
	return steps
}

func planFile(f release.File, copies []remoteFile, replace bool) step {
	sum := f.SHA256()
	if len(copies) == 0 {
		return step{file: f, action: release.Written}
	}
	newest := copies[len(copies)-1]
	if newest.SHA256 == sum {
		return planIdentical(f, copies[:len(copies)-1], sum, replace)
	}
	if replace {
		return step{file: f, action: release.Replaced, old: copies,
			detail: fmt.Sprintf("was sha256 %s", short(newest.SHA256))}
	}
	return step{file: f, action: release.Refused, detail: fmt.Sprintf(
		"differs from the published file (sha256 %s, ours %s): GitLab would keep both and serve the newest, "+
			"so publishing again would silently change a version users may already have downloaded; "+
			"publish a new version, or pass --replace", short(newest.SHA256), short(sum))}
}

// planIdentical handles a file whose served copy already matches; older copies that
// differ are stale duplicates, removed only with --replace.
func planIdentical(f release.File, older []remoteFile, sum string, replace bool) step {
	var stale []remoteFile
	for _, c := range older {
		if c.SHA256 != sum {
			stale = append(stale, c)
		}
	}
	st := step{file: f, action: release.Skipped, detail: "identical"}
	switch {
	case len(stale) > 0 && replace:
		st.old, st.detail = stale, fmt.Sprintf("identical; deleting %d older different copies", len(stale))
	case len(stale) > 0:
		st.detail = fmt.Sprintf("identical; GitLab also keeps %d older different copies (--replace deletes them)", len(stale))
	}
	return st
}

func short(sum string) string {
	if len(sum) > 12 {
		return sum[:12]
	}
	return sum
}
